package advice

import (
	"math"
	"math/rand/v2"
	"testing"
)

// estimateOf is the plain reference a tally is checked against: the mean of
// xs weighted by ws, and its standard error, the square root of
// Σw²·(x − mean)² over Σw, both from the play-outs one by one.
func estimateOf(ws, xs []float64) *Estimate {
	var w, wx float64
	for i := range ws {
		w += ws[i]
		wx += ws[i] * xs[i]
	}
	mean := wx / w
	var v float64
	for i := range ws {
		v += ws[i] * ws[i] * (xs[i] - mean) * (xs[i] - mean)
	}
	return &Estimate{Points: mean, StdErr: math.Sqrt(v) / w, playouts: len(xs)}
}

// A tally gives the figures estimateOf gives from the same play-outs one by
// one: the mean to the last bit (summed in the same order), the standard
// error to rounding, also when the points are far from zero and spread
// little, where squares about zero would lose the spread.
func TestTallyIsEstimateOf(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		name           string
		n              int
		offset, spread float64
		weightless     bool // the first play-out weighs nothing and is far off
	}{
		{"one play-out", 1, 0, 30, false},
		{"points", 400, 0, 30, false},
		{"many", keptMost + 100, 5, 30, false},
		{"points far from zero", 5000, 1e6, 0.01, false},
		{"a first play-out of no weight, far off", 5000, 0, 30, true},
	} {
		ws, xs := make([]float64, tt.n), make([]float64, tt.n)
		var tl tally
		for i := range tt.n {
			ws[i] = 1e-3 + rng.Float64()
			xs[i] = tt.offset + tt.spread*rng.NormFloat64()
			if i == 0 && tt.weightless {
				ws[i], xs[i] = 0, 1e9 // not the origin of the squares: it adds nothing to them
			}
			tl.add(ws[i], xs[i])
		}
		got, want := tl.estimate(), estimateOf(ws, xs)
		if got.Points != want.Points || got.playouts != tt.n {
			t.Errorf("%s: mean %v of %d play-outs, want %v of %d", tt.name, got.Points, got.playouts, want.Points, tt.n)
		}
		if d := math.Abs(got.StdErr - want.StdErr); d > 1e-9*max(want.StdErr, 1e-12) {
			t.Errorf("%s: standard error %v, want %v", tt.name, got.StdErr, want.StdErr)
		}
	}
}

// Outcomes keep at most keptMost play-outs one by one, whatever their
// number, and value the option by all of them.
func TestOutcomesKeepAtMostKeptMost(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	n := keptMost + 50
	var outs outcomes
	ws, wws, xs := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		ws[i], wws[i], xs[i] = rng.Float64(), rng.Float64(), float64(rng.IntN(80)-40)
		outs.add(ws[i], wws[i], xs[i], true)
	}
	if len(outs.ws) != keptMost || len(outs.xs) != keptMost {
		t.Errorf("kept %d and %d play-outs one by one, want %d", len(outs.ws), len(outs.xs), keptMost)
	}
	mix, byWaits := outs.estimates(nil)
	if want := estimateOf(ws, xs); mix.Points != want.Points || mix.playouts != n {
		t.Errorf("valued %v on %d play-outs, want %v on %d", mix.Points, mix.playouts, want.Points, n)
	}
	if want := estimateOf(wws, xs); byWaits == nil || byWaits.Points != want.Points {
		t.Errorf("valued %v against a player who waits, want %v", byWaits, want.Points)
	}
	var plain outcomes
	plain.add(1, 0, 3, false)
	if _, byWaits := plain.estimates(nil); byWaits != nil {
		t.Errorf("an option not valued against a player who waits has %v", byWaits)
	}
}

// A chance from play-outs each won (1) or lost (0), alike in weight, taken
// with its prior, is Wilson's score interval at one standard error (z = 1):
// its centre (k + z²/2)/(n + z²) exactly, its half-width
// z·√(k(n−k)/n + z²/4)/(n + z²) to within a share 1/n; all won or all lost
// included, where the play-outs' own spread is none.
func TestChanceIsWilsonInterval(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ n, k int }{{400, 400}, {400, 0}, {400, 399}, {400, 200}, {50, 37}, {1, 1}, {2000, 1999}} {
		var tl tally
		for i := range tt.n {
			x := 0.0
			if i < tt.k {
				x = 1
			}
			tl.add(0.7, x)
		}
		got := tl.figure(&span{0, 1})
		n, k := float64(tt.n), float64(tt.k)
		centre := (k + 0.5) / (n + 1)
		half := math.Sqrt(k*(n-k)/n+0.25) / (n + 1)
		if math.Abs(got.Points-centre) > 1e-12 || math.Abs(got.StdErr-half) > half/n || got.playouts != tt.n {
			t.Errorf("%d won of %d: %v ± %v on %d play-outs, want %v ± %v", tt.k, tt.n, got.Points, got.StdErr, got.playouts, centre, half)
		}
		if raw := tl.estimate(); (tt.k == 0 || tt.k == tt.n) && raw.StdErr != 0 {
			t.Errorf("%d won of %d: without the prior, error %v, want 0", tt.k, tt.n, raw.StdErr)
		}
	}
	// A figure that can be one thing only stays certain.
	var tl tally
	tl.add(1, 1)
	tl.add(2, 1)
	if got := tl.figure(&span{1, 1}); got.Points != 1 || got.StdErr != 0 {
		t.Errorf("a figure that can only be 1: %v ± %v", got.Points, got.StdErr)
	}
}
