package record_test

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// A record replayed to its end shows its viewer how the other player
// played: Bob's knock with the A♣ as deadwood, 29 cards left in the stock,
// is an early knock once his cards are shown; before, or with the hand
// still in play, the record shows nothing; HANDS.md's example, Ann's gin
// seen from Bob's side, shows a hand but no early knock (gin is not one).
func TestShown(t *testing.T) {
	const head = "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\nBob pass\nAnn draw Tc throw Tc\n"
	const knock = head + "Bob draw knock Qh\n"
	const shows = knock + "Bob shows 2d 3d 4d 4h 5h 6h Js Jd Jc Ac\n"
	for _, tt := range []struct {
		name, text string
		seat       int
		ok         bool
		want       advice.Style // the counts learnt from it
	}{
		{"in play", head, 0, false, advice.Style{}},
		{"a knock never shown", knock, 0, false, advice.Style{}},
		{"a knock shown", shows, 0, true, advice.Style{Hands: 1, Early: 1}},
		{"HANDS.md's example, as Bob saw it", example, 1, true, advice.Style{Hands: 1}},
	} {
		rec, err := record.Parse([]byte(tt.text))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		round, err := rec.Replay(preset(t, "classic"), -1)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		s, ok := record.Shown(round, tt.seat)
		if ok != tt.ok {
			t.Errorf("%s: shown %v, want %v", tt.name, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		got := advice.LearnStyle([]table.Shown{s})
		got.KnockRate, got.TookMelds = 0, 0
		if got != tt.want {
			t.Errorf("%s: learnt %+v, want %+v", tt.name, got, tt.want)
		}
		if tt.name == "a knock shown" && (s.Mine || s.Ending != ginrummy.Knocked || s.Stock != 29) {
			t.Errorf("%s: %+v, want Bob's knock, not Ann's, with 29 cards in the stock", tt.name, s)
		}
	}
}
