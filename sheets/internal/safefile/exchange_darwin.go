package safefile

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the files at a and b in one step (renameatx_np with
// RENAME_SWAP, macOS 10.12 and later, on APFS and HFS+).
func exchange(a, b string) error {
	err := unix.RenameatxNp(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_SWAP)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.ENOTSUP) {
		return errNoExchange
	}
	return err
}
