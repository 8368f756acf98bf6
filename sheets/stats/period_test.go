package stats

import (
	"reflect"
	"testing"

	"github.com/gin-rummy/gin/sheets"
)

// The period of a day, by the calendar: 1 November 2026 is a Sunday, the
// last day of ISO week 44; the Monday after starts week 45; 31 December
// 2026 is a Thursday, so week 53 of 2026, and 1 January 2027, the Friday
// after, is in that week too; 30 December 2024, a Monday, starts week 1 of
// 2025.
func TestPeriodOf(t *testing.T) {
	for _, tc := range []struct {
		day                         sheets.Day
		dayLabel, week, month, year string
	}{
		{"2026-11-01", "2026-11-01", "2026-W44", "2026-11", "2026"},
		{"2026-11-02", "2026-11-02", "2026-W45", "2026-11", "2026"},
		{"2026-12-31", "2026-12-31", "2026-W53", "2026-12", "2026"},
		{"2027-01-01", "2027-01-01", "2026-W53", "2027-01", "2027"},
		{"2024-12-30", "2024-12-30", "2025-W01", "2024-12", "2024"},
		{"", "undated", "undated", "undated", "undated"},
	} {
		for _, p := range []struct {
			by   Period
			want string
		}{{Day, tc.dayLabel}, {Week, tc.week}, {Month, tc.month}, {Year, tc.year}, {All, ""}} {
			if got := p.by.Of(tc.day); got != p.want {
				t.Errorf("%v of %q = %q, want %q", p.by, tc.day, got, p.want)
			}
		}
	}
	for _, name := range []string{"day", "week", "month", "year"} {
		if p, ok := ParsePeriod(name); !ok || p.String() != name {
			t.Errorf("ParsePeriod(%q) = %v, %v", name, p, ok)
		}
	}
	for _, name := range []string{"all", "", "months"} {
		if _, ok := ParsePeriod(name); ok {
			t.Errorf("ParsePeriod(%q) is a period", name)
		}
	}
}

// The four sheets of testdata/stats by month: the undated c first, then
// November's a, b and d, which add up to what they do in
// TestAddByTheDefinitions less c: Ann 384 + 195 final points over 2 games
// won, Bob 0 over 2 lost.
func TestPeriods(t *testing.T) {
	ps := Periods{By: Month}
	for _, sc := range testScores(t) {
		ps.Add(sc)
	}
	got, games := ps.Stats()
	var labels []string
	for _, p := range got {
		labels = append(labels, p.Period)
	}
	if !reflect.DeepEqual(labels, []string{"undated", "2026-11"}) {
		t.Fatalf("periods %q, want undated and 2026-11", labels)
	}
	nov := got[1]
	if nov.Sheets != 3 || nov.Games != 2 || nov.Unfinished != 1 || len(nov.Players) != 2 ||
		nov.Players[0].FinalPoints != 384+195 || nov.Players[0].Wins != 2 || nov.Players[1].Losses != 2 {
		t.Errorf("November: %+v", nov.Stats)
	}
	if undated := got[0]; undated.Sheets != 1 || undated.Undated != 1 || undated.Players[1].Name != "Cy" || undated.Players[1].FinalPoints != 230 {
		t.Errorf("undated: %+v", undated.Stats)
	}
	if len(games) != 3 {
		t.Errorf("%d games, want 3", len(games))
	}
}
