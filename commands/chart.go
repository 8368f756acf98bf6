package commands

import (
	"slices"
	"strings"

	"github.com/guptarohit/asciigraph"
)

// The charts are drawn by asciigraph, a well-kept terminal plotting library:
// axis labels, scaling to a width and several series in colour are what it
// does, and drawing them by hand would be a library's worth of code.

// chartColors are the colours of the series, in order; the last series of
// a sheet's chart, the target, is drawn in the default colour.
var chartColors = []asciigraph.AnsiColor{asciigraph.Blue, asciigraph.Red, asciigraph.Green, asciigraph.Goldenrod, asciigraph.DarkViolet, asciigraph.Teal}

// seriesMarks draw the series apart when colour is off: the first with
// asciigraph's lines, the others with a character each.
var seriesMarks = []string{"", "•", "+", "x", "o", "*"}

// plot draws the series as a line chart that fits in 80 columns, with a
// legend under it: in colour when colour is on, else each series drawn with
// its own character. No escape sequence is written when colour is off.
func (s *style) plot(series [][]float64, legends []string, caption string) string {
	opts := []asciigraph.Option{
		asciigraph.Height(12),
		asciigraph.Width(60),
		asciigraph.Caption(caption),
		asciigraph.Precision(0),
	}
	// The legend fits one line of 80 columns: seven in, each entry a mark,
	// a space and the name, three spaces apart; long names are cut.
	room := (defaultWidth - 7 - 5*len(legends)) / max(len(legends), 1)
	legends = slices.Clone(legends)
	for i := range legends {
		legends[i] = shorten(legends[i], max(room, 4))
	}
	var legend []string
	if s.color {
		colors := make([]asciigraph.AnsiColor, len(series))
		for i := range colors {
			colors[i] = chartColors[i%len(chartColors)]
		}
		opts = append(opts, asciigraph.SeriesColors(colors...), asciigraph.SeriesLegends(legends...))
	} else {
		chars := make([]asciigraph.CharSet, len(series))
		for i := range chars {
			mark := seriesMarks[i%len(seriesMarks)]
			if mark == "" {
				chars[i] = asciigraph.DefaultCharSet
				mark = "─"
			} else {
				chars[i] = asciigraph.CreateCharSet(mark)
			}
			legend = append(legend, mark+" "+legends[i])
		}
		opts = append(opts, asciigraph.SeriesChars(chars...))
	}
	// asciigraph needs two points a series to draw a line.
	for i, xs := range series {
		if len(xs) == 1 {
			series[i] = []float64{xs[0], xs[0]}
		}
	}
	out := strings.TrimRight(asciigraph.PlotMany(series, opts...), "\n") + "\n"
	if legend != nil {
		out += "\n       " + strings.Join(legend, "   ") + "\n"
	}
	return out
}
