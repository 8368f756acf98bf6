package commands

import (
	"strings"

	"github.com/guptarohit/asciigraph"
)

// The charts are drawn by asciigraph, a well-kept terminal plotting library:
// axis labels, scaling to a width and several series in colour are what it
// does, and drawing them by hand would be a library's worth of code.

// chartColors are the colours of the series, in order; the last series of
// a sheet's chart, the target, is drawn in the default colour.
var chartColors = []asciigraph.AnsiColor{asciigraph.Blue, asciigraph.Red, asciigraph.Green, asciigraph.Goldenrod, asciigraph.DarkViolet, asciigraph.Teal}

// plot draws the series as a line chart that fits in 80 columns, with a
// legend under it; in colour when colour is on.
func (s *style) plot(series [][]float64, legends []string, caption string) string {
	points := 0
	for _, xs := range series {
		points = max(points, len(xs))
	}
	opts := []asciigraph.Option{
		asciigraph.Height(12),
		asciigraph.Width(min(max(points, 2), 64)),
		asciigraph.SeriesLegends(legends...),
		asciigraph.Caption(caption),
		asciigraph.Precision(0),
	}
	if s.color {
		colors := make([]asciigraph.AnsiColor, len(series))
		for i := range colors {
			colors[i] = chartColors[i%len(chartColors)]
		}
		opts = append(opts, asciigraph.SeriesColors(colors...))
	}
	// asciigraph needs two points a series to draw a line.
	for i, xs := range series {
		if len(xs) == 1 {
			series[i] = []float64{xs[0], xs[0]}
		}
	}
	return strings.TrimRight(asciigraph.PlotMany(series, opts...), "\n") + "\n"
}
