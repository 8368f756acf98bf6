package render

import (
	"bytes"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// DefaultWidth is the width text output fits when it does not go to a
// terminal: the classic terminal's.
const DefaultWidth = 80

// LabelWidth is the column where a labelled line's text starts (appendLabel).
const LabelWidth = 12

// OutputWidth is the width of the terminal w is, or DefaultWidth.
func OutputWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && IsTerminal(f) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols >= 20 {
			return cols
		}
	}
	return DefaultWidth
}

// DisplayWidth is how many columns s takes on a terminal, its colour
// escapes not counted.
func DisplayWidth(s string) int {
	if !strings.Contains(s, "\x1b[") {
		return runewidth.StringWidth(s)
	}
	var plain strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		plain.WriteByte(s[i])
	}
	return runewidth.StringWidth(plain.String())
}

// FitLines wraps each labelled line (appendLabel) wider than width at its
// spaces, going on under the label's text so the label stands alone in its
// column. Other lines are left as they are: tables fit themselves
// (columns.appendTo), and a word wider than the room is left whole.
func FitLines(text []byte, width int) []byte {
	if width <= 0 {
		return text
	}
	var out []byte
	for len(text) > 0 {
		line, rest, newline := bytes.Cut(text, []byte("\n"))
		out = fitLine(out, string(line), width)
		if newline {
			out = append(out, '\n')
		}
		text = rest
	}
	return out
}

// Wider reports whether a line of text may be wider than width: one of more
// characters than that (colour escapes count; no character of gin's text is
// wider than one column but the players' names, which FitLines measures).
func Wider(text []byte, width int) bool {
	for len(text) > width {
		line, rest, _ := bytes.Cut(text, []byte{'\n'})
		if len(line) > width && utf8.RuneCount(line) > width {
			return true
		}
		text = rest
	}
	return false
}

// fitLine appends line, wrapped to width when it is labelled or goes on
// under a label's text (twelve spaces, then text).
func fitLine(out []byte, line string, width int) []byte {
	if DisplayWidth(line) <= width {
		return append(out, line...)
	}
	start := labelEnd(line)
	if start == 0 {
		return append(out, line...)
	}
	head, text := line[:start], line[start:]
	// The first line has what the label leaves; the others go on under the
	// label column's text. A label that leaves too little (a long name)
	// stands alone, and its text goes on under the column.
	first, room := max(width-DisplayWidth(head), 10), max(width-LabelWidth, 10)
	if first < room/2 {
		// The label's own words wrap when it is wider than the line (two
		// long names), a word wider than that cut short.
		for _, l := range WrapWords(strings.TrimRight(head, " "), width, width) {
			out = append(append(out, shorten(l, width)...), '\n')
		}
		head, first = strings.Repeat(" ", LabelWidth), room
	}
	lines := WrapWords(text, first, room)
	byParts := false
	// A line of parts, "what happened — what it scored", breaks at the last
	// dash before which the first line fits, when that takes no more lines.
	for _, dash := range []string{" — ", " - "} {
		cut := -1
		for i := strings.Index(text, dash); i >= 0; {
			if DisplayWidth(text[:i]) <= first {
				cut = i
			}
			next := strings.Index(text[i+len(dash):], dash)
			if next < 0 {
				break
			}
			i += len(dash) + next
		}
		if cut >= 0 {
			rest := WrapWords(text[cut+1:], room, room)
			if bySum := wrapTerms(text[cut+1:], " + ", room, room); bySum != nil && len(bySum) <= len(rest) {
				rest = bySum // its sum, too, breaks before a plus
			}
			if byDash := append([]string{text[:cut]}, rest...); len(byDash) <= len(lines) {
				lines, byParts = byDash, true
			}
			break
		}
	}
	// Else a sum, "hand points 104 + game bonus 100 + …", breaks before a
	// plus, so no term is cut in two, when that takes no more lines.
	if bySum := wrapTerms(text, " + ", first, room); !byParts && bySum != nil && len(bySum) <= len(lines) {
		lines = bySum
	}
	out = append(out, head...)
	for i, l := range lines {
		if i > 0 {
			out = append(append(out, '\n'), strings.Repeat(" ", LabelWidth)...)
		}
		out = append(out, l...)
	}
	return out
}

// WrapWords breaks text at its spaces into a first line of at most first
// columns and the rest of at most room; a word wider than that stands alone.
func WrapWords(text string, first, room int) []string {
	var lines []string
	var line []string
	at, fits := 0, first // the width of the current line, and its room
	for _, word := range strings.Split(text, " ") {
		w := DisplayWidth(word)
		if len(line) > 0 && at+1+w > fits {
			lines = append(lines, strings.Join(line, " "))
			line, at, fits = nil, 0, room
		}
		if len(line) > 0 {
			at++
		}
		line = append(line, word)
		at += w
	}
	return append(lines, strings.Join(line, " "))
}

// wrapTerms breaks text before each sep that starts a line ("+ game bonus
// 100"), a first line of at most first columns and the rest of at most
// room; nil when text has no sep or a term does not fit a line.
func wrapTerms(text, sep string, first, room int) []string {
	terms := strings.Split(text, sep)
	if len(terms) == 1 {
		return nil
	}
	lead := strings.TrimLeft(sep, " ") // what a line that goes on starts with
	lines := []string{terms[0]}
	fits := first
	for _, t := range terms[1:] {
		last := &lines[len(lines)-1]
		if DisplayWidth(*last)+DisplayWidth(sep+t) <= fits {
			*last += sep + t
			continue
		}
		lines, fits = append(lines, lead+t), room
	}
	for i, l := range lines {
		limit := room
		if i == 0 {
			limit = first
		}
		if DisplayWidth(l) > limit {
			return nil
		}
	}
	return lines
}

// labelEnd is where a labelled line's text starts: after a label ending in
// a colon ("Hand 3:", "Alexandra Smith:") and the spaces after it, as
// appendLabel writes it, or after the twelve spaces of a line that goes on
// under a label's text. It is 0 for any other line.
func labelEnd(line string) int {
	if strings.HasPrefix(line, strings.Repeat(" ", LabelWidth)) && len(line) > LabelWidth && line[LabelWidth] != ' ' {
		return LabelWidth // a line that goes on under a label's text
	}
	if line == "" || line[0] == ' ' {
		return 0
	}
	k := strings.Index(line, ": ")
	if k <= 0 || strings.Contains(line[:k], " — ") || strings.Contains(line[:k], " - ") {
		return 0
	}
	start := k + 1
	for start < len(line) && line[start] == ' ' {
		start++
	}
	if start == len(line) {
		return 0
	}
	return start
}

// WriteTo writes text output to w, each line fitted to its width.
func WriteTo(w io.Writer, b []byte) error {
	_, err := w.Write(FitLines(b, OutputWidth(w)))
	return err
}

// shorten cuts a name to n columns, marking the cut with an ellipsis; with
// no room at all, nothing is left.
func shorten(name string, n int) string {
	if n < 1 {
		return ""
	}
	return runewidth.Truncate(name, n, "…")
}
