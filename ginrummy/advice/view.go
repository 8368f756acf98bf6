package advice

import (
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// PositionOf is the position a player's view of a hand shows: the one
// derivation of what a player knows, which the arena's advise bot, a hand
// record and gin hand all take. With ten cards the decision is take or draw
// (the face-up card is Upcard); with eleven, what to throw, never the card
// just taken from the pile (FromPile). The pile under
// the face-up card is dead; the opponent's throws still in it are evidence
// as well. What is learnt over a game (KnockRate, TookMelds) is left at its
// default.
func PositionOf(v table.View) Position {
	pile := ginrummy.NewHand(v.Pile()...)
	p := Position{
		Hand: v.Hand(), Upcard: ginrummy.NoCard, FromPile: ginrummy.NoCard, Took: v.OpponentTook(), Passed: v.OpponentPassed(),
		Stock: v.Stock(), FirstUpcard: ginrummy.NoCard, Turns: v.OpponentThrew().Len(),
	}
	if p.Hand.Len() == OpponentCards {
		p.Upcard = v.Upcard()
		pile = pile.Without(p.Upcard)
	} else {
		p.FromPile = v.Taken()
	}
	p.Threw = v.OpponentThrew() & pile
	p.Discards = pile &^ p.Threw
	if v.Rules().UsesUpcard() {
		p.FirstUpcard = v.FirstUpcard()
	}
	return p
}
