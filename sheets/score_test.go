package sheets

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// Players A and B of scoring-examples.md are Ann and Bob. The hands name
// them as people type them: by a prefix, in any case.

func knock(by string, k, d int) HandRecord { return HandRecord{By: by, Knock: &k, Deadwood: &d} }
func gin(by string, d int) HandRecord      { return HandRecord{By: by, Gin: true, Deadwood: &d} }
func bigGin(by string, d int) HandRecord   { return HandRecord{By: by, BigGin: true, Deadwood: &d} }
func drawn() HandRecord                    { return HandRecord{Draw: true} }
func given(w string, p int) HandRecord     { return HandRecord{Winner: w, Points: &p} }

// up is a hand dealt with the given upcard, for Oklahoma.
func up(card string, h HandRecord) HandRecord {
	h.Upcard = card
	return h
}

// The whole games of scoring-examples.md; "A 2/32" is knock("a", 2, 32), and
// "B knocks 9, A has 4" is knock("b", 9, 4).
var (
	gv1 = []HandRecord{knock("a", 2, 32), gin("b", 15), gin("A", 30), knock("ann", 5, 25)}
	gv2 = []HandRecord{knock("a", 3, 28), gin("a", 20), knock("a", 1, 21), knock("b", 9, 4)}
	gv3 = []HandRecord{knock("a", 2, 40), knock("b", 6, 6), gin("a", 30), knock("a", 4, 14)}
	gv4 = []HandRecord{
		knock("a", 4, 12), knock("b", 3, 14), knock("a", 5, 10), drawn(),
		knock("a", 2, 14), knock("b", 6, 10), knock("a", 7, 13), knock("b", 1, 16),
		knock("a", 3, 12), knock("b", 8, 17), knock("a", 4, 11), knock("b", 2, 8),
		knock("a", 6, 16),
	}
	gv6 = []HandRecord{
		knock("a", 2, 32), gin("b", 20), knock("a", 1, 36), knock("b", 4, 26),
		knock("a", 5, 35), knock("b", 2, 32), knock("a", 8, 3),
	}
	gv7 = []HandRecord{
		up("8h", knock("a", 6, 30)), up("3s", gin("b", 18)), up("Kd", knock("a", 9, 9)),
		up("As", gin("a", 22)), up("5c", knock("b", 4, 21)), up("6s", knock("a", 2, 18)),
	}
	hollywood = []HandRecord{
		knock("a", 2, 32), gin("a", 20), knock("a", 5, 17), knock("a", 3, 23),
		knock("a", 6, 2), knock("b", 4, 22), knock("a", 1, 27), gin("b", 15), gin("b", 25),
	}
)

// ended is how a game of the examples ends.
type ended struct {
	winner  string
	after   int // the hand after which it ended
	final   [2]int
	net     int
	shutout bool
	closed  bool
}

func TestGamesThroughTheSheet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		preset  string
		hands   []HandRecord
		refused int      // hands at the end that come after the end of the game
		close   bool     // the game is ended with Close after the hands
		running [][2]int // the totals after each hand, where the example gives them
		totals  [2]int
		boxes   [2]int
		result  ended
	}{
		{
			name: "GV1", preset: "classic", hands: gv1,
			running: [][2]int{{30, 0}, {30, 35}, {80, 35}, {100, 35}},
			totals:  [2]int{100, 35}, boxes: [2]int{3, 1},
			result: ended{winner: "Ann", after: 4, final: [2]int{260, 55}, net: 205},
		},
		{
			name: "GV1", preset: "modern", hands: gv1,
			running: [][2]int{{30, 0}, {30, 40}, {85, 40}, {105, 40}},
			totals:  [2]int{105, 40}, boxes: [2]int{3, 1},
			result: ended{winner: "Ann", after: 4, final: [2]int{280, 65}, net: 215},
		},
		{
			name: "GV1", preset: "scorepad", hands: gv1,
			totals: [2]int{105, 40}, boxes: [2]int{3, 1},
			result: ended{winner: "Ann", after: 4, final: [2]int{280, 65}, net: 215},
		},
		{
			name: "GV2", preset: "classic", hands: gv2,
			running: [][2]int{{25, 0}, {65, 0}, {85, 0}, {100, 0}},
			totals:  [2]int{100, 0}, boxes: [2]int{4, 0},
			result: ended{winner: "Ann", after: 4, final: [2]int{380, 0}, net: 380, shutout: true},
		},
		{
			name: "GV2", preset: "modern", hands: gv2,
			running: [][2]int{{25, 0}, {70, 0}, {90, 0}, {120, 0}},
			totals:  [2]int{120, 0}, boxes: [2]int{4, 0},
			result: ended{winner: "Ann", after: 4, final: [2]int{440, 0}, net: 440, shutout: true},
		},
		{
			name: "GV2", preset: "scorepad", hands: gv2,
			totals: [2]int{120, 0}, boxes: [2]int{4, 0},
			result: ended{winner: "Ann", after: 4, final: [2]int{420, 0}, net: 420, shutout: true},
		},
		{
			name: "GV3", preset: "classic", hands: gv3,
			running: [][2]int{{38, 0}, {48, 0}, {98, 0}, {108, 0}},
			totals:  [2]int{108, 0}, boxes: [2]int{4, 0},
			result: ended{winner: "Ann", after: 4, final: [2]int{388, 0}, net: 388, shutout: true},
		},
		{
			name: "GV3", preset: "modern", hands: gv3, refused: 1,
			running: [][2]int{{38, 0}, {63, 0}, {118, 0}},
			totals:  [2]int{118, 0}, boxes: [2]int{3, 0},
			result: ended{winner: "Ann", after: 3, final: [2]int{411, 0}, net: 411, shutout: true},
		},
		{
			name: "GV3", preset: "scorepad", hands: gv3,
			running: [][2]int{{38, 0}, {38, 0}, {93, 0}, {103, 0}},
			totals:  [2]int{103, 0}, boxes: [2]int{3, 1},
			result: ended{winner: "Ann", after: 4, final: [2]int{278, 25}, net: 253},
		},
		{
			name: "GV4", preset: "scorepad", hands: gv4,
			totals: [2]int{57, 45}, boxes: [2]int{7, 5},
			result: ended{winner: "Ann", after: 13, final: [2]int{332, 170}, net: 162},
		},
		{
			name: "GV4", preset: "classic", hands: gv4, close: true,
			totals: [2]int{57, 45}, boxes: [2]int{7, 5},
			result: ended{winner: "Ann", after: 13, final: [2]int{297, 145}, net: 152, closed: true},
		},
		{
			name: "GV6", preset: "classic", hands: gv6,
			running: [][2]int{{30, 0}, {30, 40}, {65, 40}, {65, 62}, {95, 62}, {95, 92}, {95, 107}},
			totals:  [2]int{95, 107}, boxes: [2]int{3, 4},
			result: ended{winner: "Bob", after: 7, final: [2]int{155, 287}, net: 132},
		},
		{
			name: "GV6", preset: "modern", hands: gv6,
			totals: [2]int{95, 127}, boxes: [2]int{3, 4},
			result: ended{winner: "Bob", after: 7, final: [2]int{170, 327}, net: 157},
		},
		{
			name: "GV7", preset: "oklahoma", hands: gv7,
			running: [][2]int{{24, 0}, {24, 86}, {24, 111}, {118, 111}, {118, 128}, {150, 128}},
			totals:  [2]int{150, 128}, boxes: [2]int{3, 3},
			result: ended{winner: "Ann", after: 6, final: [2]int{325, 203}, net: 122},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.preset, func(t *testing.T) {
			t.Parallel() // each game has its own sheet, and waits on the disk
			path := filepath.Join(t.TempDir(), DefaultPath)
			mustNew(t, path, tt.preset)
			var score *Score
			for i, h := range tt.hands {
				s, err := Add(path, h)
				if i >= len(tt.hands)-tt.refused {
					if !errors.Is(err, ginrummy.ErrGameOver) {
						t.Fatalf("hand %d after the end: %v, want it refused", i+1, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("hand %d: %v", i+1, err)
				}
				if i+1 < len(tt.hands)-tt.refused && s.Result != nil {
					t.Fatalf("the game ended after hand %d", i+1)
				}
				score = s
			}
			if tt.close {
				if score.Result != nil {
					t.Fatal("the game ended before it was closed")
				}
				s, wasOver, err := Close(path)
				if err != nil || wasOver {
					t.Fatalf("Close: %v, was over %v", err, wasOver)
				}
				score = s
			}
			shown, err := Show(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, sc := range []*Score{score, shown} {
				checkScore(t, sc, tt.totals, tt.boxes, tt.result)
				for i, want := range tt.running {
					if got := sc.Hands[i].Totals.Values; got != want {
						t.Errorf("totals after hand %d: %v, want %v", i+1, got, want)
					}
				}
			}
		})
	}
}

func mustNew(t *testing.T, path, preset string) {
	t.Helper()
	if _, _, err := New(path, Sheet{Players: []string{"Ann", "Bob"}, Rules: rulesfile.Spec{Preset: preset}}, false); err != nil {
		t.Fatal(err)
	}
}

func checkScore(t *testing.T, sc *Score, totals, boxes [2]int, want ended) {
	t.Helper()
	if sc.Totals.Values != totals || sc.Boxes.Values != boxes {
		t.Errorf("totals %v boxes %v, want %v and %v", sc.Totals.Values, sc.Boxes.Values, totals, boxes)
	}
	checkResult(t, sc.Result, sc.Totals.Values, want)
}

// checkResult compares a result with the example's, and checks that each
// player's bonuses make up the difference between his total and his final.
func checkResult(t *testing.T, r *Settlement, totals [2]int, want ended) {
	t.Helper()
	if r == nil {
		t.Fatal("the game is still open")
	}
	got := ended{r.Winner, r.EndedAfter, r.Final.Values, r.Net, r.Shutout, r.Closed}
	if got != want {
		t.Errorf("result %+v, want %+v", got, want)
	}
	for p := range 2 {
		sum := totals[p]
		for _, b := range r.Bonuses.Values[p] {
			sum += b.Points
		}
		if sum != r.Final.Values[p] {
			t.Errorf("player %d: hand points %d and bonuses %+v do not make the final %d", p, totals[p], r.Bonuses.Values[p], r.Final.Values[p])
		}
	}
}

func TestHollywoodThroughTheSheet(t *testing.T) {
	t.Parallel()
	// The table of scoring-examples.md: each game's totals after each hand
	// (A's then B's), and the games each win went into.
	running := [][3][2]int{
		{{30, 0}, {0, 0}, {0, 0}},
		{{75, 0}, {45, 0}, {0, 0}},
		{{87, 0}, {57, 0}, {12, 0}},
		{{107, 0}, {77, 0}, {32, 0}},
		{{107, 0}, {77, 29}, {32, 0}},
		{{107, 0}, {77, 47}, {32, 18}},
		{{107, 0}, {103, 47}, {58, 18}},
		{{107, 0}, {103, 47}, {58, 58}},
		{{107, 0}, {103, 47}, {58, 108}},
	}
	entered := [][]int{{1}, {1, 2}, {1, 2, 3}, {1, 2, 3}, {2}, {2, 3}, {2, 3}, {3}, {3}}
	games := []struct {
		totals, boxes [2]int
		result        ended
	}{
		{[2]int{107, 0}, [2]int{4, 0}, ended{winner: "Ann", after: 4, final: [2]int{414, 0}, net: 414, shutout: true}},
		{[2]int{103, 47}, [2]int{4, 2}, ended{winner: "Ann", after: 7, final: [2]int{303, 97}, net: 206}},
		{[2]int{58, 108}, [2]int{3, 3}, ended{winner: "Bob", after: 9, final: [2]int{133, 283}, net: 150}},
	}
	path := filepath.Join(t.TempDir(), DefaultPath)
	mustNew(t, path, "hollywood")
	for i, h := range hollywood {
		sc, err := Add(path, h)
		if err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		if (sc.Result != nil) != (i == len(hollywood)-1) {
			t.Errorf("after hand %d the match is over: %v", i+1, sc.Result != nil)
		}
	}
	sc, err := Show(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range sc.Hands {
		if !slices.Equal(h.Entered, entered[i]) {
			t.Errorf("hand %d went into games %v, want %v", i+1, h.Entered, entered[i])
		}
		for g := range 3 {
			if got := h.GameTotals[g].Values; got != running[i][g] {
				t.Errorf("hand %d, game %d: %v, want %v", i+1, g+1, got, running[i][g])
			}
		}
	}
	if len(sc.Games) != 3 {
		t.Fatalf("%d games, want 3", len(sc.Games))
	}
	var totals, boxes, final [2]int
	for g, want := range games {
		got := sc.Games[g]
		if got.Totals.Values != want.totals || got.Boxes.Values != want.boxes {
			t.Errorf("game %d: totals %v boxes %v, want %v and %v", g+1, got.Totals.Values, got.Boxes.Values, want.totals, want.boxes)
		}
		checkResult(t, got.Result, got.Totals.Values, want.result)
		for p := range 2 {
			totals[p] += want.totals[p]
			boxes[p] += want.boxes[p]
			final[p] += want.result.final[p]
		}
	}
	// The match adds up the games: A ahead by 414 + 206 − 150.
	checkScore(t, sc, totals, boxes, ended{winner: "Ann", after: 9, final: final, net: 470})
}

func TestWhoDeals(t *testing.T) {
	t.Parallel()
	// GV5: A deals first; the hands are won by A, B, A, (drawn), A, B.
	hands := []HandRecord{given("a", 10), given("b", 10), given("a", 10), drawn(), given("a", 10), given("b", 10)}
	tests := []struct {
		dealer  ginrummy.Dealer
		dealers []string
		next    string
	}{
		{ginrummy.DealerAlternates, []string{"Ann", "Bob", "Ann", "Bob", "Bob", "Ann"}, "Bob"},
		{ginrummy.LoserDeals, []string{"Ann", "Bob", "Ann", "Bob", "Bob", "Bob"}, "Ann"},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), DefaultPath)
		s := Sheet{Players: []string{"Ann", "Bob"}, Rules: specOf("", "dealer_rule", tt.dealer), Dealer: "a"}
		if _, _, err := New(path, s, false); err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			if _, err := Add(path, h); err != nil {
				t.Fatal(err)
			}
		}
		sc, err := Show(path)
		if err != nil {
			t.Fatal(err)
		}
		var dealers []string
		for _, h := range sc.Hands {
			dealers = append(dealers, h.Dealer)
		}
		if !slices.Equal(dealers, tt.dealers) || sc.NextDealer != tt.next {
			t.Errorf("%v: dealers %v then %s, want %v then %s", tt.dealer, dealers, sc.NextDealer, tt.dealers, tt.next)
		}
	}
}

func TestHandScores(t *testing.T) {
	t.Parallel()
	// Single hands of scoring-examples.md as the first hand of a sheet:
	// who scores, as what, and how much.
	tests := []struct {
		id, preset string
		hand       HandRecord
		scorer     string
		kind       string
		points     int
	}{
		{"H1", "classic", knock("a", 5, 20), "Ann", "knock", 15},
		{"H3", "modern", knock("a", 7, 3), "Bob", "undercut", 29},
		{"H4", "scorepad", knock("a", 6, 6), "Ann", "knock", 0},
		{"H6", "classic", gin("b", 23), "Bob", "gin", 43},
		{"H8", "modern", bigGin("a", 15), "Ann", "big_gin", 46},
		{"H8", "classic", bigGin("a", 15), "Ann", "gin", 35},
		{"H12", "classic", drawn(), "", "draw", 0},
		{"O2", "oklahoma", up("7s", knock("a", 5, 19)), "Ann", "knock", 28},
		{"O5", "oklahoma", up("Ac", gin("a", 30)), "Ann", "gin", 55},
		{"O8", "oklahoma", up("9s", knock("a", 8, 5)), "Bob", "undercut", 56},
		{"given", "classic", given("bob", 15), "Bob", "scored_by_hand", 15},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), DefaultPath)
		mustNew(t, path, tt.preset)
		sc, err := Add(path, tt.hand)
		if err != nil {
			t.Errorf("%s %s: %v", tt.id, tt.preset, err)
			continue
		}
		h := sc.Hands[0]
		sum := 0
		for _, a := range h.Breakdown {
			sum += a.Points
		}
		if h.Scorer != tt.scorer || h.Kind.String() != tt.kind || h.Points != tt.points || sum != h.Points {
			t.Errorf("%s %s: %s %s %d (breakdown %+v), want %s %s %d", tt.id, tt.preset, h.Scorer, h.Kind, h.Points, h.Breakdown, tt.scorer, tt.kind, tt.points)
		}
	}
}

// TestScoreBefore reads the score before a hand from either player's side:
// GV1 and the Hollywood match of scoring-examples.md, their tables' running
// scores with the boxes counted from the hands each player won.
func TestScoreBefore(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	mustNew(t, path, "classic")
	var sc *Score
	var err error
	for _, h := range gv1 {
		if sc, err = Add(path, h); err != nil {
			t.Fatal(err)
		}
	}
	tally := func(points, boxes [2]int) ginrummy.Tally { return ginrummy.Tally{Points: points, Boxes: boxes} }
	for _, tt := range []struct {
		n, seat int
		want    []ginrummy.Tally
	}{
		{1, 0, []ginrummy.Tally{{}}},
		{1, 1, []ginrummy.Tally{{}}},
		{2, 0, []ginrummy.Tally{tally([2]int{30, 0}, [2]int{1, 0})}},
		{3, 1, []ginrummy.Tally{tally([2]int{35, 30}, [2]int{1, 1})}},  // Bob's side: his 35, Ann's 30
		{5, 0, []ginrummy.Tally{tally([2]int{100, 35}, [2]int{3, 1})}}, // the next hand
		{6, 0, nil},
		{0, 0, nil},
	} {
		if got := sc.Before(tt.n, tt.seat); !slices.Equal(got, tt.want) {
			t.Errorf("GV1 before hand %d from seat %d: %v, want %v", tt.n, tt.seat, got, tt.want)
		}
	}

	path = filepath.Join(t.TempDir(), DefaultPath)
	mustNew(t, path, "hollywood")
	for _, h := range hollywood[:5] {
		if sc, err = Add(path, h); err != nil {
			t.Fatal(err)
		}
	}
	// After hand 5 (B knocked against, scoring 29 in game 2): A 107/77/32
	// with 4, 3 and 2 boxes; B –/29/– with one box, in game 2.
	want := []ginrummy.Tally{
		tally([2]int{0, 107}, [2]int{0, 4}),
		tally([2]int{29, 77}, [2]int{1, 3}),
		tally([2]int{0, 32}, [2]int{0, 2}),
	}
	if got := sc.Before(6, 1); !slices.Equal(got, want) {
		t.Errorf("Hollywood before hand 6 from Bob's side: %v, want %v", got, want)
	}
	if got := sc.Before(1, 1); !slices.Equal(got, make([]ginrummy.Tally, 3)) {
		t.Errorf("Hollywood before hand 1: %v, want three empty games", got)
	}
}

// A new record carries the score before the sheet's next hand, in the
// record's order of players (Bob first here: Bob's side), a tally per
// game; a record of other players, or one for a game that is over, carries
// none. The figures are GV1's after its first two hands (TestScoreBefore:
// before hand 3, Bob's 35 to Ann's 30); after its fourth the game is over.
func TestCarryIntoARecord(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	mustNew(t, path, "classic")
	var sc *Score
	var err error
	for _, h := range gv1[:2] {
		if sc, err = Add(path, h); err != nil {
			t.Fatal(err)
		}
	}
	rec := &record.Record{Players: [2]string{"bob", "ANN"}} // names as the sheet compares them
	if seat, ok := sc.RecordSeat(rec); !ok || seat != 1 {
		t.Fatalf("RecordSeat(Bob, Ann) = %d, %v; want seat 1", seat, ok)
	}
	sc.Carry(rec)
	want := []ginrummy.Tally{{Points: [2]int{35, 30}, Boxes: [2]int{1, 1}}}
	if !slices.Equal(rec.Score, want) || !rec.HasBoxes {
		t.Errorf("carried %v (boxes %v), want %v with boxes", rec.Score, rec.HasBoxes, want)
	}

	for _, players := range [][2]string{{"Ann", "Cy"}, {"Ann", "Ann"}} {
		other := &record.Record{Players: players}
		sc.Carry(other)
		if other.Score != nil || other.HasBoxes {
			t.Errorf("players %v: carried %v, want nothing", players, other.Score)
		}
		if _, ok := sc.BeforeRecord(other); ok {
			t.Errorf("players %v: BeforeRecord found a hand", players)
		}
	}
	var none *Score
	none.Carry(rec) // no sheet: nothing, and no panic

	for _, h := range gv1[2:] {
		if sc, err = Add(path, h); err != nil {
			t.Fatal(err)
		}
	}
	over := &record.Record{Players: [2]string{"Ann", "Bob"}}
	if sc.Carry(over); over.Score != nil {
		t.Errorf("the game is over, and a record carried %v", over.Score)
	}
}
