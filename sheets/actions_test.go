package sheets

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// playTo starts a sheet under the preset and adds the hands.
func playTo(t *testing.T, preset string, hands []HandRecord) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), DefaultPath)
	mustNew(t, path, preset)
	for i, h := range hands {
		if _, err := Add(path, h); err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// topKeys lists the keys of the sheet's top-level mapping, in order.
func topKeys(t *testing.T, path string) []string {
	t.Helper()
	var keys []string
	for line := range strings.Lines(readFile(t, path)) {
		if k, _, ok := strings.Cut(line, ":"); ok && k != "" && !strings.ContainsAny(k[:1], " #-") {
			keys = append(keys, k)
		}
	}
	return keys
}

func TestNew(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	target := 250
	sc, _, err := New(path, Sheet{Players: []string{" Ann", "Bob "}, Rules: specOf("Modern", "target", target), Dealer: "b"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Players != [2]string{"Ann", "Bob"} || sc.Dealer != "Bob" || sc.NextDealer != "Bob" || sc.Result != nil {
		t.Errorf("new sheet: %+v", sc)
	}
	rules, err := sc.Rules.Resolve()
	if target, _ := sc.Rules.Get("target"); err != nil || target != 250 || rules.GinBonus != 25 {
		t.Errorf("rules %+v, want modern with target 250", sc.Rules)
	}
	data := readFile(t, path)
	for _, want := range []string{"rules:\n  preset: modern\n  target: 250\ndealer: Bob\nstarted: 2026-11-23\nhands: []\n", "next_dealer: Bob\n"} {
		if !strings.Contains(data, want) {
			t.Errorf("the new sheet lacks %q:\n%s", want, data)
		}
	}
	if want := []string{"players", "rules", "dealer", "started", "hands", "totals", "boxes", "next_dealer"}; !slices.Equal(topKeys(t, path), want) {
		t.Errorf("sections %v, want %v", topKeys(t, path), want)
	}
	// A game begun (a sheet with no hands is replaced: TestNewReplacesABlankSheet).
	if _, err := Add(path, drawn()); err != nil {
		t.Fatal(err)
	}
	data = readFile(t, path)
	if _, _, err := New(path, Sheet{Players: []string{"Cy", "Di"}}, false); !errors.Is(err, ErrNotFinished) || err.Error() != path+": the game on this sheet is not finished" {
		t.Errorf("New over a sheet: %v, want ErrNotFinished, which force overrides", err)
	}
	if readFile(t, path) != data {
		t.Error("a refused New changed the sheet")
	}
	sc, _, err = New(path, Sheet{Players: []string{"Cy", "Di"}}, true)
	if err != nil || sc.Dealer != "Cy" || sc.Rules.Preset != "classic" {
		t.Errorf("New with force: %+v, %v; want Cy dealing under classic", sc, err)
	}

	bad := []struct {
		sheet Sheet
		want  string
	}{
		{Sheet{Players: []string{"Ann"}}, "players: a sheet has two players, this one has 1"},
		{Sheet{Players: []string{"Ann", "ann"}, Dealer: "a"}, `players: both players are called "Ann"`},
		{Sheet{Players: []string{"Ann", " "}}, `players: player name "": names must be non-empty and hold no comma`},
		{Sheet{Players: []string{"Ann", "Anna"}, Dealer: "an"}, `dealer: "an" could be Ann or Anna: type more of the name`},
		{Sheet{Players: []string{"Ann", "Bob"}, Dealer: "Cy"}, `dealer: "Cy" is not a player on this sheet (Ann, Bob)`},
		{Sheet{Players: []string{"Ann", "Bob"}, Rules: rulesfile.Spec{Preset: "bridge"}}, `rules: unknown rules preset "bridge" (want one of classic, modern, scorepad, oklahoma, hollywood)`},
	}
	for _, tt := range bad {
		path := filepath.Join(t.TempDir(), DefaultPath)
		if _, _, err := New(path, tt.sheet, false); err == nil || err.Error() != tt.want {
			t.Errorf("New(%+v): %v, want %q", tt.sheet, err, tt.want)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("New(%+v) wrote a sheet", tt.sheet)
		}
	}
}

func TestAddSpellsOutTheHand(t *testing.T) {
	t.Parallel()
	path := playTo(t, "oklahoma", []HandRecord{up("tH", knock("BO", 3, 20)), given("a", 5)})
	s, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if h := s.Hands[0]; h.By != "Bob" || h.Upcard != "Th" {
		t.Errorf("the knock was recorded as %+v, want by Bob with upcard Th", h)
	}
	if h := s.Hands[1]; h.Winner != "Ann" {
		t.Errorf("the hand scored by hand went to %q, want Ann", h.Winner)
	}
}

func TestAddRefusesABadHand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		preset string
		hand   HandRecord
		want   string
	}{
		{"classic", knock("a", 11, 20), "knock with 11 is over the knock limit of 10"},
		{"classic", knock("a", 5, -1), "deadwood -1 cannot be negative"},
		{"classic", knock("carl", 5, 20), `"carl" is not a player on this sheet (Ann, Bob)`},
		{"classic", HandRecord{By: "a", Knock: new(int), Gin: true, Deadwood: new(int)}, "a gin has no knocker's deadwood: give knock or gin, not both"},
		{"classic", HandRecord{By: "a", Deadwood: new(int)}, "give exactly one of: knock, gin, big_gin, knocker+defender, draw, winner+points"},
		{"classic", up("1h", gin("a", 5)), `upcard: card 1 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{"oklahoma", knock("a", 3, 20), "no upcard: these rules need the upcard"},
		{"oklahoma", up("4d", knock("a", 6, 20)), "knock with 6 is over the knock limit of 4 set by the upcard 4d"},
		{"oklahoma", up("Ac", knock("a", 1, 20)), "knock with 1 is over the knock limit of 0: an ace upcard allows gin only"},
		{"classic", cards("a", "7h 8h 9h Kc Kd Ks 2c 3c Qd Jd", "Qh Qs Td 9d 9c 8c 7c 6s 5s 4s"), "knock with 25 is over the knock limit of 10"},
		{"classic", cards("a", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d", "Qh Qs Jd Td 9c 8c 7c 6s 5s"), "the defender holds 9 cards, not ten"},
		{"classic", cards("a", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d", "Qh Qs Jd Td 9c 8c 7c 6s 5s 5d"), "5d is in both hands"},
		{"classic", cards("a", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5x", "Qh Qs Jd Td 9c 8c 7c 6s 5s 4s"), `knocker: card 10 "5x": unknown suit "x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"classic", up("5s", knock("a", 3, 20)), "no upcard needed: the classic rules of this sheet do not use the upcard"},
	}
	for _, tt := range tests {
		first := knock("b", 2, 7)
		if tt.preset == "oklahoma" {
			first = up("9d", first)
		}
		path := playTo(t, tt.preset, []HandRecord{first})
		before := readFile(t, path)
		_, err := Add(path, tt.hand)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s %+v: %v, want %q", tt.preset, tt.hand, err, tt.want)
		}
		if readFile(t, path) != before {
			t.Errorf("%s %+v: the refused hand changed the sheet", tt.preset, tt.hand)
		}
	}
}

// TestAddSaysWhoseHandIsBad tells the hand given to Add from a hand already
// on the sheet by the error's type: the refused new hand is a
// *NewHandError, a bad hand in the file a *yamlfile.Error at its line.
func TestAddSaysWhoseHandIsBad(t *testing.T) {
	t.Parallel()
	path := playTo(t, "classic", []HandRecord{knock("b", 2, 7)})
	_, err := Add(path, knock("a", 11, 20))
	if _, ok := errors.AsType[*NewHandError](err); !ok || !errors.Is(err, ginrummy.ErrOverKnockLimit) {
		t.Errorf("a knock over the limit: %T %v, want a *NewHandError of ErrOverKnockLimit", err, err)
	}
	data := strings.Replace(readFile(t, path), "knock: 2\n", "knock: 12\n", 1)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Add(path, knock("a", 3, 20))
	ferr, ok := errors.AsType[*yamlfile.Error](err)
	if _, refused := errors.AsType[*NewHandError](err); refused || !ok || ferr.Line == 0 || !errors.Is(err, ginrummy.ErrOverKnockLimit) {
		t.Errorf("a knock over the limit in the file: %T %v, want a *yamlfile.Error at its line", err, err)
	}
}

// cards is a hand given as the two players' cards.
func cards(by, knocker, defender string) HandRecord {
	return HandRecord{By: by, KnockerCards: knocker, DefenderCards: defender}
}

func TestAddAsCards(t *testing.T) {
	t.Parallel()
	// Ann knocks with 5 (the 5♦). Bob melds 7-8-9♣ and 4-5-6♠ and keeps
	// Q♥ Q♠ J♦ 10♦ = 40: nothing of his goes on 7-8-9♥, the kings or 2-3-4♣.
	// Classic: Ann scores 40 − 5 = 35. Then Bob knocks with eleven cards: he
	// throws the Q♦ and knocks with the 2♥; Ann melds the kings and 7-8-9♦,
	// lays the 10♠ on his 7-8-9♠ and keeps 4♦ 6♣ J♥ = 20 (30 without the
	// layoff): Bob scores 20 − 2 = 18.
	path := playTo(t, "classic", []HandRecord{
		cards("a", "7H 8h 9h KC Kd Ks 2c 3c 4c 5d", "Qh,Qs,Jd,10♦,9c,8c,7c,6s,5s,4s"),
		cards("b", "As 2s 3s 7s 8s 9s 5h 5c 5d 2h Qd", "Ts 4d 6c Kh Kc Kd 7d 8d 9d Jh"),
	})
	sc, err := Show(path)
	if err != nil {
		t.Fatal(err)
	}
	first, second := sc.Hands[0], sc.Hands[1]
	if first.Scorer != "Ann" || first.Points != 35 || first.Kind != (ginrummy.Kind{Ending: ginrummy.Knocked}) {
		t.Errorf("first hand: %s scores %d (%s), want Ann 35 (knock)", first.Scorer, first.Points, first.Kind)
	}
	if sp := first.Spread; sp == nil || sp.Knocker.Deadwood != 5 || sp.Defender.Deadwood != 40 || len(sp.Defender.Layoffs) != 0 || len(sp.Defender.Melds()) != 2 {
		t.Errorf("first hand laid down as %+v", first.Spread)
	}
	if second.Scorer != "Bob" || second.Points != 18 {
		t.Errorf("second hand: %s scores %d, want Bob 18", second.Scorer, second.Points)
	}
	sp := second.Spread
	if sp == nil || sp.Discard.String() != "Qd" || sp.Knocker.Deadwood != 2 ||
		len(sp.Defender.Layoffs) != 1 || sp.Defender.Layoffs[0].Card.String() != "Ts" || sp.Defender.Deadwood != 20 || sp.Defender.WithoutLayoffs != 30 {
		t.Errorf("second hand laid down as %+v", sp)
	}
	s, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if h := s.Hands[0]; h.KnockerCards != "2c 3c 4c Kc 5d Kd 7h 8h 9h Ks" || h.DefenderCards != "7c 8c 9c Td Jd Qh 4s 5s 6s Qs" {
		t.Errorf("the cards were kept as %q and %q, want canonical notation", h.KnockerCards, h.DefenderCards)
	}
}

func TestAddAfterTheEnd(t *testing.T) {
	t.Parallel()
	path := playTo(t, "modern", gv1)
	before := readFile(t, path)
	_, err := Add(path, drawn())
	// How to start the next game is the command's to say (commands'
	// TestSheetErrors): the sheets name no command.
	want := GameOverError{Path: path, What: "game"}
	gerr, ok := errors.AsType[*GameOverError](err)
	if !ok || !errors.Is(err, ginrummy.ErrGameOver) || gerr.Path != want.Path || gerr.What != want.What || err.Error() != "the game is over (Ann won 280–65)" {
		t.Errorf("Add after the end: %v, want a *GameOverError of the game at %s saying the game is over (Ann won 280–65)", err, path)
	}
	if readFile(t, path) != before {
		t.Error("the refused hand changed the sheet")
	}
}

func TestUndo(t *testing.T) {
	t.Parallel()
	open := gv1[:3]
	// GV1 under modern: Ann's running total is 30, 85, 105.
	tests := []struct {
		name     string
		hands    []HandRecord
		close    bool
		removed  *removed // nil when the close is taken back
		reopened bool
		left     int    // the hands left
		totals   [2]int // the totals after the undo
	}{
		{"a hand", open, false, &removed{3, gin("Ann", 30), "Ann", 85 - 30}, false, 2, [2]int{30, 40}},
		{"the hand that ended the game", gv1, false, &removed{4, knock("Ann", 5, 25), "Ann", 105 - 85}, true, 3, [2]int{85, 40}},
		{"a close", open, true, nil, true, 3, [2]int{85, 40}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := playTo(t, "modern", tt.hands)
			if tt.close {
				if _, _, err := Close(path); err != nil {
					t.Fatal(err)
				}
			}
			sc, undone, err := Undo(path)
			if err != nil {
				t.Fatal(err)
			}
			if undone.Close != (tt.removed == nil) || undone.Reopened != tt.reopened || !tt.removed.is(undone.Hand) {
				t.Errorf("undid %+v (hand %+v), want %+v, reopened %v", undone, undone.Hand, tt.removed, tt.reopened)
			}
			shown, err := Show(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, sc := range []*Score{sc, shown} {
				if len(sc.Hands) != tt.left || sc.Totals.Values != tt.totals || sc.Result != nil {
					t.Errorf("after the undo: %d hands, totals %v, result %+v; want %d hands, %v, open", len(sc.Hands), sc.Totals.Values, sc.Result, tt.left, tt.totals)
				}
			}
			if keys := topKeys(t, path); slices.Contains(keys, "closed") || slices.Contains(keys, "result") {
				t.Errorf("the re-opened sheet keeps %v", keys)
			}
			if _, err := Add(path, drawn()); err != nil {
				t.Errorf("Add after the undo: %v", err)
			}
		})
	}
	path := playTo(t, "classic", nil)
	before := readFile(t, path)
	if _, _, err := Undo(path); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("Undo on an empty sheet: %v, want ErrNothingToUndo", err)
	}
	if readFile(t, path) != before {
		t.Error("a refused Undo changed the sheet")
	}
}

// removed is the hand an undo should take back, and what it had scored.
type removed struct {
	number int
	record HandRecord
	scorer string
	points int
}

// is reports whether h is the hand expected; a nil removed expects none.
func (r *removed) is(h *ScoredHand) bool {
	if r == nil || h == nil {
		return r == nil && h == nil
	}
	want, _ := json.Marshal(r.record)
	got, _ := json.Marshal(h.HandRecord)
	return h.Number == r.number && string(got) == string(want) && h.Scorer == r.scorer && h.Points == r.points
}

func TestUndoDropsAClosedMarkAHandMadeUseless(t *testing.T) {
	t.Parallel()
	// Edited by hand, the last hand ends the game and the sheet is still
	// marked closed: undo takes the hand, and the mark with it, or it would
	// close the game again after the hand before.
	path := playTo(t, "classic", nil)
	data := readFile(t, path)
	data = strings.Replace(data, "hands: []\n", "hands:\n  - winner: Ann\n    points: 60\n  - winner: Bob\n    points: 20\n  - winner: Ann\n    points: 40\nclosed: true\n", 1)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, undone, err := Undo(path)
	if err != nil {
		t.Fatal(err)
	}
	if undone.Close || undone.Hand == nil || undone.Hand.Number != 3 || !undone.Reopened || sc.Result != nil || sc.Totals.Values != [2]int{60, 20} {
		t.Errorf("undid %+v, leaving %v and result %+v", undone, sc.Totals.Values, sc.Result)
	}
	if s, err := Read(path); err != nil || s.Closed {
		t.Errorf("after the undo: closed %v, %v", s.Closed, err)
	}
}

func TestClose(t *testing.T) {
	t.Parallel()
	path := playTo(t, "classic", gv4)
	sc, wasOver, err := Close(path)
	if err != nil || wasOver {
		t.Fatalf("Close: %v, was over %v", err, wasOver)
	}
	data := readFile(t, path)
	if want := []string{"players", "rules", "dealer", "started", "hands", "closed", "totals", "boxes", "next_dealer", "result"}; !slices.Equal(topKeys(t, path), want) {
		t.Errorf("sections %v, want %v", topKeys(t, path), want)
	}
	again, wasOver, err := Close(path)
	if err != nil || !wasOver || again.Result.Final != sc.Result.Final {
		t.Errorf("closing a closed sheet: %+v, was over %v, %v", again.Result, wasOver, err)
	}
	if readFile(t, path) != data {
		t.Error("closing a closed sheet changed it")
	}
	if _, err := Add(path, drawn()); err == nil || err.Error() != "the game is over (Ann won 297–145)" || !errors.Is(err, ginrummy.ErrGameOver) {
		t.Errorf("Add to a closed sheet: %v", err)
	}

	ended := playTo(t, "classic", gv1)
	data = readFile(t, ended)
	sc, wasOver, err = Close(ended)
	if err != nil || !wasOver || sc.Result.Closed || sc.Result.Final.Values != [2]int{260, 55} {
		t.Errorf("closing a game a hand ended: %+v, was over %v, %v", sc.Result, wasOver, err)
	}
	if readFile(t, ended) != data {
		t.Error("closing a game a hand ended changed the sheet")
	}

	for _, hands := range [][]HandRecord{nil, {given("a", 20), given("b", 20)}} {
		tied := playTo(t, "classic", hands)
		data := readFile(t, tied)
		_, _, err := Close(tied)
		if !errors.Is(err, ginrummy.ErrTied) || !strings.HasPrefix(err.Error(), "cannot close the game: the score is tied at ") {
			t.Errorf("closing a tied game: %v", err)
		}
		if readFile(t, tied) != data {
			t.Error("a refused close changed the sheet")
		}
	}
}

func TestCloseHollywood(t *testing.T) {
	t.Parallel()
	// After the fifth hand of the example, game 1 is over, A leads game 2
	// 77–29 and game 3 32–0: closing settles both by the preset's rules.
	path := playTo(t, "hollywood", hollywood[:5])
	sc, _, err := Close(path)
	if err != nil {
		t.Fatal(err)
	}
	finals := [][2]int{{414, 0}, {77 + 100 + 3*25, 29 + 25}, {32*2 + 100 + 2*25, 0}}
	for g, want := range finals {
		if r := sc.Games[g].Result; r == nil || r.Final.Values != want || r.Closed != (g > 0) {
			t.Errorf("game %d: %+v, want final %v", g+1, r, want)
		}
	}
	if r := sc.Result; r == nil || !r.Closed || r.Winner != "Ann" || r.Net != 414+(252-54)+214 {
		t.Errorf("match result %+v", r)
	}
	sc, undone, err := Undo(path)
	if err != nil || !undone.Close || sc.Result != nil || sc.Games[0].Result == nil || sc.Games[1].Result != nil {
		t.Errorf("undoing the close: %+v, %v; want game 1 still over and the others open", undone, err)
	}
}

func TestHandEditedSheet(t *testing.T) {
	t.Parallel()
	// A sheet kept by gin, then edited: a comment added, the deadwood of the
	// first hand corrected from 32 to 42, the totals left stale.
	path := playTo(t, "classic", gv1[:2])
	data := readFile(t, path)
	edited := strings.Replace(data, "hands:\n", "hands:\n  # Bob miscounted, fixed the next day\n", 1)
	edited = strings.Replace(edited, "    deadwood: 32\n", "    deadwood: 42 # was 32\n", 1)
	if edited == data {
		t.Fatalf("the edits did not apply to:\n%s", data)
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := Show(path)
	if err != nil || sc.Totals.Values != [2]int{40, 35} {
		t.Fatalf("the edited sheet shows %v, %v; want the totals 40 and 35", sc.Totals.Values, err)
	}
	if readFile(t, path) != edited {
		t.Error("Show changed the sheet")
	}
	if _, err := Add(path, drawn()); err != nil {
		t.Fatal(err)
	}
	saved := readFile(t, path)
	for _, want := range []string{"# gin score sheet", "  # Bob miscounted, fixed the next day\n", "    deadwood: 42 # was 32\n", "totals:\n  Ann: 40\n  Bob: 35\n", "  - draw: true\n"} {
		if !strings.Contains(saved, want) {
			t.Errorf("the rewritten sheet lacks %q:\n%s", want, saved)
		}
	}
}

func TestAddsAtOnceAllLand(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	path := filepath.Join(t.TempDir(), DefaultPath)
	target := 1000
	if _, _, err := New(path, Sheet{Players: []string{"Ann", "Bob"}, Rules: specOf("", "target", target)}, false); err != nil {
		t.Fatal(err)
	}
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if _, err := Add(path, given([]string{"a", "b"}[i%2], i+1)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	sc, err := Show(path)
	if err != nil {
		t.Fatal(err)
	}
	// Ann scored 1 + 3 + … + 19, Bob 2 + 4 + … + 20.
	if len(sc.Hands) != n || sc.Totals.Values != [2]int{100, 110} {
		t.Errorf("%d hands, totals %v; want %d hands, 100 and 110", len(sc.Hands), sc.Totals.Values, n)
	}
}

func TestScoreAsJSON(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		preset string
		hands  []HandRecord
		keys   []string
	}{
		{"classic", gv1[:1], []string{"players", "rules", "dealer", "started", "hands", "totals", "boxes", "next_dealer", "result"}},
		{"hollywood", hollywood[:1], []string{"players", "rules", "dealer", "started", "hands", "totals", "boxes", "next_dealer", "result", "games"}},
	} {
		sc, err := Show(playTo(t, tt.preset, tt.hands))
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(sc)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		keys := slices.Sorted(func(yield func(string) bool) {
			for k := range got {
				if !yield(k) {
					return
				}
			}
		})
		if !slices.Equal(keys, slices.Sorted(slices.Values(tt.keys))) {
			t.Errorf("%s: fields %v, want %v", tt.preset, keys, tt.keys)
		}
		for field, want := range map[string]string{
			"players":     `["Ann","Bob"]`,
			"totals":      `{"Ann":30,"Bob":0}`,
			"next_dealer": `"Bob"`,
			"result":      `null`,
		} {
			if string(got[field]) != want {
				t.Errorf("%s: %s is %s, want %s", tt.preset, field, got[field], want)
			}
		}
		if !strings.Contains(string(got["rules"]), `"preset":"`+tt.preset+`","knock_limit":10,`) {
			t.Errorf("%s: rules %s, want every field", tt.preset, got["rules"])
		}
		if !strings.HasPrefix(string(got["hands"]), `[{"number":1,"dealer":"Ann","by":"Ann","knock":2,"deadwood":32,"scorer":"Ann","kind":"knock","ending":"knock","knocker_deadwood":2,"defender_deadwood":32,"points":30,"breakdown":[{"label":"deadwood difference","points":30}],"totals":{"Ann":30,"Bob":0}`) {
			t.Errorf("%s: hands %s", tt.preset, got["hands"])
		}
	}
}

// A finished game whose hands a person edited keeps stale sections until
// something saves it: close, which changes nothing else on a finished game,
// brings them up to date, and leaves an up-to-date sheet byte for byte.
func TestCloseRefreshesAFinishedSheet(t *testing.T) {
	t.Parallel()
	path := playTo(t, "modern", gv1)
	fresh := readFile(t, path)
	if _, wasOver, err := Close(path); err != nil || !wasOver {
		t.Fatalf("Close on a finished game: over %v, %v", wasOver, err)
	}
	if readFile(t, path) != fresh {
		t.Error("closing a finished, up-to-date sheet changed it")
	}
	stale := strings.Replace(fresh, "totals:\n  Ann: 105\n", "totals:\n  Ann: 9999\n", 1)
	if stale == fresh {
		t.Fatalf("the sheet has no totals to make stale:\n%s", fresh)
	}
	if err := os.WriteFile(path, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Close(path); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != fresh {
		t.Errorf("after close, the sheet is\n%s\nwant\n%s", got, fresh)
	}
}

// TestAddReadsEachHandOnce counts the hands read into reports (checked, their
// cards parsed) by one Add to a sheet of ten hands given as cards: each
// once as the sheet is loaded and once as the save reads it back, and the
// new hand once as given and once read back; 11 + 11. (It was 32: the
// record was checked again to score it, and the new hand a third time.)
func TestAddReadsEachHandOnce(t *testing.T) {
	t.Parallel()
	hand := cards("a", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d", "Qh Qs Jd Td 9c 8c 7c 6s 5s 4s")
	path := filepath.Join(t.TempDir(), DefaultPath)
	var spec rulesfile.Spec
	if err := spec.Set("target", 10_000); err != nil {
		t.Fatal(err)
	}
	if _, _, err := New(path, Sheet{Players: []string{"Ann", "Bob"}, Rules: spec}, false); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if _, err := Add(path, hand); err != nil {
			t.Fatal(err)
		}
	}
	reads := 0
	if _, err := (seams{handRead: func() { reads++ }}).add(path, hand); err != nil {
		t.Fatal(err)
	}
	if reads != 22 {
		t.Errorf("one add to a sheet of 10 hands read %d hands, want 22: 11 loaded and read back, the new one given", reads)
	}
}

// TestFormRefusedAlike gives the same bad hands to Add and in a file: one
// check refuses both, with the same problem, worded in the file's words.
func TestFormRefusedAlike(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		yaml string
		hand HandRecord
		want FormProblem
	}{
		{"by: Ann\n    deadwood: 3", HandRecord{By: "a", Deadwood: intp(3)}, NoEnding},
		{"by: Ann\n    knock: 3", HandRecord{By: "a", Knock: intp(3)}, NoDeadwood},
		{"knock: 3\n    deadwood: 20", HandRecord{Knock: intp(3), Deadwood: intp(20)}, NoKnocker},
		{"draw: true\n    by: Ann", HandRecord{Draw: true, By: "a"}, Extra},
		{"winner: Ann", HandRecord{Winner: "a"}, HalfPair},
		{"by: Ann\n    knocker: 7h 8h 9h Kc Kd Ks 2c 3c 4c 5d", HandRecord{By: "a", KnockerCards: "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d"}, HalfPair},
		{"winner: Ann\n    points: 5\n    draw: true", HandRecord{Winner: "a", Points: intp(5), Draw: true}, TwoForms},
		{"by: Ann\n    gin: true\n    draw: true", HandRecord{By: "a", Gin: true, Draw: true}, TwoEndings},
	} {
		path := playTo(t, "classic", nil)
		_, err := Add(path, tt.hand)
		added, ok := errors.AsType[*FormError](err)
		if _, refused := errors.AsType[*NewHandError](err); !ok || !refused || added.Problem != tt.want {
			t.Errorf("Add %+v: %T %v, want a *NewHandError of problem %d", tt.hand, err, err, tt.want)
			continue
		}
		file := readFile(t, path) + "hands:\n  - " + tt.yaml + "\n"
		if err := os.WriteFile(path, []byte(strings.Replace(file, "hands: []\n", "", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = Read(path)
		read, ok := errors.AsType[*FormError](err)
		if !ok || read.Problem != tt.want || !strings.HasSuffix(err.Error(), ": hand 1: "+added.Error()) {
			t.Errorf("%q in a file: %v, want problem %d worded %q", tt.yaml, err, tt.want, added.Error())
		}
	}
}

// TestFormErrorByHand: a problem with no keys at fault is not a hand
// scored by hand, and asking does not panic.
func TestFormErrorByHand(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		e    FormError
		want bool
	}{
		{FormError{Problem: NoForm}, false},
		{FormError{Problem: NoEnding}, false},
		{FormError{Problem: HalfPair, Keys: []string{"points"}}, true},
		{FormError{Problem: TwoForms, Keys: []string{"knock"}, Others: []string{"knocker"}}, false},
	} {
		if got := tt.e.ByHand(); got != tt.want {
			t.Errorf("%+v: ByHand %v, want %v", tt.e, got, tt.want)
		}
	}
}
