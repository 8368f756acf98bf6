package commands

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A bad answer typed at a terminal is told what is wrong, and the same
// question is asked again (no stdin line: a person is typing); a good one
// then answers it.
func TestReviewPracticeTerminalAsksAgain(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	master, tty := openPTY(t)
	// Bob's worst decision is his throw of the Q♠ at turn 4 (the README).
	if _, err := master.WriteString("throw 7s\nthrow Qs\nquit\n"); err != nil {
		t.Fatal(err)
	}
	app := NewApp()
	var stdout, stderr bytes.Buffer
	app.Reader, app.Writer, app.ErrWriter = tty, &stdout, &stderr
	err := app.Run([]string{"gin", "review", "hand.txt", "--practice", "--player", "Bob", "--plain"})
	out := stdout.String()
	if !strings.Contains(stderr.String(), "gin: 7s: not a card you can throw here") || strings.Contains(stderr.String(), "stdin line") {
		t.Errorf("stderr %q: want the bad answer told, with no line of stdin", stderr.String())
	}
	first, _, _ := strings.Cut(out, "Question 2 of")
	if strings.Count(first, "Your move: ") != 2 || !strings.Contains(strings.ReplaceAll(first, "\n", " "), "throw Qs would have cost") {
		t.Errorf("want question 1 asked again, then answered:\n%s", out)
	}
	if !strings.Contains(out, "Answered 1 of") || ExitCode(err) == 0 {
		t.Errorf("exit %d: want one answered, and a failing status for the answer refused:\n%s", ExitCode(err), out)
	}
}
