package render

import (
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
)

// scoreHeadline says what a hand scored as, by its kind.
func scoreHeadline(k ginrummy.Kind) string {
	switch {
	case k.Undercut:
		return "Undercut"
	case k.Ending == ginrummy.WentGin:
		return "Gin"
	case k.Ending == ginrummy.WentBigGin:
		return "Big gin"
	}
	return "Knock"
}

// AppendScore appends a hand scored: the knock laid down when the hand was
// given as cards (k; nil when it was given as numbers), then who scores,
// how much, and the breakdown, one amount a line.
func (s *Style) AppendScore(b []byte, hs ginrummy.HandScore, k *Knock) []byte {
	if k != nil {
		b = s.AppendKnock(b, k)
	}
	if hs.Kind.Ending == ginrummy.Drawn {
		return append(append(b, s.Emphasis("Drawn hand: nobody scores.")...), '\n')
	}
	headline := fmt.Sprintf("%s: the %s scores %d.", scoreHeadline(hs.Kind), hs.Scorer, hs.Points)
	b = append(append(b, s.Emphasis(headline)...), '\n')
	for _, it := range hs.Breakdown {
		b = fmt.Appendf(b, "  %3d  %s\n", it.Points, it.Label())
	}
	return b
}

// ScoreJSON is what gin score --json prints. Its fields are documented in
// docs/json.md and must not change.
type ScoreJSON struct {
	Scorer           ginrummy.Side `json:"scorer"`
	Points           int           `json:"points"`
	Kind             ginrummy.Kind `json:"kind"`
	Breakdown        []itemJSON    `json:"breakdown"`
	KnockerDeadwood  *int          `json:"knocker_deadwood,omitempty"`
	DefenderDeadwood *int          `json:"defender_deadwood,omitempty"`
	Knocker          *KnockerJSON  `json:"knocker,omitempty"`
	Defender         *ReplyJSON    `json:"defender,omitempty"`
}

// itemJSON is one line of a score's breakdown.
type itemJSON struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
}

// ScoreJSONOf returns the score of a hand for JSON; k is the knock laid
// down when the hand was given as cards, else nil.
func ScoreJSONOf(hs ginrummy.HandScore, sd ginrummy.Showdown, k *Knock) ScoreJSON {
	j := ScoreJSON{Scorer: hs.Scorer, Points: hs.Points, Kind: hs.Kind, Breakdown: make([]itemJSON, len(hs.Breakdown))}
	for i, it := range hs.Breakdown {
		j.Breakdown[i] = itemJSON{Label: it.Label(), Points: it.Points}
	}
	if hs.Kind.Ending != ginrummy.Drawn {
		j.KnockerDeadwood, j.DefenderDeadwood = &sd.KnockerDeadwood, &sd.DefenderDeadwood
	}
	if k != nil {
		reply := replyOf(k)
		j.Knocker, j.Defender = knockerOf(k), &reply
	}
	return j
}
