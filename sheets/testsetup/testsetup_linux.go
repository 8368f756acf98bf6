package testsetup

import "golang.org/x/sys/unix"

// inMemory is /dev/shm, the file system in memory Linux mounts for every
// program, when it is one (tmpfs), can be written to, lets a program made
// there run (gin, built by the tests; some systems mount it noexec), and
// has room for what the tests make at once (a container's is often 64 MiB).
func inMemory() (string, bool) {
	const shm = "/dev/shm"
	const room = 512 << 20
	var fs unix.Statfs_t
	if unix.Statfs(shm, &fs) != nil || fs.Type != unix.TMPFS_MAGIC || fs.Flags&unix.ST_NOEXEC != 0 ||
		fs.Bavail*uint64(fs.Bsize) < room || unix.Access(shm, unix.W_OK|unix.X_OK) != nil {
		return "", false
	}
	return shm, true
}
