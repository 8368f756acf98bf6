package ginrummy

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// PlayerName is a player's name as a score sheet holds it: in Unicode's
// composed form (NFC), so that the two ways of writing a letter such as Å,
// as one character or as an A followed by a combining ring, make one name.
func PlayerName(name string) string { return norm.NFC.String(name) }

// SameName reports whether two names are one player's: equal in any case
// and in either Unicode form ("Åsa" and "åsa", precomposed or not). It is
// the one comparison of players' names: on a score sheet (the players with
// each other, a name given or written in the file with them) and in a hand
// record.
func SameName(a, b string) bool {
	return strings.EqualFold(PlayerName(a), PlayerName(b))
}

// NameStartsWith reports whether prefix, as SameName compares, begins the
// name, for a name typed short; a letter and its accents are one character
// in the composed form, so "A" does not begin "Åsa".
func NameStartsWith(name, prefix string) bool {
	runes, prefix := []rune(PlayerName(name)), PlayerName(prefix)
	n := utf8.RuneCountInString(prefix) // case folds one character to one
	return n > 0 && n <= len(runes) && strings.EqualFold(string(runes[:n]), prefix)
}
