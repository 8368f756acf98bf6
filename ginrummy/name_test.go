package ginrummy

import "testing"

// Å has two spellings in Unicode: one character, U+00C5, or an A followed
// by U+030A, the combining ring above. Both are Åsa.
const (
	asaComposed   = "\u00c5sa"
	asaDecomposed = "A\u030asa"
)

func TestSameName(t *testing.T) {
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
