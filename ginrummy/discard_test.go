package ginrummy

import (
	"math/rand/v2"
	"testing"
)

// MakesMeld against its definition, written out: some set or run of three
// or more cards of h plus c holds c.
func TestMakesMeld(t *testing.T) {
	t.Parallel()
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

// BestDiscard leaves the least deadwood, never throws the card excepted,
// and of equal throws makes the one of highest value, then rank, then suit:
// checked against every throw counted, on random and meld-rich hands (where
// equal throws are common), and with the excepted card the only best throw.
func TestBestDiscard(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(33, 34))
	onlyExcept := 0
	for i := range trials(20000, 2000) {
		deal := randomHand
		if i%2 == 1 {
			deal = meldRichHand
		}
		h := deal(rng, 11)
		except := h.Cards()[rng.IntN(11)]
		if i%5 == 0 {
			except = NoCard
		}
		got := h.BestDiscard(except)
		least, want := 1<<30, NoCard
		for c := range h.All() {
			if c == except {
				continue
			}
			d := h.Without(c).Deadwood()
			if d < least || d == least && (c.Value() > want.Value() ||
				c.Value() == want.Value() && (c.Rank() > want.Rank() || c.Rank() == want.Rank() && c.Suit() > want.Suit())) {
				least, want = d, c
			}
		}
		if got != want {
			t.Fatalf("%v.BestDiscard(%v) = %v, want %v (deadwood %d)", h, except, got, want, least)
		}
		if except != NoCard && h.Without(except).Deadwood() < least {
			onlyExcept++
		}
	}
	if onlyExcept == 0 {
		t.Error("no hand had the excepted card as its only best throw: that case went untested")
	}
	h, _ := ParseHand("2c 3c 4c 5d 6d 7d 8h 9h Th Ks Kd")
	if got := h.BestDiscard(NoCard); got != NewCard(King, Spades) {
		t.Errorf("of two kings left over, BestDiscard throws %v, want K♠", got)
	}
}

// LeastDiscard in card order (the advice's hands played forward) throws the
// first card, in the order of Hand.All, not one of the cards never thrown,
// whose throw leaves the least deadwood: checked against every throw
// counted, with cards never thrown that are often the only best throw.
func TestLeastDiscardInCardOrder(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(41, 42))
	onlyKept := 0
	for range 5000 {
		deck := FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		h := NewHand(deck[:11]...)
		kept := NewHand(deck[:rng.IntN(4)]...)
		least, want := 1<<30, NoCard
		for c := range h.All() {
			if kept.Has(c) {
				continue
			}
			if d := h.Without(c).Deadwood(); d < least {
				least, want = d, c
			}
		}
		if got := h.LeastDiscard(kept, CardOrder); got != want {
			t.Fatalf("%v.LeastDiscard(%v, CardOrder) = %v, want %v (deadwood %d)", h, kept, got, want, least)
		}
		if h.DeadwoodAfterDiscard() < least {
			onlyKept++
		}
	}
	if onlyKept == 0 {
		t.Error("no hand had only cards never thrown as its best throws: that case went untested")
	}
}
