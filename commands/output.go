package commands

import (
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
)

// style is how text output looks: card notation, separators and colour. It
// renders every card once, up front, so that text output is table look-ups.
type style struct {
	cards    [64]string // each card as printed, indexed by ginrummy.Card
	meldSep  string     // between melds on one line
	dash     string     // between an arrangement and its deadwood
	good     func(string) string
	emphasis func(string) string
}

// newStyle reads --color and, where the command has it, --plain. Colour is on for "always"; for "auto"
// it is on when stdout is a terminal, NO_COLOR is unset or empty and TERM is
// not "dumb".
func newStyle(c *cli.Context) (*style, error) {
	on, err := colorOn(c.String("color"), c.App.Writer)
	if err != nil {
		return nil, err
	}
	s := &style{meldSep: " · ", dash: " — "}
	if c.Bool("plain") {
		s.meldSep, s.dash = " | ", " - "
	}
	red := paint(on, color.FgRed)
	s.good = paint(on, color.FgGreen)
	s.emphasis = paint(on, color.Bold)
	for card := range ginrummy.FullDeck.All() {
		text := card.Unicode()
		if c.Bool("plain") {
			text = card.String()
		}
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
