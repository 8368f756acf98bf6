package ginrummy

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func mustHand(t testing.TB, s string) Hand {
	t.Helper()
	h, err := ParseHand(s)
	if err != nil {
		t.Fatalf("ParseHand(%q): %v", s, err)
	}
	return h
}

func TestDeadwoodByRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hand string
		want int
		why  string
	}{
		{"", 0, "no cards, no deadwood"},
		{"Kh", 10, "a court card is worth 10"},
		{"Ah 2h 3h", 0, "A-2-3 is a run: the ace is low"},
		{"Qh Kh Ah", 21, "Q-K-A is no run: the ace is low only"},
		{"Kh Ah 2h", 13, "K-A-2 is no run"},
		{"7h 7s 7d", 0, "a set of three"},
		{"7h 7s 7d 7c", 0, "a set of four"},
		{"7h 7s", 14, "two of a rank is no meld"},
		{"7h 8h", 15, "two in a row is no meld"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", 9, "three melds and the 9 of diamonds"},
		{"7h 7s 7d 7c 8h 9h", 0, "the 7 of hearts leaves the set for the run"},
		{"7h 7s 7d 8h 9h", 14, "one card cannot be in a set and a run"},
		{"4h 5h 6h 7h 8h 9h 7s 7d", 14, "the long run beats a set that strands 8h 9h"},
		{"4h 5h 6h 7h 8h 9h 7s 7d 7c", 0, "a set and a run of six"},
		{"Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", 0, "one long run"},
		{"Ac Ad Ah As 2c 2d 2h 2s 3c 3d 3h 3s", 0, "three sets of four, or four runs"},
	}
	for _, tt := range tests {
		var h Hand
		if tt.hand != "" {
			h = mustHand(t, tt.hand)
		}
		if got := h.Deadwood(); got != tt.want {
			t.Errorf("%q: Deadwood() = %d, want %d (%s)", tt.hand, got, tt.want, tt.why)
		}
		a := h.Arrange()
		if a.Deadwood != tt.want {
			t.Errorf("%q: Arrange().Deadwood = %d, want %d", tt.hand, a.Deadwood, tt.want)
		}
	}
}

// checkAgainstBrute compares every entry point of the solver with the brute force.
func checkAgainstBrute(t *testing.T, h Hand) {
	t.Helper()
	want := bruteDeadwood(h)
	if got := h.Deadwood(); got != want {
		t.Fatalf("%v: Deadwood() = %d, brute force %d", h, got, want)
	}
	if got := h.IsGin(); got != (want == 0) {
		t.Fatalf("%v: IsGin() = %v, brute force deadwood %d", h, got, want)
	}
	a := h.Arrange()
	checkArrangement(t, h, a, want)
	if got := solveDP(h).deadwood; got != want {
		t.Fatalf("%v: dynamic programme = %d, brute force %d", h, got, want)
	}
}

// checkArrangement checks that a is a real arrangement of h with the given deadwood.
func checkArrangement(t *testing.T, h Hand, a Arrangement, want int) {
	t.Helper()
	var used Hand
	for _, m := range a.Melds() {
		if !m.IsValid() {
			t.Fatalf("%v: meld %v is not a set or a run", h, m)
		}
		if Hand(m)&used != 0 || Hand(m)&^h != 0 {
			t.Fatalf("%v: meld %v overlaps another or is not in the hand", h, m)
		}
		used |= Hand(m)
	}
	if used|a.Unmelded != h || used&a.Unmelded != 0 {
		t.Fatalf("%v: melds %v and deadwood %v do not partition the hand", h, a.Melds(), a.Unmelded)
	}
	if a.Deadwood != want || a.Unmelded.Value() != want {
		t.Fatalf("%v: arrangement deadwood %d (%v), want %d", h, a.Deadwood, a.Unmelded, want)
	}
}

func TestDeadwoodAgainstBruteForce(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	rng := rand.New(rand.NewPCG(1, 2))
	n := trials(100_000, 5_000)
	for range n {
		checkAgainstBrute(t, randomHand(rng, 10))
	}
	for range n {
		checkAgainstBrute(t, randomHand(rng, 11))
	}
	for range n / 5 {
		checkAgainstBrute(t, meldRichHand(rng, 10))
		checkAgainstBrute(t, meldRichHand(rng, 11))
	}
}

func TestDeadwoodOtherSizes(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	rng := rand.New(rand.NewPCG(3, 4))
	n := trials(300, 100)
	for size := 0; size <= 16; size++ {
		for range n {
			checkAgainstBrute(t, randomHand(rng, size))
			if size > 0 {
				checkAgainstBrute(t, meldRichHand(rng, min(size, 20)))
			}
		}
	}
}

// Large hands are beyond the brute force; the enumeration and the dynamic
// programme are two independent methods and must agree. (Past four set ranks
// Deadwood is the programme, so the enumeration is run directly.)
func TestDeadwoodLargeHands(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	rng := rand.New(rand.NewPCG(5, 6))
	if got := FullDeck.Deadwood(); got != 0 {
		t.Errorf("the whole deck: Deadwood() = %d, want 0", got)
	}
	for range trials(2000, 400) {
		h := randomHand(rng, 12+rng.IntN(41))
		d := solveDP(h).deadwood
		if h.Deadwood() != d {
			t.Fatalf("%v: Deadwood() = %d, dynamic programme %d", h, h.Deadwood(), d)
		}
		if bits := setRanks(h); popcount16(bits) <= 8 {
			s := solver{capable: runMeldedHand(h)}
			if e := s.min(h, bits); e != d {
				t.Fatalf("%v: enumeration %d, dynamic programme %d", h, e, d)
			}
		}
		checkArrangement(t, h, h.Arrange(), d)
	}
}

func popcount16(x uint16) int { return Hand(x).Len() }

func TestArrangementsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	n := trials(3000, 300)
	for i := range n {
		var h Hand
		if i%2 == 0 {
			h = randomHand(rng, 10+i%2)
		} else {
			h = meldRichHand(rng, 10+i%3/2)
		}
		want := bruteOptimal(h)
		var got []bruteArrangement
		first := true
		for a := range h.Arrangements() {
			checkArrangement(t, h, a, bruteDeadwood(h))
			var g bruteArrangement
			for _, m := range a.Melds() {
				if m.IsSet() {
					g.sets |= Hand(m)
				} else {
					g.runs |= Hand(m)
				}
			}
			if slices.Contains(got, g) {
				t.Fatalf("%v: arrangement %v listed twice", h, a.Melds())
			}
			got = append(got, g)
			if b := h.Arrange(); first && !slices.Equal(a.Melds(), b.Melds()) {
				t.Fatalf("%v: first of Arrangements %v, Arrange %v", h, a.Melds(), b.Melds())
			}
			first = false
		}
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Fatalf("%v: optimal arrangement sets %v runs %v not listed; got %v", h, w.sets, w.runs, got)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%v: %d arrangements listed, brute force finds %d", h, len(got), len(want))
		}
	}
}

// The enumeration and the dynamic programme must list the same optimal
// arrangements in the same order, on hands of every size.
func TestOptimalSetsTwoWays(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range trials(3000, 600) {
		var h Hand
		if i%2 == 0 {
			h = randomHand(rng, 8+rng.IntN(30))
		} else {
			h = meldRichHand(rng, 8+rng.IntN(13))
		}
		var enum, dp []Hand
		h.enumOptimalSets(func(sets Hand) bool { enum = append(enum, sets); return true })
		solveDP(h).each(func(sets Hand) bool { dp = append(dp, sets); return true })
		if !slices.Equal(enum, dp) {
			t.Fatalf("%v: enumeration lists %v, dynamic programme %v", h, enum, dp)
		}
	}
}
