package safefile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// CutName is the longest start of name in at most n bytes that does not
// break a character.
func CutName(name string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(name) <= n {
		return name
	}
	for n > 0 && !utf8.RuneStart(name[n]) {
		n--
	}
	return name[:n]
}

// maxName is the longest file name, in bytes, of the file systems in common
// use (NAME_MAX). On one that takes fewer, a name too long is an error, not
// a name taken.
const maxName = 255

// FreeName returns the first name beside path that names no file: name(room)
// then ext, then with -2, -3, … before ext (with numbered, -1 first), where
// name gives a name of at most room bytes that leaves space for the number
// and ext within the longest file name. Any error but "not there" from
// looking a name up is returned, never taken as a name in use.
func FreeName(path string, name func(room int) string, ext string, numbered bool) (string, error) {
	dir := filepath.Dir(path)
	for n := 1; ; n++ {
		num := ""
		if n > 1 || numbered {
			num = fmt.Sprintf("-%d", n)
		}
		base := name(maxName-len(num)-len(ext)) + num + ext
		candidate := filepath.Join(dir, base)
		_, err := os.Lstat(candidate)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return candidate, nil
		case err != nil:
			return "", err
		}
	}
}
