// Package arena plays many games between two players to measure them: deals
// are mirrored (each deal is played twice, the players' seats swapped, so
// that the luck of the cards cancels), and it counts games and hands won,
// gins, knocks and undercuts, the time each decision took, and, for a
// player that predicts its knocks' undercut chances (the advise bot), how
// well they match what happened.
//
// A player that makes an illegal move forfeits that game, which the other
// wins; the run goes on, and counts the forfeits.
//
// A run stopped early (its context done) stops the games in progress at
// once, down to a decision's play-outs, and counts only its first deals
// whose games were all played to the end: the same results as a run of
// that many games. A game that reaches the engine's hand limit
// (table.MaxHands) is unfinished: its hands count, and its deal is left out
// of the win rates.
package arena

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Config is what to play.
type Config struct {
	Rules    ginrummy.Rules
	Players  [2]Player // the same name twice plays a player against itself
	Games    int       // games to play; an odd number plays the last deal once
	Seed     uint64
	Progress func()   // called after each game played (not one cut short), from any goroutine; may be nil
	Record   Recorder // given each hand as a complete record (not one cut short); may be nil
}

// Player is one of the two players of a run: its name, to print, and the
// table.Player that plays each game for it.
type Player struct {
	Name string
	// Sit returns the player of one game. Games are played at once on
	// every core, so each game has its own, which may keep state.
	Sit func(s Seating) table.Player
}

// Seating is what a player is given for one game.
type Seating struct {
	// Seed is the game's by its deal and seat, for a player's random
	// choices: the mirrored game of a deal gets the same seeds.
	Seed uint64
	// Knocked, for a player that predicts the undercut chance of each knock
	// it makes, takes that chance, and whether the opponent's style was
	// unknown (the chance a mixture of two styles), for the calibration.
	Knocked func(undercut float64, styleUnknown bool)
	// Context is the run's: once it is done, the game is abandoned, and a
	// decision in progress may stop.
	Context context.Context
	// Met is the hands of the run's earlier games as this player saw them
	// end (table.Played.Shown), oldest first, for a player that learns how
	// its opponent plays (the advise bot): the last MetHands hands of the
	// deals before the MetLag deals before this one, the same for both
	// games of a deal and on any number of cores, so that the mirrored
	// games play alike and a run's results stay those of its seed.
	Met []table.Shown
	// DealSeed is the deal's, from the run's seed and the deal's number, for
	// a player that plays each game of a run its own way (the mixed bot
	// chooses its style by it): the same for both games of the deal and
	// both players, on any number of cores, and not the seed the cards are
	// shuffled by.
	DealSeed uint64
}

// How much of the run's earlier games a player is shown (Seating.Met): the
// last MetHands hands of the deals more than MetLag deals before its own, so
// that the games of MetLag+1 deals are played at once (at most 18 games,
// whatever the cores: more would leave a machine of more cores idle at
// times), and a game waits for the games it learns from only when one of
// them is far slower than the rest.
const (
	MetHands = 100
	MetLag   = 8
)

// Result is what the games came to.
type Result struct {
	// Games is the games played, by whole deals: both games of each deal
	// (the last one alone when Config.Games is odd).
	Games int
	// Unfinished is how many of them reached table.MaxHands hands without
	// ending: they have no winner.
	Unfinished int
	// Ended is the games of the deals whose games all ended: the games the
	// win rates are of. A deal with an unfinished game is left out whole,
	// so that the luck of its cards still cancels.
	Ended   int
	Elapsed time.Duration
	Bots    [2]Bot // hands, gins, knocks, forfeits and decisions of all the Games; wins of the Ended
	// The knocks of the players that predict them (empty when none did),
	// by whether the opponent's style was known when the chance was
	// predicted: unknown, the chance is a mixture of a player who knocks
	// early and one who waits (advice.Advice.StyleUnknown). Calibration
	// adds them up.
	StyleKnown, StyleUnknown Calibration
	// ByHand is the same knocks by the number of the hand in its game
	// (HandGroup): the first, second and third hands, and the later ones.
	ByHand      [HandGroups]Calibration
	Interrupted bool // stopped before all the games were played: the results are the first Games/2 deals'
}

// Calibration is every knock of the players that predict them, the style
// known or not.
func (r Result) Calibration() Calibration { return r.StyleKnown.plus(r.StyleUnknown) }

// Bot is one player's record.
type Bot struct {
	Name      string
	Wins      int // forfeits by the other player included
	HandsWon  int
	Gins      int
	BigGins   int
	Knocks    int // knocks, not counting gins
	Undercut  int // its knocks that were undercut
	Decisions int
	Thinking  time.Duration // time spent deciding
	Forfeits  int           // games lost by an illegal move
	Illegal   string        // the first illegal move, of the first deal with one: "throws 5♥, which it does not hold"
}

// WinRate is the share of the games the bot won; give it Result.Ended.
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
// Once ctx is done, the games in progress are abandoned within a few
// play-outs and the result is that of the first deals whose games were all
// played, marked Interrupted.
func Run(ctx context.Context, cfg Config) (Result, error) {
	for _, p := range cfg.Players {
		if p.Sit == nil {
			return Result{}, fmt.Errorf("arena: the player %q has no Sit", p.Name)
		}
	}
	res := Result{Bots: [2]Bot{{Name: cfg.Players[0].Name}, {Name: cfg.Players[1].Name}}}
	start := time.Now()
	book := ledger{res: &res, games: cfg.Games, waiting: map[int]*deal{}, met: map[int][2][]table.Shown{}}
	var mu sync.Mutex
	var firstErr error
	type game struct {
		i   int
		met [2][]table.Shown // by named player
	}
	next := make(chan game)
	recorded := make(chan struct{}, 1) // a game is in, failed or abandoned
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for g := range next {
				mu.Lock()
				failed := firstErr != nil
				mu.Unlock()
				if failed {
					continue // a failed run plays no more games
				}
				p, err := playOne(ctx, cfg, g.i, g.met)
				mu.Lock()
				switch {
				case err != nil:
					if firstErr == nil {
						firstErr = err
					}
				case !p.abandoned:
					book.record(g.i, p)
				}
				mu.Unlock()
				select {
				case recorded <- struct{}{}:
				default:
				}
				if cfg.Progress != nil && err == nil && !p.abandoned {
					cfg.Progress()
				}
			}
		})
	}
	// waitMet waits until deal d's players can be shown the deals before
	// the MetLag deals before it; false when the run stops or fails first.
	waitMet := func(d int) ([2][]table.Shown, bool) {
		for {
			mu.Lock()
			m, ok := book.metFor(d)
			failed := firstErr != nil
			mu.Unlock()
			if ok || failed {
				return m, ok && !failed
			}
			select {
			case <-recorded:
			case <-ctx.Done():
				return m, false
			}
		}
	}
	var m [2][]table.Shown
feed:
	for i := range cfg.Games {
		if i%2 == 0 {
			var ok bool
			if m, ok = waitMet(i / 2); !ok {
				break feed
			}
		}
		select {
		case next <- game{i, m}:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	res.Elapsed = time.Since(start)
	res.Interrupted = firstErr == nil && book.next < (cfg.Games+1)/2
	return res, firstErr
}

// ledger adds the games played to a result by whole deals, in the deals'
// order, each once all its games are in: a stopped run counts whole deals
// only, and every run adds them up in the same order.
type ledger struct {
	res     *Result
	games   int           // the games of the run
	waiting map[int]*deal // deals after next with games in
	next    int           // the first deal not yet counted
	// recent is the last MetHands hands of the deals counted, as each named
	// player saw them end; met the hands each deal's players are shown
	// (Seating.Met), kept from when the deal before its MetLag deals is
	// counted until the deal is fed.
	recent [2][]table.Shown
	met    map[int][2][]table.Shown
}

// metFor is the hands deal d's players are shown, once the deals they are
// shown are all counted. It is handed out once: the ledger forgets it.
func (l *ledger) metFor(d int) ([2][]table.Shown, bool) {
	if d <= MetLag {
		return [2][]table.Shown{}, true // no deal is MetLag deals before it
	}
	m, ok := l.met[d]
	delete(l.met, d)
	return m, ok
}

// deal is the games of one deal played so far.
type deal struct {
	games   [2]played // by seating: the first named bot in seat 0, then in seat 1
	n, want int       // games in, and games the deal has
}

// record takes game i's record.
func (l *ledger) record(i int, g played) {
	d := l.waiting[i/2]
	if d == nil {
		d = &deal{want: min(2, l.games-i/2*2)}
		l.waiting[i/2] = d
	}
	d.games[i%2], d.n = g, d.n+1
	for d = l.waiting[l.next]; d != nil && d.n == d.want; d = l.waiting[l.next] {
		l.res.add(d.games[:d.n])
		for p := range l.recent {
			// The game p sat in seat 0 first: against itself, both named
			// players are then shown the same hands from the same seats,
			// wherever the window cuts, and the mirrored games play alike.
			for k := range d.n {
				// The hands of each game share a number of their own
				// (table.Shown.Game), never 0, the game being played's.
				game := 2*l.next + k + 1
				for _, s := range d.games[(p+k)%d.n].shown[p] {
					s.Game = game
					l.recent[p] = append(l.recent[p], s)
				}
			}
			// A copy, so that the hands cut off are let go of, clipped, so
			// that appending to it (the ledger next deal, or a player
			// shown it) copies it.
			l.recent[p] = slices.Clip(slices.Clone(l.recent[p][max(0, len(l.recent[p])-MetHands):]))
		}
		l.met[l.next+MetLag+1] = l.recent
		delete(l.waiting, l.next)
		l.next++
	}
}

// played is one game's record, by player (0 the first named, 1 the second).
type played struct {
	winner      int  // the player that won; NoPlayer when level or unfinished
	unfinished  bool // stopped at table.MaxHands hands
	abandoned   bool // stopped by the run's context: not to be counted
	bots        [2]Bot
	predictions []prediction
	shown       [2][]table.Shown // its hands as each player saw them end (Seating.Met)
}

// add counts a deal's games: all their hands, and their wins when they all
// ended.
func (r *Result) add(games []played) {
	ended := !slices.ContainsFunc(games, func(g played) bool { return g.unfinished })
	for _, g := range games {
		r.addGame(g, ended)
	}
}

// addGame counts a game, and its winner when its deal ended.
func (r *Result) addGame(g played, ended bool) {
	r.Games++
	if g.unfinished {
		r.Unfinished++
	}
	if ended {
		r.Ended++
		if g.winner != ginrummy.NoPlayer {
			r.Bots[g.winner].Wins++
		}
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
		t.Forfeits += b.Forfeits
		if t.Illegal == "" {
			t.Illegal = b.Illegal
		}
	}
	r.StyleKnown.bounds()
	r.StyleUnknown.bounds()
	for i := range r.ByHand {
		r.ByHand[i].bounds()
	}
	for _, p := range g.predictions {
		r.ByHand[HandGroup(p.hand)].Add(p.p, p.undercut)
		if p.styleUnknown {
			r.StyleUnknown.Add(p.p, p.undercut)
		} else {
			r.StyleKnown.Add(p.p, p.undercut)
		}
	}
}

// playOne plays game i: deal i/2, the first named player in seat 0 on even
// games and seat 1 on odd ones, each shown the hands of met, by named
// player (Seating.Met). Once ctx is done the game is abandoned; a player
// that makes an illegal move forfeits it.
func playOne(ctx context.Context, cfg Config, i int, met [2][]table.Shown) (played, error) {
	swapped := i%2 == 1
	botAt := func(seat int) int { // which named player sits in seat
		if swapped {
			return 1 - seat
		}
		return seat
	}
	var g played
	var pending [2]prediction // the undercut chance each seat predicted for the knock it is making; -1 for none
	pending[0].p, pending[1].p = -1, -1
	var players [2]table.Player
	var timers [2]*timed
	for seat := range 2 {
		p := cfg.Players[botAt(seat)].Sit(Seating{
			Seed:     uint64(i/2)<<8 | uint64(seat), // by deal and seat: the mirrored game plays alike
			Knocked:  func(u float64, styleUnknown bool) { pending[seat] = prediction{p: u, styleUnknown: styleUnknown} },
			Context:  ctx,
			Met:      met[botAt(seat)],
			DealSeed: mix(cfg.Seed^dealStream, uint64(i/2)),
		})
		timers[seat] = &timed{p: p, ctx: ctx}
		players[seat] = timers[seat]
	}
	hands := 0
	var recordErr error
	watch := func(h table.Played) {
		hands++
		// A hand played on after the run was stopped is cut short: its
		// decisions were not the bots' own.
		if cfg.Record != nil && recordErr == nil && ctx.Err() == nil && !timers[0].abandoned && !timers[1].abandoned {
			recordErr = cfg.Record(i+1, hands, recordOf(cfg, seatNames(cfg, botAt), i+1, hands, h))
		}
		for seat := range 2 {
			g.shown[botAt(seat)] = append(g.shown[botAt(seat)], h.Shown(seat))
		}
		if h.Ending == ginrummy.Drawn {
			pending[0].p, pending[1].p = -1, -1
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
			if h.Score.Kind.Ending == ginrummy.WentGin {
				b.Gins++ // a knock with no deadwood
				break
			}
			b.Knocks++
			undercut := h.Score.Kind.Undercut
			if undercut {
				b.Undercut++
			}
			if pr := pending[h.Knocker]; pr.p >= 0 {
				pr.undercut, pr.hand = undercut, hands
				g.predictions = append(g.predictions, pr)
			}
		}
		switch h.Score.Scorer {
		case ginrummy.Knocker:
			b.HandsWon++
		case ginrummy.Defender:
			g.bots[1-k].HandsWon++
		}
		pending[0].p, pending[1].p = -1, -1
	}
	match := table.Match
	if cfg.Record != nil {
		match = table.MatchMoves
	}
	game, err := match(cfg.Rules, players, mix(cfg.Seed, uint64(i/2)), watch)
	var illegal *table.IllegalError
	switch {
	case timers[0].abandoned || timers[1].abandoned:
		return played{abandoned: true}, nil
	case recordErr != nil:
		return played{}, recordErr
	case errors.Is(err, table.ErrEndless):
		g.unfinished = true
	case errors.As(err, &illegal) && (illegal.Player == 0 || illegal.Player == 1):
		b := &g.bots[botAt(illegal.Player)]
		b.Forfeits, b.Illegal = 1, illegal.Move
		game.Winner = 1 - illegal.Player
	case err != nil:
		return played{}, err
	}
	g.winner = ginrummy.NoPlayer
	if game.Winner != ginrummy.NoPlayer && !g.unfinished {
		g.winner = botAt(game.Winner)
	}
	for seat, t := range timers {
		b := &g.bots[botAt(seat)]
		b.Decisions, b.Thinking = t.decisions, t.thinking
	}
	return g, nil
}

// dealStream sets Seating.DealSeed apart from the seed the deal's cards are
// shuffled by (mix(Config.Seed, deal)).
const dealStream = 0xa0761d6478bd642f

// mix makes a deal's seed from the run's seed and the deal's number.
func mix(seed, n uint64) uint64 {
	x := seed ^ (n+1)*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>29
}

// timed is a player whose decisions are timed and counted. Once the run's
// context is done its game is abandoned, as a decision may have been cut
// short: the game's result is not counted, and the rest of it is played by
// simple, which takes no time.
type timed struct {
	p         table.Player
	ctx       context.Context
	abandoned bool
	decisions int
	thinking  time.Duration
}

// stopped reports whether the game is abandoned.
func (t *timed) stopped() bool {
	t.abandoned = t.abandoned || t.ctx.Err() != nil
	return t.abandoned
}

func (t *timed) Take(v table.View) bool {
	if t.stopped() {
		return bots.Simple{}.Take(v)
	}
	start := time.Now()
	ok := t.p.Take(v)
	t.thinking += time.Since(start)
	t.decisions++
	t.stopped()
	return ok
}

func (t *timed) Play(v table.View) table.Play {
	if t.stopped() {
		return bots.Simple{}.Play(v)
	}
	start := time.Now()
	p := t.p.Play(v)
	t.thinking += time.Since(start)
	t.decisions++
	t.stopped()
	return p
}
