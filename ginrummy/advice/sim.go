package advice

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
)

// Playing on is valued by playing the rest of the hand out: the opponent's
// hand drawn from the model (under the evidence model, played forward as
// engine.improve does), the stock shuffled from the other unseen cards,
// and both players following the simple policy: take the face-up card when
// it makes a meld (ginrummy.Hand.MakesMeld), else draw; throw the card that
// leaves the least deadwood (ginrummy.Hand.BestDiscard: the highest of
// equals, never the card just taken); knock as soon as the knock limit
// allows. The hand is drawn, scoring nothing, when a turn would
// start with two cards or fewer in the stock, or after 500 turns (two
// players who only take from the pile never run the stock down).

// checkEvery is how many samples or play-outs go between two looks at
// whether the call's context is done: a few microseconds' work each.
const checkEvery = 16

// simulate plays option o out Settings.Playouts times and returns its
// expected points for the player, weighted by the model. Every option is
// played against the same opponent hands and stock orders (common random
// numbers): the options are compared on the same deals, so their
// difference is far less noisy than their values. It returns nil when the
// call's context is done before the play-outs are.
func (e *engine) simulate(o Option) *Estimate {
	rng := rand.New(rand.NewPCG(e.s.Seed, 1<<32))
	deck := slices.Clone(e.unseen)
	ws := make([]float64, 0, e.s.Playouts)
	xs := make([]float64, 0, e.s.Playouts)
	stock := make([]ginrummy.Card, 0, e.stock)
	rest := make([]ginrummy.Card, 0, len(e.unseen))
	for i := range e.s.Playouts {
		if i%checkEvery == 0 && e.stopped() {
			return nil // AdviseContext returns the context's error
		}
		opp := e.p.Took | deal(rng, deck, e.unknown)
		if e.s.Model == Evidence {
			opp = e.improve(rng, opp, deck)
		}
		rest = rest[:0]
		for _, c := range e.unseen {
			if !opp.Has(c) {
				rest = append(rest, c)
			}
		}
		deal(rng, rest, e.stock)
		stock = append(stock[:0], rest[:e.stock]...)
		ws = append(ws, e.weight(opp))
		xs = append(xs, e.playOut(o, opp, stock))
	}
	var total, sum float64
	for i, w := range ws {
		total += w
		sum += w * xs[i]
	}
	mean := sum / total
	var v float64
	for i, w := range ws {
		v += w * w * (xs[i] - mean) * (xs[i] - mean)
	}
	return &Estimate{Points: mean, StdErr: math.Sqrt(v) / total}
}

// playOut plays one hand to its end after option o and returns the points
// the player scores (negative when the opponent scores).
func (e *engine) playOut(o Option, opp ginrummy.Hand, stock []ginrummy.Card) float64 {
	hands := [2]ginrummy.Hand{e.kept(o), opp} // the player, the opponent
	top := o.Discard
	turn := 1 // the opponent moves next after a discard
	offer := NoOffer
	if o.Draw {
		top, turn = e.p.Upcard, 0
		if offer = e.p.Offer; offer != NoOffer {
			// Passing the first upcard: the other player moves first.
			o.Draw, turn = false, 1
		}
	}
	for turns := 0; ; turns++ {
		// The hand is drawn as at the table: the stock run down, or
		// players who only take from the pile after MaxTurns turns.
		if len(stock) <= ginrummy.StockLeft || turns == ginrummy.MaxTurns {
			return 0
		}
		h := hands[turn]
		taken := ginrummy.NoCard
		switch {
		case offer == FirstOffer:
			// The dealer is offered the card the player passed: taken if it
			// melds, else passed too, and the player draws from the stock.
			offer = NoOffer
			if !h.MakesMeld(top) {
				turn, o.Draw = 0, true
				turns-- // a pass is no turn
				continue
			}
			taken = top
		case offer == DealerOffer:
			offer = NoOffer // both passed: the non-dealer draws from the stock
		case turn == 0 && o.Draw:
			o.Draw = false // the option's draw: from the stock, whatever the face-up card
		case h.MakesMeld(top):
			taken = top
		}
		if taken != ginrummy.NoCard {
			h = h.With(taken)
		} else {
			h = h.With(stock[0])
			stock = stock[1:]
		}
		if e.s.Rules.BigGin && e.s.Rules.BigGinBonus > 0 && h.Deadwood() == 0 {
			return e.ends(turn, ginrummy.WentBigGin, h, hands[1-turn])
		}
		throw := h.BestDiscard(taken)
		h = h.Without(throw)
		hands[turn], top = h, throw
		if d := h.Deadwood(); d == 0 {
			return e.ends(turn, ginrummy.WentGin, h, hands[1-turn])
		} else if d <= e.limit {
			return e.ends(turn, ginrummy.Knocked, h, hands[1-turn])
		}
		turn = 1 - turn
	}
}

// ends scores a hand that player turn (0 the advised player) ended with
// hand against the other's defender cards, from the advised player's side.
func (e *engine) ends(turn int, ending ginrummy.Ending, hand, defender ginrummy.Hand) float64 {
	a := hand.Arrange()
	var d int
	if ending == ginrummy.Knocked {
		d = ginrummy.DefenderDeadwood(a.Melds(), defender)
	} else {
		d = defender.Deadwood()
	}
	pts := e.points(ending, a.Deadwood, d)
	if turn == 1 {
		return -pts
	}
	return pts
}

// points is what a hand scores for the knocker (negative when undercut),
// from the table Advise fills in from the rules.
func (e *engine) points(ending ginrummy.Ending, k, d int) float64 {
	switch ending {
	case ginrummy.WentGin:
		return e.table.gin[d]
	case ginrummy.WentBigGin:
		return e.table.bigGin[d]
	}
	return e.table.knock[k][d]
}

// scoreTable holds the knocker's points of every hand a knock limit allows.
type scoreTable struct {
	knock       [][maxDefenderDeadwood + 1]float64 // by knocker deadwood, then defender's
	gin, bigGin [maxDefenderDeadwood + 1]float64
}

// newScoreTable scores every hand once, by the rules' own ScoreHand (big
// gin only where the rules play it).
func newScoreTable(r ginrummy.Rules, limit int, upcard ginrummy.Card) (*scoreTable, error) {
	t := &scoreTable{knock: make([][maxDefenderDeadwood + 1]float64, limit+1)}
	score := func(ending ginrummy.Ending, k, d int) (float64, error) {
		hs, err := r.ScoreHand(ginrummy.Showdown{Ending: ending, KnockerDeadwood: k, DefenderDeadwood: d, Upcard: upcard})
		if hs.Scorer == ginrummy.Defender {
			return -float64(hs.Points), err
		}
		return float64(hs.Points), err
	}
	var err error
	for d := range maxDefenderDeadwood + 1 {
		for k := 1; k <= limit && err == nil; k++ {
			t.knock[k][d], err = score(ginrummy.Knocked, k, d)
		}
		if err == nil {
			t.gin[d], err = score(ginrummy.WentGin, 0, d)
		}
		if err == nil && r.BigGin {
			t.bigGin[d], err = score(ginrummy.WentBigGin, 0, d)
		}
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}
