// Command strongmeasure measures how often a player who plays as the advice
// does knocks when the cards they keep can, and writes it as
// ginrummy/advice's strongknocks.txt: the advise bots (advise against
// advise-hand) play the games gin arena plays at the seed, and each turn
// after the draw where a throw leaves deadwood within the knock limit (gin
// apart: a throw that goes gin is always played) counts as a decision, by
// the stock after the draw and the least deadwood the player could knock
// with, and as a knock when they knocked. It is run by go generate
// ./ginrummy/advice, never by go test: it plays for minutes (90 games, 5
// on an idle 2-core machine).
//
// The bots play with the table the package embeds when it is built, so a
// table measured under an older one is measured again until the chances
// hold (docs/advise.md, "When they play as the advice does"). It also says,
// on its standard error, the calibration of the bots' undercut chances over
// the run, as gin arena --calibration does, and with -knocks writes a line
// for each knock the bots predicted: what the defender held.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/arena"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// botNames are the two players, as gin arena names them.
var botNames = [2]string{"advise", "advise-hand"}

// band is a line of the table: stock from..to after the draw, and the least
// deadwood lo..hi a throw leaves.
type band struct{ from, to, lo, hi int }

// bands are the table's lines: three stretches of the stock (the first
// third of the hand, the middle, and the last twelve cards, where a player
// who waits for gin starts knocking) by low and high deadwood.
var bands = []band{
	{21, 31, 1, 5}, {21, 31, 6, 10},
	{13, 20, 1, 5}, {13, 20, 6, 10},
	{0, 12, 1, 5}, {0, 12, 6, 10},
}

// count is a band's decisions and knocks.
type count struct{ decisions, knocks int }

func main() {
	games := flag.Int("games", 90, "games to play, an even number (each deal twice, the seats swapped)")
	seed := flag.Uint64("seed", 1, "the run's seed, as gin arena --seed")
	out := flag.String("o", "strongknocks.txt", "the file to write")
	knocks := flag.String("knocks", "", "a file to write, a line for each knock the bots predicted: what the defender held")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("strongmeasure: ")
	if *games < 2 || *games%2 == 1 {
		log.Fatalf("-games %d: give an even number from 2", *games)
	}
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		log.Fatal(err)
	}
	m := &measure{counts: make([]count, len(bands)), predicted: map[knockKey]float64{}}
	cfg := arena.Config{Rules: rules, Games: *games, Seed: *seed}
	for i, name := range botNames {
		cfg.Players[i] = m.player(i, name)
	}
	if *knocks != "" {
		cfg.Record = m.record(rules)
	}
	start := time.Now()
	res, err := arena.Run(context.Background(), cfg)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%d games at seed %d in %v, %v a decision", res.Games, *seed, time.Since(start).Round(time.Second),
		((res.Bots[0].Thinking + res.Bots[1].Thinking) / time.Duration(max(1, res.Bots[0].Decisions+res.Bots[1].Decisions))).Round(time.Millisecond))
	log.Print(calibration(res))
	if old, err := os.ReadFile(*out); err == nil {
		log.Print(m.moved(string(old)))
	}
	if err := os.WriteFile(*out, m.table(*games, *seed), 0o644); err != nil {
		log.Fatal(err)
	}
	if *knocks != "" {
		if err := os.WriteFile(*knocks, []byte(m.knockLog.String()), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// measure is what the run's games showed, from any goroutine.
type measure struct {
	mu     sync.Mutex
	counts []count // by bands
	// predicted is the undercut chance said for each knock, by game and
	// hand, for -knocks.
	predicted map[knockKey]float64
	knockLog  strings.Builder
}

// knockKey is a hand of the run: its game (from 1) and its number in it.
type knockKey struct{ game, hand int }

// player is the bot of that name as gin arena seats it (commands/arena.go:
// the effort of gin arena's defaults, seeded by the game's seat), watched.
func (m *measure) player(named int, name string) arena.Player {
	return arena.Player{Name: name, Sit: func(s arena.Seating) table.Player {
		game := 2*int(s.Seed>>8) + 1 // the deal's first game, named player 0 in seat 0
		if int(s.Seed&0xff) != named {
			game++
		}
		w := &watched{m: m, game: game}
		o := bots.AdviseOptions{Samples: 1000, Playouts: advice.DefaultPlayouts, Seed: s.Seed, Context: s.Context, Met: s.Met, DealSeed: s.DealSeed}
		o.Knocked = func(u float64, styleUnknown bool) {
			w.said = u
			s.Knocked(u, styleUnknown)
		}
		p, err := bots.New(name, o)
		if err != nil {
			panic(err) // botNames are bots
		}
		w.p = p
		return w
	}}
}

// watched is a player whose decisions after the draw are counted.
type watched struct {
	m    *measure
	p    table.Player
	game int
	said float64 // the undercut chance said for the knock being made
}

func (w *watched) Take(v table.View) bool { return w.p.Take(v) }

func (w *watched) Play(v table.View) table.Play {
	w.said = -1
	play := w.p.Play(v)
	least := -1
	hand := v.Hand()
	for c := range v.Throwable().All() {
		if d := hand.Without(c).Deadwood(); least < 0 || d < least {
			least = d
		}
	}
	w.m.mu.Lock()
	defer w.m.mu.Unlock()
	if least > 0 && least <= v.KnockLimit() {
		for i, b := range bands {
			if v.Stock() >= b.from && v.Stock() <= b.to && least >= b.lo && least <= b.hi {
				w.m.counts[i].decisions++
				if play.Knock {
					w.m.counts[i].knocks++
				}
			}
		}
	}
	if play.Knock && w.said >= 0 {
		w.m.predicted[knockKey{w.game, len(v.Earlier()) + 1}] = w.said
	}
	return play
}

// record logs each knock the bots predicted, from its hand's record: the
// chance said, whether it was undercut, the stock, the knocker's deadwood,
// and the defender's, the hand's turns, whether the defender's cards could
// have knocked, and both hands.
func (m *measure) record(rules ginrummy.Rules) arena.Recorder {
	m.knockLog.WriteString("# game hand said undercut stock knocker-deadwood defender-deadwood turns defender-could-knock knocker defender\n")
	return func(game, hand int, rec *record.Record) error {
		round, err := rec.Replay(rules, -1)
		if err != nil {
			return err
		}
		if !round.Scored() {
			return nil
		}
		h := round.Result()
		m.mu.Lock()
		defer m.mu.Unlock()
		said, ok := m.predicted[knockKey{game, hand}]
		if !ok || h.Ending != ginrummy.Knocked {
			return nil
		}
		delete(m.predicted, knockKey{game, hand})
		could := 0
		if h.Defender.Deadwood() <= h.Limit {
			could = 1
		}
		undercut := 0
		if h.Score.Kind.Undercut {
			undercut = 1
		}
		fmt.Fprintf(&m.knockLog, "%d %d %.4f %d %d %d %d %d %d %v %v\n", game, hand, said, undercut, h.Stock,
			h.Knocked.Deadwood(), h.Defender.Deadwood(), h.Turns, could, compact(h.Knocked), compact(h.Defender))
		return nil
	}
}

// table is strongknocks.txt as measured.
func (m *measure) table(games int, seed uint64) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `# How often a player who plays as the advice does knocks when the cards
# they keep can: the advise bots (advise against advise-hand), at each turn
# after the draw where a throw left deadwood within the knock limit (gin
# apart: they always went gin), by the stock after the draw and the least
# deadwood they could knock with. Made by go generate ./ginrummy/advice:
# go run ./internal/strongmeasure -games %d -seed %d, which plays the games
# of gin arena --bots %s,%s --games %d --seed %d (classic rules), the bots
# weighing a strong player by the table before this one, and counts their
# decisions (docs/advise.md, "When they play as the advice does").
#
# stock-from stock-to deadwood-from deadwood-to chance decisions
`, games, seed, botNames[0], botNames[1], games, seed)
	for i, bd := range bands {
		c := m.counts[i]
		chance := 0.5 // no decision: even odds, as beyond the bands
		if c.decisions > 0 {
			chance = float64(c.knocks) / float64(c.decisions)
		}
		fmt.Fprintf(&b, "%d %d %d %d %.2f %d\n", bd.from, bd.to, bd.lo, bd.hi, chance, c.decisions)
	}
	return []byte(b.String())
}

// moved says how far the chances measured moved from those of old, the
// table the bots played by when it is the one the package embeds: once no
// chance moves by 0.02, the table is a fixed point of its measure.
func (m *measure) moved(old string) string {
	most, b := -1.0, ""
	for line := range strings.Lines(old) {
		f := strings.Fields(line)
		if len(f) != 6 || strings.HasPrefix(f[0], "#") {
			continue
		}
		for i, bd := range bands {
			if strings.Join(f[:4], " ") != fmt.Sprintf("%d %d %d %d", bd.from, bd.to, bd.lo, bd.hi) {
				continue
			}
			was, err := strconv.ParseFloat(f[4], 64)
			c := m.counts[i]
			if err != nil || c.decisions == 0 {
				continue
			}
			if d := math.Abs(float64(c.knocks)/float64(c.decisions) - was); d > most {
				most, b = d, strings.Join(f[:4], " ")
			}
		}
	}
	switch {
	case most < 0:
		return "no band of the old table measured again"
	case most < fixedPoint:
		return fmt.Sprintf("the chances moved by %.3f at most (band %s): a fixed point", most, b)
	}
	return fmt.Sprintf("the chances moved by up to %.3f (band %s): measure again with the new table", most, b)
}

// fixedPoint is how far a chance may move for the table to hold.
const fixedPoint = 0.02

// calibration is the run's calibration as gin arena --calibration gives
// it: the error, then each bin of predicted chance with knocks.
func calibration(res arena.Result) string {
	cal := res.Calibration()
	var b strings.Builder
	fmt.Fprintf(&b, "%d knocks, expected calibration error %.1f points", cal.Knocks, 100*cal.ECE())
	for _, bin := range cal.Bins {
		if bin.Knocks == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n  %.0f-%.0f%%: %d knocks, said %.1f%%, undercut %.1f%% (%+.1f)", 100*bin.Low, 100*bin.High, bin.Knocks,
			100*bin.MeanPredicted(), 100*bin.Observed(), 100*(bin.Observed()-bin.MeanPredicted()))
	}
	return b.String()
}

// compact is the cards of h without spaces, a field of -knocks.
func compact(h ginrummy.Hand) string { return strings.ReplaceAll(h.String(), " ", "") }
