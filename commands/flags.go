package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
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
func (r ruleArgs) knockLimit() (int, error) {
	rules, err := r.rules()
	if err != nil {
		return 0, err
	}
	if r.upcardGiven {
		if _, ok := r.given["knock-limit"]; ok {
			return 0, errors.New("--knock-limit and --upcard both set the knock limit: give one")
		}
		if !rules.UpcardLimit {
			return 0, fmt.Errorf("--upcard: the %s do not take the knock limit from the upcard%s", rulesCalled(rules), tryOklahoma(rules))
		}
	}
	upcard, err := r.upcard()
	if err != nil {
		return 0, err
	}
	limit, err := rules.KnockLimitFor(upcard)
	if errors.Is(err, ginrummy.ErrNeedUpcard) {
		return 0, fmt.Errorf("the %s rules take the knock limit from the upcard: give --upcard CARD", rules.Name)
	}
	return limit, err
}

// rulesCalled names rules in a sentence: "classic rules", or with what was
// changed from the preset, "oklahoma rules with knock_limit 7, upcard_limit
// false", so that a refusal does not blame a preset for a change made to it.
func rulesCalled(r ginrummy.Rules) string {
	if changes := rulesfile.Of(r).Changes(); len(changes) > 0 {
		return r.Name + " rules with " + strings.Join(changes, ", ")
	}
	return r.Name + " rules"
}

// tryOklahoma suggests the rules that use the upcard, unless they were given.
func tryOklahoma(r ginrummy.Rules) string {
	if r.Name == "oklahoma" {
		return ""
	}
	return " (try --rules oklahoma)"
}

// upcardFlag is --upcard, with what it does for the command.
func upcardFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "upcard", Usage: usage}
}

// cardFlag reads the text of the flag --name, which names one card: NoCard
// when the flag was not given.
func cardFlag(name, text string, given bool) (ginrummy.Card, error) {
	if !given {
		return ginrummy.NoCard, nil
	}
	text = strings.TrimSpace(text)
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

// upcard reads --upcard: NoCard when it is not given.
func (r ruleArgs) upcard() (ginrummy.Card, error) {
	return cardFlag("upcard", r.upcardText, r.upcardGiven)
}

// ruleField is a flag that overrides one field of the rules that --rules
// names, as "--rules modern --target 250" does.
type ruleField struct {
	name   string // the flag's name
	scores bool   // the field changes what a hand scores, not only how a game goes
	flag   func() cli.Flag
	value  func(c *cli.Context) any                // the flag's value: an int, a bool or a string
	apply  func(spec *rulesfile.Spec, v any) error // sets the rule to the flag's value
	// set sets the rule to the flag's value on the command line. It
	// remains for the commands not yet moved to readRuleArgs.
	set func(c *cli.Context, spec *rulesfile.Spec) error
}

// ruleFields lists a flag for every rule, as ginrummy.RuleList describes it:
// the rule's key with dashes, its help, a number's checks, the names a rule
// of names takes. The list is made once and only read: each flag() makes a
// flag of its own, as every app needs (a flag holds the value given).
var ruleFields = sync.OnceValue(func() []ruleField {
	var fields []ruleField
	for _, rule := range ginrummy.RuleList() {
		var f ruleField
		switch rule.Field(new(ginrummy.Rules)).(type) {
		case *int:
			f = intRule(rule)
		case *bool:
			f = boolRule(rule)
		default:
			f = enumRule(rule)
		}
		f.scores = rule.Scores
		f.set = func(c *cli.Context, spec *rulesfile.Spec) error { return f.apply(spec, f.value(c)) }
		fields = append(fields, f)
	}
	return fields
})

// flagName is the flag of a rule: its key with dashes.
func flagName(key string) string { return strings.ReplaceAll(key, "_", "-") }

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

// ruleArgs are the rule flags of a command line, read once by readRuleArgs:
// what --rules names, the value of each rule flag given, and --upcard, which
// sets the knock limit under some rules.
type ruleArgs struct {
	source      string         // --rules: a preset's name or a rules file
	given       map[string]any // the value of each rule flag given, by the flag's name
	upcardText  string         // --upcard
	upcardGiven bool
}

// readRuleArgs reads --rules, the rule flags and --upcard of the command line.
func readRuleArgs(c *cli.Context) ruleArgs {
	r := ruleArgs{source: c.String("rules"), given: map[string]any{}, upcardText: c.String("upcard"), upcardGiven: c.IsSet("upcard")}
	var cmds []*cli.Command // the command and those it is under, nearest first
	for _, ctx := range c.Lineage() {
		if ctx.Command != nil {
			cmds = append(cmds, ctx.Command)
		}
	}
	for _, f := range ruleFields() {
		if c.IsSet(f.name) && isRuleFlag(cmds, f.name) {
			r.given[f.name] = f.value(c)
		}
	}
	return r
}

// spec returns the rules as a spec: the preset that --rules names, or a
// rules file's rules in full, with a field for each rule flag given.
func (r ruleArgs) spec() (rulesfile.Spec, error) {
	spec, err := rulesfile.LoadSpec(r.source)
	if err != nil {
		return rulesfile.Spec{}, fmt.Errorf("--rules: %w", presetHint(r.source, err))
	}
	if err := r.idle(); err != nil {
		return rulesfile.Spec{}, err
	}
	for _, f := range ruleFields() {
		if v, ok := r.given[f.name]; ok {
			if err := f.apply(&spec, v); err != nil {
				return rulesfile.Spec{}, err
			}
		}
	}
	return spec, nil
}

// idle refuses a rule flag given with the flag of the switch it needs
// (ginrummy.Need) set the other way, where it would do nothing:
// --knock-limit with --upcard-limit.
func (r ruleArgs) idle() error {
	for _, rule := range ginrummy.RuleList() {
		name, need := flagName(rule.Key), rule.Needs
		sw := flagName(need.Key)
		if _, ok := r.given[name]; need.Key == "" || !ok {
			continue
		}
		on, ok := r.given[sw].(bool)
		if !ok || on == need.Value {
			continue
		}
		given := "--" + sw
		if !on {
			given += "=false"
		}
		return fmt.Errorf("--%s does nothing with %s, as %s: give one", name, given, need.Why)
	}
	return nil
}

// rulesDefault is the default every rule flag shows in help, which also
// tells a rule flag from a command's own flag of the same name.
const rulesDefault = "the rules'"

// isRuleFlag reports whether the flag of that name is a rule flag, and not
// a command's own flag that shares the rule's name (gin score's --big-gin
// says how the hand ended, not whether big gin is played): the flag of
// the nearest of cmds that has one of that name.
func isRuleFlag(cmds []*cli.Command, name string) bool {
	for _, cmd := range cmds {
		for _, f := range cmd.Flags {
			if slices.Contains(f.Names(), name) {
				d, ok := f.(cli.DocGenerationFlag)
				return ok && strings.HasPrefix(d.GetDefaultText(), rulesDefault)
			}
		}
	}
	return false
}

// rules returns the rules: --rules and the rule flags.
func (r ruleArgs) rules() (ginrummy.Rules, error) {
	spec, err := r.spec()
	if err != nil {
		return ginrummy.Rules{}, err
	}
	return spec.Resolve()
}

// intRule is the flag of a rule that takes a whole number.
func intRule(rule ginrummy.Rule) ruleField {
	name, defaultText := flagName(rule.Key), rulesDefault+" "+rule.Name
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &cli.GenericFlag{Name: name, Usage: rule.Help, Value: new(numberValue), DefaultText: defaultText}
		},
		value: func(c *cli.Context) any { return number(c, name) },
		apply: func(spec *rulesfile.Spec, v any) error {
			n := v.(int)
			if err := spec.Set(rule.Key, n); err != nil {
				return fmt.Errorf("--%s %d: %w", name, n, ruleWords(err))
			}
			return nil
		},
	}
}

// ruleWords words a rule's refusal of a number for its flag: "the target
// must be at least 1".
func ruleWords(err error) error {
	var re *ginrummy.RuleError
	n, ok := 0, errors.As(err, &re)
	if ok {
		n, ok = re.Value.(int)
	}
	switch {
	case !ok:
		return err
	case n < re.Least && re.Least == 0:
		return fmt.Errorf("the %s cannot be negative", re.Name)
	case n < re.Least:
		return fmt.Errorf("the %s must be at least %d", re.Name, re.Least)
	}
	return fmt.Errorf("the %s must be at most %d", re.Name, re.Most)
}

// boolRule is the flag of a switch: on when given, and off as --name=false.
func boolRule(rule ginrummy.Rule) ruleField {
	name := flagName(rule.Key)
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &cli.BoolFlag{Name: name, Usage: rule.Help, DefaultText: rulesDefault}
		},
		value: func(c *cli.Context) any { return c.Bool(name) },
		apply: func(spec *rulesfile.Spec, v any) error {
			return spec.Set(rule.Key, v)
		},
	}
}

// enumRule is the flag of a rule that takes one of the names of its values;
// the usage lists them and the shell completes them.
func enumRule(rule ginrummy.Rule) ruleField {
	name, names := flagName(rule.Key), rule.Names()
	usage := rule.Help + ": " + render.JoinList(names, "or")
	return ruleField{
		name: name,
		flag: func() cli.Flag {
			return &valuesFlag{
				StringFlag: cli.StringFlag{Name: name, Usage: usage, DefaultText: rulesDefault},
				values: func() []candidate {
					values := make([]candidate, len(names))
					for i, n := range names {
						values[i] = candidate{value: n}
					}
					return values
				},
			}
		},
		value: func(c *cli.Context) any { return c.String(name) },
		apply: func(spec *rulesfile.Spec, v any) error {
			if err := spec.SetText(rule.Key, v.(string)); err != nil {
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

// Set reads a whole number. One beyond an int's range is said to be too
// large or too small, not called "not a whole number": every flag's own
// range is far inside an int's.
func (v *numberValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case errors.Is(err, strconv.ErrRange) && strings.HasPrefix(s, "-"):
		return errors.New("a whole number, but far too small for any flag")
	case errors.Is(err, strconv.ErrRange):
		return errors.New("a whole number, but far too large for any flag")
	case err != nil:
		return errors.New("not a whole number")
	}
	*v = numberValue(n)
	return nil
}

// String is empty: the flag has no default to show.
func (v *numberValue) String() string { return "" }

// Get returns the number.
func (v *numberValue) Get() any { return int(*v) }
