package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/rulesfile"
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
	set    func(c *cli.Context, spec *rulesfile.Spec) error
}

// ruleFields lists a flag for every rule, as ginrummy.RuleList describes it:
// the rule's key with dashes, its help, a number's checks, the names a rule
// of names takes.
func ruleFields() []ruleField {
	var fields []ruleField
	for _, rule := range ginrummy.RuleList() {
		var f ruleField
		name := strings.ReplaceAll(rule.Key, "_", "-")
		switch rule.Field(new(ginrummy.Rules)).(type) {
		case *int:
			f = intRule(name, rule.Help, rule.Noun, rule.Least, rule.Key)
		case *bool:
			f = boolRule(name, rule.Help, rule.Key)
		default:
			f = enumRule(name, rule.Help, rule.Names, rule.Key)
		}
		f.scores = rule.Scores
		if rule.Key == "knock_limit" {
			f = knockLimitField(f)
		}
		fields = append(fields, f)
	}
	return fields
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
func ruleSpec(c *cli.Context) (rulesfile.Spec, error) {
	spec, err := rulesfile.LoadSpec(c.String("rules"))
	if err != nil {
		return rulesfile.Spec{}, fmt.Errorf("--rules: %w", presetHint(c.String("rules"), err))
	}
	for _, f := range ruleFields() {
		if c.IsSet(f.name) && isRuleFlag(c, f.name) {
			if err := f.set(c, &spec); err != nil {
				return rulesfile.Spec{}, err
			}
		}
	}
	if c.IsSet("big-gin-bonus") && c.IsSet("big-gin") && isRuleFlag(c, "big-gin") && !c.Bool("big-gin") {
		return rulesfile.Spec{}, errors.New("--big-gin-bonus does nothing with --big-gin=false, as nobody lays down eleven cards: give one")
	}
	return spec, nil
}

// rulesDefault is the default every rule flag shows in help, which also
// tells a rule flag from a command's own flag of the same name.
const rulesDefault = "the rules'"

// isRuleFlag reports whether the flag of that name is a rule flag, and not
// a command's own flag that shares the rule's name (gin score's --big-gin
// says how the hand ended, not whether big gin is played).
func isRuleFlag(c *cli.Context, name string) bool {
	for _, ctx := range c.Lineage() {
		if ctx.Command == nil {
			continue
		}
		for _, f := range ctx.Command.Flags {
			if slices.Contains(f.Names(), name) {
				d, ok := f.(cli.DocGenerationFlag)
				return ok && strings.HasPrefix(d.GetDefaultText(), rulesDefault)
			}
		}
	}
	return false
}

// rulesOf returns the rules of the command line: --rules and the rule flags.
func rulesOf(c *cli.Context) (ginrummy.Rules, error) {
	spec, err := ruleSpec(c)
	if err != nil {
		return ginrummy.Rules{}, err
	}
	return spec.Resolve()
}

// knockLimitField is --knock-limit. A limit given on the command line is
// the limit, so it turns off a limit taken from the upcard unless
// --upcard-limit says otherwise.
func knockLimitField(f ruleField) ruleField {
	setLimit := f.set
	f.set = func(c *cli.Context, spec *rulesfile.Spec) error {
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
// what names the number in the error for one below it. key is the rule's.
func intRule(name, usage, what string, least int, key string) ruleField {
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &cli.GenericFlag{Name: name, Usage: usage, Value: new(numberValue), DefaultText: rulesDefault + " " + what}
		},
		set: func(c *cli.Context, spec *rulesfile.Spec) error {
			n := number(c, name)
			switch {
			case n < least && least == 0:
				return fmt.Errorf("--%s %d: the %s cannot be negative", name, n, what)
			case n < least:
				return fmt.Errorf("--%s %d: the %s must be at least %d", name, n, what, least)
			}
			return spec.Set(key, n)
		},
	}
}

// boolRule is a rule flag that is on when given, and off as --name=false.
func boolRule(name, usage, key string) ruleField {
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &cli.BoolFlag{Name: name, Usage: usage, DefaultText: rulesDefault}
		},
		set: func(c *cli.Context, spec *rulesfile.Spec) error {
			return spec.Set(key, c.Bool(name))
		},
	}
}

// enumRule is a rule flag that takes one of the names of a rule's values;
// the usage lists them and the shell completes them.
func enumRule(name, usage string, names []string, key string) ruleField {
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &valuesFlag{
				StringFlag: cli.StringFlag{Name: name, Usage: usage + ": " + joinList(names, "or"), DefaultText: rulesDefault},
				values: func() []candidate {
					values := make([]candidate, len(names))
					for i, n := range names {
						values[i] = candidate{value: n}
					}
					return values
				},
			}
		},
		set: func(c *cli.Context, spec *rulesfile.Spec) error {
			if err := spec.SetText(key, c.String(name)); err != nil {
				return fmt.Errorf("--%s: %w", name, err)
			}
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
