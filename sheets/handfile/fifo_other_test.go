//go:build !unix

package handfile

import "errors"

// mkfifo fails: the system has no named pipe in its file system (Windows
// has them under \\.\pipe\ only), and the tests that need one skip.
func mkfifo(string) error { return errors.New("no named pipes in the file system here") }
