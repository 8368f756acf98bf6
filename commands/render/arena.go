package render

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/gin-rummy/gin/ginrummy/arena"
	gametable "github.com/gin-rummy/gin/ginrummy/table"
)

// AppendArena writes the results of a run of games as a table, then the
// calibration.
func (s *Style) AppendArena(b []byte, res arena.Result, games int, calibration bool) []byte {
	switch {
	case res.Interrupted && res.Games == 0:
		b = s.AppendProse(b, "Stopped: the results so far. There are none: no deal was played in both seats before it stopped (games cut short are left out).")
	case res.Interrupted:
		b = s.AppendProse(b, fmt.Sprintf("Stopped: the results so far. They are those of the first %s deals, each played in both seats: %s of the %s games (games cut short are left out).",
			Thousands(res.Games/2), Thousands(res.Games), Thousands(games)))
	}
	rate := 0.0
	if secs := res.Elapsed.Seconds(); secs > 0 {
		rate = float64(res.Games) / secs
	}
	b = fmt.Appendf(b, "%d games in %.1f s (%.0f a second)\n", res.Games, res.Elapsed.Seconds(), rate)
	if res.Unfinished > 0 {
		unfinished := fmt.Sprintf("%s %s reached the %s-hand limit unfinished, with no winner", Thousands(res.Unfinished),
			Plural(res.Unfinished, "game", "games"), Thousands(gametable.MaxHands))
		if res.Ended == 0 {
			b = s.AppendProse(b, unfinished+", and no deal ended in both seats: there are no win rates. Every hand played is counted.")
		} else {
			b = s.AppendProse(b, fmt.Sprintf("%s. The win rates leave out the deals they were dealt from (%s games), so that the luck of the cards still cancels; every hand played is counted.",
				unfinished, Thousands(res.Games-res.Ended)))
		}
	}
	b = append(b, '\n')
	t := columns{Head: []string{"bot", "wins", "win rate", "95% interval", "hands won", "gins", "knocks", "undercut", "per decision"},
		Right: []bool{false, true, true, true, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	for i, bot := range res.Bots {
		ci := bot.CI95(res.Ended)
		name := bot.Name
		if res.Bots[0].Name == res.Bots[1].Name {
			name = fmt.Sprintf("%s (%d)", name, i+1)
		}
		rate, interval := "–", "–"
		if res.Ended > 0 {
			rate, interval = fmt.Sprintf("%.1f%%", 100*bot.WinRate(res.Ended)), fmt.Sprintf("%.1f–%.1f%%", 100*ci[0], 100*ci[1])
		}
		t.Rows = append(t.Rows, []cell{
			{Text: name}, {Text: fmt.Sprint(bot.Wins)}, {Text: rate},
			{Text: interval}, {Text: fmt.Sprint(bot.HandsWon)}, {Text: fmt.Sprint(bot.Gins + bot.BigGins)},
			{Text: fmt.Sprint(bot.Knocks)}, {Text: fmt.Sprint(bot.Undercut)}, {Text: decisionTime(bot.PerDecision())},
		})
	}
	b = t.appendTo(b)
	for i, bot := range res.Bots {
		if bot.Forfeits > 0 {
			name := bot.Name
			if res.Bots[0].Name == res.Bots[1].Name {
				name = fmt.Sprintf("%s (%d)", name, i+1)
			}
			moves := Plural(bot.Forfeits, "illegal move", "illegal moves, the first")
			b = s.AppendProse(append(b, '\n'), fmt.Sprintf("%s %s forfeited by %s: %s: %s; the other player won %s.",
				Thousands(bot.Forfeits), Plural(bot.Forfeits, "game", "games"), name, moves, bot.Illegal, Plural(bot.Forfeits, "it", "them")))
		}
	}
	if !calibration {
		return b
	}
	cal := res.Calibration()
	b = append(b, '\n')
	if cal.Knocks == 0 {
		return append(b, "Calibration: no knocks by the advise bot.\n"...)
	}
	b = fmt.Appendf(b, "Calibration of the advise bot's undercut chance over %d knocks:\nexpected calibration error %.1f points\n", cal.Knocks, 100*cal.ECE())
	b = s.appendBins(b, cal)
	// Split only when both kinds of knock were made: a chance said while
	// the opponent's style was unknown is a mixture of two styles, true of
	// neither (docs/arena.md).
	if res.StyleKnown.Knocks > 0 && res.StyleUnknown.Knocks > 0 {
		for _, part := range []struct {
			what string
			cal  arena.Calibration
		}{
			{"the opponent's style known", res.StyleKnown},
			{"the opponent's style not yet known (the chance a mixture of a player who knocks early and one who waits)", res.StyleUnknown},
		} {
			b = s.AppendProse(append(b, '\n'), fmt.Sprintf("Of them, %s: %s %s, expected calibration error %.1f points", part.what, Thousands(part.cal.Knocks), Plural(part.cal.Knocks, "knock", "knocks"), 100*part.cal.ECE()))
			b = s.appendBins(b, part.cal)
		}
	}
	return s.appendByHand(b, res.ByHand)
}

// handGroups name the groups of arena.Result.ByHand (arena.HandGroup).
var handGroups = [arena.HandGroups]string{"the first hand of the game", "the second hand of the game", "the third hand of the game", "the fourth hand of the game or later"}

// appendByHand writes the knocks by the number of their hand in the game,
// each group with its error and its bins: how soon the bot has learnt the
// player it meets at a game's start (docs/arena.md).
func (s *Style) appendByHand(b []byte, byHand [arena.HandGroups]arena.Calibration) []byte {
	if !slices.ContainsFunc(byHand[:], func(c arena.Calibration) bool { return c.Knocks > 0 }) {
		return b
	}
	for i, c := range byHand {
		what := "Of them, at " + handGroups[i]
		if c.Knocks == 0 {
			b = s.AppendProse(append(b, '\n'), what+": no knocks")
			continue
		}
		b = s.AppendProse(append(b, '\n'), fmt.Sprintf("%s: %s %s, expected calibration error %.1f points", what, Thousands(c.Knocks), Plural(c.Knocks, "knock", "knocks"), 100*c.ECE()))
		b = s.appendBins(b, c)
	}
	return b
}

// appendBins writes each bin of a calibration that has knocks: its count,
// the chance said on average, the share undercut, and the gap between what
// happened and what was said, in points, so that a bin far off can be read
// at a glance and weighed by its knocks (issue 23: bins of 100 knocks or
// more within 5 points); and the spread, in points, the typical gap a right
// model shows by the luck of the cards alone (arena.Bin.Spread).
func (s *Style) appendBins(b []byte, cal arena.Calibration) []byte {
	ct := columns{Head: []string{"predicted", "knocks", "mean predicted", "undercut", "gap", "spread"}, Right: []bool{false, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	for _, bin := range cal.Bins {
		if bin.Knocks == 0 {
			continue
		}
		ct.Rows = append(ct.Rows, []cell{{Text: fmt.Sprintf("%.0f–%.0f%%", 100*bin.Low, 100*bin.High)}, {Text: fmt.Sprint(bin.Knocks)},
			{Text: fmt.Sprintf("%.1f%%", 100*bin.MeanPredicted())}, {Text: fmt.Sprintf("%.1f%%", 100*bin.Observed())},
			{Text: fmt.Sprintf("%+.1f", 100*(bin.Observed()-bin.MeanPredicted()))}, {Text: fmt.Sprintf("±%.1f", 100*bin.Spread())}})
	}
	return ct.appendTo(b)
}

// AppendProse appends text wrapped to the output's width at its spaces.
func (s *Style) AppendProse(b []byte, text string) []byte {
	for _, line := range WrapWords(text, s.Width, s.Width) {
		b = append(append(b, line...), '\n')
	}
	return b
}

// decisionTime writes a duration to three figures.
func decisionTime(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%.1f µs", float64(d.Nanoseconds())/1e3)
	}
	return fmt.Sprintf("%.1f ms", float64(d.Nanoseconds())/1e6)
}

// The JSON of gin arena, as ADVICE.md gives it.
type (
	arenaJSON struct {
		Games       int              `json:"games"`
		Ended       int              `json:"ended"`
		Unfinished  int              `json:"unfinished"`
		Seconds     float64          `json:"seconds"`
		Interrupted bool             `json:"interrupted"`
		Bots        []arenaBotJSON   `json:"bots"`
		Calibration *calibrationJSON `json:"calibration,omitempty"`
	}
	arenaBotJSON struct {
		Name          string     `json:"name"`
		Wins          int        `json:"wins"`
		WinRate       float64    `json:"win_rate"`
		CI95          [2]float64 `json:"ci95"`
		HandsWon      int        `json:"hands_won"`
		Gins          int        `json:"gins"`
		BigGins       int        `json:"big_gins"`
		Knocks        int        `json:"knocks"`
		Undercut      int        `json:"undercut"`
		Decisions     int        `json:"decisions"`
		DecisionNanos int64      `json:"ns_per_decision"`
		Forfeits      int        `json:"forfeits"`
		Illegal       string     `json:"illegal,omitempty"`
	}
	calibrationJSON struct {
		Knocks int       `json:"knocks"`
		ECE    *float64  `json:"ece"`
		Bins   []binJSON `json:"bins"`
		// The same knocks by whether the opponent's style was known
		// when the chance was said; in the whole's object only.
		StyleKnown   *calibrationJSON `json:"style_known,omitempty"`
		StyleUnknown *calibrationJSON `json:"style_unknown,omitempty"`
		// The same knocks by the number of their hand in the game; in
		// the whole's object only.
		ByHand *byHandJSON `json:"by_hand,omitempty"`
	}
	byHandJSON struct {
		First  *calibrationJSON `json:"first"`
		Second *calibrationJSON `json:"second"`
		Third  *calibrationJSON `json:"third"`
		Later  *calibrationJSON `json:"later"`
	}
	binJSON struct {
		Low       float64 `json:"low"`
		High      float64 `json:"high"`
		Knocks    int     `json:"knocks"`
		Predicted float64 `json:"predicted"`
		Observed  float64 `json:"observed"`
		Spread    float64 `json:"spread"`
	}
)

func ArenaJSONOf(res arena.Result, calibration bool) arenaJSON {
	j := arenaJSON{Games: res.Games, Ended: res.Ended, Unfinished: res.Unfinished, Seconds: Round(res.Elapsed.Seconds(), 3), Interrupted: res.Interrupted}
	for _, b := range res.Bots {
		ci := b.CI95(res.Ended)
		j.Bots = append(j.Bots, arenaBotJSON{
			Name: b.Name, Wins: b.Wins, WinRate: Round(b.WinRate(res.Ended), 4), CI95: [2]float64{Round(ci[0], 4), Round(ci[1], 4)},
			HandsWon: b.HandsWon, Gins: b.Gins, BigGins: b.BigGins, Knocks: b.Knocks, Undercut: b.Undercut,
			Decisions: b.Decisions, DecisionNanos: b.PerDecision().Nanoseconds(), Forfeits: b.Forfeits, Illegal: b.Illegal,
		})
	}
	if calibration {
		j.Calibration = calibrationJSONOf(res.Calibration())
		j.Calibration.StyleKnown, j.Calibration.StyleUnknown = calibrationJSONOf(res.StyleKnown), calibrationJSONOf(res.StyleUnknown)
		j.Calibration.ByHand = &byHandJSON{calibrationJSONOf(res.ByHand[0]), calibrationJSONOf(res.ByHand[1]), calibrationJSONOf(res.ByHand[2]), calibrationJSONOf(res.ByHand[3])}
	}
	return j
}

func calibrationJSONOf(cal arena.Calibration) *calibrationJSON {
	cj := &calibrationJSON{Knocks: cal.Knocks, Bins: []binJSON{}}
	if e := cal.ECE(); !math.IsNaN(e) {
		e = Round(e, 4)
		cj.ECE = &e
	}
	for _, bin := range cal.Bins {
		if bin.Knocks > 0 {
			cj.Bins = append(cj.Bins, binJSON{Round(bin.Low, 2), Round(bin.High, 2), bin.Knocks, Round(bin.MeanPredicted(), 4), Round(bin.Observed(), 4), Round(bin.Spread(), 4)})
		}
	}
	return cj
}
