//go:build !unix && !windows

package safefile

import (
	"os"

	"github.com/gofrs/flock"
)

// groupOf is -1: the system does not say which group owns a file.
func groupOf(os.FileInfo) int { return -1 }

// renameOver renames a to b, replacing b.
func renameOver(a, b string) error { return os.Rename(a, b) }

// releaseLock removes the lock file, then releases the lock.
func releaseLock(lock *flock.Flock, path string) error {
	_ = os.Remove(path) // best effort: a lock file left behind blocks nobody
	return lock.Unlock()
}
