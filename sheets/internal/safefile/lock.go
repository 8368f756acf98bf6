// Package safefile is how the files a person keeps are changed safely: an
// exclusive lock on a sidecar file held for a whole read-change-write, a
// replacement written beside the file and put in its place in one step
// (only over the file as it was read), a new file that never replaces one,
// the first free name beside a file, and the sweep of the temporary files
// a writer killed part-way left. The score sheets (sheets) and the hand
// records (sheets/handfile) are both kept so; the words for a person are
// theirs.
package safefile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/gin-rummy/gin/sheets/yamlfile"
	"github.com/gofrs/flock"
)

// LockWait is how long a command waits, by default, for another to finish
// with a file.
const LockWait = 10 * time.Second

// ErrLocked is the reason a file could not be locked in time.
var ErrLocked = errors.New("another gin command is still writing this file")

// Lock is the exclusive lock on a file, held until Release.
type Lock struct {
	Path string // the file's path as given
	Real string // the file locked and written: symbolic links resolved

	lock *flock.Flock
	file string // the lock file beside Real
}

// Acquire locks the file at path (through a link, the file it names),
// waiting at most wait for a command that holds it: an error wrapping
// ErrLocked says who holds it. A link whose target is not there is
// refused, as DanglingLink says.
func Acquire(path string, wait time.Duration) (*Lock, error) {
	real := path
	if target, err := filepath.EvalSymlinks(path); err == nil {
		real = target
	} else if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&os.ModeSymlink != 0 {
		return nil, DanglingLink(path)
	}
	lockPath := real + ".lock"
	deadline := time.Now().Add(wait)
	for {
		lock := flock.New(lockPath)
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		ok, err := lock.TryLockContext(ctx, 20*time.Millisecond)
		cancel()
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			if perr, ok := errors.AsType[*fs.PathError](err); ok {
				err = perr.Err // the lock file is named here, printable
			}
			return nil, fmt.Errorf("%s: lock %s: %w", yamlfile.Printable(path), yamlfile.Printable(lockPath), err)
		}
		if !ok {
			return nil, fmt.Errorf("%s: %w%s (waited %v); if that command is gone, run this one again", yamlfile.Printable(path), ErrLocked, lockHolder(lockPath), wait)
		}
		// A holder removes the lock file as it finishes, so the file locked
		// may be one that is no longer there: lock the one that is.
		held, err1 := lock.Stat()
		now, err2 := os.Stat(lockPath)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			// Say who holds it, for a command that waits and gives up. A
			// lock is released with its file closed, not by another handle.
			_ = os.WriteFile(lockPath, []byte(holderNote()), 0o644)
			return &Lock{Path: path, Real: real, lock: lock, file: lockPath}, nil
		}
		_ = lock.Unlock()
	}
}

// Release releases the lock and removes the lock file, so that none is
// left beside the file (releaseLock: in the order the system needs).
func (l *Lock) Release() error { return releaseLock(l.lock, l.file) }

// DanglingLink is the refusal of a link whose target is not there: a save
// would otherwise make a new file in the link's place. A link that leads
// back to itself is said to be a loop (ELOOP), not missing.
func DanglingLink(path string) error {
	if _, err := os.Stat(path); errors.Is(err, syscall.ELOOP) {
		return fmt.Errorf("%s is a loop of links, each leading to another and none to a file (%w); fix or remove the link", yamlfile.Printable(path), syscall.ELOOP)
	}
	target, _ := os.Readlink(path)
	return fmt.Errorf("%s is a link to %q, which is not there; fix or remove the link", yamlfile.Printable(path), target)
}

// holderNote says which command holds a lock, and since when.
func holderNote() string {
	cmd := filepath.Base(os.Args[0])
	for _, a := range os.Args[1:min(len(os.Args), 3)] {
		cmd += " " + a
	}
	return fmt.Sprintf("pid %d (%s) since %s\n", os.Getpid(), yamlfile.EscapeControls(cmd), time.Now().Format(time.TimeOnly))
}

// lockHolder reads the note of the command that holds the lock, for the
// message of one that gave up waiting.
func lockHolder(lockPath string) string {
	f, err := os.Open(lockPath)
	if err != nil {
		return ""
	}
	defer func() { _ = f.Close() }()
	note := make([]byte, 200)
	n, _ := io.ReadFull(f, note)
	text := strings.TrimSpace(string(note[:n]))
	if text == "" {
		return ""
	}
	return ": held by " + yamlfile.EscapeControls(text)
}

// Sweep removes the temporary files that a writer killed in the middle of
// a replacement of the locked file left behind. Holding the lock, no other
// writer can own one. They are named as tempName names them (isTempOf),
// and only this file's are removed. The names are compared as bytes, not
// as a pattern: a file's name may hold what a glob or a regular expression
// would read as syntax ([, *) or bytes that are not UTF-8 (which a regular
// expression refuses).
func (l *Lock) Sweep() {
	dir, base := filepath.Split(l.Real)
	if dir == "" {
		dir = "."
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if isTempOf(e.Name(), base) {
			_ = os.Remove(filepath.Join(dir, e.Name())) // best effort: a leftover is swept next time
		}
	}
}
