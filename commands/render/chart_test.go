package render

import "testing"

// The axes of a chart read at a glance (issue 25 point 8): the y axis counts
// in a round step that divides the target, in at most 16 rows, from a
// multiple of it below the values to one above; the x axis numbers every
// point up to 19, else a round step, in at most 12 steps, to the first mark
// at or past the last point.
func TestChartAxes(t *testing.T) {
	t.Parallel()
	target := func(n int) *int { return &n }
	for _, tc := range []struct {
		low, high         int
		mark              *int
		step, bottom, top int
	}{
		{0, 123, target(100), 10, 0, 130},  // 13 rows of 10; 5 would be 25 rows
		{0, 104, target(100), 10, 0, 110},  // the classic game of testdata/stats
		{0, 15, target(100), 1, 0, 15},     // a game just begun: a point a row
		{0, 20, target(100), 2, 0, 20},     // 20 rows of 1 are too many
		{0, 180, target(150), 25, 0, 200},  // 20 does not divide 150; 10 is 18 rows
		{0, 160, target(137), 137, 0, 274}, // no round step divides 137
		{0, 0, target(100), 1, 0, 1},       // nothing scored yet: one row
		{-575, 384, nil, 100, -600, 400},   // net points, below zero
		{-7, 3, nil, 1, -7, 3},
	} {
		step, bottom, top := yAxis(tc.low, tc.high, tc.mark)
		if step != tc.step || bottom != tc.bottom || top != tc.top {
			t.Errorf("yAxis(%d, %d, %v) = %d, %d, %d; want %d, %d, %d", tc.low, tc.high, tc.mark, step, bottom, top, tc.step, tc.bottom, tc.top)
		}
	}
	for _, tc := range []struct{ n, step, end int }{
		{1, 1, 1}, {4, 1, 4}, {19, 1, 19}, {20, 2, 20}, {23, 2, 24}, {25, 5, 25}, {100, 10, 100}, {121, 20, 140},
	} {
		if step, end := xAxis(tc.n); step != tc.step || end != tc.end {
			t.Errorf("xAxis(%d) = %d, %d; want %d, %d", tc.n, step, end, tc.step, tc.end)
		}
	}
}
