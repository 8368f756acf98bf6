//go:build unix

package safefile

import (
	"os"
	"syscall"

	"github.com/gofrs/flock"
)

// groupOf is the group that owns a file, which the file that replaces it
// keeps; -1 when the system does not say.
func groupOf(info os.FileInfo) int {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int(st.Gid)
	}
	return -1
}

// renameOver renames a to b, replacing b in one step.
func renameOver(a, b string) error { return os.Rename(a, b) }

// releaseLock removes the lock file, then releases the lock: a command that
// was waiting on the removed file sees it is gone and locks a new one.
func releaseLock(lock *flock.Flock, path string) error {
	_ = os.Remove(path) // best effort: a lock file left behind blocks nobody
	return lock.Unlock()
}
