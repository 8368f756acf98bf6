package review_test

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/ginrummy/table"
)

func preset(t testing.TB, name string) ginrummy.Rules {
	t.Helper()
	r, err := ginrummy.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// quick is advice light enough for tests.
func quick(seed uint64) review.Settings {
	return review.Settings{Advice: advice.Settings{Model: advice.Evidence, Samples: 300, Playouts: 60, Seed: seed}}
}

func parse(t testing.TB, text string) *record.Record {
	t.Helper()
	rec, err := record.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func reviewOne(t testing.TB, rec *record.Record, rules ginrummy.Rules, s review.Settings) []review.Decision {
	t.Helper()
	got, err := review.Review([]review.Recorded{{Session: &record.Session{Record: rec, Rules: rules}}}, s)
	if err != nil {
		t.Fatal(err)
	}
	return got[0]
}

func TestTagOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		loss, se float64
		want     review.Tag
	}{
		{0, 0, review.None},
		{1.9, 0, review.None},
		{2, 0, review.Inaccuracy},
		{4.9, 0.1, review.Inaccuracy},
		{5, 0, review.Mistake},
		{10, 0, review.Blunder},
		{30, 1, review.Blunder},
		{12, 6, review.None},      // within two errors: it may be noise
		{12, 5.9, review.Blunder}, // just beyond
		{3, 1.4, review.Inaccuracy},
	} {
		if got := review.TagOf(c.loss, c.se); got != c.want {
			t.Errorf("TagOf(%v, %v) = %v, want %v", c.loss, c.se, got, c.want)
		}
	}
}

// The example of HANDS.md, a complete record.
var example = handsExample()

// TestDecisionsOfExample lists the decisions of the example by the rules:
// each take-or-draw but the draw forced by two passes, each discard, and a
// knock-or-play-on wherever the ten cards kept can knock.
func TestDecisionsOfExample(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	got := reviewOne(t, parse(t, example), rules, quick(1))
	type d struct {
		player int
		kind   review.Kind
		turn   int
		line   int
	}
	want := []d{
		{0, review.TakeOrDraw, 1, 7}, // Ann passes the 5♠
		{1, review.TakeOrDraw, 1, 8}, // Bob passes it
		// Ann must draw; throwing Tc keeps 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d,
		// deadwood 9: she can knock.
		{0, review.Discard, 1, 9}, {0, review.KnockOrPlayOn, 1, 9},
		// Bob draws Qh and throws it: 2d 3d 4d 5h 6h Qs Js Jd 8c Ac has
		// deadwood 5+6+10+10+10+8+1, no knock.
		{1, review.TakeOrDraw, 2, 10}, {1, review.Discard, 2, 10},
		// Ann takes Qh and throws 9d: deadwood 10, a knock is possible.
		{0, review.TakeOrDraw, 3, 11}, {0, review.Discard, 3, 11}, {0, review.KnockOrPlayOn, 3, 11},
		{1, review.TakeOrDraw, 4, 12}, {1, review.Discard, 4, 12},
		// Ann draws 5c and knocks with Qh: gin.
		{0, review.TakeOrDraw, 5, 13}, {0, review.Discard, 5, 13}, {0, review.KnockOrPlayOn, 5, 13},
	}
	var have []d
	for _, x := range got {
		have = append(have, d{x.Player, x.Kind, x.Turn, x.Line})
		if x.Loss < 0 || x.StdErr < 0 {
			t.Errorf("%+v: a negative loss or error", x)
		}
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("decisions %v, want %v", have, want)
	}
	last := got[len(got)-1]
	if !last.Made.Knock || !last.Made.Gin || last.Made.Discard != card(t, "Qh") {
		t.Errorf("the last decision was made %+v, want a knock for gin with Q♥", last.Made)
	}
}

func card(t testing.TB, s string) ginrummy.Card {
	t.Helper()
	c, err := ginrummy.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A record of Ann's cards only, played to the last card of the stock: she
// holds 6h 7h 8h 9h Ks Kd Kc 2c 3c Qd (deadwood 15, no knock), draws and
// throws a card of no use each turn, and with the stock's 29th card (two
// are left) draws the 4♣: 2c 3c 4c melds, and throwing the Q♦ is gin.
// Throwing instead ends the hand drawn, as the stock is down to two.
func ginAtTheEnd(last string) string {
	junk := strings.Fields("Jc Tc 9c 8c 7c Js Ts 9s 8s 7s Td 9d Jh 6s")
	bob := strings.Fields("Ad 2d 3d 4d 6d 7d 8d As 2s 3s 4s 5s Ah 2h")
	var b strings.Builder
	b.WriteString("players Ann Bob\ndealer Bob\ndeal Ann 6h 7h 8h 9h Ks Kd Kc 2c 3c Qd\nupcard 5d\nAnn pass\nBob pass\n")
	for i := range junk {
		fmt.Fprintf(&b, "Ann draw %s throw %s\nBob draw throw %s\n", junk[i], junk[i], bob[i])
	}
	b.WriteString("Ann draw 4c " + last + "\n")
	return b.String()
}

// TestThrowingAwayGin: a player who holds gin and does not lay it down
// makes a blunder that costs at least the gin bonus (classic: 20) and the
// defender's deadwood, as the hand ends drawn for nothing.
func TestThrowingAwayGin(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	for _, c := range []struct {
		last string
		kind review.Kind
	}{
		{"throw Qd", review.KnockOrPlayOn}, // the right card, but no knock
		{"throw 4c", review.Discard},       // a card of a meld
		{"throw 6h", review.Discard},
	} {
		rec := parse(t, ginAtTheEnd(c.last))
		if _, err := rec.Replay(rules, -1); err != nil {
			t.Fatal(err)
		}
		got := reviewOne(t, rec, rules, quick(1))
		var worst review.Decision
		for _, d := range got {
			if d.Loss > worst.Loss {
				worst = d
			}
		}
		if worst.Kind != c.kind || worst.Tag != review.Blunder || worst.Loss < float64(rules.GinBonus) {
			t.Errorf("%s: the worst decision is %v, tag %v, losing %.1f ±%.1f; want a %v blunder losing %d or more", c.last, worst.Kind, worst.Tag, worst.Loss, worst.StdErr, c.kind, rules.GinBonus)
		}
		if !worst.Best.Knock || !worst.Best.Gin || worst.Best.Discard != card(t, "Qd") {
			t.Errorf("%s: best %+v, want throwing Q♦ and knocking for gin", c.last, worst.Best)
		}
	}
	// Laying it down costs nothing at the end.
	got := reviewOne(t, parse(t, ginAtTheEnd("knock Qd")), rules, quick(1))
	for _, d := range got[len(got)-2:] {
		if d.Loss != 0 || d.Tag != review.None {
			t.Errorf("knocking for gin: %v lost %.1f (%v)", d.Kind, d.Loss, d.Tag)
		}
	}
}

// A tagged decision is valued by its position advised again with the seed
// AgainSeed gives, not by the figures that chose the best move: here gin
// missed at each of the three decisions of the last turn. Each loss and
// error are those of the best move and of the move made (each knocking or
// playing on as the first figures would play it) in the advice of the
// position at that seed: for the discard and the knock, the eleven cards
// after the draw of the 4♣; for the take-or-draw, the ten cards with the
// 4♣ face up, a draw against taking it and knocking for gin with the Q♦.
func TestTagByThePositionAdvisedAgain(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	s := quick(1)
	type pick struct {
		take, draw bool
		discard    string
		knock      bool // else play on; with asFirst, as the first figures play it
		asFirst    bool
	}
	// The 4♣ face up where Ann drew it: Bob throws it where he threw the
	// 2♥, and Ann draws the 2♥.
	upcard := strings.Replace(ginAtTheEnd("throw 2h"), "throw 2h\nAnn draw 4c", "throw 4c\nAnn draw 2h", 1)
	for _, c := range []struct {
		text       string
		kind       review.Kind
		moves      int // the moves of the record before the position
		best, made pick
	}{
		{ginAtTheEnd("throw Qd"), review.KnockOrPlayOn, -1, pick{discard: "Qd", knock: true}, pick{discard: "Qd"}},
		{ginAtTheEnd("throw 6h"), review.Discard, -1, pick{discard: "Qd", knock: true}, pick{discard: "6h", asFirst: true}},
		{upcard, review.TakeOrDraw, -2, pick{take: true, discard: "Qd", knock: true}, pick{draw: true}},
	} {
		rec := parse(t, c.text)
		if _, err := rec.Replay(rules, -1); err != nil {
			t.Fatal(err)
		}
		var decision review.Decision
		for _, d := range reviewOne(t, rec, rules, s) {
			if d.Kind == c.kind && d.Line == rec.Moves[len(rec.Moves)-1].Line {
				decision = d
			}
		}
		if decision.Tag != review.Blunder {
			t.Fatalf("%v: %+v, want a blunder", c.kind, decision)
		}
		round, err := rec.Replay(rules, len(rec.Moves)+c.moves)
		if err != nil {
			t.Fatal(err)
		}
		pos := advice.PositionOf(round.View(0))
		advise := func(seed uint64) []advice.Option {
			set := s.Advice
			set.Rules, set.Seed, set.Ranked = rules, seed, true
			a, err := advice.Advise(pos, set)
			if err != nil {
				t.Fatal(err)
			}
			return a.Options
		}
		first, again := advise(1), advise(1^review.AgainSeed)
		find := func(opts []advice.Option, p pick) advice.Option {
			for _, o := range opts {
				if o.Take == p.take && o.Draw == p.draw && !o.BigGin && (p.draw || o.Discard == card(t, p.discard)) {
					return o
				}
			}
			t.Fatalf("no option %+v", p)
			return advice.Option{}
		}
		valueOf := func(opts []advice.Option, p pick) (float64, float64) {
			o := find(opts, p)
			if p.knock || p.asFirst && find(first, p).Knocks() {
				return o.Knock.Best().Points, o.Knock.Best().StdErr
			}
			return o.PlayOn.Points, o.PlayOn.StdErr
		}
		lossOf := func(opts []advice.Option) (float64, float64) {
			b, be := valueOf(opts, c.best)
			m, me := valueOf(opts, c.made)
			return max(b-m, 0), math.Hypot(be, me)
		}
		loss, stdErr := lossOf(again)
		if firstLoss, _ := lossOf(first); firstLoss == loss {
			t.Fatalf("%v: the two seeds value the position alike (%v): the test cannot tell them apart", c.kind, loss)
		}
		if decision.Loss != loss || decision.StdErr != stdErr {
			t.Errorf("%v: loss %v ±%v, want %v ±%v: the figures of the position advised again", c.kind, decision.Loss, decision.StdErr, loss, stdErr)
		}
	}
}

// follower plays the advice's own choices, with the settings a review
// uses: take or draw by the best option before the draw (and, after a
// take, that option's throw and knock), and after a draw the best option of
// the eleven cards.
type follower struct {
	t    testing.TB
	set  advice.Settings
	plan table.Play
}

func (f *follower) advise(v table.View) *advice.Advice {
	a, err := advice.Advise(advice.PositionOf(v), f.set)
	if err != nil {
		f.t.Fatal(err)
	}
	return a
}

func (f *follower) Take(v table.View) bool {
	best := f.advise(v).Best()
	switch {
	case best.Take && best.BigGin:
		f.plan = table.Play{BigGin: true}
	case best.Take:
		f.plan = table.Play{Discard: best.Discard, Knock: best.Knocks()}
		if best.Knocks() {
			f.plan.Melds = best.Knock.Best().Melds
		}
	}
	return best.Take
}

func (f *follower) Play(v table.View) table.Play {
	if v.Taken() != ginrummy.NoCard {
		return f.plan
	}
	best := f.advise(v).Best()
	switch {
	case best.BigGin:
		return table.Play{BigGin: true}
	case best.Knocks():
		return table.Play{Discard: best.Discard, Knock: true, Melds: best.Knock.Best().Melds}
	}
	return table.Play{Discard: best.Discard}
}

// TestAdvicesOwnChoicesLoseNothing plays hands by the advice's own choices
// and reviews them with the same settings: every decision's loss is 0.
func TestAdvicesOwnChoicesLoseNothing(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	hands := 4
	if testing.Short() {
		hands = 2
	}
	for i := range hands {
		rules := preset(t, []string{"classic", "modern", "oklahoma"}[i%3])
		s := quick(uint64(i + 1))
		s.Advice.Rules = rules
		// The choices the review ranks by: the figures that ranked them.
		own := s.Advice
		own.Ranked = true
		players := [2]table.Player{&follower{t: t, set: own}, &follower{t: t, set: own}}
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		rec := recordOf(t, rules, players, i%2, deck)
		got := reviewOne(t, rec, rules, s)
		if len(got) < 4 {
			t.Errorf("hand %d: only %d decisions", i, len(got))
		}
		var sum review.Summary
		for _, d := range got {
			sum.Add(d)
			if d.Loss > review.Sure*d.StdErr || d.Loss != 0 {
				t.Errorf("hand %d, line %d: %v made %+v, best %+v, lost %.2f ±%.2f", i, d.Line, d.Kind, d.Made, d.Best, d.Loss, d.StdErr)
			}
		}
		// No loss: an accuracy of 100 (103.1668 − 3.1669 = 99.9999).
		if a := sum.Accuracy(); a < 100-1e-3-review.Sure*sum.AccuracyStdErr() || a > 100 {
			t.Errorf("hand %d: the advice's own choices have an accuracy of %v ±%v, want 100", i, a, sum.AccuracyStdErr())
		}
	}
}

// Accuracy maps the mean loss per decision as Lichess maps a move's loss
// of winning chances: 103.1668·e^(−0.04354·x) − 3.1669, within 0 to 100,
// with its error the slope times the mean's.
func TestAccuracy(t *testing.T) {
	t.Parallel()
	lichess := func(x float64) float64 { return 103.1668*math.Exp(-0.04354*x) - 3.1669 }
	for _, c := range []struct {
		losses []float64
		want   float64
	}{
		{nil, 0},                         // no decision: nothing to score
		{[]float64{0, 0, 0}, 99.9999},    // no loss
		{[]float64{1, 0, 2}, lichess(1)}, // a mean of 1 point a decision: 95.4
		{[]float64{10}, lichess(10)},     // 63.6
		{[]float64{40, 0}, lichess(20)},  // 40.0
		{[]float64{200}, 0},              // Lichess's curve is below 0 from 79 points on
	} {
		var s review.Summary
		for _, l := range c.losses {
			s.Add(review.Decision{Loss: l, StdErr: 0.5})
		}
		if got := s.Accuracy(); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("losses %v: accuracy %v, want %v", c.losses, got, c.want)
		}
	}
	var s review.Summary
	s.Add(review.Decision{Loss: 3, StdErr: 1})
	if want := 103.1668 * 0.04354 * math.Exp(-0.04354*3) * 1; math.Abs(s.AccuracyStdErr()-want) > 1e-9 {
		t.Errorf("accuracy's error %v, want %v", s.AccuracyStdErr(), want)
	}
}

// recordOf plays a hand and writes it as a complete record.
func recordOf(t testing.TB, rules ginrummy.Rules, players [2]table.Player, dealer int, deck []ginrummy.Card) *record.Record {
	t.Helper()
	_, moves, err := table.PlayDealtMoves(rules, players, dealer, deck)
	if err != nil {
		t.Fatal(err)
	}
	full, err := table.Deal(rules, dealer, deck)
	if err != nil {
		t.Fatal(err)
	}
	rec := &record.Record{Players: [2]string{"Ann", "Bob"}, Dealer: dealer, Rules: rules.Name, Upcard: full.FirstUpcard(), Deals: [2]ginrummy.Hand{full.Hand(0), full.Hand(1)}}
	for _, m := range moves {
		rec.Moves = append(rec.Moves, record.Move{Move: m})
	}
	// Through the text, as gin review reads it.
	return parse(t, string(record.Format(rec)))
}

// TestSameSettingsSameReview: the review is repeatable, whatever the
// number of workers.
func TestSameSettingsSameReview(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	rec := parse(t, example)
	a := quick(7)
	a.Workers = 1
	b := quick(7)
	b.Workers = 4
	if x, y := reviewOne(t, rec, rules, a), reviewOne(t, rec, rules, b); !reflect.DeepEqual(x, y) {
		t.Errorf("one worker:\n%+v\nfour:\n%+v", x, y)
	}
}

// TestPlayers adds up each player's decisions across hands, a player the
// same in any case of their name, and leaves out a player whose cards no
// record knows.
func TestPlayers(t *testing.T) {
	t.Parallel()
	a := parse(t, "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n")
	b := parse(t, "players bob ann\ndealer bob\ndeal ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n")
	hands := []review.Recorded{{Session: &record.Session{Record: a}}, {Session: &record.Session{Record: b}}}
	decisions := [][]review.Decision{
		{{Player: 0, Loss: 3, StdErr: 1, Tag: review.Inaccuracy}, {Player: 0, Loss: 0}},
		{{Player: 1, Loss: 12, StdErr: 2, Tag: review.Blunder}},
	}
	got := review.Players(hands, decisions)
	if len(got) != 1 || got[0].Name != "Ann" {
		t.Fatalf("players %+v, want Ann alone", got)
	}
	s := got[0].Summary
	// 3 + 0 + 12 over three decisions; the error sqrt(1 + 4) / 3.
	if s.Decisions != 3 || s.Lost != 15 || s.Mean() != 5 || s.Tags != [4]int{1, 1, 0, 1} {
		t.Errorf("summary %+v, mean %v", s, s.Mean())
	}
	if want := 2.2360679775 / 3; s.MeanStdErr() < want-1e-9 || s.MeanStdErr() > want+1e-9 {
		t.Errorf("mean's error %v, want %v", s.MeanStdErr(), want)
	}
}

var long = flag.Bool("long", false, "review hands played by the advice at its default effort")

// TestAdvicesOwnChoicesOtherSeed plays hands by the advice's own choices at
// its default effort and reviews them with other seeds: the values are then
// other estimates of the same positions, and no decision may be tagged.
// With -long only (10 to 35 s on the 2-core machine, by its load): 8 hands,
// 364 decisions (2026-11-27, the options racing for play-outs), none tagged
// nor beyond two errors, a mean loss of 0.14 ±0.04 points per decision, the
// noise of taking the best of several estimates.
func TestAdvicesOwnChoicesOtherSeed(t *testing.T) {
	t.Parallel()
	if !*long {
		t.Skip("with -long")
	}
	rng := rand.New(rand.NewPCG(9, 9))
	rules := preset(t, "classic")
	var sum review.Summary
	beyond := 0
	for i := range 8 {
		set := advice.Settings{Rules: rules, Model: advice.Evidence, Seed: uint64(i + 1), Ranked: true}
		players := [2]table.Player{&follower{t: t, set: set}, &follower{t: t, set: set}}
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		rec := recordOf(t, rules, players, i%2, deck)
		s := review.Settings{Advice: advice.Settings{Model: advice.Evidence, Seed: uint64(i + 1000)}}
		for _, d := range reviewOne(t, rec, rules, s) {
			sum.Add(d)
			if d.Loss > review.Sure*d.StdErr {
				beyond++
			}
			if d.Tag != review.None {
				t.Errorf("hand %d, line %d: %v made %+v, best %+v, lost %.2f ±%.2f: %v", i, d.Line, d.Kind, d.Made, d.Best, d.Loss, d.StdErr, d.Tag)
			}
		}
	}
	t.Logf("%d decisions, %d beyond two errors, mean loss %.3f ±%.3f, accuracy %.2f ±%.2f", sum.Decisions, beyond, sum.Mean(), sum.MeanStdErr(), sum.Accuracy(), sum.AccuracyStdErr())
}

// A take followed by big gin: the take is the best move, and so is big
// gin, worth the modern rules' 31 and the defender's deadwood against a
// plain gin's 25 (the options before the draw have taking and laying down
// big gin among them).
func TestBigGinAfterTake(t *testing.T) {
	t.Parallel()
	rules := preset(t, "modern")
	rec := parse(t, "players Ann Bob\ndealer Bob\nrules modern\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 5c\nupcard Th\nAnn take Th\nAnn big-gin\n")
	got := reviewOne(t, rec, rules, quick(1))
	if len(got) != 2 {
		t.Fatalf("decisions %+v, want the take and the big gin", got)
	}
	take, big := got[0], got[1]
	if take.Kind != review.TakeOrDraw || !take.Made.Take || take.Loss != 0 {
		t.Errorf("the take: %+v", take)
	}
	if big.Kind != review.Discard || !big.Made.BigGin || !big.Best.BigGin || big.Loss != 0 || big.Line != 7 {
		t.Errorf("the big gin: %+v", big)
	}
}

// Progress is told of every position advised, the last call done == total.
func TestProgress(t *testing.T) {
	t.Parallel()
	s := quick(1)
	var mu sync.Mutex
	var calls, totals []int
	s.Progress = func(done, n int) {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, done)
		totals = append(totals, n)
	}
	reviewOne(t, parse(t, example), preset(t, "classic"), s)
	// The example's positions: Ann's and Bob's first offers, Ann's eleven
	// cards after her forced draw, Bob's take-or-draw and eleven cards,
	// Ann's take-or-draw (a take: no more), Bob's two, Ann's two: 10. Then
	// those of the decisions the first figures tagged, advised again: each
	// position once at most.
	// When positions are advised again, the total grows first (10 of
	// more than 10: the bar no longer full), then each is counted.
	n := len(calls)
	for i, done := range calls {
		want, wantTotal := i+1, 10
		if i >= 10 {
			want, wantTotal = i, totals[n-1]
		}
		if done != want || totals[i] != wantTotal {
			t.Errorf("call %d: %d of %d, want %d of %d", i+1, done, totals[i], want, wantTotal)
		}
	}
	if n != 10 && (n < 12 || n > 21 || calls[n-1] != totals[n-1] || totals[n-1] != n-1) {
		t.Errorf("progress %v of %v, want 1 to 10 of 10, then the total grown by at most 10 and each counted", calls, totals)
	}
}

// At the first upcard offer a draw is no move: the best there is to take
// the card or to pass it; here, a king that melds with nothing, passing.
func TestBestAtTheFirstOfferIsTakeOrPass(t *testing.T) {
	t.Parallel()
	rec := parse(t, "players Ann Bob\ndealer Bob\ndeal Ann 2c 3c 4c 5d 6d 7d 8h 9h Th Ah\nupcard Ks\nAnn pass\n")
	got := reviewOne(t, rec, preset(t, "classic"), quick(1))
	if len(got) != 1 || got[0].Kind != review.TakeOrDraw || !got[0].Made.Pass {
		t.Fatalf("decisions %+v, want Ann's pass", got)
	}
	if d := got[0]; d.Best.Draw || !d.Best.Pass || d.Loss != 0 {
		t.Errorf("the best at the first offer is %+v, loss %v; want the pass made", d.Best, d.Loss)
	}
}

// A hand played under several games at once (Hollywood) is not reviewed by
// the game: its score is one game's.
func TestSeveralGamesNotByTheGame(t *testing.T) {
	t.Parallel()
	rules := preset(t, "hollywood")
	rec := parse(t, ginAtTheEnd("throw Qd"))
	s := quick(1)
	s.Advice.Objective = equity.Game
	_, err := review.Review([]review.Recorded{{Session: &record.Session{Record: rec, Rules: rules}, Score: &ginrummy.Tally{}}}, s)
	if !errors.Is(err, review.ErrSeveralGames) {
		t.Errorf("Review under Hollywood by the game: %v, want ErrSeveralGames", err)
	}
}

// Each player's positions are advised with how the other plays, as earlier
// hands showed it (Recorded.Opponents): Bob seen to knock at the first
// chance in a few hands changes the values of Ann's decisions, and only
// hers, from those with nothing learnt.
func TestOpponentsStyleAdvisesTheirPositions(t *testing.T) {
	rules := preset(t, "classic")
	rec := parse(t, example)
	early := advice.Style{KnockRate: advice.KnocksEarly, TookMelds: advice.DefaultTookMelds, Hands: 5, Early: 5}
	plain, err := review.Review([]review.Recorded{{Session: &record.Session{Record: rec, Rules: rules}}}, quick(1))
	if err != nil {
		t.Fatal(err)
	}
	learnt, err := review.Review([]review.Recorded{{Session: &record.Session{Record: rec, Rules: rules}, Opponents: [2]*advice.Style{&early, nil}}}, quick(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(plain[0]) != len(learnt[0]) {
		t.Fatalf("%d decisions, with Bob's style learnt %d", len(plain[0]), len(learnt[0]))
	}
	changed := 0
	for k, d := range learnt[0] {
		p := plain[0][k]
		switch {
		case d.Player == 1 && !reflect.DeepEqual(d, p):
			t.Errorf("Bob's decision at turn %d changed by his own style: %+v, was %+v", d.Turn, d, p)
		case d.Player == 0 && d.Value != p.Value:
			changed++
		}
	}
	if changed == 0 {
		t.Error("no value of Ann's decisions changed with Bob seen to knock at the first chance")
	}
}
