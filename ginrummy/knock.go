package ginrummy

import (
	"iter"
	"math/bits"
)

// DeadwoodAfterDiscard returns the least deadwood the hand can keep after
// discarding one card: the true minimum over every discard. For eleven
// cards it is the deadwood of the best ten to knock with. An empty hand
// has no discard and returns 0.
//
// It does not solve the hand once per discard. For a fixed choice of sets,
// the best discard is the card whose removal lowers its suit's deadwood the
// most, which a table over the patterns of one suit gives; or a card of a set:
// at no cost from a set of four, at the cost of the two cards left from a set
// of three.
func (h Hand) DeadwoodAfterDiscard() int {
	if h == 0 {
		return 0
	}
	sets := setRanks(h)
	if sets == 0 {
		return deadRuns(h) + minDiscardGain(h)
	}
	if bits.OnesCount16(sets) > maxEnumRanks {
		return h.slowAfterDiscard()
	}
	s := solver{capable: runMeldedHand(h)}
	return s.minDiscard(h, sets, noDiscard)
}

// minDiscardGain is the best change to deadwood from discarding one card of h
// when h melds runs only.
func minDiscardGain(h Hand) int {
	return int(min(discardGain[h&suitMask], discardGain[h>>16&suitMask],
		discardGain[h>>32&suitMask], discardGain[h>>48&suitMask]))
}

// minDiscard is Deadwood's enumeration with a discard; setGain is the best
// change to deadwood from discarding a card of the sets chosen so far.
func (s *solver) minDiscard(h Hand, sets uint16, setGain int) int {
	if sets == 0 {
		return deadRuns(h) + min(minDiscardGain(h), setGain)
	}
	r := bits.TrailingZeros16(sets)
	rest := sets & (sets - 1)
	best := 1 << 30
	var c [maxChoices]Hand
	for _, set := range c[:s.choices(h, r, &c)] {
		gain := setGain
		switch set.Len() {
		case 4:
			gain = 0
		case 3:
			gain = min(gain, 2*rankValue[r])
		}
		if best = min(best, s.minDiscard(h&^set, rest, gain)); best == 0 {
			break
		}
	}
	return best
}

// slowAfterDiscard solves the hand once for each discard; it serves the
// large hands that the enumeration leaves to the dynamic programme.
func (h Hand) slowAfterDiscard() int {
	best := 1 << 30
	for c := range h.All() {
		best = min(best, h.Without(c).Deadwood())
	}
	return best
}

// Discard is one possible discard and the least deadwood it leaves.
type Discard struct {
	Card     Card
	Deadwood int
}

// DiscardAdvice is what to throw from a hand that has just drawn.
type DiscardAdvice struct {
	// Discards has every card with the deadwood its discard leaves, least
	// first; ties are in card order.
	Discards []Discard
	// Best holds every card whose discard leaves the least deadwood.
	Best Hand
	// Deadwood is the least deadwood after a discard.
	Deadwood int
	// BigGin reports an eleven-card hand whose cards all meld without a discard.
	BigGin bool
	// Arrangement lays out the cards kept after the first best discard; on a
	// big gin it lays out every card.
	Arrangement Arrangement
}

// AdviseDiscard ranks every discard from the hand by the deadwood it leaves.
// The hand must hold at least one card.
func (h Hand) AdviseDiscard() DiscardAdvice {
	adv := DiscardAdvice{Discards: make([]Discard, 0, h.Len()), Deadwood: 1 << 30}
	for x := uint64(h); x != 0; x &= x - 1 {
		c := Card(bits.TrailingZeros64(x))
		d := h.Without(c).Deadwood()
		// Insertion keeps the list ranked, ties in card order, without a sort.
		i := len(adv.Discards)
		adv.Discards = append(adv.Discards, Discard{})
		for ; i > 0 && adv.Discards[i-1].Deadwood > d; i-- {
			adv.Discards[i] = adv.Discards[i-1]
		}
		adv.Discards[i] = Discard{Card: c, Deadwood: d}
		switch {
		case d < adv.Deadwood:
			adv.Deadwood, adv.Best = d, NewHand(c)
		case d == adv.Deadwood:
			adv.Best = adv.Best.With(c)
		}
	}
	if h.Len() == 11 && h.Deadwood() == 0 {
		adv.BigGin = true
		adv.Arrangement = h.Arrange()
	} else if len(adv.Discards) > 0 {
		adv.Arrangement = h.Without(adv.Discards[0].Card).Arrange()
	}
	if h == 0 {
		adv.Deadwood = 0
	}
	return adv
}

// CanKnock says whether a hand of ten cards, or of eleven before its best
// discard, can knock with at most limit deadwood, and whether it is gin. A
// hand of another size has no verdict: ok is false.
func (h Hand) CanKnock(limit int) (canKnock, gin, ok bool) {
	var d int
	switch h.Len() {
	case 10:
		d = h.Deadwood()
	case 11:
		d = h.DeadwoodAfterDiscard()
	default:
		return false, false, false
	}
	return d <= limit, d == 0, true
}

// KnockArrangements yields every way of least deadwood to lay the hand down:
// for eleven cards, the arrangements of the ten kept after each best discard,
// discards in card order, or of all eleven on big gin; for any other number
// of cards, the hand's own arrangements. The card is the discard, NoCard when
// there is none.
func (h Hand) KnockArrangements() iter.Seq2[Card, Arrangement] {
	return func(yield func(Card, Arrangement) bool) {
		each := func(kept Hand, discard Card) bool {
			for a := range kept.Arrangements() {
				if !yield(discard, a) {
					return false
				}
			}
			return true
		}
		if h.Len() != 11 {
			each(h, NoCard)
			return
		}
		adv := h.AdviseDiscard()
		if adv.BigGin {
			each(h, NoCard)
			return
		}
		for c := range adv.Best.All() {
			if !each(h.Without(c), c) {
				return
			}
		}
	}
}

// Outs are the unseen cards that, drawn into a hand, let it knock or go gin
// after the best discard.
type Outs struct {
	Knock  Hand // cards after which the hand can knock (gin included)
	Gin    Hand // cards after which the hand is gin
	Unseen int  // how many cards could be drawn: neither in the hand nor seen
}

// Outs returns the cards not in the hand and not in seen whose draw lets the
// hand knock with at most knockLimit deadwood, and those that give gin.
func (h Hand) Outs(seen Hand, knockLimit int) Outs {
	unseen := FullDeck &^ h &^ seen
	o := Outs{Unseen: unseen.Len()}
	for c := range unseen.All() {
		switch d := h.With(c).DeadwoodAfterDiscard(); {
		case d == 0:
			o.Gin = o.Gin.With(c)
			o.Knock = o.Knock.With(c)
		case d <= knockLimit:
			o.Knock = o.Knock.With(c)
		}
	}
	return o
}
