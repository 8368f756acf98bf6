package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// everyRule keeps every rule flag, as gin sheet new has them.
func everyRule(ruleField) bool { return true }

// resolve runs a command with the given rule flags and returns the spec and
// the rules its flags give, or the error.
func resolve(t *testing.T, keep func(ruleField) bool, args string) (rulesfile.Spec, ginrummy.Rules, error) {
	t.Helper()
	var spec rulesfile.Spec
	var rules ginrummy.Rules
	app := &cli.App{
		Name:           "gin",
		Flags:          ruleFlags(keep),
		Writer:         new(bytes.Buffer),
		ErrWriter:      new(bytes.Buffer),
		ExitErrHandler: func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			var err error
			r := readRuleArgs(c)
			if spec, err = r.spec(); err != nil {
				return err
			}
			rules, err = r.rules()
			return err
		},
	}
	err := app.Run(append([]string{"gin"}, strings.Fields(args)...))
	return spec, rules, err
}

func preset(t *testing.T, name string) ginrummy.Rules {
	t.Helper()
	r, err := ginrummy.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRuleFlags(t *testing.T) {
	t.Parallel()
	classic, modern, oklahoma := preset(t, "classic"), preset(t, "modern"), preset(t, "oklahoma")
	tests := []struct {
		args string
		spec string // the spec as YAML, flow style
		want func() ginrummy.Rules
	}{
		{"", "{preset: classic}", func() ginrummy.Rules { return classic }},
		{"--rules modern --target 250", "{preset: modern, target: 250}",
			func() ginrummy.Rules { r := modern; r.Target = 250; return r }},
		{"--rules MODERN --gin-bonus 30 --big-gin-bonus 0 --undercut-bonus 20", "{preset: modern, gin_bonus: 30, big_gin_bonus: 0, undercut_bonus: 20}",
			func() ginrummy.Rules { r := modern; r.GinBonus, r.BigGinBonus, r.UndercutBonus = 30, 0, 20; return r }},
		{"--tie-is-undercut=false", "{preset: classic, tie_is_undercut: false}",
			func() ginrummy.Rules { r := classic; r.TieIsUndercut = false; return r }},
		{"--rules scorepad --tie-is-undercut", "{preset: scorepad, tie_is_undercut: true}",
			func() ginrummy.Rules { r := preset(t, "scorepad"); r.TieIsUndercut = true; return r }},
		{"--box-bonus 0 --game-bonus 50 --shutout add-bonus --shutout-bonus 75 --shutout-when winner-won-every-hand",
			"{preset: classic, box_bonus: 0, game_bonus: 50, shutout: add-bonus, shutout_bonus: 75, shutout_when: winner-won-every-hand}",
			func() ginrummy.Rules {
				r := classic
				r.BoxBonus, r.GameBonus, r.Shutout, r.ShutoutBonus, r.ShutoutWhen = 0, 50, ginrummy.ShutoutAddBonus, 75, ginrummy.WinnerWonEveryHand
				return r
			}},
		{"--hand-limit 12 --games-at-once 3 --dealer-rule LOSER", "{preset: classic, hand_limit: 12, games_at_once: 3, dealer_rule: loser}",
			func() ginrummy.Rules {
				r := classic
				r.HandLimit, r.GamesAtOnce, r.Dealer = 12, 3, ginrummy.LoserDeals
				return r
			}},
		{"--upcard-limit --spade-doubles", "{preset: classic, upcard_limit: true, spade_doubles: true}",
			func() ginrummy.Rules { r := classic; r.UpcardLimit, r.SpadeDoubles = true, true; return r }},
		{"--rules oklahoma --spade-doubles=false --upcard-limit=false", "{preset: oklahoma, upcard_limit: false, spade_doubles: false}",
			func() ginrummy.Rules { r := oklahoma; r.UpcardLimit, r.SpadeDoubles = false, false; return r }},
		// A knock limit given on the command line is the limit, not the upcard's value.
		{"--target 0100", "{preset: classic, target: 100}",
			func() ginrummy.Rules { r := classic; r.Target = 100; return r }},
		{"--rules oklahoma --knock-limit 9", "{preset: oklahoma, knock_limit: 9}",
			func() ginrummy.Rules { r := oklahoma; r.KnockLimit, r.UpcardLimit = 9, false; return r }},
		{"--rules oklahoma --knock-limit 9 --upcard-limit=false", "{preset: oklahoma, knock_limit: 9, upcard_limit: false}",
			func() ginrummy.Rules { r := oklahoma; r.KnockLimit, r.UpcardLimit = 9, false; return r }},
		{"--knock-limit 0", "{preset: classic, knock_limit: 0}",
			func() ginrummy.Rules { r := classic; r.KnockLimit = 0; return r }},
	}
	for _, tt := range tests {
		spec, rules, err := resolve(t, everyRule, tt.args)
		if err != nil {
			t.Errorf("%s: %v", tt.args, err)
			continue
		}
		if got := flowYAML(t, spec); got != tt.spec {
			t.Errorf("%s: spec %s, want %s", tt.args, got, tt.spec)
		}
		if want := tt.want(); rules != want {
			t.Errorf("%s: rules\n%+v, want\n%+v", tt.args, rules, want)
		}
	}
}

// flowYAML writes a spec as YAML on one line, fields in their order: "{preset: modern, target: 250}".
func flowYAML(t *testing.T, spec rulesfile.Spec) string {
	t.Helper()
	doc, err := yaml.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	return "{" + strings.ReplaceAll(strings.TrimSpace(string(doc)), "\n", ", ") + "}"
}

func TestRuleFlagsRulesFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	house := filepath.Join(dir, "house.yaml")
	plain := filepath.Join(dir, "plain.yaml")
	if err := os.WriteFile(house, []byte("preset: scorepad\ngin_bonus: 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(plain, []byte("preset: modern\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// A file keeps just the fields it changes; the flags go on top.
	spec, rules, err := resolve(t, everyRule, "--rules "+house+" --target 150")
	want := preset(t, "scorepad")
	want.GinBonus, want.Target = 30, 150
	if err != nil || rules != want || flowYAML(t, spec) != "{preset: scorepad, gin_bonus: 30, target: 150}" {
		t.Errorf("--rules %s --target 150: %s, %+v, %v; want %+v", house, flowYAML(t, spec), rules, err, want)
	}
	// A file that only names a preset is that preset.
	spec, rules, err = resolve(t, everyRule, "--rules "+plain)
	if err != nil || rules != preset(t, "modern") || flowYAML(t, spec) != "{preset: modern}" {
		t.Errorf("--rules %s: %s, %v", plain, flowYAML(t, spec), err)
	}
}

func TestRuleFlagsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ args, err string }{
		{"--rules nope", "--rules: " + loadRulesError(t, "nope")},
		{"--knock-limit -1", "--knock-limit -1: the knock limit cannot be negative"},
		{"--knock-limit 5 --upcard-limit", "--knock-limit does nothing with --upcard-limit, as the upcard sets the limit: give one"},
		{"--gin-bonus -1", "--gin-bonus -1: the gin bonus cannot be negative"},
		{"--big-gin-bonus -1", "--big-gin-bonus -1: the big gin bonus cannot be negative"},
		{"--undercut-bonus -25", "--undercut-bonus -25: the undercut bonus cannot be negative"},
		{"--box-bonus -1", "--box-bonus -1: the box bonus cannot be negative"},
		{"--game-bonus -100", "--game-bonus -100: the game bonus cannot be negative"},
		{"--shutout-bonus -1", "--shutout-bonus -1: the shutout bonus cannot be negative"},
		{"--target 0", "--target 0: the target must be at least 1"},
		{"--hand-limit -12", "--hand-limit -12: the hand limit cannot be negative"},
		{"--games-at-once 0", "--games-at-once 0: the number of games must be at least 1"},
		{"--shutout triple", `--shutout: unknown shutout "triple" (want one of none, double-game-bonus, double-hand-points, add-bonus)`},
		{"--shutout-when never", `--shutout-when: unknown shutout condition "never" (want one of loser-scored-nothing, loser-won-no-hands, winner-won-every-hand)`},
		{"--dealer-rule winner", `--dealer-rule: unknown dealer rule "winner" (want one of alternate, loser)`},
		{"--target lots", `invalid value "lots" for flag -target: not a whole number`},
		{"--target 0x10", `invalid value "0x10" for flag -target: not a whole number`},
		{"--target 99999999999999999999", `invalid value "99999999999999999999" for flag -target: a whole number, but far too large for any flag`},
		{"--target -99999999999999999999", `invalid value "-99999999999999999999" for flag -target: a whole number, but far too small for any flag`},
		{"--games-at-once 4", "--games-at-once 4: the number of games must be at most 3"},
		{"--tie-is-undercut=maybe", `invalid boolean value "maybe" for -tie-is-undercut: parse error`},
		{"--rules modern --big-gin=false --big-gin-bonus 40", "--big-gin-bonus does nothing with --big-gin=false, as nobody lays down eleven cards: give one"},
	}
	for _, tt := range tests {
		if _, _, err := resolve(t, everyRule, tt.args); err == nil || err.Error() != tt.err {
			t.Errorf("%s: error %v, want %q", tt.args, err, tt.err)
		}
	}
}

// loadRulesError returns the error of rulesfile.Load, whose wording is
// the rulesfile package's; commands only say which flag it came from.
func loadRulesError(t *testing.T, value string) string {
	t.Helper()
	_, err := rulesfile.Load(value)
	if err == nil {
		t.Fatalf("rulesfile.Load(%q) succeeds", value)
	}
	return err.Error()
}

// TestRuleFlagsCoverEveryField checks that every rule has a flag, named
// after its key, that sets that rule alone.
func TestRuleFlagsCoverEveryField(t *testing.T) {
	t.Parallel()
	example := map[string]string{"shutout": "none", "shutout-when": "loser-won-no-hands", "dealer-rule": "loser", "games-at-once": "2"}
	var names []string
	for _, f := range ruleFields() {
		names = append(names, f.name)
	}
	rules := ginrummy.RuleList()
	for _, rule := range rules {
		name := strings.ReplaceAll(rule.Key, "_", "-")
		if !slices.Contains(names, name) {
			t.Errorf("no flag --%s for the rule %s", name, rule.Key)
			continue
		}
		arg := "--" + name
		switch {
		case example[name] != "":
			arg += " " + example[name]
		case reflect.TypeOf(rule.Field(new(ginrummy.Rules))).Elem().Kind() == reflect.Int:
			arg += " 7"
		}
		spec, _, err := resolve(t, everyRule, arg)
		if err != nil {
			t.Errorf("%s: %v", arg, err)
			continue
		}
		if _, ok := spec.Get(rule.Key); !ok {
			t.Errorf("%s does not set %s: %s", arg, rule.Key, flowYAML(t, spec))
		}
		if n := strings.Count(flowYAML(t, spec), ","); n != 1 {
			t.Errorf("%s sets more than %s: %s", arg, rule.Key, flowYAML(t, spec))
		}
	}
	if len(names) != len(rules) {
		t.Errorf("%d rule flags for %d rules: %v", len(names), len(rules), names)
	}
}

func TestRuleFlagsScoringHand(t *testing.T) {
	t.Parallel()
	var got []string
	for _, f := range ruleFlags(scoresHand) {
		got = append(got, f.Names()[0])
	}
	want := []string{"rules", "knock-limit", "upcard-limit", "gin-bonus", "big-gin", "big-gin-bonus", "undercut-bonus", "tie-is-undercut", "spade-doubles"}
	if !slices.Equal(got, want) {
		t.Errorf("the flags that change a hand's score are %v, want %v", got, want)
	}
	// A command without a flag does not take it.
	if _, _, err := resolve(t, scoresHand, "--target 250"); err == nil || err.Error() != "flag provided but not defined: -target" {
		t.Errorf("--target where only scoring flags are defined: %v", err)
	}
}
