package rulesfile

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// Spec holds exactly the rules of ginrummy.RuleList, each under its key
// and of its type, and the preset.
func TestSpecHasEveryRule(t *testing.T) {
	typ := reflect.TypeFor[Spec]()
	rules := map[string]ginrummy.Rule{}
	for _, r := range ginrummy.RuleList() {
		rules[r.Key] = r
	}
	for i := range typ.NumField() {
		f := typ.Field(i)
		key, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if key == "preset" {
			continue
		}
		rule, ok := rules[key]
		if !ok {
			t.Errorf("Spec.%s (%s) is no rule of ginrummy.RuleList", f.Name, key)
			continue
		}
		if want := reflect.TypeOf(rule.Field(new(ginrummy.Rules))); f.Type != want {
			t.Errorf("Spec.%s is a %s; the rule %s is a %s", f.Name, f.Type, key, want)
		}
		delete(rules, key)
	}
	for key := range rules {
		t.Errorf("the rule %s has no field in Spec", key)
	}
	var s Spec
	if err := s.Set("target", 250); err != nil || *s.Target != 250 {
		t.Errorf("Set target 250: %v, %v", err, s.Target)
	}
	if err := s.Set("target", true); err == nil {
		t.Error("Set target true: no error")
	}
	if err := s.SetText("shutout", "add-bonus"); err != nil || *s.Shutout != ginrummy.ShutoutAddBonus {
		t.Errorf("SetText shutout add-bonus: %v", err)
	}
	if err := s.SetText("shutout", "sometimes"); err == nil {
		t.Error("SetText shutout sometimes: no error")
	}
}
