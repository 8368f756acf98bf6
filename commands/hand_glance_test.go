package commands

import (
	"strings"
	"testing"
)

// gin hand new glances at the advice when the first decision is yours (the
// non-dealer's, at the upcard's first offer), and not when it is the other
// player's.
func TestHandNewAdvisesTheFirstDecision(t *testing.T) {
	t.Chdir(t.TempDir())
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
	t.Chdir(t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := run(t, "pass\nundo\n", "hand", "--samples", "100", "--playouts", "20")
	took := strings.Index(r.stdout, "Took back: Ann pass")
	if r.code != 0 || took < 0 || !strings.Contains(r.stdout[took:], "You: take the face-up card or pass.\nAdvice:") {
		t.Fatalf("undo from a pipe: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
