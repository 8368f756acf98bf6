package bots_test

import (
	"reflect"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// The mixed bot plays each of the three fixed styles: over 60 deals each
// is chosen about a third of the time (at least 10 times, where 20 is the
// mean), the same one every time for a deal, and the bot is listed.
func TestMixedPlaysEachStyle(t *testing.T) {
	count := map[string]int{}
	for d := range uint64(60) {
		m := bots.NewMixed(d)
		if again := bots.NewMixed(d); again.Style() != m.Style() {
			t.Errorf("deal %d: %s, then %s", d, m.Style(), again.Style())
		}
		count[m.Style()]++
	}
	for _, style := range []string{"simple", "knocker", "gin-hunter"} {
		if count[style] < 10 {
			t.Errorf("%s chosen %d times of 60 (%v); want about 20", style, count[style], count)
		}
	}
	if len(count) != 3 {
		t.Errorf("styles chosen: %v; want simple, knocker and gin-hunter only", count)
	}
	p, err := bots.New("mixed", bots.AdviseOptions{DealSeed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if p.(bots.Mixed).Style() != bots.NewMixed(7).Style() || bots.About("mixed") == "" {
		t.Errorf("New(\"mixed\") plays %s, NewMixed %s; about %q", p.(bots.Mixed).Style(), bots.NewMixed(7).Style(), bots.About("mixed"))
	}
}

// A game the mixed bot plays as a style is the game the fixed bot of that
// style plays: every hand, move by move, in either seat, against simple.
func TestMixedPlaysAsItsStyle(t *testing.T) {
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for d := range uint64(12) {
		m := bots.NewMixed(d)
		fixed, err := bots.New(m.Style(), bots.AdviseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		seen[m.Style()] = true
		for seat := range 2 {
			play := func(p table.Player) []table.Played {
				var players [2]table.Player
				players[seat], players[1-seat] = p, bots.Simple{}
				var hands []table.Played
				if _, err := table.MatchMoves(rules, players, 100+d, func(h table.Played) { hands = append(hands, h) }); err != nil {
					t.Fatal(err)
				}
				return hands
			}
			got, want := play(m), play(fixed)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("deal %d, seat %d: the mixed bot as %s played %d hands unlike the fixed bot's %d", d, seat, m.Style(), len(got), len(want))
			}
		}
	}
	if len(seen) != 3 {
		t.Errorf("12 deals played only %v: the test wants each style", seen)
	}
}
