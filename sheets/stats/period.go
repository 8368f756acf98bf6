package stats

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/gin-rummy/gin/sheets"
)

// Period is the span of the calendar that sheets are grouped by, for "how
// did we do in November": a sheet falls in the period of the day it
// started (its started: key).
type Period uint8

// The periods; All puts every sheet in one.
const (
	All   Period = iota // no grouping
	Day                 // a day: 2026-11-23
	Week                // an ISO week, Monday to Sunday: 2026-W48
	Month               // a month: 2026-11
	Year                // a year: 2026
)

var periodNames = []string{"all", "day", "week", "month", "year"}

// String returns the period's name, as --by takes it.
func (p Period) String() string {
	if int(p) < len(periodNames) {
		return periodNames[p]
	}
	return fmt.Sprintf("Period(%d)", p)
}

// PeriodNames are the names of the periods sheets can be grouped by.
func PeriodNames() []string { return slices.Clone(periodNames[1:]) }

// ParsePeriod returns the period named: day, week, month or year.
func ParsePeriod(name string) (Period, bool) {
	i := slices.Index(periodNames, name)
	return Period(max(i, 0)), i > 0
}

// Undated is the label of the sheets that do not say when they started.
const Undated = "undated"

// Of is the label of the period a sheet that started on day falls in:
// "2026-11-23", "2026-W48" (the ISO week, whose year may be the next or the
// last: 2026-12-31 is in 2026-W53, 2027-01-01 too), "2026-11" or "2026";
// Undated for a sheet without a day, and "" for All.
func (p Period) Of(day sheets.Day) string {
	if p == All {
		return ""
	}
	t, err := time.Parse(time.DateOnly, string(day))
	if err != nil {
		return Undated // a sheet's day is checked as it loads: this is one without
	}
	switch p {
	case Week:
		y, w := t.ISOWeek()
		return fmt.Sprintf("%04d-W%02d", y, w)
	case Month:
		return t.Format("2006-01")
	case Year:
		return t.Format("2006")
	}
	return t.Format(time.DateOnly)
}

// PeriodStats is what the sheets of one period add up to.
type PeriodStats struct {
	Period string `json:"period"` // Period.Of's label
	Stats
}

// Periods adds up sheets in periods, a Tally each. The zero value groups
// nothing: every sheet in one period.
type Periods struct {
	By      Period
	tallies map[string]*Tally
}

// Add counts the score of one sheet in its period.
func (ps *Periods) Add(sc *sheets.Score) {
	if ps.tallies == nil {
		ps.tallies = map[string]*Tally{}
	}
	label := ps.By.Of(sc.Started)
	t, ok := ps.tallies[label]
	if !ok {
		t = &Tally{}
		ps.tallies[label] = t
	}
	t.Add(sc)
}

// Stats returns each period's statistics, oldest first and the undated
// sheets before them all, as a sheet without a day sorts first everywhere;
// and the finished games of them all in date order.
func (ps *Periods) Stats() ([]PeriodStats, []FinalScore) {
	var out []PeriodStats
	var games []FinalScore
	for label, t := range ps.tallies {
		st, g := t.Stats()
		out = append(out, PeriodStats{Period: label, Stats: st})
		games = append(games, g...)
	}
	order := func(label string) string {
		if label == Undated {
			return ""
		}
		return label
	}
	slices.SortFunc(out, func(a, b PeriodStats) int { return cmp.Compare(order(a.Period), order(b.Period)) })
	slices.SortStableFunc(games, func(a, b FinalScore) int { return cmp.Compare(a.Day, b.Day) })
	return out, games
}
