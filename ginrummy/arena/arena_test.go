package arena

import (
	"context"
	"errors"
	"flag"
	"reflect"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

func classic(t testing.TB) ginrummy.Rules {
	r, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The same bot on both seats wins exactly half the mirrored games: each
// deal is played twice with the seats swapped, so luck cancels.
// The long runs play every game only under -long (.ci/run turns it on).
var long = flag.Bool("long", false, "play two hundred games of each style against itself")

func TestMirroredDealsSplitEvenly(t *testing.T) {
	for _, bot := range []string{"simple", "knocker", "gin-hunter", "mixed", "advise"} {
		games := 40
		switch {
		case bot == "advise":
			games = 10 // each decision plays hands out
		case *long:
			games = 200
		}
		res, err := Run(context.Background(), Config{Rules: classic(t), Players: botPlayers(bot, bot, bots.AdviseOptions{Samples: 20, Playouts: 4}),
			Games: games, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		if res.Games != games || res.Bots[0].Wins+res.Bots[1].Wins != games || res.Bots[0].Wins != games/2 {
			t.Errorf("%s v %s: %d games, wins %d–%d; want an even split", bot, bot, res.Games, res.Bots[0].Wins, res.Bots[1].Wins)
		}
	}
}

// The same seed gives the same result.
func TestSameSeedSameResult(t *testing.T) {
	run := func() Result {
		res, err := Run(context.Background(), Config{Rules: classic(t), Players: botPlayers("simple", "knocker", bots.AdviseOptions{}), Games: 60, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := run(), run()
	for i := range 2 {
		x, y := a.Bots[i], b.Bots[i]
		x.Thinking, y.Thinking = 0, 0
		if x != y {
			t.Errorf("bot %d: %+v, then %+v", i, x, y)
		}
	}
}

// A stopped run counts whole deals only, the first ones, and so gives what a
// run of that many games gives. On one core the games are played in order:
// stopped once seven have ended, the seventh is alone in its deal, and the
// result is the first three deals', six games.
func TestStoppedRunCountsWholeDeals(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	cfg := Config{Rules: classic(t), Players: botPlayers("simple", "knocker", bots.AdviseOptions{}), Games: 100_000, Seed: 9}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ended := 0
	cfg.Progress = func() {
		if ended++; ended == 7 {
			cancel()
		}
	}
	got, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Games, cfg.Progress = 6, nil
	want, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Interrupted || got.Games != 6 || got.Ended != 6 || want.Interrupted {
		t.Fatalf("stopped after 7 games: interrupted %v, %d games, %d ended; want interrupted, 6 and 6", got.Interrupted, got.Games, got.Ended)
	}
	for i := range 2 {
		x, y := got.Bots[i], want.Bots[i]
		x.Thinking, y.Thinking = 0, 0
		if x != y {
			t.Errorf("bot %d: stopped %+v; the first 6 games %+v", i, x, y)
		}
	}
}

// Stopping reaches inside a decision: a player whose every decision lasts
// until the run's context is done (as a long search that heeds it does) is
// stopped inside its first, and the run returns within two seconds of being
// stopped, with no game counted (none could end, and the games stopped are
// not counted half played). It is stopped a twentieth of a second into that
// decision. Were the run's context not handed to the player, the decision
// would never end.
func TestStopReachesInsideADecision(t *testing.T) {
	players := botPlayers("simple", "simple", bots.AdviseOptions{})
	started := make(chan struct{})
	var first sync.Once
	players[0] = Player{Name: "waits", Sit: func(s Seating) table.Player {
		return waiting{s.Context, func() { first.Do(func() { close(started) }) }}
	}}
	cfg := Config{Rules: classic(t), Players: players, Games: 1000, Seed: 1}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type answer struct {
		res Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := Run(ctx, cfg)
		done <- answer{res, err}
	}()
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("the waiting player was asked for no decision within 20 s")
	}
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case a := <-done:
		if a.err != nil || !a.res.Interrupted || a.res.Games != 0 || a.res.Bots[0] != (Bot{Name: "waits"}) || a.res.Bots[1] != (Bot{Name: "simple"}) {
			t.Errorf("stopped: %v, %+v; want interrupted with nothing counted", a.err, a.res)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("still playing two seconds after the run was stopped")
	}
}

// waiting is a player each of whose decisions starts by calling started
// and lasts until ctx is done: then it does not take, and throws the first
// card it may.
type waiting struct {
	ctx     context.Context
	started func()
}

func (w waiting) Take(table.View) bool {
	w.started()
	<-w.ctx.Done()
	return false
}

func (w waiting) Play(v table.View) table.Play {
	w.started()
	<-w.ctx.Done()
	for c := range v.Throwable().All() {
		return table.Play{Discard: c}
	}
	return table.Play{}
}

// A game that reaches the engine's 1,000-hand limit is unfinished, not an
// error: the run goes on and counts its hands. Simple against itself plays
// some 11 hands won to a game to 100 (README: 11,241 hands won a seat in
// 2,000 games): the winner scores about 9 points a hand, the loser fewer.
// To 10,000, the most a target may be, a player would need 10 points a hand
// over all 1,000 hands.
func TestUnfinishedGames(t *testing.T) {
	r := classic(t)
	r.Target = 10_000
	res, err := Run(context.Background(), Config{Rules: r, Players: botPlayers("simple", "simple", bots.AdviseOptions{}), Games: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Interrupted || res.Games != 2 || res.Unfinished != 2 || res.Ended != 0 || res.Bots[0].Wins+res.Bots[1].Wins != 0 {
		t.Errorf("to 10,000: interrupted %v, %d games, %d unfinished, %d ended, wins %d–%d; want 2 unfinished games and no win",
			res.Interrupted, res.Games, res.Unfinished, res.Ended, res.Bots[0].Wins, res.Bots[1].Wins)
	}
	if hands := res.Bots[0].HandsWon + res.Bots[1].HandsWon; hands == 0 || hands > 2*table.MaxHands {
		t.Errorf("to 10,000: %d hands won in 2 games of %d hands; want them counted", hands, table.MaxHands)
	}
}

// A deal with an unfinished game is left out of the win rates whole, its
// ended game with it, so that the luck of its cards still cancels; its
// hands are counted.
func TestUnfinishedDealLeftOutOfWins(t *testing.T) {
	res := Result{}
	won := played{winner: 0, bots: [2]Bot{{HandsWon: 6}, {HandsWon: 2}}}
	unfinished := played{winner: ginrummy.NoPlayer, unfinished: true, bots: [2]Bot{{HandsWon: 400}, {HandsWon: 420}}}
	level := played{winner: ginrummy.NoPlayer, bots: [2]Bot{{HandsWon: 5}, {HandsWon: 5}}}
	res.add([]played{won, unfinished})
	res.add([]played{won, level})
	if res.Games != 4 || res.Unfinished != 1 || res.Ended != 2 || res.Bots[0].Wins != 1 || res.Bots[1].Wins != 0 ||
		res.Bots[0].HandsWon != 6+400+6+5 || res.Bots[1].HandsWon != 2+420+2+5 {
		t.Errorf("a deal won and unfinished, a deal won and level: %+v; want 4 games, 1 unfinished, 2 ended, wins 1–0, hands 417–429", res)
	}
}

func BenchmarkSimpleVsSimple(b *testing.B) {
	r := classic(b)
	for b.Loop() {
		if _, err := Run(context.Background(), Config{Rules: r, Players: botPlayers("simple", "simple", bots.AdviseOptions{}), Games: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// Recording the hands changes no result, and each hand recorded is a
// complete record that reads back and replays through the rules of play to
// its end, the players named by their bots.
func TestRecordChangesNothing(t *testing.T) {
	for _, pair := range [][2]string{{"simple", "knocker"}, {"gin-hunter", "gin-hunter"}} {
		cfg := Config{Rules: classic(t), Players: botPlayers(pair[0], pair[1], bots.AdviseOptions{}), Games: 20, Seed: 4}
		plain, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		recs := map[[2]int]*record.Record{}
		cfg.Record = func(game, hand int, rec *record.Record) error {
			mu.Lock()
			defer mu.Unlock()
			recs[[2]int{game, hand}] = rec
			return nil
		}
		recorded, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			x, y := plain.Bots[i], recorded.Bots[i]
			x.Thinking, y.Thinking = 0, 0
			if x != y {
				t.Errorf("%v, bot %d: %+v without recording, %+v with", pair, i, x, y)
			}
		}
		hands := 0
		for game := 1; game <= cfg.Games; game++ {
			for hand := 1; recs[[2]int{game, hand}] != nil; hand++ {
				hands++
				rec, err := record.Parse(record.Format(recs[[2]int{game, hand}]))
				if err != nil {
					t.Fatalf("game %d, hand %d: %v", game, hand, err)
				}
				round, err := rec.Replay(cfg.Rules, -1)
				if err != nil {
					t.Fatalf("game %d, hand %d: %v\n%s", game, hand, err, record.Format(rec))
				}
				if !rec.Complete() || !round.Scored() {
					t.Errorf("game %d, hand %d: complete %v, scored %v", game, hand, rec.Complete(), round.Scored())
				}
				names := pair
				if pair[0] == pair[1] {
					names = [2]string{pair[0] + " (1)", pair[1] + " (2)"}
				}
				if game%2 == 0 { // the second game of a deal: the seats swapped
					names[0], names[1] = names[1], names[0]
				}
				if rec.Players != names {
					t.Errorf("game %d, hand %d: players %q, want %q", game, hand, rec.Players, names)
				}
			}
		}
		if hands != len(recs) || hands < cfg.Games {
			t.Errorf("%v: %d hands recorded in order of %d", pair, hands, len(recs))
		}
	}
}

// A run stopped while recording records no hand after the stop: the rest
// of a game cut short is played by simple, not by its bots.
func TestRecordStopsWithTheRun(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // one game at a time
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var recorded []int
	cfg := Config{Rules: classic(t), Players: botPlayers("simple", "knocker", bots.AdviseOptions{}), Games: 10, Seed: 4,
		Record: func(game, hand int, rec *record.Record) error {
			recorded = append(recorded, game)
			if game == 1 && hand == 2 {
				cancel()
			}
			return nil
		}}
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(recorded) != 2 || !res.Interrupted {
		t.Errorf("hands recorded in games %v, interrupted %v; want game 1's first two only", recorded, res.Interrupted)
	}
}

// A run that fails in its first game ends with the error, though the deals
// after the first MetLag wait for that game's deal to be counted (a failed
// game never is): the game fails late, once the others have been played and
// the run waits for it.
func TestFailedGameEndsTheRun(t *testing.T) {
	failed := errors.New("the disk is full")
	cfg := Config{Rules: classic(t), Players: botPlayers("simple", "knocker", bots.AdviseOptions{}), Games: 2 * (MetLag + 10), Seed: 4,
		Record: func(game, hand int, rec *record.Record) error {
			if game == 1 {
				time.Sleep(200 * time.Millisecond)
				return failed
			}
			return nil
		}}
	done := make(chan error)
	go func() {
		_, err := Run(context.Background(), cfg)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, failed) {
			t.Errorf("the run ended with %v, want %v", err, failed)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not end 20 s after its first game failed")
	}
}

// styleTaker seats the mixed bot as gin arena does and keeps the style it
// played each game in, by deal and seat (Seating.Seed).
type styleTaker struct {
	mu     *sync.Mutex
	styles map[uint64]string
}

func (m styleTaker) player() Player {
	mixed := botPlayers("mixed", "mixed", bots.AdviseOptions{})[0]
	return Player{Name: "mixed", Sit: func(s Seating) table.Player {
		p := mixed.Sit(s)
		m.mu.Lock()
		defer m.mu.Unlock()
		m.styles[s.Seed] = p.(bots.Mixed).Style()
		return p
	}}
}

// The mixed bot plays each of the three styles over a run, one a deal: both
// games of a deal in the same style, so that the luck of the cards still
// cancels; the same styles and results on one core or four; other styles at
// another seed.
func TestMixedStylesByDeal(t *testing.T) {
	const deals = 30
	run := func(seed uint64, procs int) (map[uint64]string, Result) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		m := styleTaker{&sync.Mutex{}, map[uint64]string{}}
		knocker := botPlayers("knocker", "knocker", bots.AdviseOptions{})[0]
		res, err := Run(context.Background(), Config{Rules: classic(t), Players: [2]Player{knocker, m.player()}, Games: 2 * deals, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return m.styles, res
	}
	styles, res := run(5, 1)
	count := map[string]int{}
	for d := range uint64(deals) {
		// The first named player sits in seat 0 in the deal's first game:
		// mixed, the second, in seat 1, then in seat 0.
		first, second := styles[d<<8|1], styles[d<<8]
		if first == "" || first != second {
			t.Errorf("deal %d: played as %q, then %q; want one style", d, first, second)
		}
		count[first]++
	}
	for _, style := range bots.MixedStyles() {
		if count[style] == 0 {
			t.Errorf("%d deals never played as %s: %v", deals, style, count)
		}
	}
	again, resAgain := run(5, 4)
	for i := range 2 {
		x, y := res.Bots[i], resAgain.Bots[i]
		x.Thinking, y.Thinking = 0, 0
		if x != y {
			t.Errorf("bot %d: %+v on one core, %+v on four", i, x, y)
		}
	}
	if !reflect.DeepEqual(styles, again) {
		t.Errorf("styles on one core %v, on four %v", styles, again)
	}
	if other, _ := run(6, 1); reflect.DeepEqual(styles, other) {
		t.Errorf("seeds 5 and 6 played the same styles: %v", styles)
	}
}
