package ginrummy

import (
	"errors"
	"slices"
	"testing"
)

// Players A and B of scoring-examples.md.
const (
	A = 0
	B = 1
)

// played is a hand of scoring-examples.md: who knocked and what happened.
type played struct {
	knocker int
	hand    Showdown
}

// record scores the hands under the rules, as a score sheet would.
func record(t *testing.T, r Rules, hands []played) []Outcome {
	t.Helper()
	var out []Outcome
	for i, p := range hands {
		hs, err := r.ScoreHand(p.hand)
		if err != nil {
			t.Fatalf("%s, hand %d: %v", r.Name, i+1, err)
		}
		out = append(out, hs.Outcome(p.knocker))
	}
	return out
}

func mustScoreMatch(t *testing.T, r Rules, firstDealer int, rec []Outcome) Match {
	t.Helper()
	g, err := r.ScoreMatch(firstDealer, rec)
	if err != nil {
		t.Fatalf("%s: %v", r.Name, err)
	}
	return g
}

// The whole games of scoring-examples.md; "A 2/32" is played{A, knock(2, 32)}.
var (
	gv1 = []played{{A, knock(2, 32)}, {B, gin(15)}, {A, gin(30)}, {A, knock(5, 25)}}
	gv2 = []played{{A, knock(3, 28)}, {A, gin(20)}, {A, knock(1, 21)}, {B, knock(9, 4)}}
	gv3 = []played{{A, knock(2, 40)}, {B, knock(6, 6)}, {A, gin(30)}, {A, knock(4, 14)}}
	gv4 = []played{
		{A, knock(4, 12)}, {B, knock(3, 14)}, {A, knock(5, 10)}, {A, drawn()},
		{A, knock(2, 14)}, {B, knock(6, 10)}, {A, knock(7, 13)}, {B, knock(1, 16)},
		{A, knock(3, 12)}, {B, knock(8, 17)}, {A, knock(4, 11)}, {B, knock(2, 8)},
		{A, knock(6, 16)},
	}
	gv6 = []played{
		{A, knock(2, 32)}, {B, gin(20)}, {A, knock(1, 36)}, {B, knock(4, 26)},
		{A, knock(5, 35)}, {B, knock(2, 32)}, {A, knock(8, 3)},
	}
)

func TestScoreMatchExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id     string
		preset string
		hands  []played
		totals [][2]int // the score after each hand, where the example gives it
		boxes  [2]int
		after  int // the hand that ends the game, 0 for none
		final  [2]int
		net    int
		winner int
		lines  []line // the winner's lines, where the example spells them out
	}{
		{
			id: "GV1", preset: "classic", hands: gv1,
			totals: [][2]int{{30, 0}, {30, 35}, {80, 35}, {100, 35}},
			boxes:  [2]int{3, 1}, after: 4, final: [2]int{260, 55}, net: 205, winner: A,
			lines: []line{{"hand points", 100}, {"game bonus", 100}, {"box bonus", 60}},
		},
		{
			id: "GV1", preset: "modern", hands: gv1,
			totals: [][2]int{{30, 0}, {30, 40}, {85, 40}, {105, 40}},
			boxes:  [2]int{3, 1}, after: 4, final: [2]int{280, 65}, net: 215, winner: A,
		},
		{
			id: "GV1", preset: "scorepad", hands: gv1,
			totals: [][2]int{{30, 0}, {30, 40}, {85, 40}, {105, 40}},
			boxes:  [2]int{3, 1}, after: 4, final: [2]int{280, 65}, net: 215, winner: A,
		},
		{
			id: "GV2", preset: "classic", hands: gv2,
			totals: [][2]int{{25, 0}, {65, 0}, {85, 0}, {100, 0}},
			boxes:  [2]int{4, 0}, after: 4, final: [2]int{380, 0}, net: 380, winner: A,
			lines: []line{{"hand points", 100}, {"game bonus", 100}, {"shutout: game bonus doubled", 100}, {"box bonus", 80}},
		},
		{
			id: "GV2", preset: "modern", hands: gv2,
			totals: [][2]int{{25, 0}, {70, 0}, {90, 0}, {120, 0}},
			boxes:  [2]int{4, 0}, after: 4, final: [2]int{440, 0}, net: 440, winner: A,
			lines: []line{{"hand points", 120}, {"shutout: hand points doubled", 120}, {"game bonus", 100}, {"box bonus", 100}},
		},
		{
			id: "GV2", preset: "scorepad", hands: gv2,
			totals: [][2]int{{25, 0}, {70, 0}, {90, 0}, {120, 0}},
			boxes:  [2]int{4, 0}, after: 4, final: [2]int{420, 0}, net: 420, winner: A,
			lines: []line{{"hand points", 120}, {"game bonus", 100}, {"box bonus", 100}, {"shutout bonus", 100}},
		},
		{
			id: "GV3", preset: "classic", hands: gv3,
			totals: [][2]int{{38, 0}, {48, 0}, {98, 0}, {108, 0}},
			boxes:  [2]int{4, 0}, after: 4, final: [2]int{388, 0}, net: 388, winner: A,
		},
		{
			id: "GV3", preset: "modern", hands: gv3[:3],
			totals: [][2]int{{38, 0}, {63, 0}, {118, 0}},
			boxes:  [2]int{3, 0}, after: 3, final: [2]int{411, 0}, net: 411, winner: A,
		},
		{
			id: "GV3", preset: "scorepad", hands: gv3,
			totals: [][2]int{{38, 0}, {38, 0}, {93, 0}, {103, 0}},
			boxes:  [2]int{3, 1}, after: 4, final: [2]int{278, 25}, net: 253, winner: A,
			lines: []line{{"hand points", 103}, {"game bonus", 100}, {"box bonus", 75}},
		},
		{
			id: "GV4", preset: "scorepad", hands: gv4,
			boxes: [2]int{7, 5}, after: 13, final: [2]int{332, 170}, net: 162, winner: A,
		},
		{
			id: "GV6", preset: "classic", hands: gv6,
			totals: [][2]int{5: {95, 92}, {95, 107}},
			boxes:  [2]int{3, 4}, after: 7, final: [2]int{155, 287}, net: 132, winner: B,
		},
		{
			id: "GV6", preset: "modern", hands: gv6,
			totals: [][2]int{6: {95, 127}},
			boxes:  [2]int{3, 4}, after: 7, final: [2]int{170, 327}, net: 157, winner: B,
		},
		{
			id: "GV7", preset: "oklahoma",
			hands: []played{
				{A, on(t, "8h", knock(6, 30))}, {B, on(t, "3s", gin(18))}, {A, on(t, "Kd", knock(9, 9))},
				{A, on(t, "As", gin(22))}, {B, on(t, "5c", knock(4, 21))}, {A, on(t, "6s", knock(2, 18))},
			},
			totals: [][2]int{{24, 0}, {24, 86}, {24, 111}, {118, 111}, {118, 128}, {150, 128}},
			boxes:  [2]int{3, 3}, after: 6, final: [2]int{325, 203}, net: 122, winner: A,
		},
	}
	for _, tt := range tests {
		r := mustPreset(t, tt.preset)
		g := mustScoreMatch(t, r, A, record(t, r, tt.hands))
		name := tt.id + " " + tt.preset
		for i, want := range tt.totals {
			if want == [2]int{} {
				continue
			}
			if got := g.Deals[i].Tallies[0].Points; got != want {
				t.Errorf("%s: score after hand %d is %v, want %v", name, i+1, got, want)
			}
		}
		if g.Boxes != tt.boxes || g.Games[0].Boxes != tt.boxes {
			t.Errorf("%s: boxes %v (column %v), want %v", name, g.Boxes, g.Games[0].Boxes, tt.boxes)
		}
		if g.EndedAfter != tt.after || g.Games[0].EndedAfter != tt.after || g.Closed {
			t.Errorf("%s: ended after hand %d (column %d, closed %v), want %d", name, g.EndedAfter, g.Games[0].EndedAfter, g.Closed, tt.after)
		}
		res := g.Games[0].Result
		if res == nil {
			t.Errorf("%s: no result", name)
			continue
		}
		if res.Final != tt.final || res.Net != tt.net || res.Winner != tt.winner || g.Winner != tt.winner || g.Net != tt.net {
			t.Errorf("%s: %s wins %v by %d (match: %s by %d); want %s wins %v by %d",
				name, player(res.Winner), res.Final, res.Net, player(g.Winner), g.Net, player(tt.winner), tt.final, tt.net)
		}
		if tt.lines != nil && !slices.Equal(labelled(res.Lines[tt.winner]), tt.lines) {
			t.Errorf("%s: winner's lines %v, want %v", name, res.Lines[tt.winner], tt.lines)
		}
		checkLines(t, name, res)
	}
}

func player(p int) string { return string(rune('A' + p)) }

// checkLines fails when a player's lines do not add up to his final score.
func checkLines(t *testing.T, name string, s *Settlement) {
	t.Helper()
	for p, lines := range s.Lines {
		sum := 0
		for _, it := range lines {
			sum += it.Points
		}
		if sum != s.Final[p] {
			t.Errorf("%s: %s's lines %v add up to %d, not %d", name, player(p), lines, sum, s.Final[p])
		}
	}
}

func TestScoreMatchTotals(t *testing.T) {
	t.Parallel()
	// GV4's running totals under classic and scorepad are the same until the
	// hand limit: no hand in it is undercut or gin.
	want := [][2]int{
		{8, 0}, {8, 11}, {13, 11}, {13, 11}, {25, 11}, {25, 15}, {31, 15},
		{31, 30}, {40, 30}, {40, 39}, {47, 39}, {47, 45}, {57, 45},
	}
	for _, preset := range []string{"classic", "scorepad"} {
		r := mustPreset(t, preset)
		g := mustScoreMatch(t, r, A, record(t, r, gv4))
		for i, d := range g.Deals {
			if d.Tallies[0].Points != want[i] {
				t.Errorf("GV4 %s: after hand %d %v, want %v", preset, i+1, d.Tallies[0].Points, want[i])
			}
		}
	}
}

func TestGV4ClassicStaysOpenThenCloses(t *testing.T) {
	t.Parallel()
	r := mustPreset(t, "classic")
	g := mustScoreMatch(t, r, A, record(t, r, gv4))
	if g.Over() || g.Games[0].Points != [2]int{57, 45} || g.Winner != NoPlayer {
		t.Fatalf("GV4 classic: over %v at %v, winner %d; want open at 57–45", g.Over(), g.Games[0].Points, g.Winner)
	}
	closed, err := g.Close()
	if err != nil {
		t.Fatal(err)
	}
	res := closed.Games[0].Result
	if !closed.Over() || !closed.Closed || closed.EndedAfter != 13 || res == nil ||
		res.Winner != A || res.Final != [2]int{297, 145} || closed.Winner != A || closed.Net != 152 {
		t.Fatalf("GV4 classic closed: %+v, result %+v; want A 297 to 145 after hand 13", closed, res)
	}
	checkLines(t, "GV4 classic closed", res)
	if g.Over() || g.Games[0].Result != nil {
		t.Error("Close changed the game it was called on")
	}
	again, err := closed.Close()
	if err != nil || again.Games[0].Result != res {
		t.Errorf("closing a closed game: %v, result %+v; want it as it was", err, again.Games[0].Result)
	}
}

func TestDealer(t *testing.T) {
	t.Parallel()
	// GV5: A deals first; the hands are won by A, B, A, (drawn), A, B.
	rec := []Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}, {Winner: A, Points: 10},
		{Drawn: true}, {Winner: A, Points: 10}, {Winner: B, Points: 10}}
	tests := []struct {
		dealer Dealer
		deals  []int
		next   int
	}{
		{DealerAlternates, []int{A, B, A, B, B, A}, B},
		{LoserDeals, []int{A, B, A, B, B, B}, A},
	}
	for _, tt := range tests {
		r := DefaultRules()
		r.Dealer = tt.dealer
		g := mustScoreMatch(t, r, A, rec)
		var got []int
		for _, d := range g.Deals {
			got = append(got, d.Dealer)
		}
		if !slices.Equal(got, tt.deals) || g.NextDealer != tt.next {
			t.Errorf("%v: dealers %v then %d, want %v then %d", tt.dealer, got, g.NextDealer, tt.deals, tt.next)
		}
	}
	g := mustScoreMatch(t, DefaultRules(), B, rec[:1])
	if g.Deals[0].Dealer != B || g.NextDealer != A {
		t.Errorf("B first: deal 1 by %d, next %d", g.Deals[0].Dealer, g.NextDealer)
	}
}

func TestHandLimit(t *testing.T) {
	t.Parallel()
	r := mustPreset(t, "scorepad")
	r.HandLimit = 2
	tests := []struct {
		rec   []Outcome
		after int
		final [2]int
		why   string
	}{
		{[]Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 5}}, 2, [2]int{10 + 100 + 25, 5 + 25}, "the leader wins at the limit"},
		{[]Outcome{{Winner: A, Points: 10}, {Drawn: true}}, 0, [2]int{}, "a drawn hand does not count"},
		{[]Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}}, 0, [2]int{}, "level at the limit: play on"},
		{[]Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}, {Winner: B}, {Drawn: true}}, 0, [2]int{},
			"a 0-point win keeps it level"},
		{[]Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}, {Winner: B}, {Drawn: true}, {Winner: A, Points: 5}}, 5,
			[2]int{15 + 100 + 2*25, 10 + 2*25}, "the first hand that breaks the tie ends the game"},
		{[]Outcome{{Winner: A, Points: 120}}, 1, [2]int{120 + 100 + 25 + 100, 0}, "the target still ends it before the limit"},
	}
	for _, tt := range tests {
		g := mustScoreMatch(t, r, A, tt.rec)
		var final [2]int
		if res := g.Games[0].Result; res != nil {
			final = res.Final
		}
		if g.EndedAfter != tt.after || final != tt.final {
			t.Errorf("%v: ended after %d with %v, want %d with %v (%s)", tt.rec, g.EndedAfter, final, tt.after, tt.final, tt.why)
		}
	}
}

func TestShutoutRules(t *testing.T) {
	t.Parallel()
	// A wins 100 in four hands; B scores only a 0-point win.
	rec := []Outcome{{Winner: A, Points: 40}, {Winner: B}, {Winner: A, Points: 30}, {Winner: A, Points: 30}}
	tests := []struct {
		shutout Shutout
		when    ShutoutWhen
		want    bool
	}{
		{ShutoutDoubleGameBonus, LoserScoredNothing, true},
		{ShutoutDoubleGameBonus, LoserWonNoHands, false},
		{ShutoutDoubleGameBonus, WinnerWonEveryHand, false},
		{ShutoutNone, LoserScoredNothing, false},
	}
	for _, tt := range tests {
		r := DefaultRules()
		r.Shutout, r.ShutoutWhen = tt.shutout, tt.when
		g := mustScoreMatch(t, r, A, rec)
		if got := g.Games[0].Result.Shutout; got != tt.want {
			t.Errorf("%v when %v: shutout %v, want %v", tt.shutout, tt.when, got, tt.want)
		}
	}
}

func TestHollywood(t *testing.T) {
	t.Parallel()
	r := mustPreset(t, "hollywood")
	hands := []played{
		{A, knock(2, 32)}, {A, gin(20)}, {A, knock(5, 17)}, {A, knock(3, 23)}, {A, knock(6, 2)},
		{B, knock(4, 22)}, {A, knock(1, 27)}, {B, gin(15)}, {B, gin(25)},
	}
	want := []struct {
		points int
		games  []int
		score  [3][2]int // games 1, 2, 3: A and B
	}{
		{30, []int{0}, [3][2]int{{30, 0}, {0, 0}, {0, 0}}},
		{45, []int{0, 1}, [3][2]int{{75, 0}, {45, 0}, {0, 0}}},
		{12, []int{0, 1, 2}, [3][2]int{{87, 0}, {57, 0}, {12, 0}}},
		{20, []int{0, 1, 2}, [3][2]int{{107, 0}, {77, 0}, {32, 0}}},
		{29, []int{1}, [3][2]int{{107, 0}, {77, 29}, {32, 0}}},
		{18, []int{1, 2}, [3][2]int{{107, 0}, {77, 47}, {32, 18}}},
		{26, []int{1, 2}, [3][2]int{{107, 0}, {103, 47}, {58, 18}}},
		{40, []int{2}, [3][2]int{{107, 0}, {103, 47}, {58, 58}}},
		{50, []int{2}, [3][2]int{{107, 0}, {103, 47}, {58, 108}}},
	}
	g := mustScoreMatch(t, r, A, record(t, r, hands))
	for i, d := range g.Deals {
		w := want[i]
		var score [3][2]int
		for c, tally := range d.Tallies {
			score[c] = tally.Points
		}
		if d.Outcome.Points != w.points || !slices.Equal(d.Games, w.games) || score != w.score {
			t.Errorf("hand %d: %d points into games %v, score %v; want %d into %v, %v",
				i+1, d.Outcome.Points, d.Games, score, w.points, w.games, w.score)
		}
	}
	games := []struct {
		after   int
		winner  int
		shutout bool
		final   [2]int
		net     int
	}{
		{4, A, true, [2]int{107*2 + 100 + 4*25, 0}, 414},
		{7, A, false, [2]int{103 + 100 + 4*25, 47 + 2*25}, 206},
		{9, B, false, [2]int{58 + 3*25, 108 + 100 + 3*25}, 150},
	}
	for i, want := range games {
		c := g.Games[i]
		res := c.Result
		if c.EndedAfter != want.after || res == nil {
			t.Errorf("game %d: ended after %d with %+v, want after %d", i+1, c.EndedAfter, res, want.after)
			continue
		}
		if res.Winner != want.winner || res.Shutout != want.shutout || res.Final != want.final || res.Net != want.net {
			t.Errorf("game %d: %s wins %v by %d, shutout %v; want %s wins %v by %d, shutout %v", i+1,
				player(res.Winner), res.Final, res.Net, res.Shutout, player(want.winner), want.final, want.net, want.shutout)
		}
		checkLines(t, "hollywood", res)
	}
	if !g.Over() || g.EndedAfter != 9 || g.Winner != A || g.Net != 470 {
		t.Errorf("match: over %v after %d, %s by %d; want A by 470 after hand 9", g.Over(), g.EndedAfter, player(g.Winner), g.Net)
	}
}

func TestHollywoodClose(t *testing.T) {
	t.Parallel()
	r := mustPreset(t, "hollywood")
	tests := []struct {
		rec   []Outcome
		void  [3]bool
		final [3][2]int
		net   int
		why   string
	}{
		{
			rec:   []Outcome{{Winner: A, Points: 30}, {Winner: A, Points: 45}},
			void:  [3]bool{false, false, true},
			final: [3][2]int{{75*2 + 100 + 2*25, 0}, {45*2 + 100 + 25, 0}},
			net:   300 + 215,
			why:   "B entered no column: both shutouts; nobody entered game 3",
		},
		{
			rec: []Outcome{{Winner: A, Points: 30}, {Winner: A, Points: 45}, {Winner: A, Points: 12},
				{Winner: A, Points: 20}, {Winner: B, Points: 29}},
			final: [3][2]int{{107*2 + 100 + 4*25, 0}, {77 + 100 + 3*25, 29 + 25}, {32*2 + 100 + 2*25, 0}},
			net:   414 + 198 + 214,
			why:   "the Hollywood example closed after hand 5: game 1 was over, A leads games 2 and 3",
		},
	}
	for _, tt := range tests {
		g, err := mustScoreMatch(t, r, A, tt.rec).Close()
		if err != nil {
			t.Fatalf("%s: %v", tt.why, err)
		}
		for i, c := range g.Games {
			var final [2]int
			if c.Result != nil {
				final = c.Result.Final
				checkLines(t, tt.why, c.Result)
			}
			if !c.Over() || c.Void != tt.void[i] || final != tt.final[i] {
				t.Errorf("%s: game %d over %v void %v final %v; want void %v final %v",
					tt.why, i+1, c.Over(), c.Void, final, tt.void[i], tt.final[i])
			}
		}
		if !g.Closed || g.EndedAfter != len(tt.rec) || g.Winner != A || g.Net != tt.net {
			t.Errorf("%s: closed %v after %d, %s by %d; want A by %d", tt.why, g.Closed, g.EndedAfter, player(g.Winner), g.Net, tt.net)
		}
	}
}

func TestMatchLevel(t *testing.T) {
	t.Parallel()
	// Two games to 10 with no bonuses: A wins the first by 10, B the second by 10.
	r := Rules{Name: "test", KnockLimit: 10, Target: 10, GamesAtOnce: 2}
	g := mustScoreMatch(t, r, A, []Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}})
	if !g.Over() || g.Winner != NoPlayer || g.Net != 0 {
		t.Errorf("over %v, winner %d by %d; want a level match", g.Over(), g.Winner, g.Net)
	}
}

func TestCloseErrors(t *testing.T) {
	t.Parallel()
	classic, hollywood := DefaultRules(), mustPreset(t, "hollywood")
	tests := []struct {
		rules Rules
		rec   []Outcome
		msg   string
	}{
		{classic, nil, "the score is tied at 0–0"},
		{classic, []Outcome{{Drawn: true}, {Winner: B}}, "the score is tied at 0–0"},
		{classic, []Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}}, "the score is tied at 10–10"},
		{hollywood, nil, "game 1: the score is tied at 0–0"},
		{hollywood, []Outcome{{Winner: A, Points: 10}, {Winner: B, Points: 10}}, "game 1: the score is tied at 10–10"},
		{hollywood, []Outcome{{Winner: A, Points: 10}, {Winner: A, Points: 10},
			{Winner: B, Points: 5}, {Winner: B, Points: 5}, {Winner: B, Points: 5}},
			"game 2: the score is tied at 10–10"},
	}
	for _, tt := range tests {
		_, err := mustScoreMatch(t, tt.rules, A, tt.rec).Close()
		if !errors.Is(err, ErrTied) || err.Error() != tt.msg {
			t.Errorf("%s %v: Close() error %v, want %q", tt.rules.Name, tt.rec, err, tt.msg)
		}
	}
}

func TestScoreMatchErrors(t *testing.T) {
	t.Parallel()
	bad := DefaultRules()
	bad.GamesAtOnce = 0
	tests := []struct {
		rules  Rules
		dealer int
		rec    []Outcome
		is     error
		hand   int
		msg    string
	}{
		{DefaultRules(), 2, nil, ErrNoSuchPlayer, 0, "first dealer 2: players are 0 and 1"},
		{bad, A, nil, nil, 0, "number of games 0 must be at least 1"},
		{DefaultRules(), A, []Outcome{{Winner: A, Points: 5}, {Winner: 2, Points: 5}}, ErrNoSuchPlayer, 2,
			"hand 2: winner 2: players are 0 and 1"},
		{DefaultRules(), A, []Outcome{{Winner: B, Points: -5}}, ErrBadPoints, 1,
			"hand 1: impossible points: -5 is negative"},
		{DefaultRules(), A, []Outcome{{Drawn: true, Points: 5}}, ErrBadPoints, 1,
			"hand 1: impossible points: a drawn hand scores nothing, not 5"},
		// Classic: at most gin 20 + 98 deadwood. Oklahoma: (big gin 31 + 98) × 2.
		{DefaultRules(), A, []Outcome{{Winner: B, Points: 119}}, ErrBadPoints, 1,
			"hand 1: impossible points: 119 is more than a hand can score under these rules (118)"},
		{mustPreset(t, "oklahoma"), A, []Outcome{{Winner: A, Points: 259}}, ErrBadPoints, 1,
			"hand 1: impossible points: 259 is more than a hand can score under these rules (258)"},
		{DefaultRules(), A, []Outcome{{Winner: A, Points: 1 << 62}, {Winner: A, Points: 1 << 62}}, ErrBadPoints, 1,
			"hand 1: impossible points: 4611686018427387904 is more than a hand can score under these rules (118)"},
		{mustPreset(t, "modern"), A, append(record(t, mustPreset(t, "modern"), gv1), Outcome{Drawn: true}), ErrGameOver, 5,
			"hand 5: the game is over: it ended with hand 4"},
		{mustPreset(t, "modern"), A, record(t, mustPreset(t, "modern"), gv3), ErrGameOver, 4,
			"hand 4: the game is over: it ended with hand 3"},
	}
	for _, tt := range tests {
		_, err := tt.rules.ScoreMatch(tt.dealer, tt.rec)
		var he *HandError
		hand := 0
		if errors.As(err, &he) {
			hand = he.Hand
		}
		if err == nil || err.Error() != tt.msg || tt.is != nil && !errors.Is(err, tt.is) || hand != tt.hand {
			t.Errorf("%v: error %v, want %q (%v, hand %d)", tt.rec, err, tt.msg, tt.is, tt.hand)
		}
	}
}

func TestHandScoreOutcome(t *testing.T) {
	t.Parallel()
	classic := mustPreset(t, "classic")
	tests := []struct {
		hand    Showdown
		knocker int
		want    Outcome
	}{
		{knock(5, 20), A, Outcome{Winner: A, Points: 15}},
		{knock(5, 20), B, Outcome{Winner: B, Points: 15}},
		{knock(7, 3), A, Outcome{Winner: B, Points: 14}},
		{knock(7, 3), B, Outcome{Winner: A, Points: 14}},
		{drawn(), B, Outcome{Drawn: true}},
	}
	for _, tt := range tests {
		hs, err := classic.ScoreHand(tt.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := hs.Outcome(tt.knocker); got != tt.want {
			t.Errorf("%+v by %d: %+v, want %+v", tt.hand, tt.knocker, got, tt.want)
		}
	}
}

// SettleNet is Settle's winner and net, for every preset's shutout rule:
// tallies with and without points and hands for the loser.
func TestSettleNet(t *testing.T) {
	t.Parallel()
	for _, name := range PresetNames() {
		r, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, tally := range []Tally{
			{Points: [2]int{104, 0}, Boxes: [2]int{5, 0}},
			{Points: [2]int{0, 130}, Boxes: [2]int{0, 3}},
			{Points: [2]int{45, 101}, Boxes: [2]int{2, 4}},
			{Points: [2]int{100, 0}, Boxes: [2]int{6, 1}},
			{Points: [2]int{60, 40}, Boxes: [2]int{1, 1}},
		} {
			s := r.Settle(tally)
			if w, n := r.SettleNet(tally); w != s.Winner || n != s.Net {
				t.Errorf("%s %+v: SettleNet %d, %d; Settle %d, %d", name, tally, w, n, s.Winner, s.Net)
			}
		}
	}
}

// Play, a hand at a time, scores as ScoreMatch does the whole record: the
// examples' running totals, and a hand after the game's end refused as hand
// 5 of GV1 (it ends after hand 4).
func TestPlayAHandAtATime(t *testing.T) {
	t.Parallel()
	for _, preset := range []string{"classic", "scorepad"} {
		r := mustPreset(t, preset)
		g := mustScoreMatch(t, r, A, nil)
		for i, o := range record(t, r, gv4) {
			if err := g.Play(o); err != nil {
				t.Fatalf("GV4 %s, hand %d: %v", preset, i+1, err)
			}
		}
		if g.Games[0].Points != [2]int{57, 45} || len(g.Deals) != 13 || g.Deals[4].Tallies[0].Points != [2]int{25, 11} {
			t.Errorf("GV4 %s a hand at a time: %v after %d hands, %v after hand 5; want 57–45 after 13, 25–11 after 5",
				preset, g.Games[0].Points, len(g.Deals), g.Deals[4].Tallies[0].Points)
		}
	}
	r := mustPreset(t, "classic")
	g := mustScoreMatch(t, r, A, nil)
	gv := record(t, r, gv1)
	for _, o := range gv {
		if err := g.Play(o); err != nil {
			t.Fatal(err)
		}
	}
	var he *HandError
	if err := g.Play(gv[0]); !errors.As(err, &he) || he.Hand != 5 || !errors.Is(err, ErrGameOver) {
		t.Errorf("a fifth hand after GV1 ended: %v; want hand 5, the game over", err)
	}
}
