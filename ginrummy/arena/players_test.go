package arena

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
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
			o.Seed, o.Knocked, o.Context, o.Met, o.DealSeed = o.Seed^s.Seed, s.Knocked, s.Context, s.Met, s.DealSeed
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

// handSayer plays as simple and, at each knock, says an undercut chance
// by the number of the hand in its game as its view counts it (the hands
// before it, table.View.Earlier): 5% at the first hand, 15% at the second,
// 25% at the third and 35% after, so that each group of Result.ByHand has
// its knocks in a bin of its own.
type handSayer struct {
	bots.Simple
	knocked func(float64, bool)
}

func (p handSayer) Play(v table.View) table.Play {
	play := p.Simple.Play(v)
	if play.Knock {
		p.knocked(0.05+0.1*float64(min(len(v.Earlier()), 3)), false)
	}
	return play
}

// The knocks are split by the number of their hand in the game: each
// group's knocks are those made at its hands, and the groups add up to the
// whole calibration.
func TestCalibrationSplitByHand(t *testing.T) {
	sayer := Player{Name: "sayer", Sit: func(s Seating) table.Player { return handSayer{knocked: s.Knocked} }}
	simple := botPlayers("simple", "simple", bots.AdviseOptions{})[0]
	res, err := Run(context.Background(), Config{Rules: classic(t), Players: [2]Player{sayer, simple}, Games: 40, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for g, c := range res.ByHand {
		if c.Knocks == 0 || c.Bins[g].Knocks != c.Knocks {
			t.Errorf("group %d: %d knocks, %d of them said %d%%; want some, all said so", g, c.Knocks, c.Bins[g].Knocks, 5+10*g)
		}
	}
	checkByHandAddsUp(t, res)
}

// metTaker plays as simple and keeps the hands each player was shown of the
// run's earlier games, by game.
type metTaker struct {
	mu  *sync.Mutex
	met map[metKey][]table.Shown
}

type metKey struct {
	seed  uint64 // Seating.Seed: deal and seat
	named int    // which named player
}

func (m metTaker) player(named int) Player {
	return Player{Name: fmt.Sprint(named), Sit: func(s Seating) table.Player {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.met[metKey{s.Seed, named}] = s.Met
		return bots.Simple{}
	}}
}

// Each game's players are shown the hands of the run's earlier games as they
// saw them end: the last MetHands hands of the deals before the MetLag
// deals before its own, oldest first, each game's told apart by its number
// (table.Shown.Game), the same for both games of a deal,
// whether the games are played on one core or many. The hands expected are
// those of each deal played again alone, by the engine, in deal and seat
// order, each seen from the named player's seat.
func TestPlayersAreShownEarlierGames(t *testing.T) {
	const deals, seed = MetLag + 30, 11
	rules := classic(t)
	// Every hand of each deal, by named player: game 2d has the first named
	// player in seat 0, game 2d+1 in seat 1.
	var byDeal [deals][2][2][]table.Shown // by deal, named player and swapped
	for d := range deals {
		for swapped := range 2 {
			var players [2]table.Player
			players[0], players[1] = bots.Simple{}, bots.Simple{}
			_, err := table.Match(rules, players, mix(seed, uint64(d)), func(h table.Played) {
				for seat := range 2 {
					named := seat ^ swapped
					byDeal[d][named][swapped] = append(byDeal[d][named][swapped], h.Shown(seat))
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, procs := range []int{1, 4} {
		was := runtime.GOMAXPROCS(procs)
		m := metTaker{&sync.Mutex{}, map[metKey][]table.Shown{}}
		_, err := Run(context.Background(), Config{Rules: rules, Players: [2]Player{m.player(0), m.player(1)}, Games: 2 * deals, Seed: seed})
		runtime.GOMAXPROCS(was)
		if err != nil {
			t.Fatal(err)
		}
		for d := range deals {
			for named := range 2 {
				// Of each deal, the game the player sat in seat 0 first:
				// swapped is then the player's number.
				// Each game's hands carry a number of their own, never 0
				// (the game being played's): 2e+1 and 2e+2 for deal e's.
				var want []table.Shown
				for e := 0; e < d-MetLag; e++ {
					for k, swapped := range []int{named, 1 - named} {
						for _, s := range byDeal[e][named][swapped] {
							s.Game = 2*e + k + 1
							want = append(want, s)
						}
					}
				}
				want = want[max(0, len(want)-MetHands):]
				for swapped := range 2 {
					seat := named ^ swapped
					got, ok := m.met[metKey{uint64(d)<<8 | uint64(seat), named}]
					if !ok {
						t.Errorf("%d cores, deal %d: player %d did not sit in seat %d", procs, d, named, seat)
					}
					if !slices.Equal(got, want) {
						t.Errorf("%d cores, deal %d, player %d in seat %d: shown %d hands, want %d, the first unlike at index %d", procs, d, named, seat, len(got), len(want), firstUnlike(got, want))
					}
				}
			}
			// Simple against simple plays both games of a deal alike, so
			// the two players must be shown the same hands, as a player
			// against itself needs to play the mirrored games alike.
			a, b := m.met[metKey{uint64(d) << 8, 0}], m.met[metKey{uint64(d) << 8, 1}]
			if !slices.Equal(a, b) {
				t.Errorf("%d cores, deal %d: the players are shown unlike hands (%d and %d), the first at index %d", procs, d, len(a), len(b), firstUnlike(a, b))
			}
		}
	}
	n := 0
	for _, d := range byDeal[:deals-MetLag-1] {
		n += len(d[0][0]) + len(d[0][1])
	}
	if n <= MetHands {
		t.Errorf("the last deal is shown all %d hands before it: the test wants more than MetHands (%d), to see them cut", n, MetHands)
	}
}

// firstUnlike is the first index where a and b differ.
func firstUnlike(a, b []table.Shown) int {
	i := 0
	for i < min(len(a), len(b)) && a[i] == b[i] {
		i++
	}
	return i
}
