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
