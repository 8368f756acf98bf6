package review_test

import (
	"math/rand/v2"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// BenchmarkReview reviews a complete record of a hand of 20 decisions
// (simple against simple, the first seeded deal with that many) at the
// advice's default effort, the decisions advised over every core: the
// target is 3 s on the 2-core machine.
func BenchmarkReview(b *testing.B) {
	rules := preset(b, "classic")
	rng := rand.New(rand.NewPCG(2026, 24))
	var hand review.Recorded
	for {
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		var players [2]table.Player
		for p := range players {
			pl, err := bots.New("simple", bots.AdviseOptions{})
			if err != nil {
				b.Fatal(err)
			}
			players[p] = pl
		}
		rec := recordOf(b, rules, players, 0, deck)
		hand = review.Recorded{Session: &record.Session{Record: rec, Rules: rules}}
		light := review.Settings{Advice: advice.Settings{Model: advice.Evidence, Samples: 1, Playouts: 1}}
		got, err := review.Review([]review.Recorded{hand}, light)
		if err != nil {
			b.Fatal(err)
		}
		if len(got[0]) == 20 {
			break
		}
	}
	positions := 0
	s := review.Settings{Advice: advice.Settings{Model: advice.Evidence, Seed: 1}, Progress: func(_, total int) { positions = total }}
	b.ResetTimer()
	for b.Loop() {
		if _, err := review.Review([]review.Recorded{hand}, s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(20, "decisions/op")
	b.ReportMetric(float64(positions), "positions/op")
}
