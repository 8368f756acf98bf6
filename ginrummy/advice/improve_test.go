package advice_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
)

// The throw a hand played forward makes (advice's improve) is the first
// card, in the order of Hand.All, not one of the cards kept, whose throw
// leaves the least deadwood: checked against every throw counted, with
// cards kept that are often the only best throw.
func TestLeastThrow(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	onlyKept := 0
	for range 5000 {
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		h := ginrummy.NewHand(deck[:11]...)
		kept := ginrummy.NewHand(deck[:rng.IntN(4)]...)
		least, want := 1<<30, ginrummy.NoCard
		for c := range h.All() {
			if kept.Has(c) {
				continue
			}
			if d := h.Without(c).Deadwood(); d < least {
				least, want = d, c
			}
		}
		if got := advice.LeastThrow(h, kept); got != want {
			t.Fatalf("leastThrow(%v, kept %v) = %v, want %v (deadwood %d)", h, kept, got, want, least)
		}
		if h.DeadwoodAfterDiscard() < least {
			onlyKept++
		}
	}
	if onlyKept == 0 {
		t.Error("no hand had only kept cards as its best throws: that case went untested")
	}
}
