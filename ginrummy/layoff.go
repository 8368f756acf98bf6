package ginrummy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
)

// How layoffs are found. A group of the defender's cards can all be laid off
// exactly when each is the missing fourth card of one of the knocker's
// three-card sets, or is joined to an end of one of the knocker's runs by
// consecutive cards of its suit that are all in the group. So the search
// takes, for every run end, how far a chain of the defender's cards reaches
// out from it, and for every three-card set whether its fourth card goes; the
// defender's deadwood for each choice is the Deadwood of the cards it keeps.
// Melds and layoffs are chosen together that way, so a layoff may take a card
// out of a meld the defender would otherwise have made. A knocker who is not
// gin melds at most nine cards: at most three melds and six run ends.

// The reasons DefenderReply and LayDown refuse their input. A *CardError wraps
// ErrSharedCard or ErrMeldsOverlap and names the card.
var (
	ErrInvalidHand  = errors.New("a hand holds bits that are not cards")
	ErrSharedCard   = errors.New("held by the knocker and the defender")
	ErrMeldsOverlap = errors.New("in two of the knocker's melds")
	ErrKnockerSize  = errors.New("not ten or eleven")
)

// CardError names the card that two hands, or two melds, both hold.
type CardError struct {
	Card Card
	Err  error // ErrSharedCard or ErrMeldsOverlap
}

func (e *CardError) Error() string { return fmt.Sprintf("card %v: %v", e.Card, e.Err) }

// Unwrap returns the reason, for errors.Is.
func (e *CardError) Unwrap() error { return e.Err }

// Layoff is one card the defender lays off and the knocker's meld it joins.
type Layoff struct {
	Card Card
	Meld int // the index of the knocker's meld: in DefenderReply's melds, or in Spread.Knocker.Melds()
}

// Reply is the defender's reply to a knock: its melds, its layoffs and the deadwood left.
type Reply struct {
	Arrangement             // the defender's melds and its deadwood after layoffs
	Layoffs        []Layoff // the cards laid off, by knocker meld and then card order; nil for none
	WithoutLayoffs int      // the defender's least deadwood had it laid nothing off
	Gin            bool     // the knocker went gin, ten or eleven cards melded, so nothing was laid off
	BigGin         bool     // the knocker melded eleven cards
}

// DefenderReply finds the defender's best reply to the knocker's melds as declared.
//
// The defender chooses its own melds and its layoffs together, for the least
// deadwood. A card laid off is the fourth card of a three-card set, or
// extends a run at either end, ace low, possibly beyond other cards laid off:
// a set's fourth card may extend a run and carry a chain further. Nothing is
// laid off on gin: melds covering ten or eleven cards.
//
// When several replies leave the same deadwood, DefenderReply lays off the fewest
// cards, and then the cards that come first in card order, compared one by
// one as Hand.All lists them; the cards it keeps are laid out as Arrange does.
// A card laid off joins a run it extends, unless it is a set's fourth card
// that no further card on the run chains on, which joins its set.
//
// A meld that is not a set or a run is a *MeldError wrapping ErrNotMeld; a
// card in two melds, or in the melds and the defender's hand, is a *CardError;
// melds holding more than eleven cards are ErrKnockerSize.
func DefenderReply(knocker []Meld, defender Hand) (Reply, error) {
	if !defender.IsValid() {
		return Reply{}, ErrInvalidHand
	}
	var melded Hand
	for i, m := range knocker {
		if !m.IsValid() || Hand(m)&^FullDeck != 0 {
			return Reply{}, &MeldError{Pos: i + 1, Text: m.String(), Cards: Hand(m).Len(), Err: ErrNotMeld}
		}
		if both := melded & Hand(m); both != 0 {
			return Reply{}, &CardError{Card: firstCard(both), Err: ErrMeldsOverlap}
		}
		melded |= Hand(m)
	}
	if n := melded.Len(); n > 11 {
		return Reply{}, &wordedError{fmt.Sprintf("the knocker's melds hold %d cards, more than a hand", n), ErrKnockerSize}
	}
	if both := melded & defender; both != 0 {
		return Reply{}, &CardError{Card: firstCard(both), Err: ErrSharedCard}
	}
	return defenderReply(knocker, defender), nil
}

// wordedError says in its own words what its reason, for errors.Is, would
// say less well.
type wordedError struct {
	text   string
	reason error
}

func (e *wordedError) Error() string { return e.text }
func (e *wordedError) Unwrap() error { return e.reason }

// firstCard returns the first card of a hand that is not empty.
func firstCard(h Hand) Card { return Card(bits.TrailingZeros64(uint64(h))) }

// defenderReply is DefenderReply on melds already checked.
func defenderReply(melds []Meld, defender Hand) Reply {
	var melded Hand
	for _, m := range melds {
		melded |= Hand(m)
	}
	if n := melded.Len(); n >= 10 {
		a := defender.Arrange()
		return Reply{Arrangement: a, WithoutLayoffs: a.Deadwood, Gin: true, BigGin: n == 11}
	}
	s := layoffSearch{melds: melds, defender: defender, deadwood: 1 << 30}
	s.walk(0, 0)
	return Reply{
		Arrangement:    (defender &^ s.laid).Arrange(),
		Layoffs:        layoffsOnto(melds, s.laid),
		WithoutLayoffs: s.without,
	}
}

// layoffSearch tries every group of cards the defender can lay off.
type layoffSearch struct {
	melds    []Meld
	defender Hand
	laid     Hand // the best group so far
	deadwood int  // the deadwood it leaves
	without  int  // the deadwood when nothing is laid off
}

// walk chooses what meld i and the melds after it take, given the cards laid
// off on the melds before it. Each meld tries taking fewer cards first, so the
// first group tried is the empty one.
func (s *layoffSearch) walk(i int, laid Hand) {
	if i == len(s.melds) {
		s.consider(laid)
		return
	}
	m := Hand(s.melds[i])
	if s.melds[i].IsSet() {
		s.walk(i+1, laid)
		if c := setFourth(m) & s.defender; c != 0 {
			s.walk(i+1, laid|c)
		}
		return
	}
	for down := Hand(0); ; {
		for up := Hand(0); ; {
			s.walk(i+1, laid|down|up)
			c := cardAbove(m|up) & s.defender
			if c == 0 {
				break
			}
			up |= c
		}
		c := cardBelow(m|down) & s.defender
		if c == 0 {
			break
		}
		down |= c
	}
}

// consider keeps the group laid if it is better than the best so far.
func (s *layoffSearch) consider(laid Hand) {
	// Once a reply leaves no deadwood, only fewer cards laid off can beat it.
	if s.deadwood == 0 && laid.Len() > s.laid.Len() {
		return
	}
	d := (s.defender &^ laid).Deadwood()
	if laid == 0 {
		s.without = d
	}
	if d < s.deadwood || d == s.deadwood && firstInOrder(laid, s.laid) {
		s.deadwood, s.laid = d, laid
	}
}

// firstInOrder reports whether a comes before b in the order of the ties:
// fewer cards first, then, between groups of the same size, the group that
// holds the first card in which they differ.
func firstInOrder(a, b Hand) bool {
	if na, nb := a.Len(), b.Len(); na != nb {
		return na < nb
	}
	diff := a ^ b
	return a&diff&-diff != 0
}

// fourthCard returns the card that makes a three-card set four; nothing for
// any other meld.
func fourthCard(m Meld) Hand {
	if m.Len() != 3 || !m.IsSet() {
		return 0
	}
	r := bits.TrailingZeros64(uint64(m)) & 15
	return spread(^rankSuits(Hand(m), r)&(1<<NumSuits-1), r)
}

// setFourth is fourthCard of a meld known to be a set, found with fewer
// steps: the cards of its rank it lacks, if it has three.
func setFourth(m Hand) Hand {
	if m.Len() != 3 {
		return 0
	}
	return rankBits << (bits.TrailingZeros64(uint64(m)) & 15) &^ m
}

// cardBelow returns the card one rank below the lowest card of h, in its
// suit; nothing below an ace.
func cardBelow(h Hand) Hand {
	low := bits.TrailingZeros64(uint64(h))
	if low&15 == int(Ace) {
		return 0
	}
	return 1 << (low - 1)
}

// cardAbove returns the card one rank above the highest card of h, in its
// suit; nothing above a king.
func cardAbove(h Hand) Hand {
	high := 63 - bits.LeadingZeros64(uint64(h))
	if high&15 >= int(King) {
		return 0
	}
	return 1 << (high + 1)
}

// maxKnockerMelds is the most melds a knocker who is not gin can have: nine
// cards in threes.
const maxKnockerMelds = 3

// layoffsOnto says which meld each card laid off joins. Runs take the cards
// that chain on to their ends, except the fourth cards of sets at the outer
// end of a chain, which go to their sets.
func layoffsOnto(melds []Meld, laid Hand) []Layoff {
	if laid == 0 {
		return nil
	}
	var onto [maxKnockerMelds]Hand
	var fourths Hand
	for i, m := range melds {
		c := fourthCard(m) & laid
		onto[i] = c
		fourths |= c
	}
	free := laid
	for i, m := range melds {
		if !m.IsRun() {
			continue
		}
		for _, next := range [2]func(Hand) Hand{cardBelow, cardAbove} {
			var chain, needed Hand
			for c := next(Hand(m)); c&free != 0; c = next(c) {
				chain |= c
				if c&fourths == 0 {
					needed = chain
				}
			}
			onto[i] |= needed
			free &^= needed
		}
	}
	layoffs := make([]Layoff, 0, laid.Len())
	for i, m := range melds {
		if m.IsSet() {
			onto[i] &= free
		}
		for c := range onto[i].All() {
			layoffs = append(layoffs, Layoff{Card: c, Meld: i})
		}
	}
	return layoffs
}

// Spread is a knock laid down: the knocker's melds as spread on the table and the defender's reply.
type Spread struct {
	Knocker  Arrangement // the knocker's melds and deadwood, after the discard
	Discard  Card        // the card thrown from eleven; NoCard from ten cards and on big gin
	Defender Reply       // the defender's reply; its Gin and BigGin say whether the knocker went gin
}

// MarshalJSON writes the spread as a score sheet records it: the knocker's
// melds, its discard from eleven cards (left out from ten), its deadwood
// cards and count; the defender's melds, each card it laid off with the meld
// it joined, its deadwood cards and count, and the deadwood it would have had
// without laying off.
func (s Spread) MarshalJSON() ([]byte, error) {
	k, d := s.Knocker, s.Defender
	melds := func(a *Arrangement) [][]Card {
		out := make([][]Card, 0, len(a.Melds()))
		for _, m := range a.Melds() {
			out = append(out, m.Cards().Cards())
		}
		return out
	}
	out := struct {
		KnockerMelds           [][]Card     `json:"knocker_melds"`
		Discard                *Card        `json:"discard,omitempty"`
		KnockerDeadwoodCards   []Card       `json:"knocker_deadwood_cards"`
		KnockerDeadwood        int          `json:"knocker_deadwood"`
		DefenderMelds          [][]Card     `json:"defender_melds"`
		Layoffs                []LayoffJSON `json:"layoffs"`
		DefenderDeadwoodCards  []Card       `json:"defender_deadwood_cards"`
		DefenderDeadwood       int          `json:"defender_deadwood"`
		DeadwoodWithoutLayoffs int          `json:"deadwood_without_layoffs"`
	}{
		KnockerMelds: melds(&k), KnockerDeadwoodCards: k.Unmelded.Cards(), KnockerDeadwood: k.Deadwood,
		DefenderMelds: melds(&d.Arrangement), Layoffs: LayoffsJSON(d.Layoffs, k.Melds()), DefenderDeadwoodCards: d.Unmelded.Cards(),
		DefenderDeadwood: d.Deadwood, DeadwoodWithoutLayoffs: d.WithoutLayoffs,
	}
	if s.Discard.IsValid() {
		out.Discard = &s.Discard
	}
	return json.Marshal(out)
}

// LayoffJSON is a layoff as gin's JSON writes it, wherever it appears: the
// card, and the cards of the knocker's meld it joins.
type LayoffJSON struct {
	Card Card   `json:"card"`
	Meld []Card `json:"meld"`
}

// LayoffsJSON returns layoffs on melds, the knocker's melds they index, for
// JSON; an empty list, never nil, when there are none.
func LayoffsJSON(layoffs []Layoff, melds []Meld) []LayoffJSON {
	out := make([]LayoffJSON, len(layoffs))
	for i, l := range layoffs {
		out[i] = LayoffJSON{l.Card, melds[l.Meld].Cards().Cards()}
	}
	return out
}

// LayDown chooses how the knocker, holding ten or eleven cards, lays its hand
// down against the defender.
//
// The knocker's deadwood comes first: LayDown takes only arrangements of the
// least deadwood, after one of the best discards from eleven cards, or all
// eleven cards on big gin. Among those it takes the one that leaves the
// defender the most deadwood after its best reply (DefenderReply); then the first
// discard in card order, then the first arrangement that Hand.Arrangements
// yields. Whether that deadwood is within a knock limit is for the caller.
//
// A knocker not holding ten or eleven cards is ErrKnockerSize; a card in both
// hands is a *CardError wrapping ErrSharedCard.
func LayDown(knocker, defender Hand) (Spread, error) {
	if !knocker.IsValid() || !defender.IsValid() {
		return Spread{}, ErrInvalidHand
	}
	if n := knocker.Len(); n != 10 && n != 11 {
		return Spread{}, fmt.Errorf("the knocker holds %s, %w", cardCount(n), ErrKnockerSize)
	}
	if both := knocker & defender; both != 0 {
		return Spread{}, &CardError{Card: firstCard(both), Err: ErrSharedCard}
	}
	var best Spread
	found := false
	for discard, a := range knocker.KnockArrangements() {
		if reply := defenderReply(a.Melds(), defender); !found || reply.Deadwood > best.Defender.Deadwood {
			best = Spread{Knocker: a, Discard: discard, Defender: reply}
			found = true
		}
	}
	return best, nil
}
