package advice

import (
	"slices"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// waryPosition can knock with 6 deadwood (A♣ 2♦ 3♦, the tens and the kings
// melded) after the opponent's six throws, 20 cards left in the stock: early
// enough that a player who waits for gin may well hold a hand that
// undercuts, while one who knocks as soon as they can, and has not, holds
// none that could knock.
func waryPosition(t *testing.T, knockRate float64) (Position, Settings) {
	t.Helper()
	r, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	threw := hand(t, "3c 5h 7h Qh 7s Qs")
	return Position{
		Hand: hand(t, "Ac Tc Kc 2d 3d Td Jd Th Kh Ts Ks"), Discards: threw, Threw: threw, Stock: 20,
		Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard, KnockRate: knockRate,
	}, Settings{Rules: r, Seed: 1, Samples: 2000, Playouts: 200, Ranked: true}
}

func throwing(t *testing.T, a *Advice, c ginrummy.Card) Option {
	t.Helper()
	for _, o := range a.Options {
		if o.Discard == c && !o.Take && !o.Draw {
			return o
		}
	}
	t.Fatalf("no option throws %v", c)
	return Option{}
}

// When the opponent's style is not known, a knock's undercut risk is a
// mixture of two players and true of neither; the advice knocks only when
// knocking is worth more than playing on against a player who waits for gin
// as well. Here the mixture alone would knock (worth more than playing on),
// and the advice for a player known to wait does not: so the advice, not
// knowing, plays on, and says what the knock would be against one who waits.
func TestUnknownStyleKnocksOnlyIfSafeAgainstWaiting(t *testing.T) {
	t.Parallel()
	jd := card(t, "Jd")

	p, s := waryPosition(t, WaitsForGin)
	waits, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	if o := throwing(t, waits, jd); o.Knocks() || o.IfWaits != nil {
		t.Fatalf("against a player who waits: knocks %v (knock %+.1f, play on %+.1f), IfWaits %v; want play on, no IfWaits",
			o.Knocks(), o.Knock.Best().Points, o.PlayOn.Points, o.IfWaits)
	}

	p, s = waryPosition(t, 0) // DefaultKnockRate: not known
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	o := throwing(t, a, jd)
	if o.Knock == nil || o.PlayOn == nil || o.Knock.Best().Points <= o.PlayOn.Points {
		t.Fatalf("the mixture's knock should be worth more than playing on here (else this test proves nothing): %+v", o)
	}
	if o.IfWaits == nil || !a.StyleUnknown {
		t.Fatalf("the style is not known, yet the knock was not valued against a player who waits (%v), or the advice does not say so (StyleUnknown %v)", o.IfWaits, a.StyleUnknown)
	}
	if waits.StyleUnknown {
		t.Error("against a player known to wait: StyleUnknown")
	}
	if o.Knocks() {
		t.Errorf("advised to knock (knock %+.1f, play on %+.1f) though against a player who waits it is worth %+.1f to playing on's %+.1f",
			o.Knock.Best().Points, o.PlayOn.Points, o.IfWaits.Knock.Best().Points, o.IfWaits.PlayOn.Points)
	}
	// The figures against a player who waits are those a position that says
	// so gets: the same samples; and the option's own play-outs, weighed as
	// such a position weighs them.
	w := throwing(t, waits, jd)
	if got, want := o.IfWaits.Knock.Best().Undercut, w.Knock.Best().Undercut; got != want {
		t.Errorf("undercut risk if they wait: %v; the advice against a player who waits says %v", got, want)
	}
	// The option's play-outs, first those of the race's start and then its
	// own deals (engine.playOn), and the weight each deal has for a position
	// where the opponent is known to wait.
	e, err := newEngine(nil, p, s)
	if err != nil {
		t.Fatal(err)
	}
	p.KnockRate = WaitsForGin
	ew, err := newEngine(nil, p, s)
	if err != nil {
		t.Fatal(err)
	}
	first, more := s.Playouts/raceShare, o.PlayOn.playouts-s.Playouts/raceShare
	var outs outcomes
	e.playOuts(o, first, rankStream, &outs)
	e.playOuts(o, more, raceStream, &outs)
	var ws []float64
	world := world{unseen: ew.unseen, hand: p.Unseen(), stock: ew.stock}
	for _, stage := range []struct {
		n      int
		stream uint64
	}{{first, rankStream}, {more, raceStream}} {
		ew.deals(world, stage.n, stage.stream, func(_ ginrummy.Hand, _ []ginrummy.Card, weight float64) { ws = append(ws, weight) })
	}
	mix, _ := outs.estimates(e.prior)
	if ifWaits := estimateOf(ws, outs.xs); mix.Points != o.PlayOn.Points || ifWaits.Points != o.IfWaits.PlayOn.Points {
		t.Errorf("playing on %v, if they wait %v; its play-outs give %v, and weighed as if they wait %v",
			o.PlayOn.Points, o.IfWaits.PlayOn.Points, mix.Points, ifWaits.Points)
	}
	if o.IfWaits.Knock.Best().Undercut <= o.Knock.Best().Undercut {
		t.Errorf("undercut risk %.3f against a player who waits, %.3f not knowing: a player who waits should undercut more",
			o.IfWaits.Knock.Best().Undercut, o.Knock.Best().Undercut)
	}
}

// A known style, or the uniform model (which has no style), is valued once:
// no option carries figures for a player who waits, and a knock the figures
// favour is advised.
func TestKnownStyleIsNotValuedTwice(t *testing.T) {
	t.Parallel()
	p, s := waryPosition(t, KnocksEarly)
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	if a.StyleUnknown {
		t.Error("knocks early: StyleUnknown")
	}
	for _, o := range a.Options {
		if o.IfWaits != nil {
			t.Errorf("knocks early: %v has IfWaits", o.Discard)
		}
	}
	if o := throwing(t, a, card(t, "Jd")); !o.Knocks() {
		t.Errorf("against a player who knocks as soon as they can, throwing the J♦ should knock: knock %+.1f, play on %+.1f", o.Knock.Best().Points, o.PlayOn.Points)
	}
	p, s = waryPosition(t, 0)
	s.Model = Uniform
	if a, err = Advise(p, s); err != nil {
		t.Fatal(err)
	}
	for _, o := range a.Options {
		if o.IfWaits != nil {
			t.Errorf("uniform model: %v has IfWaits", o.Discard)
		}
	}
}

// twoArrangementsPosition can knock with 8 deadwood after throwing the J♠
// by laying down the 3♣ 3♥ 3♠ or the 2♠ 3♠ 4♠ with the diamonds, 18 cards
// left in the stock after the opponent's seven throws; classic rules.
func twoArrangementsPosition(t *testing.T) (Position, ginrummy.Rules) {
	t.Helper()
	r, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	threw := hand(t, "2c 7c Ad 5d Kh As Ts")
	return Position{
		Hand: hand(t, "3c 2d Td Jd Qd Kd 3h 2s 3s 4s Js"), Discards: threw, Threw: threw, Stock: 18,
		Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}, r
}

// Valued against a player who waits, a knock keeps the melds it would lay
// down: here one of two of 8 deadwood, of which a player who waits for gin
// would undercut one more often than the other.
func TestIfWaitsKeepsTheArrangement(t *testing.T) {
	t.Parallel()
	p, r := twoArrangementsPosition(t)
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		a, err := Advise(p, Settings{Rules: r, Seed: seed, Samples: 2000, Playouts: 100})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range a.Options {
			if o.IfWaits == nil {
				continue
			}
			checked++
			got, want := o.IfWaits.Knock.Best().Melds, o.Knock.Best().Melds
			if !slices.EqualFunc(got, want, func(x, y ginrummy.Meld) bool { return x.Cards() == y.Cards() }) {
				t.Errorf("seed %d, throw %v: valued against a player who waits with %v, laid down as %v", seed, o.Discard, got, want)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no option was valued against a player who waits")
	}
}

// The advised option is valued again on play-outs of its own (Settings.Ranked
// false); its figures against a player who waits are too, so the advice
// not knowing the style agrees with the advice for a player who waits on
// the option both advise: the same figures, and a knock only if that one
// knocks too.
func TestIfWaitsValuedAgainWithTheAdvisedOption(t *testing.T) {
	t.Parallel()
	p, r := twoArrangementsPosition(t)
	compared := 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := Settings{Rules: r, Seed: seed, Samples: 2000, Playouts: 200}
		a, err := Advise(p, s)
		if err != nil {
			t.Fatal(err)
		}
		pw := p
		pw.KnockRate = WaitsForGin
		w, err := Advise(pw, s)
		if err != nil {
			t.Fatal(err)
		}
		o, ow := a.Best(), w.Best()
		if o.Discard != ow.Discard || o.IfWaits == nil {
			continue
		}
		compared++
		if o.IfWaits.PlayOn.Points != ow.PlayOn.Points {
			t.Errorf("seed %d, throw %v: playing on against a player who waits %+.3f; the advice for one says %+.3f", seed, o.Discard, o.IfWaits.PlayOn.Points, ow.PlayOn.Points)
		}
		if o.Knocks() && !ow.Knocks() {
			t.Errorf("seed %d, throw %v: knocks not knowing the style, plays on against a player who waits", seed, o.Discard)
		}
	}
	if compared == 0 {
		t.Fatal("no seed had the two advise the same throw: nothing compared")
	}
}

// Before the opponent's first turn (here the first upcard offer, nothing
// thrown) they have had no chance to knock: how they knock says nothing of
// the hand they were dealt, the figures are the same whatever the knock
// rate, and nothing is valued twice.
func TestNoStyleBeforeTheOpponentsFirstTurn(t *testing.T) {
	t.Parallel()
	r, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	p := Position{
		Hand: hand(t, "Ks Kd Kh 8c 9c Tc 2d 9s 3s Kc"), Upcard: card(t, "5s"), Offer: FirstOffer, Stock: 31,
		FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
	var undercut [3]float64
	for i, rate := range []float64{KnocksEarly, WaitsForGin, 0} {
		p.KnockRate = rate
		a, err := Advise(p, Settings{Rules: r, Seed: 1, Samples: 2000, Playouts: 100, Ranked: true})
		if err != nil {
			t.Fatal(err)
		}
		if a.StyleUnknown {
			t.Errorf("knock rate %v: StyleUnknown before the opponent had a turn: nothing weighs their style", rate)
		}
		found := false
		for _, o := range a.Options {
			if o.IfWaits != nil {
				t.Errorf("knock rate %v: %v valued against a player who waits before they had a turn", rate, o.Discard)
			}
			if o.Take && o.Discard == card(t, "9s") && o.Knock != nil {
				undercut[i], found = o.Knock.Best().Undercut, true
			}
		}
		if !found {
			t.Fatal("taking the 5♠ and throwing the 9♠ should be able to knock")
		}
	}
	if undercut[0] != undercut[1] || undercut[1] != undercut[2] {
		t.Errorf("undercut risk by knock rate (early, waits, not known): %v; want the same", undercut)
	}
}

// An opponent seen to knock with deadwood with as many cards in the stock as
// at their last turn, or more (Position.KnocksFrom), is taken to knock as
// soon as they can there, whatever their style earlier in a hand: their
// last turn came with one card more in the stock than now when the player
// drew from it, as many when they took the face-up card, and before their
// first turn they have had no chance to knock.
func TestKnocksFromStock(t *testing.T) {
	t.Parallel()
	type edit func(p *Position)
	took := func(c string) edit { return func(p *Position) { p.FromPile = card(t, c) } }
	// Before the draw, with the J♦ face up.
	before := func(p *Position) { p.Hand, p.Upcard = p.Hand.Without(card(t, "Jd")), card(t, "Jd") }
	// 35 cards unseen, 10 of them the opponent's: 25 in the stock.
	uncounted := func(p *Position) { p.Stock = Unknown }
	noThrows := func(p *Position) { p.Threw = 0 }
	for _, tt := range []struct {
		name       string
		knocksFrom int
		edit       edit
		want       float64
	}{
		{"not seen to knock", 0, nil, WaitsForGin},
		{"drew: their last turn with 21 cards, above 20", 20, nil, WaitsForGin},
		{"drew: their last turn with 21 cards, at 21", 21, nil, KnocksLate},
		{"took the face-up card: their last turn with 20 cards", 20, took("Ac"), KnocksLate},
		{"took the face-up card: their last turn with 20 cards, above 19", 19, took("Ac"), WaitsForGin},
		{"before the draw: their last turn with 20 cards", 20, before, KnocksLate},
		{"before the draw: their last turn with 20 cards, above 19", 19, before, WaitsForGin},
		{"stock not counted, drew: their last turn with 26 cards", 26, uncounted, KnocksLate},
		{"stock not counted, drew: their last turn with 26 cards, above 25", 25, uncounted, WaitsForGin},
		{"before their first turn", 25, noThrows, WaitsForGin},
	} {
		p, s := waryPosition(t, WaitsForGin)
		p.KnocksFrom = tt.knocksFrom
		if tt.edit != nil {
			tt.edit(&p)
		}
		e, err := newEngine(nil, p, s)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if e.ev.knockRate != tt.want {
			t.Errorf("%s: knock rate %v, want %v", tt.name, e.ev.knockRate, tt.want)
		}
	}
}

// Against a player who waits for gin, the knock on the J♦ is undercut by
// the strong hands they may hold; once the stock is down to where they
// knock (Position.KnocksFrom), a hand that could have knocked weighs next
// to nothing, and the knock is far safer: no more likely undercut than
// against a player who always knocks early.
func TestKnocksFromMakesKnocksSafer(t *testing.T) {
	t.Parallel()
	undercut := func(rate float64, knocksFrom int) float64 {
		p, s := waryPosition(t, rate)
		p.KnocksFrom = knocksFrom
		a, err := Advise(p, s)
		if err != nil {
			t.Fatal(err)
		}
		return throwing(t, a, card(t, "Jd")).Knock.Best().Undercut
	}
	waits, late, early := undercut(WaitsForGin, 0), undercut(WaitsForGin, 21), undercut(KnocksEarly, 0)
	t.Logf("undercut: waits %.3f, waits but knocks from 21 cards %.3f, knocks early %.3f", waits, late, early)
	if !(late < waits/2) || late > early {
		t.Errorf("undercut: waits %.3f, waits but knocks from 21 cards %.3f, knocks early %.3f; want the second under half the first, and no more than the third",
			waits, late, early)
	}
}

// Against a player who plays as the advice does (Position.Strong) the style
// is known, whatever the knock rate between: a knock is valued once, not
// again against a player who waits.
func TestStrongStyleIsNotValuedTwice(t *testing.T) {
	p, s := waryPosition(t, 0) // DefaultKnockRate: a mixture, were they not strong
	p.Strong = true
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	if a.StyleUnknown {
		t.Error("a strong player: StyleUnknown")
	}
	if o := throwing(t, a, card(t, "Jd")); o.Knock == nil || o.IfWaits != nil || o.IfEarly != nil {
		t.Errorf("a strong player: knock %v, IfWaits %v, IfEarly %v; want a knock valued once", o.Knock, o.IfWaits, o.IfEarly)
	}
}
