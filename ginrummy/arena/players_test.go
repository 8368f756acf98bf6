package arena

import (
	"context"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// botPlayers are two bots as a run's players, the advise bot with opts'
// effort, as gin arena builds them.
func botPlayers(a, b string, opts bots.AdviseOptions) [2]Player {
	player := func(name string) Player {
		return Player{Name: name, Sit: func(s Seating) table.Player {
			o := opts
			o.Seed, o.Knocked, o.Context = o.Seed^s.Seed, s.Knocked, s.Context
			p, err := bots.New(name, o)
			if err != nil {
				panic(err) // the tests name bots that are
			}
			return p
		}}
	}
	return [2]Player{player(a), player(b)}
}

// cheat plays as simple, but in the games of the deals it cheats on it
// throws a card it does not hold at its first play.
type cheat struct {
	bots.Simple
	cheats bool
}

func (c *cheat) Play(v table.View) table.Play {
	if c.cheats {
		for card := range (ginrummy.FullDeck &^ v.Hand()).All() {
			return table.Play{Discard: card}
		}
	}
	return c.Simple.Play(v)
}

// A player that makes an illegal move forfeits that game, which the other
// wins, and the run goes on: the cheat cheats in both games of deal 0 and
// deal 3 (of ten deals), forfeits those four, and the other games are
// played as simple against simple plays them.
func TestIllegalMoveForfeitsTheGame(t *testing.T) {
	const games = 20
	cheating := map[uint64]bool{0: true, 3: true} // by deal
	players := botPlayers("simple", "simple", bots.AdviseOptions{})
	players[1] = Player{Name: "cheat", Sit: func(s Seating) table.Player {
		return &cheat{cheats: cheating[s.Seed>>8]}
	}}
	res, err := Run(context.Background(), Config{Rules: classic(t), Players: players, Games: games, Seed: 3})
	if err != nil {
		t.Fatalf("a cheat stopped the run: %v", err)
	}
	c, s := res.Bots[1], res.Bots[0]
	if res.Games != games || res.Ended != games || c.Forfeits != 4 || s.Forfeits != 0 {
		t.Errorf("%d games, %d ended, forfeits %d by the cheat and %d by simple; want %d, %d, 4 and 0", res.Games, res.Ended, c.Forfeits, s.Forfeits, games, games)
	}
	if !strings.Contains(c.Illegal, "which is") || s.Illegal != "" {
		t.Errorf("the illegal move: %q by the cheat, %q by simple", c.Illegal, s.Illegal)
	}
	if c.Wins+s.Wins != games || s.Wins < 4 {
		t.Errorf("wins %d by simple and %d by the cheat; want %d in all, the 4 forfeits simple's", s.Wins, c.Wins, games)
	}
}
