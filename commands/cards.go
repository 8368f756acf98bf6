package commands

import (
	"github.com/gin-rummy/gin/ginrummy"
)

// Lines of hands are nearly always two-character ASCII cards ("7h Kd"), and
// ginrummy.ParseHand, which reads every notation and explains every mistake,
// needs a string. parseHandFast reads just that common form straight from the
// line's bytes; anything else, mistakes included, goes to ParseHand. Its
// tables come from ginrummy.ParseCard, so the notation has one definition.
var (
	fastRank [256]uint8 // rank+1 of an ASCII rank letter, 0 if none
	fastSuit [256]uint8 // suit+1 of an ASCII suit letter, 0 if none
)

func init() {
	for b := range 128 {
		if c, err := ginrummy.ParseCard(string([]byte{byte(b), 'c'})); err == nil {
			fastRank[b] = uint8(c.Rank()) + 1
		}
		if c, err := ginrummy.ParseCard(string([]byte{'A', byte(b)})); err == nil {
			fastSuit[b] = uint8(c.Suit()) + 1
		}
	}
}

// isSep reports whether b separates cards; ParseHand agrees.
func isSep(b byte) bool { return b == ' ' || b == '\t' || b == ',' || b == '\r' }

// parseHandFast returns the hand when line is one or more distinct
// two-character ASCII cards separated by spaces, tabs or commas; ok is false
// for anything else.
func parseHandFast(line []byte) (h ginrummy.Hand, ok bool) {
	for i := 0; i < len(line); {
		if isSep(line[i]) {
			i++
			continue
		}
		if i+1 >= len(line) || (i+2 < len(line) && !isSep(line[i+2])) {
			return 0, false
		}
		r, s := fastRank[line[i]], fastSuit[line[i+1]]
		if r == 0 || s == 0 {
			return 0, false
		}
		c := ginrummy.NewCard(ginrummy.Rank(r-1), ginrummy.Suit(s-1))
		if h.Has(c) {
			return 0, false
		}
		h = h.With(c)
		i += 2
	}
	return h, h != 0
}

// parseHandLine reads one line of cards, fast when it can.
func parseHandLine(line []byte) (ginrummy.Hand, error) {
	if h, ok := parseHandFast(line); ok {
		return h, nil
	}
	return ginrummy.ParseHand(string(line))
}
