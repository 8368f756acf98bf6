package review_test

import (
	"math"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// TestLuckOfTheGinCard: Ann's last draw in the example, the 5♣, gives her
// gin (2♣ 3♣ 4♣ 5♣ with her hearts and kings, the Q♥ thrown). Her luck is
// what the card drawn gave her against what the stock was expected to
// give: worked out here plainly, card by card, as the value of her eleven
// cards with each card she could have drawn (every card she has not seen),
// advised as the review advises a position, their mean the expected value
// of the draw. The review gets it from the draw option's value instead,
// which averages over the same cards by play-outs: the two agree within
// their noise, and it is well above 0.
func TestLuckOfTheGinCard(t *testing.T) {
	rules := preset(t, "classic")
	rec := parse(t, example)
	s := quick(1)
	// Play-outs enough that the draw's value is known within a few points.
	s.Advice.Samples, s.Advice.Playouts = 1000, 400
	got := reviewOne(t, rec, rules, s)
	var luck, luckErr float64
	found := false
	for _, d := range got {
		if d.Player == 0 && d.Turn == 5 && d.Kind == review.TakeOrDraw {
			luck, luckErr, found = d.Luck, d.LuckErr, true
		} else if d.Luck != 0 {
			if d.Kind != review.TakeOrDraw || !d.Made.Draw {
				t.Errorf("turn %d, %v of player %d: luck %.2f, where no card was drawn", d.Turn, d.Kind, d.Player, d.Luck)
			}
		}
	}
	if !found {
		t.Fatal("no take-or-draw of Ann's at turn 5")
	}

	// The plain enumeration: the round just after Ann drew the 5♣ (the
	// draw is the 12th move: two passes, then two moves a turn), each
	// unseen card in its place.
	drawAt := -1
	for k, m := range rec.Moves {
		if m.Player == 0 && m.Act == table.Draw && m.Card == card(t, "5c") {
			drawAt = k
		}
	}
	round, err := rec.Replay(rules, drawAt+1)
	if err != nil {
		t.Fatal(err)
	}
	after := advice.PositionOf(round.View(0))
	set := s.Advice
	set.Rules, set.Ranked = rules, true
	valueWith := func(c ginrummy.Card) float64 {
		p := after
		p.Hand = p.Hand&^ginrummy.NewHand(card(t, "5c")) | ginrummy.NewHand(c)
		a, err := advice.Advise(p, set)
		if err != nil {
			t.Fatal(err)
		}
		return a.Options[0].Value()
	}
	unseen := after.Unseen() | ginrummy.NewHand(card(t, "5c"))
	sum, n := 0.0, 0
	for _, c := range unseen.Cards() {
		sum += valueWith(c)
		n++
	}
	want := valueWith(card(t, "5c")) - sum/float64(n)
	t.Logf("luck %.2f ±%.2f, by the enumeration over %d cards %.2f", luck, luckErr, n, want)
	if want <= 0 {
		t.Fatalf("the enumeration gives the gin card a luck of %.2f: the test's premise is wrong", want)
	}
	if luck <= 0 || math.Abs(luck-want) > max(3*luckErr, 0.15*want) {
		t.Errorf("Ann's luck drawing her gin card = %.2f ±%.2f, want %.2f (the enumeration)", luck, luckErr, want)
	}
}
