package ginrummy

import (
	"errors"
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

// fuzzHand turns fuzz input into a hand of at most max cards, small enough
// for the brute force.
func fuzzHand(bits uint64, max int) Hand {
	h := Hand(bits) & FullDeck
	for h.Len() > max {
		h &= h - 1
	}
	return h
}

// FuzzDeadwood compares the solver with the brute force on any hand of up to
// twelve cards.
func FuzzDeadwood(f *testing.F) {
	for _, s := range []string{
		"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "7c 7d 7h 7s 8h 9h 6h 6s 6d", "6d 4d 4h 5d 3s 5s 6h 3d 2c 5h 6s",
		"3s 5s 6h 6d 5d 4d 5c 6c 4c 4s 3c", "Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s",
	} {
		f.Add(uint64(mustHand(f, s)))
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		h := fuzzHand(bits, 12)
		checkAgainstBrute(t, h)
		if h != 0 {
			if got, want := h.DeadwoodAfterDiscard(), bruteAfterDiscard(h); got != want {
				t.Fatalf("%v: DeadwoodAfterDiscard() = %d, brute force %d", h, got, want)
			}
		}
	})
}
