package advice

import (
	"math"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// racePositions are positions of each kind the race is run on: throws that
// can knock against a player of unknown style (valued both ways), throws
// that can knock against one who knocks early, and a take or draw (where at
// 200 play-outs the ten takes and the draw are too close for any to be
// judged out after the first 50).
func racePositions(t *testing.T) []racePosition {
	return []racePosition{
		{"mid-game, style unknown", true, func() (Position, Settings) {
			return Position{
				Hand:     hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"),
				Discards: hand(t, "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d"), Took: hand(t, "8s"), Threw: hand(t, "Kc Qh 8d"), Passed: hand(t, "7d"),
				Stock: Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
			}, Settings{Rules: classic(t), Seed: 3, Samples: 2000}
		}},
		{"knocks early", true, func() (Position, Settings) { return waryPosition(t, KnocksEarly) }},
		{"take or draw", false, func() (Position, Settings) { return issue23Position(t) }},
	}
}

type racePosition struct {
	name     string
	someOut  bool // some option is judged out of the race
	position func() (Position, Settings)
}

// The race gives the options no more play-outs in all than each on
// Settings.Playouts, and what it advises is worth as much as the best
// option by a plain valuation of every option on the most play-outs the
// race gives one (raceMost times as many, on the same deals for all), or
// within two standard errors of it: the options it judged out were not the
// best.
func TestRaceAdvisesTheBest(t *testing.T) {
	t.Parallel()
	const playouts = 200
	for _, rp := range racePositions(t) {
		name := rp.name
		p, s := rp.position()
		s.Playouts, s.Ranked = playouts, true
		a, err := Advise(p, s)
		if err != nil {
			t.Fatal(err)
		}
		total, raced, out := 0, 0, 0
		for _, o := range a.Options {
			if o.PlayOn == nil {
				continue
			}
			raced++
			total += o.PlayOn.playouts
			if o.PlayOn.playouts == playouts/raceShare {
				out++
			}
		}
		if total > raced*playouts {
			t.Errorf("%s: %d play-outs in all, more than %d options × %d", name, total, raced, playouts)
		}
		if got := a.Best().PlayOn.playouts; got <= playouts/raceShare {
			t.Errorf("%s: the advised option had %d play-outs, no more than the race's first %d", name, got, playouts/raceShare)
		}
		if rp.someOut && out == 0 {
			t.Errorf("%s: no option was judged out of the race (else this test proves nothing)", name)
		}

		// Every option valued on the most play-outs, on the same deals.
		s.Playouts = raceMost * playouts
		e, err := newEngine(nil, p, s)
		if err != nil {
			t.Fatal(err)
		}
		plain := &Advice{Options: e.options()}
		if err := e.knocks(plain); err != nil {
			t.Fatal(err)
		}
		e.chooseThrows(plain.Options)
		outs := make([]outcomes, len(plain.Options))
		best, chosen := -1, -1
		for i := range plain.Options {
			o := &plain.Options[i]
			if !o.BigGin {
				e.setPlayOn(o, s.Playouts, rankStream, &outs[i])
			}
			if best < 0 || o.Value() > plain.Options[best].Value() {
				best = i
			}
			if x := a.Best(); o.Take == x.Take && o.Draw == x.Draw && o.BigGin == x.BigGin && o.Discard == x.Discard {
				chosen = i
			}
		}
		b, c := plain.Options[best], plain.Options[chosen]
		short := b.Value() - c.Value()
		slack := 0.0
		for _, o := range []Option{b, c} {
			if !o.BigGin && !o.Knocks() {
				slack += 2 * o.PlayOn.StdErr
			}
		}
		if short > slack {
			t.Errorf("%s: advised %+v, worth %+.2f on %d play-outs, where %+v is worth %+.2f: short by %.2f, more than two standard errors (%.2f)",
				name, describe(c), c.Value(), s.Playouts, describe(b), b.Value(), short, slack)
		}
		if math.IsNaN(short) {
			t.Errorf("%s: no figure", name)
		}
	}
}

// describe names an option's move for a test's message.
func describe(o Option) string {
	switch {
	case o.Draw:
		return "draw"
	case o.Take && o.BigGin:
		return "take for big gin"
	case o.BigGin:
		return "big gin"
	case o.Take:
		return "take, throw " + o.Discard.String()
	case o.Knocks():
		return "throw " + o.Discard.String() + ", knock"
	}
	return "throw " + o.Discard.String()
}

// With more play-outs than keptMost × raceShare, the race's first stage is
// keptMost an option, all of them kept one by one, so that two options are
// compared on every first play-out: an option judged out has had exactly
// keptMost.
func TestRaceFirstStageKeptWhole(t *testing.T) {
	t.Parallel()
	p, s := racePositions(t)[0].position()
	s.Playouts, s.Ranked, s.Samples = raceShare*keptMost+raceShare, true, 200
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	out := 0
	for _, o := range a.Options {
		if o.out {
			out++
			if o.PlayOn.playouts != keptMost {
				t.Errorf("throw %v, judged out, had %d play-outs, want the first stage's %d", o.Discard, o.PlayOn.playouts, keptMost)
			}
		}
	}
	if out == 0 {
		t.Error("no option judged out: the test shows nothing")
	}
}
