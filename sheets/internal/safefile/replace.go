package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// Seams are the moments of a replacement that a test reaches into: an
// editor's save landing at the worst time, a full disk, a system without
// hard links. The zero value, which the commands use, does nothing; a test
// passes its own to one call, never to the package.
type Seams struct {
	BeforeSwap func()                              // as the new file goes in, after the check that the old one is as read
	Write      func(f *os.File, data []byte) error // writes all of data to a file; nil: the system's
	Link       func(oldname, newname string) error // makes a hard link; nil: the system's
}

// writeData writes all of data to a file.
func (sm Seams) writeData(f *os.File, data []byte) error {
	if sm.Write != nil {
		return sm.Write(f, data)
	}
	_, err := f.Write(data)
	return err
}

// linkFile makes a hard link.
func (sm Seams) linkFile(oldname, newname string) error {
	if sm.Link != nil {
		return sm.Link(oldname, newname)
	}
	return os.Link(oldname, newname)
}

// ErrChanged is the reason a replacement is refused when the file changed
// after it was read.
var ErrChanged = errors.New("the file was changed by someone else")

// Replace writes data to a temporary file beside path, with the mode and
// group of the file it replaces, syncs it and puts it in place of path,
// then syncs the folder, so that the file is the old one or the new one
// whatever happens, and is still the new one after a crash. With expect
// (the file as it was read), the file replaced must still be that: where
// the system can swap two files at once, the old file is swapped out, not
// deleted, and swapped back if it was not what was read, so an edit that
// lands at any moment is never lost (ErrChanged).
func Replace(path string, data, expect []byte) error {
	return Seams{}.Replace(path, data, expect)
}

// Replace is Replace, with a test's seams.
func (sm Seams) Replace(path string, data, expect []byte) error {
	perm, gid := ModeOf(path)
	tmp, err := sm.writeTemp(path, data, perm, gid)
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp) }() // gone once in place; else the new data or the old file
	if err := sm.putInPlace(tmp, path, expect); err != nil {
		return err
	}
	syncDir(path)
	return nil
}

// Create writes a new file at path whole or not at all: a temporary file
// beside it, written and synced, is linked into place, which refuses a
// file already there (an error wrapping fs.ErrExist) rather than replace
// it.
func Create(path string, data []byte) error {
	tmp, err := Seams{}.writeTemp(path, data, 0o644, -1)
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp) }()
	if err := os.Link(tmp, path); err != nil {
		return err
	}
	syncDir(path)
	return nil
}

// ModeOf returns the mode and group of the file at path, for the file that
// replaces it: 0644 and no group (-1) when there is none.
func ModeOf(path string) (os.FileMode, int) {
	perm, gid := os.FileMode(0o644), -1
	if info, err := os.Stat(path); err == nil {
		perm, gid = info.Mode().Perm(), groupOf(info)
	}
	return perm, gid
}

// writeTemp writes data to a new temporary file beside path, with the mode
// perm and the group gid (-1: the default), synced, and returns its name;
// on an error nothing is left behind.
func (sm Seams) writeTemp(path string, data []byte, perm os.FileMode, gid int) (string, error) {
	dir, base := filepath.Split(path)
	tmp := filepath.Join(dir, tempName(base, rand.Int64()))
	t, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return "", err
	}
	err = sm.writeData(t, data)
	if err == nil {
		err = t.Chmod(perm) // the umask may have narrowed it
	}
	if err == nil && gid >= 0 {
		// Keeping the group may be refused (a group the user is not in);
		// the mode is kept either way.
		_ = t.Chown(-1, gid)
	}
	if err == nil {
		err = t.Sync()
	}
	if cerr := t.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// syncDir makes a rename in the folder of path durable. Some file systems
// cannot sync a folder; the file is in place either way, so a failure here
// is not reported.
func syncDir(path string) {
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// errNoExchange is the reason exchange cannot swap two files on this system.
var errNoExchange = errors.New("cannot swap two files in one step here")

// putInPlace moves tmp to path. With expect, the file at path must hold
// expect: it is swapped with tmp in one step where the system can (and
// checked after, and swapped back if it was not), else compared just before
// the rename.
func (sm Seams) putInPlace(tmp, path string, expect []byte) error {
	if expect == nil {
		return renameOver(tmp, path)
	}
	if sm.BeforeSwap != nil {
		sm.BeforeSwap()
	}
	switch err := exchange(tmp, path); {
	case err == nil:
		if Holds(tmp, expect) { // what was at path, now at tmp
			return nil
		}
		if err := exchange(tmp, path); err != nil {
			return fmt.Errorf("the file changed while it was saved, and putting the change back failed (%w): it is in %s", err, tmp)
		}
		return ErrChanged
	case !errors.Is(err, errNoExchange):
		return err
	}
	if !Holds(path, expect) {
		return ErrChanged
	}
	return renameOver(tmp, path)
}

// retryRename renames a to b, trying again while rename fails in a way
// that passes (busy says which: on Windows, the file replaced held open by
// a reader), for up to patience.
func retryRename(rename func(a, b string) error, busy func(error) bool, patience time.Duration, a, b string) error {
	deadline := time.Now().Add(patience)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		err := rename(a, b)
		if err == nil || !busy(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(wait)
	}
}

// Holds reports whether the file at path holds exactly want. What was put
// there may be anything: no more of it is read than want and a byte, and a
// pipe or a device is not read at all.
func Holds(path string, want []byte) bool {
	f, _, err := yamlfile.OpenRegular(path, "the file written")
	if err != nil {
		return false
	}
	defer func() { _ = f.Close() }()
	got, err := io.ReadAll(io.LimitReader(f, int64(len(want))+1))
	return err == nil && bytes.Equal(got, want)
}

// tempDigits is how many digits end a temporary file's name: a random
// 63-bit number, below 10^19, written with leading zeros.
const tempDigits = 19

// tempName is the name writeTemp gives a temporary file beside the file
// named base: a dot, the name, the number n (not negative) in exactly
// tempDigits digits.
func tempName(base string, n int64) string {
	return fmt.Sprintf(".%s%0*d", base, tempDigits, n)
}

// isTempOf reports whether name is one tempName gives beside the file
// named base: exactly tempDigits digits after ".base", so that a temporary
// file of another file whose name base begins (h1's beside h: ".h1" and 19
// digits) is not one, nor a dated backup (fewer digits).
func isTempOf(name, base string) bool {
	digits, ok := strings.CutPrefix(name, "."+base)
	return ok && len(digits) == tempDigits && strings.Trim(digits, "0123456789") == ""
}

// Step is the step of ReplaceKeeping that failed.
type Step uint8

// The steps of ReplaceKeeping, in order.
const (
	Writing Step = iota // writing the new file beside the old
	Keeping             // giving the old file its second name
	Placing             // putting the new file in place of the old
)

// KeepError is a ReplaceKeeping that failed at Step: the steps before it
// were undone, and the old file is where it was.
type KeepError struct {
	Step Step
	Keep string // the name the old file was to be kept under
	Kept bool   // a second copy of the old file is left at Keep, which could not be removed
	Err  error  // what failed (ErrChanged: the file was not as read)
}

func (e *KeepError) Error() string {
	switch e.Step {
	case Writing:
		return fmt.Sprintf("could not write the new file: %v", e.Err)
	case Keeping:
		return fmt.Sprintf("could not keep the old file as %s: %v", yamlfile.Printable(e.Keep), e.Err)
	}
	msg := fmt.Sprintf("could not put the new file in place: %v", e.Err)
	if e.Kept {
		msg += fmt.Sprintf(" (and a copy of the old file is left as %s)", yamlfile.Printable(e.Keep))
	}
	return msg
}

// Unwrap returns what failed.
func (e *KeepError) Unwrap() error { return e.Err }

// ReplaceKeeping puts data at path in place of the file there, which must
// still hold old, and keeps that file as keep: a temporary file is written
// and synced, the old file gets its second name keep (a hard link, or where
// the system has none a copy), and the temporary file is renamed over path.
// A failure at any step undoes the steps before it (*KeepError).
func ReplaceKeeping(path string, data, old []byte, keep string, perm os.FileMode, gid int) error {
	return Seams{}.ReplaceKeeping(path, data, old, keep, perm, gid)
}

// ReplaceKeeping is ReplaceKeeping, with a test's seams.
func (sm Seams) ReplaceKeeping(path string, data, old []byte, keep string, perm os.FileMode, gid int) error {
	tmp, err := sm.writeTemp(path, data, perm, gid)
	if err != nil {
		// The temporary file's name says nothing to the user: why does.
		if perr, ok := errors.AsType[*fs.PathError](err); ok {
			err = perr.Err
		}
		return &KeepError{Step: Writing, Keep: keep, Err: err}
	}
	defer func() { _ = os.Remove(tmp) }() // gone once in place
	if err := sm.keepFile(path, keep, old); err != nil {
		return &KeepError{Step: Keeping, Keep: keep, Err: err}
	}
	if err := sm.putInPlace(tmp, path, old); err != nil {
		kerr := &KeepError{Step: Placing, Keep: keep, Err: err}
		if err := os.Remove(keep); err != nil && !errors.Is(err, os.ErrNotExist) {
			kerr.Kept = true
		}
		return kerr
	}
	syncDir(path)
	return nil
}

// keepFile gives the file at path (which holds old) the second name keep,
// which must not exist: a hard link, so that nothing is copied and nothing
// can run out of room; where links cannot be made (some file systems, or a
// file of another user's), a synced copy with the file's mode and time.
func (sm Seams) keepFile(path, keep string, old []byte) error {
	err := sm.linkFile(path, keep)
	if err == nil || errors.Is(err, os.ErrExist) {
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	out, err := os.OpenFile(keep, os.O_WRONLY|os.O_CREATE|os.O_EXCL, info.Mode().Perm())
	if err != nil {
		return err
	}
	err = sm.writeData(out, old)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(keep) // no part of a copy is left
		return err
	}
	_ = os.Chtimes(keep, info.ModTime(), info.ModTime()) // the game's date, for Latest; best effort
	return nil
}
