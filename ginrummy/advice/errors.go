package advice

import (
	"errors"
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
)

// Part is a part of a position, as an error names the part at fault.
type Part uint8

// The parts of a position.
const (
	PartHand        Part = iota // the player's cards
	PartUpcard                  // the face-up card, with ten cards
	PartFromPile                // the card just taken from the pile, with eleven
	PartDiscards                // the pile, or cards known out of play
	PartTook                    // the cards the opponent took from the pile
	PartSeen                    // every card named: what they leave unseen, and in the stock
	PartStock                   // the stock, as counted
	PartOffer                   // the first upcard offer
	PartTurns                   // the opponent's turns
	PartKnockRate               // the chance that the opponent knocks at once
	PartTookMelds               // the chance that a card the opponent took made a meld
	PartFirstUpcard             // the deal's first upcard
	PartKnocksFrom              // the stock from which the opponent knocks at once
)

var partNames = [...]string{
	PartHand:        "your hand",
	PartUpcard:      "the face-up card",
	PartFromPile:    "the card taken from the pile",
	PartDiscards:    "the discards",
	PartTook:        "the cards the opponent took",
	PartSeen:        "the cards named",
	PartStock:       "the stock",
	PartOffer:       "the first upcard offer",
	PartTurns:       "the opponent's turns",
	PartKnockRate:   "the knock rate",
	PartTookMelds:   "the chance a card taken made a meld",
	PartFirstUpcard: "the first upcard",
	PartKnocksFrom:  "the stock they knock from",
}

// String names the part in the game's words: "the discards".
func (p Part) String() string {
	if int(p) < len(partNames) {
		return partNames[p]
	}
	return fmt.Sprintf("part %d", p)
}

// The reasons a position cannot be; a *PositionError wraps one.
var (
	ErrHandSize       = errors.New("not ten cards with the face-up card, or eleven")
	ErrDrawn          = errors.New("eleven cards have drawn, so no card is face up to take")
	ErrNoUpcard       = errors.New("ten cards decide on the face-up card")
	ErrNotCard        = errors.New("not a card")
	ErrNotDrawn       = errors.New("ten cards have not drawn")
	ErrNotHeld        = errors.New("not in your hand")
	ErrTwoPlaces      = errors.New("a card in two places")
	ErrOfferAfterDraw = errors.New("the first upcard is offered before the draw")
	ErrTookTooMany    = errors.New("more cards taken than the opponent holds")
	ErrTooFewUnseen   = errors.New("fewer cards unseen than the opponent holds")
	ErrTurns          = errors.New("turns are 0 or more")
	ErrChance         = errors.New("not a chance")
	ErrKnocksFrom     = errors.New("a stock to knock from is 0 or more")
	ErrStockSize      = errors.New("more or fewer cards in the stock than could be")
	ErrStockRunDown   = errors.New("the hand is drawn")
)

// PositionError is a position that cannot be: which part of it is at fault
// (and, for a card in two places, the other part), the card or the counts,
// and the reason for errors.Is. The counts are those the reason needs.
type PositionError struct {
	Part   Part
	Other  Part          // with ErrTwoPlaces, the second part that holds Card
	Card   ginrummy.Card // the card at fault; NoCard when a count is
	Count  int           // the count at fault: cards held or taken, cards left unseen or in the stock, turns
	Least  int           // the least Count that could be
	Most   int           // the most Count that could be, with ErrStockSize
	Unseen int           // with ErrStockSize, the cards unseen (the stock and the opponent's hidden cards)
	Held   int           // with ErrStockRunDown, the cards in the player's hand
	Chance float64       // with ErrChance, the chance given
	Err    error         // the reason
}

// Error says what is wrong in the game's words; a command words it for its
// own way of giving a position.
func (e *PositionError) Error() string {
	switch e.Err {
	case ErrHandSize:
		return fmt.Sprintf("the hand has %d cards: give 11 after the draw, or 10 with the face-up card", e.Count)
	case ErrDrawn:
		return "the hand has 11 cards, so it has drawn: a face-up card is for 10 cards before the draw"
	case ErrNoUpcard:
		return "the hand has 10 cards: give the face-up card to decide take or draw, or 11 cards after the draw"
	case ErrNotCard:
		return fmt.Sprintf("%v is not a card", e.Part)
	case ErrNotDrawn:
		return fmt.Sprintf("%v, %v: the hand has 10 cards, so it has not drawn; give the 11 cards after taking it", e.Part, e.Card)
	case ErrNotHeld:
		return fmt.Sprintf("%v, %v, is not in your hand: give the 11 cards after taking it, with it among them", e.Part, e.Card)
	case ErrTwoPlaces:
		return fmt.Sprintf("%v is in %v and in %v: a card is in one place only", e.Card, e.Part, e.Other)
	case ErrOfferAfterDraw:
		return "the first upcard is offered before the draw: give ten cards and the face-up card"
	case ErrTookTooMany:
		return fmt.Sprintf("the opponent took %d cards, but holds %d", e.Count, OpponentCards)
	case ErrTooFewUnseen:
		return fmt.Sprintf("only %d cards are unseen, fewer than the %d the opponent holds besides the cards they took: a card is named that cannot be out of play", e.Count, e.Least)
	case ErrTurns:
		return fmt.Sprintf("the opponent has played %d turns: give 0 or more", e.Count)
	case ErrKnocksFrom:
		return fmt.Sprintf("knocking as soon as they can from a stock of %d: give 0 (not known) or more cards", e.Count)
	case ErrChance:
		if e.Part == PartKnockRate {
			return fmt.Sprintf("a knock rate of %v: give a chance from 0 to below 1", e.Chance)
		}
		return fmt.Sprintf("a chance of %v that a card taken made a meld: give a chance from 0 to 1", e.Chance)
	case ErrStockSize:
		return fmt.Sprintf("a stock of %d: the stock can hold %d to %d cards (%d unseen, %d of them in the opponent's hand)", e.Count, e.Least, e.Most, e.Unseen, e.Unseen-e.Most)
	case ErrStockRunDown:
		what := fmt.Sprintf("a stock of %d", e.Count)
		if e.Part == PartSeen {
			what = fmt.Sprintf("the cards named leave %d in the stock", e.Count)
		}
		return fmt.Sprintf("%s: the hand is over, drawn once a discard leaves %d cards or fewer in the stock; with %d cards in hand the stock holds %d or more", what, ginrummy.StockLeft, e.Held, e.Least)
	}
	return fmt.Sprintf("%v: %v", e.Part, e.Err)
}

// Unwrap returns the reason.
func (e *PositionError) Unwrap() error { return e.Err }

// BadInput marks a position that cannot be as wrong input.
func (e *PositionError) BadInput() {}

// The reasons Advise refuses Settings.Exact; an *ExactError wraps one.
var (
	ErrExactModel   = errors.New("exact figures weigh every hand the opponent can hold alike, which is the uniform model")
	ErrExactTooMany = errors.New("too many hands to enumerate")
)

// ExactError is exact figures asked for where they cannot be had: under a
// model other than the uniform one, or over more than MaxExact hands.
type ExactError struct {
	Hands int // the hands the opponent can hold, with ErrExactTooMany
	Err   error
}

// Error says why, in the game's words.
func (e *ExactError) Error() string {
	if e.Err == ErrExactTooMany {
		return fmt.Sprintf("the opponent can hold %d different hands, more than the %d that exact figures enumerate: sample them", e.Hands, MaxExact)
	}
	return e.Err.Error() + " (the evidence model samples hands played forward from a deal)"
}

// Unwrap returns the reason.
func (e *ExactError) Unwrap() error { return e.Err }

// BadInput marks settings that cannot be as wrong input.
func (e *ExactError) BadInput() {}
