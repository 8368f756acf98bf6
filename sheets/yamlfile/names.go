package yamlfile

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Printable is a name, a file's or a player's, as gin prints it: as it is
// when every character of it can be shown, else in bash's and zsh's $'…'
// quoting (DollarQuote), so that nothing in it reaches a terminal raw, a
// line break in it does not break a line of a table, and it pastes into a
// shell as the same name. Every name gin prints goes through it, or
// through a quoting for the shell that quotes the same way.
func Printable(name string) string {
	if utf8.ValidString(name) && !strings.ContainsFunc(name, UnsafeRune) {
		return name
	}
	return DollarQuote(name)
}

// DollarQuote is s in $'…' quoting: a backslash and a single quote escaped,
// a character that cannot be shown (UnsafeRune) as \xHH, \uHHHH or
// \UHHHHHHHH, a byte that is not UTF-8 as \xHH.
func DollarQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case !UnsafeRune(r):
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xFFFF:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}

// Thousands writes n with a comma between each three digits, as gin prints
// a size or a count.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
