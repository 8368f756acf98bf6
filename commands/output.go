package commands

import (
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"strings"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
)

// style is how text output looks: card notation, separators and colour. It
// renders every card once, up front, so that text output is table look-ups.
type style struct {
	cards    [64]string // each card as printed, indexed by ginrummy.Card
	bare     [64]string // each card in the notation printed, without colour
	meldSep  string     // between melds on one line
	dash     string     // between an arrangement and its deadwood
	arrow    string     // between a card laid off and the meld it joins
	good     func(string) string
	emphasis func(string) string
	color    bool // colour is on
	width    int  // the columns text output fits in (outputWidth)
}

// newStyle reads --color and, where the command has it, --plain. Colour is on for "always"; for "auto"
// it is on when stdout is a terminal, NO_COLOR is unset or empty and TERM is
// not "dumb".
func newStyle(c *cli.Context) (*style, error) {
	on, err := colorOn(c.String("color"), c.App.Writer)
	if err != nil {
		return nil, err
	}
	s := &style{meldSep: " · ", dash: " — ", arrow: " → ", color: on, width: outputWidth(c.App.Writer)}
	plain := c.Bool("plain")
	if plain {
		s.meldSep, s.dash, s.arrow = " | ", " - ", " -> "
	}
	red := paint(on, color.FgRed)
	s.good = paint(on, color.FgGreen)
	s.emphasis = paint(on, color.Bold)
	for card := range ginrummy.FullDeck.All() {
		text := card.Unicode()
		if plain {
			text = card.String()
		}
		s.bare[card] = text
		if card.Suit().IsRed() {
			text = red(text)
		}
		s.cards[card] = text
	}
	return s, nil
}

// colorOn decides whether output to w is coloured.
func colorOn(mode string, w io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb" && isTerminal(w), nil
	}
	return false, fmt.Errorf("--color %q: want auto, always or never", mode)
}

// paint returns a function that colours text, or leaves it alone when
// colour is off. EnableColor overrides fatih/color's own reading of NO_COLOR
// and of os.Stdout, which --color always and a captured Writer need.
func paint(on bool, attr color.Attribute) func(string) string {
	if !on {
		return func(s string) string { return s }
	}
	c := color.New(attr)
	c.EnableColor()
	return func(s string) string { return c.Sprint(s) }
}

// isTerminal reports whether v is a file open on a terminal.
func isTerminal(v any) bool {
	f, ok := v.(interface{ Fd() uintptr })
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// appendCards appends the cards of h as printed, separated by spaces.
func (s *style) appendCards(b []byte, h ginrummy.Hand) []byte {
	first := true
	for c := range h.All() {
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = append(b, s.cards[c]...)
	}
	return b
}

// appendMelds appends the melds on one line, or "none".
func (s *style) appendMelds(b []byte, melds []ginrummy.Meld) []byte {
	if len(melds) == 0 {
		return append(b, "none"...)
	}
	for i, m := range melds {
		if i > 0 {
			b = append(b, s.meldSep...)
		}
		b = s.appendCards(b, m.Cards())
	}
	return b
}

// appendLabel starts a line of text output with a label in a column of its own.
func appendLabel(b []byte, label string) []byte {
	const width = 12
	b = append(b, label...)
	b = append(b, ' ')
	for n := len(label) + 1; n < width; n++ {
		b = append(b, ' ')
	}
	return b
}

// The JSON appenders write canonical card notation from a table, without
// reflection, so that JSON Lines output keeps up with the analyzer.

// cardJSON holds each card as a JSON string, "Th", indexed by ginrummy.Card.
var cardJSON [64][4]byte

func init() {
	for c := range ginrummy.FullDeck.All() {
		copy(cardJSON[c][:], `"`+c.String()+`"`)
	}
}

// appendCardJSON appends a card as a JSON string: "Th".
func appendCardJSON(b []byte, c ginrummy.Card) []byte {
	return append(b, cardJSON[c&63][:]...)
}

// appendCardsJSON appends the cards of h, in the order of h.All, as a JSON
// array of strings. It walks the bits itself: a card is its bit's index.
func appendCardsJSON(b []byte, h ginrummy.Hand) []byte {
	b = append(b, '[')
	for x := uint64(h); x != 0; x &= x - 1 {
		b = append(b, cardJSON[bits.TrailingZeros64(x)][:]...)
		b = append(b, ',')
	}
	if h != 0 {
		b = b[:len(b)-1]
	}
	return append(b, ']')
}

// appendMeldsJSON appends melds as a JSON array of arrays of cards.
func appendMeldsJSON(b []byte, melds []ginrummy.Meld) []byte {
	b = append(b, '[')
	for i, m := range melds {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCardsJSON(b, m.Cards())
	}
	return append(b, ']')
}

// appendKey appends a comma and a JSON object key.
func appendKey(b []byte, key string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// appendIntField appends a comma and "key":n.
func appendIntField(b []byte, key string, n int) []byte {
	return strconv.AppendInt(appendKey(b, key), int64(n), 10)
}

// appendBoolField appends a comma and "key":true or false.
func appendBoolField(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(appendKey(b, key), v)
}

// knock is a knock laid down, as gin layoff and gin score show it: the
// knocker's melds, its whole hand when it is known, and the defender's reply.
type knock struct {
	knocker  ginrummy.Hand   // the knocker's cards; 0 when only its melds are known
	spread   ginrummy.Spread // how the knocker laid its cards down, when they are known
	melds    []ginrummy.Meld // the knocker's melds, which Layoff.Meld indexes
	defender ginrummy.Hand
	reply    *ginrummy.Reply
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

// appendDeadwood appends deadwood cards and their total, "9♦ J♣ = 19", or
// "0" when there are none.
func (s *style) appendDeadwood(b []byte, cards ginrummy.Hand, total int) []byte {
	if cards != 0 {
		b = append(s.appendCards(b, cards), " = "...)
	}
	return strconv.AppendInt(b, int64(total), 10)
}

// appendKnocker appends the knocker's side: its melds as declared, or its
// hand and the discard, melds and deadwood it was laid down with.
func (s *style) appendKnocker(b []byte, k *knock) []byte {
	r := k.reply
	b = appendLabel(b, "Knocker:")
	if k.knocker == 0 {
		b = s.appendMelds(b, k.melds)
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
		b = append(append(b, s.cards[k.spread.Discard]...), '\n')
	}
	b = appendLabel(b, "  Melds:")
	b = append(s.appendMelds(b, k.melds), " (chosen for least deadwood)\n"...)
	b = appendLabel(b, "  Deadwood:")
	arr := &k.spread.Knocker
	switch {
	case r.BigGin:
		b = append(b, "0: big gin, all eleven cards meld"...)
	case r.Gin:
		b = append(b, "0: gin"...)
	default:
		b = s.appendDeadwood(b, arr.Unmelded, arr.Deadwood)
	}
	return append(b, '\n')
}

// appendDefender appends the defender's reply: its hand, melds, each card
// laid off and the meld it joins, and its deadwood with and without layoffs.
func (s *style) appendDefender(b []byte, k *knock) []byte {
	r := k.reply
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
		b = append(b, s.cards[l.Card]...)
		b = append(b, s.arrow...)
		b = append(s.appendCards(b, k.melds[l.Meld].Cards()), '\n')
	}
	b = s.appendDeadwood(appendLabel(b, "  Deadwood:"), r.Unmelded, r.Deadwood)
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
func (h cardsJSON) MarshalJSON() ([]byte, error) { return appendCardsJSON(nil, ginrummy.Hand(h)), nil }

// meldsJSON is a list of melds that is written as a JSON array of arrays of cards.
type meldsJSON []ginrummy.Meld

// MarshalJSON writes the melds in their order.
func (m meldsJSON) MarshalJSON() ([]byte, error) { return appendMeldsJSON(nil, m), nil }

// layoffJSON is one card laid off and the knocker's meld it joins.
type layoffJSON struct {
	Card ginrummy.Card `json:"card"`
	Meld cardsJSON     `json:"meld"`
}

// replyJSON is the defender's reply to a knock. Its fields are documented in
// the README and must not change.
type replyJSON struct {
	Hand                   cardsJSON    `json:"hand"`
	Melds                  meldsJSON    `json:"melds"`
	Layoffs                []layoffJSON `json:"layoffs"`
	DeadwoodCards          cardsJSON    `json:"deadwood_cards"`
	Deadwood               int          `json:"deadwood"`
	DeadwoodWithoutLayoffs int          `json:"deadwood_without_layoffs"`
}

// knockerJSON is the knocker's hand as it was laid down. Its fields are
// documented in the README and must not change.
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
		Layoffs:                make([]layoffJSON, len(r.Layoffs)),
		DeadwoodCards:          cardsJSON(r.Unmelded),
		Deadwood:               r.Deadwood,
		DeadwoodWithoutLayoffs: r.WithoutLayoffs,
	}
	for i, l := range r.Layoffs {
		j.Layoffs[i] = layoffJSON{Card: l.Card, Meld: cardsJSON(k.melds[l.Meld])}
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

// writeJSON writes v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// joinList joins names as "a, b and c", with conj ("and", "or") before the last.
func joinList(names []string, conj string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}
