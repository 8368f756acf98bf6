package equity

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-rummy/gin/ginrummy"
)

// Measured is the results of the hands gin arena's bots played under one
// preset, as the generator wrote them (measured.go).
type Measured struct {
	Preset string // the rules the hands were played under
	Bots   string // who played them
	Hands  int    // how many hands
	Seed   uint64 // the seed of the first deal
	// Results is a line per kind of result: who ended the hand (d the
	// dealer, n the other player, - nobody: drawn), how (knock, gin,
	// big_gin, draw), the knocker's deadwood, the defender's after
	// layoffs, the first upcard (- where the rules do not look at it), and
	// how many hands ended so.
	Results string
}

// Showdown is one kind of result of a measured hand: how it ended, with the
// deadwood, and whether the dealer ended it.
type Showdown struct {
	ginrummy.Showdown
	ByDealer bool // the dealer knocked or went gin
	Count    int  // the hands that ended so
}

// ErrNoMeasure is the reason there are no hand results to value a game by:
// the rules allow fewer knocks than any measured preset played.
var ErrNoMeasure = errors.New("no measured hand results fit these rules")

// ErrHollywood is the reason NewTable refuses rules that score several
// games at once (Hollywood): a Match values them (NewMatch).
var ErrHollywood = errors.New("a table values one game: several games at once are a match's")

var (
	parseOnce sync.Once
	parsed    map[string][]Showdown
	parseErr  error
)

// showdowns returns the measured results of the preset.
func showdowns(preset string) ([]Showdown, error) {
	parseOnce.Do(func() {
		parsed = make(map[string][]Showdown, len(measured))
		for _, m := range measured {
			sds, err := parseResults(m.Results)
			if err != nil {
				parseErr = fmt.Errorf("equity: the measured hands of %s: %w", m.Preset, err)
				return
			}
			parsed[m.Preset] = sds
		}
	})
	return parsed[preset], parseErr
}

// parseResults reads Measured.Results.
func parseResults(text string) ([]Showdown, error) {
	var out []Showdown
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) != 6 {
			return nil, fmt.Errorf("line %d: %d fields, not 6", i+1, len(f))
		}
		var sd Showdown
		switch f[0] {
		case "d":
			sd.ByDealer = true
		case "n", "-":
		default:
			return nil, fmt.Errorf("line %d: who %q", i+1, f[0])
		}
		if err := sd.Ending.UnmarshalText([]byte(f[1])); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		var nums [3]int
		for j, s := range []string{f[2], f[3], f[5]} {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("line %d: number %q", i+1, s)
			}
			nums[j] = n
		}
		sd.KnockerDeadwood, sd.DefenderDeadwood, sd.Count = nums[0], nums[1], nums[2]
		sd.Upcard = ginrummy.NoCard
		if f[4] != "-" {
			c, err := ginrummy.ParseCard(f[4])
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
			sd.Upcard = c
		}
		out = append(out, sd)
	}
	return out, nil
}

// FormatResults writes showdowns as Measured.Results lines.
func FormatResults(sds []Showdown) string {
	var b strings.Builder
	for _, sd := range sds {
		who := "n"
		switch {
		case sd.Ending == ginrummy.Drawn:
			who = "-"
		case sd.ByDealer:
			who = "d"
		}
		up := "-"
		if sd.Upcard != ginrummy.NoCard {
			up = sd.Upcard.String()
		}
		fmt.Fprintf(&b, "%s %v %d %d %s %d\n", who, sd.Ending, sd.KnockerDeadwood, sd.DefenderDeadwood, up, sd.Count)
	}
	return b.String()
}

// MeasuredFor is the measured hands that value a game under the rules: those
// of the preset that plays a hand alike, else of oklahoma for rules that look
// at the upcard, else of modern; false when none are.
func MeasuredFor(r ginrummy.Rules) (Measured, bool) {
	for _, m := range measured {
		if p, err := ginrummy.Preset(m.Preset); err == nil && p.PlaysAlike(r) {
			return m, true
		}
	}
	want := "modern"
	if r.UsesUpcard() {
		want = "oklahoma"
	}
	for _, m := range measured {
		if m.Preset == want {
			return m, true
		}
	}
	return Measured{}, false
}

// Result is one result of a hand: who scored, relative to the dealer, and
// how many points.
type Result struct {
	ByDealer bool // the dealer scored
	Points   int
	Chance   float64
}

// Results is the chance of each result of one hand under the rules: drawn,
// or scored by the dealer or the other player, and how many points.
type Results struct {
	Drawn  float64
	Scored []Result // one per distinct (scorer, points), the dealer's first
}

// ResultsFor scores the measured hands that fit the rules (MeasuredFor) by
// the rules' own ScoreHand. A measured knock over the rules' knock limit is
// ErrNoMeasure: those hands were not played under such rules.
func ResultsFor(r ginrummy.Rules) (Results, error) {
	m, ok := MeasuredFor(r)
	if !ok {
		return Results{}, ErrNoMeasure
	}
	sds, err := showdowns(m.Preset)
	if err != nil {
		return Results{}, err
	}
	return scoreShowdowns(r, sds)
}

// scoreShowdowns turns showdowns into results under the rules.
func scoreShowdowns(r ginrummy.Rules, sds []Showdown) (Results, error) {
	total := 0
	for _, sd := range sds {
		total += sd.Count
	}
	if total == 0 {
		return Results{}, ErrNoMeasure
	}
	var res Results
	idx := map[[2]int]int{}
	for _, sd := range sds {
		chance := float64(sd.Count) / float64(total)
		if sd.Ending == ginrummy.Drawn {
			res.Drawn += chance
			continue
		}
		show := sd.Showdown
		if show.Ending == ginrummy.WentBigGin && !r.BigGin {
			show.Ending = ginrummy.WentGin
		}
		if !r.UsesUpcard() {
			show.Upcard = ginrummy.NoCard
		}
		hs, err := r.ScoreHand(show)
		if err != nil {
			return Results{}, fmt.Errorf("%w: %w", ErrNoMeasure, err)
		}
		byDealer := sd.ByDealer == (hs.Scorer == ginrummy.Knocker)
		who := 0
		if byDealer {
			who = 1
		}
		key := [2]int{who, hs.Points}
		i, ok := idx[key]
		if !ok {
			i = len(res.Scored)
			idx[key] = i
			res.Scored = append(res.Scored, Result{ByDealer: byDealer, Points: hs.Points})
		}
		res.Scored[i].Chance += chance
	}
	return res, nil
}
