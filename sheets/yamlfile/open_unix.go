//go:build unix

package yamlfile

import "syscall"

// openNoWait opens a named pipe without waiting for a writer, which would
// hang the open; the file opened is then found not to be regular.
const openNoWait = syscall.O_NONBLOCK
