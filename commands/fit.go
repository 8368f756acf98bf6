package commands

import (
	"bytes"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
	"golang.org/x/term"
)

// defaultWidth is the width text output fits when it does not go to a
// terminal: the classic terminal's.
const defaultWidth = 80

// labelWidth is the column where a labelled line's text starts (appendLabel).
const labelWidth = 12

// outputWidth is the width of the terminal w is, or defaultWidth.
func outputWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols >= 20 {
			return cols
		}
	}
	return defaultWidth
}

// displayWidth is how many columns s takes on a terminal, its colour
// escapes not counted.
func displayWidth(s string) int {
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

// fitLines wraps each labelled line (appendLabel) wider than width at its
// spaces, going on under the label's text so the label stands alone in its
// column. Other lines are left as they are: tables fit themselves
// (table.appendTo), and a word wider than the room is left whole.
func fitLines(text []byte, width int) []byte {
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

// wider reports whether a line of text may be wider than width: one of more
// characters than that (colour escapes count; no character of gin's text is
// wider than one column but the players' names, which fitLines measures).
func wider(text []byte, width int) bool {
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
	if displayWidth(line) <= width {
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
	first, room := max(width-displayWidth(head), 10), max(width-labelWidth, 10)
	if first < room/2 {
		// The label's own words wrap when it is wider than the line (two
		// long names), a word wider than that cut short.
		for _, l := range wrapWords(strings.TrimRight(head, " "), width, width) {
			out = append(append(out, shorten(l, width)...), '\n')
		}
		head, first = strings.Repeat(" ", labelWidth), room
	}
	lines := wrapWords(text, first, room)
	byParts := false
	// A line of parts, "what happened — what it scored", breaks at the last
	// dash before which the first line fits, when that takes no more lines.
	for _, dash := range []string{" — ", " - "} {
		cut := -1
		for i := strings.Index(text, dash); i >= 0; {
			if displayWidth(text[:i]) <= first {
				cut = i
			}
			next := strings.Index(text[i+len(dash):], dash)
			if next < 0 {
				break
			}
			i += len(dash) + next
		}
		if cut >= 0 {
			rest := wrapWords(text[cut+1:], room, room)
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
			out = append(append(out, '\n'), strings.Repeat(" ", labelWidth)...)
		}
		out = append(out, l...)
	}
	return out
}

// wrapWords breaks text at its spaces into a first line of at most first
// columns and the rest of at most room; a word wider than that stands alone.
func wrapWords(text string, first, room int) []string {
	var lines []string
	var line []string
	at, fits := 0, first // the width of the current line, and its room
	for _, word := range strings.Split(text, " ") {
		w := displayWidth(word)
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
		if displayWidth(*last)+displayWidth(sep+t) <= fits {
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
		if displayWidth(l) > limit {
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
	if strings.HasPrefix(line, strings.Repeat(" ", labelWidth)) && len(line) > labelWidth && line[labelWidth] != ' ' {
		return labelWidth // a line that goes on under a label's text
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

// writeTo writes text output to w, each line fitted to its width.
func writeTo(w io.Writer, b []byte) error {
	_, err := w.Write(fitLines(b, outputWidth(w)))
	return err
}
