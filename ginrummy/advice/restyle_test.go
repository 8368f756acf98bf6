package advice

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// A hand's weight restyled to another knock rate is its likelihood under
// evidence of that rate, for hands that could knock and hands that could
// not, before the opponent's first turn and after.
func TestRestyled(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	deck := ginrummy.FullDeck.Cards()
	for _, turns := range []int{0, 4} {
		e := evidence{threw: hand(t, "Qs 8s"), passed: hand(t, "2s"), turns: turns, tookMelds: 0.5, knockRate: WaitsForGin, limit: 10}
		early := e
		early.knockRate = KnocksEarly
		couldKnock := 0
		// Hands that can knock (deadwood 1 and 10), then random ones.
		hands := []ginrummy.Hand{hand(t, "2c 3c 4c 5h 6h 7h 9s 9d 9h Ad"), hand(t, "2d 3d 4d 5c 6c 7c Jh Jd Js Th")}
		for range 2000 {
			rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			hands = append(hands, ginrummy.NewHand(deck[:10]...))
		}
		for _, h := range hands {
			if h.Deadwood() <= 10 {
				couldKnock++
			}
			got, want := e.restyled(e.likelihood(h), h, KnocksEarly), early.likelihood(h)
			if math.Abs(got-want) > 1e-12*want {
				t.Fatalf("turns %d, %v: restyled %v, want %v", turns, h, got, want)
			}
		}
		if couldKnock == 0 {
			t.Errorf("turns %d: no hand drawn could knock: the test shows nothing", turns)
		}
	}
}

// While the style is not known, a knock is valued against a player who
// knocks early too (Option.IfEarly): the figures a position that says so
// gets, on the same sampled hands. The mixture's undercut risk lies
// between the two styles' (a share of the could-knock hands weighed by one
// minus the knock rate moves the risk one way as the rate grows).
func TestUnknownStyleRange(t *testing.T) {
	t.Parallel()
	jd := card(t, "Jd")
	p, s := waryPosition(t, 0)
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	o := throwing(t, a, jd)
	if o.IfWaits == nil || o.IfEarly == nil {
		t.Fatalf("style not known: IfWaits %v, IfEarly %v; want both", o.IfWaits, o.IfEarly)
	}
	early, waits, mix := o.IfEarly.Undercut, o.IfWaits.Knock.Best().Undercut, o.Knock.Best().Undercut
	if !(early <= mix+1e-12 && mix <= waits+1e-12) || early == waits {
		t.Errorf("undercut %v knocking early, %v not knowing, %v waiting; want the mixture between, the two apart", early, mix, waits)
	}
	p.KnockRate = KnocksEarly
	e, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	k := throwing(t, e, jd).Knock
	if !slices.EqualFunc(k.Melds, o.IfEarly.Melds, func(x, y ginrummy.Meld) bool { return x.Cards() == y.Cards() }) {
		t.Skip("the early knocker's advice lays down another arrangement: not comparable")
	}
	if o.IfEarly.Undercut != k.Undercut {
		t.Errorf("undercut risk if they knock early: %v; the advice against a player who knocks early says %v", o.IfEarly.Undercut, k.Undercut)
	}
	for _, o := range e.Options {
		if o.IfEarly != nil || o.IfWaits != nil {
			t.Errorf("style known: %v has IfWaits %v, IfEarly %v", o.Discard, o.IfWaits, o.IfEarly)
		}
	}
}
