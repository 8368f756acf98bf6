package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// Style is how text output looks: card notation, separators and colour. It
// renders every card once, up front, so that text output is table look-ups.
type Style struct {
	Cards    [64]string // each card as printed, indexed by ginrummy.Card
	Bare     [64]string // each card in the notation printed, without colour
	MeldSep  string     // between melds on one line
	Dash     string     // between an arrangement and its deadwood
	Arrow    string     // between a card laid off and the meld it joins
	Good     func(string) string
	Emphasis func(string) string
	color    bool // colour is on
	Width    int  // the columns text output fits in (OutputWidth)
}

// Color says when text is coloured, as --color gives it.
type Color int

// The colour modes: on a terminal only (unless NO_COLOR is set or TERM
// is "dumb"), always, never.
const (
	ColorAuto Color = iota
	ColorAlways
	ColorNever
)

// NewStyle is the style of output to w, coloured as mode says, its cards
// in canonical ASCII notation (Th, Kc) when plain.
func NewStyle(mode Color, plain bool, w io.Writer) *Style {
	on := colorOn(mode, w)
	s := &Style{MeldSep: " · ", Dash: " — ", Arrow: " → ", color: on, Width: OutputWidth(w)}
	if plain {
		s.MeldSep, s.Dash, s.Arrow = " | ", " - ", " -> "
	}
	red := paint(on, color.FgRed)
	s.Good = paint(on, color.FgGreen)
	s.Emphasis = paint(on, color.Bold)
	for card := range ginrummy.FullDeck.All() {
		text := card.Unicode()
		if plain {
			text = card.String()
		}
		s.Bare[card] = text
		if card.Suit().IsRed() {
			text = red(text)
		}
		s.Cards[card] = text
	}
	return s
}

// colorOn decides whether output to w is coloured: for ColorAuto when w
// is a terminal, NO_COLOR is unset or empty and TERM is not "dumb".
func colorOn(mode Color, w io.Writer) bool {
	switch mode {
	case ColorAlways:
		return true
	case ColorNever:
		return false
	}
	return os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb" && IsTerminal(w)
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

// IsTerminal reports whether v is a file open on a terminal.
func IsTerminal(v any) bool {
	f, ok := v.(interface{ Fd() uintptr })
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// appendCards appends the cards of h as printed, separated by spaces.
func (s *Style) appendCards(b []byte, h ginrummy.Hand) []byte {
	first := true
	for c := range h.All() {
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = append(b, s.Cards[c]...)
	}
	return b
}

// appendMelds appends the melds on one line, or "none".
func (s *Style) appendMelds(b []byte, melds []ginrummy.Meld) []byte {
	if len(melds) == 0 {
		return append(b, "none"...)
	}
	for i, m := range melds {
		if i > 0 {
			b = append(b, s.MeldSep...)
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

// WriteJSON writes v as one line of JSON.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(escapeJSON(b), '\n'))
	return err
}

// escapeJSON writes as a \u escape each character of JSON text that
// encoding/json leaves raw and a terminal should not get raw (DEL, the C1
// controls, bidirectional and zero-width characters: yamlfile.UnsafeRune),
// all of them inside strings: the same JSON, with nothing in it that moves
// a terminal's cursor or turns its text around.
func escapeJSON(b []byte) []byte {
	if !bytes.ContainsFunc(b, yamlfile.UnsafeRune) {
		return b
	}
	out := make([]byte, 0, len(b)+32)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if yamlfile.UnsafeRune(r) {
			for _, u := range utf16.AppendRune(nil, r) {
				out = fmt.Appendf(out, `\u%04x`, u)
			}
		} else {
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return out
}

// JoinList joins names as "a, b and c", with conj ("and", "or") before the last.
func JoinList(names []string, conj string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}

// csvText is a text cell of CSV output as a spreadsheet should see it: one
// that begins with =, +, -, @, a tab or a carriage return, which a
// spreadsheet would take for a formula and run (a player named
// "=HYPERLINK(…)"), gets a ' in front, as OWASP advises, so that it stays
// text. Every text cell gin writes as CSV goes through it; numbers do not,
// so that a negative one stays a number.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// JSONLine is one value as a line of JSON.
func jsonLine(v any) ([]byte, error) {
	var b strings.Builder
	if err := WriteJSON(&b, v); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// Thousands writes a count with commas between groups of three digits.
func Thousands(n int) string { return yamlfile.Thousands(int64(n)) }

// Round rounds x to places decimals, so that JSON shows no noise digits.
func Round(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
