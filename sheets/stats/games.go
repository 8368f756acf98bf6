package stats

import (
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
)

// Summary is one game of a sheet with its final score taken apart: the hand
// points and each bonus, for a spreadsheet to add up again. A Hollywood
// sheet has three games, each its own Summary.
type Summary struct {
	Day      sheets.Day
	Game     int // Hollywood's game, 1 to 3; 0 on a sheet of one game
	Players  [2]string
	Finished bool
	Winner   string // empty while the game is open, and for a level one
	Hands    int    // the hands of the game: to the one that ended it, else all so far
	// HandPoints are the points scored in hands (in Hollywood, those the
	// game's column took); the bonuses and Final are set once the game is
	// finished, when HandPoints + GameBonus + BoxBonus + ShutoutBonus is
	// Final.
	HandPoints, GameBonus, BoxBonus, ShutoutBonus, Final [2]int
}

// Summaries returns the games of a sheet: its one game, or Hollywood's three
// but for a game nobody entered before the sheet was closed (void).
func Summaries(sc *sheets.Score) []Summary {
	if len(sc.Games) == 0 {
		return []Summary{summary(sc, 0, sc.Totals, sc.Result)}
	}
	var out []Summary
	for i, g := range sc.Games {
		if !g.Void {
			out = append(out, summary(sc, i+1, g.Totals, g.Result))
		}
	}
	return out
}

func summary(sc *sheets.Score, game int, totals sheets.ByPlayer[int], r *sheets.Settlement) Summary {
	s := Summary{Day: sc.Started, Game: game, Players: sc.Players, Hands: len(sc.Hands), HandPoints: totals.Values}
	if r == nil {
		return s
	}
	s.Finished, s.Winner, s.Hands, s.Final = true, r.Winner, r.EndedAfter, r.Final.Values
	for p := range 2 {
		s.HandPoints[p] = r.Final.Values[p]
		for _, it := range r.Bonuses.Values[p] {
			switch it.Kind {
			case ginrummy.GameBonus:
				s.GameBonus[p] += it.Points
			case ginrummy.BoxBonus:
				s.BoxBonus[p] += it.Points
			case ginrummy.ShutoutHandPoints, ginrummy.ShutoutGameBonus, ginrummy.ShutoutBonus: // the shutout's, however the rules give it
				s.ShutoutBonus[p] += it.Points
			}
			s.HandPoints[p] -= it.Points
		}
	}
	return s
}
