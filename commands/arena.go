package commands

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"

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
			"second Ctrl-C ends gin at once. A game still going after "+render.Thousands(gametable.MaxHands)+" hands is left unfinished:\n"+
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
				return fmt.Errorf("--%s %d: give %s%d to %s", f.name, *f.into, f.what, f.min, render.Thousands(f.max))
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
		if err = render.WriteJSON(c.App.Writer, render.ArenaJSONOf(res, c.Bool("calibration"))); err == nil && res.Interrupted {
			err = exitStatus(ExitInterrupted)
		}
		return err
	}
	if err = render.WriteTo(c.App.Writer, s.AppendArena(nil, res, cfg.Games, c.Bool("calibration"))); err == nil && res.Interrupted {
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
