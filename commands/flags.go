package commands

import (
	"encoding"
	"errors"
	"fmt"
	"strconv"
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
	flags := ruleFlags(func(f ruleField) bool { return f.name == "knock-limit" })
	return append(flags, upcardFlag("the upcard, `CARD`, which sets the knock limit under rules like oklahoma"))
}

// knockLimit resolves the knock limit from --rules, --knock-limit and --upcard.
func knockLimit(c *cli.Context) (int, error) {
	rules, err := rulesOf(c)
	if err != nil {
		return 0, err
	}
	if c.IsSet("upcard") {
		if c.IsSet("knock-limit") {
			return 0, errors.New("--knock-limit and --upcard both set the knock limit: give one")
		}
		if !rules.UpcardLimit {
			return 0, fmt.Errorf("--upcard: the %s rules do not take the knock limit from the upcard (try --rules oklahoma)", rules.Name)
		}
	}
	upcard, err := upcardOf(c)
	if err != nil {
		return 0, err
	}
	limit, err := rules.KnockLimitFor(upcard)
	if errors.Is(err, ginrummy.ErrNeedUpcard) {
		return 0, fmt.Errorf("the %s rules take the knock limit from the upcard: give --upcard CARD", rules.Name)
	}
	return limit, err
}

// upcardFlag is --upcard, with what it does for the command.
func upcardFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "upcard", Usage: usage}
}

// oneCard reads a flag that names one card: NoCard when it is not given.
func oneCard(c *cli.Context, name string) (ginrummy.Card, error) {
	if !c.IsSet(name) {
		return ginrummy.NoCard, nil
	}
	text := strings.TrimSpace(c.String(name))
	card, err := ginrummy.ParseCard(text)
	if err != nil {
		var perr *ginrummy.ParseError
		if errors.As(err, &perr) {
			perr.Pos = 0 // one card: its position says nothing
		}
		return ginrummy.NoCard, fmt.Errorf("--%s %q: %w", name, text, err)
	}
	return card, nil
}

// upcardOf reads --upcard: NoCard when it is not given.
func upcardOf(c *cli.Context) (ginrummy.Card, error) { return oneCard(c, "upcard") }

// ruleField is a flag that overrides one field of the rules that --rules
// names, as "--rules modern --target 250" does.
type ruleField struct {
	name   string // the flag's name
	scores bool   // the field changes what a hand scores, not only how a game goes
	flag   func() cli.Flag
	set    func(c *cli.Context, spec *sheets.RulesSpec) error
}

// ruleFields lists a flag for every field of the rules, in the order of the
// fields of sheets.RulesSpec.
func ruleFields() []ruleField {
	return []ruleField{
		knockLimitField(),
		scoring(boolRule("upcard-limit", "the knock limit is the upcard's value, an ace allowing gin only, as in oklahoma; =false turns it off",
			func(s *sheets.RulesSpec) **bool { return &s.UpcardLimit })),
		scoring(intRule("gin-bonus", "the bonus for gin, `N` points", "bonus", 0,
			func(s *sheets.RulesSpec) **int { return &s.GinBonus })),
		scoring(intRule("big-gin-bonus", "the bonus for big gin (eleven cards melded), `N` points; 0 scores big gin as gin", "bonus", 0,
			func(s *sheets.RulesSpec) **int { return &s.BigGinBonus })),
		scoring(intRule("undercut-bonus", "the defender's bonus for an undercut, `N` points", "bonus", 0,
			func(s *sheets.RulesSpec) **int { return &s.UndercutBonus })),
		scoring(boolRule("tie-is-undercut", "a defender who ties the knocker's deadwood undercuts; =false gives the tie to the knocker",
			func(s *sheets.RulesSpec) **bool { return &s.TieIsUndercut })),
		intRule("box-bonus", "the box (line) bonus for each hand won, `N` points", "bonus", 0,
			func(s *sheets.RulesSpec) **int { return &s.BoxBonus }),
		intRule("game-bonus", "the bonus for winning the game, `N` points", "bonus", 0,
			func(s *sheets.RulesSpec) **int { return &s.GameBonus }),
		enumRule("shutout", "how a shutout is rewarded, `NAME`", ginrummy.ShutoutNames(),
			func(s *sheets.RulesSpec) **ginrummy.Shutout { return &s.Shutout }),
		intRule("shutout-bonus", "the bonus for a shutout under --shutout add-bonus, `N` points", "bonus", 0,
			func(s *sheets.RulesSpec) **int { return &s.ShutoutBonus }),
		enumRule("shutout-when", "what makes a game a shutout, `NAME`", ginrummy.ShutoutWhenNames(),
			func(s *sheets.RulesSpec) **ginrummy.ShutoutWhen { return &s.ShutoutWhen }),
		intRule("target", "the score that ends a game, `N`", "target", 1,
			func(s *sheets.RulesSpec) **int { return &s.Target }),
		intRule("hand-limit", "the scored hands after which a game ends anyway, `N`; 0 for none", "limit", 0,
			func(s *sheets.RulesSpec) **int { return &s.HandLimit }),
		scoring(boolRule("spade-doubles", "a spade upcard doubles the hand's score, bonuses included; =false turns it off",
			func(s *sheets.RulesSpec) **bool { return &s.SpadeDoubles })),
		intRule("columns", "the games scored at once, `N`: 1, or 3 for hollywood", "number of games", 1,
			func(s *sheets.RulesSpec) **int { return &s.Columns }),
		enumRule("dealer-rule", "who deals the next hand, `NAME`", ginrummy.DealerNames(),
			func(s *sheets.RulesSpec) **ginrummy.Dealer { return &s.Dealer }),
	}
}

// scoresHand keeps the rule flags that change what one hand scores.
func scoresHand(f ruleField) bool { return f.scores }

// ruleFlags returns --rules and the rule flags that keep keeps.
func ruleFlags(keep func(ruleField) bool) []cli.Flag {
	flags := []cli.Flag{
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "rules", Value: ginrummy.DefaultRules().Name, Usage: "rules preset `NAME` or YAML rules FILE (see gin rules)", TakesFile: true},
			values:     presetValues,
		},
	}
	for _, f := range ruleFields() {
		if keep(f) {
			flags = append(flags, f.flag())
		}
	}
	return flags
}

// ruleSpec returns the rules of the command line as a spec: the preset that
// --rules names, or a rules file's rules in full, with a field for each rule
// flag given.
func ruleSpec(c *cli.Context) (sheets.RulesSpec, error) {
	spec, err := sheets.LoadRulesSpec(c.String("rules"))
	if err != nil {
		return sheets.RulesSpec{}, fmt.Errorf("--rules: %w", presetHint(c.String("rules"), err))
	}
	for _, f := range ruleFields() {
		if c.IsSet(f.name) {
			if err := f.set(c, &spec); err != nil {
				return sheets.RulesSpec{}, err
			}
		}
	}
	return spec, nil
}

// rulesOf returns the rules of the command line: --rules and the rule flags.
func rulesOf(c *cli.Context) (ginrummy.Rules, error) {
	spec, err := ruleSpec(c)
	if err != nil {
		return ginrummy.Rules{}, err
	}
	return spec.Resolve()
}

// scoring marks a rule flag as one that changes what a hand scores.
func scoring(f ruleField) ruleField {
	f.scores = true
	return f
}

// knockLimitField is --knock-limit. A limit given on the command line is
// the limit, so it turns off a limit taken from the upcard unless
// --upcard-limit says otherwise.
func knockLimitField() ruleField {
	f := scoring(intRule("knock-limit", "the most deadwood a knock may have, `N`", "limit", 0,
		func(s *sheets.RulesSpec) **int { return &s.KnockLimit }))
	setLimit := f.set
	f.set = func(c *cli.Context, spec *sheets.RulesSpec) error {
		if c.IsSet("upcard-limit") && c.Bool("upcard-limit") {
			return errors.New("--knock-limit and --upcard-limit both set the knock limit: give one")
		}
		if err := setLimit(c, spec); err != nil {
			return err
		}
		spec.SetKnockLimit(*spec.KnockLimit)
		return nil
	}
	return f
}

// intRule is a rule flag that takes a whole number of at least least;
// what names the number in the error for one below it.
func intRule(name, usage, what string, least int, field func(*sheets.RulesSpec) **int) ruleField {
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &cli.GenericFlag{Name: name, Usage: usage, Value: new(numberValue), DefaultText: "the rules' " + what}
		},
		set: func(c *cli.Context, spec *sheets.RulesSpec) error {
			n := number(c, name)
			switch {
			case n < least && least == 0:
				return fmt.Errorf("--%s %d: the %s cannot be negative", name, n, what)
			case n < least:
				return fmt.Errorf("--%s %d: the %s must be at least %d", name, n, what, least)
			}
			*field(spec) = &n
			return nil
		},
	}
}

// boolRule is a rule flag that is on when given, and off as --name=false.
func boolRule(name, usage string, field func(*sheets.RulesSpec) **bool) ruleField {
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &cli.BoolFlag{Name: name, Usage: usage, DefaultText: "the rules'"}
		},
		set: func(c *cli.Context, spec *sheets.RulesSpec) error {
			*field(spec) = new(c.Bool(name))
			return nil
		},
	}
}

// enumRule is a rule flag that takes one of the names of a rule's values;
// the usage lists them and the shell completes them.
func enumRule[T any, P interface {
	*T
	encoding.TextUnmarshaler
}](name, usage string, names []string, field func(*sheets.RulesSpec) **T) ruleField {
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &valuesFlag{
				StringFlag: cli.StringFlag{Name: name, Usage: usage + ": " + joinList(names, "or"), DefaultText: "the rules'"},
				values: func() []candidate {
					values := make([]candidate, len(names))
					for i, n := range names {
						values[i] = candidate{value: n}
					}
					return values
				},
			}
		},
		set: func(c *cli.Context, spec *sheets.RulesSpec) error {
			v := new(T)
			if err := P(v).UnmarshalText([]byte(c.String(name))); err != nil {
				return fmt.Errorf("--%s: %w", name, err)
			}
			*field(spec) = v
			return nil
		},
	}
}

// numberFlag is a flag that takes a whole number, in decimal ("010" is ten,
// not eight as Go's own flags would read it), and has no default.
func numberFlag(name, usage string) cli.Flag {
	return &cli.GenericFlag{Name: name, Usage: usage, Value: new(numberValue)}
}

// number returns the value of a numberFlag.
func number(c *cli.Context, name string) int { return c.Value(name).(int) }

// numberValue is the value of a numberFlag. Its String is empty, so help
// shows no default.
type numberValue int

// Set reads a whole number.
func (v *numberValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("not a whole number")
	}
	*v = numberValue(n)
	return nil
}

// String is empty: the flag has no default to show.
func (v *numberValue) String() string { return "" }

// Get returns the number.
func (v *numberValue) Get() any { return int(*v) }
