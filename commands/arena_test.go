package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestArenaCommand(t *testing.T) {
	t.Parallel()
	r := run(t, "", "arena", "--bots", "simple,simple", "--games", "100", "--json")
	var got struct {
		Games, Ended, Unfinished int
		Bots                     []struct {
			Name    string
			Wins    int
			WinRate float64 `json:"win_rate"`
			CI95    [2]float64
			Knocks  int
		}
		Calibration *struct{} `json:"calibration"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil {
		t.Fatalf("arena --json: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	if got.Games != 100 || got.Ended != 100 || got.Unfinished != 0 || len(got.Bots) != 2 || got.Bots[0].Wins != 50 || got.Bots[1].Wins != 50 || got.Bots[0].WinRate != 0.5 ||
		!(got.Bots[0].CI95[0] < 0.5 && got.Bots[0].CI95[1] > 0.5) || got.Calibration != nil {
		t.Errorf("simple v simple, mirrored: %+v", got)
	}
	r = run(t, "", "arena", "--bots", "Advise,SIMPLE", "--games", "2", "--samples", "100", "--playouts", "10", "--calibration")
	if r.code != 0 || !strings.Contains(r.stdout, "2 games in") || !strings.Contains(r.stdout, "advise") || !strings.Contains(r.stdout, "Calibration") {
		t.Errorf("arena advise,simple --calibration: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, tt := range []struct{ args, want string }{
		{"arena", "name two bots: --bots A,B"},
		{"arena --bots simple", "name two bots"},
		{"arena --bots simple,clever", `--bots: unknown bot "clever"`},
		{"arena --bots advise,simpel", `--bots: unknown bot "simpel": the bots are simple, knocker, gin-hunter, mixed, advise, advise-hand; did you mean "simple"?`},
		{"arena --bots simple,simple --games 0", "--games 0: give an even number from 2 to 10,000,000"},
		{"arena --bots advise,simple --samples 0", "--samples 0: give 1 to 1,000,000"},
		{"arena --bots simple,simple --rules bridge", "bridge"},
		{"arena --bots simple,simple --games 201", "--games 201: give an even number"},
		{"arena --bots simple,knocker --samples 10", "--samples is for the advise bot, and neither bot is advise"},
		{"arena --bots simple,knocker --calibration", "--calibration is for the advise bot"},
	} {
		r := run(t, "", shellFields(tt.args)...)
		if r.code != ExitError || r.stdout != "" || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("gin %s: exit %d, stdout %q, stderr %q; want %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// Stopped by Ctrl-C, the arena prints the results so far, says it stopped,
// and exits 130 as an interrupted command does.
func TestArenaInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, asJSON := range []bool{false, true} {
		app := testApp()
		var stdout, stderr bytes.Buffer
		app.Writer, app.ErrWriter = &stdout, &stderr
		args := []string{"gin", "arena", "--bots", "simple,simple", "--games", "100000"}
		if asJSON {
			args = append(args, "--json")
		}
		err := app.RunContext(ctx, args)
		want := "Stopped: the results so far."
		if asJSON {
			want = `"interrupted":true`
		}
		if code := ExitCode(err); code != ExitInterrupted || !strings.Contains(stdout.String(), want) || stderr.Len() != 0 {
			t.Errorf("json %v: exit %d, stdout %q, stderr %q; want exit 130 and %q", asJSON, code, stdout.String(), stderr.String(), want)
		}
	}
}

// A game that reaches the engine's 1,000-hand limit is reported as such,
// with the results: simple against itself cannot reach 10,000 in 1,000
// hands (ginrummy/arena's TestUnfinishedGames says why), where gin arena
// said only "the game did not end" and threw the run away.
func TestArenaHandLimit(t *testing.T) {
	t.Parallel()
	r := run(t, "", "arena", "--bots", "simple,simple", "--games", "2", "--target", "10000")
	if r.code != 0 || !strings.Contains(r.stdout, "2 games reached the 1,000-hand limit unfinished, with no winner") ||
		!strings.Contains(r.stdout, "no win rates") || !strings.Contains(r.stdout, "2 games in") {
		t.Errorf("arena --target 10000: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// A run's knocks by the number of their hand add up to the whole, in the
// JSON: the advise bot against the mixed bot, at little effort.
func TestArenaByHandAddsUp(t *testing.T) {
	t.Parallel()
	r := run(t, "", "arena", "--bots", "advise,mixed", "--games", "2", "--samples", "50", "--playouts", "4", "--seed", "3", "--calibration", "--json")
	type cal struct {
		Knocks int
		Bins   []struct{ Knocks int }
	}
	var got struct {
		Calibration struct {
			Knocks int
			ByHand map[string]cal `json:"by_hand"`
		}
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil {
		t.Fatalf("arena advise,mixed --json: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	sum := 0
	for _, name := range []string{"first", "second", "third", "later"} {
		c, ok := got.Calibration.ByHand[name]
		inBins := 0
		for _, b := range c.Bins {
			inBins += b.Knocks
		}
		if !ok || inBins != c.Knocks {
			t.Errorf("by_hand %q: %+v (listed %v)", name, c, ok)
		}
		sum += c.Knocks
	}
	if got.Calibration.Knocks == 0 || sum != got.Calibration.Knocks || len(got.Calibration.ByHand) != 4 {
		t.Errorf("%d knocks in all, %d by hand (%v)", got.Calibration.Knocks, sum, got.Calibration.ByHand)
	}
}
