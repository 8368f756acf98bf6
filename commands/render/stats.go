package render

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/gin-rummy/gin/sheets/stats"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// StatsGame is a game for gin stats --csv: the file it is on and its
// summary.
type StatsGame struct {
	Path string
	stats.Summary
}

// StatsByJSON is gin stats --by --json: the figures of each period.
type StatsByJSON struct {
	By      string              `json:"by"`
	Periods []stats.PeriodStats `json:"periods"`
}

// AppendStats writes the statistics as two tables and the head-to-head
// records, in 80 columns.
func (s *Style) AppendStats(b []byte, st stats.Stats) []byte {
	b = fmt.Appendf(b, "%d %s: %d finished %s, %d unfinished", st.Sheets, Plural(st.Sheets, "sheet", "sheets"), st.Games, Plural(st.Games, "game", "games"), st.Unfinished)
	if st.Undated > 0 {
		b = fmt.Appendf(b, ", %d undated", st.Undated)
	}
	b = append(b, "\n\n"...)
	if len(st.Players) == 0 {
		return append(b, "No players.\n"...)
	}
	games := columns{Head: []string{"player", "games", "wins", "losses", "final points", "shutouts"}, Right: []bool{false, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	hands := columns{Head: []string{"player", "hands", "won", "knocks", "gins", "big gins", "undercut", "undercut by", "points"}, Right: []bool{false, true, true, true, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	// A name is cut short only when a table must, to fit.
	games.Cut, hands.Cut = []bool{true}, []bool{true}
	num := func(n int) cell { return cell{Text: strconv.Itoa(n)} }
	for _, p := range st.Players {
		name := cell{Text: p.Name}
		games.Rows = append(games.Rows, []cell{name, num(p.Games), num(p.Wins), num(p.Losses), num(p.FinalPoints), num(p.Shutouts)})
		hands.Rows = append(hands.Rows, []cell{name, num(p.Hands), num(p.HandsWon), num(p.Knocks), num(p.Gins), num(p.BigGins), num(p.UndercutsMade), num(p.UndercutsSuffered), num(p.HandPoints)})
	}
	b = append(games.appendTo(b), '\n')
	b = append(hands.appendTo(b), '\n')
	b = append(b, "\"undercut\": hands the player undercut the knocker;\n\"undercut by\": knocks of theirs undercut.\n"...)
	if len(st.HeadToHead) > 0 {
		b = append(b, '\n')
		b = append(b, s.Emphasis("Head to head")...)
		b = append(b, '\n')
		for _, h := range st.HeadToHead {
			a, z := h.Players[0], h.Players[1]
			b = fmt.Appendf(b, "%s v %s: %d %s, %s %d–%d, net %s %+d\n", a, z, h.Games, Plural(h.Games, "game", "games"), a, h.Wins[a], h.Wins[z], a, h.Net[a])
		}
	}
	return b
}

// AppendNetChart draws each player's net points, added up over the finished
// games in date order.
func (s *Style) AppendNetChart(b []byte, st stats.Stats, games []stats.FinalScore) []byte {
	if len(games) == 0 {
		return append(b, "No finished games: nothing to draw.\n"...)
	}
	var names []string
	for _, p := range st.Players {
		names = append(names, p.Name)
	}
	series := make([][]float64, len(names))
	for i, name := range names {
		total := 0.0
		series[i] = []float64{0}
		for _, g := range games {
			if mine, ok := g.Final[name]; ok {
				for other, theirs := range g.Final {
					if other != name {
						total += float64(mine - theirs)
					}
				}
			}
			series[i] = append(series[i], total)
		}
	}
	caption := fmt.Sprintf("net points after each of %d finished %s, oldest first", len(games), Plural(len(games), "game", "games"))
	return append(b, s.plot(chart{Series: series, Legends: names, Caption: caption})...)
}

// AppendPeriods writes the statistics of each period as gin stats writes
// them all, under the period's name.
func (s *Style) AppendPeriods(b []byte, by stats.Period, periods []stats.PeriodStats) []byte {
	if len(periods) == 0 {
		return append(b, "No sheets.\n"...)
	}
	for i, p := range periods {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, s.Emphasis(periodTitle(by, p.Period))...)
		b = append(b, '\n')
		b = s.AppendStats(b, p.Stats)
	}
	return b
}

// periodTitle is a period's label in words a person reads at a glance:
// "2026-11 (November 2026)", "2026-W48 (23–29 November 2026)".
func periodTitle(by stats.Period, label string) string {
	if label == stats.Undated {
		return "Undated sheets"
	}
	switch by {
	case stats.Day:
		if t, err := time.Parse(time.DateOnly, label); err == nil {
			return label + " (" + t.Format("Monday 2 January 2006") + ")"
		}
	case stats.Week:
		var year, week int
		if _, err := fmt.Sscanf(label, "%d-W%d", &year, &week); err == nil {
			// The Monday of ISO week 1 is the one on or before 4 January.
			jan4 := time.Date(year, time.January, 4, 0, 0, 0, 0, time.UTC)
			monday := jan4.AddDate(0, 0, -((int(jan4.Weekday())+6)%7)+7*(week-1))
			sunday := monday.AddDate(0, 0, 6)
			return label + " (" + monday.Format("2 January 2006") + " – " + sunday.Format("2 January 2006") + ")"
		}
	case stats.Month:
		if t, err := time.Parse("2006-01", label); err == nil {
			return label + " (" + t.Format("January 2006") + ")"
		}
	}
	return label
}

// WriteStatsCSV writes gin stats --csv: a header row, then one row per
// game, oldest first (the undated first), each player's final score taken
// apart into hand points and each bonus; a game still open has its hand
// points so far and no bonuses.
func WriteStatsCSV(out io.Writer, games []StatsGame) error {
	slices.SortStableFunc(games, func(a, b StatsGame) int {
		return cmp.Or(cmp.Compare(a.Day, b.Day), cmp.Compare(a.Path, b.Path), cmp.Compare(a.Game, b.Game))
	})
	w := csv.NewWriter(out)
	head := []string{"file", "started", "game", "player_1", "player_2", "finished", "winner", "hands"}
	for p := range 2 {
		for _, col := range []string{"hand_points", "game_bonus", "box_bonus", "shutout_bonus", "final"} {
			head = append(head, fmt.Sprintf("%s_%d", col, p+1))
		}
	}
	if err := w.Write(head); err != nil {
		return err
	}
	for _, g := range games {
		game := ""
		if g.Game > 0 {
			game = strconv.Itoa(g.Game)
		}
		finished := "no"
		if g.Finished {
			finished = "yes"
		}
		row := []string{csvText(yamlfile.Printable(g.Path)), csvText(string(g.Day)), game, csvText(g.Players[0]), csvText(g.Players[1]), csvText(finished), csvText(g.Winner), strconv.Itoa(g.Hands)}
		for p := range 2 {
			row = append(row, strconv.Itoa(g.HandPoints[p]))
			if !g.Finished {
				row = append(row, "", "", "", "")
				continue
			}
			for _, n := range []int{g.GameBonus[p], g.BoxBonus[p], g.ShutoutBonus[p], g.Final[p]} {
				row = append(row, strconv.Itoa(n))
			}
		}
		if err := w.Write(row); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}
