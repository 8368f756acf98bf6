package ginrummy

import "testing"

// Å has two spellings in Unicode: one character, U+00C5, or an A followed
// by U+030A, the combining ring above. Both are Åsa.
const (
	asaComposed   = "\u00c5sa"
	asaDecomposed = "A\u030asa"
)

func TestSameName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"Ann", "Ann", true},
		{"Ann", "ann", true},
		{asaComposed, asaDecomposed, true},
		{asaComposed, "a\u030aSA", true},
		{asaComposed, "Asa", false}, // Å is not A
		{"Ann", "Anne", false},
	} {
		if got := SameName(tc.a, tc.b); got != tc.same {
			t.Errorf("SameName(%+q, %+q) = %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}

func TestNameStartsWith(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, prefix string
		starts       bool
	}{
		{"Ann", "a", true},
		{"Ann", "ANN", true},
		{"Ann", "Anne", false},
		{"Ann", "", false},
		{asaComposed, "a\u030a", true}, // the other form, the other case
		{asaDecomposed, "\u00e5s", true},
		{asaComposed, "A", false}, // Å is one letter, not A and a ring
		{"\u212aim", "k", true},   // the Kelvin sign folds to k, three bytes to one
	} {
		if got := NameStartsWith(tc.name, tc.prefix); got != tc.starts {
			t.Errorf("NameStartsWith(%+q, %+q) = %v, want %v", tc.name, tc.prefix, got, tc.starts)
		}
	}
}

func TestMatchName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		names []string
		typed string
		want  int
		err   string
	}{
		{[]string{"Maria", "Bob"}, "m", 0, ""},
		{[]string{"Maria", "Bob"}, "BOB", 1, ""},
		{[]string{"Maria", "Bob"}, " maria ", 0, ""},
		{[]string{"Maria", "Bob"}, "Cy", -1, ""},
		{[]string{"Maria", "Bob"}, "", -1, ""},
		{[]string{"Ann", "Anna"}, "ann", 0, ""}, // a whole name before a prefix
		{[]string{"Ann", "Anna"}, "an", -1, `"an" could be Ann or Anna: type more of the name`},
		{[]string{"Maria", "Mark", "Max"}, "ma", -1, `"ma" could be Maria, Mark or Max: type more of the name`},
		{[]string{asaComposed, "Bob"}, "a\u030a", 0, ""},
	} {
		got, err := MatchName(tc.names, tc.typed)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != tc.want || msg != tc.err {
			t.Errorf("MatchName(%q, %+q) = %d, %q; want %d, %q", tc.names, tc.typed, got, msg, tc.want, tc.err)
		}
	}
}

// Names SameName calls one have one NameKey; others have two.
func TestNameKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"Ann", "ann", true},
		{"ANN", "aNn", true},
		{asaComposed, "a\u030aSA", true},
		{"\u212aim", "kim", true}, // the Kelvin sign is a K in any case
		{"Ann", "Anne", false},
		{asaComposed, "Asa", false},
	} {
		if got := NameKey(tc.a) == NameKey(tc.b); got != tc.same || SameName(tc.a, tc.b) != tc.same {
			t.Errorf("NameKey(%+q) == NameKey(%+q) is %v, SameName %v; want %v", tc.a, tc.b, got, SameName(tc.a, tc.b), tc.same)
		}
	}
}

// Each character that shows as nothing, or as a space that is not one, and
// would make two names that look alike ("Ann" and "Ann" with it) is one
// UnsafeRune refuses: Unicode's Default_Ignorable_Code_Point
// (DerivedCoreProperties.txt), the line and paragraph separators, the
// format characters (Cf). The letters, marks and spaces of names are not.
func TestUnsafeRuneRefusesInvisibleCharacters(t *testing.T) {
	t.Parallel()
	for _, r := range []rune{
		0x2063,           // invisible separator
		0x00AD,           // soft hyphen
		0xE0041,          // tag Latin capital letter A
		0xE0001, 0xE007F, // language tag, cancel tag
		0xE0100,        // variation selector 17
		0x034F,         // combining grapheme joiner
		0x3164,         // Hangul filler
		0x115F, 0x1160, // Hangul choseong and jungseong fillers
		0xFFA0,         // halfwidth Hangul filler
		0x2028, 0x2029, // line and paragraph separators
		0x17B4, 0x17B5, // Khmer inherent vowels
		0x180B, 0x180E, 0x180F, // Mongolian variation selectors, vowel separator
		0x200B, 0x200C, 0x200D, 0x200E, 0x200F, // zero-width, LRM, RLM
		0x202A, 0x202E, // bidirectional embedding, override
		0x2060, 0x2064, 0x2065, 0x2066, 0x2069, 0x206F, // word joiner, invisible plus, reserved, isolates, nominal digit shapes
		0xFE00, 0xFE0F, // variation selectors
		0xFEFF,           // zero-width no-break space
		0xFFF0,           // reserved
		0x1BCA0, 0x1BCA3, // shorthand format controls
		0x1D173, 0x1D17A, // musical symbol formats
		0x0600, 0x06DD, 0x110BD, // format characters (Cf) outside the list
		0x00, 0x1B, 0x7F, 0x85, 0x9B, // controls
		0xFFFD, // invalid UTF-8, as decoded
	} {
		if !UnsafeRune(r) {
			t.Errorf("UnsafeRune(%U) = false, want true", r)
		}
	}
	for _, r := range []rune{'A', 'z', ' ', 'é', 'Å', 0x030A, 0x00A0, 0x3000, 0xAC00, 0x1100, 0x4E00, '♥', '\'', '-', 0x1F600} {
		if UnsafeRune(r) {
			t.Errorf("UnsafeRune(%U) = true, want false", r)
		}
	}
}

// A name may not hold a space that is not the plain one: each space
// separator of Unicode (category Zs, as UnicodeData.txt lists them: U+00A0,
// U+1680, U+2000 to U+200A, U+202F, U+205F, U+3000) and the braille blank
// U+2800 show as a space, so "Ann Lee" with one would look like "Ann Lee"
// (review finding). The plain space, letters and what UnsafeRune refuses
// are as UnsafeRune says.
func TestUnsafeNameRuneRefusesOtherSpaces(t *testing.T) {
	t.Parallel()
	spaces := []rune{0x00A0, 0x1680, 0x202F, 0x205F, 0x3000, 0x2800}
	for r := rune(0x2000); r <= 0x200A; r++ {
		spaces = append(spaces, r)
	}
	for _, r := range append(spaces, 0x200B, 0x1B, 0xFE0F) {
		if !UnsafeNameRune(r) {
			t.Errorf("UnsafeNameRune(%U) = false, want true", r)
		}
	}
	for _, r := range []rune{' ', 'A', 'é', 0x0410 /* Cyrillic А: a letter */, 0xAC00, '♥', '-', '\''} {
		if UnsafeNameRune(r) {
			t.Errorf("UnsafeNameRune(%U) = true, want false", r)
		}
	}
}
