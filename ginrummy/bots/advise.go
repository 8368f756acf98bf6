package bots

import (
	"context"
	"slices"

	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// AdviseOptions are the effort of the advise bot per decision, and what a
// bot is told of its game (the mixed bot, its deal).
type AdviseOptions struct {
	Samples  int    // opponent hands sampled for the knock figures; 0 for advice's default
	Playouts int    // plays of the rest of the hand per option on average; 0 for advice's default
	Seed     uint64 // the seed of its random choices
	// Knocked, when set, is told the undercut chance the bot predicted for
	// each knock it makes, and whether the opponent's style was unknown
	// (advice.Advice.StyleUnknown: the chance is a mixture of two styles),
	// for the arena's calibration.
	Knocked func(undercut float64, styleUnknown bool)
	// Context, when set, is the run the bot plays in: once it is done, a
	// decision in progress stops its play-outs at once and plays the
	// policy's throw.
	Context context.Context
	// Objective is what the bot's throws and knocks maximise: the hand's
	// points (the zero value), or at the game's score (table.View.Games:
	// under Hollywood, each of the match's three games), the chance to win
	// it or its final difference. Under rules the game is not valued by
	// (rules with no measured hands: equity.For), the bot plays for the
	// hand's points.
	Objective equity.Objective
	// Met is the hands of earlier games against the same opponent, as the
	// bot saw them end (table.Played.Shown), oldest first: the bot learns
	// the opponent from them before the game's own earlier hands, as a
	// player who has played someone before knows how they play.
	Met []table.Shown
	// DealSeed is the game's deal's (arena.Seating.DealSeed): the mixed bot
	// chooses the style it plays the game in by it.
	DealSeed uint64
}

// Advise plays by gin advise's engine with the evidence model: it takes or
// draws by the advice's playing policy (advice.PolicyTake), and after the
// draw plays the best option the advice ranks — each throw valued by
// play-outs, and for a throw that can knock, knocking now against playing
// on — with that throw and, on a knock, that arrangement.
type Advise struct {
	opts AdviseOptions
	n    uint64 // decisions made, to vary the seed
}

// NewAdvise returns an advise bot.
func NewAdvise(opts AdviseOptions) *Advise { return &Advise{opts: opts} }

// position is what the view shows after a draw, with what the bot has
// learnt of the opponent over the hands it met them in before
// (AdviseOptions.Met) and the game's earlier hands.
func (a *Advise) position(v table.View) advice.Position {
	p := advice.PositionOf(v)
	seen := append(slices.Clip(a.opts.Met), v.Earlier()...)
	advice.LearnStyle(seen).Into(&p)
	return p
}

func (a *Advise) settings(v table.View) advice.Settings {
	a.n++
	s := advice.Settings{Rules: v.Rules(), Model: advice.Evidence, Samples: a.opts.Samples, Playouts: a.opts.Playouts, Seed: a.opts.Seed ^ a.n*0x9e3779b97f4a7c15, Ranked: true}
	if a.opts.Objective == equity.Hand {
		return s
	}
	t, err := equity.For(v.Rules())
	if err != nil {
		return s
	}
	st := equity.StateOf(v.Games(), 1)
	if v.Dealt() {
		st.Dealer = 0
	}
	if t.Check(st) != nil {
		return s
	}
	s.Objective, s.Score, s.Equity = a.opts.Objective, st, t
	return s
}

// Take takes the face-up card as the advice's playing policy does.
func (a *Advise) Take(v table.View) bool {
	s := seen(v)
	return advice.PolicyTake(s, v.Upcard())
}

// Play plays the best option the advice ranks: every throw, and for each
// that can knock, knocking now against playing on, each valued by play-outs
// (the policy's throw only if the advice fails or is stopped).
func (a *Advise) Play(v table.View) table.Play {
	if p, ok := bigGin(v); ok {
		return p
	}
	ctx := a.opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	adv, err := advice.AdviseContext(ctx, a.position(v), a.settings(v))
	if err == nil {
		// The options come best first, each a legal move (the view's).
		for _, o := range adv.Options {
			if o.BigGin {
				continue
			}
			if !o.Knocks() {
				return table.Play{Discard: o.Discard} // playing on is worth more
			}
			k := o.Knock.Best()
			if a.opts.Knocked != nil && !k.Gin {
				a.opts.Knocked(k.Undercut, adv.StyleUnknown)
			}
			return table.Play{Discard: o.Discard, Knock: true, Melds: k.Melds}
		}
	}
	return table.Play{Discard: advice.PolicyDiscard(seen(v))}
}

// seen is what the advice's playing policy needs of the view.
func seen(v table.View) advice.Seen {
	return advice.PositionOf(v).Seen(v.KnockLimit())
}
