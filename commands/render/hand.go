package render

import (
	"fmt"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// AppendRound writes the hand as player p sees it; scoreIt is what to do
// with it once it has ended, which the command words (it reads the sheet).
func (s *Style) AppendRound(b []byte, rec *record.Record, round *table.Round, p int, scoreIt string) []byte {
	v := round.View(p)
	other := rec.Players[1-p]
	b = appendLabel(b, "Hand:")
	b = fmt.Appendf(b, "%s v %s, %s dealt, %s rules", rec.Players[p], other, rec.Players[round.Dealer()], round.Rules().Name)
	if ch := rulesfile.Of(round.Rules()).Changes("target", "hand_limit", "games_at_once"); len(ch) > 0 {
		b = fmt.Appendf(b, "; changed: %s", strings.Join(ch, ", "))
	}
	b = append(b, '\n')
	hand := v.Hand()
	b = appendLabel(b, "Your cards:")
	if hand.Len() == table.DealtCards {
		a := hand.Arrange()
		dead := hand
		for _, m := range a.Melds() {
			dead &^= m.Cards()
		}
		if len(a.Melds()) > 0 {
			b = s.appendMelds(b, a.Melds())
		}
		if len(a.Melds()) > 0 && dead != 0 {
			b = append(b, s.MeldSep...)
		}
		b = append(s.appendCards(b, dead), '\n')
		b = appendLabel(b, "Deadwood:")
		b = fmt.Appendf(b, "%d", a.Deadwood)
		switch {
		case a.Deadwood == 0:
			b = append(b, ", gin"...)
		case a.Deadwood <= v.KnockLimit():
			b = fmt.Appendf(b, ", can knock (limit %d)", v.KnockLimit())
		}
	} else {
		b = s.appendCards(b, hand)
		b = fmt.Appendf(b, "\n")
		b = appendLabel(b, "Deadwood:")
		b = fmt.Appendf(b, "%d after the best throw", hand.DeadwoodAfterDiscard())
	}
	b = append(b, '\n')
	b = appendLabel(b, "Pile:")
	if up := v.Upcard(); up != ginrummy.NoCard {
		b = append(b, "face-up "...)
		b = s.appendCards(b, ginrummy.NewHand(up))
		if dead := v.Dead(); dead != 0 {
			b = append(b, ", under it "...)
			b = s.appendCards(b, dead)
		}
	} else {
		b = append(b, "empty"...)
	}
	b = fmt.Appendf(b, "; stock %d\n", v.Stock())
	for _, l := range []struct {
		what  string
		cards ginrummy.Hand
	}{{"took", v.OpponentTook()}, {"threw", v.OpponentThrew()}, {"passed", v.OpponentPassed()}} {
		if l.cards == 0 {
			continue
		}
		b = appendLabel(b, other+" "+l.what+":")
		b = append(s.appendCards(b, l.cards), '\n')
	}
	return append(s.AppendEnd(b, rec, round), RoundState(rec, round, p, scoreIt)...)
}

// AppendEnd shows how a hand that ended by a knock, gin or big gin was laid
// down, once both hands are known, as gin score shows it: the knocker's
// cards, melds and deadwood; the defender's cards, melds, layoffs and
// deadwood. Nothing before then, nor for a drawn hand.
func (s *Style) AppendEnd(b []byte, rec *record.Record, round *table.Round) []byte {
	h := round.Result()
	if !round.Scored() || h.Ending == ginrummy.Drawn {
		return b
	}
	declared := false
	for _, m := range rec.Moves {
		declared = declared || m.Act == table.Knock && m.Melds != nil
	}
	k, err := knockFromRound(h.Knocked, round.Melds(), declared, h.Defender)
	if err != nil { // the round scored these melds: not to be
		return fmt.Appendf(b, "The cards laid down cannot be shown: %v\n", err)
	}
	return s.AppendKnock(b, k)
}

// AppendKept says where the record of the last hand was kept when a new
// one was started in its place (kept, its new name; nothing when none was).
func AppendKept(b []byte, kept string) []byte {
	if kept == "" {
		return b
	}
	return fmt.Appendf(b, "The last hand is kept as %s.\n", ShellQuote(kept))
}

// AppendTookBack writes the moves an undo took back, a line.
func (s *Style) AppendTookBack(b []byte, rec *record.Record, moves []record.Move) []byte {
	return s.AppendMoves(append(b, "Took back: "...), rec, moves)
}

// AppendMoves writes the moves just recorded, a line.
func (s *Style) AppendMoves(b []byte, rec *record.Record, moves []record.Move) []byte {
	b = append(b, rec.Players[moves[0].Player]...)
	for i, m := range moves {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, ' ')
		b = append(b, m.Act.String()...)
		if m.Card != ginrummy.NoCard {
			b = append(b, ' ')
			b = append(b, s.Cards[m.Card]...)
		}
		if m.Act == table.Show {
			b = append(b, ' ')
			b = s.appendCards(b, m.Cards)
		}
	}
	return append(b, '\n')
}

// RoundState says whose move it is, or how the hand ended and scoreIt,
// what to do with it.
func RoundState(rec *record.Record, round *table.Round, p int, scoreIt string) string {
	name := func(q int) string {
		if q == p {
			return "You"
		}
		return rec.Players[q]
	}
	if !round.Ended() {
		q := round.Turn()
		switch round.Phase() {
		case table.Offer:
			return fmt.Sprintf("%s: take the face-up card or pass.\n", name(q))
		case table.Drawing:
			if round.MustDraw() {
				return fmt.Sprintf("%s: draw from the stock (both passed).\n", name(q))
			}
			return fmt.Sprintf("%s: take the face-up card or draw.\n", name(q))
		default:
			return fmt.Sprintf("%s: throw a card, or knock.\n", name(q))
		}
	}
	h := round.Result()
	if h.Ending == ginrummy.Drawn {
		return "The hand is drawn: the stock is down to two cards.\n" + scoreIt + "\n"
	}
	if !round.Scored() {
		for q := range 2 {
			if !round.Known(q) {
				return fmt.Sprintf("%s laid down: give the ten cards %s shows (%s shows CARDS).\n", rec.Players[h.Knocker], rec.Players[q], record.Name(rec.Players[q]))
			}
		}
	}
	scorer := h.Knocker
	if h.Score.Scorer == ginrummy.Defender {
		scorer = 1 - h.Knocker
	}
	return fmt.Sprintf("%s %s: %s scores %d.\n%s\n", rec.Players[h.Knocker], endingWords(h.Ending), rec.Players[scorer], h.Score.Points, scoreIt)
}

func endingWords(e ginrummy.Ending) string {
	switch e {
	case ginrummy.WentGin:
		return "went gin"
	case ginrummy.WentBigGin:
		return "went big gin"
	}
	return "knocked"
}
