package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Create writes a new file whole, and refuses one already there,
// leaving it as it was and no temporary file behind.
func TestCreateFileNeverReplaces(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "game-1-hand-01.txt")
	if err := Create(path, []byte("first\n")); err != nil {
		t.Fatal(err)
	}
	if err := Create(path, []byte("second\n")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("a second write: %v, want an error wrapping fs.ErrExist", err)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != "first\n" {
		t.Errorf("the file holds %q (%v), want the first write's", got, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the folder holds %v (%v), want the one file", entries, err)
	}
}
