package arena

import (
	"fmt"

	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Recorder is given each hand of a run as a complete hand record, with the
// number of its game (from 1, as Config.Games counts them) and of the hand
// in the game (from 1). It is called from any goroutine, a game's hands in
// order; an error stops the run and is Run's.
type Recorder func(game, hand int, rec *record.Record) error

// recordOf is hand h of a game as a complete record, the players named as
// the run names them, in their seats.
func recordOf(cfg Config, names [2]string, game, hand int, h table.Played) *record.Record {
	rec := &record.Record{
		Players: names, Dealer: h.Dealer, Rules: cfg.Rules.Name, Deals: h.Deal, Upcard: h.Upcard,
		Comment: []string{fmt.Sprintf("gin arena --bots %s,%s --seed %d: game %d, hand %d", cfg.Players[0].Name, cfg.Players[1].Name, cfg.Seed, game, hand)},
	}
	for _, m := range h.Moves {
		rec.Moves = append(rec.Moves, record.Move{Move: m})
	}
	return rec
}

// seatNames names the players of a game's seats: the same name twice as
// "simple (1)" and "simple (2)", by the order the run names them.
func seatNames(cfg Config, botAt func(seat int) int) [2]string {
	var names [2]string
	for seat := range 2 {
		b := botAt(seat)
		names[seat] = cfg.Players[b].Name
		if cfg.Players[0].Name == cfg.Players[1].Name {
			names[seat] = fmt.Sprintf("%s (%d)", cfg.Players[b].Name, b+1)
		}
	}
	return names
}
