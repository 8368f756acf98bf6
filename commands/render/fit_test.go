package render

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Every labelled line wider than the width wraps under its text, at spaces,
// and keeps every word in order; other lines are left alone.
func TestFitLinesWrapsLabelledLines(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"Ann", "knocks", "with", "5,", "Bob", "has", "40", "—", "scores", "35", "(deadwood", "difference", "35)", "K♣", "10♦", "\x1b[31mQ♥\x1b[0m"}
	for range 2000 {
		var text []string
		for range 1 + rng.IntN(30) {
			text = append(text, words[rng.IntN(len(words))])
		}
		line := appendLabel(nil, "Hand 12:")
		line = append(line, strings.Join(text, " ")...)
		width := 30 + rng.IntN(60)
		out := string(FitLines(append(line, '\n'), width))
		if !strings.HasSuffix(out, "\n") {
			t.Fatalf("%q: the newline was lost: %q", line, out)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		var got []string
		for i, l := range lines {
			if DisplayWidth(l) > width {
				t.Fatalf("width %d: %q is %d wide", width, l, DisplayWidth(l))
			}
			if i == 0 && !strings.HasPrefix(l, "Hand 12:    ") || i > 0 && !strings.HasPrefix(l, strings.Repeat(" ", LabelWidth)) {
				t.Fatalf("width %d: line %d %q is not under the label's text", width, i, l)
			}
			got = append(got, strings.Fields(l[LabelWidth:])...)
		}
		if strings.Join(got, " ") != strings.Join(text, " ") {
			t.Fatalf("width %d: the words changed:\n%q\n%q", width, strings.Join(text, " "), strings.Join(got, " "))
		}
	}
	columns := "# dealer hand                            points games Ann Bob Ann Bob Ann Bob and more\n"
	if got := string(FitLines([]byte(columns), 40)); got != columns {
		t.Errorf("a line without a label was changed: %q", got)
	}
}

// A hand's line breaks between what happened and what it scored when each
// part then fits.
func TestFitLinesBreaksAtTheDash(t *testing.T) {
	t.Parallel()
	line := "Hand 1:     Ann knocks with 5, Bob has 40 — Ann scores 35 (deadwood difference 35)\n"
	want := "Hand 1:     Ann knocks with 5, Bob has 40\n            — Ann scores 35 (deadwood difference 35)\n"
	if got := string(FitLines([]byte(line), 80)); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

// A sum breaks before a plus, no term cut in two.
func TestFitLinesBreaksASumBeforeAPlus(t *testing.T) {
	t.Parallel()
	line := "Final:      Ann 384 = hand points 104 + game bonus 100 + shutout: game bonus doubled 100 + box bonus 80\n"
	want := "Final:      Ann 384 = hand points 104 + game bonus 100\n            + shutout: game bonus doubled 100 + box bonus 80\n"
	if got := string(FitLines([]byte(line), 80)); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	// After a break at the dash, the sum breaks before a plus too.
	line = "Hand 2:     Bob goes gin, Ann has 18, upcard 3♠ — Bob scores 86 (gin bonus 25 + defender's deadwood 18 + spade upcard doubles 43)\n"
	want = "Hand 2:     Bob goes gin, Ann has 18, upcard 3♠\n            — Bob scores 86 (gin bonus 25 + defender's deadwood 18\n            + spade upcard doubles 43)\n"
	if got := string(FitLines([]byte(line), 70)); got != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	// A term wider than a line: the words wrap as before.
	line = "Final:      Ann 1 = " + strings.Repeat("long ", 16) + "+ box bonus 20\n"
	for _, l := range strings.Split(strings.TrimSuffix(string(FitLines([]byte(line), 40)), "\n"), "\n") {
		if DisplayWidth(l) > 40 {
			t.Errorf("%d wide: %q", DisplayWidth(l), l)
		}
	}
}

// A table wider than its width closes up, stacks its headings, wraps its
// wrap column and cuts long names until it fits.
func TestTableFits(t *testing.T) {
	t.Parallel()
	long := "Bartholomew Jones-Whitaker"
	tb := &columns{PaintHead: func(s string) string { return s }, Width: 80}
	tb.column("#", true)
	tb.column("dealer", false)
	tb.column("hand", false)
	tb.Wrap, tb.WrapMin = len(tb.Head), 12
	tb.column("points scored", false)
	tb.Cut = make([]bool, len(tb.Head))
	tb.Cut[1] = true
	for range 3 {
		for _, n := range []string{"Alexandra Smith", long} {
			tb.column(n, true)
			tb.Cut = append(tb.Cut, true)
		}
	}
	tb.Rows = append(tb.Rows, []cell{{Text: "1"}, {Text: long}, {Text: long + " knocks with 2, Alexandra Smith has 32"}, {Text: "Bart… 30"},
		{Text: "30"}, {Text: "0"}, {Text: "0"}, {Text: "0"}, {Text: "100"}, {Text: "0"}})
	out := string(tb.appendTo(nil))
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if DisplayWidth(l) > 80 {
			t.Errorf("%d wide: %q\n%s", DisplayWidth(l), l, out)
		}
	}
	if !strings.Contains(out, "100") || !strings.Contains(out, "Jones-Whitaker knocks") || !strings.Contains(out, "has 32") {
		t.Errorf("the table lost its numbers or words:\n%s", out)
	}
	// A table that fits is laid out as it always was: two spaces apart.
	small := &columns{Head: []string{"a", "b"}, Right: []bool{false, true}, PaintHead: func(s string) string { return s }, Width: 80, Rows: [][]cell{{{Text: "x"}, {Text: "1"}}}}
	if got := string(small.appendTo(nil)); got != "a  b\nx  1\n" {
		t.Errorf("a table that fits: %q", got)
	}
}

// A label longer than its column (a long name) still wraps, under the
// column's text.
func TestFitLinesLongLabel(t *testing.T) {
	t.Parallel()
	line := "Bartholomew Jones: K♣ K♦ K♥ · 7♦ 8♦ 9♦ — lays off 10♠ on 7♠ 8♠ 9♠ — deadwood 6♣ 4♦ J♥ = 20 (30 without layoffs)\n"
	out := string(FitLines([]byte(line), 80))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "Bartholomew Jones: K♣") || !strings.HasPrefix(lines[1], strings.Repeat(" ", LabelWidth)+"—") {
		t.Errorf("got\n%s", out)
	}
	for _, l := range lines {
		if DisplayWidth(l) > 80 {
			t.Errorf("%d wide: %q", DisplayWidth(l), l)
		}
	}
}

// A column that may be cut cuts a name, never the number after it.
func TestCutText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text  string
		width int
		want  string
	}{
		{"Alexandra Smith 30", 8, "Alex… 30"},
		{"Alexandra 7", 5, "Al… 7"},
		{"Bartholomew", 5, "Bart…"},
	} {
		if got := cutText(tt.text, tt.width); got != tt.want {
			t.Errorf("cutText(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
	// "Alexa… 30" needs 8, "Bob 145" 7, "1200" 4: the column needs 8.
	if w := cutBody([][]cell{{{Text: "Alexandra Smith 30"}}, {{Text: "Bob 145"}}, {{Text: "1200"}}}, 0, cutWidth); w != 8 {
		t.Errorf("cutBody = %d, want 8", w)
	}
	// Names cut short stay apart: "Christi…" and "Christo…" need 8; names
	// that differ in their first four letters need no more than cutWidth.
	for _, tt := range []struct {
		names []string
		want  int
	}{
		{[]string{"Christine Montgomery", "Christopher Montgomery 30"}, 8},
		{[]string{"Ann", "Alexandra", "Bob 12"}, cutWidth},
		{[]string{"Alexandra", "Alexandra 12"}, cutWidth}, // one name twice
	} {
		var rows [][]cell
		for _, n := range tt.names {
			rows = append(rows, []cell{{Text: n}})
		}
		if w := distinctWidth(rows, 0); w != tt.want {
			t.Errorf("distinctWidth(%q) = %d, want %d", tt.names, w, tt.want)
		}
	}
}

// Tables of any shape, at any width from 1, lay out without a panic, and a
// column that may not be cut keeps every word of its entries, but for a word
// of the wrap column wider than the column, which is cut short: its first
// letters and an ellipsis.
func TestTableAnyShape(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"Ann", "Alexandra", "Smith", "knocks", "with", "2,", "12", "—", "Bartholomew", "a", ""}
	for range 20000 {
		tb := &columns{PaintHead: func(s string) string { return s }, Width: 1 + rng.IntN(120), Wrap: rng.IntN(4), WrapMin: rng.IntN(20)}
		n := 1 + rng.IntN(6)
		tb.Cut = make([]bool, n)
		for i := range n {
			tb.column(words[rng.IntN(len(words))]+" "+words[rng.IntN(len(words))], rng.IntN(2) == 0)
			tb.Cut[i] = rng.IntN(2) == 0
		}
		if tb.Wrap > n {
			tb.Wrap = 0
		}
		var kept, wrapped []string
		for range rng.IntN(4) {
			row := make([]cell, n)
			for i := range row {
				var ws []string
				for range rng.IntN(6) {
					ws = append(ws, words[rng.IntN(len(words))])
				}
				row[i] = cell{Text: strings.Join(ws, " ")}
				switch {
				case i == tb.Wrap-1:
					wrapped = append(wrapped, strings.Fields(row[i].Text)...)
				case !tb.Cut[i]:
					kept = append(kept, strings.Fields(row[i].Text)...)
				}
			}
			tb.Rows = append(tb.Rows, row)
		}
		out := string(tb.appendTo(nil))
		for _, w := range kept {
			if !strings.Contains(out, w) {
				t.Fatalf("width %d: %q is lost from\n%s", tb.Width, w, out)
			}
		}
		for _, w := range wrapped {
			if !strings.Contains(out, w) && !cutIn(out, w) {
				t.Fatalf("width %d: %q of the wrap column is lost from\n%s", tb.Width, w, out)
			}
		}
	}
}

// cutIn reports whether out holds word cut short: a word of out that is
// some of word's first letters and an ellipsis.
func cutIn(out, word string) bool {
	for _, f := range strings.Fields(out) {
		if stem, ok := strings.CutSuffix(f, "…"); ok && strings.HasPrefix(word, stem) {
			return true
		}
	}
	return false
}
