package advice_test

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// DrawPlays says, for each card the stock can bring (every card the player
// has not seen), a move the rules allow with the eleven cards, as the
// draw's play-outs play it: with 7♥ 8♥ 9♥ K♠ K♦ K♣ 2♣ 3♣ 4♣ Q♥, the A♣ or
// the 5♣ makes gin with the Q♥ thrown, and the play-outs go gin. Where no
// draw is an option (after the draw; at the dealer's first offer, after
// which the other player draws first), there is none.
func TestDrawPlays(t *testing.T) {
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	hand := func(s string) ginrummy.Hand {
		h, err := ginrummy.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	card := func(s string) ginrummy.Card { return hand(s).Cards()[0] }
	set := quick
	set.Rules = rules
	p := advice.Position{Hand: hand("7h 8h 9h Ks Kd Kc 2c 3c 4c Qh"), Upcard: card("Qs"), FromPile: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, Stock: 20}
	a, err := advice.Advise(p, set)
	if err != nil {
		t.Fatal(err)
	}
	unseen := p.Unseen()
	if len(a.DrawPlays) != unseen.Len() {
		t.Errorf("%d draw plays, want one for each of the %d unseen cards", len(a.DrawPlays), unseen.Len())
	}
	for c := range unseen.All() {
		play, ok := a.DrawPlays[c]
		s := table.Situation{Rules: rules, Limit: rules.KnockLimit, Phase: table.Discarding, Hand: p.Hand.With(c), FaceUp: ginrummy.NoCard, Taken: ginrummy.NoCard, Stock: p.Stock - 1, Next: ginrummy.NoCard}
		if !ok || !s.May(play.Action()) {
			t.Errorf("after drawing %v: %+v (%v), not a move the rules allow", c, play, ok)
		}
	}
	for _, c := range []string{"Ac", "5c"} {
		if got := a.DrawPlays[card(c)]; got.Discard != card("Qh") || !got.Knock || got.BigGin {
			t.Errorf("after drawing %s: %+v, want gin with the Q♥ thrown", c, got)
		}
	}
	dealer := p
	dealer.Offer = advice.DealerOffer
	eleven := p
	eleven.Hand, eleven.Upcard = p.Hand.With(card("Qs")), ginrummy.NoCard
	for name, q := range map[string]advice.Position{"the dealer's offer": dealer, "eleven cards": eleven} {
		a, err := advice.Advise(q, set)
		if err != nil {
			t.Fatal(err)
		}
		if a.DrawPlays != nil {
			t.Errorf("%s: draw plays %v, where no draw is an option", name, a.DrawPlays)
		}
	}
}
