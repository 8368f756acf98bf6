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

// styleSayer plays as simple and, at each knock, says an undercut chance of
// 0.15, with the opponent's style unknown at every other knock it makes.
type styleSayer struct {
	bots.Simple
	knocked func(float64, bool)
	n       int
}

func (p *styleSayer) Play(v table.View) table.Play {
	play := p.Simple.Play(v)
	if play.Knock {
		p.n++
		p.knocked(0.15, p.n%2 == 0)
	}
	return play
}

// The calibration's knocks are split by whether the opponent's style was
// unknown when the chance was said, as the player says: the two parts add
// up to the whole, bin by bin.
func TestCalibrationSplitByStyle(t *testing.T) {
	sayer := Player{Name: "sayer", Sit: func(s Seating) table.Player { return &styleSayer{knocked: s.Knocked} }}
	simple := botPlayers("simple", "simple", bots.AdviseOptions{})[0]
	res, err := Run(context.Background(), Config{Rules: classic(t), Players: [2]Player{sayer, simple}, Games: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	all, known, unknown := res.Calibration(), res.StyleKnown, res.StyleUnknown
	if known.Knocks == 0 || unknown.Knocks == 0 || known.Knocks+unknown.Knocks != all.Knocks {
		t.Fatalf("knocks: %d known, %d unknown, %d in all", known.Knocks, unknown.Knocks, all.Knocks)
	}
	if d := known.Knocks - unknown.Knocks; d < -40 || d > 40 {
		t.Errorf("%d known, %d unknown: want about as many of each (every other knock in each game)", known.Knocks, unknown.Knocks)
	}
	for i, b := range all.Bins {
		k, u := known.Bins[i], unknown.Bins[i]
		if k.Knocks+u.Knocks != b.Knocks || k.Undercut+u.Undercut != b.Undercut || k.Low != b.Low || u.High != b.High {
			t.Errorf("bin %d: %+v and %+v do not make %+v", i, k, u, b)
		}
	}
}
