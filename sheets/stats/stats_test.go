package stats

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gin-rummy/gin/sheets"
)

// The four sheets of testdata/stats, and what they add up to, worked out by
// hand from the rules (classic: box 20 a hand won, game bonus 100, doubled
// when the loser scored nothing; modern/Hollywood: gin 25, box 25, hand
// points doubled when the loser won no hand):
//
//	a  Ann–Bob classic, 2026-11-01: Ann knocks 5 v 20 (Ann 15); Bob knocks 6
//	   v 6, a tie, undercut (Ann 10); Ann gin v 30 (Ann 50); drawn; Ann
//	   knocks 1 v 30 (Ann 29). Ann 104, game over, Bob scored nothing: a
//	   shutout. Final Ann 104 + 4 boxes × 20 + 2 × 100 = 384, Bob 0.
//	b  Ann–Bob classic, 2026-11-02, unfinished: Bob gin v 10 (Bob 30); Ann
//	   knocks 3 v 2, undercut (Bob 10 + 1 = 11).
//	c  Ann–Cy classic, undated, closed: Cy knocks 4 v 14 (Cy 10); closed,
//	   Ann scored nothing: Cy 10 + 20 + 2 × 100 = 230, Ann 0.
//	d  Ann–Bob Hollywood, 2026-11-03, closed: Ann gin v 10 (25 + 10 = 35,
//	   into game 1 only). Game 1 to Ann, a shutout: 2 × 35 + 25 + 100 = 195;
//	   games 2 and 3 nobody entered: void, not counted.
func TestAddByTheDefinitions(t *testing.T) {
	got, games := Add(testScores(t))
	want := Stats{
		Sheets: 4, Games: 3, Unfinished: 1, Undated: 1,
		Players: []Player{
			{Name: "Ann", Games: 3, Wins: 2, Losses: 1, Hands: 9, HandsWon: 5, Knocks: 3, Gins: 2, BigGins: 0,
				UndercutsMade: 1, UndercutsSuffered: 1, HandPoints: 104 + 35, FinalPoints: 384 + 0 + 195, Shutouts: 2},
			{Name: "Bob", Games: 2, Wins: 0, Losses: 2, Hands: 8, HandsWon: 2, Knocks: 1, Gins: 1,
				UndercutsMade: 1, UndercutsSuffered: 1, HandPoints: 30 + 11, FinalPoints: 0},
			{Name: "Cy", Games: 1, Wins: 1, Hands: 1, HandsWon: 1, Knocks: 1, HandPoints: 10, FinalPoints: 230, Shutouts: 1},
		},
		HeadToHead: []HeadToHead{
			{Players: [2]string{"Ann", "Bob"}, Games: 2, Wins: map[string]int{"Ann": 2, "Bob": 0}, Net: map[string]int{"Ann": 384 + 195, "Bob": -(384 + 195)}},
			{Players: [2]string{"Ann", "Cy"}, Games: 1, Wins: map[string]int{"Ann": 0, "Cy": 1}, Net: map[string]int{"Ann": -230, "Cy": 230}},
		},
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("got\n%s\nwant\n%s", g, w)
	}
	// The games in date order, the undated one first.
	var days []sheets.Day
	for _, g := range games {
		days = append(days, g.Day)
	}
	if !reflect.DeepEqual(days, []sheets.Day{"", "2026-11-01", "2026-11-03"}) {
		t.Errorf("games on %q", days)
	}
}

// testScores are the scores of the four sheets of testdata/stats, by name.
func testScores(t *testing.T) []*sheets.Score {
	t.Helper()
	names, err := filepath.Glob("../../testdata/stats/*.yaml")
	if err != nil || len(names) != 4 {
		t.Fatalf("%d sheets (%v)", len(names), err)
	}
	var scores []*sheets.Score
	for _, name := range names {
		e := sheets.LoadFile(name)
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		scores = append(scores, e.Score)
	}
	return scores
}

// Each game's final score taken apart, by the rules (the sheets as above):
// a: Ann 104 hand points, game bonus 100, 4 boxes of 20, the shutout
// doubling the game bonus: 100 more; 384. b: open, Bob 30 + 11 so far. c:
// Cy 10, 100, one box of 20, 100 for the shutout; 230. d: game 1 only, Ann
// 35, the shutout doubling the hand points (35 more), one box of 25, game
// bonus 100; 195; games 2 and 3 void.
func TestSummaries(t *testing.T) {
	var got []Summary
	for _, sc := range testScores(t) {
		got = append(got, Summaries(sc)...)
	}
	want := []Summary{
		{Day: "2026-11-01", Players: [2]string{"Ann", "Bob"}, Finished: true, Winner: "Ann", Hands: 5,
			HandPoints: [2]int{104, 0}, GameBonus: [2]int{100, 0}, BoxBonus: [2]int{80, 0}, ShutoutBonus: [2]int{100, 0}, Final: [2]int{384, 0}},
		{Day: "2026-11-02", Players: [2]string{"Ann", "Bob"}, Hands: 2, HandPoints: [2]int{0, 41}},
		{Players: [2]string{"Ann", "Cy"}, Finished: true, Winner: "Cy", Hands: 1,
			HandPoints: [2]int{0, 10}, GameBonus: [2]int{0, 100}, BoxBonus: [2]int{0, 20}, ShutoutBonus: [2]int{0, 100}, Final: [2]int{0, 230}},
		{Day: "2026-11-03", Game: 1, Players: [2]string{"Ann", "Bob"}, Finished: true, Winner: "Ann", Hands: 1,
			HandPoints: [2]int{35, 0}, GameBonus: [2]int{100, 0}, BoxBonus: [2]int{25, 0}, ShutoutBonus: [2]int{35, 0}, Final: [2]int{195, 0}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
}

// Ann on one sheet and ANN on another are one player, as a sheet takes a
// name in any case (ginrummy.SameName), spelt as first counted: Ann goes gin
// against 10 on the first (classic, to 20: 20 + 10 = 30, the game, a
// shutout: 30 + 100 + 100 + 20 = 250) and Bob knocks 2 against 9 on the
// second (7 to Bob, unfinished).
func TestAddOnePlayerInAnyCase(t *testing.T) {
	scores := scoresOf(t,
		"players: [Ann, Bob]\ndealer: Ann\nrules:\n  target: 20\nhands:\n  - by: ann\n    gin: true\n    deadwood: 10\n",
		"players: [bob, ANN]\ndealer: ANN\nhands:\n  - by: BOB\n    knock: 2\n    deadwood: 9\n",
	)
	got, games := Add(scores)
	want := []Player{
		{Name: "Ann", Games: 1, Wins: 1, Hands: 2, HandsWon: 1, Gins: 1, HandPoints: 30, FinalPoints: 250, Shutouts: 1},
		{Name: "Bob", Games: 1, Losses: 1, Hands: 2, HandsWon: 1, Knocks: 1, HandPoints: 7},
	}
	if !reflect.DeepEqual(got.Players, want) {
		t.Errorf("players\n%+v\nwant\n%+v", got.Players, want)
	}
	if len(got.HeadToHead) != 1 || got.HeadToHead[0].Players != [2]string{"Ann", "Bob"} || got.HeadToHead[0].Wins["Ann"] != 1 {
		t.Errorf("head to head %+v", got.HeadToHead)
	}
	if len(games) != 1 || games[0].Final["Ann"] != 250 {
		t.Errorf("games %+v", games)
	}
}

// A sheet started by mistake, with no hand played, is counted as a sheet
// (unfinished) but names no player: Cy and Dee never played, so they are
// not players of the stats, and Ann's spelling is the one of a sheet she
// played on.
func TestAddASheetWithNoHands(t *testing.T) {
	scores := scoresOf(t,
		"players: [Cy, Dee]\ndealer: Cy\nhands: []\n",
		"players: [ANN, Bob]\ndealer: Bob\n",
		"players: [Ann, Bob]\ndealer: Ann\nhands:\n  - by: Bob\n    knock: 2\n    deadwood: 9\n",
	)
	got, _ := Add(scores)
	want := []Player{
		{Name: "Ann", Hands: 1},
		{Name: "Bob", Hands: 1, HandsWon: 1, Knocks: 1, HandPoints: 7},
	}
	if got.Sheets != 3 || got.Unfinished != 3 || got.Undated != 3 || !reflect.DeepEqual(got.Players, want) {
		t.Errorf("got %d sheets, %d unfinished, %d undated, players\n%+v\nwant 3, 3, 3,\n%+v", got.Sheets, got.Unfinished, got.Undated, got.Players, want)
	}
}

// scoresOf is the score of each sheet text, each loaded from a file of its
// own.
func scoresOf(t *testing.T, texts ...string) []*sheets.Score {
	t.Helper()
	var scores []*sheets.Score
	for _, text := range texts {
		path := filepath.Join(t.TempDir(), "sheet.yaml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		e := sheets.LoadFile(path)
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		scores = append(scores, e.Score)
	}
	return scores
}
