package equity_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
)

// tinyHollywood is Hollywood's three games to 6, a game bonus of 10, a box
// bonus of 2, and its shutout: double hand points when the loser has no
// entry in the game.
func tinyHollywood() ginrummy.Rules {
	r, err := ginrummy.Preset("hollywood")
	if err != nil {
		panic(err)
	}
	r.Target, r.GameBonus, r.BoxBonus = 6, 10, 2
	return r
}

// tinyHollywoodResults: the dealer scores 3 (4 hands in 10), the other
// player 2 (35 in 100) or 5 (15 in 100), or the hand is drawn (1 in 10).
var tinyHollywoodResults = equity.Results{Drawn: 0.1, Scored: []equity.Result{
	{ByDealer: true, Points: 3, Chance: 0.4},
	{ByDealer: false, Points: 2, Chance: 0.35},
	{ByDealer: false, Points: 5, Chance: 0.15},
}}

// tinyMatch is the valuer of the tiny Hollywood match, and its rules.
func tinyMatch(t *testing.T) (ginrummy.Rules, *equity.Match) {
	t.Helper()
	r := tinyHollywood()
	m, err := equity.NewMatchFrom(r, tinyHollywoodResults)
	if err != nil {
		t.Fatal(err)
	}
	return r, m
}

// exactMatch is the value of a match to player 0 after the record, the
// first hand dealt by player 0, by plain enumeration: every way the rest
// of the match can go, each record scored from the start by the rules'
// own ginrummy.Rules.ScoreMatch. A drawn hand changes nothing but is dealt
// again, so the chances of the hands won are divided by those not drawn.
// A level match is half a win.
func exactMatch(t *testing.T, r ginrummy.Rules, res equity.Results, record []ginrummy.Outcome) (win, net float64) {
	m, err := r.ScoreMatch(0, record)
	if err != nil {
		t.Fatal(err)
	}
	if m.Over() {
		switch m.Winner {
		case 0:
			return 1, float64(m.Net)
		case 1:
			return 0, -float64(m.Net)
		}
		return 0.5, 0
	}
	for _, x := range res.Scored {
		w := 1 - m.NextDealer
		if x.ByDealer {
			w = m.NextDealer
		}
		c := x.Chance / (1 - res.Drawn)
		xw, xn := exactMatch(t, r, res, append(record[:len(record):len(record)], ginrummy.Outcome{Winner: w, Points: x.Points}))
		win += c * xw
		net += c * xn
	}
	return win, net
}

// stateAfter is the match's state after the record, player 0 dealing first,
// from player 0's side.
func stateAfter(t *testing.T, r ginrummy.Rules, record []ginrummy.Outcome) equity.State {
	m, err := r.ScoreMatch(0, record)
	if err != nil {
		t.Fatal(err)
	}
	s := equity.State{Points: m.Games[0].Points, Boxes: m.Games[0].Boxes, Dealer: m.NextDealer}
	copy(s.Later[:], []ginrummy.Tally{m.Games[1].Tally, m.Games[2].Tally})
	return s
}

// TestMatchAgainstEnumeration checks a Hollywood match's sampled figures
// against every way the rest of a tiny match can go, within four standard
// errors: before the hand, and after each way it can end.
func TestMatchAgainstEnumeration(t *testing.T) {
	t.Parallel()
	r, m := tinyMatch(t)
	a, b := ginrummy.Outcome{Winner: 0, Points: 3}, ginrummy.Outcome{Winner: 1, Points: 2}
	for _, record := range [][]ginrummy.Outcome{
		nil,
		{a},
		{a, b},
		{b, b, a},
		{a, a, b, {Winner: 1, Points: 5}},
	} {
		s := stateAfter(t, r, record)
		if err := m.Check(s); err != nil {
			t.Fatalf("after %v: Check: %v", record, err)
		}
		win, net := exactMatch(t, r, tinyHollywoodResults, record)
		v := m.Before(s)
		if math.Abs(v.Win-win) > 4*v.WinErr+1e-9 || math.Abs(v.Net-net) > 4*v.NetErr+1e-9 {
			t.Errorf("after %v: Before = %.4f ±%.4f, net %.3f ±%.3f; enumerated %.4f, %.3f", record, v.Win, v.WinErr, v.Net, v.NetErr, win, net)
		}
		if v.WinErr <= 0 || v.WinErr > 0.02 {
			t.Errorf("after %v: the win's standard error %v: want a sample's, of %d plays", record, v.WinErr, equity.MatchPlays)
		}
		game, nets := m.Values(s, equity.Game), m.Values(s, equity.Net)
		for _, vals := range []*equity.Values{game, nets} {
			if vals.Matches != equity.MatchPlays || vals.StdErr <= 0 {
				t.Errorf("after %v, %v: %d plays, standard error %v", record, vals.Objective, vals.Matches, vals.StdErr)
			}
		}
		ends := []ginrummy.Outcome{{Drawn: true}}
		for _, p := range []int{0, 2, 3, 5, 6, 9} {
			ends = append(ends, ginrummy.Outcome{Winner: 0, Points: p}, ginrummy.Outcome{Winner: 1, Points: p})
		}
		for _, o := range ends {
			win, n := exactMatch(t, r, tinyHollywoodResults, append(record[:len(record):len(record)], o))
			if got := game.Of(o); math.Abs(got-win) > 4*game.StdErr+1e-9 {
				t.Errorf("after %v then %+v, the chance to win: %.4f, enumerated %.4f (±%.4f)", record, o, got, win, game.StdErr)
			}
			if got := nets.Of(o); math.Abs(got-n) > 4*nets.StdErr+1e-9 {
				t.Errorf("after %v then %+v, the net: %.3f, enumerated %.3f (±%.3f)", record, o, got, n, nets.StdErr)
			}
		}
	}
}

// TestMatchEndsExactly: a hand that ends the match is valued by its
// settlement, not sampled. From 5–0 in each game, the player's three wins
// of 0, 0 and 5 (3, 2 and 1 hands in games 1 to 3), a win of 1 ends all
// three: three shutouts (the opponent has no entry) of 6·2 + 10 and 4, 3
// and 2 boxes of 2: 30 + 28 + 26 = 84.
func TestMatchEndsExactly(t *testing.T) {
	t.Parallel()
	_, m := tinyMatch(t)
	five := func(boxes int) ginrummy.Tally { return ginrummy.Tally{Points: [2]int{5, 0}, Boxes: [2]int{boxes, 0}} }
	s := equity.StateOf([]ginrummy.Tally{five(3), five(2), five(1)}, 0)
	if err := m.Check(s); err != nil {
		t.Fatal(err)
	}
	won := ginrummy.Outcome{Winner: 0, Points: 1}
	if got := m.Values(s, equity.Net).Of(won); got != 84 {
		t.Errorf("net after a win of 1 = %v, want 84", got)
	}
	if got := m.Values(s, equity.Game).Of(won); got != 1 {
		t.Errorf("game after a win of 1 = %v, want 1", got)
	}
}

// TestMatchCheck refuses scores no match can be at.
func TestMatchCheck(t *testing.T) {
	t.Parallel()
	_, m := tinyMatch(t)
	over := ginrummy.Tally{Points: [2]int{7, 0}, Boxes: [2]int{2, 0}}
	one := ginrummy.Tally{Points: [2]int{2, 0}, Boxes: [2]int{1, 0}}
	for _, c := range []struct {
		name string
		s    equity.State
		want error
	}{
		{"every game over", equity.State{Points: over.Points, Boxes: over.Boxes, Later: [2]ginrummy.Tally{over, over}}, equity.ErrGameOver},
		{"both reached", equity.State{Points: [2]int{6, 6}, Boxes: [2]int{2, 2}}, equity.ErrBothReached},
		{"second game before the first", equity.State{Later: [2]ginrummy.Tally{one}}, equity.ErrEnteredLater},
		{"points, no box", equity.State{Points: [2]int{0, 2}}, equity.ErrPointsNoHand},
		{"negative", equity.State{Later: [2]ginrummy.Tally{{}, {Boxes: [2]int{0, -1}}}}, equity.ErrNegative},
		{"dealer", equity.State{Dealer: 2}, equity.ErrNoSuchDealer},
		// While game 1 is open, each of a player's wins goes into it, and
		// his first does not go into game 2: he has more hands in game 1
		// than in game 2, and at least as many points.
		{"more points in game 2", equity.State{Points: [2]int{2, 0}, Boxes: [2]int{2, 0}, Later: [2]ginrummy.Tally{{Points: [2]int{5, 0}, Boxes: [2]int{1, 0}}}}, equity.ErrAheadInLater},
		{"as many hands in game 2", equity.State{Points: [2]int{5, 0}, Boxes: [2]int{1, 0}, Later: [2]ginrummy.Tally{{Points: [2]int{3, 0}, Boxes: [2]int{1, 0}}}}, equity.ErrAheadInLater},
		{"game 3 ahead of game 2", equity.State{Points: over.Points, Boxes: over.Boxes, Later: [2]ginrummy.Tally{{Points: [2]int{3, 0}, Boxes: [2]int{2, 0}}, {Points: [2]int{4, 0}, Boxes: [2]int{1, 0}}}}, equity.ErrAheadInLater},
	} {
		if err := m.Check(c.s); !errors.Is(err, c.want) {
			t.Errorf("%s: Check(%+v) = %v, want %v", c.name, c.s, err, c.want)
		}
	}
	// The first game over, the opponent never in it: his first win enters
	// the second game.
	ok := equity.State{Points: over.Points, Boxes: over.Boxes, Later: [2]ginrummy.Tally{{Points: [2]int{4, 2}, Boxes: [2]int{1, 1}}}}
	if err := m.Check(ok); err != nil {
		t.Errorf("Check(%+v) = %v", ok, err)
	}
	// Wins of 2 then 3: game 1 at 5 from two hands, game 2 at 3 from one.
	two := equity.State{Points: [2]int{5, 0}, Boxes: [2]int{2, 0}, Later: [2]ginrummy.Tally{{Points: [2]int{3, 0}, Boxes: [2]int{1, 0}}}}
	if err := m.Check(two); err != nil {
		t.Errorf("Check(%+v) = %v", two, err)
	}
	tab, err := equity.NewTableFrom(tinyRules(), tinyResults)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Check(equity.State{Later: [2]ginrummy.Tally{one}}); !errors.Is(err, equity.ErrOneGame) {
		t.Errorf("a table given a second game: %v, want ErrOneGame", err)
	}
}

// A Match keeps the figures of a bounded number of states, however many it
// is asked for (an arena run asks for a new one every hand), and gives the
// same figures for a state asked again after it was let go.
func TestMatchCacheIsBounded(t *testing.T) {
	t.Parallel()
	_, m := tinyMatch(t)
	first := equity.State{Points: [2]int{3, 0}, Boxes: [2]int{1, 0}}
	want := m.Before(first)
	asked := 0
	for p0 := range 5 {
		for p1 := range 5 {
			for d := range 2 {
				for q := range 4 {
					s := equity.State{Points: [2]int{p0, p1}, Boxes: [2]int{min(p0, 1) + min(q, p0, 1), min(p1, 1)}, Dealer: d,
						Later: [2]ginrummy.Tally{{Points: [2]int{min(q, p0), 0}, Boxes: [2]int{min(q, p0, 1), 0}}}}
					if m.Check(s) != nil {
						continue
					}
					m.Before(s)
					asked++
				}
			}
		}
	}
	values, before := m.Cached()
	if asked < 100 || before > 64 || values > 64 {
		t.Errorf("%d states asked: %d kept before the hand, %d kept by end; want at most 64 each", asked, before, values)
	}
	if got := m.Before(first); got != want {
		t.Errorf("asked again: %+v, first %+v", got, want)
	}
}

// Hand results that never score, or none at all, make a match that never
// ends: refused, not played.
func TestMatchThatNeverEnds(t *testing.T) {
	t.Parallel()
	for _, res := range []equity.Results{
		{},
		{Drawn: 1},
		{Drawn: 0.5, Scored: []equity.Result{{ByDealer: true, Points: 0, Chance: 0.5}}},
	} {
		if _, err := equity.NewMatchFrom(tinyHollywood(), res); !errors.Is(err, equity.ErrTooLong) {
			t.Errorf("results %+v: %v, want ErrTooLong", res, err)
		}
	}
}

// TestMatchRulesApart: what a match keeps of the rules to play hands on
// says what the rules' own Ends and DealsNext say, at every tally near the
// target and the hand limit, under either dealing rule.
func TestMatchRulesApart(t *testing.T) {
	t.Parallel()
	for _, limit := range []int{0, 3} {
		for _, dealer := range []ginrummy.Dealer{ginrummy.DealerAlternates, ginrummy.LoserDeals} {
			r := tinyHollywood()
			r.HandLimit, r.Dealer = limit, dealer
			m, err := equity.NewMatchFrom(r, tinyHollywoodResults)
			if err != nil {
				t.Fatal(err)
			}
			outcomes := []ginrummy.Outcome{{Drawn: true}, {Winner: 0, Points: 2}, {Winner: 1, Points: 0}}
			for a := range r.Target + 3 {
				for b := range r.Target + 3 {
					for boxes := range 5 {
						tl := ginrummy.Tally{Points: [2]int{a, b}, Boxes: [2]int{boxes, 1}}
						for d := range 2 {
							for _, o := range outcomes {
								ends, next := m.EndsAndDeals(tl, d, o)
								if ends != r.Ends(tl) || next != r.DealsNext(d, o) {
									t.Fatalf("limit %d, %v, %+v, dealer %d, %+v: ends %v, deals %d; the rules say %v, %d",
										limit, dealer, tl, d, o, ends, next, r.Ends(tl), r.DealsNext(d, o))
								}
							}
						}
					}
				}
			}
		}
	}
}

// sampledMatch is, written plainly, what Match samples from the record
// (the first hand dealt by player 0): plays of the rest of the match, the
// k-th drawing its hands from its own stream of random numbers (PCG, seeded
// 0x9e3779b97f4a7c15 and k), each hand the first result of the dealer's
// whose cumulative chance (the drawn hands first, then the results in
// order, the last one past every number) is above the next number's top 53
// bits as a fraction; each play scored from the start by the rules' own
// ginrummy.Rules.ScoreMatch. It returns the means and standard errors of
// the chance to win and of the net over n plays.
func sampledMatch(t *testing.T, r ginrummy.Rules, res equity.Results, record []ginrummy.Outcome, n int) (win, winErr, net, netErr float64) {
	type draw struct {
		upTo float64
		o    ginrummy.Outcome
	}
	var draws [2][]draw
	for d := range 2 {
		up := res.Drawn
		if up > 0 {
			draws[d] = append(draws[d], draw{up, ginrummy.Outcome{Drawn: true}})
		}
		for _, x := range res.Scored {
			w := 1 - d
			if x.ByDealer {
				w = d
			}
			up += x.Chance
			draws[d] = append(draws[d], draw{up, ginrummy.Outcome{Winner: w, Points: x.Points}})
		}
		draws[d][len(draws[d])-1].upTo = math.Inf(1)
	}
	var sw, sw2, sn, sn2 float64
	for k := range n {
		rng := rand.NewPCG(0x9e3779b97f4a7c15, uint64(k))
		played := append([]ginrummy.Outcome(nil), record...)
		for {
			m, err := r.ScoreMatch(0, played)
			if err != nil {
				t.Fatal(err)
			}
			if m.Over() {
				w, x := 0.5, 0.0
				switch m.Winner {
				case 0:
					w, x = 1, float64(m.Net)
				case 1:
					w, x = 0, -float64(m.Net)
				}
				sw, sw2, sn, sn2 = sw+w, sw2+w*w, sn+x, sn2+x*x
				break
			}
			u := float64(rng.Uint64()>>11) / (1 << 53)
			for _, d := range draws[m.NextDealer] {
				if d.upTo > u {
					played = append(played, d.o)
					break
				}
			}
		}
	}
	meanErr := func(s, s2 float64) (mean, err float64) {
		mean = s / float64(n)
		return mean, math.Sqrt(max(s2/float64(n)-mean*mean, 0) / float64(n))
	}
	win, winErr = meanErr(sw, sw2)
	net, netErr = meanErr(sn, sn2)
	return win, winErr, net, netErr
}

// TestMatchSamplesAsWritten holds a match's sampled figures, bit for bit,
// to the plain sampling of sampledMatch: the same random numbers give the
// same hands, whatever is done to make the sampling faster. The figures
// before the hand are held after every record; those after each way the
// hand can end, after the last record (in the second game, a hand drawn
// last), and with -long after every record (each record's some 0.3 s of
// CPU, most of it the plain sampling's).
func TestMatchSamplesAsWritten(t *testing.T) {
	t.Parallel()
	r, m := tinyMatch(t)
	a, b := ginrummy.Outcome{Winner: 0, Points: 3}, ginrummy.Outcome{Winner: 1, Points: 2}
	ends := []ginrummy.Outcome{{Drawn: true}, {Winner: 0, Points: 0}, {Winner: 1, Points: 2}, {Winner: 0, Points: 5}, {Winner: 1, Points: 6}}
	records := [][]ginrummy.Outcome{nil, {a, b}, {b, b, a, {Drawn: true}}}
	for i, record := range records {
		s := stateAfter(t, r, record)
		v := m.Before(s)
		win, winErr, net, netErr := sampledMatch(t, r, tinyHollywoodResults, record, equity.MatchPlays)
		if v.Win != win || v.WinErr != winErr || v.Net != net || v.NetErr != netErr {
			t.Errorf("after %v: Before = %v ±%v, net %v ±%v; sampled as written %v ±%v, %v ±%v",
				record, v.Win, v.WinErr, v.Net, v.NetErr, win, winErr, net, netErr)
		}
		if !*long && i < len(records)-1 {
			continue
		}
		game, nets := m.Values(s, equity.Game), m.Values(s, equity.Net)
		for _, o := range ends {
			win, winErr, net, netErr := sampledMatch(t, r, tinyHollywoodResults, append(record[:len(record):len(record)], o), game.Matches)
			if game.Of(o) != win || nets.Of(o) != net || winErr > game.StdErr || netErr > nets.StdErr {
				t.Errorf("after %v then %+v: %v, net %v (standard errors at most %v, %v); sampled as written %v ±%v, %v ±%v",
					record, o, game.Of(o), nets.Of(o), game.StdErr, nets.StdErr, win, winErr, net, netErr)
			}
		}
	}
}
