package ginrummy

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// Meld is a set (three or four cards of one rank) or a run (three or more
// cards of one suit in consecutive ranks, ace low). It holds its cards as a Hand.
type Meld Hand

// rankBits has the ace of every suit; shifted left by r it has every card of rank r.
const rankBits Hand = 1 | 1<<16 | 1<<32 | 1<<48

// Cards returns the meld's cards.
func (m Meld) Cards() Hand { return Hand(m) }

// Len returns the number of cards in the meld.
func (m Meld) Len() int { return Hand(m).Len() }

// IsSet reports whether the meld is three or four cards of one rank.
func (m Meld) IsSet() bool {
	h := Hand(m)
	if !h.IsValid() {
		return false
	}
	if n := h.Len(); n < 3 || n > 4 {
		return false
	}
	r := bits.TrailingZeros64(uint64(h)) & 15
	return h&^(rankBits<<r) == 0
}

// IsRun reports whether the meld is three or more cards of one suit in
// consecutive ranks.
func (m Meld) IsRun() bool {
	h := Hand(m)
	if h == 0 || !h.IsValid() {
		return false
	}
	low := bits.TrailingZeros64(uint64(h))
	p := uint64(h) >> low
	// One suit and consecutive: the bits form a single block that stays
	// inside the 13 ranks of the lowest card's suit.
	n := bits.OnesCount64(p)
	return n >= 3 && p == 1<<n-1 && low&15+n <= NumRanks
}

// IsValid reports whether the meld is a set or a run.
func (m Meld) IsValid() bool { return m.IsSet() || m.IsRun() }

// String returns the meld's cards in canonical notation.
func (m Meld) String() string { return Hand(m).String() }

// Unicode returns the meld's cards in the notation for people.
func (m Meld) Unicode() string { return Hand(m).Unicode() }

// ErrNotMeld is the reason a group of cards given as a meld is neither a set nor a run.
var ErrNotMeld = errors.New("not a set or a run")

// MeldError says which meld of a list could not be read and why. When one of
// its cards is at fault, Err is that card's *ParseError.
type MeldError struct {
	Pos   int    // 1-based position of the meld in the list
	Text  string // the meld as typed
	Cards int    // with ErrNotMeld, the cards it holds
	Err   error  // ErrNotMeld, ErrEmpty, or a *ParseError
}

func (e *MeldError) Error() string {
	msg := fmt.Sprintf("meld %d %q: %v", e.Pos, strings.TrimSpace(e.Text), e.Err)
	if e.Err != ErrNotMeld {
		return msg
	}
	switch {
	case strings.Contains(e.Text, ","):
		return msg + `; separate melds with | or ; ("7h 8h 9h | Ks Kd Kc"), not commas`
	case e.Cards < 3:
		return msg + "; a meld has three cards or more"
	}
	return msg
}

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *MeldError) Unwrap() error { return e.Err }

// ParseMelds reads a list of melds separated by | or ;, each a list of cards as
// Parse reads them ("7h 8h 9h | Ks Kd Kc"). Every group must be a set or a run
// and no card may appear twice. Card positions in errors count across the list.
func ParseMelds(s string) ([]Meld, error) {
	var melds []Meld
	var seen Hand
	pos := 0
	for i, text := range splitMelds(s) {
		h, err := parseInto(text, seen, pos, nil)
		if err != nil {
			var perr *ParseError
			if errors.As(err, &perr) && perr.Pos == 0 {
				err = ErrEmpty
			}
			return nil, &MeldError{Pos: i + 1, Text: text, Err: err}
		}
		pos += h.Len()
		seen |= h
		m := Meld(h)
		if !m.IsValid() {
			return nil, &MeldError{Pos: i + 1, Text: text, Cards: h.Len(), Err: ErrNotMeld}
		}
		melds = append(melds, m)
	}
	return melds, nil
}

// splitMelds cuts a list of melds at every | and ;, keeping empty groups so
// that they can be reported.
func splitMelds(s string) []string {
	var groups []string
	for {
		i := strings.IndexAny(s, "|;")
		if i < 0 {
			return append(groups, s)
		}
		groups = append(groups, s[:i])
		s = s[i+1:]
	}
}
