package ginrummy

import (
	"errors"
	"slices"
	"testing"
)

// FuzzParse checks that no input panics the parser, that every failure is a
// *ParseError, and that parse → format → parse gives the same cards in both
// notations.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "10♥ T♣,KS", "1h", "7h 7h", "", "♥", "10", "Q♦\uFE0F", "a\xffb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if hb, errb := ParseHandBytes([]byte(s)); hb != h || (errb == nil) != (err == nil) || err != nil && errb.Error() != err.Error() {
			t.Fatalf("ParseHandBytes(%q) = %v, %v; ParseHand gives %v, %v", s, hb, errb, h, err)
		}
		if err != nil {
			var perr *ParseError
			if !errors.As(err, &perr) {
				t.Fatalf("ParseHand(%q) error %v is not a *ParseError", s, err)
			}
			return
		}
		for _, text := range []string{h.String(), h.Unicode()} {
			back, err := ParseHand(text)
			if err != nil || back != h {
				t.Fatalf("ParseHand(%q) = %v; formatted %q parses to %v, %v", s, h, text, back, err)
			}
		}
		if _, err := ParseMelds(s); err != nil {
			var merr *MeldError
			if !errors.As(err, &merr) {
				t.Fatalf("ParseMelds(%q) error %v is not a *MeldError", s, err)
			}
		}
	})
}

// fuzzHand reads fuzz input as a list of cards, a byte each (its value
// modulo 52), and returns the first max distinct ones not in exclude: every
// card and every mix of suits is equally within reach of the fuzzer.
func fuzzHand(b []byte, max int, exclude Hand) Hand {
	var h Hand
	for _, x := range b {
		if h.Len() == max {
			break
		}
		i := int(x) % 52
		if c := NewCard(Rank(i%NumRanks), Suit(i/NumRanks)); !exclude.Has(c) {
			h = h.With(c)
		}
	}
	return h
}

// fuzzBytes is the fuzz input that fuzzHand reads as the cards of h.
func fuzzBytes(h Hand) []byte {
	var b []byte
	for c := range h.All() {
		b = append(b, byte(int(c.Suit())*NumRanks+int(c.Rank())))
	}
	return b
}

// FuzzDeadwood compares the solver with the brute force on any hand of up to
// twelve cards.
func FuzzDeadwood(f *testing.F) {
	for _, s := range []string{
		"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "7c 7d 7h 7s 8h 9h 6h 6s 6d", "6d 4d 4h 5d 3s 5s 6h 3d 2c 5h 6s",
		"3s 5s 6h 6d 5d 4d 5c 6c 4c 4s 3c", "Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s",
	} {
		f.Add(fuzzBytes(mustHand(f, s)))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		h := fuzzHand(b, 12, 0)
		checkAgainstBrute(t, h)
		if h != 0 {
			if got, want := h.DeadwoodAfterDiscard(), bruteAfterDiscard(h); got != want {
				t.Fatalf("%v: DeadwoodAfterDiscard() = %d, brute force %d", h, got, want)
			}
		}
	})
}

// FuzzLargeHands compares the enumeration with the dynamic programme, and
// the quick discard with a solve per discard, on hands of any size, where
// the brute force cannot go.
func FuzzLargeHands(f *testing.F) {
	f.Add(fuzzBytes(FullDeck))
	f.Add(fuzzBytes(mustHand(f, "Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 5c 5d 5h 6c 6d 6h")))
	f.Fuzz(func(t *testing.T, b []byte) {
		h := fuzzHand(b, 52, 0)
		var enum, dp []Hand
		h.enumOptimalSets(func(sets Hand) bool { enum = append(enum, sets); return len(enum) < 50 })
		d := solveDP(h)
		d.each(func(sets Hand) bool { dp = append(dp, sets); return len(dp) < 50 })
		if !slices.Equal(enum, dp) || h.Deadwood() != d.deadwood {
			t.Fatalf("%v: enumeration lists %v, dynamic programme %v (deadwood %d, %d)", h, enum, dp, h.Deadwood(), d.deadwood)
		}
		if h != 0 && h.DeadwoodAfterDiscard() != h.slowAfterDiscard() {
			t.Fatalf("%v: DeadwoodAfterDiscard() = %d, a solve per discard %d", h, h.DeadwoodAfterDiscard(), h.slowAfterDiscard())
		}
	})
}
