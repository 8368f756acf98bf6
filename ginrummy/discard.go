package ginrummy

import "math/bits"

// MakesMeld reports whether c makes a new meld with two cards of h: a set
// with two others of its rank, or a run with two cards of its suit next to
// it (ace low). It is the test a player applies to a face-up card.
func (h Hand) MakesMeld(c Card) bool {
	r := int(c.Rank())
	if bits.OnesCount64(uint64(h.Without(c)&(rankBits<<r))) >= 2 {
		return true
	}
	// The ranks two below to two above c's in its suit, at bits 0 to 4.
	near := uint32(h.Suit(c.Suit())) << 2 >> r
	below1, below2 := near&2 != 0, near&1 != 0
	above1, above2 := near&8 != 0, near&16 != 0
	return below1 && (below2 || above1) || above1 && above2
}

// Tie is how LeastDiscard chooses among throws that leave the same least
// deadwood.
type Tie uint8

// The tie-breaks.
const (
	// HighestFirst throws the card of highest value, then rank, then suit,
	// keeping the low cards that count least if the hand is caught: the
	// bots' and the play-outs' throw (BestDiscard).
	HighestFirst Tie = iota
	// CardOrder throws the first card in the order of Hand.All: the advice's
	// hands played forward, which only need the least deadwood, found fast.
	CardOrder
)

// BestDiscard is LeastDiscard(never the card except, HighestFirst): the
// throw of a player who may not throw the card just taken from the pile
// (NoCard for none).
func (h Hand) BestDiscard(except Card) Card {
	c, _ := h.BestDiscardLeaving(except)
	return c
}

// BestDiscardLeaving is BestDiscard with the deadwood its discard leaves.
func (h Hand) BestDiscardLeaving(except Card) (Card, int) {
	var never Hand
	if except != NoCard {
		never = never.With(except)
	}
	return h.LeastDiscardLeaving(never, HighestFirst)
}

// LeastDiscard returns the card of h, not one of never, whose discard leaves
// the least deadwood; of equals, the first by tie. It is NoCard when every
// card of h is in never.
//
// The least deadwood of all throws is found first (DeadwoodAfterDiscard, one
// search), and the cards are tried in the tie's order until one leaves it,
// so that most hands need a few deadwood counts, not one a card; only when
// that least needs a card of never are all the others counted.
func (h Hand) LeastDiscard(never Hand, tie Tie) Card {
	c, _ := h.LeastDiscardLeaving(never, tie)
	return c
}

// LeastDiscardLeaving is LeastDiscard with the deadwood its discard leaves
// (1<<30 with NoCard): the play-outs, which count it next, need not count it
// again.
func (h Hand) LeastDiscardLeaving(never Hand, tie Tie) (Card, int) {
	// No throw leaves less than h's deadwood less the card's value (the card
	// unmelded in h's arrangement of the rest), and a card that no run of its
	// suit and no set of its rank can hold leaves exactly that. So when the
	// first card by HighestFirst, of the highest value, is such a card, it is
	// the throw, found with one search instead of two.
	if tie == HighestFirst {
		if x := h &^ never & FullDeck; x != 0 {
			if c := x.nextInOrder(tie); h.alwaysDead()&(1<<c) != 0 {
				return c, h.Without(c).Deadwood()
			}
		}
	}
	least := h.DeadwoodAfterDiscard()
	// The cards are taken one at a time in the tie's order (nextInOrder),
	// not listed first: the first few nearly always leave the least.
	for x := h &^ never & FullDeck; x != 0; {
		c := x.nextInOrder(tie)
		if h.Without(c).Deadwood() == least {
			return c, least
		}
		x = x.Without(c)
	}
	best, bestDw := NoCard, 1<<30
	for x := h &^ never & FullDeck; x != 0; {
		c := x.nextInOrder(tie)
		if d := h.Without(c).Deadwood(); d < bestDw {
			best, bestDw = c, d
		}
		x = x.Without(c)
	}
	return best, bestDw
}

// nextInOrder is the first card of h, which holds one of the 52 at least,
// in the tie's order. HighestFirst's is rank from the king down, then suit from
// spades: value falls with rank, so this is the order of value, then rank,
// then suit.
func (h Hand) nextInOrder(tie Tie) Card {
	if tie == CardOrder {
		return Card(bits.TrailingZeros64(uint64(h)))
	}
	const lanes = 1 | 1<<16 | 1<<32 | 1<<48 // a rank's bit in each suit's lane
	ranks := uint16(h) | uint16(h>>16) | uint16(h>>32) | uint16(h>>48)
	r := 15 - bits.LeadingZeros16(ranks) // the highest rank held
	x := uint64(h) >> r & lanes
	return Card(63-bits.LeadingZeros64(x)) + Card(r) // the highest suit of that rank
}

// alwaysDead returns the cards of h that no run of their suit and no set of
// their rank can hold: deadwood in every arrangement of h.
func (h Hand) alwaysDead() Hand {
	s := Hand(setRanks(h))
	return h & FullDeck &^ (runMeldedHand(h) | s | s<<16 | s<<32 | s<<48)
}
