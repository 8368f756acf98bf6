package safefile

import (
	"errors"
	"os"
	"testing"

	"golang.org/x/sys/windows"
)

// The failures of a rename that pass when a reader closes the file are
// told from the others.
func TestIsBusy(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		err  error
		busy bool
	}{
		{&os.LinkError{Op: "rename", Err: windows.ERROR_SHARING_VIOLATION}, true},
		{&os.LinkError{Op: "rename", Err: windows.ERROR_ACCESS_DENIED}, true},
		{&os.LinkError{Op: "rename", Err: windows.ERROR_PATH_NOT_FOUND}, false},
		{&os.LinkError{Op: "rename", Err: windows.ERROR_DISK_FULL}, false},
		{errors.New("other"), false},
	} {
		if got := isBusy(tt.err); got != tt.busy {
			t.Errorf("isBusy(%v) = %v, want %v", tt.err, got, tt.busy)
		}
	}
}
