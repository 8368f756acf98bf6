package bots

import (
	"context"
	"math"
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// AdviseOptions are the effort of the advise bot per decision.
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
	p.KnockRate, p.TookMelds = knockRate(seen), tookMelds(seen)
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

// How far one hand that shows the opponent's style moves the odds that they
// knock as soon as they can, and the stock above which a knock is early:
// the first half of the cards the stock starts with (15 of 31).
const (
	styleOdds  = 50
	earlyStock = table.FullStock / 2
)

// knockRate is the chance that the opponent knocks as soon as they can, as
// learnt from the hands seen (Advise.position). A hand shows them knocking
// early when they knocked with deadwood while the stock held more than
// earlyStock cards (a player who waits would not have knocked yet), and
// waiting when the cards they showed at the bot's own knock could have
// knocked (each hand judged by its own knock limit).
//
// Before anything is seen it is 3 to 2, as at the command line
// (advice.DefaultKnockRate): even odds left the first hands against early
// knockers judged riskier than they were, and 4 to 1 left those against a
// player who waits for gin badly judged. A player seen to play one way only
// is taken to be of that style: each hand that shows it multiplies the odds
// by styleOdds, so one hand all but settles it. Counting hands instead
// (each weighing eight times the prior) kept a few hundredths of the weight
// on hands that could have knocked against simple, who never holds one, and
// its knocks were judged riskier than they were. A player seen to play both
// ways has no one style: the chance is the share of the hands that showed
// knocking early, the prior counting as one hand. Chosen by gin arena
// --calibration against the three other bots (docs/arena.md), none of whom
// plays both ways.
func knockRate(earlier []table.Shown) float64 {
	early, waited := 0, 0
	for _, s := range earlier {
		switch {
		case s.Ending == ginrummy.Drawn:
		case !s.Mine && s.Ending == ginrummy.Knocked && s.Knocked.Deadwood() > 0 && s.Stock > earlyStock:
			early++
		case s.Mine && s.Defender.Deadwood() <= s.Limit:
			waited++
		}
	}
	if early > 0 && waited > 0 {
		return (float64(early) + advice.DefaultKnockRate) / float64(early+waited+1)
	}
	prior := math.Log(advice.DefaultKnockRate / (1 - advice.DefaultKnockRate))
	return chance(prior + float64(early-waited)*math.Log(styleOdds))
}

// How often a card taken from the pile and held to a showdown is shown
// unmelded there: now and then by a player who takes the face-up card only
// to meld it (gin-hunter, simple), far more often by one who takes any card
// that lowers their deadwood (knocker). Measured with gin arena; chosen by
// its calibration against the three (docs/arena.md).
const (
	unmeldedByMelder = 0.03
	unmeldedByOthers = 0.3
)

// tookMelds is the chance that the opponent takes a card from the pile only
// to meld it, as learnt from the hands seen (Advise.position): even odds
// before anything is seen, then each card they took and held to a showdown
// weighs for it when it melds there (in their arrangement, or with the rest
// of their cards) and against it when it does not, by the rates above.
func tookMelds(earlier []table.Shown) float64 {
	taken, melded := 0, 0
	for _, s := range earlier {
		if s.Ending == ginrummy.Drawn {
			continue
		}
		theirs := s.Knocked
		if s.Mine {
			theirs = s.Defender
		}
		unmelded := theirs.Arrange().Unmelded
		for c := range s.OpponentTook.All() {
			taken++
			if !unmelded.Has(c) || theirs.Without(c).MakesMeld(c) {
				melded++
			}
		}
	}
	return chance(float64(melded)*math.Log((1-unmeldedByMelder)/(1-unmeldedByOthers)) +
		float64(taken-melded)*math.Log(unmeldedByMelder/unmeldedByOthers))
}

// chance is the chance of the log-odds, kept inside (0, 1) however much was
// seen: the odds themselves would overflow, a chance of 0 would ask the
// advice for its default, and a knock rate of 1 would weigh every hand that
// could knock at nothing.
func chance(logOdds float64) float64 {
	return min(max(1/(1+math.Exp(-logOdds)), surest), 1-surest)
}

// surest is the nearest a learnt chance comes to 0 or 1.
const surest = 1e-6

// seen is what the advice's playing policy needs of the view.
func seen(v table.View) advice.Seen {
	return advice.PositionOf(v).Seen(v.KnockLimit())
}
