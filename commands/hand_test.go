package commands

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// A hand followed move by move from the deal to the score sheet: each move
// checked as it is entered, a refused one writing nothing.
func TestHandFollowsAHandToTheSheet(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := run(t, "", "hand", "new", "--me", "ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if r.code != 0 || !strings.Contains(r.stdout, "Ann v Bob, Bob dealt, classic rules") || !strings.Contains(r.stdout, "You: take the face-up card or pass.") {
		t.Fatalf("hand new: %d %s%s", r.code, r.stdout, r.stderr)
	}
	for _, tc := range []struct {
		move   string
		refuse string // what the refusal says; "" for a move taken
	}{
		{"bob pass", "Bob: passing out of turn"},
		{"pass", ""},
		{"draw", "Bob: drawing at the first upcard offer"},
		{"Bob pass", ""},
		{"draw", "which card did Ann draw?"},
		{"take", "Ann: taking the face-up card that both players passed"},
		{"draw Tc throw Jc", "Ann: throwing Jc, which is not in the hand"},
		{"draw 5s", "Ann: drawing 5s, which is the face-up card"},
		{"draw Tc throw Tc", ""},
		{"draw throw 7h", "Bob: throwing 7h, which is in Ann's hand"},
		{"draw throw Qh", ""},
		{"take throw Qh", "Ann: throwing Qh, the card just taken from the pile"},
		{"take throw 9d", ""},
		{"b draw throw Qs", ""},
		{"draw 5c knock Qh", ""},
		{"bob draw", "the hand has ended"},
	} {
		before, err := os.ReadFile("gin-hand.txt")
		if err != nil {
			t.Fatal(err)
		}
		r := run(t, "", append([]string{"hand"}, strings.Fields(tc.move)...)...)
		after, _ := os.ReadFile("gin-hand.txt")
		switch {
		case tc.refuse == "" && r.code != 0:
			t.Fatalf("gin hand %s: refused: %s", tc.move, r.stderr)
		case tc.refuse != "" && (r.code != 2 || !strings.Contains(r.stderr, tc.refuse)):
			t.Fatalf("gin hand %s: exit %d %q, want it refused saying %q", tc.move, r.code, r.stderr, tc.refuse)
		case tc.refuse != "" && string(after) != string(before):
			t.Fatalf("gin hand %s was refused, but the record changed:\n%s", tc.move, after)
		}
	}
	if r := run(t, "", "sheet", "add", "--hand", "gin-hand.txt"); r.code != 2 || !strings.Contains(r.stderr, "cards shown are missing") {
		t.Fatalf("sheet add --hand before Bob showed: %d %s", r.code, r.stderr)
	}
	r = run(t, "", "hand", "Bob", "shows", "2d", "3d", "4d", "5h", "6h", "4h", "Js", "Jd", "8c", "Ac")
	// Ann's gin: 20, and Bob's 29 (Js Jd 8c Ac beside 2d 3d 4d and 4h 5h 6h).
	if r.code != 0 || !strings.Contains(r.stdout, "Ann went gin: Ann scores 49.") {
		t.Fatalf("shows: %d %s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "sheet", "add", "--hand", "gin-hand.txt", "--plain")
	if r.code != 0 || !strings.Contains(r.stdout, "Ann 49") {
		t.Fatalf("sheet add --hand: %d %s%s", r.code, r.stdout, r.stderr)
	}
	// The same record again: refused, the sheet unchanged.
	sheet, _ := os.ReadFile("gin-sheet.yaml")
	r = run(t, "", "sheet", "add", "--hand", "gin-hand.txt")
	if after, _ := os.ReadFile("gin-sheet.yaml"); r.code != 2 || !strings.Contains(r.stderr, "this hand record was scored already, as hand 1") || string(after) != string(sheet) {
		t.Fatalf("the same record scored twice: %d %s", r.code, r.stderr)
	}
	// A record of another deal: Bob dealt it, but Ann deals next.
	// (The same play without its rules line is another record to the sheet.)
	other := strings.Replace(string(mustRead(t, "gin-hand.txt")), "rules classic\n", "", 1)
	if err := os.WriteFile("old-hand.txt", []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "sheet", "add", "--hand", "old-hand.txt")
	if r.code != 2 || !strings.Contains(r.stderr, "the hand was dealt by Bob, but Ann deals the next hand on the sheet") {
		t.Fatalf("a record of another deal: %d %s", r.code, r.stderr)
	}
	// The next hand keeps this one for review, the dealer taken from the sheet.
	r = run(t, "", "hand", "new", "--me", "Ann", "Ah", "2h", "3h", "4h", "5h", "6h", "7c", "8c", "9c", "Tc", "--upcard", "Qd")
	if r.code != 0 || !strings.Contains(r.stdout, "kept as gin-hand-1.txt") || !strings.Contains(r.stdout, "Ann dealt") {
		t.Fatalf("the next hand: %d %s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "hand", "new", "--me", "Ann", "Ah", "2h", "3h", "4h", "5h", "6h", "7c", "8c", "9c", "Tc", "--upcard", "Qd")
	if r.code != 2 || !strings.Contains(r.stderr, "still in play") {
		t.Fatalf("a new hand over one in play: %d %s", r.code, r.stderr)
	}
	inPlay, _ := os.ReadFile("gin-hand.txt")
	r = run(t, "", "hand", "new", "--force", "--me", "Ann", "Ah", "2h", "3h", "4h", "5h", "6h", "7c", "8c", "9c", "Tc", "--upcard", "Kd")
	kept, _ := os.ReadFile("gin-hand.txt.bak")
	if r.code != 0 || !strings.Contains(r.stdout, "kept as gin-hand.txt.bak") || string(kept) != string(inPlay) {
		t.Fatalf("--force over a hand in play: %d %s%s; the .bak holds\n%s", r.code, r.stdout, r.stderr, kept)
	}
	// A record that does not read is kept too, never lost.
	if err := os.WriteFile("gin-hand.txt", []byte("players Ann\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "hand", "new", "--me", "Ann", "Ah", "2h", "3h", "4h", "5h", "6h", "7c", "8c", "9c", "Tc", "--upcard", "Kd")
	if r.code != 2 || !strings.Contains(r.stderr, "gin-hand.txt: line 1: players takes two names") {
		t.Fatalf("a new hand over a record that does not read: %d %s", r.code, r.stderr)
	}
	r = run(t, "", "hand", "new", "--force", "--me", "Ann", "Ah", "2h", "3h", "4h", "5h", "6h", "7c", "8c", "9c", "Tc", "--upcard", "Kd")
	if kept, _ := os.ReadFile("gin-hand.txt.bak-2"); r.code != 0 || string(kept) != "players Ann\n" {
		t.Fatalf("--force over a record that does not read: %d %s%s; kept %q", r.code, r.stdout, r.stderr, kept)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Piped moves are read a line each, as at the prompt; undo takes the last
// one back.
func TestHandReadsMovesFromStdin(t *testing.T) {
	parallelIn(t, t.TempDir())
	r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	r = run(t, "pass\nbob pass\ndraw 1c\ndraw Tc throw Tc\nundo\nshow\n", "hand")
	if r.code != 2 || !strings.Contains(r.stderr, "stdin line 3: card 1 \"1c\"") {
		t.Errorf("exit %d, stderr %q: want line 3 refused and the others taken", r.code, r.stderr)
	}
	// undo takes back what one line gave: the draw and the throw.
	if !strings.Contains(r.stdout, "Took back: Ann draw 10♣, throw 10♣") {
		t.Errorf("undo said %q", r.stdout)
	}
	text, _ := os.ReadFile("gin-hand.txt")
	if want := "Ann pass\nBob pass\n"; !strings.HasSuffix(string(text), want) {
		t.Errorf("the record ends\n%s\nwant\n%s", text, want)
	}
}

// What a new user got wrong at the table is refused, saying what to do, and
// writes nothing.
func TestHandRefusesSlips(t *testing.T) {
	parallelIn(t, t.TempDir())
	r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "5d", "--upcard", "As")
	if r.code != 0 || strings.Contains(r.stdout, "none") {
		t.Fatalf("hand new: %d %s%s", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{{"pass"}, {"pass"}, {"draw", "Tc", "throw", "Tc"}} {
		if r := run(t, "", append([]string{"hand"}, args...)...); r.code != 0 {
			t.Fatal(r.stderr)
		}
	}
	before, _ := os.ReadFile("gin-hand.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		// Ann's own draw typed on Bob's turn: his draw is face down.
		{[]string{"hand", "draw", "6d"}, "it is Bob's turn, whose draw is face down"},
		{[]string{"hand", "Bobb", "draw"}, `"Bobb" is neither a move`},
		{[]string{"hand", "draw", "--plain"}, "--plain after the move: flags go before it (gin hand --plain draw)"},
		{[]string{"hand", "--hand", "other.txt", "undo"}, "--hand before undo: it goes after the subcommand: gin hand undo --hand other.txt"},
	} {
		r := run(t, "", tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("gin %q: exit %d %q, want %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
	if after, _ := os.ReadFile("gin-hand.txt"); string(after) != string(before) {
		t.Errorf("a refused move changed the record:\n%s", after)
	}
}

// A rules file is named as typed, from where gin runs, and the record names
// it from its own folder.
func TestHandRulesFileFromHere(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("my.yaml", []byte("preset: classic\nknock_limit: 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "hand", "new", "--rules", "my.yaml", "--hand", "sub/h.txt", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if r.code != 0 || !strings.Contains(r.stdout, "classic rules; changed: knock_limit 7") || !strings.Contains(string(mustRead(t, "sub/h.txt")), "rules ../my.yaml\n") {
		t.Fatalf("%d %s%s\n%s", r.code, r.stdout, r.stderr, mustRead(t, "sub/h.txt"))
	}
}

// A record's rules that cannot be had are refused at the line of its rules
// statement, as any other mistake in a record is at its line.
func TestHandRulesAtTheirLine(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("bad.yaml", []byte("preset: classic\ntarget: 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	head := "# a hand\nplayers Ann Bob\ndealer Bob\nrules %s\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\n"
	for _, tt := range []struct{ rules, want string }{
		{"nosuch", `gin: h.txt: line 4: rules: unknown rules preset "nosuch"`},
		{"bad.yaml", "gin: h.txt: line 4: rules: bad.yaml:2:9: target 0 must be at least 1"},
	} {
		if err := os.WriteFile("h.txt", fmt.Appendf(nil, head, tt.rules), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"hand", "show", "--hand", "h.txt"}, {"review", "h.txt"}} {
			if r := run(t, "", args...); r.code != ExitError || !strings.HasPrefix(r.stderr, tt.want) {
				t.Errorf("rules %s, gin %q: exit %d, stderr %q, want it to start %q", tt.rules, args, r.code, r.stderr, tt.want)
			}
		}
	}
}

// gin hand new --rules that cannot be had is refused in the flag's words, as
// in every other command, and writes no record.
func TestHandNewRulesFlag(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("bad.yaml", []byte("preset: classic\ntarget: 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ rules, want string }{
		{"nosuch", `gin: --rules: unknown rules preset "nosuch"`},
		{"bad.yaml", "gin: --rules: bad.yaml:2:9: target 0 must be at least 1\n"},
	} {
		r := run(t, "", "hand", "new", "--rules", tt.rules, "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
		if r.code != ExitError || !strings.HasPrefix(r.stderr, tt.want) {
			t.Errorf("--rules %s: exit %d, stderr %q, want it to start %q", tt.rules, r.code, r.stderr, tt.want)
		}
		if _, err := os.Stat("gin-hand.txt"); err == nil {
			t.Fatalf("--rules %s: a record was written", tt.rules)
		}
	}
}

// At the first upcard offer the choice is take or pass, and the advice says
// so: drawing is not a move there.
func TestHandAdviceAtTheFirstOffer(t *testing.T) {
	parallelIn(t, t.TempDir())
	r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "2s", "Th", "3s", "As", "Kd", "4c", "3d", "3c", "8c", "9d", "--upcard", "Qs")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	r = run(t, "", "hand", "advise", "--samples", "200", "--playouts", "50", "--plain")
	if r.code != 0 || !strings.Contains(r.stdout, "\npass ") || strings.Contains(r.stdout, "\ndraw ") || strings.Contains(r.stdout, "Draw from the stock") {
		t.Errorf("advice at the first offer:\n%s%s", r.stdout, r.stderr)
	}
	r = run(t, "", "hand", "advise", "--samples", "200", "--playouts", "50", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"offer":"first"`) {
		t.Errorf("JSON advice at the first offer:\n%s%s", r.stdout, r.stderr)
	}
}

// A sheet's longer game plays its hands by the preset: a hand followed for
// it is scored on it. A sheet that changes how a hand scores cannot be
// followed by its preset's name, and says so before a card is written.
func TestHandForASheetWithOtherRules(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--target", "250"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := run(t, "", "hand", "new", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if r.code != 0 {
		t.Fatalf("hand new for a game to 250: %s", r.stderr)
	}
	for _, move := range []string{"pass", "pass", "draw Tc throw Tc", "draw throw Qh", "take throw 9d", "draw throw Qs", "draw 5c knock Qh", "bob shows 2d 3d 4d 5h 6h 4h Js Jd 8c Ac"} {
		if r := run(t, "", append([]string{"hand"}, strings.Fields(move)...)...); r.code != 0 {
			t.Fatalf("%s: %s", move, r.stderr)
		}
	}
	if r := run(t, "", "sheet", "add", "--hand", "gin-hand.txt"); r.code != 0 {
		t.Fatalf("sheet add --hand on a game to 250: %s", r.stderr)
	}
	if r := run(t, "", "sheet", "new", "--sheet", "nine.yaml", "--players", "Ann,Bob", "--dealer", "Bob", "--knock-limit", "9"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r = run(t, "", "hand", "new", "--hand", "nine.txt", "--sheet", "nine.yaml", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if _, err := os.Stat("nine.txt"); r.code != 2 || !strings.Contains(r.stderr, "knock_limit 9") || err == nil {
		t.Errorf("hand new for a sheet with a knock limit of 9: %d %s", r.code, r.stderr)
	}
}

// A line of only a comment, after a move or alone, and a quoted name, read
// from a pipe as the record reads them.
func TestHandLinesAsTheRecordReadsThem(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", `Ann,Mary Jo`, "--dealer", "Mary Jo", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := run(t, "pass # not for me\n   # thinking\n\"mary jo\" pass\n", "hand")
	if r.code != 0 || !strings.HasSuffix(string(mustRead(t, "gin-hand.txt")), "Ann pass\n\"Mary Jo\" pass\n") {
		t.Fatalf("%d %s\n%s", r.code, r.stderr, mustRead(t, "gin-hand.txt"))
	}
}

// A line of stdin refused names the record's path with its control
// characters escaped, as every error line of gin does: here a lock error
// for a --hand path in a folder that is not there.
func TestHandStdinErrorEscapesThePath(t *testing.T) {
	parallelIn(t, t.TempDir())
	r := run(t, "pass\n", "hand", "--hand", "no\x01folder/hand\x1b[2J.txt")
	if r.code == 0 || strings.ContainsAny(r.stderr, "\x01\x1b") || !strings.Contains(r.stderr, `stdin line 1: `) || !strings.Contains(r.stderr, `hand\x1b[2J.txt`) {
		t.Errorf("exit %d, stderr %q: want line 1 refused, the path escaped", r.code, r.stderr)
	}
}

// gin hand new warns of the record it replaces that ended and was not
// scored on the sheet it is for, and only of it: a record scored on a game
// that ended, kept under a dated name when gin sheet new started the next
// game in its place, was scored.
func TestHandNewWarnsOfAnUnscoredRecordOnly(t *testing.T) {
	parallelIn(t, t.TempDir())
	// A game to 40: Bob's gin, 20 and Ann's 29, ends it.
	play := func() {
		t.Helper()
		if r := run(t, "", "hand", "new", "--me", "Bob", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
			t.Fatal(r.stderr)
		}
		for _, move := range []string{"pass", "pass", "draw Tc throw Tc", "draw throw Qh", "take throw 9d", "draw throw Qs", "draw 5c knock Qh", "ann shows 2d 3d 4d 5h 6h 4h Js Jd 8c Ac"} {
			if r := run(t, "", append([]string{"hand"}, strings.Fields(move)...)...); r.code != 0 {
				t.Fatalf("%s: %s", move, r.stderr)
			}
		}
	}
	const warning = "the last hand was not scored on the sheet"
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Ann", "--target", "40"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	play()
	// Not scored: the warning, with the command that scores it.
	r := run(t, "", "hand", "new", "--me", "Ann", "2c", "3c", "4c", "Kc", "9d", "Kd", "7h", "8h", "9h", "Ks", "--upcard", "Qh")
	if r.code != 0 || !strings.Contains(r.stderr, warning+": gin sheet add --hand gin-hand-1.txt") {
		t.Fatalf("a record not scored: %d %q", r.code, r.stderr)
	}
	if r := run(t, "", "sheet", "add", "--hand", "gin-hand-1.txt"); r.code != 0 || !strings.Contains(r.stdout, "Bob") {
		t.Fatalf("scoring it ends the game: %d %s", r.code, r.stderr)
	}
	// The next game takes the sheet's place; the record scored on the game
	// that ended is replaced with no warning.
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Ann"); r.code != 0 || !strings.Contains(r.stdout, "The finished game was moved to") {
		t.Fatalf("the next game: %d %s", r.code, r.stderr)
	}
	if err := os.Rename("gin-hand-1.txt", "gin-hand.txt"); err != nil { // the scored record, ended, where the next hand goes
		t.Fatal(err)
	}
	r = run(t, "", "hand", "new", "--me", "Ann", "2c", "3c", "4c", "Kc", "9d", "Kd", "7h", "8h", "9h", "Ks", "--upcard", "Qh")
	if r.code != 0 || strings.Contains(r.stderr, warning) || !strings.Contains(r.stdout, "kept as gin-hand-1.txt") {
		t.Errorf("a record scored on the game before: %d %q %q", r.code, r.stdout, r.stderr)
	}
}
