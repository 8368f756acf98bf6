package commands

import (
	"os"
	"strings"
	"testing"
)

// gin hand new writes a Hollywood sheet's score before the hand in the
// record, a pair for each game, as it does a game's; it wrote none, so a
// record read away from its sheet did not say where the match stood. The
// readers take it: gin advise --hand, gin sheet add --hand (which checks
// it against the sheet) and gin review.
//
// Ann knocks with 5 against Bob's 20 (15 points) and Bob goes gin against
// Ann's 20 (25 + 20 = 45): each one's first win, which Hollywood scores in
// game 1 alone. So before the third hand game 1 stands at 15–45 with a box
// each, and games 2 and 3 at 0–0.
func TestHandNewHollywoodScoreHeader(t *testing.T) {
	parallelIn(t, t.TempDir())
	deal := []string{"--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"}
	for _, args := range [][]string{
		{"sheet", "new", "--players", "Ann,Bob", "--rules", "hollywood"},
		append([]string{"hand", "new"}, deal...),
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("gin %s: %s", strings.Join(args, " "), r.stderr)
		}
	}
	// Before the first hand: every game at 0–0.
	if text, _ := os.ReadFile("gin-hand.txt"); !strings.Contains(string(text), "\nscore 0 0, 0 0, 0 0\nboxes 0 0, 0 0, 0 0\n") {
		t.Errorf("the first hand's record:\n%s\nwant score 0 0, 0 0, 0 0 and boxes 0 0, 0 0, 0 0", text)
	}
	for _, args := range [][]string{
		{"sheet", "add", "--by", "ann", "--knock", "5", "--deadwood", "20"},
		{"sheet", "add", "--by", "bob", "--gin", "--deadwood", "20"},
		append([]string{"hand", "new", "--force"}, deal...),
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("gin %s: %s", strings.Join(args, " "), r.stderr)
		}
	}
	text, _ := os.ReadFile("gin-hand.txt")
	if !strings.Contains(string(text), "\nscore 15 45, 0 0, 0 0\nboxes 1 1, 0 0, 0 0\n") {
		t.Fatalf("the third hand's record:\n%s\nwant score 15 45, 0 0, 0 0 and boxes 1 1, 0 0, 0 0", text)
	}
	// Ann dealt: Bob passes the 5♠, Ann takes it and knocks with it (5)
	// over K♣ K♦ K♠, 2♣ 3♣ 4♣ and 7♥ 8♥ 9♥.
	if r := run(t, "", "hand", "bob", "pass"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, "", "advise", "--hand", "gin-hand.txt", "--samples", "20", "--playouts", "5"); r.code != 0 {
		t.Errorf("gin advise --hand: exit %d\n%s", r.code, r.stderr)
	}
	for _, args := range [][]string{
		{"hand", "take", "knock", "9d"},
		{"hand", "bob", "shows", "6h", "Kh", "5c", "Qs", "Js", "Ts", "3d", "4d", "5d", "8c"},
		{"sheet", "add", "--hand", "gin-hand.txt"},
		{"review", "gin-hand.txt", "--samples", "20", "--playouts", "5"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Errorf("gin %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
}
