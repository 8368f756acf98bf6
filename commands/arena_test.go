package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/arena"
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

// --calibration prints each bin that has knocks with its count, the chance
// said and the share undercut, and the gap between them in points: the
// issue's 208 knocks said to be undercut 24% of the time, 10 of them
// undercut (4.8%), are 19.2 points off, where a right model would be off by
// 3.0 points (the spread, √(208 × 0.24 × 0.76) ÷ 208) by the luck of the cards.
func TestArenaCalibrationBins(t *testing.T) {
	t.Parallel()
	var res arena.Result
	res.Games, res.Ended = 2, 2
	res.Bots[0].Name, res.Bots[1].Name = "advise", "simple"
	bins := &res.StyleKnown.Bins // the whole, as no knock was made with the style unknown
	for range 400 {
		res.StyleKnown.Add(0.05, false) // 5% said
	}
	bins[0].Undercut = 24 // 6% undercut
	for range 208 {
		res.StyleKnown.Add(0.24, false)
	}
	bins[2].Undercut = 10
	out := string((&style{width: 100}).appendArena(nil, res, 2, true))
	want := [][]string{
		{"predicted", "knocks", "mean", "predicted", "undercut", "gap", "spread"},
		{"0–10%", "400", "5.0%", "6.0%", "+1.0", "±1.1"}, // √(400 × 0.05 × 0.95) ÷ 400
		{"20–30%", "208", "24.0%", "4.8%", "-19.2", "±3.0"},
	}
	lines := strings.Split(out, "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "predicted") })
	if at < 0 || len(lines) < at+len(want) {
		t.Fatalf("no calibration table:\n%s", out)
	}
	for i, w := range want {
		if got := strings.Fields(lines[at+i]); !slices.Equal(got, w) {
			t.Errorf("calibration line %d: %q, want %q\n%s", i, got, w, out)
		}
	}
	if len(lines) > at+len(want) && strings.TrimSpace(lines[at+len(want)]) != "" {
		t.Errorf("a bin without knocks is printed: %q", lines[at+len(want)])
	}
	// √(208 × 0.24 × 0.76) ÷ 208 = 0.02961, to four places.
	j := arenaJSONOf(res, true)
	if b := j.Calibration.Bins; len(b) != 2 || b[1].Spread != 0.0296 || b[1].Observed != 0.0481 {
		t.Errorf("JSON bins %+v: want the 20–30%% bin's spread 0.0296 beside its observed 0.0481", b)
	}
}

// Games forfeited by an illegal move are said under the table, with the
// first such move, and counted in the JSON.
func TestArenaForfeits(t *testing.T) {
	t.Parallel()
	var res arena.Result
	res.Games, res.Ended = 4, 4
	res.Bots[0] = arena.Bot{Name: "simple", Wins: 3}
	res.Bots[1] = arena.Bot{Name: "cheat", Wins: 1, Forfeits: 2, Illegal: "throwing A♣, which is not in the hand"}
	out := string((&style{width: 200}).appendArena(nil, res, 4, false))
	if want := "\n2 games forfeited by cheat: illegal moves, the first: throwing A♣, which is not in the hand; the other player won them.\n"; !strings.HasSuffix(out, want) {
		t.Errorf("forfeits:\n%s\nwant it to end %q", out, want)
	}
	res.Bots[1].Forfeits = 1
	if out := string((&style{width: 200}).appendArena(nil, res, 4, false)); !strings.Contains(out, "\n1 game forfeited by cheat: illegal move: throwing A♣, which is not in the hand; the other player won it.\n") {
		t.Errorf("one forfeit:\n%s", out)
	}
	res.Bots[1].Name = "simple"
	if out := string((&style{width: 200}).appendArena(nil, res, 4, false)); !strings.Contains(out, "forfeited by simple (2):") {
		t.Errorf("a forfeit by the second of two of a name:\n%s", out)
	}
	j := arenaJSONOf(res, false)
	if j.Bots[1].Forfeits != 1 || j.Bots[1].Illegal == "" || j.Bots[0].Forfeits != 0 || j.Bots[0].Illegal != "" {
		t.Errorf("JSON bots %+v", j.Bots)
	}
	var none arena.Result
	none.Bots[0].Name, none.Bots[1].Name = "simple", "knocker"
	if out := string((&style{width: 200}).appendArena(nil, none, 0, false)); strings.Contains(out, "forfeited") {
		t.Errorf("no forfeits, yet:\n%s", out)
	}
}

// With knocks made both while the opponent's style was known and while it
// was not, --calibration splits them: the same bins, a table for each.
func TestArenaCalibrationByStyle(t *testing.T) {
	t.Parallel()
	var res arena.Result
	res.Games, res.Ended = 2, 2
	res.Bots[0].Name, res.Bots[1].Name = "advise", "simple"
	set := func(c *arena.Calibration, i, knocks int, said float64, undercut int) {
		for j := range c.Bins {
			c.Bins[j].Low, c.Bins[j].High = float64(j)/arena.Bins, float64(j+1)/arena.Bins
		}
		c.Bins[i].Knocks += knocks
		c.Bins[i].Predicted += float64(knocks) * said
		c.Bins[i].Variance += float64(knocks) * said * (1 - said)
		c.Bins[i].Undercut += undercut
		c.Knocks += knocks
	}
	set(&res.StyleKnown, 2, 100, 0.24, 25)  // 24% said, 25% undercut
	set(&res.StyleUnknown, 2, 100, 0.24, 5) // 24% said, 5% undercut
	out := string((&style{width: 200}).appendArena(nil, res, 2, true))
	for _, want := range []string{
		"over 200 knocks:\nexpected calibration error 9.0 points\n",
		"Of them, the opponent's style known: 100 knocks, expected calibration error 1.0 points\n",
		"Of them, the opponent's style not yet known (the chance a mixture of a player who knocks early and one who waits): 100 knocks, expected calibration error 19.0 points\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if n := strings.Count(out, "20–30%"); n != 3 {
		t.Errorf("the 20–30%% bin in %d tables, want 3:\n%s", n, out)
	}
	j := arenaJSONOf(res, true)
	if j.Calibration.StyleKnown == nil || j.Calibration.StyleKnown.Knocks != 100 || j.Calibration.StyleUnknown == nil || j.Calibration.StyleUnknown.Bins[0].Observed != 0.05 {
		t.Errorf("JSON calibration %+v: want the split", j.Calibration)
	}
}

// --calibration splits the knocks by the number of their hand in the game,
// each group with its error and its bins, a group without knocks said so;
// in the JSON, calibration.by_hand's first, second, third and later.
func TestArenaCalibrationByHand(t *testing.T) {
	t.Parallel()
	var res arena.Result
	res.Games, res.Ended = 2, 2
	res.Bots[0].Name, res.Bots[1].Name = "advise", "mixed"
	for range 10 {
		res.StyleKnown.Add(0.05, false)
		res.ByHand[0].Add(0.05, false)
	}
	for range 4 {
		res.StyleKnown.Add(0.25, true)
		res.ByHand[3].Add(0.25, true)
	}
	out := string((&style{width: 200}).appendArena(nil, res, 2, true))
	for _, want := range []string{
		"over 14 knocks:\n",
		"\nOf them, at the first hand of the game: 10 knocks, expected calibration error 5.0 points\n",
		"\nOf them, at the second hand of the game: no knocks\n",
		"\nOf them, at the third hand of the game: no knocks\n",
		"\nOf them, at the fourth hand of the game or later: 4 knocks, expected calibration error 75.0 points\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if n := strings.Count(out, "20–30%"); n != 2 {
		t.Errorf("the 20–30%% bin in %d tables, want 2 (the whole, the later hands):\n%s", n, out)
	}
	j := arenaJSONOf(res, true).Calibration.ByHand
	if j == nil || j.First.Knocks != 10 || j.Second.Knocks != 0 || j.Second.ECE != nil || len(j.Second.Bins) != 0 || j.Third.Knocks != 0 ||
		j.Later.Knocks != 4 || len(j.Later.Bins) != 1 || j.Later.Bins[0].Observed != 1 {
		t.Errorf("JSON by_hand %+v, %+v, %+v, %+v: want 10 knocks first, none second or third, 4 later all undercut", j.First, j.Second, j.Third, j.Later)
	}
	if s := string((&style{width: 200}).appendArena(nil, arena.Result{}, 2, true)); strings.Contains(s, "hand of the game") {
		t.Errorf("no knocks, yet split by hand:\n%s", s)
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
