package commands

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// gin sheet show --chart of the classic game of testdata/stats (Ann 15,
// 25, 75, 75, 104 after its five hands; the target 100): the y axis is
// labelled 110, 100, … 0, the target drawn on the row labelled 100, and
// the x axis numbers the hands 0 to 5.
func TestChartLabels(t *testing.T) {
	statsFolder(t)
	r := run(t, "", "sheet", "show", "--chart", "--sheet", "a-classic-shutout.yaml")
	lines := strings.Split(r.stdout, "\n")
	row := regexp.MustCompile(`^ *(-?\d+) [┤┼]`)
	var labels []string
	for _, l := range lines {
		if m := row.FindStringSubmatch(l); m != nil {
			labels = append(labels, m[1])
		}
		if strings.Contains(l, "+++") && !strings.HasPrefix(l, " 100 ┼+") {
			t.Errorf("the target is drawn on %q, not on the row labelled 100", l)
		}
	}
	want := []string{"110", "100", "90", "80", "70", "60", "50", "40", "30", "20", "10", "0"}
	if r.code != ExitOK || !slices.Equal(labels, want) {
		t.Errorf("show --chart: rows %q, want %q\n%s%s", labels, want, r.stdout, r.stderr)
	}
	hands := regexp.MustCompile(`^ +0 +1 +2 +3 +4 +5$`)
	if !slices.ContainsFunc(lines, hands.MatchString) {
		t.Errorf("show --chart: no x axis numbering the hands 0 to 5\n%s", r.stdout)
	}
}
