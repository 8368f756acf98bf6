package ginrummy

import (
	"iter"
	"math/bits"
)

// How the solver works. Runs never cross suits, so once the sets are chosen
// every suit is solved alone; and with runs only, the best a suit can do is to
// meld every block of three or more consecutive ranks and nothing else, which
// tables over all 8,192 patterns of one suit answer in one look-up. What is
// left to search is the choice of sets: for each rank held three or four
// times, the whole set, a three-card set leaving one card for a run, or no
// set. Small hands enumerate those choices; hands with more than a few such
// ranks use a dynamic programme over the ranks, whose state is how long the
// current streak of consecutive cards is in each suit.

// The tables over the 8,192 patterns of one suit.
var (
	// runDead[p] is the deadwood of pattern p when it melds runs only.
	runDead [1 << NumRanks]uint8
	// discardGain[p] is the least change in runDead from removing one card of
	// p (negative when that card was deadwood); noDiscard when p is empty.
	discardGain [1 << NumRanks]int8
)

const noDiscard = 127

func init() {
	for p := range 1 << NumRanks {
		runDead[p] = uint8(suitValue(uint16(p) &^ runMelded(uint16(p))))
	}
	for p := range 1 << NumRanks {
		best := noDiscard
		for rest := p; rest != 0; rest &= rest - 1 {
			low := rest & -rest
			best = min(best, int(runDead[p&^low])-int(runDead[p]))
		}
		discardGain[p] = int8(best)
	}
}

// runMelded returns the ranks of pattern p that lie in a block of three or
// more consecutive ranks.
func runMelded(p uint16) uint16 {
	t := p & (p >> 1) & (p >> 2)
	return t | t<<1 | t<<2
}

// runMeldedHand applies runMelded to every suit of h at once.
func runMeldedHand(h Hand) Hand {
	t := h & (h >> 1) & (h >> 2) & FullDeck
	return t | t<<1 | t<<2
}

// deadRuns is the deadwood of h when it melds runs only.
func deadRuns(h Hand) int {
	return int(runDead[h&suitMask]) + int(runDead[h>>16&suitMask]) +
		int(runDead[h>>32&suitMask]) + int(runDead[h>>48&suitMask])
}

// setRanks returns the ranks held three or four times.
func setRanks(h Hand) uint16 {
	a, b, c, d := uint16(h), uint16(h>>16), uint16(h>>32), uint16(h>>48)
	return (a&b&(c|d) | (a|b)&c&d) & suitMask
}

// rankSuits returns which suits hold rank r, as 4 bits (♣ first).
func rankSuits(h Hand, r int) uint {
	x := uint64(h) >> r
	return uint(x&1 | x>>15&2 | x>>30&4 | x>>45&8)
}

// spread puts the 4-bit suit mask m at rank r: the cards of rank r in those suits.
func spread(m uint, r int) Hand {
	return Hand(m&1|(m&2)<<15|(m&4)<<30|(m&8)<<45) << r
}

// maxEnumRanks is the most set ranks the solver enumerates before it turns to
// the dynamic programme; 6^4 choices is where the two cost about the same.
const maxEnumRanks = 4

// Deadwood returns the least deadwood of any arrangement of the hand into
// melds. It works for any number of cards.
func (h Hand) Deadwood() int {
	sets := setRanks(h)
	if sets == 0 {
		return deadRuns(h)
	}
	if bits.OnesCount16(sets) > maxEnumRanks {
		return solveDP(h).deadwood
	}
	s := solver{capable: runMeldedHand(h)}
	return s.min(h, sets)
}

// IsGin reports whether every card of h melds at once: no deadwood
// (Deadwood is 0). Most hands are told at a glance, without the search: a
// card that no run of its suit and no set of its rank can hold is deadwood
// in every arrangement.
func (h Hand) IsGin() bool {
	s := Hand(setRanks(h))
	if h&FullDeck&^(runMeldedHand(h)|s|s<<16|s<<32|s<<48) != 0 {
		return false
	}
	return h.Deadwood() == 0
}

// solver enumerates the choices of sets.
type solver struct {
	capable Hand // cards that lie in a block of three in their suit: candidates for runs
}

// options calls try with the cards of each useful set choice for rank r, in
// the fixed order that breaks ties (choices), until try returns false.
func (s *solver) options(h Hand, r int, try func(set Hand) bool) {
	var c [maxChoices]Hand
	for _, set := range c[:s.choices(h, r, &c)] {
		if !try(set) {
			return
		}
	}
}

// maxChoices is the most set choices a rank has: the whole set, the four
// three-card sets of a set of four, and no set.
const maxChoices = 6

// choices writes the cards of each useful set choice for rank r to out, in
// the fixed order that breaks ties: the whole set, the three-card sets
// leaving out ♣, ♦, ♥ then ♠, then no set; and returns how many. Choices
// that can never be optimal are skipped: leaving out a card that cannot be
// in a run, or taking no set when too few cards could be in runs. The
// searches loop over them where a callback would cost a call a choice.
func (s *solver) choices(h Hand, r int, out *[maxChoices]Hand) int {
	// The cards are kept in place, not gathered into 4 bits and spread back:
	// the lowest card of a rank is its ♣, as the lowest suit bit would be.
	whole := h & (rankBits << r)
	capable := s.capable & whole
	out[0] = whole
	k := 1
	n := bits.OnesCount64(uint64(whole))
	if n == 4 {
		for m := capable; m != 0; m &= m - 1 {
			out[k] = whole &^ (m & -m)
			k++
		}
	}
	if c := bits.OnesCount64(uint64(capable)); c > 0 && c >= n-2 {
		out[k] = 0
		k++
	}
	return k
}

func (s *solver) min(h Hand, sets uint16) int {
	if sets == 0 {
		return deadRuns(h)
	}
	r := bits.TrailingZeros16(sets)
	rest := sets & (sets - 1)
	best := 1 << 30
	var c [maxChoices]Hand
	n := s.choices(h, r, &c)
	if rest == 0 { // the last rank: each choice leaves runs only, no call needed
		for _, set := range c[:n] {
			if best = min(best, deadRuns(h&^set)); best == 0 {
				break
			}
		}
		return best
	}
	for _, set := range c[:n] {
		if best = min(best, s.min(h&^set, rest)); best == 0 {
			break
		}
	}
	return best
}

// Arrangement is one way to lay a hand out: its melds and its deadwood.
type Arrangement struct {
	melds    [maxMelds]Meld
	n        uint8
	Deadwood int  // total value of the unmelded cards
	Unmelded Hand // the deadwood cards
}

// maxMelds is the most melds 52 cards can make.
const maxMelds = 52 / 3

// Melds returns the melds: sets by rank, then runs by suit and rank.
func (a *Arrangement) Melds() []Meld { return a.melds[:a.n] }

// Melded returns every card in a meld.
func (a *Arrangement) Melded() Hand {
	var h Hand
	for _, m := range a.Melds() {
		h |= Hand(m)
	}
	return h
}

// arrangement builds the arrangement of h that takes the given set cards and
// melds every other card that a run can hold.
func arrangement(h, sets Hand) Arrangement {
	var a Arrangement
	for x := sets; x != 0; {
		r := bits.TrailingZeros64(uint64(x)) & 15
		m := x & (rankBits << r)
		a.melds[a.n] = Meld(m)
		a.n++
		x &^= m
	}
	rest := h &^ sets
	runs := runMeldedHand(rest)
	a.Unmelded = rest &^ runs
	a.Deadwood = a.Unmelded.Value()
	for x := uint64(runs); x != 0; {
		low := bits.TrailingZeros64(x)
		n := bits.TrailingZeros64(^(x >> low))
		a.melds[a.n] = Meld((uint64(1)<<n - 1) << low)
		a.n++
		x &^= (uint64(1)<<n - 1) << low
	}
	return a
}

// Arrange returns an arrangement of least deadwood. When several tie, it
// prefers sets to runs, rank by rank from the ace up: for each rank held three
// or four times it tries the whole set, then the three-card sets leaving out
// ♣, ♦, ♥ then ♠, then no set, and keeps the first that is optimal. It is the
// first arrangement that Arrangements yields.
func (h Hand) Arrange() Arrangement {
	sets := setRanks(h)
	if sets == 0 {
		return arrangement(h, 0)
	}
	if bits.OnesCount16(sets) > maxEnumRanks {
		return arrangement(h, solveDP(h).firstSets())
	}
	s := solver{capable: runMeldedHand(h)}
	best, bestSets := 1<<30, Hand(0)
	var walk func(h, taken Hand, sets uint16)
	walk = func(h, taken Hand, sets uint16) {
		if sets == 0 {
			if d := deadRuns(h); d < best {
				best, bestSets = d, taken
			}
			return
		}
		r := bits.TrailingZeros16(sets)
		rest := sets & (sets - 1)
		s.options(h, r, func(set Hand) bool {
			walk(h&^set, taken|set, rest)
			return best > 0
		})
	}
	walk(h, 0, sets)
	return arrangement(h, bestSets)
}

// Arrangements yields every arrangement of least deadwood, each once, the
// one Arrange returns first. Runs are reported whole: a block of consecutive
// cards in one suit is one run, however long, so 3♥ to 8♥ is one meld and not
// 3♥–5♥ with 6♥–8♥.
func (h Hand) Arrangements() iter.Seq[Arrangement] {
	return func(yield func(Arrangement) bool) {
		each := h.enumOptimalSets
		if bits.OnesCount16(setRanks(h)) > maxEnumRanks {
			each = solveDP(h).each
		}
		each(func(sets Hand) bool { return yield(arrangement(h, sets)) })
	}
}

// enumOptimalSets calls yield with the set cards of every optimal
// arrangement of h, in the order of the ties rule, until yield returns false.
func (h Hand) enumOptimalSets(yield func(sets Hand) bool) {
	best := h.Deadwood()
	s := solver{capable: runMeldedHand(h)}
	var walk func(h, taken Hand, sets uint16) bool
	walk = func(h, taken Hand, sets uint16) bool {
		if sets == 0 {
			return deadRuns(h) != best || yield(taken)
		}
		r := bits.TrailingZeros16(sets)
		rest := sets & (sets - 1)
		goOn := true
		s.options(h, r, func(set Hand) bool {
			goOn = walk(h&^set, taken|set, rest)
			return goOn
		})
		return goOn
	}
	walk(h, 0, setRanks(h))
}
