package render

import (
	"fmt"
	"strings"

	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets/handfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// Opponent is what the hand records beside a record show of how the
// other player plays: their style as advice.LearnStyle learns it, and what
// it was learnt from. gin hand advise, gin advise --hand and gin hand's
// glance advise by it (docs/advise.md, "Who you play").
type Opponent struct {
	Name    string
	Style   advice.Style
	History handfile.History
	// Given by a flag, and so not the style learnt: --opponent-knocks,
	// --opponent-takes.
	KnocksGiven, TakesGiven bool
}

// Said reports whether the records beside the record tell something under
// the model: a style learnt (how they knock, or what they take), or a file
// that could not be read. Under the uniform model, which weighs no style,
// nothing is.
func (o *Opponent) Said(model advice.Model) bool {
	return o != nil && model == advice.Evidence && (o.KnowsKnocks() || o.Style.Taken > 0 || o.History.Skipped > 0)
}

// KnowsKnocks reports whether a hand showed how they knock.
func (o *Opponent) KnowsKnocks() bool { return o.Style.Early+o.Style.Waited > 0 }

// AppendLine writes the line that says what was learnt and from how many
// hands, under the label Opponent, for advice from a record under the
// evidence model: with no earlier hand of theirs, that the usual prior is
// used (issue 45: a player with no history gets the prior, said so).
// Nothing without a record, or under the uniform model, which weighs no
// style.
func (o *Opponent) AppendLine(b []byte, model advice.Model) []byte {
	if o == nil || model != advice.Evidence {
		return b
	}
	b = appendLabel(b, "Opponent:")
	return append(append(b, o.Words()...), '\n')
}

// Words says what was learnt: "Bob, from 14 earlier hands: knocks at the
// first chance (early 9 times, waited never: 99.9%); takes only to meld (4
// of 5 cards taken melded: 97%)", or with no hand to learn from, the prior.
func (o *Opponent) Words() string {
	st, h := o.Style, o.History
	var b strings.Builder
	b.WriteString(yamlfile.Printable(o.Name))
	if st.Hands == 0 {
		b.WriteString(": no earlier hands, so the usual prior (3 to 2 for knocking early, even odds for taking only to meld)")
	} else {
		fmt.Fprintf(&b, ", from %s: ", count(st.Hands, "earlier hand", "earlier hands"))
		switch {
		case o.KnocksGiven:
			b.WriteString("knocks as --opponent-knocks says")
		case !o.KnowsKnocks():
			fmt.Fprintf(&b, "knocking not shown (an early knock is one with more than %d cards in the stock, and none was seen, nor a hand that could have knocked and waited), so the usual 3 to 2 for knocking early", table.FullStock/2)
		default:
			fmt.Fprintf(&b, "%s (early %s, waited %s: %s)", knockWords(st), times(st.Early), times(st.Waited), Percent(st.KnockRate, 0))
		}
		b.WriteString("; ")
		switch {
		case o.TakesGiven:
			b.WriteString("takes as --opponent-takes says")
		case st.Taken == 0:
			b.WriteString("no card taken to a showdown, so even odds for taking only to meld")
		default:
			fmt.Fprintf(&b, "%s (%d of %s taken melded: %s)", takeWords(st.TookMelds), st.Melded, count(st.Taken, "card", "cards"), Percent(st.TookMelds, 0))
		}
	}
	var notes []string
	if h.Unshown > 0 {
		notes = append(notes, count(h.Unshown, "record", "records")+" with no end shown")
	}
	if h.Skipped > 0 {
		notes = append(notes, count(h.Skipped, "file", "files")+" skipped, not read as a hand record")
	}
	if h.Left > 0 {
		notes = append(notes, fmt.Sprintf("the oldest %s not read", count(h.Left, "file", "files")))
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(notes, "; "))
	}
	return b.String()
}

// knockWords names the knocking style learnt: a player seen both ways in
// one game knocks by value, one seen both ways in different games changes
// style between games, and the others by their knock rate.
func knockWords(st advice.Style) string {
	switch {
	case st.Strong:
		return "plays both ways, so taken to knock by value as the advice does"
	case st.Changes:
		return "plays both ways in different games, so taken to change style from game to game"
	case st.KnockRate >= advice.KnocksEarly:
		return "knocks at the first chance"
	case st.KnockRate <= advice.WaitsForGin:
		return "waits for gin"
	}
	return "plays both ways, so taken to knock by value as the advice does"
}

// takeWords names the taking style of the chance to take only to meld.
func takeWords(chance float64) string {
	switch {
	case chance >= advice.TakesToMeld:
		return "takes only to meld"
	case chance <= advice.TakesAny:
		return "takes any card"
	}
	return "takes to meld or not"
}

// times is "never", "once", "twice" or "N times".
func times(n int) string {
	switch n {
	case 0:
		return "never"
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// count is n and the noun, one or many.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// OpponentJSON is the opponent learnt, in gin advise --json; its fields
// are documented in docs/advise.md.
type OpponentJSON struct {
	Name        string  `json:"name"`
	Records     int     `json:"records"`
	Hands       int     `json:"hands"`
	KnocksEarly int     `json:"knocks_early"`
	Waited      int     `json:"waited"`
	Taken       int     `json:"taken"`
	Melded      int     `json:"melded"`
	Unshown     int     `json:"unshown"`
	Skipped     int     `json:"skipped"`
	Left        int     `json:"left"`
	KnockRate   float64 `json:"knock_rate"`
	KnockRateBy string  `json:"knock_rate_by"`
	TookMelds   float64 `json:"took_melds"`
	TookMeldsBy string  `json:"took_melds_by"`
}

// json is the opponent learnt as JSON, with the chances the advice used at
// p, where the records told (said); nil otherwise.
func (o *Opponent) JSON(p advice.Position, model advice.Model) *OpponentJSON {
	if !o.Said(model) {
		return nil
	}
	st, h := o.Style, o.History
	j := &OpponentJSON{
		Name: o.Name, Records: h.Records, Hands: st.Hands, KnocksEarly: st.Early, Waited: st.Waited,
		Taken: st.Taken, Melded: st.Melded, Unshown: h.Unshown, Skipped: h.Skipped, Left: h.Left,
		KnockRate: advice.DefaultKnockRate, KnockRateBy: "prior", TookMelds: advice.DefaultTookMelds, TookMeldsBy: "prior",
	}
	switch {
	case o.KnocksGiven:
		j.KnockRate, j.KnockRateBy = p.KnockRate, "flag"
	case o.KnowsKnocks():
		j.KnockRate, j.KnockRateBy = Round(p.KnockRate, 5), "records"
	}
	switch {
	case o.TakesGiven:
		j.TookMelds, j.TookMeldsBy = p.TookMelds, "flag"
	case st.Taken > 0:
		j.TookMelds, j.TookMeldsBy = Round(p.TookMelds, 5), "records"
	}
	return j
}
