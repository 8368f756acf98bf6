package commands

import (
	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/sheets/handfile"
)

// learnOpponent is the style of the player named them, learnt from the
// hand records beside the record at path (handfile.ReadHistory); nil when
// there is no record.
func learnOpponent(path, them string) *render.Opponent {
	if path == "" || them == "" {
		return nil
	}
	h := handfile.ReadHistory(path, them)
	return &render.Opponent{Name: them, Style: advice.LearnStyle(h.Seen), History: h}
}

// useOpponent sets what the records show of o in the position, where they show it (a
// chance learnt from nothing is left to the advice's default): the chance
// the opponent knocks as soon as they can (and whether, seen to play both
// ways, they play as the advice does: Position.Strong) and the chance they
// take only to meld. knocks and takes say that a flag gives them instead.
func useOpponent(o *render.Opponent, p *advice.Position, knocks, takes bool) {
	if o == nil {
		return
	}
	o.KnocksGiven, o.TakesGiven = knocks, takes
	if o.KnowsKnocks() && !knocks {
		p.KnockRate, p.Strong = o.Style.KnockRate, o.Style.Strong
	}
	if o.Style.Taken > 0 && !takes {
		p.TookMelds = o.Style.TookMelds
	}
}
