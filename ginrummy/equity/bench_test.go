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
				t, err := equity.NewTable(r)
				if err != nil {
					b.Fatal(err)
				}
				t.Values(equity.State{}, equity.Game)
			}
		})
	}
}

// BenchmarkTableLate is the same at 85–85 (boxes 4–4): only the scores
// that can follow it are valued.
func BenchmarkTableLate(b *testing.B) {
	for _, name := range []string{"classic", "scorepad", "oklahoma"} {
		r, err := ginrummy.Preset(name)
		if err != nil {
			b.Fatal(err)
		}
		s := equity.State{Points: [2]int{85, 85}, Boxes: [2]int{4, 4}}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				t, err := equity.NewTable(r)
				if err != nil {
					b.Fatal(err)
				}
				t.Values(s, equity.Game)
			}
		})
	}
}

// BenchmarkMatch values every end of a hand of Hollywood, sampled: at 0–0
// in each game, the longest match, and late, with each game at 85–85
// (boxes 4–4, 3–3, 2–2). What gin advise --rules hollywood --score pays
// once.
func BenchmarkMatch(b *testing.B) {
	r, err := ginrummy.Preset("hollywood")
	if err != nil {
		b.Fatal(err)
	}
	late := equity.State{Points: [2]int{85, 85}, Boxes: [2]int{4, 4}, Later: [2]ginrummy.Tally{
		{Points: [2]int{85, 85}, Boxes: [2]int{3, 3}}, {Points: [2]int{85, 85}, Boxes: [2]int{2, 2}}}}
	for _, c := range []struct {
		name string
		s    equity.State
	}{{"start", equity.State{}}, {"late", late}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				m, err := equity.NewMatch(r)
				if err != nil {
					b.Fatal(err)
				}
				m.Values(c.s, equity.Game)
			}
		})
	}
}
