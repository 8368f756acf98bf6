package ginrummy

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

// BestDiscard returns the card of h whose discard leaves the least
// deadwood, never except (the card just taken from the pile; NoCard for
// none). Of equals it throws the card of highest value, then rank, then
// suit, keeping the low cards that count least if the hand is caught.
//
// The least deadwood is found first (DeadwoodAfterDiscard, one search), and
// the cards are tried in throwing order (rank from the king down, then suit
// from spades: value falls with rank, so this is throwsBefore's order) until
// one leaves it, so that most hands need a few deadwood counts, not one a card.
func (h Hand) BestDiscard(except Card) Card {
	least := h.DeadwoodAfterDiscard()
	for r := King; r <= King; r-- { // Rank is unsigned: below Ace it wraps past King
		for s := Spades; s <= Spades; s-- {
			if c := NewCard(r, s); c != except && h.Has(c) && h.Without(c).Deadwood() == least {
				return c
			}
		}
	}
	// Only except leaves the least: the best of the others, by counting.
	best, bestDw := NoCard, 1<<30
	for c := range h.All() {
		if c == except {
			continue
		}
		if d := h.Without(c).Deadwood(); d < bestDw || d == bestDw && throwsBefore(c, best) {
			best, bestDw = c, d
		}
	}
	return best
}

// throwsBefore orders cards for throwing: higher value first, then higher
// rank, then higher suit.
func throwsBefore(a, b Card) bool {
	switch {
	case b == NoCard:
		return true
	case a.Value() != b.Value():
		return a.Value() > b.Value()
	case a.Rank() != b.Rank():
		return a.Rank() > b.Rank()
	}
	return a.Suit() > b.Suit()
}
