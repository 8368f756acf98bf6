package ginrummy

import (
	"math/rand/v2"
	"testing"
)

// MakesMeld against its definition, written out: some set or run of three
// or more cards of h plus c holds c.
func TestMakesMeld(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for range trials(20000, 2000) {
		deck := FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		h, c := NewHand(deck[:10]...), deck[10]
		want := false
		for _, m := range bruteMelds(h.With(c)) {
			if m.Has(c) {
				want = true
			}
		}
		if got := h.MakesMeld(c); got != want {
			t.Fatalf("%v.MakesMeld(%v) = %v, want %v", h, c, got, want)
		}
	}
}

// BestDiscard leaves the least deadwood, and never throws the card excepted.
func TestBestDiscard(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	for range trials(20000, 2000) {
		h := randomHand(rng, 11)
		except := h.Cards()[rng.IntN(11)]
		got := h.BestDiscard(except)
		least := 1 << 30
		for c := range h.All() {
			if c != except {
				least = min(least, h.Without(c).Deadwood())
			}
		}
		if got == except || !h.Has(got) || h.Without(got).Deadwood() != least {
			t.Fatalf("%v.BestDiscard(%v) = %v", h, except, got)
		}
	}
	h, _ := ParseHand("2c 3c 4c 5d 6d 7d 8h 9h Th Ks Kd")
	if got := h.BestDiscard(NoCard); got != NewCard(King, Spades) {
		t.Errorf("of two kings left over, BestDiscard throws %v, want K♠", got)
	}
}
