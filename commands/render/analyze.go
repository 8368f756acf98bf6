package render

import (
	"fmt"
	"strconv"

	"github.com/gin-rummy/gin/ginrummy"
)

// Analysis is everything gin analyze shows about one hand, and what its
// flags asked to see.
type Analysis struct {
	Hand     ginrummy.Hand
	Shown    *ginrummy.Arrangement // &Arr, or for 11 cards &Advice.Arrangement
	Arr      ginrummy.Arrangement  // the hand's, when it is not 11 cards
	Verdict  bool                  // 10 or 11 cards: the knock verdict applies
	CanKnock bool
	Gin      bool
	Advice   ginrummy.DiscardAdvice // 11 cards
	Outs     ginrummy.Outs          // with --outs
	All      []Arrangement          // with --all
	Limit    int                    // the knock limit
	WithOuts bool                   // --outs: outs is shown
	WithAll  bool                   // --all: all is shown
}

// Arrangement is one arrangement of least deadwood, after a discard for 11 cards.
type Arrangement struct {
	Discard ginrummy.Card // NoCard for no discard
	Arr     ginrummy.Arrangement
}

// AppendAnalysisJSON appends the analysis as one line of JSON. The field names are
// documented in docs/json.md and must not change.
func AppendAnalysisJSON(b []byte, a *Analysis, num int) []byte {
	b = append(b, '{')
	if num > 0 {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(num), 10)
		b = append(b, ',')
	}
	b = append(b, `"hand":`...)
	b = appendCardsJSON(b, a.Hand)
	b = appendKey(b, "melds")
	b = appendMeldsJSON(b, a.Shown.Melds())
	b = appendKey(b, "deadwood_cards")
	b = appendCardsJSON(b, a.Shown.Unmelded)
	b = appendIntField(b, "deadwood", a.Shown.Deadwood)
	if a.Verdict {
		b = appendIntField(b, "knock_limit", a.Limit)
		b = appendBoolField(b, "can_knock", a.CanKnock)
		b = appendBoolField(b, "gin", a.Gin)
	}
	if a.Hand.Len() == 11 {
		b = appendBoolField(b, "big_gin", a.Advice.BigGin)
		b = appendKey(b, "best_discards")
		b = appendCardsJSON(b, a.Advice.Best)
		b = appendKey(b, "discards")
		b = append(b, '[')
		for i, d := range a.Advice.Discards {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"card":`...)
			b = appendCardJSON(b, d.Card)
			b = append(b, `,"deadwood":`...)
			b = strconv.AppendInt(b, int64(d.Deadwood), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if a.WithOuts {
		b = appendKey(b, "outs")
		b = append(b, `{"knock":`...)
		b = appendCardsJSON(b, a.Outs.Knock)
		b = appendKey(b, "gin")
		b = appendCardsJSON(b, a.Outs.Gin)
		b = appendIntField(b, "unseen", a.Outs.Unseen)
		b = append(b, '}')
	}
	if a.WithAll {
		b = appendKey(b, "arrangements")
		b = append(b, '[')
		for i, opt := range a.All {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			if opt.Discard != ginrummy.NoCard {
				b = append(b, `"discard":`...)
				b = appendCardJSON(b, opt.Discard)
				b = append(b, ',')
			}
			b = append(b, `"melds":`...)
			b = appendMeldsJSON(b, opt.Arr.Melds())
			b = appendKey(b, "deadwood_cards")
			b = appendCardsJSON(b, opt.Arr.Unmelded)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}', '\n')
}

// AppendAnalysis appends the analysis for a person to read. Hands from
// stdin are labelled with their line number and followed by a blank line.
func (s *Style) AppendAnalysis(b []byte, a *Analysis, num int) []byte {
	if num > 0 {
		b = appendLabel(b, "Line "+strconv.Itoa(num)+":")
	} else {
		b = appendLabel(b, "Hand:")
	}
	b = append(s.appendCards(b, a.Hand), '\n')
	eleven := a.Hand.Len() == 11
	if eleven && !a.Advice.BigGin {
		b = appendLabel(b, "Discard:")
		b = append(s.appendAlternatives(b, a.Advice.Best), '\n')
	}
	b = appendLabel(b, "Melds:")
	b = append(s.appendMelds(b, a.Shown.Melds()), '\n')
	b = append(s.appendDeadwood(appendLabel(b, "Deadwood:"), a.Shown.Unmelded, a.Shown.Deadwood), '\n')
	b = append(s.appendKnockVerdict(b, a), '\n')
	if eleven {
		b = s.appendDiscards(b, a.Advice.Discards)
	}
	if a.WithOuts {
		b = s.appendOuts(b, "Knock outs:", a.Outs.Knock, a.Outs.Unseen)
		b = s.appendOuts(b, "Gin outs:", a.Outs.Gin, a.Outs.Unseen)
	}
	if a.WithAll {
		b = s.appendOptions(b, a.All)
	}
	if num > 0 {
		b = append(b, '\n')
	}
	return b
}

// appendKnockVerdict appends the one-line answer: gin, knock, or not.
func (s *Style) appendKnockVerdict(b []byte, a *Analysis) []byte {
	limit := strconv.Itoa(a.Limit)
	after := ""
	if a.Hand.Len() == 11 {
		after = " after discarding " + s.Cards[a.Advice.Discards[0].Card]
	}
	switch {
	case !a.Verdict:
		return fmt.Appendf(b, "No knock verdict: %d %s; a knock takes 10, or 11 before the discard.", a.Hand.Len(), Plural(a.Hand.Len(), "card", "cards"))
	case a.Advice.BigGin && a.Hand.Len() == 11:
		return append(b, s.Good("Big gin: all eleven cards meld.")...)
	case a.Gin:
		return append(b, s.Good("Gin"+after+".")...)
	case a.CanKnock:
		return append(b, s.Good("Can knock"+after+" (limit "+limit+").")...)
	case after != "":
		return append(b, "Cannot knock: the best discard leaves "+strconv.Itoa(a.Shown.Deadwood)+", over the limit of "+limit+"."...)
	}
	return append(b, "Cannot knock: "+strconv.Itoa(a.Shown.Deadwood)+" is over the limit of "+limit+"."...)
}

// appendAlternatives appends cards as "A♣, 5♦ or K♠".
func (s *Style) appendAlternatives(b []byte, h ginrummy.Hand) []byte {
	var names []string
	for c := range h.All() {
		names = append(names, s.Cards[c])
	}
	return append(b, JoinList(names, "or")...)
}

// appendDiscards appends the discards as a table, one line per deadwood
// left, least first.
func (s *Style) appendDiscards(b []byte, discards []ginrummy.Discard) []byte {
	for i, d := range discards {
		if i > 0 && d.Deadwood == discards[i-1].Deadwood {
			b = append(b, ' ')
			b = append(b, s.Cards[d.Card]...)
			continue
		}
		if i == 0 {
			b = appendLabel(b, "Discards:")
		} else {
			b = appendLabel(append(b, '\n'), "")
		}
		b = fmt.Appendf(b, "%3d  %s", d.Deadwood, s.Cards[d.Card])
	}
	return append(b, '\n')
}

// appendOuts appends one line of outs and how many of the unseen cards they are.
func (s *Style) appendOuts(b []byte, label string, outs ginrummy.Hand, unseen int) []byte {
	b = appendLabel(b, label)
	if outs == 0 {
		b = append(b, "none"...)
	} else {
		b = s.appendCards(b, outs)
	}
	return fmt.Appendf(b, " (%d of %d unseen)\n", outs.Len(), unseen)
}

// appendOptions appends every arrangement of least deadwood, one a line.
func (s *Style) appendOptions(b []byte, all []Arrangement) []byte {
	b = fmt.Appendf(b, "Every arrangement of least deadwood (%d):\n", len(all))
	for _, opt := range all {
		b = append(b, "  "...)
		if opt.Discard != ginrummy.NoCard {
			b = append(b, "discard "...)
			b = append(b, s.Cards[opt.Discard]...)
			b = append(b, ": "...)
		}
		b = s.appendMelds(b, opt.Arr.Melds())
		b = append(b, s.Dash...)
		if opt.Arr.Unmelded == 0 {
			b = append(b, "no deadwood"...)
		} else {
			b = append(b, "deadwood "...)
			b = s.appendCards(b, opt.Arr.Unmelded)
		}
		b = append(b, '\n')
	}
	return b
}
