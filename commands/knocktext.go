package commands

import (
	"fmt"
	"strconv"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
)

// knock is a knock laid down, as gin layoff and gin score show it: the
// knocker's melds, its whole hand when it is known, and the defender's reply.
type knock struct {
	knocker  ginrummy.Hand   // the knocker's cards; 0 when only its melds are known
	spread   ginrummy.Spread // how the knocker laid its cards down, when they are known
	melds    []ginrummy.Meld // the knocker's melds, which Layoff.Meld indexes
	defender ginrummy.Hand
	reply    *ginrummy.Reply
	declared bool // the knocker named its melds, which were not chosen for it
}

// knockFromMelds is the knock of melds as declared at the table.
func knockFromMelds(melds []ginrummy.Meld, defender ginrummy.Hand, reply *ginrummy.Reply) *knock {
	return &knock{melds: melds, defender: defender, reply: reply}
}

// knockFromSpread is the knock of a whole hand as ginrummy.LayDown laid it down.
func knockFromSpread(knocker, defender ginrummy.Hand, spread ginrummy.Spread) *knock {
	k := &knock{knocker: knocker, spread: spread, defender: defender}
	k.melds, k.reply = k.spread.Knocker.Melds(), &k.spread.Defender
	return k
}

// knockFromRound is the knock of a hand played to its end: the knocker's
// cards and the melds it laid down (declared when it named them), and the
// defender's reply to them.
func knockFromRound(knocker ginrummy.Hand, melds []ginrummy.Meld, declared bool, defender ginrummy.Hand) (*knock, error) {
	reply, err := ginrummy.DefenderReply(melds, defender)
	if err != nil {
		return nil, err
	}
	k := &knock{knocker: knocker, melds: melds, defender: defender, reply: &reply, declared: declared}
	k.spread.Discard = ginrummy.NoCard
	return k, nil
}

// appendDeadwood appends deadwood cards and their total, "9♦ J♣ = 19", or
// "0" when there are none.
func (s *style) appendDeadwood(b []byte, cards ginrummy.Hand, total int) []byte {
	if cards != 0 {
		b = append(s.AppendCards(b, cards), " = "...)
	}
	return strconv.AppendInt(b, int64(total), 10)
}

// appendKnocker appends the knocker's side: its melds as declared, or its
// hand and the discard, melds and deadwood it was laid down with.
func (s *style) appendKnocker(b []byte, k *knock) []byte {
	r := k.reply
	b = render.AppendLabel(b, "Knocker:")
	if k.knocker == 0 {
		b = s.AppendMelds(b, k.melds)
		switch {
		case r.BigGin:
			b = append(b, " (big gin)"...)
		case r.Gin:
			b = append(b, " (gin)"...)
		}
		return append(b, '\n')
	}
	b = append(s.AppendCards(b, k.knocker), '\n')
	if k.spread.Discard != ginrummy.NoCard {
		b = render.AppendLabel(b, "  Discard:")
		b = append(append(b, s.Cards[k.spread.Discard]...), '\n')
	}
	b = render.AppendLabel(b, "  Melds:")
	b = s.AppendMelds(b, k.melds)
	if !k.declared {
		b = append(b, " (chosen for least deadwood)"...)
	}
	b = append(b, '\n')
	b = render.AppendLabel(b, "  Deadwood:")
	switch {
	case r.BigGin:
		b = append(b, "0: big gin, all eleven cards meld"...)
	case r.Gin:
		b = append(b, "0: gin"...)
	default:
		dead := k.knocker // the cards neither melded nor thrown
		for _, m := range k.melds {
			dead &^= m.Cards()
		}
		if k.spread.Discard != ginrummy.NoCard {
			dead &^= ginrummy.NewHand(k.spread.Discard)
		}
		b = s.appendDeadwood(b, dead, dead.Value())
	}
	return append(b, '\n')
}

// appendDefender appends the defender's reply: its hand, melds, each card
// laid off and the meld it joins, and its deadwood with and without layoffs.
func (s *style) appendDefender(b []byte, k *knock) []byte {
	r := k.reply
	b = render.AppendLabel(b, "Defender:")
	b = append(s.AppendCards(b, k.defender), '\n')
	b = render.AppendLabel(b, "  Melds:")
	b = append(s.AppendMelds(b, r.Melds()), '\n')
	b = render.AppendLabel(b, "  Lays off:")
	switch {
	case r.Gin:
		b = append(b, "none: nothing may be laid off on gin\n"...)
	case len(r.Layoffs) == 0:
		b = append(b, "none\n"...)
	}
	for i, l := range r.Layoffs {
		if i > 0 {
			b = render.AppendLabel(b, "")
		}
		b = append(b, s.Cards[l.Card]...)
		b = append(b, s.Arrow...)
		b = append(s.AppendCards(b, k.melds[l.Meld].Cards()), '\n')
	}
	b = s.appendDeadwood(render.AppendLabel(b, "  Deadwood:"), r.Unmelded, r.Deadwood)
	if len(r.Layoffs) > 0 {
		b = fmt.Appendf(b, " (%d without layoffs)", r.WithoutLayoffs)
	}
	return append(b, '\n')
}

// The JSON of gin layoff and gin score is small and printed once, so it is
// written by encoding/json from these shapes; cards are canonical strings.

// cardsJSON is a hand that is written as a JSON array of cards.
type cardsJSON ginrummy.Hand

// MarshalJSON writes the cards in card order.
func (h cardsJSON) MarshalJSON() ([]byte, error) {
	return render.AppendCardsJSON(nil, ginrummy.Hand(h)), nil
}

// meldsJSON is a list of melds that is written as a JSON array of arrays of cards.
type meldsJSON []ginrummy.Meld

// MarshalJSON writes the melds in their order.
func (m meldsJSON) MarshalJSON() ([]byte, error) { return render.AppendMeldsJSON(nil, m), nil }

// replyJSON is the defender's reply to a knock. Its fields are documented in
// docs/json.md and must not change.
type replyJSON struct {
	Hand                   cardsJSON             `json:"hand"`
	Melds                  meldsJSON             `json:"melds"`
	Layoffs                []ginrummy.LayoffJSON `json:"layoffs"`
	DeadwoodCards          cardsJSON             `json:"deadwood_cards"`
	Deadwood               int                   `json:"deadwood"`
	DeadwoodWithoutLayoffs int                   `json:"deadwood_without_layoffs"`
}

// knockerJSON is the knocker's hand as it was laid down. Its fields are
// documented in docs/json.md and must not change.
type knockerJSON struct {
	Hand          cardsJSON      `json:"hand"`
	Discard       *ginrummy.Card `json:"discard,omitempty"`
	Melds         meldsJSON      `json:"melds"`
	DeadwoodCards cardsJSON      `json:"deadwood_cards"`
	Deadwood      int            `json:"deadwood"`
}

// replyOf returns the defender's side of a knock for JSON.
func replyOf(k *knock) replyJSON {
	r := k.reply
	j := replyJSON{
		Hand:                   cardsJSON(k.defender),
		Melds:                  r.Melds(),
		Layoffs:                ginrummy.LayoffsJSON(r.Layoffs, k.melds),
		DeadwoodCards:          cardsJSON(r.Unmelded),
		Deadwood:               r.Deadwood,
		DeadwoodWithoutLayoffs: r.WithoutLayoffs,
	}
	return j
}

// knockerOf returns the knocker's side of a knock for JSON; nil when only
// its melds are known.
func knockerOf(k *knock) *knockerJSON {
	if k.knocker == 0 {
		return nil
	}
	arr := &k.spread.Knocker
	j := &knockerJSON{
		Hand:          cardsJSON(k.knocker),
		Melds:         arr.Melds(),
		DeadwoodCards: cardsJSON(arr.Unmelded),
		Deadwood:      arr.Deadwood,
	}
	if k.spread.Discard != ginrummy.NoCard {
		j.Discard = &k.spread.Discard
	}
	return j
}
