package ginrummy

import (
	"fmt"
	"strings"
	"unicode"
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

// NameKey is a key that two names have alike when SameName calls them one
// player's, for a map of players: the composed form with each character
// replaced by the least of those it equals in any case (unicode.SimpleFold,
// as strings.EqualFold compares).
func NameKey(name string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, PlayerName(name))
}

// NameStartsWith reports whether prefix, as SameName compares, begins the
// name, for a name typed short; a letter and its accents are one character
// in the composed form, so "A" does not begin "Åsa".
func NameStartsWith(name, prefix string) bool {
	runes, prefix := []rune(PlayerName(name)), PlayerName(prefix)
	n := utf8.RuneCountInString(prefix) // case folds one character to one
	return n > 0 && n <= len(runes) && strings.EqualFold(string(runes[:n]), prefix)
}

// MatchName returns the index in names of the player a name typed means:
// the one it names in full (SameName), else the one it begins
// (NameStartsWith), so that "m" finds Maria; -1 when it means none. A name
// that begins two players' names and names neither is an
// *AmbiguousNameError. Surrounding spaces are not part of a name. It is the
// one way a name typed is matched: on a score sheet, in a hand record, in
// gin stats and in completion.
func MatchName(names []string, typed string) (int, error) {
	typed = strings.TrimSpace(typed)
	if typed == "" {
		return -1, nil
	}
	for i, n := range names {
		if SameName(n, typed) {
			return i, nil
		}
	}
	found := -1
	var begun []string
	for i, n := range names {
		if NameStartsWith(n, typed) {
			if found < 0 {
				found = i
			}
			begun = append(begun, n)
		}
	}
	if len(begun) > 1 {
		return -1, &AmbiguousNameError{Name: typed, Players: begun}
	}
	return found, nil
}

// AmbiguousNameError is a name typed short that begins more than one
// player's name.
type AmbiguousNameError struct {
	Name    string   // as typed
	Players []string // the names it begins
}

func (e *AmbiguousNameError) Error() string {
	list := strings.Join(e.Players[:len(e.Players)-1], ", ") + " or " + e.Players[len(e.Players)-1]
	return fmt.Sprintf("%q could be %s: type more of the name", e.Name, list)
}

// UnsafeRune reports whether r may not be shown raw: a control character
// (a line break included, as messages are one line), a bidirectional
// override or isolate, a zero-width character, or invalid UTF-8.
func UnsafeRune(r rune) bool {
	switch {
	case unicode.IsControl(r), r == unicode.ReplacementChar:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true // bidirectional controls
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return true // zero-width
	}
	return false
}
