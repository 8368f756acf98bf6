package commands

import (
	"strings"
	"testing"
)

// At the end of a hand the prompt offers to score it, and Enter alone says
// yes: scoring is what the table wants, and gin sheet undo takes it back.
func TestHandPromptScoresOnEnter(t *testing.T) {
	t.Parallel() // waits on gin at the terminal
	dir := t.TempDir()
	if r := runIn(t, dir, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runIn(t, dir, "", "hand", "new", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	master, tty := openPTY(t)
	cmd, out := ginAtPTYIn(t, dir, master, tty, "hand", "--samples", "100", "--playouts", "20")
	type_ := func(s string) { _, _ = master.Write([]byte(s)) }
	at := out.waitFor(t, 0, "gin hand> ")
	// Ann draws 5c and goes gin, throwing 9d face down; Bob shows his ten.
	for _, line := range []string{"pass", "bob pass", "draw 5c knock 9d", "bob shows 2d 3d 4d 5h 6h Qs Js Jd 8c Ac"} {
		type_(line + "\r")
		if line != "bob shows 2d 3d 4d 5h 6h Qs Js Jd 8c Ac" {
			at = out.waitFor(t, at, "gin hand> ")
		}
	}
	at = out.waitFor(t, at, "Score it on the sheet? [Y/n] ")
	// A move typed by reflex is neither yes nor no: asked again.
	type_("draw\r")
	at = out.waitFor(t, at, "Say y (or Enter) to score the hand, n to leave it.")
	at = out.waitFor(t, at, "Score it on the sheet? [Y/n] ")
	type_("\r")
	at = out.waitFor(t, at, "Next hand: quit, then gin hand new --me Ann CARDS --upcard CARD\r\n")
	at = out.waitFor(t, at, "gin hand> ")
	type_("quit\r")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("gin hand: %v\n%s", err, out.String())
	}
	_ = at
	r := runIn(t, dir, "", "sheet", "show")
	// Gin under classic: 20, and Bob's deadwood after his meld 2♦ 3♦ 4♦:
	// 5+6+10+10+10+8+1 = 50.
	if r.code != 0 || !strings.Contains(r.stdout, "Ann 70") {
		t.Fatalf("the sheet after Enter:\n%s%s\nthe terminal:\n%s", r.stdout, r.stderr, out.String())
	}
}

// gin hand show at a terminal glances at the advice when a decision is
// yours, as a move typed there does; into a pipe it shows the hand alone.
func TestHandShowAtATerminalAdvises(t *testing.T) {
	t.Parallel() // waits on gin at the terminal
	dir := t.TempDir()
	if r := runIn(t, dir, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runIn(t, dir, "", "hand", "show"); r.code != 0 || strings.Contains(r.stdout, "Advice:") {
		t.Fatalf("gin hand show into a pipe: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	master, tty := openPTY(t)
	cmd, out := ginAtPTYIn(t, dir, master, tty, "hand", "show")
	at := out.waitFor(t, 0, "You: take the face-up card or pass.")
	out.waitFor(t, at, "Advice:")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("gin hand show: %v\n%s", err, out.String())
	}
}
