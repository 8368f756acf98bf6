package ginrummy

import "testing"

func TestValidate(t *testing.T) {
	tests := []struct {
		change func(*Rules)
		want   string
	}{
		{func(r *Rules) { r.KnockLimit = -1 }, "knock limit -1 is negative"},
		{func(r *Rules) { r.BoxBonus = -5 }, "bonuses cannot be negative"},
		{func(r *Rules) { r.Target = 0 }, "target 0 must be positive"},
		{func(r *Rules) { r.HandLimit = -1 }, "hand limit -1 is negative"},
		{func(r *Rules) { r.GamesAtOnce = 0 }, "games at once 0: 1 to 3 games are scored at once"},
		{func(r *Rules) { r.GamesAtOnce = 1 << 62 }, "games at once 4611686018427387904: 1 to 3 games are scored at once"},
		{func(r *Rules) { r.GinBonus = 1 << 40 }, "gin bonus 1099511627776 is over 10000"},
		{func(r *Rules) { r.Target = 20000 }, "target 20000 is over 10000"},
		{func(r *Rules) { r.KnockLimit = 10001 }, "knock limit 10001 is over 10000"},
		{func(r *Rules) { r.HandLimit = 10001 }, "hand limit 10001 is over 10000"},
		{func(r *Rules) { r.Shutout = 9 }, "invalid shutout 9"},
		{func(r *Rules) { r.ShutoutWhen = 9 }, "invalid shutout condition 9"},
		{func(r *Rules) { r.Dealer = 9 }, "invalid dealer rule 9"},
	}
	for _, tt := range tests {
		r := DefaultRules()
		tt.change(&r)
		if err := r.Validate(); err == nil || err.Error() != tt.want {
			t.Errorf("Validate() = %v, want %q", err, tt.want)
		}
	}
	for _, name := range PresetNames() {
		r, _ := Preset(name)
		if err := r.Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
}

func TestRuleNamesRoundTrip(t *testing.T) {
	for i, name := range ShutoutNames() {
		var s Shutout
		if err := s.UnmarshalText([]byte(name)); err != nil || s != Shutout(i) || s.String() != name {
			t.Errorf("shutout %q: %v, %v", name, s, err)
		}
	}
	for i, name := range ShutoutWhenNames() {
		var w ShutoutWhen
		if err := w.UnmarshalText([]byte(name)); err != nil || w != ShutoutWhen(i) || w.String() != name {
			t.Errorf("shutout condition %q: %v, %v", name, w, err)
		}
	}
	for i, name := range DealerNames() {
		var d Dealer
		if err := d.UnmarshalText([]byte(name)); err != nil || d != Dealer(i) || d.String() != name {
			t.Errorf("dealer rule %q: %v, %v", name, d, err)
		}
	}
	d := LoserDeals
	if err := d.UnmarshalText([]byte("winner")); err == nil || d != LoserDeals {
		t.Errorf("a bad name: %v, and the value became %v; want an error and the value kept", err, d)
	}
}
