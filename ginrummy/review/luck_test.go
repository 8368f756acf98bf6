package review_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/record"
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
	t.Parallel()
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
		} else if d.Luck != 0 && (d.Kind != review.KnockOrPlayOn || d.Turn != 5) { // the knock's: TestLuckOfTheKnock
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

// TestLuckOfTheKnock: the example is a complete record, so its knock is
// scored: Ann's gin scores the classic gin bonus, 20, and Bob's deadwood.
// He ends with 2♦ 3♦ 4♦ and 4♥ 5♥ 6♥ melded, and J♠ J♦ 8♣ A♣ unmelded:
// 10+10+8+1 = 29. Her knock's luck is those 49 points less what the knock
// was expected to score over the hands Bob could hold (the knock's value
// among the decision's options). A record of one player's cards shows
// no knock's luck.
func TestLuckOfTheKnock(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	got := reviewOne(t, parse(t, example), rules, quick(1))
	found := false
	for _, d := range got {
		if d.Player != 0 || d.Turn != 5 || d.Kind != review.KnockOrPlayOn {
			continue
		}
		found = true
		var knock *review.Option
		for k := range d.Options {
			if d.Options[k].Made {
				knock = &d.Options[k]
			}
		}
		if knock == nil || !knock.Knock {
			t.Fatalf("no knock made among the options: %+v", d.Options)
		}
		if want := 49 - knock.Value; math.Abs(d.Luck-want) > 1e-9 {
			t.Errorf("Ann's gin: luck %v, want 49 less the knock's %v: %v", d.Luck, knock.Value, want)
		}
	}
	if !found {
		t.Fatal("no knock-or-play-on of Ann's at turn 5")
	}
	viewer := strings.Replace(example, "deal Bob 2d 3d 4d 5h 6h Qs Js Jd 8c Ac\n", "", 1)
	viewer = strings.NewReplacer("Bob draw Qh throw Qh", "Bob draw throw Qh", "Bob draw 4h throw Qs", "Bob draw throw Qs").Replace(viewer)
	for _, d := range reviewOne(t, parse(t, viewer), rules, quick(1)) {
		if d.Kind != review.TakeOrDraw && d.Luck != 0 {
			t.Errorf("turn %d, %v: luck %v, where Bob's cards are not known", d.Turn, d.Kind, d.Luck)
		}
	}
}

// TestDefenderLuckAtTheKnock: Bob's cards, shown at Ann's gin, are luck
// for both players, and the hand is zero-sum: what they gave Ann above
// the knock's expected score, they took from Bob. Bob's luck over the
// hand is then his draws' less Ann's knock luck, and the two players'
// knock luck sums to 0.
func TestDefenderLuckAtTheKnock(t *testing.T) {
	rules := preset(t, "classic")
	rec := parse(t, example)
	got := reviewOne(t, rec, rules, quick(1))
	var knock, bobsDraws float64
	for _, d := range got {
		switch {
		case d.Player == 0 && d.Turn == 5 && d.Kind == review.KnockOrPlayOn:
			knock = d.Luck
		case d.Player == 1:
			bobsDraws += d.Luck
		}
	}
	if knock == 0 {
		t.Fatal("no luck at Ann's knock")
	}
	players := review.Players([]review.Recorded{{Session: &record.Session{Record: rec, Rules: rules}}}, [][]review.Decision{got})
	if len(players) != 2 || players[1].Name != "Bob" {
		t.Fatalf("players %+v, want Ann and Bob", players)
	}
	if want := bobsDraws - knock; math.Abs(players[1].Luck-want) > 1e-9 {
		t.Errorf("Bob's luck %v, want his draws' %v less Ann's knock luck %v: %v", players[1].Luck, bobsDraws, knock, want)
	}
}

// TestDrawLuckAveragesZero: a draw's luck is what the card drawn gave
// against what the draw was expected to give, so over many draws it
// averages 0, within its noise. Hands played by the play-out policy at
// both seats, on seeded deals, reviewed at the tests' effort: the mean luck
// per draw is within three standard errors of 0, the error that of a mean
// over the sample of draws (their spread over the square root of their
// number). Luck taken as the best option after the draw (the advice's full
// play, and the best of several noisy figures) less the draw's value
// fails it: +2.1 ±0.5 points a draw here (2026-11-29).
func TestDrawLuckAveragesZero(t *testing.T) {
	rules := preset(t, "classic")
	rng := rand.New(rand.NewPCG(1, 2))
	players := [2]table.Player{table.PlayOutPolicy{}, table.PlayOutPolicy{}}
	var hands []review.Recorded
	for i := range 10 {
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		rec := recordOf(t, rules, players, i%2, deck)
		hands = append(hands, review.Recorded{Session: &record.Session{Record: rec, Rules: rules}})
	}
	got, err := review.Review(hands, quick(1))
	if err != nil {
		t.Fatal(err)
	}
	var lucks []float64
	for _, ds := range got {
		for _, d := range ds {
			if d.Kind == review.TakeOrDraw && d.Made.Draw {
				lucks = append(lucks, d.Luck)
			}
		}
	}
	n := float64(len(lucks))
	if n < 80 {
		t.Fatalf("%v draws: too few to judge a mean by", n)
	}
	mean, squares := 0.0, 0.0
	for _, l := range lucks {
		mean += l / n
	}
	for _, l := range lucks {
		squares += (l - mean) * (l - mean)
	}
	stdErr := math.Sqrt(squares/(n-1)) / math.Sqrt(n)
	t.Logf("%v draws: luck %+.2f ±%.2f a draw", n, mean, stdErr)
	if math.Abs(mean) > 3*stdErr {
		t.Errorf("the mean luck of %v draws is %+.2f ±%.2f, beyond three errors of 0", n, mean, stdErr)
	}
}
