// Command genhands writes random Gin Rummy hands, one per line in canonical
// notation, for measuring gin analyze on large input:
//
//	go run ./testdata/genhands -n 1000000 -cards 10 > /tmp/hands10.txt
//
// The same flags always give the same hands.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	n := flag.Int("n", 1_000_000, "number of hands")
	cards := flag.Int("cards", 10, "cards per hand, 1 to 52")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if *cards < 1 || *cards > 52 || *n < 0 {
		fmt.Fprintln(os.Stderr, "genhands: -cards must be 1 to 52 and -n not negative")
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, uint64(*cards)))
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	deck := make([]string, 0, 52)
	for _, s := range "cdhs" {
		for _, r := range "A23456789TJQK" {
			deck = append(deck, string(r)+string(s))
		}
	}
	for range *n {
		// A partial Fisher–Yates shuffle deals the first cards of a shuffled deck.
		for i := range *cards {
			j := i + rng.IntN(len(deck)-i)
			deck[i], deck[j] = deck[j], deck[i]
			// A bufio.Writer keeps its first error; Flush reports it.
			if i > 0 {
				_ = w.WriteByte(' ')
			}
			_, _ = w.WriteString(deck[i])
		}
		_ = w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "genhands:", err)
		os.Exit(1)
	}
}
