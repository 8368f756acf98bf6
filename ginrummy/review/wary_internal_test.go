package review

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// A knock the advice turns down only because a player who waits for gin
// would make it worse (the style not known: advice.Option.IfWaits) lost
// nothing by the figures of the style as known: the review does not call it
// a mistake. The position is the advice package's own for that rule
// (wary_test.go there): the J♦ thrown, A♣ 2♦ 3♦ left over.
func TestKnockTurnedDownForAWaitingPlayerLosesNothing(t *testing.T) {
	t.Parallel()
	r, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	cards := func(s string) ginrummy.Hand {
		h, err := ginrummy.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	threw := cards("3c 5h 7h Qh 7s Qs")
	p := advice.Position{
		Hand: cards("Ac Tc Kc 2d 3d Td Jd Th Kh Ts Ks"), Discards: threw, Threw: threw, Stock: 20,
		Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
	a, err := advice.Advise(p, advice.Settings{Rules: r, Seed: 1, Samples: 2000, Playouts: 200, Ranked: true})
	if err != nil {
		t.Fatal(err)
	}
	jd := cards("Jd").Cards()[0]
	var o advice.Option
	for _, x := range a.Options {
		if x.Discard == jd {
			o = x
		}
	}
	if o.Knock == nil || o.IfWaits == nil || o.Knocks() || o.Knock.Best().Points < o.PlayOn.Points {
		t.Fatalf("the position no longer shows the rule (a knock worth more than playing on, turned down for a player who waits): %+v", o)
	}
	legal := table.Situation{Rules: r, Limit: r.KnockLimit, Phase: table.Discarding, Hand: p.Hand, FaceUp: ginrummy.NoCard, Taken: ginrummy.NoCard, Stock: p.Stock, Next: ginrummy.NoCard}.Legal()
	jobs := []job{{pos: p, rules: r, adv: a, legal: lists{plays: legal}}}
	tn := turn{begin: table.Action{Act: table.Draw, Card: ginrummy.NoCard}, ten: -1, eleven: 0, ended: true, end: table.Action{Act: table.Knock, Card: jd}, plays: legal, upcard: ginrummy.NoCard}
	for _, d := range tn.decisions(jobs) {
		if d.Kind != KnockOrPlayOn {
			continue
		}
		loss, stdErr, ok := d.pick.lossIn(a)
		if !ok || loss != 0 || stdErr != 0 || d.Best != d.Made {
			t.Errorf("knocked: loss %.2f ±%.2f (%v), best %+v, made %+v; want no loss, the knock as good as the advice's", loss, stdErr, ok, d.Best, d.Made)
		}
		return
	}
	t.Fatal("no knock-or-play-on decision")
}
