package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// exchange swaps two files in one step where the system can (Linux and
// macOS), so that a save never deletes an edit it did not read; elsewhere
// it says it cannot, and the save compares just before its rename.
func TestExchange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for path, text := range map[string]string{a: "A", b: "B"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := exchange(a, b)
	switch runtime.GOOS {
	case "linux", "darwin":
		if errors.Is(err, errNoExchange) {
			t.Skipf("this file system cannot swap two files: %v", err)
		}
	default:
		if !errors.Is(err, errNoExchange) {
			t.Fatalf("exchange on %s: %v, want errNoExchange", runtime.GOOS, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, a) + readFile(t, b); got != "BA" {
		t.Errorf("after exchange, a and b hold %q, want \"BA\"", got)
	}
}

// retryRename tries a rename again while it fails as a busy file does (on
// Windows, the sheet held open by a reader), and no longer than patience.
func TestRetryRename(t *testing.T) {
	t.Parallel()
	errBusy, errOther := errors.New("busy"), errors.New("other")
	busy := func(err error) bool { return errors.Is(err, errBusy) }
	tests := []struct {
		name     string
		fails    []error // what the renames return, in turn, before they succeed
		patience time.Duration
		want     error
		calls    int
	}{
		{"at once", nil, time.Second, nil, 1},
		{"busy twice", []error{errBusy, errBusy}, time.Second, nil, 3},
		{"another error", []error{errOther, errBusy}, time.Second, errOther, 1},
		{"busy past patience", []error{errBusy, errBusy, errBusy, errBusy, errBusy, errBusy, errBusy, errBusy, errBusy, errBusy, errBusy, errBusy}, 5 * time.Millisecond, errBusy, 0},
	}
	for _, tt := range tests {
		calls := 0
		rename := func(a, b string) error {
			calls++
			if calls <= len(tt.fails) {
				return tt.fails[calls-1]
			}
			return nil
		}
		err := retryRename(rename, busy, tt.patience, "a", "b")
		if err != tt.want || tt.calls > 0 && calls != tt.calls {
			t.Errorf("%s: %v after %d renames, want %v after %d", tt.name, err, calls, tt.want, tt.calls)
		}
	}
}

// A reader holding the sheet open (gin sheet show, an editor) does not make
// a save fail: on Windows, where the file cannot be replaced while it is
// open, the save waits for it to be closed.
func TestSaveWhileTheSheetIsOpen(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	writeNew(t, path)
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() {
		time.Sleep(200 * time.Millisecond)
		_ = r.Close()
		close(closed)
	}()
	defer func() { <-closed }()
	if _, err := Add(path, drawn()); err != nil {
		t.Fatalf("Add while a reader holds the sheet: %v", err)
	}
	if s, err := Read(path); err != nil || len(s.Hands) != 1 {
		t.Errorf("the sheet after the add: %d hands, %v; want 1", len(s.Hands), err)
	}
}
