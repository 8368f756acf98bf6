package arena

import (
	"context"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
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
