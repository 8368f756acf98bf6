package ginrummy

import (
	"errors"
	"testing"
)

// A knock over the limit says, as fields, the knock and the limit it broke:
// the rules' limit, or the one the upcard set.
func TestKnockLimitError(t *testing.T) {
	t.Parallel()
	oklahoma, err := Preset("oklahoma")
	if err != nil {
		t.Fatal(err)
	}
	five, _ := ParseCard("5s")
	tests := []struct {
		rules        Rules
		upcard       Card
		knock, limit int
	}{
		{DefaultRules(), NoCard, 13, 10}, // classic: 10
		{oklahoma, five, 8, 5},           // a five upcard: 5
	}
	for _, tt := range tests {
		_, err := tt.rules.ScoreHand(Showdown{Ending: Knocked, KnockerDeadwood: tt.knock, DefenderDeadwood: 3, Upcard: tt.upcard})
		kerr, ok := errors.AsType[*KnockLimitError](err)
		if !ok || kerr.Knock != tt.knock || kerr.Limit != tt.limit || !errors.Is(err, ErrOverKnockLimit) {
			t.Errorf("%s, knock %d: %v (%+v); want a KnockLimitError of %d over %d", tt.rules.Name, tt.knock, err, kerr, tt.knock, tt.limit)
		}
	}
}
