// Command strongmeasure measures how a player who plays as the advice does
// plays, and writes it as ginrummy/advice's strongknocks.txt and
// strongundercuts.txt: the advise bots (advise against advise-hand) play
// the games gin arena plays at each seed given, one seed after the other,
// and what they showed is pooled. For strongknocks.txt each turn after the
// draw where a throw leaves deadwood within the knock limit (gin apart: a
// throw that goes gin is always played) counts as a decision, by the stock
// after the draw and the least deadwood the player could knock with, and
// as a knock when they knocked. For strongundercuts.txt each knock a bot
// predicted against a player it took for strong counts, by the stock at
// the knock: the chance it said, the knocker's deadwood, the stock, and
// whether it was undercut. It is run by go generate ./ginrummy/advice,
// never by go test: it plays for minutes (1,200 games take about 6 on an
// idle 2-core machine; go generate plays 1,200 at each of three seeds).
//
// The bots play with the tables the package embeds when it is built, so
// tables measured under older ones are measured again until they hold
// (docs/advise.md, "When they play as the advice does"); the undercut
// lines measured are those read by, composed with a logistic fit of the
// undercuts that happened on the chances said, the knocker's deadwood and
// the stock.
// It also says, on its standard error, the calibration of the bots'
// undercut chances over each seed's games, as gin arena --calibration
// does, and with -knocks writes a line for each knock the bots predicted:
// what the defender held.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/advice/internal/strongtables"
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

// stockBands are the lines of strongundercuts.txt: the stretches of the
// stock of strongknocks.txt.
var stockBands = [][2]int{{21, 31}, {13, 20}, {0, 12}}

// stretch is which of stockBands holds a knock made with stock cards in
// the stock (the stock after the knocker's draw, which the advice reads
// the line at), and how many cards beyond the stretch's first that is
// (the advice's stock-from); false beyond them all.
func stretch(stock int) (i, beyond int, ok bool) {
	for i, b := range stockBands {
		if stock >= b[0] && stock <= b[1] {
			return i, stock - b[0], true
		}
	}
	return 0, 0, false
}

// said is a knock a bot predicted against a player it took for one who plays
// as the advice does (advice.Style.Strong): the chance it said, the
// knocker's deadwood, the cards the stock held beyond its stretch's first
// (stockBands), and whether it was undercut.
type said struct {
	chance           float64
	deadwood, beyond int
	undercut         bool
}

func main() {
	games := flag.Int("games", 90, "games to play, an even number (each deal twice, the seats swapped)")
	seedList := flag.String("seed", "1", "the runs' seeds, as gin arena --seed, a comma between two: the games of each are played in turn and pooled")
	out := flag.String("o", "strongknocks.txt", "the file to write")
	knocks := flag.String("knocks", "", "a file to write, a line for each knock the bots predicted: what the defender held")
	undercuts := flag.String("undercuts", "strongundercuts.txt", "the file of undercut lines to write, measured under the one there")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("strongmeasure: ")
	if *games < 2 || *games%2 == 1 {
		log.Fatalf("-games %d: give an even number from 2", *games)
	}
	seeds, err := parseSeeds(*seedList)
	if err != nil {
		log.Fatal(err)
	}
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		log.Fatal(err)
	}
	m := &measure{counts: make([]count, len(bands)), said: make([][]said, len(stockBands))}
	m.logKnocks = *knocks != ""
	if m.logKnocks {
		m.knockLog.WriteString("# seed game hand said undercut stock knocker-deadwood defender-deadwood turns defender-could-knock knocker defender strong\n")
	}
	oldLines, oldKnocks, err := readLines(*undercuts)
	if err != nil {
		log.Fatal(err)
	}
	for _, seed := range seeds {
		m.predicted, m.seed = map[knockKey]prediction{}, seed
		cfg := arena.Config{Rules: rules, Games: *games, Seed: seed}
		for i, name := range botNames {
			cfg.Players[i] = m.player(i, name)
		}
		// Every knock's end is read from its record: whether it was undercut.
		cfg.Record = m.record(rules)
		start := time.Now()
		res, err := arena.Run(context.Background(), cfg)
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("%d games at seed %d in %v, %v a decision", res.Games, seed, time.Since(start).Round(time.Second),
			((res.Bots[0].Thinking + res.Bots[1].Thinking) / time.Duration(max(1, res.Bots[0].Decisions+res.Bots[1].Decisions))).Round(time.Millisecond))
		log.Print(calibration(res))
	}
	if old, err := os.ReadFile(*out); err == nil {
		log.Print(m.moved(string(old)))
	}
	if err := os.WriteFile(*out, m.table(*games, seeds), 0o644); err != nil {
		log.Fatal(err)
	}
	if *knocks != "" {
		if err := os.WriteFile(*knocks, []byte(m.knockLog.String()), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	text, moved := m.lines(oldLines, oldKnocks, *games, seeds)
	log.Print(moved)
	if err := os.WriteFile(*undercuts, text, 0o644); err != nil {
		log.Fatal(err)
	}
}

// measure is what the run's games showed, from any goroutine.
type measure struct {
	mu     sync.Mutex
	counts []count  // by bands
	said   [][]said // by stockBands
	// predicted is the undercut chance said for each knock, by game and
	// hand, and whether the knocker took the other for a strong player.
	predicted map[knockKey]prediction
	knockLog  strings.Builder
	logKnocks bool   // -knocks: write knockLog
	seed      uint64 // the seed being played
}

// parseSeeds reads -seed: seeds with a comma between two, each once.
func parseSeeds(list string) ([]uint64, error) {
	var out []uint64
	for _, f := range strings.Split(list, ",") {
		s, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("-seed %q: %q is not a seed (a whole number from 0)", list, f)
		}
		if slices.Contains(out, s) {
			return nil, fmt.Errorf("-seed %q: seed %d twice", list, s)
		}
		out = append(out, s)
	}
	return out, nil
}

// seedWords is seeds as the tables' headers say them: "seed 1", "seeds 1
// and 2", "seeds 1, 2 and 3".
func seedWords(seeds []uint64) string {
	w := strings.Split(seedFlag(seeds), ",")
	if len(w) == 1 {
		return "seed " + w[0]
	}
	return "seeds " + strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}

// seedFlag is seeds as -seed takes them.
func seedFlag(seeds []uint64) string {
	w := make([]string, len(seeds))
	for i, s := range seeds {
		w[i] = strconv.FormatUint(s, 10)
	}
	return strings.Join(w, ",")
}

// prediction is a knock's undercut chance said, and whether the knocker
// took the other player for one who plays as the advice does.
type prediction struct {
	chance float64
	strong bool
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
		w := &watched{m: m, game: game, met: s.Met}
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
	met  []table.Shown // the hands of earlier games the player was shown
	said float64       // the undercut chance said for the knock being made
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
		// The bot learns the other player as bots.Advise does.
		strong := advice.LearnStyle(append(slices.Clip(w.met), v.Earlier()...)).Strong
		w.m.predicted[knockKey{w.game, len(v.Earlier()) + 1}] = prediction{w.said, strong}
	}
	return play
}

// record logs each knock the bots predicted, from its hand's record: the
// chance said, whether it was undercut, the stock, the knocker's deadwood,
// and the defender's, the hand's turns, whether the defender's cards could
// have knocked, and both hands.
func (m *measure) record(rules ginrummy.Rules) arena.Recorder {
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
		pred, ok := m.predicted[knockKey{game, hand}]
		if !ok || h.Ending != ginrummy.Knocked {
			return nil
		}
		delete(m.predicted, knockKey{game, hand})
		// The deadwood of the arrangement laid down, which the advice
		// reads the line with (a knock may lay more than the least its
		// cards can keep, to leave less to lay off).
		laid := round.Showdown().KnockerDeadwood
		if i, beyond, ok := stretch(h.Stock); ok && pred.strong {
			m.said[i] = append(m.said[i], said{pred.chance, laid, beyond, h.Score.Kind.Undercut})
		}
		if !m.logKnocks {
			return nil
		}
		could := 0
		if h.Defender.Deadwood() <= h.Limit {
			could = 1
		}
		undercut := 0
		if h.Score.Kind.Undercut {
			undercut = 1
		}
		strong := 0
		if pred.strong {
			strong = 1
		}
		fmt.Fprintf(&m.knockLog, "%d %d %d %.4f %d %d %d %d %d %d %v %v %d\n", m.seed, game, hand, pred.chance, undercut, h.Stock,
			laid, h.Defender.Deadwood(), h.Turns, could, compact(h.Knocked), compact(h.Defender), strong)
		return nil
	}
}

// table is strongknocks.txt as measured.
func (m *measure) table(games int, seeds []uint64) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `# How often a player who plays as the advice does knocks when the cards
# they keep can: the advise bots (advise against advise-hand), at each turn
# after the draw where a throw left deadwood within the knock limit (gin
# apart: they always went gin), by the stock after the draw and the least
# deadwood they could knock with. Made by go generate ./ginrummy/advice:
# go run ./internal/strongmeasure -games %d -seed %s, which plays the games
# of gin arena --bots %s,%s --games %d --seed S at %s (classic
# rules), the bots weighing a strong player by the table before this one,
# and counts their decisions (docs/advise.md, "When they play as the advice
# does").
#
# %s
`, games, seedFlag(seeds), botNames[0], botNames[1], games, seedWords(seeds), strongtables.KnockColumns)
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
	was, err := strongtables.ParseKnocks(old)
	if err != nil {
		return fmt.Sprintf("the old table does not read (%v): nothing to say how far the chances moved", err)
	}
	most, b := -1.0, ""
	for _, w := range was {
		for i, bd := range bands {
			c := m.counts[i]
			if w.From != bd.from || w.To != bd.to || w.Lo != bd.lo || w.Hi != bd.hi || c.decisions == 0 {
				continue
			}
			if d := math.Abs(float64(c.knocks)/float64(c.decisions) - w.Chance); d > most {
				most, b = d, fmt.Sprintf("%d %d %d %d", bd.from, bd.to, bd.lo, bd.hi)
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

// line is a line of strongundercuts.txt: how the chance the model says of
// a knock is read, its log-odds times slope plus shift, plus perDeadwood for
// each point of deadwood the knock keeps, plus perStock for each card the
// stock holds beyond its stretch's first.
type line struct{ shift, slope, perDeadwood, perStock float64 }

// read is the chance line makes of p for a knock keeping deadwood points,
// made with beyond cards in the stock beyond its stretch's first (advice's
// undercutBand.read takes the stock itself, in the same place).
func (l line) read(p float64, beyond, deadwood int) float64 {
	return 1 / (1 + math.Exp(-(l.shift + l.slope*logit(p) + l.perDeadwood*float64(deadwood) + l.perStock*float64(beyond))))
}

// after is the line fit read after old, as one line of what old read: the
// chance said was old's reading of the model's, and fit was fitted on its
// log-odds, so the log-odds fit reads are fit's shift plus its slope times
// old's log-odds, plus fit's per-deadwood and per-stock.
func (fit line) after(old line) line {
	return line{
		shift:       fit.shift + fit.slope*old.shift,
		slope:       fit.slope * old.slope,
		perDeadwood: fit.perDeadwood + fit.slope*old.perDeadwood,
		perStock:    fit.perStock + fit.slope*old.perStock,
	}
}

// bounded is l with its shift, per-deadwood and per-stock held within the
// bounds the file is read by (strongtables; its slope is held by the fit).
func (l line) bounded() line {
	l.shift = min(max(l.shift, -strongtables.MaxShift), strongtables.MaxShift)
	l.perDeadwood = min(max(l.perDeadwood, -strongtables.MaxPerDeadwood), strongtables.MaxPerDeadwood)
	l.perStock = min(max(l.perStock, -strongtables.MaxPerStock), strongtables.MaxPerStock)
	return l
}

// logit is the log-odds of p, kept within 0.001 and 0.999.
func logit(p float64) float64 {
	p = min(max(p, 0.001), 0.999)
	return math.Log(p / (1 - p))
}

// readLines reads the lines of the strongundercuts.txt at path, the ones the
// bots read the chance said by when it is the file the package embeds, by
// stockBands (as advice reads them: strongtables.ParseUndercuts), with the
// knocks each was measured on; the model's own chance (shift 0, slope 1,
// nothing by deadwood or stock, no knocks) for a band it lacks, or when
// there is no file.
func readLines(path string) ([]line, []int, error) {
	out, knocks := make([]line, len(stockBands)), make([]int, len(stockBands))
	for i := range out {
		out[i] = line{0, 1, 0, 0}
	}
	text, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, knocks, nil
	}
	if err != nil {
		return nil, nil, err
	}
	read, err := strongtables.ParseUndercuts(string(text))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, l := range read {
		for i, b := range stockBands {
			if l.From == b[0] && l.To == b[1] {
				out[i], knocks[i] = line{l.Shift, l.Slope, l.PerDeadwood, l.PerStock}, l.Knocks
			}
		}
	}
	return out, knocks, nil
}

// lines is strongundercuts.txt as measured: for each band, the logistic fit
// of whether each knock against a strong player was undercut on the
// log-odds of the chance said (read by the line before, old) and the
// knocker's deadwood, made a line of the model's own chance by composing
// the two; with how far the chances read moved, as moved says of the knock
// chances. A band of fewer than minFitKnocks knocks, or whose knocks fit no
// line, keeps old's line and the knocks it was measured on (oldKnocks).
func (m *measure) lines(old []line, oldKnocks []int, games int, seeds []uint64) ([]byte, string) {
	var b strings.Builder
	fmt.Fprintf(&b, `# How the advise bots' knocks against each other (advise against
# advise-hand) were undercut against the chance the model said and the
# knocker's deadwood, by the stock at the knock: the advice reads the
# model's chance of an undercut of a knock against a player who plays as it
# does as the log-odds of that chance times the slope, plus the shift, plus
# per-deadwood for each point of deadwood the knock keeps, plus per-stock
# for each card the stock holds beyond stock-from (docs/advise.md,
# "When they play as the advice does"). Made by go generate
# ./ginrummy/advice: go run ./internal/strongmeasure -games %d -seed %s,
# which plays the games of gin arena --bots %s,%s --games %d --seed S at
# %s (classic rules), the bots reading the chance by the lines before
# these, and fits a logistic line of whether each knock made against a
# player taken for strong was undercut on the log-odds of the chance said,
# the knocker's deadwood and the stock.
#
# %s
`, games, seedFlag(seeds), botNames[0], botNames[1], games, seedWords(seeds), strongtables.UndercutColumns)
	most, where := 0.0, ""
	for i, sb := range stockBands {
		l := old[i]
		// The line read after old is held within minSlope and 1: the fit's
		// own slope within those over old's.
		fit, ok := fitLogistic(m.said[i], minSlope/old[i].slope, 1/old[i].slope)
		ok = ok && len(m.said[i]) >= minFitKnocks
		n := oldKnocks[i]
		log.Printf("stock %d-%d: %s; fit %+.3f %+.3f %+.3f %+.3f (%v)", sb[0], sb[1], summary(m.said[i]), fit.shift, fit.slope, fit.perDeadwood, fit.perStock, ok)
		if ok {
			l, n = fit.after(old[i]).bounded(), len(m.said[i])
		}
		for _, p := range []float64{0.02, 0.05, 0.1, 0.2} {
			for _, d := range []int{1, 5, 10} {
				for _, st := range []int{0, sb[1] - sb[0]} {
					if dd := math.Abs(l.read(p, st, d) - old[i].read(p, st, d)); dd > most {
						most, where = dd, fmt.Sprintf("stock %d, said %.0f%%, deadwood %d", sb[0]+st, 100*p, d)
					}
				}
			}
		}
		fmt.Fprintf(&b, "%d %d %.3f %.3f %.3f %.3f %d\n", sb[0], sb[1], l.shift, l.slope, l.perDeadwood, l.perStock, n)
	}
	if most < fixedPoint {
		return []byte(b.String()), fmt.Sprintf("the undercut chances read moved by %.3f at most: a fixed point", most)
	}
	return []byte(b.String()), fmt.Sprintf("the undercut chances read moved by up to %.3f (%s) (the knocks are not chosen by them: this is the noise of the measure, or the first under a new play or table)", most, where)
}

// minFitKnocks is the fewest knocks a line is fitted on: fewer say little
// of four terms (the file's bands are checked for 50 at least).
const minFitKnocks = 100

// fitLogistic is the line of the log-odds of the chance of an undercut on
// the log-odds of the chance said, the knocker's deadwood and the stock
// (beyond its stretch's first) that fits the knocks best (most likely),
// by Newton's method, each step halved until the fit is no worse; false
// when the knocks cannot fit one (none undercut, or all). A knock said certain either way is left out: the advice reads no
// other chance of it (no hand it sampled undercut it, or every one did).
// A slope below least or above most is held at it, the shift,
// per-deadwood and per-stock fitted beside it; so is one at 1 (or the
// nearer bound) when the four terms cannot be told apart.
func fitLogistic(knocks []said, least, most float64) (line, bool) {
	var pts []point
	u := 0
	for _, k := range knocks {
		if k.chance > 0 && k.chance < 1 {
			pts = append(pts, point{math.Log(k.chance / (1 - k.chance)), float64(k.deadwood), float64(k.beyond), k.undercut})
			if k.undercut {
				u++
			}
		}
	}
	if u == 0 || u == len(pts) {
		return line{}, false
	}
	// A term whose knocks are all alike (one stock, one deadwood) cannot
	// be told from the shift: it stays 0.
	free := [4]bool{true, true, varies(pts, func(p point) float64 { return p.d }), varies(pts, func(p point) float64 { return p.s })}
	held := free
	held[1] = false
	l, ok := newton(pts, line{0, 1, 0, 0}, free)
	switch {
	case !ok:
		l, ok = newton(pts, line{0, min(max(1, least), most), 0, 0}, held)
	case l.slope < least:
		// The chance said tells the knocks undercut from the others no
		// better than chance (or worse) beside the deadwood and the stock:
		// the line is all but flat in it.
		l, ok = newton(pts, line{l.shift, least, l.perDeadwood, l.perStock}, held)
	case l.slope > most:
		l, ok = newton(pts, line{l.shift, most, l.perDeadwood, l.perStock}, held)
	}
	return l, ok
}

// point is a knock as fitLogistic reads it: the log-odds of the chance
// said, the knocker's deadwood, the stock beyond its stretch's first, and
// whether it was undercut.
type point struct {
	x, d, s float64
	y       bool
}

// varies is whether term differs among pts.
func varies(pts []point, term func(point) float64) bool {
	for _, p := range pts {
		if term(p) != term(pts[0]) {
			return true
		}
	}
	return false
}

// newton fits the line to pts from start by Newton's method, each step
// halved until the fit is no worse; the terms not free (shift, slope,
// per-deadwood, per-stock, in that order) stay start's. False when the fit
// has no single best (the knocks' deadwood, stock and chances do not vary
// enough to tell the terms apart).
func newton(pts []point, start line, free [4]bool) (line, bool) {
	// The free terms' values at each point, a row of n each: they do not
	// change as the line does.
	n := 0
	for _, f := range free {
		if f {
			n++
		}
	}
	rows := make([]float64, 0, n*len(pts))
	for _, p := range pts {
		for i, v := range [4]float64{1, p.x, p.d, p.s} {
			if free[i] {
				rows = append(rows, v)
			}
		}
	}
	set := func(l line, w []float64) line { // l's free terms moved by w
		v := [4]*float64{&l.shift, &l.slope, &l.perDeadwood, &l.perStock}
		j := 0
		for i := range v {
			if free[i] {
				*v[i] += w[j]
				j++
			}
		}
		return l
	}
	z := func(l line, p point) float64 { return l.shift + l.slope*p.x + l.perDeadwood*p.d + l.perStock*p.s }
	fit := func(l line) float64 { // the log-likelihood
		s := 0.0
		for _, p := range pts {
			v := z(l, p)
			s -= math.Log1p(math.Exp(-math.Abs(v))) + max(v, 0)
			if p.y {
				s += v
			}
		}
		return s
	}
	l := start
	now := fit(l)
	for range 100 {
		g := make([]float64, n)
		h := make([][]float64, n)
		for i := range h {
			h[i] = make([]float64, n)
		}
		for k, p := range pts {
			q := 1 / (1 + math.Exp(-z(l, p)))
			y := 0.0
			if p.y {
				y = 1
			}
			t := rows[k*n : (k+1)*n]
			for i := range t {
				g[i] += (y - q) * t[i]
				for j := range t {
					h[i][j] += q * (1 - q) * t[i] * t[j]
				}
			}
		}
		d, ok := solve(h, g)
		if !ok {
			return line{}, false
		}
		step := 1.0
		for ; step > 1e-6; step /= 2 {
			w := make([]float64, n)
			for i := range w {
				w[i] = step * d[i]
			}
			next := set(l, w)
			if f := fit(next); f >= now {
				l, now = next, f
				break
			}
		}
		size := 0.0
		for _, v := range d {
			size += math.Abs(v)
		}
		if step <= 1e-6 || step*size < 1e-10 {
			break
		}
	}
	if math.IsNaN(l.shift) || math.IsNaN(l.slope) || math.IsNaN(l.perDeadwood) || math.IsNaN(l.perStock) {
		return line{}, false
	}
	return l, true
}

// solve is x with h x = g, by Gaussian elimination with the largest pivot;
// false when h is singular (or all but).
func solve(h [][]float64, g []float64) ([]float64, bool) {
	n := len(g)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(slices.Clone(h[i]), g[i])
	}
	for c := range n {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if !(math.Abs(a[piv][c]) > 1e-12) {
			return nil, false
		}
		a[c], a[piv] = a[piv], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		s := a[i][n]
		for k := i + 1; k < n; k++ {
			s -= a[i][k] * x[k]
		}
		x[i] = s / a[i][i]
	}
	return x, true
}

// minSlope is the least slope a line is written with: the model's chance
// still orders the knocks, if barely.
const minSlope = 0.05

// summary is how many knocks, what share undercut, and the mean chance said.
func summary(knocks []said) string {
	u, c := 0, 0.0
	for _, k := range knocks {
		c += k.chance
		if k.undercut {
			u++
		}
	}
	n := max(1, len(knocks))
	return fmt.Sprintf("%d knocks, said %.1f%%, undercut %.1f%%", len(knocks), 100*c/float64(n), 100*float64(u)/float64(n))
}
