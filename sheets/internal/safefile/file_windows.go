package safefile

import (
	"errors"
	"os"
	"time"

	"github.com/gofrs/flock"
	"golang.org/x/sys/windows"
)

// groupOf is -1: a file on Windows has no Unix group to keep.
func groupOf(os.FileInfo) int { return -1 }

// renameOver renames a to b, replacing b (MoveFileEx). Windows refuses to
// replace a file another program holds open without sharing its deletion,
// as Go opens files to read them: a gin sheet show, an editor reading the
// sheet. Such a refusal passes when the reader closes the file, so the
// rename is tried again for up to two seconds.
func renameOver(a, b string) error {
	return retryRename(os.Rename, isBusy, 2*time.Second, a, b)
}

// isBusy reports whether a rename failed because the file replaced is open.
func isBusy(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}

// releaseLock releases the lock, closing the lock file, then removes it:
// Windows removes no file that is open. A command that has it open to
// wait for the lock keeps it from being removed, and locks it next.
func releaseLock(lock *flock.Flock, path string) error {
	err := lock.Unlock()
	_ = os.Remove(path) // best effort: a lock file left behind blocks nobody
	return err
}
