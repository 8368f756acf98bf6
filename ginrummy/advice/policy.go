package advice

import (
	"github.com/gin-rummy/gin/ginrummy"
)

// Seen is what the playing policy knows of a hand in play: the player's
// cards, the cards they have not seen (in the stock or the opponent's hand),
// what the opponent took and holds, and the knock limit.
type Seen struct {
	Hand   ginrummy.Hand
	Unseen ginrummy.Hand
	Took   ginrummy.Hand // the cards the opponent took from the pile and holds
	Limit  int           // the knock limit of the hand
	Taken  ginrummy.Card // the card just taken from the pile, which may not go back; NoCard
}

// The playing policy, which gin arena's advise bot plays by.
//
// It values ten kept cards by the deadwood they are expected to keep after
// one more draw: for each unseen card, the least deadwood of the kept cards
// with it after the best discard, less knockBonus when that deadwood can
// knock, averaged over the unseen cards. It throws the card whose keep has
// the least value plus feedPenalty times the chance that the card makes a
// meld with the opponent's hand (the cards they took, and each unseen card
// in their hand by its share of the unseen cards). It takes the face-up
// card when it makes a meld, or when the value of the best keep with it is
// less than the value the hand is expected to have after a draw from the
// stock and the best discard. Knocking is the advice's to decide.
const (
	knockBonus  = 5 // points of deadwood a knockable keep is worth
	feedPenalty = 3 // points of deadwood for feeding a meld for certain
)

// keepValue is the value of ten kept cards, times the number of unseen cards.
func keepValue(k, unseen ginrummy.Hand, limit int) int {
	sum := 0
	for x := range unseen.All() {
		d := k.With(x).DeadwoodAfterDiscard()
		if d <= limit {
			d -= knockBonus
		}
		sum += d
	}
	return sum
}

// PolicyDiscard is the policy's throw from eleven cards.
func PolicyDiscard(s Seen) ginrummy.Card {
	n := float64(s.Unseen.Len())
	best, bestV := ginrummy.NoCard, 1<<62
	for c := range s.Hand.All() {
		if c == s.Taken {
			continue
		}
		v := keepValue(s.Hand.Without(c), s.Unseen, s.Limit) + int(feedPenalty*feeds(c, s)*n)
		if v < bestV {
			best, bestV = c, v
		}
	}
	return best
}

// PolicyTake reports whether the policy takes the face-up card u into the
// ten cards of s.Hand; s.Unseen leaves u out.
func PolicyTake(s Seen, u ginrummy.Card) bool {
	if s.Hand.MakesMeld(u) {
		return true
	}
	h := s.Hand.With(u)
	take := 1 << 62
	for c := range s.Hand.All() {
		take = min(take, keepValue(h.Without(c), s.Unseen, s.Limit))
	}
	// After a draw from the stock, the keep is valued against the cards
	// still unseen: n-1 of them, for each of the n draws.
	return take*(s.Unseen.Len()-1) < drawValue(s)
}

// drawValue is the value of the hand after a draw from the stock, times
// the number of unseen cards and one less: for each unseen card x drawn,
// the least keepValue of ten of the hand's cards and x against the unseen
// cards but x, summed over x. Keeping x and throwing c of the hand, then
// drawing y, holds the same cards as keeping y and throwing c, then
// drawing x: each such hand is valued once, for both, which halves the
// advise bot's take decision. The sums are of whole numbers, so their
// order does not change them.
func drawValue(s Seen) int {
	var ub, hb [52]ginrummy.Card
	unseen, hand := appendCards(ub[:0], s.Unseen), appendCards(hb[:0], s.Hand)
	value := func(h ginrummy.Hand) int {
		d := h.DeadwoodAfterDiscard()
		if d <= s.Limit {
			d -= knockBonus
		}
		return d
	}
	// alone[i] is keepValue(hand, unseen but x) for x = unseen[i], from
	// each unseen card once with the hand; kept[k][i] is keepValue(hand
	// without hand[k] and with x, unseen but x).
	var alone [52]int
	total := 0
	for i, y := range unseen {
		alone[i] = value(s.Hand.With(y))
		total += alone[i]
	}
	kept := make([][52]int, len(hand))
	for i, x := range unseen {
		for j := i + 1; j < len(unseen); j++ {
			both := s.Hand.With(x).With(unseen[j])
			for k, c := range hand {
				v := value(both.Without(c))
				kept[k][i] += v
				kept[k][j] += v
			}
		}
	}
	draw := 0
	for i := range unseen {
		best := total - alone[i]
		for k := range hand {
			best = min(best, kept[k][i])
		}
		draw += best
	}
	return draw
}

// appendCards appends the cards of h to out, in the order of Hand.All.
func appendCards(out []ginrummy.Card, h ginrummy.Hand) []ginrummy.Card {
	for c := range h.All() {
		out = append(out, c)
	}
	return out
}

// feeds is the chance that c makes a meld with the opponent's hand: a card
// they took counts as held, an unseen card as held with the chance of its
// share of the unseen cards, each independently.
func feeds(c ginrummy.Card, s Seen) float64 {
	n := s.Unseen.Len()
	if n == 0 {
		return 0
	}
	q := float64(OpponentCards-s.Took.Len()) / float64(n)
	held := func(r int, suit ginrummy.Suit) float64 {
		if r < int(ginrummy.Ace) || r > int(ginrummy.King) {
			return 0
		}
		x := ginrummy.NewCard(ginrummy.Rank(r), suit)
		switch {
		case s.Took.Has(x):
			return 1
		case s.Unseen.Has(x):
			return q
		}
		return 0
	}
	// A set: two or more of the three others of its rank.
	var ps [3]float64
	i := 0
	for suit := range ginrummy.Suit(ginrummy.NumSuits) {
		if suit != c.Suit() {
			ps[i] = held(int(c.Rank()), suit)
			i++
		}
	}
	a, b, d := ps[0], ps[1], ps[2]
	set := a*b + a*d + b*d - 2*a*b*d
	// A run: two suited cards next to it, on one side or both. The four
	// neighbours' sixteen ways of being held or not, summed.
	r, su := int(c.Rank()), c.Suit()
	nb := [4]float64{held(r-2, su), held(r-1, su), held(r+1, su), held(r+2, su)}
	run := 0.0
	for m := range 16 {
		has := func(i int) bool { return m&(1<<i) != 0 }
		melds := has(0) && has(1) || has(1) && has(2) || has(2) && has(3)
		if !melds {
			continue
		}
		p := 1.0
		for i, x := range nb {
			if has(i) {
				p *= x
			} else {
				p *= 1 - x
			}
		}
		run += p
	}
	return 1 - (1-set)*(1-run)
}
