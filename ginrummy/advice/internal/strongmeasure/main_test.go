package main

import (
	"math"
	"math/rand/v2"
	"testing"
)

// knocksOf draws n knocks whose chances said are spread over 1% to 40% and
// each undercut with the chance the line l reads of it.
func knocksOf(rng *rand.Rand, n int, l line) []said {
	out := make([]said, n)
	for i := range out {
		p := 0.01 + 0.39*rng.Float64()
		out[i] = said{p, rng.Float64() < 1/(1+math.Exp(-(l.shift+l.slope*math.Log(p/(1-p)))))}
	}
	return out
}

// The logistic fit finds the line the knocks were drawn by (within what
// 20,000 knocks can tell); a line flatter than minSlope is held at it, its
// shift the one that fits the share undercut; knocks all undercut, or none,
// or said certain, fit no line.
func TestFitLogistic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, want := range []line{{-0.5, 0.3}, {0.2, 0.8}, {-1.5, 0.25}} {
		got, ok := fitLogistic(knocksOf(rng, 20000, want))
		if !ok || math.Abs(got.shift-want.shift) > 0.15 || math.Abs(got.slope-want.slope) > 0.06 {
			t.Errorf("drawn by %+v: fitted %+v (%v)", want, got, ok)
		}
	}
	// Undercut a fifth of the time whatever was said: flat.
	flat := knocksOf(rng, 20000, line{math.Log(0.2 / 0.8), 0})
	got, ok := fitLogistic(flat)
	if !ok || got.slope != minSlope {
		t.Fatalf("flat knocks: fitted %+v (%v), want the slope held at %v", got, ok, minSlope)
	}
	share := 0.0
	for _, k := range flat {
		share += got.read(k.chance)
	}
	if share /= float64(len(flat)); math.Abs(share-0.2) > 0.01 {
		t.Errorf("flat knocks: the line reads them %.3f undercut on average, want 0.2", share)
	}
	for name, knocks := range map[string][]said{
		"none undercut": {{0.1, false}, {0.2, false}},
		"all undercut":  {{0.1, true}, {0.2, true}},
		"said certain":  {{0, true}, {1, false}, {0, false}},
	} {
		if l, ok := fitLogistic(knocks); ok {
			t.Errorf("%s: fitted %+v, want no line", name, l)
		}
	}
}
