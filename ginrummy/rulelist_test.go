package ginrummy

import (
	"reflect"
	"testing"
)

// Every field of Rules but its name is described by exactly one Rule, and a
// rule of names takes the names its type marshals to.
func TestRuleListCoversRules(t *testing.T) {
	var r Rules
	seen := map[uintptr]string{}
	keys := map[string]bool{}
	for _, rule := range RuleList() {
		if keys[rule.Key] {
			t.Errorf("%s is described twice", rule.Key)
		}
		keys[rule.Key] = true
		p := reflect.ValueOf(rule.Field(&r))
		if p.Kind() != reflect.Pointer {
			t.Fatalf("%s: Field is not a pointer", rule.Key)
		}
		if other, ok := seen[p.Pointer()]; ok {
			t.Errorf("%s and %s are the same field", rule.Key, other)
		}
		seen[p.Pointer()] = rule.Key
		switch p.Elem().Kind() {
		case reflect.Int:
			if rule.Noun == "" || rule.Names != nil {
				t.Errorf("%s: a number needs a noun and no names", rule.Key)
			}
		case reflect.Bool:
			if rule.Noun != "" || rule.Names != nil {
				t.Errorf("%s: a switch has no noun or names", rule.Key)
			}
		default:
			if len(rule.Names) == 0 {
				t.Errorf("%s: a rule of names lists none", rule.Key)
			}
			for i, name := range rule.Names {
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

// Two sets of rules play a hand alike when every rule that scores a hand is
// the same; a game's target and bonuses may differ.
func TestPlaysAlike(t *testing.T) {
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
