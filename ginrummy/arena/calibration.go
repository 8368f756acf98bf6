package arena

import "math"

// prediction is one knock: the undercut chance predicted, whether the
// opponent's style was unknown then, whether the knock was undercut, and
// the number of its hand in the game, from 1.
type prediction struct {
	p            float64
	styleUnknown bool
	undercut     bool
	hand         int
}

// HandGroups is how many groups Result.ByHand splits the knocks in by the
// number of their hand in the game: the first, second and third hands, and
// the later ones.
const HandGroups = 4

// HandGroup is the group (Result.ByHand) of a game's hand n, counted from
// 1: n-1 for the first three hands, HandGroups-1 for every later one.
// Under Hollywood the hands are counted over the match's three games at
// once, as the engine plays them.
func HandGroup(n int) int { return min(max(n, 1), HandGroups) - 1 }

// Bins is the number of equal bins of predicted chance calibration uses.
const Bins = 10

// Calibration compares the advise bot's predicted undercut chances with what
// happened.
type Calibration struct {
	Knocks int
	Bins   [Bins]Bin
}

// Bin is the knocks whose predicted chance fell in [Low, High).
type Bin struct {
	Low, High float64
	Knocks    int
	Predicted float64 // the sum of the predictions; Mean divides
	Variance  float64 // the sum of p(1-p) over the predictions p; Spread divides
	Undercut  int
}

// MeanPredicted is the bin's mean predicted chance.
func (b Bin) MeanPredicted() float64 {
	if b.Knocks == 0 {
		return 0
	}
	return b.Predicted / float64(b.Knocks)
}

// Observed is the share of the bin's knocks that were undercut.
func (b Bin) Observed() float64 {
	if b.Knocks == 0 {
		return 0
	}
	return float64(b.Undercut) / float64(b.Knocks)
}

// Spread is the standard deviation of the share of the bin's knocks
// undercut, were every prediction right: the square root of the sum of
// p(1-p), divided by the knocks. In a bin of many knocks away from 0 and 1,
// a gap between Observed and MeanPredicted of two spreads or more is
// unlikely to be the luck of the cards (about 1 run in 20), and one of a
// spread or more is what a right model shows about a third of the time (a
// bin of 110 knocks said 65% has a spread of 4.5 points).
func (b Bin) Spread() float64 {
	if b.Knocks == 0 {
		return 0
	}
	return math.Sqrt(b.Variance) / float64(b.Knocks)
}

// bounds sets the bins' bounds, when c has none yet: a calibration of no
// knocks still shows its bins.
func (c *Calibration) bounds() {
	if c.Bins[Bins-1].High != 0 {
		return
	}
	for i := range c.Bins {
		c.Bins[i].Low, c.Bins[i].High = float64(i)/Bins, float64(i+1)/Bins
	}
}

// Add counts one knock: the undercut chance p predicted for it, and whether
// it was undercut.
func (c *Calibration) Add(p float64, undercut bool) {
	c.bounds()
	b := &c.Bins[min(max(int(p*Bins), 0), Bins-1)]
	b.Knocks++
	b.Predicted += p
	b.Variance += p * (1 - p)
	if undercut {
		b.Undercut++
	}
	c.Knocks++
}

// plus is the knocks of c and d together.
func (c Calibration) plus(d Calibration) Calibration {
	c.bounds()
	c.Knocks += d.Knocks
	for i, b := range d.Bins {
		c.Bins[i].Knocks += b.Knocks
		c.Bins[i].Predicted += b.Predicted
		c.Bins[i].Variance += b.Variance
		c.Bins[i].Undercut += b.Undercut
	}
	return c
}

// ECE is the expected calibration error: the mean, weighted by knocks, of
// each bin's gap between mean predicted chance and observed rate.
func (c Calibration) ECE() float64 {
	if c.Knocks == 0 {
		return math.NaN()
	}
	var e float64
	for _, b := range c.Bins {
		if b.Knocks > 0 {
			e += float64(b.Knocks) / float64(c.Knocks) * math.Abs(b.MeanPredicted()-b.Observed())
		}
	}
	return e
}
