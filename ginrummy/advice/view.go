package advice

import (
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// PositionOf is the position a player's view of a hand shows: the one
// derivation of what a player knows, which the arena's advise bot, a hand
// record and gin hand all take. With ten cards the decision is take or draw
// (the face-up card is Upcard); with eleven, what to throw, never the card
// just taken from the pile (FromPile). The pile under the face-up card is
// dead (Discards); every card the opponent threw is evidence, wherever it
// is now (Threw: the pile, the face-up card, the player's hand), and their
// turns are counted from it. The moves the advice values are the round's
// legal moves (Legal). What is learnt over a game (KnockRate,
// TookMelds) is left at its default.
func PositionOf(v table.View) Position {
	pile := ginrummy.NewHand(v.Pile()...)
	p := Position{
		Hand: v.Hand(), Upcard: ginrummy.NoCard, FromPile: ginrummy.NoCard, Took: v.OpponentTook(), Passed: v.OpponentPassed(),
		Threw: v.OpponentThrew(), Stock: v.Stock(), FirstUpcard: ginrummy.NoCard, Legal: v.Legal(),
	}
	if p.Hand.Len() == OpponentCards {
		p.Upcard = v.Upcard()
		switch {
		case !v.FirstOffer():
		case v.Dealt():
			p.Offer = DealerOffer
		default:
			p.Offer = FirstOffer
		}
		pile = pile.Without(p.Upcard)
	} else {
		p.FromPile = v.Taken()
	}
	p.Discards = pile
	if v.Rules().UsesUpcard() {
		p.FirstUpcard = v.FirstUpcard()
	}
	return p
}

// Seen is what the playing policy knows at position p, with the knock limit
// of the hand: the one position, seen by the policy.
func (p Position) Seen(limit int) Seen {
	return Seen{Hand: p.Hand, Unseen: p.Unseen(), Took: p.Took, Limit: limit, Taken: p.FromPile}
}
