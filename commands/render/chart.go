package render

import (
	"fmt"
	"math"
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

// chartRows is the most rows a chart's y axis has, and chartTicks the most
// numbered marks on its x axis: the chart is read at a glance, and fits a terminal of 24 lines.
const (
	chartRows  = 16
	chartTicks = 12
	chartWidth = 60
)

// chart is what to draw: series over the points 0 to n of the x axis (the
// hands, the games), and on the y axis a value that must be a row of its own
// with its own number (the target), or none.
type chart struct {
	Series  [][]float64
	Legends []string
	Caption string
	Mark    *int // a value the y axis labels exactly: the target
}

// plot draws the chart in 80 columns, with a legend under it: in colour
// when colour is on, else each series drawn with its own character. No
// escape sequence is written when colour is off. The x axis numbers the
// points (hand 0, 1, 2 …); the y axis counts in a round step (1, 2, 5, 10,
// 20, 25, 50 …, one that divides the mark) so that every row's label is
// the value drawn on it, in as few rows as the values need, 16 at most.
func (s *Style) plot(ch chart) string {
	series := ch.Series
	// asciigraph needs two points a series to draw a line.
	for i, xs := range series {
		if len(xs) == 1 {
			series[i] = []float64{xs[0], xs[0]}
		}
	}
	n := len(series[0]) - 1
	xStep, xEnd := xAxis(n)
	// The points past n, to the last mark of the x axis, are left empty.
	for i := range series {
		for len(series[i]) < xEnd+1 {
			series[i] = append(series[i], math.NaN())
		}
	}
	low, high := math.Inf(1), math.Inf(-1)
	for _, xs := range series {
		for _, x := range xs {
			if !math.IsNaN(x) {
				low, high = min(low, x), max(high, x)
			}
		}
	}
	step, bottom, top := yAxis(int(math.Floor(low)), int(math.Ceil(high)), ch.Mark)
	opts := []asciigraph.Option{
		asciigraph.Height((top - bottom) / step),
		asciigraph.LowerBound(float64(bottom)),
		asciigraph.UpperBound(float64(top)),
		asciigraph.Width(chartWidth),
		asciigraph.Caption(ch.Caption),
		asciigraph.Precision(0),
		asciigraph.XAxisRange(0, float64(xEnd)),
		asciigraph.XAxisTickCount(xEnd/xStep + 1),
		asciigraph.XAxisValueFormatter(func(v float64) string { return fmt.Sprintf("%.0f", v) }),
	}
	// The legend fits one line of 80 columns: seven in, each entry a mark,
	// a space and the name, three spaces apart; long names are cut.
	room := (DefaultWidth - 7 - 5*len(ch.Legends)) / max(len(ch.Legends), 1)
	legends := slices.Clone(ch.Legends)
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
	out := strings.TrimRight(asciigraph.PlotMany(series, opts...), "\n") + "\n"
	if legend != nil {
		out += "\n       " + strings.Join(legend, "   ") + "\n"
	}
	return out
}

// roundSteps are the steps an axis counts in, smallest first; larger ones
// go on by tens.
var roundSteps = []int{1, 2, 5, 10, 20, 25, 50}

// roundStep is the smallest round step, one that ok accepts, in which span
// takes at most most steps; 0 when none below a billion does.
func roundStep(span, most int, ok func(int) bool) int {
	for scale := 1; scale <= 1e9; scale *= 10 {
		for _, s := range roundSteps {
			if step := s * scale; ok(step) && (span+step-1)/step <= most {
				return step
			}
		}
	}
	return 0
}

// xAxis is the step between the numbered marks of an x axis of the points
// 0 to n, and the last mark, n or the first round mark past it: every point
// when they are few enough to number (up to 19, three columns apart), else
// a round step with at most chartTicks steps.
func xAxis(n int) (step, end int) {
	if n <= 19 {
		return 1, max(n, 1)
	}
	step = roundStep(n, chartTicks, func(int) bool { return true })
	return step, (n + step - 1) / step * step
}

// yAxis is the step of a y axis from low to high and its bottom and top,
// multiples of the step: a round step in which the values take at most
// chartRows rows, one that divides mark when there is a mark, so that the
// mark has a row labelled with its own number.
func yAxis(low, high int, mark *int) (step, bottom, top int) {
	span := max(high-low, 1)
	if mark != nil && *mark != 0 {
		m := *mark
		step = roundStep(span, chartRows, func(s int) bool { return m%s == 0 })
		if step == 0 && (span+m-1)/m <= chartRows {
			step = m // a mark no round step divides: count in marks
		}
	}
	if step == 0 {
		step = roundStep(span, chartRows, func(int) bool { return true })
	}
	bottom = floorTo(low, step)
	top = -floorTo(-high, step)
	if top == bottom {
		top += step
	}
	return step, bottom, top
}

// floorTo is the greatest multiple of step not above v.
func floorTo(v, step int) int {
	q := v / step
	if v%step != 0 && v < 0 {
		q--
	}
	return q * step
}
