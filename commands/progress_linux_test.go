package commands

import (
	"context"
	"io"
	"strings"
	"testing"
)

// gin arena at a terminal shows its progress line on standard error while it
// plays, and wipes it before the results, also when it is stopped half-way:
// the results start on a clean line, not after the bar.
func TestArenaProgressAtATerminal(t *testing.T) {
	t.Parallel()
	for _, stopped := range []bool{false, true} {
		master, tty := openPTY(t)
		var out screen
		go func() { _, _ = io.Copy(&out, master) }()
		games := "40"
		if stopped {
			games = "10000000" // hours: only stopping ends it
		}
		app := testApp()
		app.Reader, app.Writer, app.ErrWriter = strings.NewReader(""), tty, tty
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel) // should the test fail before it stops the run
		done := make(chan error, 1)
		go func() {
			done <- app.RunContext(ctx, []string{"gin", "arena", "--bots", "simple,simple", "--games", games, "--color", "never"})
		}()
		out.waitFor(t, 0, "games [")
		if stopped {
			cancel()
		}
		err := <-done
		cancel()
		if want := map[bool]int{false: 0, true: ExitInterrupted}[stopped]; ExitCode(err) != want {
			t.Fatalf("stopped %v: exit %d (%v), want %d", stopped, ExitCode(err), err, want)
		}
		results := " games in "
		if stopped {
			results = "Stopped:"
		}
		end := out.waitFor(t, 0, results)
		before := out.String()[:end-len(results)]
		if !stopped {
			before = strings.TrimRight(before, "0123456789") // the number of games
		}
		if !strings.HasSuffix(before, "\r\x1b[K") {
			t.Errorf("stopped %v: the results do not start on a wiped line; the terminal got %q", stopped, out.String())
		}
	}
}
