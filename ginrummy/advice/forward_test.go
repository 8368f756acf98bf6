package advice

import (
	"math/rand/v2"
	"testing"
)

// A sampled hand is played forward from none to one and a half times the
// opponent's turns, rounded down, and at most half the unseen cards beside
// it: every count in that range is drawn, and none above it. A turn that
// took from the pile counts as any other.
func TestForwardTurns(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		turns int    // Position.Turns; 0 counts the cards thrown (6 here)
		took  string // the cards the opponent took and holds
		rest  int    // the unseen cards beside the hand
		most  int    // by the rule
	}{
		{"six throws", 0, "", 100, 9},                 // 3×6/2
		{"six throws, two taken", 0, "4c 4d", 100, 9}, // the takes are turns too
		{"three turns", 3, "", 100, 4},                // 3×3/2, rounded down
		{"one turn", 1, "", 100, 1},                   // 3×1/2
		{"capped by the cards to draw", 0, "", 6, 3},  // 6/2
		{"capped, rounded down", 0, "", 3, 1},         // 3/2
		{"one card to draw from", 0, "", 1, 0},        // 1/2
		{"cap just above the turns", 0, "", 20, 9},    // 20/2 = 10
		{"cap just below the turns", 0, "", 17, 8},    // 17/2
		{"twelve turns, cap binds", 12, "", 15, 7},    // 3×12/2 = 18, 15/2 = 7
	}
	for _, c := range cases {
		p, s := waryPosition(t, 0)
		p.Turns = c.turns
		if c.took != "" {
			p.Took = hand(t, c.took)
		}
		e, err := newEngine(nil, p, s)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		seen := make(map[int]int)
		for range 20000 {
			n := e.forwardTurns(rng, c.rest)
			if n < 0 || n > c.most {
				t.Fatalf("%s: played forward %d turns, want 0 to %d", c.name, n, c.most)
			}
			seen[n]++
		}
		for n := 0; n <= c.most; n++ {
			if seen[n] == 0 {
				t.Errorf("%s: %d turns never drawn in 20,000 hands (want every count 0 to %d)", c.name, n, c.most)
			}
		}
	}
}
