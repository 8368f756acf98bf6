package commands

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// screen collects what a program writes to a pseudo-terminal.
type screen struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// waitFor waits until the screen shows want after from, and returns where.
func (s *screen) waitFor(t *testing.T, from int, want string) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if i := strings.Index(s.String()[from:], want); i >= 0 {
			return from + i + len(want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the terminal never showed %q; it shows:\n%s", want, s.String()[from:])
	return 0
}

// The prompt at a terminal: a move, the advice when a decision is due, the
// card asked for when a draw does not name it, line editing (a word typed
// wrong and rubbed out), quit; and gin hand again resumes the hand.
func TestHandPromptAtATerminal(t *testing.T) {
	t.Parallel() // waits on gin at the terminal
	dir := t.TempDir()
	if r := runIn(t, dir, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	master, tty := openPTY(t)
	cmd, out := ginAtPTYIn(t, dir, master, tty, "hand", "--samples", "200", "--playouts", "50")
	type_ := func(s string) { _, _ = master.Write([]byte(s)) }
	at := out.waitFor(t, 0, "gin hand> ")
	type_("pass\r")
	at = out.waitFor(t, at, "gin hand> ")
	type_("bob pass\r")
	at = out.waitFor(t, at, "You: draw from the stock (both passed).")
	at = out.waitFor(t, at, "gin hand> ")
	// "drwa", rubbed out with backspaces, then draw without its card.
	type_("drwa\x7f\x7f\x7f\x7fdraw\r")
	at = out.waitFor(t, at, "Which card did Ann draw? ")
	type_("Tc\r")
	at = out.waitFor(t, at, "gin hand> ")
	type_("throw Tc\r")
	at = out.waitFor(t, at, "gin hand> ")
	type_("bob draw throw Qh\r")
	at = out.waitFor(t, at, "Advice:")
	at = out.waitFor(t, at, "gin hand> ")
	type_("quit\r")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("gin hand: %v\n%s", err, out.String())
	}
	text, _ := os.ReadFile(filepath.Join(dir, "gin-hand.txt"))
	if want := "Ann pass\nBob pass\nAnn draw Tc\nAnn throw Tc\nBob draw throw Qh\n"; !strings.HasSuffix(string(text), want) {
		t.Errorf("the record ends\n%s\nwant\n%s", text, want)
	}
	_ = at
}

// teeReader copies what it reads from r to w.
type teeReader struct {
	r *os.File
	w *screen
}

func (t teeReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	_, _ = t.w.Write(p[:n])
	return n, err
}

// Ctrl-C at the prompt cancels the line typed and asks again, however wide
// the terminal: 80 columns, where liner edits the line and takes the key
// itself; 15, narrower than the prompt and liner's ten columns to work in,
// and 0, as some containers report, where liner leaves the terminal in its
// own mode and Ctrl-C is an interrupt that ended gin hand.
func TestHandPromptCtrlCCancelsTheLine(t *testing.T) {
	t.Parallel() // waits on gin at the terminal
	for _, cols := range []uint16{80, 15, 0} {
		t.Run(fmt.Sprint(cols, " columns"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if r := runIn(t, dir, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
				t.Fatal(r.stderr)
			}
			master, tty := openPTY(t)
			size := [4]uint16{24, cols, 0, 0} // rows, columns, and no pixels
			if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, tty.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&size))); e != 0 {
				t.Skipf("no window size: %v", e)
			}
			cmd := exec.Command(os.Args[0], "hand", "--samples", "200", "--playouts", "50")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIN_TEST_RUN_APP=1", "TERM=xterm", "NO_COLOR=1")
			cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
			// The terminal is gin's own, as a shell's would be, so that
			// Ctrl-C is an interrupt where the terminal's mode makes it one.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var out screen
			go func() { _, _ = bytes.NewBuffer(nil).ReadFrom(teeReader{master, &out}) }()
			type_ := func(s string) { _, _ = master.Write([]byte(s)) }
			at := out.waitFor(t, 0, "gin hand> ")
			type_("bob pass\x03")
			at = out.waitFor(t, at, "gin hand> ")
			type_("pass\r")
			at = out.waitFor(t, at, "gin hand> ")
			type_("quit\r")
			waitEnded(t, cmd, &out, "quit")
			text, _ := os.ReadFile(filepath.Join(dir, "gin-hand.txt"))
			if !strings.HasSuffix(string(text), "\nAnn pass\n") {
				t.Errorf("the record ends\n%s\nwant Ann's pass last, and no line cancelled", text)
			}
			_ = at
		})
	}
}

// promptAtTheDrawnCard starts a hand (Ann's, Bob dealt) in a folder of
// its own and gin hand's prompt at a terminal, where both pass the first
// upcard and Ann draws: the prompt asks which card she drew. It returns gin
// running, its screen, a way to type at it and where the question ends.
func promptAtTheDrawnCard(t *testing.T) (cmd *exec.Cmd, out *screen, type_ func(string), at int) {
	t.Helper()
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	master, tty := openPTY(t)
	cmd, out = ginAtPTY(t, master, tty, "hand", "--samples", "200", "--playouts", "50")
	type_ = func(s string) { _, _ = master.Write([]byte(s)) }
	at = out.waitFor(t, 0, "gin hand> ")
	type_("pass\r")
	at = out.waitFor(t, at, "gin hand> ")
	type_("bob pass\r")
	at = out.waitFor(t, at, "gin hand> ")
	type_("draw\r")
	return cmd, out, type_, out.waitFor(t, at, "Which card did Ann draw? ")
}

// The question for the card drawn takes a rank and a suit split by a space
// (T c), and asks again, saying why, after an answer that is no card: it
// dropped both, and the draw typed with them.
func TestHandPromptCardQuestionAsksAgain(t *testing.T) {
	cmd, out, type_, at := promptAtTheDrawnCard(t)
	type_("x\r")
	at = out.waitFor(t, at, `"x"`)
	at = out.waitFor(t, at, "Which card did Ann draw? ")
	type_("\r")
	at = out.waitFor(t, at, "no card given")
	at = out.waitFor(t, at, "Which card did Ann draw? ")
	type_("T c\r")
	at = out.waitFor(t, at, "gin hand> ")
	type_("quit\r")
	waitEnded(t, cmd, out, "quit")
	text, _ := os.ReadFile("gin-hand.txt")
	if want := "\nBob pass\nAnn draw Tc\n"; !strings.HasSuffix(string(text), want) {
		t.Errorf("the record ends\n%s\nwant it to end%s", text, want)
	}
	_ = at
}

// Ctrl-D at the prompt, and at the question for a card drawn, ends the
// line: gin hand left the cursor after its prompt, where the shell's own
// prompt then landed.
func TestHandPromptCtrlDEndsTheLine(t *testing.T) {
	cmd, out, type_, at := promptAtTheDrawnCard(t)
	type_("\x04")
	at = out.waitFor(t, at, "\n")
	at = out.waitFor(t, at, "gin hand> ")
	type_("\x04")
	waitEnded(t, cmd, out, "Ctrl-D")
	// The screen's last bytes come through the terminal after gin ends.
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(out.String()[at:], "\n") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if rest := out.String()[at:]; !strings.Contains(rest, "\n") {
		t.Errorf("after the last prompt the screen shows %q: want the line ended", rest)
	}
}
