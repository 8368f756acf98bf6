//go:build unix

package handfile

import "syscall"

// mkfifo makes a named pipe, which would hang a reader that waits for a
// writer.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
