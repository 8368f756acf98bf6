package commands

import (
	"errors"
	"fmt"
	"math"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/arena"
	"github.com/gin-rummy/gin/ginrummy/bots"
	gametable "github.com/gin-rummy/gin/ginrummy/table"
)

func arenaCommand() *cli.Command {
	names := bots.Names()
	flags := append(outputFlags("print the results as one JSON object"),
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "bots", Usage: "the two bots, `A,B`: " + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]},
			values:     botValues,
		},
		numberFlag("games", "games to play, an even `N` (default 1000): each deal is played twice, the seats swapped"),
		numberFlag("seed", "the seed of the deals, `N` (default 1): the same seed, the same games"),
		boolFlag("calibration", "compare the advise bot's predicted undercut chances with what happened"),
		numberFlag("samples", "the advise bot's opponent hands sampled per knock, `N` (default 1000)"),
		numberFlag("playouts", fmt.Sprintf("the advise bot's plays of the rest of the hand per option on average, `N` (default %d, as gin advise)", advice.DefaultPlayouts)),
		&cli.StringFlag{Name: "record", Usage: "write every hand played as a complete hand record in the folder `DIR`, for gin review", TakesFile: true},
	)
	flags = append(flags, ruleFlags(func(ruleField) bool { return true })...)
	return &cli.Command{
		Name:  "arena",
		Usage: "play bots against each other: win rates, knocks, calibration",
		Description: describe("Plays whole games between two built-in bots and reports how each did: games won with a\n"+
			"95% interval, hands won, gins, knocks, undercuts and the time per decision. Every deal is\n"+
			"played twice with the seats swapped, so the luck of the cards cancels. --calibration\n"+
			"compares the undercut chances the advise bot predicted when it knocked with what happened,\n"+
			"in all and by the hand's number in the game.\n"+
			"Ctrl-C stops within a moment and prints the results of the deals played in both seats; a\n"+
			"second Ctrl-C ends gin at once. A game still going after "+thousands(gametable.MaxHands)+" hands is left unfinished:\n"+
			"its hands count, its deal is left out of the win rates. Arena games never touch score sheets.",
			example{"the baseline against itself: each wins half", "gin arena --bots simple,simple --games 1000"},
			example{"the advice against the baseline, with calibration", "gin arena --bots advise,simple --games 200 --calibration"},
		),
		Flags:  flags,
		Action: runArena,
	}
}

// botValues are the values of --bots.
func botValues() []candidate {
	var out []candidate
	for _, name := range bots.Names() {
		out = append(out, candidate{name, bots.About(name)})
	}
	return out
}

func runArena(c *cli.Context) error {
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	if c.Args().Present() {
		return fmt.Errorf("arena: unexpected argument %q (see gin arena --help)", c.Args().First())
	}
	names := strings.Split(c.String("bots"), ",")
	if !c.IsSet("bots") || len(names) != 2 {
		return errors.New("arena: name two bots: --bots A,B (" + strings.Join(bots.Names(), ", ") + ")")
	}
	cfg := arena.Config{Games: 1000, Seed: 1}
	advise := bots.AdviseOptions{Samples: 1000, Playouts: advice.DefaultPlayouts}
	var botNames [2]string
	for i, name := range names {
		botNames[i] = strings.ToLower(strings.TrimSpace(name)) // as presets and cards, in any case
		if _, err := bots.New(botNames[i], advise); err != nil {
			return withSuggestion(fmt.Errorf("--bots: %w", err), botNames[i], bots.Names()...)
		}
	}
	for _, f := range []struct {
		name     string
		into     *int
		min, max int
		what     string
	}{
		{"games", &cfg.Games, 2, 10_000_000, "an even number from "},
		{"samples", &advise.Samples, 1, 1_000_000, ""},
		{"playouts", &advise.Playouts, 1, 100_000, ""},
	} {
		if c.IsSet(f.name) {
			if *f.into = number(c, f.name); *f.into < f.min || *f.into > f.max {
				return fmt.Errorf("--%s %d: give %s%d to %s", f.name, *f.into, f.what, f.min, thousands(f.max))
			}
		}
	}
	if cfg.Games%2 == 1 {
		return fmt.Errorf("--games %d: give an even number, as each deal is played twice, the seats swapped", cfg.Games)
	}
	if !slices.ContainsFunc(botNames[:], bots.PlaysByAdvice) {
		for _, name := range []string{"samples", "playouts", "calibration"} {
			if c.IsSet(name) {
				return fmt.Errorf("--%s is for the advise bot, and neither bot is advise or advise-hand (--bots advise,%s)", name, botNames[1])
			}
		}
	}
	for i, name := range botNames {
		cfg.Players[i] = botPlayer(name, advise)
	}
	if c.IsSet("seed") {
		cfg.Seed = uint64(number(c, "seed"))
	}
	if cfg.Rules, err = readRuleArgs(c).rules(); err != nil {
		return err
	}
	if c.IsSet("record") {
		if cfg.Record, err = arenaRecorder(c.String("record"), cfg); err != nil {
			return err
		}
	}
	var bar *progress // wiped before the results, stopped or not, are printed
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C ends gin at once, as it ends any program
	}()
	if render.IsTerminal(c.App.ErrWriter) && !c.Bool("json") {
		bar = newProgressOn(c.App.ErrWriter, cfg.Games, "games")
		cfg.Progress = func() { bar.Add(1) }
	}
	res, err := arena.Run(ctx, cfg)
	bar.Finish()
	if err != nil {
		return err
	}
	if c.Bool("json") {
		if err = render.WriteJSON(c.App.Writer, arenaJSONOf(res, c.Bool("calibration"))); err == nil && res.Interrupted {
			err = exitStatus(ExitInterrupted)
		}
		return err
	}
	if err = render.WriteTo(c.App.Writer, s.appendArena(nil, res, cfg.Games, c.Bool("calibration"))); err == nil && res.Interrupted {
		err = exitStatus(ExitInterrupted)
	}
	return err
}

// botPlayer is a bot as a player of the arena, named by its name; the
// advise bot plays with the effort of opts, seeded by the game's seat, and
// the mixed bot by the game's deal.
func botPlayer(name string, opts bots.AdviseOptions) arena.Player {
	return arena.Player{Name: name, Sit: func(s arena.Seating) gametable.Player {
		o := opts
		o.Seed, o.Knocked, o.Context, o.Met, o.DealSeed = o.Seed^s.Seed, s.Knocked, s.Context, s.Met, s.DealSeed
		p, err := bots.New(name, o)
		if err != nil {
			return nil // the name was checked with --bots, and New refuses only names
		}
		return p
	}}
}

// appendArena writes the results of a run of games as a table, then the
// calibration.
func (s *style) appendArena(b []byte, res arena.Result, games int, calibration bool) []byte {
	switch {
	case res.Interrupted && res.Games == 0:
		b = s.appendProse(b, "Stopped: the results so far. There are none: no deal was played in both seats before it stopped (games cut short are left out).")
	case res.Interrupted:
		b = s.appendProse(b, fmt.Sprintf("Stopped: the results so far. They are those of the first %s deals, each played in both seats: %s of the %s games (games cut short are left out).",
			thousands(res.Games/2), thousands(res.Games), thousands(games)))
	}
	rate := 0.0
	if secs := res.Elapsed.Seconds(); secs > 0 {
		rate = float64(res.Games) / secs
	}
	b = fmt.Appendf(b, "%d games in %.1f s (%.0f a second)\n", res.Games, res.Elapsed.Seconds(), rate)
	if res.Unfinished > 0 {
		unfinished := fmt.Sprintf("%s %s reached the %s-hand limit unfinished, with no winner", thousands(res.Unfinished),
			render.Plural(res.Unfinished, "game", "games"), thousands(gametable.MaxHands))
		if res.Ended == 0 {
			b = s.appendProse(b, unfinished+", and no deal ended in both seats: there are no win rates. Every hand played is counted.")
		} else {
			b = s.appendProse(b, fmt.Sprintf("%s. The win rates leave out the deals they were dealt from (%s games), so that the luck of the cards still cancels; every hand played is counted.",
				unfinished, thousands(res.Games-res.Ended)))
		}
	}
	b = append(b, '\n')
	t := render.Table{Head: []string{"bot", "wins", "win rate", "95% interval", "hands won", "gins", "knocks", "undercut", "per decision"},
		Right: []bool{false, true, true, true, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	for i, bot := range res.Bots {
		ci := bot.CI95(res.Ended)
		name := bot.Name
		if res.Bots[0].Name == res.Bots[1].Name {
			name = fmt.Sprintf("%s (%d)", name, i+1)
		}
		rate, interval := "–", "–"
		if res.Ended > 0 {
			rate, interval = fmt.Sprintf("%.1f%%", 100*bot.WinRate(res.Ended)), fmt.Sprintf("%.1f–%.1f%%", 100*ci[0], 100*ci[1])
		}
		t.Rows = append(t.Rows, []render.Cell{
			{Text: name}, {Text: fmt.Sprint(bot.Wins)}, {Text: rate},
			{Text: interval}, {Text: fmt.Sprint(bot.HandsWon)}, {Text: fmt.Sprint(bot.Gins + bot.BigGins)},
			{Text: fmt.Sprint(bot.Knocks)}, {Text: fmt.Sprint(bot.Undercut)}, {Text: decisionTime(bot.PerDecision())},
		})
	}
	b = t.AppendTo(b)
	for i, bot := range res.Bots {
		if bot.Forfeits > 0 {
			name := bot.Name
			if res.Bots[0].Name == res.Bots[1].Name {
				name = fmt.Sprintf("%s (%d)", name, i+1)
			}
			moves := render.Plural(bot.Forfeits, "illegal move", "illegal moves, the first")
			b = s.appendProse(append(b, '\n'), fmt.Sprintf("%s %s forfeited by %s: %s: %s; the other player won %s.",
				thousands(bot.Forfeits), render.Plural(bot.Forfeits, "game", "games"), name, moves, bot.Illegal, render.Plural(bot.Forfeits, "it", "them")))
		}
	}
	if !calibration {
		return b
	}
	cal := res.Calibration()
	b = append(b, '\n')
	if cal.Knocks == 0 {
		return append(b, "Calibration: no knocks by the advise bot.\n"...)
	}
	b = fmt.Appendf(b, "Calibration of the advise bot's undercut chance over %d knocks:\nexpected calibration error %.1f points\n", cal.Knocks, 100*cal.ECE())
	b = s.appendBins(b, cal)
	// Split only when both kinds of knock were made: a chance said while
	// the opponent's style was unknown is a mixture of two styles, true of
	// neither (docs/arena.md).
	if res.StyleKnown.Knocks > 0 && res.StyleUnknown.Knocks > 0 {
		for _, part := range []struct {
			what string
			cal  arena.Calibration
		}{
			{"the opponent's style known", res.StyleKnown},
			{"the opponent's style not yet known (the chance a mixture of a player who knocks early and one who waits)", res.StyleUnknown},
		} {
			b = s.appendProse(append(b, '\n'), fmt.Sprintf("Of them, %s: %s %s, expected calibration error %.1f points", part.what, thousands(part.cal.Knocks), render.Plural(part.cal.Knocks, "knock", "knocks"), 100*part.cal.ECE()))
			b = s.appendBins(b, part.cal)
		}
	}
	return s.appendByHand(b, res.ByHand)
}

// handGroups name the groups of arena.Result.ByHand (arena.HandGroup).
var handGroups = [arena.HandGroups]string{"the first hand of the game", "the second hand of the game", "the third hand of the game", "the fourth hand of the game or later"}

// appendByHand writes the knocks by the number of their hand in the game,
// each group with its error and its bins: how soon the bot has learnt the
// player it meets at a game's start (docs/arena.md).
func (s *style) appendByHand(b []byte, byHand [arena.HandGroups]arena.Calibration) []byte {
	if !slices.ContainsFunc(byHand[:], func(c arena.Calibration) bool { return c.Knocks > 0 }) {
		return b
	}
	for i, c := range byHand {
		what := "Of them, at " + handGroups[i]
		if c.Knocks == 0 {
			b = s.appendProse(append(b, '\n'), what+": no knocks")
			continue
		}
		b = s.appendProse(append(b, '\n'), fmt.Sprintf("%s: %s %s, expected calibration error %.1f points", what, thousands(c.Knocks), render.Plural(c.Knocks, "knock", "knocks"), 100*c.ECE()))
		b = s.appendBins(b, c)
	}
	return b
}

// appendBins writes each bin of a calibration that has knocks: its count,
// the chance said on average, the share undercut, and the gap between what
// happened and what was said, in points, so that a bin far off can be read
// at a glance and weighed by its knocks (issue 23: bins of 100 knocks or
// more within 5 points); and the spread, in points, the typical gap a right
// model shows by the luck of the cards alone (arena.Bin.Spread).
func (s *style) appendBins(b []byte, cal arena.Calibration) []byte {
	ct := render.Table{Head: []string{"predicted", "knocks", "mean predicted", "undercut", "gap", "spread"}, Right: []bool{false, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	for _, bin := range cal.Bins {
		if bin.Knocks == 0 {
			continue
		}
		ct.Rows = append(ct.Rows, []render.Cell{{Text: fmt.Sprintf("%.0f–%.0f%%", 100*bin.Low, 100*bin.High)}, {Text: fmt.Sprint(bin.Knocks)},
			{Text: fmt.Sprintf("%.1f%%", 100*bin.MeanPredicted())}, {Text: fmt.Sprintf("%.1f%%", 100*bin.Observed())},
			{Text: fmt.Sprintf("%+.1f", 100*(bin.Observed()-bin.MeanPredicted()))}, {Text: fmt.Sprintf("±%.1f", 100*bin.Spread())}})
	}
	return ct.AppendTo(b)
}

// appendProse appends text wrapped to the output's width at its spaces.
func (s *style) appendProse(b []byte, text string) []byte {
	for _, line := range render.WrapWords(text, s.Width, s.Width) {
		b = append(append(b, line...), '\n')
	}
	return b
}

// decisionTime writes a duration to three figures.
func decisionTime(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d.Nanoseconds())/1e3)
	}
	return fmt.Sprintf("%.1f ms", float64(d.Nanoseconds())/1e6)
}

// The JSON of gin arena, as ADVICE.md gives it.
type (
	arenaJSON struct {
		Games       int              `json:"games"`
		Ended       int              `json:"ended"`
		Unfinished  int              `json:"unfinished"`
		Seconds     float64          `json:"seconds"`
		Interrupted bool             `json:"interrupted"`
		Bots        []arenaBotJSON   `json:"bots"`
		Calibration *calibrationJSON `json:"calibration,omitempty"`
	}
	arenaBotJSON struct {
		Name          string     `json:"name"`
		Wins          int        `json:"wins"`
		WinRate       float64    `json:"win_rate"`
		CI95          [2]float64 `json:"ci95"`
		HandsWon      int        `json:"hands_won"`
		Gins          int        `json:"gins"`
		BigGins       int        `json:"big_gins"`
		Knocks        int        `json:"knocks"`
		Undercut      int        `json:"undercut"`
		Decisions     int        `json:"decisions"`
		DecisionNanos int64      `json:"ns_per_decision"`
		Forfeits      int        `json:"forfeits"`
		Illegal       string     `json:"illegal,omitempty"`
	}
	calibrationJSON struct {
		Knocks int       `json:"knocks"`
		ECE    *float64  `json:"ece"`
		Bins   []binJSON `json:"bins"`
		// The same knocks by whether the opponent's style was known
		// when the chance was said; in the whole's object only.
		StyleKnown   *calibrationJSON `json:"style_known,omitempty"`
		StyleUnknown *calibrationJSON `json:"style_unknown,omitempty"`
		// The same knocks by the number of their hand in the game; in
		// the whole's object only.
		ByHand *byHandJSON `json:"by_hand,omitempty"`
	}
	byHandJSON struct {
		First  *calibrationJSON `json:"first"`
		Second *calibrationJSON `json:"second"`
		Third  *calibrationJSON `json:"third"`
		Later  *calibrationJSON `json:"later"`
	}
	binJSON struct {
		Low       float64 `json:"low"`
		High      float64 `json:"high"`
		Knocks    int     `json:"knocks"`
		Predicted float64 `json:"predicted"`
		Observed  float64 `json:"observed"`
		Spread    float64 `json:"spread"`
	}
)

func arenaJSONOf(res arena.Result, calibration bool) arenaJSON {
	j := arenaJSON{Games: res.Games, Ended: res.Ended, Unfinished: res.Unfinished, Seconds: round(res.Elapsed.Seconds(), 3), Interrupted: res.Interrupted}
	for _, b := range res.Bots {
		ci := b.CI95(res.Ended)
		j.Bots = append(j.Bots, arenaBotJSON{
			Name: b.Name, Wins: b.Wins, WinRate: round(b.WinRate(res.Ended), 4), CI95: [2]float64{round(ci[0], 4), round(ci[1], 4)},
			HandsWon: b.HandsWon, Gins: b.Gins, BigGins: b.BigGins, Knocks: b.Knocks, Undercut: b.Undercut,
			Decisions: b.Decisions, DecisionNanos: b.PerDecision().Nanoseconds(), Forfeits: b.Forfeits, Illegal: b.Illegal,
		})
	}
	if calibration {
		j.Calibration = calibrationJSONOf(res.Calibration())
		j.Calibration.StyleKnown, j.Calibration.StyleUnknown = calibrationJSONOf(res.StyleKnown), calibrationJSONOf(res.StyleUnknown)
		j.Calibration.ByHand = &byHandJSON{calibrationJSONOf(res.ByHand[0]), calibrationJSONOf(res.ByHand[1]), calibrationJSONOf(res.ByHand[2]), calibrationJSONOf(res.ByHand[3])}
	}
	return j
}

func calibrationJSONOf(cal arena.Calibration) *calibrationJSON {
	cj := &calibrationJSON{Knocks: cal.Knocks, Bins: []binJSON{}}
	if e := cal.ECE(); !math.IsNaN(e) {
		e = round(e, 4)
		cj.ECE = &e
	}
	for _, bin := range cal.Bins {
		if bin.Knocks > 0 {
			cj.Bins = append(cj.Bins, binJSON{round(bin.Low, 2), round(bin.High, 2), bin.Knocks, round(bin.MeanPredicted(), 4), round(bin.Observed(), 4), round(bin.Spread(), 4)})
		}
	}
	return cj
}
