package bots

import (
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// AdviseOptions are the effort of the advise bot per decision.
type AdviseOptions struct {
	Samples  int    // opponent hands sampled for the knock figures; 0 for advice's default
	Playouts int    // plays of the rest of the hand per option; 0 for advice's default
	Seed     uint64 // the seed of its random choices
	// Knocked, when set, is told the undercut chance the bot predicted for
	// each knock it makes, for the arena's calibration.
	Knocked func(undercut float64)
}

// Advise plays by gin advise's engine with the evidence model: it takes or
// draws, throws and knocks as the advice says.
type Advise struct {
	opts AdviseOptions
	n    uint64 // decisions made, to vary the seed
}

// NewAdvise returns an advise bot.
func NewAdvise(opts AdviseOptions) *Advise { return &Advise{opts: opts} }

// position is what the view tells the advice engine: the pile is dead,
// the opponent's discards in it are evidence as well, and with ten cards the
// face-up card is the one to take or leave.
func (a *Advise) position(v table.View, decideTake bool) advice.Position {
	var pile ginrummy.Hand
	for _, c := range v.Pile() {
		pile = pile.With(c)
	}
	upcard := ginrummy.NoCard
	if decideTake {
		upcard = v.Upcard()
		pile = pile.Without(upcard)
	}
	threw := v.OpponentThrew() & pile
	p := advice.Position{
		Hand: v.Hand(), Upcard: upcard, Discards: pile &^ threw,
		Took: v.OpponentTook(), Threw: threw, Passed: v.OpponentPassed() &^ v.OpponentTook() &^ threw,
		Stock: v.Stock(), FirstUpcard: ginrummy.NoCard,
	}
	if v.Rules().UsesUpcard() {
		p.FirstUpcard = v.FirstUpcard()
	}
	return p
}

func (a *Advise) settings(v table.View) advice.Settings {
	a.n++
	return advice.Settings{Rules: v.Rules(), Model: advice.Evidence, Samples: a.opts.Samples, Playouts: a.opts.Playouts, Seed: a.opts.Seed ^ a.n*0x9e3779b97f4a7c15}
}

// Take asks the advice whether to take the face-up card.
func (a *Advise) Take(v table.View) bool {
	adv, err := advice.Advise(a.position(v, true), a.settings(v))
	if err != nil {
		return Simple{}.Take(v)
	}
	return adv.Best().Take
}

// Play asks the advice which card to throw and whether to knock.
func (a *Advise) Play(v table.View) table.Play {
	adv, err := advice.Advise(a.position(v, false), a.settings(v))
	if err != nil {
		return Simple{}.Play(v)
	}
	for _, o := range adv.Options {
		if o.BigGin {
			if o.Knocks() {
				return table.Play{BigGin: true}
			}
			continue
		}
		if o.Discard == v.Taken() {
			continue // the card just taken may not go back
		}
		knock := o.Knocks()
		if knock && a.opts.Knocked != nil && !o.Knock.Gin {
			k := o.Knock
			if k.Alternative != nil {
				k = k.Alternative
			}
			a.opts.Knocked(k.Undercut)
		}
		return table.Play{Discard: o.Discard, Knock: knock}
	}
	return Simple{}.Play(v)
}
