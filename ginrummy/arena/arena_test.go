package arena

import (
	"context"
	"sync"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
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
func TestMirroredDealsSplitEvenly(t *testing.T) {
	for _, bot := range []string{"simple", "knocker", "gin-hunter", "advise"} {
		games := 200
		if bot == "advise" {
			games = 10 // each decision plays hands out
		}
		res, err := Run(context.Background(), Config{Rules: classic(t), Bots: [2]string{bot, bot}, Games: games, Seed: 5,
			Advise: bots.AdviseOptions{Samples: 50, Playouts: 10}})
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
		res, err := Run(context.Background(), Config{Rules: classic(t), Bots: [2]string{"simple", "knocker"}, Games: 60, Seed: 9})
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

func BenchmarkSimpleVsSimple(b *testing.B) {
	r := classic(b)
	for b.Loop() {
		if _, err := Run(context.Background(), Config{Rules: r, Bots: [2]string{"simple", "simple"}, Games: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// Recording the hands changes no result, and each hand recorded is a
// complete record that reads back and replays through the rules of play to
// its end, the players named by their bots.
func TestRecordChangesNothing(t *testing.T) {
	for _, pair := range [][2]string{{"simple", "knocker"}, {"gin-hunter", "gin-hunter"}} {
		cfg := Config{Rules: classic(t), Bots: pair, Games: 20, Seed: 4}
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
