package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C stops gin review within a moment and prints what was done: here,
// before the first record was done, a line that says so and nothing else;
// the exit status says it was interrupted.
func TestReviewCtrlCKeepsWhatIsDone(t *testing.T) {
	t.Parallel() // waits on another program and the clock: overlap it
	dir := t.TempDir()
	for _, name := range []string{"hand-1.txt", "hand-2.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(ginThrownAway()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close() }()
	// At 100,000 play-outs an option a position takes seconds: the review
	// is under way, and no record done, when Ctrl-C comes.
	cmd := startArena(t, "review --playouts 100000 "+dir, w)
	_ = w.Close()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	limit := 2 * time.Second
	if raceOn {
		limit = 20 * time.Second
	}
	state, took := waitFor(t, cmd, limit)
	if state == nil {
		t.Fatalf("gin review still running %v after Ctrl-C", limit)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(r); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	// Stopped before any record was done: said so, with no table of no
	// one's decisions, nor a yardstick of nothing measured.
	if state.ExitCode() != ExitInterrupted || text != "Stopped before any record was reviewed.\n" {
		t.Errorf("Ctrl-C: %v after %v, stdout %q; want exit 130 and only %q", state, took, text, "Stopped before any record was reviewed.\n")
	}
}
