package commands

import (
	"os"
	"strings"
	"testing"
)

// newHandHere starts a hand in a folder of its own: Bob dealt, Ann to say
// whether she takes the upcard.
func newHandHere(t *testing.T) {
	t.Helper()
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
}

// A piped line refused is reported with what gin prints of any text given
// it escaped: a line that sets the terminal's title and colour does neither.
func TestHandStdinRefusedLineEscaped(t *testing.T) {
	newHandHere(t)
	r := run(t, "pass --\x1b]0;PWNED\a\x1b[31mX\n", "hand")
	if r.code != ExitError || !strings.Contains(r.stderr, "gin: stdin line 1: ") {
		t.Errorf("exit %d, stderr %q: want line 1 refused", r.code, r.stderr)
	}
	if where, ok := shownRaw(r.stderr); ok {
		t.Errorf("gin hand printed %s", where)
	}
	if !strings.Contains(r.stderr, `\x1b]0;PWNED\a\x1b[31mX`) {
		t.Errorf("stderr %q: want the line's controls shown escaped", r.stderr)
	}
}

// Moves piped from a file that begins with a byte-order mark, as some
// editors write and as a record file may begin with, are read as without
// it: the first is a move, not a line refused.
func TestHandStdinAfterAByteOrderMark(t *testing.T) {
	newHandHere(t)
	r := run(t, "\ufeffpass\nbob pass\n", "hand")
	if r.code != ExitOK {
		t.Errorf("exit %d, stderr %q: want both moves taken", r.code, r.stderr)
	}
	text, _ := os.ReadFile("gin-hand.txt")
	if want := "Ann pass\nBob pass\n"; !strings.HasSuffix(string(text), want) {
		t.Errorf("the record ends\n%s\nwant\n%s", text, want)
	}
}

// A piped line longer than 64 KiB is refused with its line number and read
// past, and the lines after it are still read: it ended gin hand, with the
// moves after it lost. A line of 64 KiB exactly is a line; memory stays
// bounded whatever the line's length (one of 16 MiB).
func TestHandStdinLongLineRefused(t *testing.T) {
	newHandHere(t)
	long := strings.Repeat("x", maxLine+1)
	exact := "#" + strings.Repeat("y", maxLine-1)
	huge := strings.Repeat("z", 16<<20)
	r := run(t, "pass\n"+long+"\n"+exact+"\nbob pass\n"+huge+"\nzzz\n", "hand")
	for _, want := range []string{
		"gin: stdin line 2: longer than 64 KiB, refused: give a move a line\n",
		"gin: stdin line 5: longer than 64 KiB, refused: give a move a line\n",
		"gin: stdin line 6: ",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q: want %q", r.stderr, want)
		}
	}
	if strings.Contains(r.stderr, "stdin line 3") || r.code != ExitError {
		t.Errorf("exit %d, stderr %q: want lines 2, 5 and 6 refused, line 3 (64 KiB) read", r.code, r.stderr)
	}
	text, _ := os.ReadFile("gin-hand.txt")
	if want := "\nAnn pass\nBob pass\n"; !strings.HasSuffix(string(text), want) {
		t.Errorf("the record ends\n%s\nwant it to end%s", text, want)
	}
}
