package commands

import (
	"bytes"
	"io"
	"os"
	"strings"

	"github.com/mattn/go-runewidth"
	"github.com/urfave/cli/v2"
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

// fitLine appends line, wrapped to width when it is labelled.
func fitLine(out []byte, line string, width int) []byte {
	if displayWidth(line) <= width || !isLabelled(line) {
		return append(out, line...)
	}
	indent, head, line := labelWidth, line[:labelWidth], line[labelWidth:]
	room := max(width-indent, 10)
	// A line of two parts, "what happened — what it scored", breaks
	// between them when each then fits.
	for _, dash := range []string{" — ", " - "} {
		if first, second, ok := strings.Cut(line, dash); ok && displayWidth(first) <= room && displayWidth(second)+len(dash)-1 <= room {
			out = append(append(out, head...), first...)
			out = append(append(out, '\n'), strings.Repeat(" ", indent)...)
			return append(out, strings.TrimPrefix(dash, " ")+second...)
		}
	}
	out = append(out, head...)
	at := 0 // the width of the current line's text after the indent
	for i, word := range strings.Split(line, " ") {
		w := displayWidth(word)
		switch {
		case i == 0:
		case at+1+w > room && at > 0:
			out = append(out, '\n')
			out = append(out, strings.Repeat(" ", indent)...)
			at = 0
		default:
			out = append(out, ' ')
			at++
		}
		out = append(out, word...)
		at += w
	}
	return out
}

// isLabelled reports whether line starts with a label in its own column, as
// appendLabel writes it: "Hand 3:" and spaces up to labelWidth.
func isLabelled(line string) bool {
	if len(line) <= labelWidth || line[0] == ' ' || line[labelWidth-1] != ' ' {
		return false
	}
	label := strings.TrimRight(line[:labelWidth], " ")
	return strings.HasSuffix(label, ":") && line[labelWidth] != ' '
}

// writeText writes text output to the command's stdout, each line fitted to
// its width.
func writeText(c *cli.Context, b []byte) error {
	_, err := c.App.Writer.Write(fitLines(b, outputWidth(c.App.Writer)))
	return err
}
