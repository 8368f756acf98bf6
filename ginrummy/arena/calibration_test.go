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

// Each knock is counted in the group of its hand's number in the game: the
// first three hands each in a group of its own, every later hand in the
// last. Worked by hand: knocks at hands 1, 1, 2, 3, 4 and 9 are 2, 1, 1 and
// 2 knocks in the four groups, and those add up to the whole.
func TestCalibrationByHand(t *testing.T) {
	for _, tt := range []struct{ hand, group int }{{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 3}, {17, 3}, {1000, 3}} {
		if got := HandGroup(tt.hand); got != tt.group {
			t.Errorf("hand %d: group %d, want %d", tt.hand, got, tt.group)
		}
	}
	var res Result
	res.add([]played{
		{predictions: []prediction{{p: 0.05, hand: 1}, {p: 0.15, hand: 2, undercut: true}, {p: 0.45, hand: 9, styleUnknown: true}}},
		{predictions: []prediction{{p: 0.05, hand: 1, undercut: true}, {p: 0.25, hand: 3}, {p: 0.35, hand: 4}}},
	})
	want := [HandGroups]struct{ knocks, undercut, bin int }{{2, 1, 0}, {1, 1, 1}, {1, 0, 2}, {2, 0, -1}}
	for g, w := range want {
		c := res.ByHand[g]
		undercut := 0
		for _, b := range c.Bins {
			undercut += b.Undercut
		}
		if c.Knocks != w.knocks || undercut != w.undercut || (w.bin >= 0 && c.Bins[w.bin].Knocks != w.knocks) {
			t.Errorf("group %d: %d knocks, %d undercut, bins %+v; want %d knocks, %d undercut", g, c.Knocks, undercut, c.Bins, w.knocks, w.undercut)
		}
	}
	if got := res.ByHand[3]; got.Bins[3].Knocks != 1 || got.Bins[4].Knocks != 1 {
		t.Errorf("later hands: bins %+v; want one knock said 35%% and one 45%%", got.Bins)
	}
	checkByHandAddsUp(t, res)
}

// checkByHandAddsUp checks that the knocks split by the hand's number add up
// to the whole calibration, bin by bin.
func checkByHandAddsUp(t *testing.T, res Result) {
	t.Helper()
	var sum Calibration
	for _, c := range res.ByHand {
		sum = sum.plus(c)
	}
	all := res.Calibration()
	if sum.Knocks != all.Knocks {
		t.Errorf("by the hand's number %d knocks, in all %d", sum.Knocks, all.Knocks)
	}
	for i, b := range all.Bins {
		s := sum.Bins[i]
		if s.Low != b.Low || s.High != b.High || s.Knocks != b.Knocks || s.Undercut != b.Undercut ||
			math.Abs(s.Predicted-b.Predicted) > 1e-9 || math.Abs(s.Variance-b.Variance) > 1e-9 {
			t.Errorf("bin %d: by the hand's number the knocks add up to %+v; the whole is %+v", i, s, b)
		}
	}
}
