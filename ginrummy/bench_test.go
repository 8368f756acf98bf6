package ginrummy

import (
	"math/rand/v2"
	"testing"
)

// benchHands deals n seeded hands; the benchmarks cycle through them so that
// the branch predictor cannot learn one hand.
func benchHands(n, size int, deal func(*rand.Rand, int) Hand) []Hand {
	rng := rand.New(rand.NewPCG(2026, 11))
	hands := make([]Hand, n)
	for i := range hands {
		hands[i] = deal(rng, size)
	}
	return hands
}

var sink int

func BenchmarkDeadwood(b *testing.B) {
	cases := []struct {
		name  string
		hands []Hand
	}{
		{"random10", benchHands(1<<14, 10, randomHand)},
		{"random11", benchHands(1<<14, 11, randomHand)},
		{"meldrich10", benchHands(1<<14, 10, meldRichHand)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink += c.hands[i&(len(c.hands)-1)].Deadwood()
			}
		})
	}
}

func BenchmarkDeadwoodAfterDiscard(b *testing.B) {
	cases := []struct {
		name  string
		hands []Hand
	}{
		{"random11", benchHands(1<<14, 11, randomHand)},
		{"meldrich11", benchHands(1<<14, 11, meldRichHand)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink += c.hands[i&(len(c.hands)-1)].DeadwoodAfterDiscard()
			}
		})
	}
}

func BenchmarkArrange(b *testing.B) {
	cases := []struct {
		name  string
		hands []Hand
	}{
		{"random10", benchHands(1<<14, 10, randomHand)},
		{"meldrich10", benchHands(1<<14, 10, meldRichHand)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				a := c.hands[i&(len(c.hands)-1)].Arrange()
				sink += a.Deadwood
			}
		})
	}
}

func BenchmarkAdviseDiscard(b *testing.B) {
	hands := benchHands(1<<14, 11, randomHand)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sink += hands[i&(len(hands)-1)].AdviseDiscard().Deadwood
	}
}

func BenchmarkParseHand(b *testing.B) {
	hands := benchHands(1<<10, 10, randomHand)
	texts := make([]string, len(hands))
	for i, h := range hands {
		texts[i] = h.String()
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		h, err := ParseHand(texts[i&(len(texts)-1)])
		if err != nil {
			b.Fatal(err)
		}
		sink += int(h & 1)
	}
}

// BenchmarkLeastDiscard is the play-out policy's throw: the card of eleven
// whose discard leaves the least deadwood, ties to the highest.
func BenchmarkLeastDiscard(b *testing.B) {
	cases := []struct {
		name  string
		hands []Hand
	}{
		{"random11", benchHands(1<<14, 11, randomHand)},
		{"meldrich11", benchHands(1<<14, 11, meldRichHand)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink += int(c.hands[i&(len(c.hands)-1)].LeastDiscard(0, HighestFirst))
			}
		})
	}
}
