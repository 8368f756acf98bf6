package arena

import (
	"math"
	"testing"
)

// A bin's spread is what the share undercut would vary by were each
// prediction right: each knock undercut with its own chance p, a variance of
// p(1-p), the share's standard deviation the square root of their sum over
// the knocks. Worked by hand for a bin of three knocks, and for two
// calibrations added together.
func TestBinSpread(t *testing.T) {
	var c Calibration
	c.Add(0.21, true)
	c.Add(0.25, false)
	c.Add(0.29, false)
	// 0.21×0.79 + 0.25×0.75 + 0.29×0.71 = 0.1659 + 0.1875 + 0.2059 = 0.5593
	b := c.Bins[2]
	if want := math.Sqrt(0.5593) / 3; math.Abs(b.Spread()-want) > 1e-12 {
		t.Errorf("spread of 21%%, 25%%, 29%%: %v, want %v", b.Spread(), want)
	}
	var d Calibration
	d.Add(0.5, false) // 0.25
	both := c.plus(d)
	if got, want := both.Bins[5].Spread(), 0.5; got != want {
		t.Errorf("spread of one knock said 50%%: %v, want %v", got, want)
	}
	if got, want := both.Bins[2].Spread(), b.Spread(); got != want {
		t.Errorf("the 20–30%% bin's spread after adding a calibration without knocks there: %v, want %v", got, want)
	}
	if got := both.Bins[0].Spread(); got != 0 {
		t.Errorf("a bin without knocks has spread %v, want 0", got)
	}
	var one Calibration
	for range 110 {
		one.Add(0.65, false)
	}
	// The figure the doc comment quotes: 110 knocks said 65%, 4.5 points.
	if got := 100 * one.Bins[6].Spread(); math.Round(got*10)/10 != 4.5 {
		t.Errorf("spread of 110 knocks said 65%%: %.2f points, want 4.5", got)
	}
}
