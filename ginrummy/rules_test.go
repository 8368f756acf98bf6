package ginrummy

import "testing"

func TestValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		change func(*Rules)
		want   string
	}{
		{func(r *Rules) { r.KnockLimit = -1 }, "knock limit -1 cannot be negative"},
		{func(r *Rules) { r.BoxBonus = -5 }, "box bonus -5 cannot be negative"},
		{func(r *Rules) { r.Target = 0 }, "target 0 must be at least 1"},
		{func(r *Rules) { r.HandLimit = -1 }, "hand limit -1 cannot be negative"},
		{func(r *Rules) { r.GamesAtOnce = 0 }, "number of games 0 must be at least 1"},
		{func(r *Rules) { r.GamesAtOnce = 1 << 62 }, "number of games 4611686018427387904 must be at most 3"},
		{func(r *Rules) { r.GinBonus = 1 << 40 }, "gin bonus 1099511627776 must be at most 10000"},
		{func(r *Rules) { r.Target = 20000 }, "target 20000 must be at most 10000"},
		{func(r *Rules) { r.KnockLimit = 10001 }, "knock limit 10001 must be at most 10000"},
		{func(r *Rules) { r.HandLimit = 10001 }, "hand limit 10001 must be at most 10000"},
		{func(r *Rules) { r.Shutout = 9 }, "shutout unknown(9): want one of none, double-game-bonus, double-hand-points, add-bonus"},
		{func(r *Rules) { r.ShutoutWhen = 9 }, "shutout condition unknown(9): want one of loser-scored-nothing, loser-won-no-hands, winner-won-every-hand"},
		{func(r *Rules) { r.Dealer = 9 }, "dealing rule unknown(9): want one of alternate, loser"},
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
	t.Parallel()
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
