//go:build unix

package handfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gin-rummy/gin/sheets/internal/safefile"
)

// A record path that is a loop of links (a names b, b names a) is said to
// be a loop, ELOOP, by a move and by a new hand, not a file that is not
// there; nothing is made in its place.
func TestHandRecordLinkLoop(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if err := os.Symlink("b.txt", a); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.txt", b); err != nil {
		t.Fatal(err)
	}
	_, cerr := Create(a, []byte(inPlay), true, neverEnded)
	for i, err := range []error{Change(a, noChange), cerr} {
		if !errors.Is(err, syscall.ELOOP) || !strings.Contains(err.Error(), "loop of links") || strings.Contains(err.Error(), "not there") {
			t.Errorf("call %d: %v, want it said to be a loop of links (ELOOP)", i, err)
		}
	}
	for _, p := range []string{a, b} {
		if info, err := os.Lstat(p); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v", filepath.Base(p), err)
		}
	}
}

// A lock error names the record's path as given (--hand, $GIN_HAND) with
// its control characters escaped, where they would move the terminal's
// cursor: a folder that is not there, and a lock held too long.
func TestHandRecordLockErrorEscapesThePath(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no\x01folder", "hand\x1b[2J.txt")
	held := filepath.Join(dir, "hand\x1b[2J.txt")
	if err := os.WriteFile(held, []byte(inPlay), 0o644); err != nil {
		t.Fatal(err)
	}
	lock, err := safefile.Acquire(held, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = lock.Release() }()
	rs := theRecords()
	rs.wait = 50 * time.Millisecond
	for _, path := range []string{missing, held} {
		err := rs.change(path, true, noChangeRead, openAppend)
		if err == nil {
			t.Fatalf("%q: no lock error", path)
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\x01\x1b") || !strings.Contains(msg, `hand\x1b[2J.txt`) {
			t.Errorf("%q: the error prints the path raw, or not at all: %q", path, msg)
		}
		if strings.Contains(msg, "sheet") {
			t.Errorf("%q: a hand record's lock error speaks of a sheet: %q", path, msg)
		}
	}
}
