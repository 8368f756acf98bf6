package record

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Format writes the record as text, canonically: the header, then the moves,
// a line for each line they were read from, else for each turn (a turn's
// take or draw with its throw or knock), cards as 7h Th.
func Format(r *Record) []byte {
	var b bytes.Buffer
	for _, c := range r.Comment {
		b.WriteString("#")
		if c != "" {
			b.WriteString(" " + c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("players " + Name(r.Players[0]) + " " + Name(r.Players[1]) + "\n")
	if r.Dealer == 0 || r.Dealer == 1 {
		b.WriteString("dealer " + Name(r.Players[r.Dealer]) + "\n")
	}
	if r.Rules != "" {
		b.WriteString("rules " + Name(r.Rules) + "\n")
	}
	if r.Sheet != "" {
		b.WriteString("sheet " + Name(r.Sheet) + "\n")
	}
	if len(r.Score) > 0 {
		b.WriteString("score " + pairs(r.Score, func(t ginrummy.Tally) [2]int { return t.Points }) + "\n")
		if r.HasBoxes {
			b.WriteString("boxes " + pairs(r.Score, func(t ginrummy.Tally) [2]int { return t.Boxes }) + "\n")
		}
	}
	for p, h := range r.Deals {
		if h != 0 {
			b.WriteString("deal " + Name(r.Players[p]) + " " + h.String() + "\n")
		}
	}
	if r.Upcard != ginrummy.NoCard {
		b.WriteString("upcard " + r.Upcard.String() + "\n")
	}
	for start := 0; start < len(r.Moves); {
		end := start + 1
		for end < len(r.Moves) && !newLine(r.Moves[end-1], r.Moves[end]) {
			end++
		}
		writeLine(&b, r, r.Moves[start:end])
		start = end
	}
	return b.Bytes()
}

// writeLine writes a line of moves, all of one player's: the name, then
// each action. Format writes each line so, and Session.Play the line it
// adds.
func writeLine(b *bytes.Buffer, r *Record, moves []Move) {
	b.WriteString(Name(r.Players[moves[0].Player]))
	for _, m := range moves {
		b.WriteString(" " + FormatAction(m.Action))
	}
	b.WriteByte('\n')
}

// pairs writes a pair of numbers of each tally, split by commas: 30 55,
// 10 0, 0 0.
func pairs(ts []ginrummy.Tally, of func(ginrummy.Tally) [2]int) string {
	out := make([]string, len(ts))
	for i, t := range ts {
		p := of(t)
		out[i] = strconv.Itoa(p[0]) + " " + strconv.Itoa(p[1])
	}
	return strings.Join(out, ", ")
}

// newLine reports whether move m starts a line after move prev: where both
// were read from lines, as they were; else at each turn (a take or draw,
// a pass, a show) and each change of player.
func newLine(prev, m Move) bool {
	switch {
	case prev.Player != m.Player:
		return true
	case prev.Line != 0 && m.Line != 0:
		return prev.Line != m.Line
	}
	return m.Act == table.Show || m.Act == table.Take || m.Act == table.Draw || m.Act == table.Pass
}

// Digest identifies the hand a record holds: its players, dealer, rules,
// deal and moves, whatever its comments, spacing or spelling of cards, and
// whatever it says of where it is scored (the sheet it names, the score and
// boxes before it), so that one hand is one digest however those lines are
// edited. Two records of one hand as each player kept it differ.
func Digest(r *Record) string {
	c := *r
	c.Comment = nil
	c.Sheet, c.Score, c.HasBoxes = "", nil, false
	c.Moves = make([]Move, len(r.Moves))
	for i, m := range r.Moves {
		c.Moves[i] = Move{Move: m.Move}
	}
	sum := sha256.Sum256(Format(&c))
	return hex.EncodeToString(sum[:8])
}

// FormatAction writes one action as the record writes it: "draw 7h",
// "knock 9d melds 7h 8h 9h / Ks Kd Kc".
func FormatAction(a table.Action) string {
	s := a.Act.String()
	switch a.Act {
	case table.Take, table.Draw, table.Throw, table.Knock:
		if a.Card != ginrummy.NoCard {
			s += " " + a.Card.String()
		}
	case table.Show:
		s += " " + a.Cards.String()
	}
	if a.Act == table.Knock && a.Melds != nil {
		melds := make([]string, len(a.Melds))
		for i, m := range a.Melds {
			melds[i] = m.String()
		}
		s += " melds " + strings.Join(melds, " / ")
	}
	return s
}

// Name is a name as the record writes it: quoted when it is not one plain
// word.
func Name(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\"#") && !isKeyword(s) {
		return s
	}
	return `"` + s + `"`
}

// NameError says why a name cannot be written in a record, or nil.
func NameError(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return errorf(0, ErrSyntax, "an empty name")
	case strings.TrimSpace(s) != s:
		return errorf(0, ErrSyntax, "the name %q has a space before or after it, which a name cannot hold", s)
	case strings.ContainsRune(s, '"'):
		return errorf(0, ErrSyntax, "the name %q has a double quote, which a hand record cannot hold", s)
	case strings.ContainsFunc(s, ginrummy.UnsafeNameRune):
		return errorf(0, ErrSyntax, "the name %q has a control, format, invisible or line-separating character, a space other than the plain one, or a byte that is not UTF-8", s)
	}
	return nil
}
