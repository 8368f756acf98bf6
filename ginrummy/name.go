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

// UnsafeRune reports whether r may not be shown raw, nor be part of a
// player's name: a control character (a line break included, as messages
// are one line), a line or paragraph separator (U+2028, U+2029), a format
// character (category Cf: the bidirectional overrides and isolates, the
// zero-width characters, the soft hyphen, the tag characters), a character
// Unicode lets a renderer show as nothing (defaultIgnorable: the combining
// grapheme joiner, the Hangul fillers, the variation selectors), or
// invalid UTF-8. A name holding one would look like another name, or like
// nothing.
func UnsafeRune(r rune) bool {
	switch {
	case unicode.IsControl(r), r == unicode.ReplacementChar:
		return true
	case unicode.In(r, unicode.Zl, unicode.Zp, unicode.Cf, defaultIgnorable):
		return true
	}
	return false
}

// UnsafeNameRune reports whether r may not be part of a player's name: an
// UnsafeRune, or a space that is not the plain one (U+0020), which shows
// as a space and would make two names that look alike ("Ann Lee" and
// "Ann Lee" with a no-break space): every space separator of Unicode
// (category Zs: the no-break space U+00A0, the Ogham space mark U+1680,
// the en to hair spaces U+2000–U+200A, the narrow no-break space U+202F,
// the medium mathematical space U+205F, the ideographic space U+3000) but
// U+0020, and the braille blank U+2800, a symbol shown as a space. It is
// the one check of the characters of a name, on a score sheet and in a
// hand record. Letters of other scripts that look like Latin ones (a
// Cyrillic А) are letters, and are not refused.
func UnsafeNameRune(r rune) bool {
	return UnsafeRune(r) || r != ' ' && (unicode.Is(unicode.Zs, r) || r == brailleBlank)
}

// brailleBlank is the braille pattern with no dots, U+2800.
const brailleBlank = '\u2800'

// defaultIgnorable is Unicode's Default_Ignorable_Code_Point property, the
// characters a renderer may show as nothing, as the Unicode Character
// Database lists it in DerivedCoreProperties.txt (Unicode 16.0.0,
// https://www.unicode.org/Public/16.0.0/ucd/DerivedCoreProperties.txt):
// the format characters and the variation selectors, the Hangul fillers,
// the combining grapheme joiner, the Khmer inherent vowels, the code
// points kept for more of them.
var defaultIgnorable = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00AD, Hi: 0x00AD, Stride: 1}, // soft hyphen
		{Lo: 0x034F, Hi: 0x034F, Stride: 1}, // combining grapheme joiner
		{Lo: 0x061C, Hi: 0x061C, Stride: 1}, // Arabic letter mark
		{Lo: 0x115F, Hi: 0x1160, Stride: 1}, // Hangul choseong and jungseong fillers
		{Lo: 0x17B4, Hi: 0x17B5, Stride: 1}, // Khmer inherent vowels
		{Lo: 0x180B, Hi: 0x180F, Stride: 1}, // Mongolian free variation selectors, vowel separator
		{Lo: 0x200B, Hi: 0x200F, Stride: 1}, // zero-width space, non-joiner, joiner; LRM, RLM
		{Lo: 0x202A, Hi: 0x202E, Stride: 1}, // bidirectional embeddings and overrides
		{Lo: 0x2060, Hi: 0x206F, Stride: 1}, // word joiner, invisible operators, isolates, deprecated formats
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // Hangul filler
		{Lo: 0xFE00, Hi: 0xFE0F, Stride: 1}, // variation selectors
		{Lo: 0xFEFF, Hi: 0xFEFF, Stride: 1}, // zero-width no-break space (byte-order mark)
		{Lo: 0xFFA0, Hi: 0xFFA0, Stride: 1}, // halfwidth Hangul filler
		{Lo: 0xFFF0, Hi: 0xFFF8, Stride: 1}, // reserved
	},
	R32: []unicode.Range32{
		{Lo: 0x1BCA0, Hi: 0x1BCA3, Stride: 1}, // shorthand format controls
		{Lo: 0x1D173, Hi: 0x1D17A, Stride: 1}, // musical symbol formats
		{Lo: 0xE0000, Hi: 0xE0FFF, Stride: 1}, // tags, variation selectors supplement, reserved
	},
	LatinOffset: 1,
}
