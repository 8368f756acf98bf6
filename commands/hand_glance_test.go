package commands

import (
	"strings"
	"testing"
)

// gin hand new glances at the advice when the first decision is yours (the
// non-dealer's, at the upcard's first offer), and not when it is the other
// player's.
func TestHandNewAdvisesTheFirstDecision(t *testing.T) {
	parallelIn(t, t.TempDir())
	deal := []string{"7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"}
	r := run(t, "", append([]string{"hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann"}, deal...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "You: take the face-up card or pass.\nAdvice:") || !strings.Contains(r.stdout, "Next best:") {
		t.Fatalf("Ann first to decide: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", append([]string{"hand", "new", "--force", "--players", "Ann,Bob", "--dealer", "Ann", "--me", "Ann"}, deal...)...)
	if r.code != 0 || strings.Contains(r.stdout, "Advice:") || !strings.Contains(r.stdout, "Bob: take the face-up card or pass.") {
		t.Fatalf("Bob first to decide: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// A move taken back that leaves the decision yours again shows its advice,
// as the move that left it to you did.
func TestHandUndoAdvises(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := run(t, "pass\nundo\n", "hand", "--samples", "100", "--playouts", "20")
	took := strings.Index(r.stdout, "Took back: Ann pass")
	if r.code != 0 || took < 0 || !strings.Contains(r.stdout[took:], "You: take the face-up card or pass.\nAdvice:") {
		t.Fatalf("undo from a pipe: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// A flag typed after a move is put before it with its value, in a command
// that runs; one gin hand does not take is said to be so; and on a line of
// moves (a pipe, the prompt) a flag is said to belong to the start.
func TestHandFlagAfterTheMove(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Maria,Tom", "--dealer", "Tom", "--me", "Maria", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, tt := range []struct {
		in   string
		args []string
		want string
	}{
		{"", []string{"hand", "pass", "--hand", "gin-hand.txt"}, "gin: --hand after the move: flags go before it (gin hand --hand gin-hand.txt pass)\n"},
		{"", []string{"hand", "pass", "--plain"}, "gin: --plain after the move: flags go before it (gin hand --plain pass)\n"},
		{"", []string{"hand", "pass", "--sheet", "x.yaml"}, "gin: --sheet is not a flag of gin hand (see gin hand --help)\n"},
		{"pass --samples 5\n", []string{"hand"}, "gin: stdin line 1: --samples on a line of moves: flags are given when gin hand starts (gin hand --samples …)\n"},
	} {
		if r := run(t, tt.in, tt.args...); r.code != ExitError || !strings.HasPrefix(r.stderr, tt.want) {
			t.Errorf("gin %q: exit %d, stderr %q; want %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
	// The hint runs: the move is taken.
	if r := run(t, "", "hand", "--hand", "gin-hand.txt", "pass"); r.code != 0 {
		t.Errorf("the hint's command: %d %s", r.code, r.stderr)
	}
}

// Once the sheet holds the hand, gin hand show says where it was scored,
// not to score it: the command it gave would be refused.
func TestHandShowSaysScored(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, "", "hand", "new", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, "pass\nbob pass\ndraw 5c knock 9d\nbob shows 2d 3d 4d 5h 6h Qs Js Jd 8c Ac\n", "hand", "--samples", "100", "--playouts", "20"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, "", "hand", "show"); !strings.HasSuffix(r.stdout, "Score it: gin sheet add --hand gin-hand.txt\n") {
		t.Errorf("before the sheet holds it:\n%s", r.stdout)
	}
	if r := run(t, "", "sheet", "add", "--hand", "gin-hand.txt"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, "", "hand", "show"); !strings.HasSuffix(r.stdout, "Scored on the sheet as hand 1.\n") {
		t.Errorf("once the sheet holds it:\n%s", r.stdout)
	}
}
