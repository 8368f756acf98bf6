package ginrummy

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// referenceCards spells every card every way the notation allows, written
// out plainly from the rules of the notation (README: a rank A 2–9 T 10 J Q K,
// then a suit c d h s or ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤, in any case, a suit symbol perhaps
// followed by the emoji variation selector), mapped to the card's canonical
// two-letter name.
var referenceCards = func() map[string]string {
	ranks := [][]string{
		{"A", "a"}, {"2"}, {"3"}, {"4"}, {"5"}, {"6"}, {"7"}, {"8"}, {"9"},
		{"T", "t", "10"}, {"J", "j"}, {"Q", "q"}, {"K", "k"},
	}
	suits := [][]string{
		{"c", "C", "♣", "♧"}, {"d", "D", "♦", "♢"}, {"h", "H", "♥", "♡"}, {"s", "S", "♠", "♤"},
	}
	m := make(map[string]string)
	for r, spellings := range ranks {
		for s, suitSpellings := range suits {
			name := string("A23456789TJQK"[r]) + string("cdhs"[s])
			for _, rs := range spellings {
				for _, ss := range suitSpellings {
					m[rs+ss] = name
					m[rs+ss+"\uFE0F"] = name
					m[rs+ss+"\uFE0E"] = name // text presentation
				}
			}
		}
	}
	return m
}()

// referenceParse reads a hand the plain way: split on the separators, look
// each token up in the table. It returns the canonical names in order, or the
// 1-based position of the first token that is not a card or repeats one.
func referenceParse(s string) (names []string, badPos int) {
	tokens := strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \t,\n\r", r) })
	seen := map[string]bool{}
	for i, tok := range tokens {
		name, ok := referenceCards[tok]
		if !ok || seen[name] {
			return nil, i + 1
		}
		seen[name] = true
		names = append(names, name)
	}
	return names, 0
}

// FuzzParse checks the parser against the plain reference above: the same
// cards in the same order, or an error at the same position; every failure is
// a *ParseError; parse → format → parse is the identity in both notations;
// and the byte and string parsers agree.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "10♥ T♣,KS", "1h", "7h 7h", "", "♥", "10", "Q♦\uFE0F", "a\xffb",
		"7h;8h;9h", "Th 10h", "\t2c\r\n", "q♡\uFE0F\uFE0F",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cards, err := Parse(s)
		wantNames, badPos := referenceParse(s)
		switch {
		case err == nil && (badPos != 0 || len(wantNames) == 0):
			t.Fatalf("Parse(%q) = %v, the reference refuses it (position %d)", s, cards, badPos)
		case err != nil && badPos == 0 && len(wantNames) > 0:
			t.Fatalf("Parse(%q) fails (%v), the reference reads %v", s, err, wantNames)
		case err != nil:
			var perr *ParseError
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) error %v is not a *ParseError", s, err)
			}
			if badPos != 0 && perr.Pos != badPos {
				t.Fatalf("Parse(%q) error at position %d, the reference at %d", s, perr.Pos, badPos)
			}
		default:
			got := make([]string, len(cards))
			for i, c := range cards {
				got[i] = c.String()
			}
			if !slices.Equal(got, wantNames) {
				t.Fatalf("Parse(%q) = %v, the reference reads %v", s, got, wantNames)
			}
		}
		h, err := ParseHand(s)
		if hb, errb := ParseHandBytes([]byte(s)); hb != h || (errb == nil) != (err == nil) || err != nil && errb.Error() != err.Error() {
			t.Fatalf("ParseHandBytes(%q) = %v, %v; ParseHand gives %v, %v", s, hb, errb, h, err)
		}
		if err != nil {
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
