package testtmp

import "golang.org/x/sys/unix"

// inMemory is /dev/shm, the file system in memory Linux mounts for every
// program, when it is one (tmpfs), can be written to, and lets a program
// made there run (gin, built by the tests; some systems mount it noexec).
func inMemory() (string, bool) {
	const shm = "/dev/shm"
	var fs unix.Statfs_t
	if unix.Statfs(shm, &fs) != nil || fs.Type != unix.TMPFS_MAGIC || fs.Flags&unix.ST_NOEXEC != 0 || unix.Access(shm, unix.W_OK|unix.X_OK) != nil {
		return "", false
	}
	return shm, true
}
