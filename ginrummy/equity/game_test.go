package equity_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
)

// tinyRules is a game to 10 with no bonus but the game's and the boxes'.
func tinyRules() ginrummy.Rules {
	r := ginrummy.DefaultRules()
	r.Target, r.GameBonus, r.BoxBonus, r.Shutout = 10, 100, 20, ginrummy.ShutoutNone
	return r
}

// tinyResults: the dealer scores 10 (3 hands in 10), the other player 5
// (5 in 10), or the hand is drawn (2 in 10).
var tinyResults = equity.Results{Drawn: 0.2, Scored: []equity.Result{
	{ByDealer: true, Points: 10, Chance: 0.3},
	{ByDealer: false, Points: 5, Chance: 0.5},
}}

// TestTinyGameByHand checks the table on a game worked by hand. At 0–0
// with the player dealing: he wins at once (0.3), or the opponent leads
// 5–0 and deals (0.5), or the hand is dealt again (0.2). At 0–5 with the
// opponent dealing, the player loses at once (0.3) or reaches 5–5 and
// deals (0.5); at 5–5 with the player dealing, he wins (0.3) or loses
// (0.5). So, the drawn hands divided out: W(5–5) = 0.3/0.8 = 0.375,
// W(0–5) = 0.5·0.375/0.8 = 0.234375, W(0–0) = (0.3 + 0.5·0.234375)/0.8 =
// 0.521484375.
//
// The settlement at 5–5 with the player dealing: he wins 15–5 with two
// boxes to one, 15+100+40 − (5+20) = 130; or loses 5–10 with one box to
// two, −(10+100+40 − (5+20)) = −125. Net(5–5) = (0.3·130 − 0.5·125)/0.8 =
// −29.375.
func TestTinyGameByHand(t *testing.T) {
	t.Parallel()
	tab, err := equity.NewTableFrom(tinyRules(), tinyResults)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s   equity.State
		win float64
	}{
		{equity.State{Dealer: 0}, 0.521484375},
		{equity.State{Points: [2]int{0, 5}, Boxes: [2]int{0, 1}, Dealer: 1}, 0.234375},
		{equity.State{Points: [2]int{5, 5}, Boxes: [2]int{1, 1}, Dealer: 0}, 0.375},
	} {
		if got := tab.Win(c.s); math.Abs(got-c.win) > 1e-12 {
			t.Errorf("Win(%+v) = %v, want %v", c.s, got, c.win)
		}
	}
	if got := tab.Net(equity.State{Points: [2]int{5, 5}, Boxes: [2]int{1, 1}}); math.Abs(got-(-29.375)) > 1e-9 {
		t.Errorf("Net(5–5) = %v, want −29.375", got)
	}
	// After the hand in play: a win of 5 from 5–5 ends the game won,
	// 10+100+40 − (5+20).
	w, n := tab.After(equity.State{Points: [2]int{5, 5}, Boxes: [2]int{1, 1}}, ginrummy.Outcome{Winner: 0, Points: 5})
	if w != 1 || n != 125 {
		t.Errorf("After(5–5, won 5) = %v, %v; want 1, 125", w, n)
	}
}

// TestCheck refuses scores no game can be at.
func TestCheck(t *testing.T) {
	t.Parallel()
	tab, err := equity.NewTableFrom(tinyRules(), tinyResults)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    equity.State
		want error
	}{
		{equity.State{Points: [2]int{10, 0}, Boxes: [2]int{1, 0}}, equity.ErrGameOver},
		{equity.State{Points: [2]int{-1, 0}}, equity.ErrNegative},
		{equity.State{Points: [2]int{5, 0}}, equity.ErrPointsNoHand},
		{equity.State{Dealer: 2}, equity.ErrNoSuchDealer},
	} {
		if err := tab.Check(c.s); !errors.Is(err, c.want) {
			t.Errorf("Check(%+v) = %v, want %v", c.s, err, c.want)
		}
	}
	if err := tab.Check(equity.State{Points: [2]int{9, 0}, Boxes: [2]int{3, 0}}); err != nil {
		t.Errorf("Check(9–0) = %v", err)
	}
}

func TestHollywoodRefused(t *testing.T) {
	t.Parallel()
	r, _ := ginrummy.Preset("hollywood")
	if _, err := equity.NewTableFrom(r, tinyResults); !errors.Is(err, equity.ErrHollywood) {
		t.Errorf("hollywood: %v, want ErrHollywood", err)
	}
}

// sampler draws hand results for a Monte-Carlo game.
type sampler struct {
	res equity.Results
	rng *rand.Rand
}

// next is the outcome of a hand dealt by dealer.
func (s sampler) next(dealer int) ginrummy.Outcome {
	x := s.rng.Float64()
	if x < s.res.Drawn {
		return ginrummy.Outcome{Drawn: true}
	}
	x -= s.res.Drawn
	for _, r := range s.res.Scored {
		if x < r.Chance {
			w := 1 - dealer
			if r.ByDealer {
				w = dealer
			}
			return ginrummy.Outcome{Winner: w, Points: r.Points}
		}
		x -= r.Chance
	}
	last := s.res.Scored[len(s.res.Scored)-1]
	w := 1 - dealer
	if last.ByDealer {
		w = dealer
	}
	return ginrummy.Outcome{Winner: w, Points: last.Points}
}

// playGames plays n whole games from the record prefix by ScoreMatch, each
// hand drawn from the results, and returns the share player 0 won and the
// mean and standard error of his settlement's difference.
func playGames(t *testing.T, r ginrummy.Rules, res equity.Results, first int, prefix []ginrummy.Outcome, n int, seed uint64) (win, net, netErr float64) {
	s := sampler{res, rand.New(rand.NewPCG(seed, 7))}
	var sum, sum2 float64
	wins := 0
	for range n {
		record := append([]ginrummy.Outcome(nil), prefix...)
		for {
			m, err := r.ScoreMatch(first, record)
			if err != nil {
				t.Fatal(err)
			}
			if m.Over() {
				d := float64(m.Net)
				if m.Winner == 0 {
					wins++
				} else {
					d = -d
				}
				sum += d
				sum2 += d * d
				break
			}
			record = append(record, s.next(m.NextDealer))
		}
	}
	mean := sum / float64(n)
	return float64(wins) / float64(n), mean, math.Sqrt((sum2/float64(n) - mean*mean) / float64(n))
}

// TestTableAgainstPlay checks the table against whole games played by
// ginrummy.Rules.ScoreMatch, each hand drawn from the same measured
// results: the chance of winning and the settlement's difference agree
// within four standard errors of the games' figures.
func TestTableAgainstPlay(t *testing.T) {
	t.Parallel()
	loser, _ := ginrummy.Preset("classic")
	loser.Dealer = ginrummy.LoserDeals
	for _, c := range []struct {
		preset string
		rules  *ginrummy.Rules
		first  int
		prefix []ginrummy.Outcome
	}{
		{preset: "classic", first: 0},
		{preset: "modern", first: 1, prefix: []ginrummy.Outcome{{Winner: 1, Points: 40}, {Drawn: true}, {Winner: 0, Points: 35}, {Winner: 1, Points: 30}}},
		{preset: "scorepad", first: 0, prefix: []ginrummy.Outcome{{Winner: 0, Points: 0}}},
		{preset: "oklahoma", first: 1},
		{preset: "classic", rules: &loser, first: 0, prefix: []ginrummy.Outcome{{Winner: 0, Points: 60}, {Winner: 1, Points: 20}}},
	} {
		r, err := ginrummy.Preset(c.preset)
		if err != nil {
			t.Fatal(err)
		}
		if c.rules != nil {
			r = *c.rules
		}
		res, err := equity.ResultsFor(r)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := equity.NewTable(r)
		if err != nil {
			t.Fatal(err)
		}
		m, err := r.ScoreMatch(c.first, c.prefix)
		if err != nil {
			t.Fatal(err)
		}
		s := equity.State{Points: m.Games[0].Points, Boxes: m.Games[0].Boxes, Dealer: m.NextDealer}
		if err := tab.Check(s); err != nil {
			t.Fatal(err)
		}
		const n = 3000
		win, net, netErr := playGames(t, r, res, c.first, c.prefix, n, 1)
		winErr := math.Sqrt(win * (1 - win) / n)
		if got := tab.Win(s); math.Abs(got-win) > 4*winErr {
			t.Errorf("%s at %v: the table wins %.4f, %d games %.4f ±%.4f", c.preset, s.Points, got, n, win, winErr)
		}
		if got := tab.Net(s); math.Abs(got-net) > 4*netErr {
			t.Errorf("%s at %v: the table's net %.2f, %d games %.2f ±%.2f", c.preset, s.Points, got, n, net, netErr)
		}
	}
}

// TestSureWin: at 99–0 to 100, any hand the player wins wins the game,
// whatever it scores, and a hand he loses does not lose it.
func TestSureWin(t *testing.T) {
	t.Parallel()
	tab, err := equity.NewTable(ginrummy.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	s := equity.State{Points: [2]int{99, 0}, Boxes: [2]int{5, 0}}
	v := tab.Values(s, equity.Game)
	for p := 1; p < len(v.Won); p++ {
		if v.Won[p] != 1 {
			t.Fatalf("won %d at 99–0: wins the game %v, want 1", p, v.Won[p])
		}
	}
	if v.Lost[10] <= 0 || v.Lost[10] >= 1 {
		t.Errorf("lost 10 at 99–0: wins the game %v, want between 0 and 1", v.Lost[10])
	}
}

// TestTinyGameLoserDeals: the tiny game with the loser dealing. At 0–0
// with the player dealing he wins at once (0.3), or trails 0–5 and deals
// again (0.5); there he wins with 10 (0.3) or loses to 5 more (0.5). So
// W(0–5) = 0.3/0.8 = 0.375 and W(0–0) = (0.3 + 0.5·0.375)/0.8 = 0.609375.
func TestTinyGameLoserDeals(t *testing.T) {
	t.Parallel()
	r := tinyRules()
	r.Dealer = ginrummy.LoserDeals
	tab, err := equity.NewTableFrom(r, tinyResults)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s   equity.State
		win float64
	}{
		{equity.State{Dealer: 0}, 0.609375},
		{equity.State{Points: [2]int{0, 5}, Boxes: [2]int{0, 1}, Dealer: 0}, 0.375},
	} {
		if got := tab.Win(c.s); math.Abs(got-c.win) > 1e-12 {
			t.Errorf("Win(%+v) = %v, want %v", c.s, got, c.win)
		}
	}
}

// A table values the scores that can follow the first score asked for,
// then more as earlier scores are asked for: the figures are the same in
// any order.
func TestTableOrderOfAsking(t *testing.T) {
	t.Parallel()
	r, _ := ginrummy.Preset("scorepad")
	late := equity.State{Points: [2]int{50, 62}, Boxes: [2]int{3, 4}, Dealer: 1}
	early := equity.State{Dealer: 0}
	a, err := equity.NewTable(r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := equity.NewTable(r)
	aLate, aEarly := a.Win(late), a.Net(early)
	bEarly, bLate := b.Net(early), b.Win(late)
	if aLate != bLate || aEarly != bEarly {
		t.Errorf("late %v then %v, early %v then %v", aLate, bLate, aEarly, bEarly)
	}
}

// TestCheckBoxes refuses boxes the points cannot have (issue 43): each
// hand won scores at least a point by the classic rules (a knock wins by a
// point or more, an undercut and gin score their bonus or more), so 0-0
// cannot have 5 hands won each; where the knocker wins a tie, a hand can be
// won for no points (scorepad).
func TestCheckBoxes(t *testing.T) {
	t.Parallel()
	classic, _ := ginrummy.Preset("classic")
	scorepad, _ := ginrummy.Preset("scorepad")
	zeroUndercut := classic
	zeroUndercut.UndercutBonus = 0 // a tie undercuts, for no points
	for _, c := range []struct {
		name   string
		r      ginrummy.Rules
		games  []ginrummy.Tally
		want   error
		game   int
		player int
	}{
		{"0-0, 5 hands each", classic, []ginrummy.Tally{{Boxes: [2]int{5, 5}}}, equity.ErrTooFewPoints, 0, 0},
		{"4 points in 5 hands", classic, []ginrummy.Tally{{Points: [2]int{30, 4}, Boxes: [2]int{2, 5}}}, equity.ErrTooFewPoints, 0, 1},
		{"5 points in 5 hands", classic, []ginrummy.Tally{{Points: [2]int{5, 0}, Boxes: [2]int{5, 0}}}, nil, 0, 0},
		{"points, no hand", classic, []ginrummy.Tally{{Points: [2]int{0, 7}}}, equity.ErrPointsNoHand, 0, 1},
		{"the third game", classic, []ginrummy.Tally{{Points: [2]int{40, 0}, Boxes: [2]int{3, 0}}, {Points: [2]int{20, 0}, Boxes: [2]int{2, 0}}, {Boxes: [2]int{1, 0}}}, equity.ErrTooFewPoints, 2, 0},
		{"ties to the knocker", scorepad, []ginrummy.Tally{{Boxes: [2]int{5, 5}}}, nil, 0, 0},
		{"no undercut bonus", zeroUndercut, []ginrummy.Tally{{Boxes: [2]int{0, 2}}}, nil, 0, 0},
	} {
		err := equity.CheckBoxes(c.r, c.games)
		if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
			continue
		}
		if be, ok := errors.AsType[*equity.BoxesError](err); c.want != nil && (!ok || be.Game != c.game || be.Player != c.player) {
			t.Errorf("%s: %#v, want game %d, player %d", c.name, be, c.game, c.player)
		}
	}
	// The table checks them too.
	tab, err := equity.NewTableFrom(tinyRules(), tinyResults)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Check(equity.State{Boxes: [2]int{5, 5}}); !errors.Is(err, equity.ErrTooFewPoints) {
		t.Errorf("Check(0-0, boxes 5-5) = %v, want ErrTooFewPoints", err)
	}
}
