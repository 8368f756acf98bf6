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
