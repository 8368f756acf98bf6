package sheets

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// PlayerName is a player's name as a sheet holds it: in Unicode's composed
// form (NFC), so that the two ways of writing a letter such as Å, as one
// character or as an A followed by a combining ring, make one name.
func PlayerName(name string) string { return norm.NFC.String(name) }

// SameName reports whether two names are one player's: equal in any case
// and in either Unicode form ("Åsa" and "åsa", precomposed or not). It is
// the one comparison of names: of the players of a sheet with each other,
// and of a name given (--by, --winner, --dealer, the file's own) with them.
func SameName(a, b string) bool {
	return strings.EqualFold(PlayerName(a), PlayerName(b))
}

// nameStartsWith reports whether prefix, as SameName compares, begins the
// name; a letter and its accents are one character in the composed form,
// so "A" does not begin "Åsa".
func nameStartsWith(name, prefix string) bool {
	runes, prefix := []rune(PlayerName(name)), PlayerName(prefix)
	n := utf8.RuneCountInString(prefix) // case folds one character to one
	return n > 0 && n <= len(runes) && strings.EqualFold(string(runes[:n]), prefix)
}
