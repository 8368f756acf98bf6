// Command revalue values again the knocks a bot made in the hand records
// gin arena --record writes, under the advice's model as built, and prints
// their calibration in bins of ten points: the undercut chance said against
// how often the knock was undercut. A change to the model is judged on the
// same knocks in seconds where a run of gin arena takes minutes
// (docs/arena.md, "The knocks against gin-hunter valued again"):
//
//	gin arena --bots advise,gin-hunter --games 1000 --seed 1 --record /tmp/rec
//	go run ./testdata/revalue -dir /tmp/rec -knock-rate 1e-6 -took-melds 0.99
//
// With -chances it values instead every chance the player had to knock
// (gin apart): each throw or knock whose hand, before it, could knock, valued
// as a knock with the throw that leaves the least deadwood, whether the
// player knocked or not. Whether that knock would have been undercut is
// known, as the record holds both hands. The knocks a play makes are chosen
// by its model's figures, so a change of model changes them: a model fitted
// on another play's knocks can play worse calibrated (docs/arena.md, "The
// cards taken, and a cap of two thirds"). Every chance is the same whatever
// the model.
//
// The opponent's style is given by the flags, not learnt: the arena's bot
// learns it from the run's earlier games, which the records do not hold.
// Each knock is valued -reps times on other samples of the opponent's hand
// and each valuation counted: the figures keep the noise of the bot's own,
// and the bins fill. Tune on the records of tuning seeds only.
package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/arena"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// valued is one valuation of a knock.
type valued struct {
	file     string
	line     int // the knock's line in the record
	rep      int
	said     float64 // the undercut chance the model gives
	undercut bool    // what happened
	stock    int     // the cards left in the stock at the knock
	taken    int     // the cards the opponent took from the pile and held
}

type config struct {
	player     string
	knockRate  float64
	tookMelds  float64
	samples    int
	reps       int
	seed       uint64
	playouts   int
	knocksFrom int
	chances    bool
}

func main() {
	dir := flag.String("dir", "", "the folder of hand records (gin arena --record DIR)")
	var c config
	flag.StringVar(&c.player, "player", "advise", "the player whose knocks are valued again")
	flag.Float64Var(&c.knockRate, "knock-rate", 0, "the chance the opponent knocks as soon as they can, above 0 and below 1 (what the bot learns of them)")
	flag.Float64Var(&c.tookMelds, "took-melds", 0, "the chance the opponent takes a card only to meld it, above 0 and at most 1")
	flag.IntVar(&c.knocksFrom, "knocks-from", 0, "the stock from which the opponent knocks as soon as they can, as gin advise --opponent-knocks-from; 0 for none")
	flag.IntVar(&c.samples, "samples", 1000, "opponent hands sampled per knock, as the arena's bot")
	flag.IntVar(&c.reps, "reps", 3, "valuations of each knock, each on other samples")
	flag.Uint64Var(&c.seed, "seed", 1, "the seed of the samples")
	flag.BoolVar(&c.chances, "chances", false, "value every chance the player had to knock, with the throw that leaves the least deadwood, not only the knocks made")
	out := flag.String("out", "", "also write one line per valuation to FILE: record, line, said, undercut, stock, cards taken")
	flag.Parse()
	c.playouts = 8 // the knock's figure does not use them; the fewest that run
	if err := run(*dir, *out, c); err != nil {
		fmt.Fprintln(os.Stderr, "revalue:", err)
		os.Exit(1)
	}
}

func run(dir, out string, c config) error {
	switch {
	case dir == "":
		return errors.New("give the folder of hand records with -dir")
	case !(c.knockRate > 0 && c.knockRate < 1):
		return errors.New("give -knock-rate above 0 and below 1: 1e-6 for a player who waits for gin, 0.999999 for one who knocks as soon as they can")
	case !(c.tookMelds > 0 && c.tookMelds <= 1):
		return errors.New("give -took-melds above 0 and at most 1: 0.99 for a player who takes only to meld")
	case c.knocksFrom != 0 && (c.knocksFrom < ginrummy.StockLeft || c.knocksFrom > table.FullStock):
		return fmt.Errorf("give -knocks-from %d to %d (12 for gin-hunter), or 0 for none", ginrummy.StockLeft, table.FullStock)
	case c.samples < 1 || c.reps < 1:
		return errors.New("-samples and -reps must be at least 1")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no hand records (*.txt)", strconv.Quote(dir))
	}
	var (
		mu      sync.Mutex
		all     []valued
		skipped int
		errs    []error
		wg      sync.WaitGroup
	)
	next := make(chan string)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for f := range next {
				vs, n, err := knocks(f, c)
				mu.Lock()
				all, skipped = append(all, vs...), skipped+n
				if err != nil {
					errs = append(errs, fmt.Errorf("%s: %w", strconv.Quote(f), err))
				}
				mu.Unlock()
			}
		})
	}
	for _, f := range files {
		next <- f
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if skipped > 0 {
		fmt.Fprintf(os.Stderr, "revalue: %d valuations left out: the advice, with the style given, did not offer the arrangement the bot laid down (it chose it over the least deadwood with the style it had learnt)\n", skipped)
	}
	slices.SortFunc(all, func(a, b valued) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line), cmp.Compare(a.rep, b.rep))
	})
	if out != "" {
		if err := write(out, all); err != nil {
			return err
		}
	}
	what := "knocks"
	if c.chances {
		what = "chances to knock"
	}
	_, err = os.Stdout.WriteString(report(all, c.reps, what))
	return err
}

// knocks values again each knock of c.player in the record f (gin excepted,
// as gin arena --calibration leaves it out), and counts the valuations left
// out, where the advice did not offer the arrangement laid down.
func knocks(f string, c config) ([]valued, int, error) {
	r, err := readRecord(f)
	if err != nil {
		return nil, 0, err
	}
	me := r.Player(c.player)
	if me < 0 {
		return nil, 0, fmt.Errorf("no player %s", strconv.Quote(c.player))
	}
	rulesName := cmp.Or(r.Rules, "classic")
	rules, err := ginrummy.Preset(rulesName)
	if err != nil {
		return nil, 0, fmt.Errorf("line %d: %w (revalue reads the presets only, not a rules file)", r.RulesLine, err)
	}
	full, err := r.Replay(rules, -1)
	if err != nil {
		return nil, 0, err
	}
	if c.chances {
		vs, err := chances(f, r, rules, me, c)
		return vs, 0, err
	}
	laid := full.Showdown().KnockerDeadwood
	var vs []valued
	skipped := 0
	for i, m := range r.Moves {
		if m.Player != me || m.Act != table.Knock {
			continue
		}
		if !full.Scored() {
			return nil, 0, fmt.Errorf("line %d: the hand is not scored (a record of one deal, or cards not shown): whether the knock was undercut is not known", m.Line)
		}
		if laid == 0 {
			continue // gin, which gin arena --calibration leaves out too
		}
		round, err := r.Replay(rules, i)
		if err != nil {
			return nil, 0, err
		}
		v := round.View(me)
		p := c.position(v)
		for rep := range c.reps {
			a, err := c.advise(p, rules, f, m.Line, rep)
			if err != nil {
				return nil, 0, err
			}
			said := math.NaN()
			for _, o := range a.Options {
				if o.Discard != m.Card || o.Knock == nil {
					continue
				}
				// The arrangement laid: the least deadwood, or the
				// alternative with more that the advice may prefer.
				for _, k := range []*advice.Knock{o.Knock, o.Knock.Alternative} {
					if k != nil && k.Deadwood == laid {
						said = k.Undercut
					}
				}
			}
			if math.IsNaN(said) {
				skipped++
				continue
			}
			vs = append(vs, valued{filepath.Base(f), m.Line, rep, said, full.Result().Score.Kind.Undercut, v.Stock(), p.Took.Len()})
		}
	}
	return vs, skipped, nil
}

// chances values each chance player me had to knock in the record r (gin
// apart): before each of their throws and knocks, when the throw that
// leaves the least deadwood (ginrummy.Hand.BestDiscard; never the card just
// taken from the pile) leaves 1 to the knock limit, a knock with
// it and the least-deadwood arrangement the advice lays down, and whether
// the opponent's hand, as dealt and played to then, would have undercut it.
func chances(f string, r *record.Record, rules ginrummy.Rules, me int, c config) ([]valued, error) {
	var vs []valued
	for i, m := range r.Moves {
		if m.Player != me || m.Act != table.Throw && m.Act != table.Knock {
			continue
		}
		round, err := r.Replay(rules, i)
		if err != nil {
			return nil, err
		}
		if !round.Known(1 - me) {
			return nil, fmt.Errorf("line %d: the opponent's cards are not known (a record of one deal): whether a knock would be undercut is not known", m.Line)
		}
		limit, err := rules.KnockLimitFor(round.FirstUpcard())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", m.Line, err)
		}
		v := round.View(me)
		h := round.Hand(me)
		throw := h.BestDiscard(v.Taken()) // the card just taken may not be thrown
		least := h.Without(throw).Deadwood()
		if least == 0 || least > limit {
			continue // gin, or no knock
		}
		p := c.position(v)
		for rep := range c.reps {
			a, err := c.advise(p, rules, f, m.Line, rep)
			if err != nil {
				return nil, err
			}
			at := slices.IndexFunc(a.Options, func(o advice.Option) bool { return o.Discard == throw && o.Knock != nil && !o.Take && !o.Draw })
			if at < 0 {
				return nil, fmt.Errorf("line %d: the advice offers no knock throwing %v", m.Line, throw)
			}
			k := a.Options[at].Knock
			hs, err := rules.ScoreHand(ginrummy.Showdown{Ending: ginrummy.Knocked, KnockerDeadwood: k.Deadwood,
				DefenderDeadwood: ginrummy.DefenderDeadwood(k.Melds, round.Hand(1-me)), Upcard: round.FirstUpcard()})
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", m.Line, err)
			}
			vs = append(vs, valued{filepath.Base(f), m.Line, rep, k.Undercut, hs.Kind.Undercut, v.Stock(), p.Took.Len()})
		}
	}
	return vs, nil
}

// readRecord reads and parses the hand record in file f.
func readRecord(f string) (*record.Record, error) {
	text, err := os.ReadFile(f)
	if err != nil {
		return nil, err
	}
	return record.Parse(text)
}

// position is the advice's position for view v, the opponent's style as
// the flags give it.
func (c config) position(v table.View) advice.Position {
	p := advice.PositionOf(v)
	p.KnockRate, p.TookMelds, p.KnocksFrom = c.knockRate, c.tookMelds, c.knocksFrom
	return p
}

// advise is valuation rep of position p, at line of record f: the evidence
// model on c's samples, seeded apart for each record, line and rep.
func (c config) advise(p advice.Position, rules ginrummy.Rules, f string, line, rep int) (*advice.Advice, error) {
	s := advice.Settings{Rules: rules, Model: advice.Evidence, Samples: c.samples, Playouts: c.playouts,
		Seed: c.seed ^ hash(filepath.Base(f))*31 ^ uint64(line) ^ uint64(rep)*0x9e3779b97f4a7c15}
	a, err := advice.AdviseContext(context.Background(), p, s)
	if err != nil {
		return nil, fmt.Errorf("line %d: %w", line, err)
	}
	return a, nil
}

// hash gives each record samples of its own.
func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s)) // a hash.Hash never returns an error
	return h.Sum64()
}

func write(name string, vs []valued) error {
	var b bytes.Buffer
	for _, v := range vs {
		u := 0
		if v.undercut {
			u = 1
		}
		fmt.Fprintf(&b, "%s %d %.5f %d %d %d\n", v.file, v.line, v.said, u, v.stock, v.taken)
	}
	return os.WriteFile(name, b.Bytes(), 0o644)
}

// report is the calibration as gin arena --calibration gives it
// (arena.Calibration): each bin of ten points with its valuations, the
// chance said and how often it happened, and the error. A bin of 100 knocks
// or more (reps valuations each) more than 5 points off is marked.
func report(vs []valued, reps int, what string) string {
	var c arena.Calibration
	for _, v := range vs {
		c.Add(v.said, v.undercut)
	}
	var w strings.Builder
	type knock struct {
		file string
		line int
	}
	knocks := map[knock]bool{}
	for _, v := range vs {
		knocks[knock{v.file, v.line}] = true
	}
	fmt.Fprintf(&w, "%d %s, %d valuations each: error %.2f points\n", len(knocks), what, reps, 100*c.ECE())
	for _, b := range c.Bins {
		if b.Knocks == 0 {
			continue
		}
		s, h := b.MeanPredicted(), b.Observed()
		mark := ""
		if b.Knocks >= 100*reps && math.Abs(s-h) > 0.05 {
			mark = "  more than 5 points off"
		}
		fmt.Fprintf(&w, "%-8s %6d said %5.1f%%, %5.1f%% undercut (%+5.1f)%s\n", fmt.Sprintf("%.0f–%.0f%%", 100*b.Low, 100*b.High), b.Knocks, 100*s, 100*h, 100*(h-s), mark)
	}
	return w.String()
}
