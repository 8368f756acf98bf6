package main

import (
	"path/filepath"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
)

var quick = config{player: "advise", knockRate: 1e-6, tookMelds: 0.99, samples: 100, reps: 1, seed: 1, playouts: 8}

// Every chance to knock in testdata/game-0002-hand-11.txt, worked by hand
// from the two deals and the moves (classic rules, knock limit 10):
//   - line 20, advise takes the 7♣: Q♣ Q♦ Q♥ · 7♣ 7♦ 7♠, and A♦ 2♠ 3♣ 4♦ 6♥;
//     throwing the 6♥ (the 7♣ may not go back) leaves 10. gin-hunter holds
//     7♥ 8♥ 9♥ 10♥ and A♣ A♠ 3♥ 5♥ 6♣ 6♠, 22 left after laying off
//     nothing: not undercut.
//   - line 22, advise draws the 3♠: the melds, and A♦ 2♠ 3♠ 3♣ 6♥; the 6♥
//     thrown leaves 9. gin-hunter holds 6♣ 6♠ 6♦ · 7♥ 8♥ 9♥ 10♥, and A♣ A♠
//     3♥: 5, undercut.
//   - line 24, advise takes the 3♥ and knocks, throwing the 6♥: 9 left
//     (A♦ 2♠ 3♣ 3♥). gin-hunter holds 6♣ 6♠ 6♦ · 7♥ 8♥ 9♥ 10♥ J♥ and A♣
//     A♠: 2, undercut, as the hand ended.
//
// Earlier turns cannot knock (their least deadwood is over 10).
func TestChancesByHand(t *testing.T) {
	f := filepath.Join("testdata", "game-0002-hand-11.txt")
	r := parse(t, f)
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	c := quick
	c.chances = true
	vs, err := chances(f, r, rules, r.Player("advise"), c)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		line, stock int
		undercut    bool
	}{{20, 20, false}, {22, 18, true}, {24, 17, true}}
	if len(vs) != len(want) {
		t.Fatalf("%d chances, want %d: %+v", len(vs), len(want), vs)
	}
	for i, w := range want {
		v := vs[i]
		if v.line != w.line || v.stock != w.stock || v.undercut != w.undercut {
			t.Errorf("chance %d: line %d, stock %d, undercut %v; want line %d, stock %d, undercut %v", i, v.line, v.stock, v.undercut, w.line, w.stock, w.undercut)
		}
		if !(v.said > 0 && v.said < 1) {
			t.Errorf("line %d: said %v, want a chance between 0 and 1", v.line, v.said)
		}
	}
}

// At a turn where the player knocked with the throw and arrangement of the
// least deadwood, the chance's outcome, found from the two hands, is the
// hand's own, as the table scored it.
func TestChancesAgreeWithKnocks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no records in testdata: %v", err)
	}
	c := quick
	c.chances = true
	for _, f := range files {
		ks, _, err := knocks(f, quick)
		if err != nil {
			t.Fatal(err)
		}
		cs, _, err := knocks(f, c)
		if err != nil {
			t.Fatal(err)
		}
		if len(ks) != 1 || len(cs) < 2 {
			t.Fatalf("%s: %d knocks and %d chances, want 1 and more than 1", f, len(ks), len(cs))
		}
		found := false
		for _, v := range cs {
			if v.line == ks[0].line {
				found = true
				if v.undercut != ks[0].undercut {
					t.Errorf("%s line %d: the chance says undercut %v, the hand ended %v", f, v.line, v.undercut, ks[0].undercut)
				}
			}
		}
		if !found {
			t.Errorf("%s: the knock at line %d is not among the chances", f, ks[0].line)
		}
	}
}

func parse(t *testing.T, f string) *record.Record {
	t.Helper()
	r, err := readRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
