package render

import (
	"slices"
	"strings"

	"github.com/mattn/go-runewidth"
)

// columns is text in columns two spaces apart, under a header row. With a
// width, it fits in it as far as it can: headings of several words stack,
// then the columns close up to one space; then the wrap column's text
// wraps, and the columns that may be cut are.
type columns struct {
	Head      []string
	Right     []bool // the columns aligned to the right
	spans     []span // headings over groups of columns, on a row of their own
	Rows      [][]cell
	PaintHead func(string) string
	Width     int    // the most columns a line may take; 0 for no limit
	Wrap      int    // 1 + the column whose text wraps to fit; 0 for none
	Cut       []bool // the columns whose entries may be cut short to cutWidth to fit
	WrapMin   int    // the least width the wrap column wraps to
}

// cutWidth is the width a column that may be cut is cut to: a name's first
// four letters and an ellipsis.
const cutWidth = 5

// span is a heading over n columns from the first.
type span struct {
	first, n int
	text     string
}

// cell is one entry of a table, measured by its text and printed as paint
// makes it, when paint is set.
type cell struct {
	Text  string
	Paint func(string) string
}

// column adds a column headed head, aligned to the right when right is set.
func (t *columns) column(head string, right bool) {
	t.Head = append(t.Head, head)
	t.Right = append(t.Right, right)
}

// span heads the n columns from first with text, on a row above the headings.
func (t *columns) span(first, n int, text string) {
	t.spans = append(t.spans, span{first, n, text})
}

// layout is how a table is laid out: each column's width and the gap
// between columns.
func (t *columns) layout() (widths []int, gap int) {
	gap = 2
	widths = make([]int, len(t.Head))
	body := make([]int, len(t.Head))
	for _, row := range t.Rows {
		for i, c := range row {
			body[i] = max(body[i], runewidth.StringWidth(c.Text))
		}
	}
	for i, h := range t.Head {
		widths[i] = max(body[i], runewidth.StringWidth(h))
	}
	total := func() int {
		n := gap * (len(widths) - 1)
		for _, w := range widths {
			n += w
		}
		return n
	}
	// The first that fits of: two spaces apart; each heading stacked, its
	// column as wide as its longest word; then stacked and one space apart.
	if t.Width <= 0 || total() <= t.Width {
		return widths, gap
	}
	for i, h := range t.Head {
		longest := 0
		for _, w := range strings.Fields(h) {
			longest = max(longest, runewidth.StringWidth(w))
		}
		widths[i] = max(body[i], longest)
	}
	if total() <= t.Width {
		return widths, gap
	}
	gap = 1
	// Wrap the wrap column, down to a readable width; cut names short; then
	// wrap it further.
	wrapTo := func(least int) {
		if over := total() - t.Width; over > 0 && t.Wrap > 0 {
			i := t.Wrap - 1
			widths[i] = max(widths[i]-over, min(widths[i], least))
		}
	}
	wrapTo(24)
	for i := range widths {
		if total() > t.Width && i < len(t.Cut) && t.Cut[i] {
			names := distinctWidth(t.Rows, i)
			widths[i] = max(min(widths[i], names), cutBody(t.Rows, i, names))
		}
	}
	wrapTo(max(t.WrapMin, 1))
	return widths, gap
}

// distinctWidth is the least width, from cutWidth, at which the names of
// column i cut short stay as many as they are whole: two players whose
// names begin alike are never both "Chri…".
func distinctWidth(rows [][]cell, i int) int {
	var names []string
	for _, row := range rows {
		if i < len(row) {
			if name, _ := splitNumber(row[i].Text); name != "" {
				names = append(names, name)
			}
		}
	}
	for w := cutWidth; ; w++ {
		whole := map[string]string{} // a cut name, and the name it was cut from
		distinct := true
		for _, n := range names {
			c := shorten(n, w)
			if was, seen := whole[c]; seen && was != n {
				distinct = false
				break
			}
			whole[c] = n
		}
		if distinct {
			return w // at the widest name's width every name is whole
		}
	}
}

// cutBody is the width column i's entries need when cut: a number is never
// cut, and a name before a number ("Alexandra 24") is cut to nameWidth.
func cutBody(rows [][]cell, i, nameWidth int) int {
	w := 0
	for _, row := range rows {
		if i >= len(row) {
			continue
		}
		name, number := splitNumber(row[i].Text)
		switch {
		case name == "":
			w = max(w, runewidth.StringWidth(number))
		case number != "":
			w = max(w, min(runewidth.StringWidth(name), nameWidth)+1+len(number))
		}
	}
	return w
}

// splitNumber splits "Alexandra Smith 24" into the name and the number at its
// end; a text that is all number has no name, one without a number no number.
func splitNumber(text string) (name, number string) {
	if strings.Trim(text, "0123456789-") == "" {
		return "", text
	}
	if k := strings.LastIndexByte(text, ' '); k > 0 && strings.Trim(text[k+1:], "0123456789-") == "" {
		return text[:k], text[k+1:]
	}
	return text, ""
}

// cutText cuts an entry of a column that may be cut to width: a name before
// a number loses letters, the number none.
func cutText(text string, width int) string {
	if name, number := splitNumber(text); name != "" && number != "" {
		return shorten(name, max(width-1-len(number), 2)) + " " + number
	}
	return shorten(text, width)
}

// appendTo lays the table out, each column as wide as its widest entry, or
// as layout fits it.
func (t *columns) appendTo(b []byte) []byte {
	widths, gap := t.layout()
	sep := strings.Repeat(" ", gap)
	if len(t.spans) > 0 {
		var line []byte
		at := 0 // the width of line, in columns
		for _, s := range t.spans {
			start, width := 0, 0
			for i := range s.first + s.n {
				if i < s.first {
					start += widths[i] + gap
				} else {
					width += widths[i] + gap
				}
			}
			width -= gap
			pad := start + width - runewidth.StringWidth(s.text) - at
			line = append(line, strings.Repeat(" ", max(pad, 0))...)
			line = append(line, t.PaintHead(s.text)...)
			at = start + width
		}
		b = append(append(b, line...), '\n')
	}
	// The headings, stacked where they do not fit, aligned at the bottom.
	head := make([][]string, len(t.Head))
	rows := 1
	for i, h := range t.Head {
		if runewidth.StringWidth(h) > widths[i] && i < len(t.Cut) && t.Cut[i] {
			h = shorten(h, widths[i])
		}
		head[i] = []string{h}
		if runewidth.StringWidth(h) > widths[i] {
			head[i] = WrapWords(h, widths[i], widths[i])
		}
		rows = max(rows, len(head[i]))
	}
	for r := range rows {
		row := make([]cell, len(t.Head))
		for i, lines := range head {
			if k := r - (rows - len(lines)); k >= 0 {
				row[i] = cell{Text: lines[k], Paint: t.PaintHead}
			}
		}
		b = t.appendRow(b, row, widths, sep)
	}
	for _, row := range t.Rows {
		var more []string // the wrap column's lines after its first
		if i := t.Wrap - 1; i >= 0 && i < len(row) && runewidth.StringWidth(row[i].Text) > widths[i] {
			lines := WrapWords(row[i].Text, widths[i], widths[i])
			for k, l := range lines {
				lines[k] = shorten(l, widths[i]) // a word wider than the column (a long name)
			}
			row = slices.Clone(row)
			row[i] = cell{Text: lines[0], Paint: row[i].Paint}
			more = lines[1:]
		}
		b = t.appendRow(b, row, widths, sep)
		for _, text := range more {
			cont := make([]cell, len(row))
			cont[t.Wrap-1] = cell{Text: text}
			b = t.appendRow(b, cont, widths, sep)
		}
	}
	return b
}

// appendRow writes one line of the table.
func (t *columns) appendRow(b []byte, row []cell, widths []int, sep string) []byte {
	var line []byte
	for i, c := range row {
		if i > 0 {
			line = append(line, sep...)
		}
		text := c.Text
		if runewidth.StringWidth(text) > widths[i] && i < len(t.Cut) && t.Cut[i] {
			text = cutText(text, widths[i])
		}
		pad := strings.Repeat(" ", max(widths[i]-runewidth.StringWidth(text), 0))
		if c.Paint != nil && text != "" {
			text = c.Paint(text)
		}
		if t.Right[i] {
			line = append(append(line, pad...), text...)
		} else {
			line = append(append(line, text...), pad...)
		}
	}
	return append(append(b, strings.TrimRight(string(line), " ")...), '\n')
}
