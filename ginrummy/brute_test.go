package ginrummy

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// The plain brute-force search that the solver is checked against. It knows
// nothing of tables, suits solved alone or dynamic programmes: it lists every
// meld inside the hand and tries every way to choose disjoint ones.

// bruteMelds lists every set and every run (of every length and start) that
// can be made from the cards of h.
func bruteMelds(h Hand) []Hand {
	var melds []Hand
	for r := range Rank(NumRanks) {
		var held []Card
		for s := range Suit(NumSuits) {
			if c := NewCard(r, s); h.Has(c) {
				held = append(held, c)
			}
		}
		for mask := 1; mask < 1<<len(held); mask++ {
			var m Hand
			for i, c := range held {
				if mask&(1<<i) != 0 {
					m = m.With(c)
				}
			}
			if m.Len() >= 3 {
				melds = append(melds, m)
			}
		}
	}
	for s := range Suit(NumSuits) {
		for lo := range Rank(NumRanks) {
			var m Hand
			for r := lo; r < NumRanks && h.Has(NewCard(r, s)); r++ {
				m = m.With(NewCard(r, s))
				if r-lo >= 2 {
					melds = append(melds, m)
				}
			}
		}
	}
	return melds
}

// bruteArrangement is a choice of disjoint melds, as the cards in sets and the
// cards in runs.
type bruteArrangement struct {
	sets, runs Hand
}

// bruteSearch calls visit with every choice of disjoint melds from h and its
// deadwood: the lowest card not yet placed is either deadwood or in one of
// the melds that hold it.
func bruteSearch(h Hand, visit func(a bruteArrangement, deadwood int)) {
	melds := bruteMelds(h)
	var walk func(left Hand, a bruteArrangement, dead int)
	walk = func(left Hand, a bruteArrangement, dead int) {
		if left == 0 {
			visit(a, dead)
			return
		}
		c := Card(bits.TrailingZeros64(uint64(left))) // the lowest card left
		walk(left.Without(c), a, dead+c.Value())
		for _, m := range melds {
			if m.Has(c) && m&^left == 0 {
				next := a
				if Meld(m).IsSet() {
					next.sets |= m
				} else {
					next.runs |= m
				}
				walk(left&^m, next, dead)
			}
		}
	}
	walk(h, bruteArrangement{}, 0)
}

// bruteDeadwood is the least deadwood of h by exhaustive search.
func bruteDeadwood(h Hand) int {
	best := 1 << 30
	bruteSearch(h, func(_ bruteArrangement, d int) { best = min(best, d) })
	return best
}

// bruteOptimal lists every distinct optimal arrangement of h.
func bruteOptimal(h Hand) []bruteArrangement {
	best := bruteDeadwood(h)
	var all []bruteArrangement
	bruteSearch(h, func(a bruteArrangement, d int) {
		if d == best && !slices.Contains(all, a) {
			all = append(all, a)
		}
	})
	return all
}

// bruteAfterDiscard is the least deadwood left by any one discard from h.
func bruteAfterDiscard(h Hand) int {
	best := 1 << 30
	for c := range h.All() {
		best = min(best, bruteDeadwood(h.Without(c)))
	}
	return best
}

// randomHand deals n cards from a shuffled deck.
func randomHand(rng *rand.Rand, n int) Hand {
	deck := FullDeck.Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return NewHand(deck[:n]...)
}

// meldRichHand deals n cards from the 4×k cards of k adjacent ranks (3 ≤ k ≤ 5),
// where sets and runs cross everywhere.
func meldRichHand(rng *rand.Rand, n int) Hand {
	k := 3 + rng.IntN(3)
	if 4*k < n {
		k = (n + 3) / 4
	}
	lo := rng.IntN(NumRanks - k + 1)
	var deck []Card
	for r := lo; r < lo+k; r++ {
		for s := range Suit(NumSuits) {
			deck = append(deck, NewCard(Rank(r), s))
		}
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return NewHand(deck[:n]...)
}
