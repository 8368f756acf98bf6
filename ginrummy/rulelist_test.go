package ginrummy

import (
	"errors"
	"reflect"
	"testing"
)

// Every field of Rules but its name is described by exactly one Rule, with
// a value for each preset of its field's type, and a rule of names takes the
// names its type marshals to.
func TestRuleListCoversRules(t *testing.T) {
	t.Parallel()
	var r Rules
	seen := map[uintptr]string{}
	keys := map[string]bool{}
	for _, rule := range RuleList() {
		for _, key := range []string{rule.Key, rule.OldKey} {
			if key != "" && keys[key] {
				t.Errorf("%s is described twice", key)
			}
			keys[key] = true
		}
		if rule.Name == "" || rule.Help == "" {
			t.Errorf("%s: no name or help", rule.Key)
		}
		p := reflect.ValueOf(rule.Field(&r))
		if p.Kind() != reflect.Pointer {
			t.Fatalf("%s: Field is not a pointer", rule.Key)
		}
		if other, ok := seen[p.Pointer()]; ok {
			t.Errorf("%s and %s are the same field", rule.Key, other)
		}
		seen[p.Pointer()] = rule.Key
		if v := reflect.ValueOf(rule.value).FieldByName("presets"); v.Len() != len(presetList) {
			t.Errorf("%s: %d values for %d presets", rule.Key, v.Len(), len(presetList))
		}
		if rule.Needs.Key != "" {
			if need, ok := RuleOf(rule.Needs.Key); !ok || reflect.TypeOf(need.Field(&r)).Elem().Kind() != reflect.Bool || rule.Needs.Why == "" {
				t.Errorf("%s needs %q, which is no switch, or says not why", rule.Key, rule.Needs.Key)
			}
		}
		switch p.Elem().Kind() {
		case reflect.Int:
			if rule.Names() != nil || rule.Most < rule.Least || rule.Most > maxRuleNumber {
				t.Errorf("%s: a number has no names, and bounds within 0 to %d", rule.Key, maxRuleNumber)
			}
		case reflect.Bool:
			if rule.Names() != nil || rule.Least != 0 || rule.Most != 0 {
				t.Errorf("%s: a switch has no names or bounds", rule.Key)
			}
		default:
			if len(rule.Names()) == 0 {
				t.Errorf("%s: a rule of names lists none", rule.Key)
			}
			for i, name := range rule.Names() {
				v := reflect.New(p.Elem().Type())
				v.Elem().SetUint(uint64(i))
				if got, err := v.Elem().Interface().(interface{ MarshalText() ([]byte, error) }).MarshalText(); err != nil || string(got) != name {
					t.Errorf("%s: value %d marshals to %q, %v; its name is %q", rule.Key, i, got, err, name)
				}
			}
		}
	}
	if n := reflect.TypeFor[Rules]().NumField() - 1; len(seen) != n { // Name is the preset, not a rule
		t.Errorf("%d rules describe the %d fields of Rules", len(seen), n)
	}
}

// The presets are the table of the specification (SPEC.md, "Rule presets"),
// written out here field by field.
func TestPresetsAsSpecified(t *testing.T) {
	t.Parallel()
	want := []Rules{
		{Name: "classic", KnockLimit: 10, GinBonus: 20, BigGin: true, UndercutBonus: 10, TieIsUndercut: true,
			BoxBonus: 20, GameBonus: 100, Shutout: ShutoutDoubleGameBonus, ShutoutWhen: LoserScoredNothing,
			Target: 100, GamesAtOnce: 1},
		{Name: "modern", KnockLimit: 10, GinBonus: 25, BigGin: true, BigGinBonus: 31, UndercutBonus: 25, TieIsUndercut: true,
			BoxBonus: 25, GameBonus: 100, Shutout: ShutoutDoubleHandPoints, ShutoutWhen: LoserWonNoHands,
			Target: 100, GamesAtOnce: 1},
		{Name: "scorepad", KnockLimit: 10, GinBonus: 25, BigGin: true, UndercutBonus: 25, TieIsUndercut: false,
			BoxBonus: 25, GameBonus: 100, Shutout: ShutoutAddBonus, ShutoutBonus: 100, ShutoutWhen: WinnerWonEveryHand,
			Target: 100, HandLimit: 12, GamesAtOnce: 1},
		{Name: "oklahoma", KnockLimit: 10, UpcardLimit: true, GinBonus: 25, BigGin: true, BigGinBonus: 31, UndercutBonus: 25,
			TieIsUndercut: true, BoxBonus: 25, GameBonus: 100, Shutout: ShutoutDoubleHandPoints,
			ShutoutWhen: LoserWonNoHands, Target: 150, SpadeDoubles: true, GamesAtOnce: 1},
		{Name: "hollywood", KnockLimit: 10, GinBonus: 25, BigGin: true, BigGinBonus: 31, UndercutBonus: 25, TieIsUndercut: true,
			BoxBonus: 25, GameBonus: 100, Shutout: ShutoutDoubleHandPoints, ShutoutWhen: LoserWonNoHands,
			Target: 100, GamesAtOnce: 3},
	}
	if got := PresetNames(); len(got) != len(want) {
		t.Fatalf("presets %v, want %d", got, len(want))
	}
	for i, name := range PresetNames() {
		got, err := Preset(name)
		if err != nil || got != want[i] {
			t.Errorf("preset %d: %+v, %v\nwant %+v", i, got, err, want[i])
		}
	}
}

// A rule's Check refuses a value out of its bounds, as a *RuleError that
// names the rule.
func TestRuleCheck(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		key  string
		v    any
		want string
	}{
		{"knock_limit", 0, ""},
		{"knock_limit", -1, "knock limit -1 cannot be negative"},
		{"target", 1, ""},
		{"target", 0, "target 0 must be at least 1"},
		{"target", 10000, ""},
		{"target", 10001, "target 10001 must be at most 10000"},
		{"games_at_once", 3, ""},
		{"games_at_once", 4, "number of games 4 must be at most 3"},
		{"big_gin", false, ""},
		{"dealer_rule", LoserDeals, ""},
		{"dealer_rule", Dealer(2), "dealing rule unknown(2): want one of alternate, loser"},
	} {
		rule, _ := RuleOf(tt.key)
		err := rule.Check(tt.v)
		var re *RuleError
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s %v: %v", tt.key, tt.v, err)
		case tt.want != "" && (!errors.As(err, &re) || re.Key != tt.key || err.Error() != tt.want):
			t.Errorf("%s %v: %v, want %q", tt.key, tt.v, err, tt.want)
		}
	}
	rule, _ := RuleOf("target")
	if err := rule.Check(true); err == nil {
		t.Error("the target takes true")
	}
	if rule, ok := RuleOf("columns"); !ok || rule.Key != "games_at_once" {
		t.Errorf("the old key columns is %q, %v", rule.Key, ok)
	}
}

// Two sets of rules play a hand alike when every rule that scores a hand is
// the same; a game's target and bonuses may differ.
func TestPlaysAlike(t *testing.T) {
	t.Parallel()
	classic, err := Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	longer := classic
	longer.Target, longer.GameBonus, longer.BoxBonus = 250, 0, 5
	if !classic.PlaysAlike(longer) {
		t.Error("a longer game with other bonuses plays its hands otherwise")
	}
	for _, change := range []func(r *Rules){
		func(r *Rules) { r.KnockLimit = 9 },
		func(r *Rules) { r.GinBonus = 25 },
		func(r *Rules) { r.TieIsUndercut = false },
		func(r *Rules) { r.BigGin = false },
	} {
		other := classic
		change(&other)
		if classic.PlaysAlike(other) {
			t.Errorf("%+v plays its hands as classic", other)
		}
	}
}
