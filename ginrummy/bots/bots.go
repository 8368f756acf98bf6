// Package bots holds the players the arena pits against each other: the
// tournament baseline (simple), two other styles (knocker, gin-hunter),
// mixed, which plays each game as one of those three, and advise, which
// plays by the advice engine for the game, and advise-hand, which plays it
// for the hand's points.
package bots

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Names lists the bots, for --bots.
func Names() []string {
	return []string{"simple", "knocker", "gin-hunter", "mixed", "advise", "advise-hand"}
}

// PlaysByAdvice reports whether the bot of that name plays by the advice
// engine, whose effort AdviseOptions sets.
func PlaysByAdvice(name string) bool { return name == "advise" || name == "advise-hand" }

// About says in a line how a bot plays.
func About(name string) string {
	switch name {
	case "simple":
		return "the tournament baseline: takes a card that makes a meld, throws its highest unmelded card, knocks at once"
	case "knocker":
		return "takes any card that lowers its deadwood, throws to the least deadwood, knocks at the first chance"
	case "gin-hunter":
		return "takes a card that makes a meld, throws to the least deadwood, plays for gin until the stock runs low"
	case "mixed":
		return "plays each game as simple, knocker or gin-hunter, chosen at random by the deal"
	case "advise":
		return "plays by gin advise's engine with the evidence model, for the chance to win the game"
	case "advise-hand":
		return "plays by gin advise's engine with the evidence model, for the hand's points"
	}
	return ""
}

// New returns the bot of that name. The advise bot's settings (samples and
// play-outs per decision) are given as options, and the mixed bot's deal
// (AdviseOptions.DealSeed).
func New(name string, opts AdviseOptions) (table.Player, error) {
	switch name {
	case "simple":
		return Simple{}, nil
	case "knocker":
		return Eager{}, nil
	case "gin-hunter":
		return GinHunter{}, nil
	case "mixed":
		return NewMixed(opts.DealSeed), nil
	case "advise":
		opts.Objective = equity.Game
		return NewAdvise(opts), nil
	case "advise-hand":
		opts.Objective = equity.Hand
		return NewAdvise(opts), nil
	}
	return nil, fmt.Errorf("unknown bot %q: the bots are %s", name, strings.Join(Names(), ", "))
}

// Simple is the common tournament baseline. It takes the face-up card only
// if that card makes a new meld with its hand; otherwise it draws. It throws
// the unmelded card of highest value (never the card just taken), and
// knocks as soon as it can.
type Simple struct{}

// Take takes a card that makes a meld with two of the hand's cards.
func (Simple) Take(v table.View) bool { return v.Hand().MakesMeld(v.Upcard()) }

// Play throws the highest unmelded card and knocks when it can.
func (Simple) Play(v table.View) table.Play {
	hand := v.Hand()
	if p, ok := bigGin(v); ok {
		return p
	}
	a := hand.Arrange()
	candidates := a.Unmelded & v.Throwable()
	if candidates == 0 {
		// Everything melds: throw what keeps the least deadwood.
		c := leastThrow(v)
		return table.Play{Discard: c, Knock: mayKnock(v, c)}
	}
	c := highest(candidates)
	return table.Play{Discard: c, Knock: mayKnock(v, c)}
}

// Eager, the bot named knocker, takes any face-up card that lowers its
// deadwood, throws to the least deadwood, and knocks at the first chance.
// (Knocker names a side of a hand: ginrummy's glossary.)
type Eager struct{}

// Take takes the card if the hand with it, after the best throw, has less
// deadwood than now.
func (Eager) Take(v table.View) bool {
	hand := v.Hand()
	with := hand.With(v.Upcard())
	return with.Without(with.BestDiscard(v.Upcard())).Deadwood() < hand.Deadwood()
}

// Play throws to the least deadwood and knocks when it can.
func (Eager) Play(v table.View) table.Play {
	if p, ok := bigGin(v); ok {
		return p
	}
	c := leastThrow(v)
	return table.Play{Discard: c, Knock: mayKnock(v, c)}
}

// GinHunter takes a card that makes a meld, throws to the least deadwood,
// and knocks only with gin, or once the stock is down to lowStock cards.
type GinHunter struct{}

const lowStock = 12

// Take takes a card that makes a meld.
func (GinHunter) Take(v table.View) bool { return v.Hand().MakesMeld(v.Upcard()) }

// Play throws to the least deadwood; knocks on gin, or when the stock runs low.
func (GinHunter) Play(v table.View) table.Play {
	if p, ok := bigGin(v); ok {
		return p
	}
	c := leastThrow(v)
	return table.Play{Discard: c, Knock: mayKnock(v, c) && (v.Hand().Without(c).Deadwood() == 0 || v.Stock() <= lowStock)}
}

// bigGin lays down big gin where the rules allow it (table.View.May) and
// score it above gin.
func bigGin(v table.View) (table.Play, bool) {
	if v.Rules().BigGinBonus > 0 && v.May(table.Action{Act: table.BigGin, Card: ginrummy.NoCard}) {
		return table.Play{BigGin: true}, true
	}
	return table.Play{}, false
}

// leastThrow is the card the rules let the player throw (table.View.
// Throwable, the throws the legal moves list) that leaves the least
// deadwood, the highest of equals (ginrummy.Hand.LeastDiscard).
func leastThrow(v table.View) ginrummy.Card {
	return v.Hand().LeastDiscard(v.Hand()&^v.Throwable(), ginrummy.HighestFirst)
}

// mayKnock reports whether the rules let the player knock throwing c: the
// legal moves list the knock (table.View.May, which asks of that one).
func mayKnock(v table.View, c ginrummy.Card) bool {
	return v.May(table.Action{Act: table.Knock, Card: c})
}

// highest is the card of highest value in h, the highest rank then suit of equals.
func highest(h ginrummy.Hand) ginrummy.Card {
	cards := h.Cards()
	return slices.MaxFunc(cards, func(a, b ginrummy.Card) int {
		if above(a, b) {
			return 1
		}
		if above(b, a) {
			return -1
		}
		return 0
	})
}

// above orders cards by value, then rank, then suit.
func above(a, b ginrummy.Card) bool {
	if b == ginrummy.NoCard {
		return true
	}
	if a.Value() != b.Value() {
		return a.Value() > b.Value()
	}
	if a.Rank() != b.Rank() {
		return a.Rank() > b.Rank()
	}
	return a.Suit() > b.Suit()
}
