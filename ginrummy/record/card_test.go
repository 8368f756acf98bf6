package record_test

import (
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/record"
)

// A card of a move typed wrong is refused with how cards are written, and
// the card meant where one can be told: a card split by a space, as "t h",
// is the two words together.
func TestMoveCardTypos(t *testing.T) {
	head := "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"
	spellings := "ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)"
	for _, tc := range []struct{ move, want string }{
		{"Ann take t h", `card 1 "t": no suit; ` + spellings + "; did you mean Th?"},
		{"Ann pass\nBob pass\nAnn draw 10 c throw Tc", `card 1 "10": no suit; ` + spellings + "; did you mean Tc?"},
		{"Ann take hh", `card 1 "hh": unknown rank "h"; ` + spellings},
		{"Ann take ten", `card 1 "ten": unknown suit "en"; ` + spellings + "; ten is written T or 10"},
		{"Ann take 5ss", `card 1 "5ss": unknown suit "ss"; ` + spellings + "; did you mean 5s?"},
		{"Ann take t", `card 1 "t": no suit; ` + spellings},
	} {
		_, err := record.Parse([]byte(head + tc.move + "\n"))
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want it to end %q", tc.move, err, tc.want)
		}
	}
}
