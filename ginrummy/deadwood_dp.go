package ginrummy

import (
	"iter"
	"math/bits"
)

// The dynamic programme over ranks, for hands with many ranks held three or
// four times and for listing every optimal arrangement. It walks the ranks
// from the ace up. Its state is, for each suit, how many consecutive ranks the
// cards not given to sets have reached so far: 0, 1, 2, or 3 for three or
// more. When a streak breaks, a streak of one or two cards is deadwood and a
// longer one is a run, exactly as runMelded decides for one suit.

// dpStates is the number of states: four suits, two bits of streak each.
const dpStates = 1 << 8

// dp holds, for every rank and state, the least deadwood still to come.
type dp struct {
	h        Hand
	deadwood int
	togo     [NumRanks + 1][dpStates]int16
}

// closeCost is the value of a streak of n (1 or 2) cards ending just below
// rank r. States that cannot occur (a streak longer than the ranks below r)
// cost what the ranks that exist are worth; the search never reaches them.
func closeCost(n uint, r int) int16 {
	c := int16(0)
	for k := 1; k <= int(n) && k <= r; k++ {
		c += int16(rankValue[r-k])
	}
	return c
}

// step moves state st past rank r, where the suits in cont hold a card of
// rank r that is not in a set. It returns the new state and the deadwood of
// the streaks that broke.
func step(st uint8, cont uint, r int) (uint8, int16) {
	var next uint8
	var cost int16
	for i := range uint(NumSuits) {
		n := uint(st>>(2*i)) & 3
		if cont&(1<<i) != 0 {
			next |= uint8(min(n+1, 3)) << (2 * i)
		} else if n == 1 || n == 2 {
			cost += closeCost(n, r)
		}
	}
	return next, cost
}

// dpOptions calls try with each set choice for rank r, as suit masks, in the
// order that breaks ties (see Arrange); the last is always no set.
func dpOptions(held uint, try func(set uint) bool) {
	if bits.OnesCount(held) >= 3 {
		if !try(held) {
			return
		}
		if bits.OnesCount(held) == 4 {
			for i := range uint(NumSuits) {
				if !try(held &^ (1 << i)) {
					return
				}
			}
		}
	}
	try(0)
}

// solveDP solves h for the states a walk from the ace can reach, the only
// ones each and firstSets look up: a suit's streak at rank r is set by the
// cards below r and the sets taken from them, so few of the 256 occur.
func solveDP(h Hand) *dp {
	d := &dp{h: h}
	var reach [NumRanks + 1]stateSet
	reach[0].add(0)
	for r := range NumRanks {
		held := rankSuits(h, r)
		for st := range reach[r].all() {
			dpOptions(held, func(set uint) bool {
				next, _ := step(st, held&^set, r)
				reach[r+1].add(next)
				return true
			})
		}
	}
	for st := range reach[NumRanks].all() {
		_, d.togo[NumRanks][st] = step(st, 0, NumRanks)
	}
	for r := NumRanks - 1; r >= 0; r-- {
		held := rankSuits(h, r)
		for st := range reach[r].all() {
			best := int16(1 << 14)
			dpOptions(held, func(set uint) bool {
				next, cost := step(st, held&^set, r)
				best = min(best, cost+d.togo[r+1][next])
				return true
			})
			d.togo[r][st] = best
		}
	}
	d.deadwood = int(d.togo[0][0])
	return d
}

// stateSet is a set of the programme's states.
type stateSet [dpStates / 64]uint64

func (s *stateSet) add(st uint8) { s[st/64] |= 1 << (st % 64) }

// all yields the states of s in increasing order.
func (s *stateSet) all() iter.Seq[uint8] {
	return func(yield func(uint8) bool) {
		for w, x := range s {
			for ; x != 0; x &= x - 1 {
				if !yield(uint8(w*64 + bits.TrailingZeros64(x))) {
					return
				}
			}
		}
	}
}

// each calls yield with the set cards of every optimal arrangement, in the
// order of the ties rule, until yield returns false.
func (d *dp) each(yield func(sets Hand) bool) {
	var walk func(r int, st uint8, sets Hand) bool
	walk = func(r int, st uint8, sets Hand) bool {
		if r == NumRanks {
			return yield(sets)
		}
		held := rankSuits(d.h, r)
		goOn := true
		dpOptions(held, func(set uint) bool {
			next, cost := step(st, held&^set, r)
			if cost+d.togo[r+1][next] == d.togo[r][st] {
				goOn = walk(r+1, next, sets|spread(set, r))
			}
			return goOn
		})
		return goOn
	}
	walk(0, 0, 0)
}

// firstSets returns the set cards of the first optimal arrangement.
func (d *dp) firstSets() Hand {
	var first Hand
	d.each(func(sets Hand) bool {
		first = sets
		return false
	})
	return first
}
