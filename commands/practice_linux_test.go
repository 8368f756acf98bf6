package commands

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// A bad answer typed at a terminal is told what is wrong, and the same
// question is asked again (no stdin line: a person is typing); a good one
// then answers it.
func TestReviewPracticeTerminalAsksAgain(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	master, tty := openPTY(t)
	// Bob's worst decision is his throw of the Q♠ at turn 4 (the README).
	if _, err := master.WriteString("throw 7s\nthrow Qs\nquit\n"); err != nil {
		t.Fatal(err)
	}
	app := testApp()
	var stdout, stderr bytes.Buffer
	app.Reader, app.Writer, app.ErrWriter = tty, &stdout, &stderr
	err := app.Run(append([]string{"gin", "review", "hand.txt", "--practice", "--player", "Bob", "--plain"}, quickReview...))
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

// At a terminal an answer is edited as at gin hand's prompt: "hrow Qs",
// then Ctrl-A to the line's start and the t forgotten, reads "throw Qs"
// (where the terminal's own mode took Ctrl-A as a character of the line,
// and the answer was refused).
func TestReviewPracticeEditsTheAnswer(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	master, tty := openPTY(t)
	size := [4]uint16{24, 80, 0, 0} // rows, columns, and no pixels: room for liner to edit
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, tty.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&size))); e != 0 {
		t.Skipf("no window size: %v", e)
	}
	cmd, out := ginAtPTY(t, master, tty, append([]string{"review", "hand.txt", "--practice", "--player", "Bob", "--plain"}, quickReview...)...)
	type_ := func(s string) { _, _ = master.Write([]byte(s)) }
	at := out.waitFor(t, 0, "Your move: ")
	type_("hrow Qs\x01t\r")
	// The answer taken, the next question is asked. Not "Your move: "
	// alone: liner shows it again as it redraws the line edited, and quit
	// typed then raced the answer.
	at = out.waitFor(t, at, "Question 2 of")
	at = out.waitFor(t, at, "Your move: ")
	type_("quit\r")
	switch err, ended := waitExit(cmd, 30*time.Second); {
	case !ended:
		t.Fatalf("gin review still running after quit:\n%s", out.String())
	case err != nil:
		t.Errorf("gin review: %v, where no answer was refused:\n%s", err, out.String())
	}
	// The screen is read from the terminal by a goroutine of its own, which
	// may not have read practice's last line when gin has ended.
	out.waitFor(t, at, " the best.")
	if all := out.String(); strings.Contains(all, "not a move") || strings.Contains(all, "gin: ") || !strings.Contains(strings.ReplaceAll(all, "\r\n", " "), "throw Qs would have cost") {
		t.Errorf("want the answer edited to throw Qs and taken:\n%s", all)
	}
}
