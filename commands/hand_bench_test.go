package commands

import (
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// longRecord is Ann's record of a long hand between two bots (30 turns or
// more), without its last move, which it returns as words.
func longRecord(b *testing.B) ([]byte, []string) {
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for {
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		players := [2]table.Player{bots.GinHunter{}, bots.GinHunter{}}
		h, moves, err := table.PlayDealtMoves(rules, players, 1, deck)
		if err != nil {
			b.Fatal(err)
		}
		if h.Turns < 30 {
			continue
		}
		full, err := table.Deal(rules, 1, deck)
		if err != nil {
			b.Fatal(err)
		}
		rec := &record.Record{Players: [2]string{"Ann", "Bob"}, Dealer: 1, Rules: "classic", Upcard: full.FirstUpcard()}
		rec.Deals[0] = full.Hand(0)
		for _, m := range moves[:len(moves)-1] {
			if m.Player == 1 && m.Act == table.Draw {
				m.Card = ginrummy.NoCard
			}
			rec.Moves = append(rec.Moves, record.Move{Move: m})
		}
		last := moves[len(moves)-1]
		if last.Player == 1 && last.Act == table.Draw {
			last.Card = ginrummy.NoCard
		}
		return record.Format(rec), append([]string{rec.Players[last.Player]}, strings.Fields(record.FormatAction(last.Action))...)
	}
}

// BenchmarkHand measures gin hand's show, and a move with its undo, on a
// record of a long hand (the target: 50 ms each on the 2-core machine).
func BenchmarkHand(b *testing.B) {
	text, move := longRecord(b)
	b.Chdir(b.TempDir())
	if err := os.WriteFile("gin-hand.txt", text, 0o644); err != nil {
		b.Fatal(err)
	}
	gin := func(args ...string) {
		app := NewApp()
		app.Writer, app.ErrWriter = io.Discard, io.Discard
		if err := app.Run(append([]string{"gin", "hand"}, args...)); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("show", func(b *testing.B) {
		for b.Loop() {
			gin("show")
		}
	})
	b.Run("move+undo", func(b *testing.B) {
		for b.Loop() {
			gin(move...)
			gin("undo")
		}
	})
}
