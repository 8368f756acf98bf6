// Package strongtables reads the two tables ginrummy/advice embeds of how
// a player who plays as the advice does plays (strongknocks.txt and
// strongundercuts.txt), for the advice that weighs them and for the
// producer that measures them again (internal/strongmeasure), so that both
// read the same lines by the same rules and bounds. It does no I/O: it
// reads a table's text.
package strongtables

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// KnockColumns and UndercutColumns name the fields of a line of
// strongknocks.txt and strongundercuts.txt, in order: the last line of
// each file's header.
const (
	KnockColumns    = "stock-from stock-to deadwood-from deadwood-to chance decisions"
	UndercutColumns = "stock-from stock-to shift slope per-deadwood per-stock knocks"
)

// KnockBand is a line of strongknocks.txt: the chance of knocking with
// deadwood Lo..Hi while the stock held From..To cards, and the decisions
// it was measured on.
type KnockBand struct {
	From, To, Lo, Hi int
	Chance           float64
	Decisions        int
}

// ParseKnocks reads the bands of strongknocks.txt: a line per band, the
// stock from and to, the deadwood from and to, the chance of knocking and
// the decisions it was measured on; # opens a comment.
func ParseKnocks(text string) ([]KnockBand, error) {
	var out []KnockBand
	err := lines(text, KnockColumns, 4, func(line int, n []int, f []string) error {
		c, err := strconv.ParseFloat(f[4], 64)
		if err != nil || !(c >= 0 && c <= 1) {
			return fmt.Errorf("line %d: chance %q is not between 0 and 1", line, f[4])
		}
		d, err := strconv.Atoi(f[5])
		if err != nil || d < 0 {
			return fmt.Errorf("line %d: decisions %q is not a count", line, f[5])
		}
		out = append(out, KnockBand{From: n[0], To: n[1], Lo: n[2], Hi: n[3], Chance: c, Decisions: d})
		return nil
	})
	return out, err
}

// UndercutLine is a line of strongundercuts.txt: how the chance of an
// undercut the model says of a knock made while the stock held From..To
// cards is read (LogOdds), and the knocks it was measured on.
type UndercutLine struct {
	From, To                            int
	Shift, Slope, PerDeadwood, PerStock float64
	Knocks                              int
}

// MaxShift bounds a shift of strongundercuts.txt: a measure that says more
// is a run too short to say it.
const MaxShift = 5

// MaxPerDeadwood bounds what a point of the knocker's deadwood adds to the
// log-odds of an undercut: more, and a knock of 10 would differ from one of
// 1 by odds beyond e^9, which no run of games measures.
const MaxPerDeadwood = 1

// MaxPerStock bounds what a card of the stock adds to the log-odds of an
// undercut, for the same reason: at 1 already, the ends of the band of 0
// to 12 cards would differ by odds of e^12.
const MaxPerStock = 1

// ParseUndercuts reads the lines of strongundercuts.txt: a line per
// stretch of the stock, the stock from and to, the shift, the slope (above
// 0, at most 1), the log-odds a point of the knocker's deadwood adds, the
// log-odds a card of the stock beyond stock-from adds, each within its
// bound, and the knocks they were measured on; # opens a comment.
func ParseUndercuts(text string) ([]UndercutLine, error) {
	var out []UndercutLine
	err := lines(text, UndercutColumns, 2, func(line int, n []int, f []string) error {
		shift, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !(math.Abs(shift) <= MaxShift) {
			return fmt.Errorf("line %d: shift %q is not a number from -%v to %v", line, f[2], MaxShift, MaxShift)
		}
		slope, err := strconv.ParseFloat(f[3], 64)
		if err != nil || !(slope > 0 && slope <= 1) {
			return fmt.Errorf("line %d: slope %q is not above 0 and at most 1", line, f[3])
		}
		per, err := strconv.ParseFloat(f[4], 64)
		if err != nil || !(math.Abs(per) <= MaxPerDeadwood) {
			return fmt.Errorf("line %d: per-deadwood %q is not a number from -%v to %v", line, f[4], MaxPerDeadwood, MaxPerDeadwood)
		}
		perStock, err := strconv.ParseFloat(f[5], 64)
		if err != nil || !(math.Abs(perStock) <= MaxPerStock) {
			return fmt.Errorf("line %d: per-stock %q is not a number from -%v to %v", line, f[5], MaxPerStock, MaxPerStock)
		}
		if n[0] > n[1] {
			return fmt.Errorf("line %d: stock from %d is more than stock to %d", line, n[0], n[1])
		}
		k, err := strconv.Atoi(f[6])
		if err != nil || k < 0 {
			return fmt.Errorf("line %d: knocks %q is not a count", line, f[6])
		}
		out = append(out, UndercutLine{From: n[0], To: n[1], Shift: shift, Slope: slope, PerDeadwood: per, PerStock: perStock, Knocks: k})
		return nil
	})
	return out, err
}

// LogOdds is the log-odds l reads of p, the model's chance (strictly
// between 0 and 1), for a knock keeping deadwood points made with stock
// cards in the stock: p's log-odds times the slope, plus the shift, plus
// per-deadwood for each point of deadwood, plus per-stock for each card of
// the stock beyond From.
func (l UndercutLine) LogOdds(p float64, stock, deadwood int) float64 {
	return l.Shift + l.Slope*math.Log(p/(1-p)) + l.PerDeadwood*float64(deadwood) + l.PerStock*float64(stock-l.From)
}

// lines calls each with every line of text that is neither blank nor a
// comment (# opens one): its 1-based number, its first counts fields read
// as counts, and all its fields, which are as many as the words of
// columns. A line of other fields, or a field of the counts that is not
// one, is an error that says which line.
func lines(text, columns string, counts int, each func(line int, n []int, f []string) error) error {
	want := len(strings.Fields(columns))
	n := make([]int, counts)
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != want {
			return fmt.Errorf("line %d: %d fields, not %s", i+1, len(f), columns)
		}
		for j := range n {
			v, err := strconv.Atoi(f[j])
			if err != nil || v < 0 {
				return fmt.Errorf("line %d: field %d %q is not a count", i+1, j+1, f[j])
			}
			n[j] = v
		}
		if err := each(i+1, n, f); err != nil {
			return err
		}
	}
	return nil
}
