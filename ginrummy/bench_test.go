package ginrummy

import (
	"math/rand/v2"
	"strings"
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

// benchOverHands runs f on 16,384 hands of each kind named ("random10",
// "meldrich11": random or meld-rich, of 10 or 11 cards), a sub-benchmark
// each, the hands taken in turn.
func benchOverHands(b *testing.B, f func(Hand) int, kinds ...string) {
	for _, kind := range kinds {
		deal, size := randomHand, 10
		if strings.HasPrefix(kind, "meldrich") {
			deal = meldRichHand
		}
		if strings.HasSuffix(kind, "11") {
			size = 11
		}
		hands := benchHands(1<<14, size, deal)
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink += f(hands[i&(len(hands)-1)])
			}
		})
	}
}

func BenchmarkDeadwood(b *testing.B) {
	benchOverHands(b, func(h Hand) int { return h.Deadwood() }, "random10", "random11", "meldrich10")
}

func BenchmarkDeadwoodAfterDiscard(b *testing.B) {
	benchOverHands(b, func(h Hand) int { return h.DeadwoodAfterDiscard() }, "random11", "meldrich11")
}

func BenchmarkArrange(b *testing.B) {
	benchOverHands(b, func(h Hand) int { return h.Arrange().Deadwood }, "random10", "meldrich10")
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
	benchOverHands(b, func(h Hand) int { return int(h.LeastDiscard(0, HighestFirst)) }, "random11", "meldrich11")
}
