package strongtables

import (
	"math"
	"strings"
	"testing"
)

// A line of strongknocks.txt reads as its band; a line that is not a band
// (too few fields, a count that is not one, a chance beyond 0 to 1) is an
// error that says which line.
func TestParseKnocks(t *testing.T) {
	got, err := ParseKnocks("# a comment\n\n21 31 1 5 0.39 1200\n")
	if err != nil || len(got) != 1 || got[0] != (KnockBand{From: 21, To: 31, Lo: 1, Hi: 5, Chance: 0.39, Decisions: 1200}) {
		t.Fatalf("a band: %+v, %v", got, err)
	}
	for _, bad := range []string{"1 2 3 4 0.5", "1 2 3 x 0.5 7", "1 2 3 4 1.5 7", "1 2 -3 4 0.5 7", "1 2 3 4 0.5 x", "1 2 3 4 NaN 7"} {
		if _, err := ParseKnocks("# a comment\n\n" + bad + "\n"); err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%q: %v, want an error at line 3", bad, err)
		}
	}
}

// A line of strongundercuts.txt reads as its terms, each shift at most
// MaxShift from 0, each slope above 0 and at most 1, each per-deadwood at
// most MaxPerDeadwood from 0 and each per-stock at most MaxPerStock; a line
// that is not one is an error that says which line, and the bounds
// themselves are lines.
func TestParseUndercuts(t *testing.T) {
	got, err := ParseUndercuts("# a comment\n\n0 12 1.321 0.302 0.086 -0.163 1023\n")
	if err != nil || len(got) != 1 || got[0] != (UndercutLine{From: 0, To: 12, Shift: 1.321, Slope: 0.302, PerDeadwood: 0.086, PerStock: -0.163, Knocks: 1023}) {
		t.Fatalf("a line: %+v, %v", got, err)
	}
	for _, bad := range []string{"1 2 3 0.5 0 70", "1 2 0.3 0.5 0 70", "1 x 0.3 0.5 0 0 70", "1 2 0.3 0 0 0 70", "1 2 0.3 1.5 0 0 70", "1 2 6 0.5 0 0 70", "-1 2 0.3 0.5 0 0 70", "1 2 x 0.5 0 0 70", "1 2 0.3 0.5 x 0 70", "1 2 0.3 0.5 1.01 0 70", "1 2 0.3 0.5 -1.01 0 70",
		"1 2 0.3 0.5 0 x 70", "1 2 0.3 0.5 0 1.01 70", "1 2 0.3 0.5 0 -1.01 70", "1 2 0.3 0.5 0 NaN 70",
		"1 2 NaN 0.5 0 0 70", "1 2 0.3 NaN 0 0 70", "1 2 0.3 0.5 NaN 0 70", "1 2 Inf 0.5 0 0 70", "1 2 0.3 0.5 0 0 x", "1 2 0.3 0.5 0 0 -1", "5 2 0.3 0.5 0 0 70"} {
		if _, err := ParseUndercuts("# a comment\n\n" + bad + "\n"); err == nil || !strings.Contains(err.Error(), "line 3") {
			t.Errorf("%q: %v, want an error at line 3", bad, err)
		}
	}
	for _, good := range []string{"0 31 5 1 1 1 70", "0 31 -5 0.05 -1 -1 0", "3 3 0 0.5 0 0 50"} {
		if _, err := ParseUndercuts(good + "\n"); err != nil {
			t.Errorf("%q: %v", good, err)
		}
	}
}

// LogOdds is the line's sum, written out here: the model's log-odds times
// the slope, plus the shift, per-deadwood for each point and per-stock for
// each card beyond From.
func TestLogOdds(t *testing.T) {
	l := UndercutLine{From: 13, To: 20, Shift: -1.4, Slope: 0.5, PerDeadwood: 0.15, PerStock: -0.2}
	want := -1.4 + 0.5*math.Log(0.2/0.8) + 0.15*6 - 0.2*3
	if got := l.LogOdds(0.2, 16, 6); math.Abs(got-want) > 1e-12 {
		t.Errorf("LogOdds(0.2, stock 16, deadwood 6) = %v, want %v", got, want)
	}
}
