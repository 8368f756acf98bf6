package advice

import (
	"context"
	"errors"
	"flag"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
)

func hand(t *testing.T, s string) ginrummy.Hand {
	t.Helper()
	if s == "" {
		return 0
	}
	h, err := ginrummy.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func card(t *testing.T, s string) ginrummy.Card {
	t.Helper()
	c, err := ginrummy.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func classic(t *testing.T) ginrummy.Rules {
	t.Helper()
	r, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The brute force below is written from the rules, sharing nothing with the
// package: plain meld lists, every subset of cards laid off, every
// arrangement tried.

// plainIsMeld reports whether m is three or four of a rank, or three or
// more consecutive ranks of a suit (ace low).
func plainIsMeld(m []ginrummy.Card) bool {
	if len(m) < 3 {
		return false
	}
	sameRank, sameSuit := true, true
	for _, c := range m[1:] {
		sameRank = sameRank && c.Rank() == m[0].Rank()
		sameSuit = sameSuit && c.Suit() == m[0].Suit()
	}
	if sameRank {
		return len(m) <= 4
	}
	if !sameSuit {
		return false
	}
	var ranks [13]bool
	lo, hi := 13, -1
	for _, c := range m {
		r := int(c.Rank())
		ranks[r] = true
		lo, hi = min(lo, r), max(hi, r)
	}
	return hi-lo+1 == len(m)
}

// plainDeadwood is the least deadwood of cards: the first card is either
// deadwood or in one of the melds that hold it, tried one by one.
func plainDeadwood(cards []ginrummy.Card) int {
	if len(cards) == 0 {
		return 0
	}
	c, rest := cards[0], cards[1:]
	best := c.Value() + plainDeadwood(rest)
	for _, m := range meldsHolding(c, rest) {
		best = min(best, plainDeadwood(without(rest, m)))
	}
	return best
}

// meldsHolding lists the melds of c with cards of rest: c and two or three
// others of its rank, or a run of its suit through it.
func meldsHolding(c ginrummy.Card, rest []ginrummy.Card) [][]ginrummy.Card {
	var same []ginrummy.Card
	bySuitRank := map[[2]int]ginrummy.Card{}
	for _, x := range rest {
		if x.Rank() == c.Rank() {
			same = append(same, x)
		}
		bySuitRank[[2]int{int(x.Suit()), int(x.Rank())}] = x
	}
	var out [][]ginrummy.Card
	for mask := 0; mask < 1<<len(same); mask++ {
		m := []ginrummy.Card{c}
		for i, x := range same {
			if mask&(1<<i) != 0 {
				m = append(m, x)
			}
		}
		if len(m) >= 3 {
			out = append(out, m)
		}
	}
	r, s := int(c.Rank()), int(c.Suit())
	for lo := r; lo >= 0; lo-- {
		if lo < r {
			if _, ok := bySuitRank[[2]int{s, lo}]; !ok {
				break
			}
		}
		for hi := r; hi < 13; hi++ {
			if hi > r {
				if _, ok := bySuitRank[[2]int{s, hi}]; !ok {
					break
				}
			}
			if hi-lo >= 2 {
				m := []ginrummy.Card{c}
				for q := lo; q <= hi; q++ {
					if q != r {
						m = append(m, bySuitRank[[2]int{s, q}])
					}
				}
				out = append(out, m)
			}
		}
	}
	return out
}

func contains(m []ginrummy.Card, c ginrummy.Card) bool {
	for _, x := range m {
		if x == c {
			return true
		}
	}
	return false
}

func without(cards, m []ginrummy.Card) []ginrummy.Card {
	var rest []ginrummy.Card
	for _, c := range cards {
		if !contains(m, c) {
			rest = append(rest, c)
		}
	}
	return rest
}

// plainLaysOff reports whether every card of laid can be laid off on the
// melds, one after another, each joining a meld as it then stands.
func plainLaysOff(melds [][]ginrummy.Card, laid []ginrummy.Card) bool {
	grown := make([][]ginrummy.Card, len(melds))
	for i, m := range melds {
		grown[i] = append([]ginrummy.Card(nil), m...)
	}
	left := append([]ginrummy.Card(nil), laid...)
	for progress := true; progress && len(left) > 0; {
		progress = false
		for i, c := range left {
			for j, m := range grown {
				if plainIsMeld(append(append([]ginrummy.Card(nil), m...), c)) {
					grown[j] = append(grown[j], c)
					left = append(left[:i], left[i+1:]...)
					progress = true
					break
				}
			}
			if progress {
				break
			}
		}
	}
	return len(left) == 0
}

// plainDefender is the defender's least deadwood against the melds: every
// subset of the cards that could ever be laid off is tried, and the rest
// arranged at best.
func plainDefender(melds [][]ginrummy.Card, defender []ginrummy.Card) int {
	var could []ginrummy.Card // the cards some order of layoffs reaches
	for _, c := range defender {
		if plainReaches(melds, defender, c) {
			could = append(could, c)
		}
	}
	best := math.MaxInt
	for mask := 0; mask < 1<<len(could); mask++ {
		var laid []ginrummy.Card
		for i, c := range could {
			if mask&(1<<i) != 0 {
				laid = append(laid, c)
			}
		}
		if len(laid) > 0 && !plainLaysOff(melds, laid) {
			continue
		}
		best = min(best, plainDeadwood(without(defender, laid)))
	}
	return best
}

// plainReaches reports whether c can be laid off once every card of the
// defender that can be laid off is.
func plainReaches(melds [][]ginrummy.Card, defender []ginrummy.Card, c ginrummy.Card) bool {
	grown := make([][]ginrummy.Card, len(melds))
	for i, m := range melds {
		grown[i] = append([]ginrummy.Card(nil), m...)
	}
	for changed := true; changed; {
		changed = false
		for _, x := range defender {
			for j, m := range grown {
				if !contains(m, x) && plainIsMeld(append(append([]ginrummy.Card(nil), m...), x)) {
					if x == c {
						return true
					}
					grown[j] = append(grown[j], x)
					changed = true
				}
			}
		}
	}
	return false
}

// plainPoints scores a knock under the classic rules as SPEC.md states them:
// gin 25 plus the defender's deadwood; an undercut (the defender has as
// little or less) 25 plus the difference to the defender; else the difference.
func plainPoints(k, d int) (points float64, undercut bool) {
	switch {
	case k == 0:
		return float64(25 + d), false
	case d <= k:
		return -float64(25 + k - d), true
	}
	return float64(d - k), false
}

// plainKnock enumerates every hand the opponent can hold (the unseen cards
// choose 10) and returns the chance of an undercut and the expected points
// of knocking with the melds.
func plainKnock(melds [][]ginrummy.Card, k int, unseen []ginrummy.Card) (undercut, points float64) {
	n := 0
	var walk func(from int, held []ginrummy.Card)
	walk = func(from int, held []ginrummy.Card) {
		if len(held) == OpponentCards {
			d := plainDeadwood(held)
			if k > 0 {
				d = plainDefender(melds, held)
			}
			p, u := plainPoints(k, d)
			points += p
			if u {
				undercut++
			}
			n++
			return
		}
		for i := from; i <= len(unseen)-(OpponentCards-len(held)); i++ {
			walk(i+1, append(held, unseen[i]))
		}
	}
	walk(0, nil)
	return undercut / float64(n), points / float64(n)
}

func meldCards(melds []ginrummy.Meld) [][]ginrummy.Card {
	var out [][]ginrummy.Card
	for _, m := range melds {
		out = append(out, m.Cards().Cards())
	}
	return out
}

// longTests reports whether the test binary runs with -long, the flag the
// external tests declare (sim_test.go): the exhaustive checks.
func longTests() bool {
	f := flag.Lookup("long")
	return f != nil && f.Value.String() == "true"
}

// smallPosition has 13 unseen cards, so the opponent's hands number
// 13 choose 10 = 286.
func smallPosition(t *testing.T) Position {
	return Position{
		Hand:     hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"),
		Discards: hand(t, "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d Jd Jc Td 7c 8c 6h 7h 5d 3s 2s 8s Th 6c"),
		Stock:    Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
}

func TestUniformKnockMatchesEnumeration(t *testing.T) {
	t.Parallel()
	p := smallPosition(t)
	a, err := Advise(p, Settings{Rules: classic(t), Model: Uniform, Playouts: 50})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Exact || a.Hands != 286 || a.Unseen != 13 {
		t.Fatalf("exact %v over %d hands, %d unseen; want exact over 286, 13 unseen", a.Exact, a.Hands, a.Unseen)
	}
	unseen := p.Unseen().Cards()
	knocks := 0
	for _, o := range a.Options {
		if o.Knock == nil {
			continue
		}
		knocks++
		for k := o.Knock; k != nil; k = k.Alternative {
			u, pts := plainKnock(meldCards(k.Melds), k.Deadwood, unseen)
			if math.Abs(u-k.Undercut) > 1e-9 || math.Abs(pts-k.Points) > 1e-9 {
				t.Errorf("throw %v, knock with %v: undercut %.6f, points %.6f; enumeration %.6f, %.6f", o.Discard, k.Melds, k.Undercut, k.Points, u, pts)
			}
		}
	}
	if knocks == 0 {
		t.Fatal("no option could knock: the position tests nothing")
	}
}

// With more hands than it enumerates, Advise samples; the figures must stay
// within a percentage point and 0.4 points of the enumeration. The plain
// enumeration of 92,378 hands takes seconds: an exhaustive check, run with
// -long (as .ci/run runs it); TestUniformKnockMatchesEnumeration checks the
// exact figures by default.
func TestUniformSamplesMatchEnumeration(t *testing.T) {
	if !longTests() {
		t.Skip("a plain enumeration of 92,378 hands: run with -long")
	}
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	p := smallPosition(t)
	// Give back six discards: 19 unseen, 92,378 hands.
	p.Discards = p.Discards &^ hand(t, "7c 8c 6h 7h 5d 3s")
	a, err := Advise(p, Settings{Rules: classic(t), Model: Uniform, Playouts: 50, Samples: 20000, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if a.Exact {
		t.Fatalf("%d hands were enumerated; the test wants them sampled", a.Hands)
	}
	unseen := p.Unseen().Cards()
	for _, o := range a.Options {
		if o.Knock == nil {
			continue
		}
		k := o.Knock
		u, pts := plainKnock(meldCards(k.Melds), k.Deadwood, unseen)
		if math.Abs(u-k.Undercut) > 0.01 || math.Abs(pts-k.Points) > 0.4 {
			t.Errorf("throw %v: undercut %.4f±%.4f, points %.3f±%.3f; enumeration %.4f, %.3f", o.Discard, k.Undercut, k.UndercutErr, k.Points, k.StdErr, u, pts)
		}
		if k.UndercutErr == 0 || k.StdErr == 0 {
			t.Errorf("throw %v: a sampled figure with no error stated", o.Discard)
		}
	}
}

// Under Oklahoma the first upcard sets the knock limit: a 7 allows the
// deadwood 6 knock, a 5 does not, an ace allows gin only.
func TestOklahomaKnockLimit(t *testing.T) {
	t.Parallel()
	r, err := ginrummy.Preset("oklahoma")
	if err != nil {
		t.Fatal(err)
	}
	p := smallPosition(t)
	for _, tt := range []struct {
		upcard string
		knock  bool
	}{{"7c", true}, {"6c", true}, {"5d", false}, {"Ah", false}} {
		p.FirstUpcard = card(t, tt.upcard)
		a, err := Advise(p, Settings{Rules: r, Playouts: 20})
		if err != nil {
			t.Fatal(err)
		}
		knocks := false
		for _, o := range a.Options {
			knocks = knocks || o.Knock != nil
		}
		if knocks != tt.knock {
			t.Errorf("first upcard %s: some option knocks = %v, want %v", tt.upcard, knocks, tt.knock)
		}
	}
	p.FirstUpcard = ginrummy.NoCard
	if _, err := Advise(p, Settings{Rules: r}); !errors.Is(err, ginrummy.ErrNeedUpcard) {
		t.Errorf("oklahoma without the first upcard: %v, want ErrNeedUpcard", err)
	}
}

// Passing the 7♥ is evidence against holding 6♥ 8♥: the evidence model must
// make that pair less likely than the uniform model does, and leave a hand
// that has nothing to do with the 7♥ as likely as before, relatively.
func TestEvidenceLowersWhatThePassedCardMelds(t *testing.T) {
	t.Parallel()
	p := smallPosition(t)
	p.Discards = p.Discards &^ hand(t, "6h 8h 7c")
	p.Passed = hand(t, "7h")
	pair := hand(t, "6h 8h")
	chance := func(m Model) float64 {
		e := &engine{p: p, s: Settings{Model: m}, unseen: p.Unseen().Cards(), unknown: OpponentCards}
		e.ev = evidence{passed: p.Passed}
		var with, total float64
		e.enumerate(func(h ginrummy.Hand, w float64) {
			total += w
			if h&pair == pair {
				with += w
			}
		})
		return with / total
	}
	uniform, ev := chance(Uniform), chance(Evidence)
	if !(ev < uniform) {
		t.Errorf("P(6♥ 8♥) after passing the 7♥: evidence %.4f, uniform %.4f; evidence should be lower", ev, uniform)
	}
	if uniform == 0 {
		t.Fatal("the pair cannot be held: the test tests nothing")
	}
}

// A card the opponent took weighs a hand by the table (× 0.4 near, × 0.1
// neither, × 1 when it melds) while they are at least as likely to take only
// to meld as not; below that, by w + (1 − w)(1 − 2m), worked out here by
// hand, up to no evidence (× 1) at m = 0.
func TestTakeWeighsLessFromAnyTaker(t *testing.T) {
	t.Parallel()
	// Each hand has over 10 deadwood: the knock rate does not weigh it.
	alone := hand(t, "Kd 2c 4h 6s 8d Tc Qh 3s 5d 7c") // the K♦ neither melds nor is near
	near := hand(t, "9d 8d 2c 4h 6s Tc Qh 3s 5c Ks")  // the 9♦ is next to the 8♦
	melds := hand(t, "9d 8d 7d 2c 4h 6s Tc Qh 3s 5c") // the 9♦ makes a run
	for _, tt := range []struct {
		m                float64
		alone, near, mel float64
	}{
		{0.95, 0.1, 0.4, 1},
		{0.5, 0.1, 0.4, 1},
		{0.25, 0.1 + 0.9*0.5, 0.4 + 0.6*0.5, 1},
		{0.05, 0.1 + 0.9*0.9, 0.4 + 0.6*0.9, 1},
		{0, 1, 1, 1},
	} {
		e := evidence{took: hand(t, "Kd"), tookMelds: tt.m, knockRate: 0.5, limit: 10}
		if got := e.likelihood(alone); math.Abs(got-tt.alone) > 1e-12 {
			t.Errorf("m %v, a card alone: %v, want %v", tt.m, got, tt.alone)
		}
		e.took = hand(t, "9d")
		if got := e.likelihood(near); math.Abs(got-tt.near) > 1e-12 {
			t.Errorf("m %v, a card near: %v, want %v", tt.m, got, tt.near)
		}
		if got := e.likelihood(melds); got != tt.mel {
			t.Errorf("m %v, a card that melds: %v, want %v", tt.m, got, tt.mel)
		}
	}
}

// What the opponent passed and threw weighs a hand by the table in full for
// their first five turns, and after that as the table's weight raised to
// 5/turns, worked out here by hand; the knock rate and the cards taken are
// weighed in full however long the hand.
func TestOldMovesWeighLess(t *testing.T) {
	t.Parallel()
	// The 2♠ passed makes a run with 3♠ 4♠ (× 0.1), the 8♠ thrown one with
	// 6♠ 7♠ (× 0.1), the 4♦ taken is only near the 2♦ (× 0.4), and the hand
	// (deadwood 6) could have knocked and did not (× 1 − 0.6).
	h := hand(t, "3s 4s 5s 6s 7s Ac Ad Ah 2d 4d")
	for _, tt := range []struct {
		turns int
		want  float64
	}{
		{1, 0.1 * 0.1 * 0.4 * 0.4},
		{5, 0.1 * 0.1 * 0.4 * 0.4},
		{10, math.Pow(0.1*0.1, 0.5) * 0.4 * 0.4},
		{20, math.Pow(0.1*0.1, 0.25) * 0.4 * 0.4},
	} {
		e := evidence{passed: hand(t, "2s"), threw: hand(t, "8s"), took: hand(t, "4d"), turns: tt.turns, tookMelds: 0.5, knockRate: 0.6, limit: 10}
		if got := e.likelihood(h); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%d turns: %v, want %v", tt.turns, got, tt.want)
		}
	}
}

func TestSameSeedSameAdvice(t *testing.T) {
	t.Parallel()
	p := smallPosition(t)
	p.Discards = p.Discards &^ hand(t, "7c 8c 6h 7h 5d 3s")
	s := Settings{Rules: classic(t), Seed: 3, Playouts: 100}
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Options {
		x, y := a.Options[i], b.Options[i]
		if x.Discard != y.Discard || *x.PlayOn != *y.PlayOn || (x.Knock == nil) != (y.Knock == nil) || x.Knock != nil && x.Knock.Points != y.Knock.Points {
			t.Fatalf("option %d differs between two runs with the same seed: %+v vs %+v", i, x, y)
		}
	}
}

// A ten-card position decides take or draw: one draw option, and a take
// option for every card that can go after the upcard comes in.
func TestTakeOrDraw(t *testing.T) {
	t.Parallel()
	p := Position{
		Hand: hand(t, "7h 8h Ks Kd Kc 2c 3c 4c 5d Qd"), Upcard: card(t, "9h"),
		Discards: hand(t, "Ah 2h 3s Jc Td 9s"), Took: hand(t, "6c"), Threw: hand(t, "Jd Qs"), Passed: hand(t, "7c"),
		Stock: Unknown, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
	a, err := Advise(p, Settings{Rules: classic(t), Playouts: 100})
	if err != nil {
		t.Fatal(err)
	}
	draws, takes := 0, 0
	for _, o := range a.Options {
		switch {
		case o.Draw:
			draws++
			if o.Knock != nil {
				t.Error("drawing cannot knock before the card is seen")
			}
		case o.Take:
			takes++
			if o.Discard == p.Upcard {
				t.Error("the card just taken is offered as the discard")
			}
		}
	}
	if draws != 1 || takes != 10 {
		t.Errorf("%d draw and %d take options, want 1 and 10", draws, takes)
	}
	// Taking the 9♥ and throwing the Q♦ leaves 5♦ alone: the least deadwood
	// of every option, and a knock.
	best := a.Best()
	if !best.Take || best.Discard != card(t, "Qd") {
		t.Errorf("advice: take %v, throw %v; want take the 9♥ and throw Q♦", best.Take, best.Discard)
	}
	if best.Knock == nil || best.Knock.Deadwood != 5 {
		t.Errorf("taking the 9♥ and throwing Q♦ knocks with 5: %+v", best.Knock)
	}
}

// A position that cannot be is a *PositionError that says which part is at
// fault, the card or the counts, and why, in the game's words: the flags
// that give a position are gin advise's, which words it (commands'
// TestAdviseBadPositions).
func TestImpossiblePositions(t *testing.T) {
	t.Parallel()
	base := func() Position { return smallPosition(t) }
	no := ginrummy.NoCard
	// smallPosition holds 11 cards, 28 discards: 13 unseen, 10 of them the
	// opponent's, so a stock of 3 and at least 2 (StockLeft) after a draw.
	for _, tt := range []struct {
		name string
		edit func(*Position)
		want PositionError
		says string
	}{
		{"nine cards", func(p *Position) { p.Hand = hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d") },
			PositionError{Part: PartHand, Card: no, Count: 9, Err: ErrHandSize}, "the hand has 9 cards"},
		{"twelve cards", func(p *Position) { p.Hand |= hand(t, "Qh") },
			PositionError{Part: PartHand, Card: no, Count: 12, Err: ErrHandSize}, "the hand has 12 cards"},
		{"ten cards without upcard", func(p *Position) { p.Hand = p.Hand.Without(card(t, "Kd")) },
			PositionError{Part: PartUpcard, Card: no, Count: 10, Err: ErrNoUpcard}, "give the face-up card"},
		{"upcard with eleven", func(p *Position) { p.Upcard = card(t, "Qh") },
			PositionError{Part: PartUpcard, Card: card(t, "Qh"), Count: 11, Err: ErrDrawn}, "11 cards, so it has drawn"},
		{"card in hand and discards", func(p *Position) { p.Discards |= hand(t, "4s") },
			PositionError{Part: PartHand, Other: PartDiscards, Card: card(t, "4s"), Err: ErrTwoPlaces}, "4s is in your hand and in the discards"},
		{"upcard in hand", func(p *Position) { p.Hand = p.Hand.Without(card(t, "Kd")); p.Upcard = card(t, "4s") },
			PositionError{Part: PartHand, Other: PartUpcard, Card: card(t, "4s"), Err: ErrTwoPlaces}, "4s is in your hand and in the face-up card"},
		{"took and pile", func(p *Position) { p.Took = hand(t, "Qc") },
			PositionError{Part: PartDiscards, Other: PartTook, Card: card(t, "Qc"), Err: ErrTwoPlaces}, "Qc is in the discards and in the cards the opponent took"},
		{"took and upcard", func(p *Position) {
			p.Hand = p.Hand.Without(card(t, "Kd"))
			p.Upcard, p.Took = card(t, "Kd"), hand(t, "Kd")
		}, PositionError{Part: PartTook, Other: PartUpcard, Card: card(t, "Kd"), Err: ErrTwoPlaces}, "Kd is in"},
		{"pile and upcard", func(p *Position) { p.Hand = p.Hand.Without(card(t, "Kd")); p.Upcard = card(t, "Qc") },
			PositionError{Part: PartDiscards, Other: PartUpcard, Card: card(t, "Qc"), Err: ErrTwoPlaces}, "Qc is in"},
		{"from the pile with ten cards", func(p *Position) {
			p.Hand = p.Hand.Without(card(t, "Kd"))
			p.Upcard, p.FromPile = card(t, "Kd"), card(t, "4s")
		}, PositionError{Part: PartFromPile, Card: card(t, "4s"), Count: 10, Err: ErrNotDrawn}, "the card taken from the pile, 4s: the hand has 10 cards"},
		{"from the pile, not in the hand", func(p *Position) { p.FromPile = card(t, "Qc") },
			PositionError{Part: PartFromPile, Card: card(t, "Qc"), Err: ErrNotHeld}, "Qc, is not in your hand"},
		{"eleven took", func(p *Position) {
			p.Discards = hand(t, "Qc")
			p.Took = hand(t, "Ah Kh Qh Jh Th 8h 7h 6h 5h 4h 3h")
		}, PositionError{Part: PartTook, Card: no, Count: 11, Most: 10, Err: ErrTookTooMany}, "took 11 cards, but holds 10"},
		{"too few unseen", func(p *Position) { p.Discards |= ginrummy.NewHand(p.Unseen().Cards()[:4]...) },
			PositionError{Part: PartSeen, Card: no, Count: 9, Least: 10, Err: ErrTooFewUnseen}, "only 9 cards are unseen"},
		{"stock too big", func(p *Position) { p.Stock = 4 },
			PositionError{Part: PartStock, Card: no, Count: 4, Least: 2, Most: 3, Unseen: 13, Err: ErrStockSize}, "a stock of 4: the stock can hold 2 to 3 cards (13 unseen, 10 of them in the opponent's hand)"},
		{"negative stock", func(p *Position) { p.Stock = -5 },
			PositionError{Part: PartStock, Card: no, Count: -5, Least: 2, Most: 3, Unseen: 13, Err: ErrStockSize}, "a stock of -5"},
		{"stock run down", func(p *Position) { p.Stock = 1 },
			PositionError{Part: PartStock, Card: no, Count: 1, Least: 2, Held: 11, Err: ErrStockRunDown}, "a stock of 1: the hand is over, drawn once a discard leaves 2 cards or fewer"},
		{"the cards named run it down", func(p *Position) { p.Discards |= ginrummy.NewHand(p.Unseen().Cards()[:2]...) },
			PositionError{Part: PartSeen, Card: no, Count: 1, Least: 2, Held: 11, Err: ErrStockRunDown}, "the cards named leave 1 in the stock"},
		{"negative turns", func(p *Position) { p.Turns = -1 },
			PositionError{Part: PartTurns, Card: no, Count: -1, Err: ErrTurns}, "played -1 turns"},
		{"knock rate above one", func(p *Position) { p.KnockRate = 1.5 },
			PositionError{Part: PartKnockRate, Card: no, Chance: 1.5, Err: ErrChance}, "knock rate of 1.5"},
		{"knock rate of one", func(p *Position) { p.KnockRate = 1 },
			PositionError{Part: PartKnockRate, Card: no, Chance: 1, Err: ErrChance}, "knock rate of 1: give a chance from 0 to below 1"},
		{"knocking from a negative stock", func(p *Position) { p.KnocksFrom = -2 },
			PositionError{Part: PartKnocksFrom, Card: no, Count: -2, Err: ErrKnocksFrom}, "from a stock of -2: give 0 (not known) or more cards"},
	} {
		p := base()
		tt.edit(&p)
		_, err := Advise(p, Settings{Rules: classic(t)})
		perr, ok := errors.AsType[*PositionError](err)
		switch {
		case !ok:
			t.Errorf("%s: %v, want a *PositionError", tt.name, err)
		case *perr != tt.want:
			t.Errorf("%s: %+v, want %+v", tt.name, *perr, tt.want)
		case !strings.Contains(err.Error(), tt.says) || strings.Contains(err.Error(), "--"):
			t.Errorf("%s: %q, want it to say %q and name no flag", tt.name, err, tt.says)
		}
		if _, ok := errors.AsType[ginrummy.InputError](err); !ok {
			t.Errorf("%s: %v is not a ginrummy.InputError", tt.name, err)
		}
	}
	p := base()
	p.Discards = hand(t, "Qc")
	// 52 − 11 in hand − Qc = 40 unseen, 10 of them the opponent's: 40
	// choose 10 hands.
	_, err := Advise(p, Settings{Rules: classic(t), Model: Uniform, Exact: true})
	if e, ok := errors.AsType[*ExactError](err); !ok || e.Hands != 847_660_528 || !errors.Is(err, ErrExactTooMany) || strings.Contains(err.Error(), "--") {
		t.Errorf("exact over 40 choose 10 hands: %v, want an *ExactError over 847660528 hands that names no flag", err)
	}
	_, err = Advise(smallPosition(t), Settings{Rules: classic(t), Model: Evidence, Exact: true})
	if _, ok := errors.AsType[*ExactError](err); !ok || !errors.Is(err, ErrExactModel) || strings.Contains(err.Error(), "--") {
		t.Errorf("exact under the evidence model: %v, want an *ExactError for the model that names no flag", err)
	}
}

// A card the opponent threw may be anywhere now: on the pile (named in
// Discards too), the face-up card, the player's hand, or back in their own
// after the player took and threw it. Each is a position that can be, and
// the card is seen once: the unseen cards are as many as without it named
// twice.
func TestThrewOverlapsAreSeenOnce(t *testing.T) {
	t.Parallel()
	unseen := smallPosition(t).Unseen()
	x := unseen.Cards()[0]
	for _, tt := range []struct {
		name   string
		edit   func(*Position)
		unseen int
	}{
		{"threw and pile", func(p *Position) { p.Threw = hand(t, "Qc Jd") }, 13},
		{"threw and hand", func(p *Position) { p.Threw = hand(t, "Kd") }, 13},
		{"threw and upcard", func(p *Position) {
			p.Hand = p.Hand.Without(card(t, "Kd"))
			p.Upcard, p.Threw = x, ginrummy.NewHand(x)
		}, 13},
		{"threw and took", func(p *Position) { p.Took, p.Threw = ginrummy.NewHand(x), ginrummy.NewHand(x) }, 12},
	} {
		p := smallPosition(t)
		tt.edit(&p)
		a, err := Advise(p, Settings{Rules: classic(t), Model: Uniform, Playouts: 20})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if a.Unseen != tt.unseen {
			t.Errorf("%s: %d unseen, want %d", tt.name, a.Unseen, tt.unseen)
		}
	}
}

// The card just taken from the pile may not go back: no option throws it.
func TestFromPileIsNotThrown(t *testing.T) {
	t.Parallel()
	p := smallPosition(t)
	kd := card(t, "Kd")
	a, err := Advise(p, Settings{Rules: classic(t), Model: Uniform, Playouts: 20})
	if err != nil {
		t.Fatal(err)
	}
	// 4♠–7♠ and the three nines meld; K♦ is the card to throw (deadwood 6).
	if best := a.Best(); best.Discard != kd {
		t.Fatalf("without --from-pile the advice throws %v, want K♦", best.Discard)
	}
	p.FromPile = kd
	a, err = Advise(p, Settings{Rules: classic(t), Model: Uniform, Playouts: 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Options) != 10 {
		t.Errorf("%d options, want one for each of the 10 cards but K♦", len(a.Options))
	}
	for _, o := range a.Options {
		if o.Discard == kd {
			t.Errorf("an option throws K♦, just taken from the pile: %+v", o)
		}
	}
}

// bigGinPosition is ten cards and a face-up card that melds all eleven:
// A♠ 2♠ 3♠ 4♠, three fives, and four nines with the 9♠. 13 cards are
// unseen, so the opponent's hands number 13 choose 10 = 286.
func bigGinPosition(t *testing.T) Position {
	return Position{
		Hand: hand(t, "As 2s 3s 4s 5c 5d 5h 9h 9d 9c"), Upcard: card(t, "9s"),
		Discards: hand(t, "Ac Ad Ah 2c 2d 2h 3c 3d 3h 4c 4d 4h 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s Tc Td Th Ts"),
		Stock:    Unknown, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
}

// Taking the face-up card to lay down big gin is an option where the rules
// play big gin. Under modern rules it scores the big-gin bonus, 31, plus
// the defender's deadwood (nothing is laid off on gin): against every hand
// the opponent can hold alike, 31 plus their mean deadwood, 6 more than
// taking it and throwing a card for gin (25 plus the same).
func TestTakeForBigGin(t *testing.T) {
	t.Parallel()
	p := bigGinPosition(t)
	modern, err := ginrummy.Preset("modern")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Advise(p, Settings{Rules: modern, Model: Uniform, Playouts: 20})
	if err != nil {
		t.Fatal(err)
	}
	unseen := p.Unseen().Cards()
	var sum, n float64
	var walk func(from int, h ginrummy.Hand, left int)
	walk = func(from int, h ginrummy.Hand, left int) {
		if left == 0 {
			sum += float64(h.Deadwood())
			n++
			return
		}
		for i := from; i <= len(unseen)-left; i++ {
			walk(i+1, h.With(unseen[i]), left-1)
		}
	}
	walk(0, 0, OpponentCards)
	want := float64(modern.BigGinBonus) + sum/n
	best := a.Best()
	if !best.Take || !best.BigGin || best.Discard != ginrummy.NoCard || best.Knock == nil || !best.Knock.Gin {
		t.Fatalf("the advice is %+v, want to take the 9♠ for big gin", best)
	}
	if !a.Exact || math.Abs(best.Knock.Points-want) > 1e-9 {
		t.Errorf("big gin is worth %v (exact %v), want 31 + %v = %v", best.Knock.Points, a.Exact, sum/n, want)
	}
	gins := 0
	for _, o := range a.Options[1:] {
		if o.Take && o.Knock != nil && o.Knock.Gin {
			gins++
			if d := best.Knock.Points - o.Knock.Points; math.Abs(d-6) > 1e-9 {
				t.Errorf("taking for big gin is worth %v more than %+v, want 31 − 25 = 6", d, o)
			}
		}
	}
	if gins == 0 {
		t.Error("no option takes the 9♠ for gin")
	}
	// Played without big gin, no option lays down eleven cards.
	modern.BigGin = false
	for _, pos := range []Position{p, {Hand: p.Hand.With(p.Upcard), Upcard: ginrummy.NoCard, Discards: p.Discards, Stock: Unknown, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard}} {
		a, err := Advise(pos, Settings{Rules: modern, Model: Uniform, Playouts: 20})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range a.Options {
			if o.BigGin {
				t.Errorf("%d cards without big gin: an option lays down eleven: %+v", pos.Hand.Len(), o)
			}
		}
	}
}

// A card the opponent passed can come back to them: the player takes it,
// throws it, and they take it (or take and throw it). The position is
// played, and the later move is the evidence: the advice is the one given
// without the pass.
func TestPassedThenTaken(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		edit func(*Position)
	}{
		{"took", func(p *Position) { p.Took = hand(t, "Qc") }},
		{"threw", func(p *Position) { p.Threw = hand(t, "Qc") }},
	} {
		p := smallPosition(t)
		p.Discards &^= hand(t, "Qc")
		tt.edit(&p)
		without, err := Advise(p, Settings{Rules: classic(t), Samples: 500, Playouts: 20})
		if err != nil {
			t.Fatal(err)
		}
		p.Passed = hand(t, "Qc")
		with, err := Advise(p, Settings{Rules: classic(t), Samples: 500, Playouts: 20})
		if err != nil {
			t.Fatalf("passed, then %s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(with, without) {
			t.Errorf("passed, then %s: the pass weighed in: %+v, want %+v", tt.name, with.Options[0], without.Options[0])
		}
	}
}

func BenchmarkAdviseMidGame(b *testing.B) {
	t := &testing.T{}
	p := Position{
		Hand:     hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"),
		Discards: hand(t, "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d"), Took: hand(t, "8s"), Threw: hand(t, "Kc Qh 8d"), Passed: hand(t, "7d"),
		Stock: Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
	r, _ := ginrummy.Preset("classic")
	for b.Loop() {
		if _, err := Advise(p, Settings{Rules: r}); err != nil {
			b.Fatal(err)
		}
	}
}

// AdviseContext stops soon after its context is done, in the sampling of
// the opponent's hands and in the play-outs alike, however many were asked
// for: what is asked here would take many seconds.
func TestAdviseContextStops(t *testing.T) {
	p := Position{
		Hand:     hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"),
		Discards: hand(t, "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d"), Took: hand(t, "8s"), Threw: hand(t, "Kc Qh 8d"), Passed: hand(t, "7d"),
		Stock: Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard,
	}
	for _, tt := range []struct {
		name              string
		samples, playouts int
	}{
		{"sampling", 100_000_000, 10},
		{"play-outs", 100, 1_000_000},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := AdviseContext(ctx, p, Settings{Rules: classic(t), Samples: tt.samples, Playouts: tt.playouts})
			done <- err
		}()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v, want context.Canceled", tt.name, err)
			}
		case <-time.After(time.Second):
			t.Errorf("%s: still advising a second after the context was cancelled", tt.name)
		}
	}
}
