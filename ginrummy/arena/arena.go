// Package arena plays many games between two bots to measure them: deals are
// mirrored (each deal is played twice, the bots' seats swapped, so that the
// luck of the cards cancels), and it counts games and hands won, gins,
// knocks and undercuts, the time each decision took, and, for the advise
// bot, how well its predicted undercut chances match what happened.
package arena

import (
	"context"
	"math"
	"runtime"
	"sync"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Config is what to play.
type Config struct {
	Rules    ginrummy.Rules
	Bots     [2]string // the two bots by name; the same name twice plays a bot against itself
	Games    int       // games to play; an odd number plays the last deal once
	Seed     uint64
	Advise   bots.AdviseOptions // the advise bot's effort
	Progress func()             // called after each game, from any goroutine; may be nil
	Record   Recorder           // given each hand as a complete record; may be nil
}

// Result is what the games came to.
type Result struct {
	Games       int // games played to the end
	Elapsed     time.Duration
	Bots        [2]Bot
	Calibration Calibration // the advise bots' knocks; empty when none played
	Interrupted bool        // stopped before all the games were played
}

// Bot is one bot's record.
type Bot struct {
	Name      string
	Wins      int
	HandsWon  int
	Gins      int
	BigGins   int
	Knocks    int // knocks, not counting gins
	Undercut  int // its knocks that were undercut
	Decisions int
	Thinking  time.Duration // time spent deciding
}

// WinRate is the share of the games the bot won.
func (b Bot) WinRate(games int) float64 {
	if games == 0 {
		return 0
	}
	return float64(b.Wins) / float64(games)
}

// CI95 is the 95% Wilson score interval of the win rate.
func (b Bot) CI95(games int) [2]float64 {
	if games == 0 {
		return [2]float64{0, 1}
	}
	const z = 1.959963984540054
	n, p := float64(games), b.WinRate(games)
	center := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return [2]float64{max(0, center-half), min(1, center+half)}
}

// PerDecision is the mean time a decision took.
func (b Bot) PerDecision() time.Duration {
	if b.Decisions == 0 {
		return 0
	}
	return b.Thinking / time.Duration(b.Decisions)
}

// Run plays the games, on every core, until they are done or ctx is done.
func Run(ctx context.Context, cfg Config) (Result, error) {
	for _, name := range cfg.Bots {
		if _, err := bots.New(name, cfg.Advise); err != nil {
			return Result{}, err
		}
	}
	res := Result{Bots: [2]Bot{{Name: cfg.Bots[0]}, {Name: cfg.Bots[1]}}}
	start := time.Now()
	var mu sync.Mutex
	var firstErr error
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				g, err := playOne(cfg, i)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					res.add(g)
				}
				mu.Unlock()
				if cfg.Progress != nil {
					cfg.Progress()
				}
			}
		})
	}
feed:
	for i := range cfg.Games {
		select {
		case next <- i:
		case <-ctx.Done():
			res.Interrupted = true
			break feed
		}
	}
	close(next)
	wg.Wait()
	res.Elapsed = time.Since(start)
	return res, firstErr
}

// played is one game's record, by bot (0 the first named, 1 the second).
type played struct {
	winner      int // the bot that won; NoPlayer when level
	bots        [2]Bot
	predictions []prediction
}

func (r *Result) add(g played) {
	r.Games++
	if g.winner != ginrummy.NoPlayer {
		r.Bots[g.winner].Wins++
	}
	for i, b := range g.bots {
		t := &r.Bots[i]
		t.HandsWon += b.HandsWon
		t.Gins += b.Gins
		t.BigGins += b.BigGins
		t.Knocks += b.Knocks
		t.Undercut += b.Undercut
		t.Decisions += b.Decisions
		t.Thinking += b.Thinking
	}
	r.Calibration.add(g.predictions)
}

// playOne plays game i: deal pair i/2, the first named bot in seat 0 on
// even games and seat 1 on odd ones.
func playOne(cfg Config, i int) (played, error) {
	swapped := i%2 == 1
	botAt := func(seat int) int { // which named bot sits in seat
		if swapped {
			return 1 - seat
		}
		return seat
	}
	var g played
	var pending [2]float64 // the undercut chance each seat predicted for the knock it is making; -1 for none
	pending[0], pending[1] = -1, -1
	var players [2]table.Player
	var timers [2]*timed
	for seat := range 2 {
		opts := cfg.Advise
		opts.Seed ^= uint64(i/2)<<8 | uint64(seat) // by deal and seat: the mirrored game plays alike
		opts.Knocked = func(u float64) { pending[seat] = u }
		p, err := bots.New(cfg.Bots[botAt(seat)], opts)
		if err != nil {
			return played{}, err
		}
		timers[seat] = &timed{p: p}
		players[seat] = timers[seat]
	}
	hands := 0
	var recordErr error
	watch := func(h table.Hand) {
		hands++
		if cfg.Record != nil && recordErr == nil {
			recordErr = cfg.Record(i+1, hands, recordOf(cfg, seatNames(cfg, botAt), i+1, hands, h))
		}
		if h.Ending == ginrummy.Drawn {
			pending[0], pending[1] = -1, -1
			return
		}
		k := botAt(h.Knocker)
		b := &g.bots[k]
		switch h.Ending {
		case ginrummy.WentGin:
			b.Gins++
		case ginrummy.WentBigGin:
			b.BigGins++
		case ginrummy.Knocked:
			if h.Score.Kind == ginrummy.Gin {
				b.Gins++ // a knock with no deadwood
				break
			}
			b.Knocks++
			undercut := h.Score.Kind == ginrummy.Undercut
			if undercut {
				b.Undercut++
			}
			if u := pending[h.Knocker]; u >= 0 {
				g.predictions = append(g.predictions, prediction{u, undercut})
			}
		}
		switch h.Score.Scorer {
		case ginrummy.Knocker:
			b.HandsWon++
		case ginrummy.Defender:
			g.bots[1-k].HandsWon++
		}
		pending[0], pending[1] = -1, -1
	}
	match := table.Match
	if cfg.Record != nil {
		match = table.MatchMoves
	}
	game, err := match(cfg.Rules, players, mix(cfg.Seed, uint64(i/2)), watch)
	if err == nil {
		err = recordErr
	}
	if err != nil {
		return played{}, err
	}
	g.winner = ginrummy.NoPlayer
	if game.Winner != ginrummy.NoPlayer {
		g.winner = botAt(game.Winner)
	}
	for seat, t := range timers {
		b := &g.bots[botAt(seat)]
		b.Decisions, b.Thinking = t.decisions, t.thinking
	}
	return g, nil
}

// mix makes a deal's seed from the run's seed and the deal's number.
func mix(seed, n uint64) uint64 {
	x := seed ^ (n+1)*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>29
}

// timed is a player whose decisions are timed and counted.
type timed struct {
	p         table.Player
	decisions int
	thinking  time.Duration
}

func (t *timed) Take(v table.View) bool {
	start := time.Now()
	ok := t.p.Take(v)
	t.thinking += time.Since(start)
	t.decisions++
	return ok
}

func (t *timed) Play(v table.View) table.Play {
	start := time.Now()
	p := t.p.Play(v)
	t.thinking += time.Since(start)
	t.decisions++
	return p
}
