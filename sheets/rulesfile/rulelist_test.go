package rulesfile

import (
	"errors"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
)

// A spec sets each rule of ginrummy.RuleList by its key, of its type and
// within its bounds, and no other.
func TestSpecSetsEveryRule(t *testing.T) {
	for _, rule := range ginrummy.RuleList() {
		var s Spec
		v := rule.Value(ginrummy.DefaultRules())
		if err := s.Set(rule.Key, v); err != nil {
			t.Errorf("Set %s %v: %v", rule.Key, v, err)
		}
		if got, ok := s.Get(rule.Key); !ok || got != v {
			t.Errorf("Set %s %v: gets %v, %v", rule.Key, v, got, ok)
		}
	}
	var s Spec
	if err := s.Set("target", 250); err != nil {
		t.Errorf("Set target 250: %v", err)
	}
	if v, _ := s.Get("target"); v != 250 {
		t.Errorf("target %v after Set target 250", v)
	}
	var re *ginrummy.RuleError
	if err := s.Set("target", 0); !errors.As(err, &re) || re.Key != "target" {
		t.Errorf("Set target 0: %v, want a *ginrummy.RuleError", err)
	}
	if v, _ := s.Get("target"); v != 250 {
		t.Errorf("target %v after a refused Set target 0; want 250 kept", v)
	}
	for _, bad := range []struct {
		key string
		v   any
	}{{"target", true}, {"columns", 3}, {"trumps", 1}, {"dealer_rule", 1}} {
		if err := s.Set(bad.key, bad.v); err == nil {
			t.Errorf("Set %s %v: no error", bad.key, bad.v)
		}
	}
	if err := s.SetText("shutout", "add-bonus"); err != nil {
		t.Errorf("SetText shutout add-bonus: %v", err)
	}
	if v, _ := s.Get("shutout"); v != ginrummy.ShutoutAddBonus {
		t.Errorf("shutout %v after SetText shutout add-bonus", v)
	}
	if err := s.SetText("shutout", "sometimes"); err == nil {
		t.Error("SetText shutout sometimes: no error")
	}
	if err := s.SetText("target", "lots"); err == nil {
		t.Error("SetText target lots: no error")
	}
	// A copy keeps its own rules.
	c := s
	if err := c.Set("target", 300); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Get("target"); v != 250 {
		t.Errorf("setting a copy's target changed the original's to %v", v)
	}
}

// The rule set last counts: a knock limit set after upcard_limit true turns
// the upcard's limit off, and upcard_limit true set after a knock limit
// leaves the limit to the upcard; either way the spec, written, reads back.
func TestSpecSetLastCounts(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  func(s *Spec) error
		want string // the spec as written
		ok   func(r ginrummy.Rules) bool
	}{
		{"knock limit after upcard limit", func(s *Spec) error {
			return errors.Join(s.Set("upcard_limit", true), s.Set("knock_limit", 7))
		}, "preset: classic\nknock_limit: 7\n", func(r ginrummy.Rules) bool { return !r.UpcardLimit && r.KnockLimit == 7 }},
		{"upcard limit after knock limit", func(s *Spec) error {
			return errors.Join(s.Set("knock_limit", 7), s.Set("upcard_limit", true))
		}, "preset: classic\nupcard_limit: true\n", func(r ginrummy.Rules) bool { return r.UpcardLimit && r.KnockLimit == 10 }},
		{"upcard limit false after knock limit", func(s *Spec) error {
			return errors.Join(s.Set("knock_limit", 7), s.Set("upcard_limit", false))
		}, "preset: classic\nknock_limit: 7\nupcard_limit: false\n", func(r ginrummy.Rules) bool { return !r.UpcardLimit && r.KnockLimit == 7 }},
		{"no big gin after its bonus", func(s *Spec) error {
			return errors.Join(s.Set("big_gin_bonus", 40), s.Set("big_gin", false))
		}, "preset: classic\nbig_gin: false\n", func(r ginrummy.Rules) bool { return !r.BigGin && r.BigGinBonus == 0 }},
		{"big gin bonus after no big gin", func(s *Spec) error {
			return errors.Join(s.Set("big_gin", false), s.Set("big_gin_bonus", 40))
		}, "preset: classic\nbig_gin_bonus: 40\n", func(r ginrummy.Rules) bool { return r.BigGin && r.BigGinBonus == 40 }},
	} {
		s := Spec{Preset: "classic"}
		if err := tt.set(&s); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		doc, err := yamlOf(s)
		if err != nil || doc != tt.want {
			t.Errorf("%s: written %q, %v; want %q", tt.name, doc, err, tt.want)
		}
		back, err := Parse([]byte(doc))
		if err != nil {
			t.Errorf("%s: %q does not read back: %v", tt.name, doc, err)
			continue
		}
		if r, err := back.Resolve(); err != nil || !tt.ok(r) {
			t.Errorf("%s: %+v, %v", tt.name, r, err)
		}
	}
}

// yamlOf writes a spec as YAML.
func yamlOf(s Spec) (string, error) {
	b, err := yaml.Marshal(s)
	return string(b), err
}
