package advice

import (
	"fmt"
	"math/bits"

	"github.com/gin-rummy/gin/ginrummy"
)

// Position is what a player knows at the table when a decision is due.
type Position struct {
	Hand   ginrummy.Hand // the player's cards: eleven after the draw, or ten with Upcard
	Upcard ginrummy.Card // the face-up card to take or leave, with ten cards; NoCard with eleven
	// FromPile, with eleven cards, is the card just taken from the pile,
	// which may not be thrown back; NoCard after a draw from the stock.
	FromPile ginrummy.Card
	// Discards is the pile under the face-up card, or any card known out
	// of play; it may name cards of Threw.
	Discards ginrummy.Hand
	Took     ginrummy.Hand // cards the opponent took from the pile and still holds
	// Threw is every card the opponent discarded, wherever it is now (the
	// pile, the face-up card, the player's hand, back in their own): evidence
	// of what they do not keep.
	Threw       ginrummy.Hand
	Passed      ginrummy.Hand // face-up cards the opponent declined: evidence only
	Stock       int           // cards left in the stock; Unknown to estimate it
	FirstUpcard ginrummy.Card // the deal's first upcard, which rules like Oklahoma need; NoCard when not given
	// Offer, with ten cards, is the first upcard offer the player is at, if
	// any: then not taking the face-up card passes it (the Draw option).
	Offer Offer
	// Turns is how many turns the opponent has played this hand; 0 counts
	// the cards in Threw.
	Turns int
	// KnockRate is the chance that the opponent knocks at once when they
	// can, as learnt from earlier hands; 0 for DefaultKnockRate.
	KnockRate float64
	// TookMelds is the chance that the opponent takes a card from the pile
	// only to meld it, as learnt from earlier hands: the evidence model gives
	// each card they took, with that chance, two cards that meld with it; 0
	// for DefaultTookMelds.
	TookMelds float64
}

// The chances that an opponent knocks as soon as they can: before anything
// is known of their style (3 to 2 for knocking early: with even odds the
// evidence model judged knocks against early knockers riskier than they
// were, more than it judged those against a player who waits safer; chosen
// by gin arena --calibration, docs/arena.md), and for one seen to knock
// early or to wait for gin (gin advise --opponent-knocks).
const (
	DefaultKnockRate = 0.6
	KnocksEarly      = 0.95
	WaitsForGin      = 0.05
)

// The chances that an opponent takes a card from the pile only to meld it:
// before anything is known, and for one seen to do so or to take any card
// that lowers their deadwood (gin advise --opponent-takes).
const (
	DefaultTookMelds = 0.5
	TakesToMeld      = 0.95
	TakesAny         = 0.05
)

// Offer is a first upcard offer: the deal's face-up card, offered to the
// non-dealer first and then to the dealer, before anyone draws.
type Offer uint8

// The offers. At either, the player takes the face-up card or passes it.
const (
	NoOffer     Offer = iota // after the first offer: take the face-up card or draw from the stock
	FirstOffer               // the non-dealer's: a pass offers it to the dealer, who takes it or passes it back, and then the non-dealer draws
	DealerOffer              // the dealer's, the non-dealer having passed: a pass leaves the non-dealer to draw first
)

// Unknown is the Stock of a position whose stock was not counted.
const Unknown = -1

// OpponentCards is how many cards the opponent holds between turns.
const OpponentCards = 10

// PositionError is a position that cannot be: a card in two places, a hand
// of the wrong size, or counts that do not add up. Card is the card at
// fault, or NoCard when a count is.
type PositionError struct {
	Card ginrummy.Card
	What string // what is wrong and what to do, in words
}

func (e *PositionError) Error() string { return e.What }

// BadInput marks a position that cannot be as wrong input
// (ginrummy.InputError).
func (e *PositionError) BadInput() {}

// places names where a card of a position can be, for errors.
type place struct {
	name  string
	cards ginrummy.Hand
}

// Check reports the first thing about p that cannot be, as a *PositionError.
func (p Position) Check() error {
	n := p.Hand.Len()
	switch {
	case n == 11 && p.Upcard != ginrummy.NoCard:
		return &PositionError{ginrummy.NoCard, "the hand has 11 cards, so it has drawn: --upcard is for 10 cards before the draw"}
	case n == 10 && p.Upcard == ginrummy.NoCard:
		return &PositionError{ginrummy.NoCard, "the hand has 10 cards: give the face-up card with --upcard CARD to decide take or draw, or 11 cards after the draw"}
	case n != 10 && n != 11:
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("the hand has %d cards: give 11 after the draw, or 10 with --upcard CARD", n)}
	}
	switch {
	case p.FromPile == ginrummy.NoCard:
	case !p.FromPile.IsValid():
		return &PositionError{ginrummy.NoCard, "the card taken from the pile is not a card"}
	case n == 10:
		return &PositionError{p.FromPile, fmt.Sprintf("--from-pile %v: the hand has 10 cards, so it has not drawn; give the 11 cards after taking it", p.FromPile)}
	case !p.Hand.Has(p.FromPile):
		return &PositionError{p.FromPile, fmt.Sprintf("--from-pile %v is not in your hand: give the 11 cards after taking it, with it among them", p.FromPile)}
	}
	// The cards the opponent threw may be anywhere now, so they are in
	// none of the places below.
	places := []place{{"your hand", p.Hand}, {"--discards", p.Discards}, {"--took", p.Took}}
	if p.Upcard != ginrummy.NoCard {
		places = append(places, place{"--upcard", ginrummy.NewHand(p.Upcard)})
	}
	for i, a := range places {
		for _, b := range places[i+1:] {
			if both := a.cards & b.cards; both != 0 {
				c := first(both)
				return &PositionError{c, fmt.Sprintf("%v is in %s and in %s: a card is in one place only", c, a.name, b.name)}
			}
		}
	}
	if p.Offer != NoOffer && n != OpponentCards {
		return &PositionError{ginrummy.NoCard, "the first upcard is offered before the draw: give ten cards and the face-up card"}
	}
	if t := p.Took.Len(); t > OpponentCards {
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("--took names %d cards, but the opponent holds %d", t, OpponentCards)}
	}
	unseen, unknown := p.Unseen().Len(), OpponentCards-p.Took.Len()
	if unseen < unknown {
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("only %d cards are unseen, fewer than the %d the opponent holds besides --took: a card is named that cannot be out of play", unseen, unknown)}
	}
	if p.Turns < 0 {
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("the opponent has played %d turns: give 0 or more", p.Turns)}
	}
	// A rate of 1 would weigh every hand that could knock at nothing, and
	// a sample of only such hands at nothing at all.
	if !(p.KnockRate >= 0 && p.KnockRate < 1) {
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("a knock rate of %v: give a chance from 0 to below 1", p.KnockRate)}
	}
	if !(p.TookMelds >= 0 && p.TookMelds <= 1) {
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("a chance of %v that a card taken made a meld: give a chance from 0 to 1", p.TookMelds)}
	}
	// A discard that leaves ginrummy.StockLeft cards or fewer ends the
	// hand, so a turn starts with more, and a draw from the stock leaves
	// at least that many.
	least := ginrummy.StockLeft
	if p.Hand.Len() == OpponentCards {
		least++
	}
	if p.Stock != Unknown && (p.Stock < 0 || p.Stock > unseen-unknown) {
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("--stock %d: the stock can hold %d to %d cards (%d unseen, %d of them in the opponent's hand)", p.Stock, least, unseen-unknown, unseen, unknown)}
	}
	if n := p.StockSize(); n < least {
		what := fmt.Sprintf("--stock %d", n)
		if p.Stock == Unknown {
			what = fmt.Sprintf("the cards named leave %d in the stock", n)
		}
		return &PositionError{ginrummy.NoCard, fmt.Sprintf("%s: the hand is over, drawn once a discard leaves %d cards or fewer in the stock; with %d cards in hand the stock holds %d or more", what, ginrummy.StockLeft, p.Hand.Len(), least)}
	}
	if !p.FirstUpcard.IsValid() && p.FirstUpcard != ginrummy.NoCard {
		return &PositionError{ginrummy.NoCard, "the first upcard is not a card"}
	}
	return nil
}

// Unseen returns the cards the player has not seen: in the opponent's hand,
// the stock, or out of play unnoticed. A card named in several lists is
// seen once.
func (p Position) Unseen() ginrummy.Hand {
	seen := p.Hand | p.Discards | p.Took | p.Threw
	if p.Upcard != ginrummy.NoCard {
		seen = seen.With(p.Upcard)
	}
	return ginrummy.FullDeck &^ seen
}

// StockSize is the stock as given, or, when unknown, every unseen card that
// the opponent does not hold: the estimate assumes the discards given are
// the whole pile.
func (p Position) StockSize() int {
	if p.Stock != Unknown {
		return p.Stock
	}
	return p.Unseen().Len() - (OpponentCards - p.Took.Len())
}

func first(h ginrummy.Hand) ginrummy.Card {
	return ginrummy.Card(bits.TrailingZeros64(uint64(h)))
}
