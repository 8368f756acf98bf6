package advice

import (
	"math/bits"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
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
	// Strong is set when the opponent plays as the advice does (seen to
	// knock early and to wait: Style.Strong): they knock by value, not as
	// soon as they can nor always waiting, so a hand that could knock and
	// did not weighs by how often the advice waits with its deadwood and
	// stock (strongKnocks), not by KnockRate, and their throws, safe ones,
	// say less of their hand. Their style is then known: a knock is valued
	// once.
	Strong bool
	// KnocksFrom is the stock from which the opponent knocks as soon as
	// they can, when known (a player who waits for gin until the stock runs
	// low, seen to knock with deadwood with that many cards left; gin advise
	// --opponent-knocks-from); 0 when not. Once their last turn came with
	// that many cards in the stock or fewer, they are taken to knock at once
	// (KnocksLate), whatever KnockRate says of them earlier in a hand.
	KnocksFrom int
	// TookMelds is the chance that the opponent takes a card from the pile
	// only to meld it, as learnt from earlier hands: the evidence model gives
	// each card they took, with that chance, two cards that meld with it; 0
	// for DefaultTookMelds.
	TookMelds float64
	// Legal is the moves the rules allow the player, when the position is
	// a round's (PositionOf: table.View.Legal); nil lists them from the
	// position's cards (Situation), as the round would.
	Legal []table.Action
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

// KnocksLate is the chance that the opponent knocks as soon as they can once
// the stock is down to Position.KnocksFrom: all but sure (docs/arena.md).
const KnocksLate = 0.999

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

// places names where a card of a position can be, for errors.
type place struct {
	part  Part
	cards ginrummy.Hand
}

// Check reports the first thing about p that cannot be, as a *PositionError.
func (p Position) Check() error {
	n := p.Hand.Len()
	switch {
	case n == 11 && p.Upcard != ginrummy.NoCard:
		return &PositionError{Part: PartUpcard, Card: p.Upcard, Count: n, Err: ErrDrawn}
	case n == 10 && p.Upcard == ginrummy.NoCard:
		return &PositionError{Part: PartUpcard, Card: ginrummy.NoCard, Count: n, Err: ErrNoUpcard}
	case n != 10 && n != 11:
		return &PositionError{Part: PartHand, Card: ginrummy.NoCard, Count: n, Err: ErrHandSize}
	}
	switch {
	case p.FromPile == ginrummy.NoCard:
	case !p.FromPile.IsValid():
		return &PositionError{Part: PartFromPile, Card: ginrummy.NoCard, Err: ErrNotCard}
	case n == 10:
		return &PositionError{Part: PartFromPile, Card: p.FromPile, Count: n, Err: ErrNotDrawn}
	case !p.Hand.Has(p.FromPile):
		return &PositionError{Part: PartFromPile, Card: p.FromPile, Err: ErrNotHeld}
	}
	// The cards the opponent threw may be anywhere now, so they are in
	// none of the places below.
	places := []place{{PartHand, p.Hand}, {PartDiscards, p.Discards}, {PartTook, p.Took}}
	if p.Upcard != ginrummy.NoCard {
		places = append(places, place{PartUpcard, ginrummy.NewHand(p.Upcard)})
	}
	for i, a := range places {
		for _, b := range places[i+1:] {
			if both := a.cards & b.cards; both != 0 {
				return &PositionError{Part: a.part, Other: b.part, Card: first(both), Err: ErrTwoPlaces}
			}
		}
	}
	if p.Offer != NoOffer && n != OpponentCards {
		return &PositionError{Part: PartOffer, Card: ginrummy.NoCard, Count: n, Err: ErrOfferAfterDraw}
	}
	if t := p.Took.Len(); t > OpponentCards {
		return &PositionError{Part: PartTook, Card: ginrummy.NoCard, Count: t, Most: OpponentCards, Err: ErrTookTooMany}
	}
	unseen, unknown := p.Unseen().Len(), OpponentCards-p.Took.Len()
	if unseen < unknown {
		return &PositionError{Part: PartSeen, Card: ginrummy.NoCard, Count: unseen, Least: unknown, Err: ErrTooFewUnseen}
	}
	if p.Turns < 0 {
		return &PositionError{Part: PartTurns, Card: ginrummy.NoCard, Count: p.Turns, Err: ErrTurns}
	}
	// A rate of 1 would weigh every hand that could knock at nothing, and
	// a sample of only such hands at nothing at all.
	if !(p.KnockRate >= 0 && p.KnockRate < 1) {
		return &PositionError{Part: PartKnockRate, Card: ginrummy.NoCard, Chance: p.KnockRate, Err: ErrChance}
	}
	if p.KnocksFrom < 0 {
		return &PositionError{Part: PartKnocksFrom, Card: ginrummy.NoCard, Count: p.KnocksFrom, Err: ErrKnocksFrom}
	}
	if !(p.TookMelds >= 0 && p.TookMelds <= 1) {
		return &PositionError{Part: PartTookMelds, Card: ginrummy.NoCard, Chance: p.TookMelds, Err: ErrChance}
	}
	// A discard that leaves ginrummy.StockLeft cards or fewer ends the
	// hand, so a turn starts with more, and a draw from the stock leaves
	// at least that many.
	least := ginrummy.StockLeft
	if p.Hand.Len() == OpponentCards {
		least++
	}
	if p.Stock != Unknown && (p.Stock < 0 || p.Stock > unseen-unknown) {
		return &PositionError{Part: PartStock, Card: ginrummy.NoCard, Count: p.Stock, Least: least, Most: unseen - unknown, Unseen: unseen, Err: ErrStockSize}
	}
	if n := p.StockSize(); n < least {
		part := PartStock
		if p.Stock == Unknown {
			part = PartSeen
		}
		return &PositionError{Part: part, Card: ginrummy.NoCard, Count: n, Least: least, Held: p.Hand.Len(), Err: ErrStockRunDown}
	}
	if !p.FirstUpcard.IsValid() && p.FirstUpcard != ginrummy.NoCard {
		return &PositionError{Part: PartFirstUpcard, Card: ginrummy.NoCard, Err: ErrNotCard}
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
