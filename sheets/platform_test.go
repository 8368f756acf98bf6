package sheets

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

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
