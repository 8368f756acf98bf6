package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
)

// Every command builds its flags afresh: urfave/cli flags keep state, and
// tests run many apps side by side.

// outputFlags are the flags every command has: --json, which prints what
// jsonUsage says, and --color.
func outputFlags(jsonUsage string) []cli.Flag {
	return []cli.Flag{
		boolFlag("json", jsonUsage),
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the output: `WHEN` is auto, always or never (auto honours NO_COLOR)"},
			values:     colorValues,
		},
	}
}

// plainFlag is --plain, for the commands that print cards.
func plainFlag() cli.Flag {
	return boolFlag("plain", "print cards in canonical ASCII notation (Th, Kc)")
}

// boolFlag is a flag that is off unless given.
func boolFlag(name, usage string) *cli.BoolFlag {
	return &cli.BoolFlag{Name: name, Usage: usage, DisableDefaultText: true}
}

// knockFlags are the flags that set the knock limit: --rules, --knock-limit, --upcard.
func knockFlags() []cli.Flag {
	return []cli.Flag{
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "rules", Value: ginrummy.DefaultRules().Name, Usage: "rules preset `NAME` or YAML rules FILE (see gin rules)", TakesFile: true},
			values:     presetValues,
		},
		&cli.IntFlag{Name: "knock-limit", Usage: "the most deadwood a knock may have, `N`", DefaultText: "the rules' limit"},
		&cli.StringFlag{Name: "upcard", Usage: "the upcard, `CARD`, which sets the knock limit under rules like oklahoma"},
	}
}

// knockLimit resolves the knock limit from --rules, --knock-limit and --upcard.
func knockLimit(c *cli.Context) (int, error) {
	rules, err := sheets.LoadRules(c.String("rules"))
	if err != nil {
		return 0, fmt.Errorf("--rules: %w", err)
	}
	upcard := ginrummy.NoCard
	if c.IsSet("upcard") {
		if !rules.UpcardLimit {
			return 0, fmt.Errorf("--upcard: the %s rules do not take the knock limit from the upcard (try --rules oklahoma)", rules.Name)
		}
		text := strings.TrimSpace(c.String("upcard"))
		if upcard, err = ginrummy.ParseCard(text); err != nil {
			var perr *ginrummy.ParseError
			if errors.As(err, &perr) {
				perr.Pos = 0 // one card: its position says nothing
			}
			return 0, fmt.Errorf("--upcard %q: %w", text, err)
		}
	}
	if c.IsSet("knock-limit") {
		if c.IsSet("upcard") {
			return 0, errors.New("--knock-limit and --upcard both set the knock limit: give one")
		}
		n := c.Int("knock-limit")
		if n < 0 {
			return 0, fmt.Errorf("--knock-limit %d: the limit cannot be negative", n)
		}
		return n, nil
	}
	limit, err := rules.KnockLimitFor(upcard)
	if errors.Is(err, ginrummy.ErrNeedUpcard) {
		return 0, fmt.Errorf("the %s rules take the knock limit from the upcard: give --upcard CARD", rules.Name)
	}
	return limit, err
}
