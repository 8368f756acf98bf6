package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Å has two spellings in Unicode: one character, U+00C5, or an A followed
// by U+030A, the combining ring above. Both are Åsa.
const (
	asaComposed   = "\u00c5sa"
	asaDecomposed = "A\u030asa"
)

func TestPlayerInEitherUnicodeForm(t *testing.T) {
	t.Parallel()
	s := Sheet{Players: []string{asaComposed, "Bob"}}
	for _, tc := range []struct {
		name string
		want int // -1: refused
	}{
		{asaComposed, 0},
		{asaDecomposed, 0},
		{"a\u030a", 0}, // a prefix, in the other form and case
		{"\u00e5s", 0}, // the same prefix, composed
		{"A", -1},      // Å is one letter, not A and a ring: A begins no name here
		{"b", 1},
	} {
		got, err := s.Player(tc.name)
		switch {
		case tc.want < 0 && !errors.Is(err, ErrUnknownPlayer):
			t.Errorf("Player(%+q) = %d, %v; want it refused as not a player", tc.name, got, err)
		case tc.want >= 0 && (err != nil || got != tc.want):
			t.Errorf("Player(%+q) = %d, %v; want %d", tc.name, got, err, tc.want)
		}
	}
}

func TestNamesInEitherUnicodeForm(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()

	// Two players whose names differ only in their Unicode form are one
	// name, as Ann and ann are.
	if _, _, err := New(filepath.Join(dir, "twice.yaml"), Sheet{Players: []string{asaComposed, asaDecomposed}}, false); err == nil {
		t.Errorf("a sheet of %+q and %+q was started; want both players called the same refused", asaComposed, asaDecomposed)
	}

	// A sheet started with the decomposed spelling holds the composed one,
	// and a hand given with either spelling is Åsa's.
	path := filepath.Join(dir, "asa.yaml")
	sc, _, err := New(path, Sheet{Players: []string{asaDecomposed, "Bob"}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Players[0] != asaComposed || sc.Dealer != asaComposed {
		t.Errorf("players %+q, dealer %+q; want %+q first and dealing", sc.Players, sc.Dealer, asaComposed)
	}
	five, twenty := 5, 20
	if sc, err = Add(path, HandRecord{By: asaComposed, Knock: &five, Deadwood: &twenty}); err != nil {
		t.Fatal(err)
	}
	if sc.Hands[0].Scorer != asaComposed || sc.Totals.Values[0] != 15 {
		t.Errorf("hand 1 scored %+q %d; want Åsa 15 (20 − 5)", sc.Hands[0].Scorer, sc.Totals.Values[0])
	}

	// A sheet written by hand in the decomposed form, its hand's "by" in
	// the composed one, reads with the composed names.
	edited := filepath.Join(dir, "edited.yaml")
	data := "players: [" + asaDecomposed + ", Bob]\ndealer: " + asaDecomposed + "\nhands:\n  - by: " + asaComposed + "\n    gin: true\n    deadwood: 10\n"
	if err := os.WriteFile(edited, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err = Show(edited)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Players[0] != asaComposed || sc.Hands[0].Scorer != asaComposed || sc.Totals.Values[0] != 30 {
		t.Errorf("the edited sheet: players %+q, hand 1 to %+q for %d; want %+q, and 30 (gin bonus 20 + 10) to Åsa", sc.Players, sc.Hands[0].Scorer, sc.Totals.Values[0], asaComposed)
	}
}

// A sheet's file may have any name: one with bytes that are not UTF-8 and
// characters a glob reads as a pattern saves, and the save still sweeps up
// what a killed writer left beside it, and only that.
func TestAnyFileName(t *testing.T) {
	t.Parallel()
	for _, base := range []string{"latin\xe9.yaml", "x[1]*.yaml", "\x1b[31m.yaml"} {
		dir := t.TempDir()
		path := filepath.Join(dir, base)
		mustNew(t, path, "classic")
		leftover := filepath.Join(dir, "."+base+"1234567890123456789") // a temporary file: 19 digits
		kept := filepath.Join(dir, "."+base+"-2026")                   // not one
		for _, p := range []string{leftover, kept} {
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		five, twenty := 5, 20
		if _, err := Add(path, HandRecord{By: "Ann", Knock: &five, Deadwood: &twenty}); err != nil {
			t.Errorf("%+q: %v", base, err)
		}
		if _, err := os.Stat(leftover); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%+q: the temporary file left beside it is still there (%v)", base, err)
		}
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("%+q: a file that is not a temporary one was removed: %v", base, err)
		}
	}
}

// A sheet whose player's name holds a character that shows as nothing is
// refused as it loads: "Ann" and "Ann" with it would be two players shown
// alike.
func TestInvisibleNameRefused(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Ann\u2063", "An\u00adn", "Ann\U000E0041", "An\u034fn", "Ann\u3164", "\u115fAnn", "An\u2028n", "Ann\ufe0f"} {
		path := filepath.Join(t.TempDir(), "sheet.yaml")
		if err := os.WriteFile(path, []byte("players: [\""+name+"\", Bob]\ndealer: Bob\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(path); err == nil || !strings.Contains(err.Error(), "names are printable text") {
			t.Errorf("players %+q: %v, want the name refused", name, err)
		}
	}
}
