package render

import (
	"fmt"
	"strconv"

	"github.com/gin-rummy/gin/ginrummy"
)

// Knock is a knock laid down, as gin layoff and gin score show it: the
// knocker's melds, its whole hand when it is known, and the defender's reply.
type Knock struct {
	knocker  ginrummy.Hand   // the knocker's cards; 0 when only its melds are known
	spread   ginrummy.Spread // how the knocker laid its cards down, when they are known
	Melds    []ginrummy.Meld // the knocker's melds, which Layoff.Meld indexes
	defender ginrummy.Hand
	Reply    *ginrummy.Reply
	declared bool // the knocker named its melds, which were not chosen for it
}

// KnockFromMelds is the knock of melds as declared at the table.
func KnockFromMelds(melds []ginrummy.Meld, defender ginrummy.Hand, reply *ginrummy.Reply) *Knock {
	return &Knock{Melds: melds, defender: defender, Reply: reply}
}

// KnockFromSpread is the knock of a whole hand as ginrummy.LayDown laid it down.
func KnockFromSpread(knocker, defender ginrummy.Hand, spread ginrummy.Spread) *Knock {
	k := &Knock{knocker: knocker, spread: spread, defender: defender}
	k.Melds, k.Reply = k.spread.Knocker.Melds(), &k.spread.Defender
	return k
}

// knockFromRound is the knock of a hand played to its end: the knocker's
// cards and the melds it laid down (declared when it named them), and the
// defender's reply to them.
func knockFromRound(knocker ginrummy.Hand, melds []ginrummy.Meld, declared bool, defender ginrummy.Hand) (*Knock, error) {
	reply, err := ginrummy.DefenderReply(melds, defender)
	if err != nil {
		return nil, err
	}
	k := &Knock{knocker: knocker, Melds: melds, defender: defender, Reply: &reply, declared: declared}
	k.spread.Discard = ginrummy.NoCard
	return k, nil
}

// appendDeadwood appends deadwood cards and their total, "9♦ J♣ = 19", or
// "0" when there are none.
func (s *Style) appendDeadwood(b []byte, cards ginrummy.Hand, total int) []byte {
	if cards != 0 {
		b = append(s.appendCards(b, cards), " = "...)
	}
	return strconv.AppendInt(b, int64(total), 10)
}

// AppendKnock appends a knock laid down, as gin layoff and gin score show
// it: the knocker's side, then the defender's reply.
func (s *Style) AppendKnock(b []byte, k *Knock) []byte {
	return s.appendDefender(s.appendKnocker(b, k), k)
}

// appendKnocker appends the knocker's side: its melds as declared, or its
// hand and the discard, melds and deadwood it was laid down with.
func (s *Style) appendKnocker(b []byte, k *Knock) []byte {
	r := k.Reply
	b = appendLabel(b, "Knocker:")
	if k.knocker == 0 {
		b = s.appendMelds(b, k.Melds)
		switch {
		case r.BigGin:
			b = append(b, " (big gin)"...)
		case r.Gin:
			b = append(b, " (gin)"...)
		}
		return append(b, '\n')
	}
	b = append(s.appendCards(b, k.knocker), '\n')
	if k.spread.Discard != ginrummy.NoCard {
		b = appendLabel(b, "  Discard:")
		b = append(append(b, s.Cards[k.spread.Discard]...), '\n')
	}
	b = appendLabel(b, "  Melds:")
	b = s.appendMelds(b, k.Melds)
	if !k.declared {
		b = append(b, " (chosen for least deadwood)"...)
	}
	b = append(b, '\n')
	b = appendLabel(b, "  Deadwood:")
	switch {
	case r.BigGin:
		b = append(b, "0: big gin, all eleven cards meld"...)
	case r.Gin:
		b = append(b, "0: gin"...)
	default:
		dead := k.knocker // the cards neither melded nor thrown
		for _, m := range k.Melds {
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
func (s *Style) appendDefender(b []byte, k *Knock) []byte {
	r := k.Reply
	b = appendLabel(b, "Defender:")
	b = append(s.appendCards(b, k.defender), '\n')
	b = appendLabel(b, "  Melds:")
	b = append(s.appendMelds(b, r.Melds()), '\n')
	b = appendLabel(b, "  Lays off:")
	switch {
	case r.Gin:
		b = append(b, "none: nothing may be laid off on gin\n"...)
	case len(r.Layoffs) == 0:
		b = append(b, "none\n"...)
	}
	for i, l := range r.Layoffs {
		if i > 0 {
			b = appendLabel(b, "")
		}
		b = append(b, s.Cards[l.Card]...)
		b = append(b, s.Arrow...)
		b = append(s.appendCards(b, k.Melds[l.Meld].Cards()), '\n')
	}
	b = s.appendDeadwood(appendLabel(b, "  Deadwood:"), r.Unmelded, r.Deadwood)
	if len(r.Layoffs) > 0 {
		b = fmt.Appendf(b, " (%d without layoffs)", r.WithoutLayoffs)
	}
	return append(b, '\n')
}

// The JSON of gin layoff and gin score is small and printed once, so it is
// written by encoding/json from these shapes; cards are canonical strings.

// CardsJSON is a hand that is written as a JSON array of cards.
type CardsJSON ginrummy.Hand

// MarshalJSON writes the cards in card order.
func (h CardsJSON) MarshalJSON() ([]byte, error) {
	return appendCardsJSON(nil, ginrummy.Hand(h)), nil
}

// MeldsJSON is a list of melds that is written as a JSON array of arrays of cards.
type MeldsJSON []ginrummy.Meld

// MarshalJSON writes the melds in their order.
func (m MeldsJSON) MarshalJSON() ([]byte, error) { return appendMeldsJSON(nil, m), nil }

// ReplyJSON is the defender's reply to a knock. Its fields are documented in
// docs/json.md and must not change.
type ReplyJSON struct {
	Hand                   CardsJSON             `json:"hand"`
	Melds                  MeldsJSON             `json:"melds"`
	Layoffs                []ginrummy.LayoffJSON `json:"layoffs"`
	DeadwoodCards          CardsJSON             `json:"deadwood_cards"`
	Deadwood               int                   `json:"deadwood"`
	DeadwoodWithoutLayoffs int                   `json:"deadwood_without_layoffs"`
}

// KnockerJSON is the knocker's hand as it was laid down. Its fields are
// documented in docs/json.md and must not change.
type KnockerJSON struct {
	Hand          CardsJSON      `json:"hand"`
	Discard       *ginrummy.Card `json:"discard,omitempty"`
	Melds         MeldsJSON      `json:"melds"`
	DeadwoodCards CardsJSON      `json:"deadwood_cards"`
	Deadwood      int            `json:"deadwood"`
}

// replyOf returns the defender's side of a knock for JSON.
func replyOf(k *Knock) ReplyJSON {
	r := k.Reply
	j := ReplyJSON{
		Hand:                   CardsJSON(k.defender),
		Melds:                  r.Melds(),
		Layoffs:                ginrummy.LayoffsJSON(r.Layoffs, k.Melds),
		DeadwoodCards:          CardsJSON(r.Unmelded),
		Deadwood:               r.Deadwood,
		DeadwoodWithoutLayoffs: r.WithoutLayoffs,
	}
	return j
}

// knockerOf returns the knocker's side of a knock for JSON; nil when only
// its melds are known.
func knockerOf(k *Knock) *KnockerJSON {
	if k.knocker == 0 {
		return nil
	}
	arr := &k.spread.Knocker
	j := &KnockerJSON{
		Hand:          CardsJSON(k.knocker),
		Melds:         arr.Melds(),
		DeadwoodCards: CardsJSON(arr.Unmelded),
		Deadwood:      arr.Deadwood,
	}
	if k.spread.Discard != ginrummy.NoCard {
		j.Discard = &k.spread.Discard
	}
	return j
}

// LayoffJSON is what gin layoff --json prints: the defender's reply,
// then the knocker's side. Its fields are documented in docs/json.md and
// must not change.
type LayoffJSON struct {
	ReplyJSON
	Gin          bool         `json:"gin"`
	BigGin       bool         `json:"big_gin"`
	KnockerMelds MeldsJSON    `json:"knocker_melds"`
	Knocker      *KnockerJSON `json:"knocker,omitempty"`
}

// LayoffJSONOf is what gin layoff --json prints of a knock.
func LayoffJSONOf(k *Knock) LayoffJSON {
	return LayoffJSON{
		ReplyJSON:    replyOf(k),
		Gin:          k.Reply.Gin,
		BigGin:       k.Reply.BigGin,
		KnockerMelds: k.Melds,
		Knocker:      knockerOf(k),
	}
}
