package commands

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns both ends.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { _ = master.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("no pseudo-terminal: unlock: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("no pseudo-terminal: %v", e)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { _ = tty.Close() })
	return master, tty
}

func TestAnalyzeTerminalStdinShowsHelp(t *testing.T) {
	t.Parallel()
	_, tty := openPTY(t)
	for _, args := range [][]string{{"analyze"}, {"analyze", "--check"}, {"analyze", "--json"}} {
		app := testApp()
		var stdout, stderr bytes.Buffer
		app.Reader, app.Writer, app.ErrWriter = tty, &stdout, &stderr
		err := app.Run(append([]string{"gin"}, args...))
		if stdout.Len() != 0 || !strings.Contains(stderr.String(), "gin analyze [command options] [CARDS...]") || ExitCode(err) != ExitError {
			t.Errorf("gin %q on a terminal: stdout %q, stderr %q, exit %d; want help on stderr and exit 2",
				args, stdout.String(), stderr.String(), ExitCode(err))
		}
	}
}

// It runs alone, not in parallel: it sets $NO_COLOR and $TERM (t.Setenv),
// which the process shares.
func TestColorAutoOnTerminal(t *testing.T) {
	tests := []struct {
		noColor, term string
		want          bool
	}{
		{"", "xterm", true},
		{"1", "xterm", false},
		{"", "dumb", false},
	}
	for _, tt := range tests {
		t.Setenv("NO_COLOR", tt.noColor)
		t.Setenv("TERM", tt.term)
		master, tty := openPTY(t)
		app := testApp()
		var stderr bytes.Buffer
		app.Reader, app.Writer, app.ErrWriter = strings.NewReader(""), tty, &stderr
		if err := app.Run([]string{"gin", "analyze", "7h", "8h", "9h"}); err != nil {
			t.Fatal(err, stderr.String())
		}
		buf := make([]byte, 4096)
		n, err := master.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(buf[:n], []byte("\x1b[31m")); got != tt.want {
			t.Errorf("NO_COLOR=%q TERM=%q on a terminal: colour %v, want %v: %q", tt.noColor, tt.term, got, tt.want, buf[:n])
		}
	}
}

// ginAtPTY starts gin with args at the terminal tty, whose other end is
// master, and returns it and the screen it writes to.
func ginAtPTY(t *testing.T, master, tty *os.File, args ...string) (*exec.Cmd, *screen) {
	t.Helper()
	return ginAtPTYIn(t, "", master, tty, args...)
}

// ginAtPTYIn is ginAtPTY in the folder dir, for a test that runs beside
// others and so cannot move to a folder of its own.
func ginAtPTYIn(t *testing.T, dir string, master, tty *os.File, args ...string) (*exec.Cmd, *screen) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIN_TEST_RUN_APP=1", "TERM=xterm", "NO_COLOR=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := &screen{}
	go func() { _, _ = bytes.NewBuffer(nil).ReadFrom(teeReader{master, out}) }()
	return cmd, out
}

// waitExit waits for cmd to end, at most limit; a command still running
// then is killed, and ended is false.
func waitExit(cmd *exec.Cmd, limit time.Duration) (err error, ended bool) {
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		return err, true
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		return nil, false
	}
}

// waitEnded fails the test unless gin, told to end by what (quit, Ctrl-D),
// ends within ten seconds, and without an error.
func waitEnded(t *testing.T, cmd *exec.Cmd, out *screen, what string) {
	t.Helper()
	switch err, ended := waitExit(cmd, 10*time.Second); {
	case !ended:
		t.Fatalf("gin hand still running after %s:\n%s", what, out.String())
	case err != nil:
		t.Fatalf("gin hand: %v\n%s", err, out.String())
	}
}
