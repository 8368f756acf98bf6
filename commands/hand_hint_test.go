package commands

import (
	"strings"
	"testing"
)

// The hint of a card mistyped at gin hand never names a card the player
// holds as the card drawn, and a card is echoed as typed (review finding:
// "draw 7hh" was "did you mean 7h?" with 7h in the hand, and "throw Q" was
// echoed "q").
func TestHandHintNamesNoCardHeld(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatalf("hand new: %s", r.stderr)
	}
	for _, move := range []string{"pass", "Bob pass"} {
		if r := run(t, "", append([]string{"hand"}, strings.Fields(move)...)...); r.code != 0 {
			t.Fatalf("gin hand %s: %s", move, r.stderr)
		}
	}
	r := run(t, "", "hand", "draw", "7hh")
	if r.code != 2 || !strings.Contains(r.stderr, `"7hh"`) || strings.Contains(r.stderr, "did you mean 7h") {
		t.Errorf("gin hand draw 7hh, 7h held: exit %d %q; want it refused naming no card held", r.code, r.stderr)
	}
	r = run(t, "", "hand", "draw", "Thh")
	if r.code != 2 || !strings.Contains(r.stderr, "did you mean Th?") {
		t.Errorf("gin hand draw Thh, Th not held: exit %d %q; want it refused with the hint Th", r.code, r.stderr)
	}
	r = run(t, "", "hand", "draw", "Tc", "throw", "Q")
	if r.code != 2 || !strings.Contains(r.stderr, `"Q"`) || strings.Contains(r.stderr, `"q"`) {
		t.Errorf("gin hand draw Tc throw Q: exit %d %q; want the card echoed as typed, \"Q\"", r.code, r.stderr)
	}
}

// A move word typed wrong is named as the move it likely is, not read as a
// card ("thorw": unknown suit "horw"), in either place a move word goes.
func TestHandMoveTypoSuggests(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"take", "thorw", "9d"}, `"thorw" is not a move: did you mean "throw"?`},
		{[]string{"bob", "taek"}, `"taek" is not a move: did you mean "take"?`},
		{[]string{"psas"}, `did you mean "pass"?`},
	} {
		r := run(t, "", append([]string{"hand"}, tt.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("gin hand %v: exit %d, stderr %q; want %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
}
