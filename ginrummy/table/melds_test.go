package table

import (
	"fmt"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// Melds is the knocker's melds as the hand was scored by: as named at the
// knock, else the arrangement of least deadwood; nil before the score.
func TestRoundMelds(t *testing.T) {
	for _, tt := range []struct{ named, want string }{
		{"Ac 2c 3c 4c | Ks Kd Kc", "[Ac 2c 3c 4c Kc Kd Ks]"},
		{"", "[Kc Kd Ks Ac 2c 3c 4c 5c]"}, // the kings, then A–5♣: 5 (2♦ 3♥) left
	} {
		var named []ginrummy.Meld
		if tt.named != "" {
			var err error
			if named, err = ginrummy.ParseMelds(tt.named); err != nil {
				t.Fatal(err)
			}
		}
		r, err := Deal(preset(t, "classic"), 0, deck(t, "Ac 2c 3c 4c 5c Ks Kd Kc 2d 3h", "6c 7h 8s 9d Jh Qs 4h 5s 6d Ah", "Td", "2s Qd 3s 4s 7s 8c 9c Tc Jc Qc"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []Move{
			{1, Action{Act: Pass}}, {0, Action{Act: Pass}},
			{1, Action{Act: Draw, Card: ginrummy.NoCard}}, {1, Action{Act: Throw, Card: cards(t, "2s")[0]}},
			{0, Action{Act: Draw, Card: ginrummy.NoCard}},
		} {
			if err := r.Apply(m.Player, m.Action); err != nil {
				t.Fatal(err)
			}
		}
		if m := r.Melds(); m != nil {
			t.Errorf("before the knock: Melds() = %v, want nil", m)
		}
		if err := r.Apply(0, Action{Act: Knock, Card: cards(t, "Qd")[0], Melds: named}); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(r.Melds()); !r.Scored() || got != tt.want {
			t.Errorf("melds named %q: scored %v, Melds() = %s, want %s", tt.named, r.Scored(), got, tt.want)
		}
	}
}
