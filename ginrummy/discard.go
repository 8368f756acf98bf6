package ginrummy

import "math/bits"

// MakesMeld reports whether c makes a new meld with two cards of h: a set
// with two others of its rank, or a run with two cards of its suit next to
// it (ace low). It is the test a player applies to a face-up card.
func (h Hand) MakesMeld(c Card) bool {
	if h.sameRank(c) >= 2 {
		return true
	}
	below1, below2 := h.suited(c, -1), h.suited(c, -2)
	above1, above2 := h.suited(c, 1), h.suited(c, 2)
	return below1 && (below2 || above1) || above1 && above2
}

// sameRank counts the other cards of c's rank in h.
func (h Hand) sameRank(c Card) int {
	n := 0
	for s := range Suit(NumSuits) {
		if s != c.Suit() && h.Has(NewCard(c.Rank(), s)) {
			n++
		}
	}
	return n
}

// suited reports whether h holds the card d ranks from c in c's suit.
func (h Hand) suited(c Card, d int) bool {
	r := int(c.Rank()) + d
	return r >= int(Ace) && r <= int(King) && h.Has(NewCard(Rank(r), c.Suit()))
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
	var never Hand
	if except != NoCard {
		never = never.With(except)
	}
	return h.LeastDiscard(never, HighestFirst)
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
	var buf [52]Card // on the stack: the play-outs call this for every throw
	order := (h &^ never).inOrder(tie, buf[:0])
	least := h.DeadwoodAfterDiscard()
	for _, c := range order {
		if h.Without(c).Deadwood() == least {
			return c
		}
	}
	best, bestDw := NoCard, 1<<30
	for _, c := range order {
		if d := h.Without(c).Deadwood(); d < bestDw {
			best, bestDw = c, d
		}
	}
	return best
}

// inOrder appends the cards of h to out in the tie's order and returns
// it. HighestFirst's is rank from the king down, then suit from spades:
// value falls with rank, so this is the order of value, then rank, then
// suit.
func (h Hand) inOrder(tie Tie, out []Card) []Card {
	if tie == CardOrder {
		for x := uint64(h); x != 0; x &= x - 1 {
			out = append(out, Card(bits.TrailingZeros64(x)))
		}
		return out
	}
	const lanes = 1 | 1<<16 | 1<<32 | 1<<48 // a rank's bit in each suit's lane
	for r := King; r <= King; r-- {         // Rank is unsigned: below Ace it wraps past King
		for x := uint64(h) >> r & lanes; x != 0; x &^= 1 << (63 - bits.LeadingZeros64(x)) {
			out = append(out, Card(63-bits.LeadingZeros64(x))+Card(r)) // the highest suit left first
		}
	}
	return out
}
