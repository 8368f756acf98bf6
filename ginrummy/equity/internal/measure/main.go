// Command measure plays the hands the equity of a game is built from and
// writes them as ginrummy/equity's measured.txt: under each preset that
// plays a hand its own way, hands dealt in turn by either seat, both seats
// played by the advise bot by the hand's points (advise-hand). It is run by
// go generate ./ginrummy/equity, never by go test: it plays for minutes
// (22 on a 2-core machine with -hands 1000).
package main

import (
	"cmp"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// measuredPresets are the presets whose hands are measured: one for each
// way of playing a hand (hollywood plays a hand as modern does).
var measuredPresets = []string{"classic", "modern", "scorepad", "oklahoma"}

// measureSeed is the seed of the measured deals.
const measureSeed = 1

// botsName is who plays both seats, as gin arena names it.
const botsName = "advise-hand against advise-hand"

func main() {
	hands := flag.Int("hands", 1000, "hands per preset")
	out := flag.String("o", "measured.txt", "the file to write")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("measure: ")
	var ms []equity.Measured
	for _, name := range measuredPresets {
		rules, err := ginrummy.Preset(name)
		if err != nil {
			log.Fatal(err)
		}
		start := time.Now()
		sds, err := measure(rules, *hands)
		if err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		log.Printf("%s: %d hands in %v", name, *hands, time.Since(start).Round(time.Second))
		ms = append(ms, equity.Measured{Preset: name, Bots: botsName, Hands: *hands, Seed: measureSeed, Showdowns: sds})
	}
	if err := os.WriteFile(*out, equity.FormatMeasured(ms), 0o644); err != nil {
		log.Fatal(err)
	}
}

// measure plays n hands under the rules, the dealer alternating, and counts
// how they ended.
func measure(rules ginrummy.Rules, n int) ([]equity.Showdown, error) {
	sds := make([]equity.Showdown, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				sds[i], errs[i] = playOne(rules, i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", i, err)
		}
	}
	count := map[equity.Showdown]int{}
	for _, sd := range sds {
		count[sd]++
	}
	var out []equity.Showdown
	for sd, c := range count {
		sd.Count = c
		out = append(out, sd)
	}
	slices.SortFunc(out, func(a, b equity.Showdown) int {
		return cmp.Or(cmp.Compare(a.Ending, b.Ending), boolCmp(b.ByDealer, a.ByDealer),
			cmp.Compare(a.KnockerDeadwood, b.KnockerDeadwood), cmp.Compare(a.DefenderDeadwood, b.DefenderDeadwood),
			cmp.Compare(a.Upcard, b.Upcard))
	})
	return out, nil
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// playOne plays hand i of a measure: its deck and its bots' seeds from i.
func playOne(rules ginrummy.Rules, i int) (equity.Showdown, error) {
	rng := rand.New(rand.NewPCG(measureSeed, uint64(i)))
	deck := ginrummy.FullDeck.Cards()
	rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
	dealer := i % 2
	players := [2]table.Player{
		bots.NewAdvise(bots.AdviseOptions{Samples: 1000, Playouts: 200, Seed: uint64(2*i + 1)}),
		bots.NewAdvise(bots.AdviseOptions{Samples: 1000, Playouts: 200, Seed: uint64(2*i + 2)}),
	}
	r, err := table.Deal(rules, dealer, deck)
	if err != nil {
		return equity.Showdown{}, err
	}
	h, err := r.Finish(players)
	if err != nil {
		return equity.Showdown{}, err
	}
	sd := equity.Showdown{Showdown: r.Showdown(), ByDealer: h.Knocker == dealer}
	if h.Ending == ginrummy.Drawn {
		sd.Showdown = ginrummy.Showdown{Ending: ginrummy.Drawn}
		sd.ByDealer = false
	}
	if !rules.UsesUpcard() {
		sd.Upcard = ginrummy.NoCard
	} else {
		sd.Upcard = h.Upcard
	}
	return sd, nil
}
