package equity_test

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
)

// BenchmarkTable builds a preset's table and values a hand at 0–0, which
// values every score of the game: what gin advise --score pays once.
func BenchmarkTable(b *testing.B) {
	for _, name := range []string{"classic", "scorepad", "oklahoma"} {
		r, err := ginrummy.Preset(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				t, err := equity.New(r)
				if err != nil {
					b.Fatal(err)
				}
				t.Values(equity.State{}, equity.Game)
			}
		})
	}
}
