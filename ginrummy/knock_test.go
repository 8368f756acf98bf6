package ginrummy

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestAdviseDiscardByRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hand     string
		best     string
		deadwood int
		bigGin   bool
		why      string
	}{
		// The two hands where melding all eleven and then dropping the highest
		// deadwood card goes wrong.
		{"6d 4d 4h 5d 3s 5s 6h 3d 2c 5h 6s", "6s", 10, false, "a shortcut gets this wrong"},
		{"3s 5s 6h 6d 5d 4d 5c 6c 4c 4s 3c", "6h", 0, false, "gin after throwing 6h, not big gin"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd", "Qd", 9, false, "throw the queen, keep the nine"},
		{"7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", "7h Th 2c 5c", 0, true, "all eleven meld; a king would break the set"},
		{"Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh", "Ah 4h 5h 6h 7h 8h Jh", 0, true, "a run of eleven, cut where both parts stay runs"},
		{"Jd Jh Js", "Jd Jh Js", 20, false, "any jack leaves two"},
		{"Jc Jd Jh Js", "Jc Jd Jh Js", 0, false, "a set of four gives up any card; big gin takes eleven"},
	}
	for _, tt := range tests {
		h := mustHand(t, tt.hand)
		adv := h.AdviseDiscard()
		if want := mustHand(t, tt.best); adv.Best != want {
			t.Errorf("%s: best discards %v, want %v (%s)", tt.hand, adv.Best, want, tt.why)
		}
		if adv.Deadwood != tt.deadwood || adv.BigGin != tt.bigGin {
			t.Errorf("%s: deadwood %d big gin %v, want %d %v (%s)", tt.hand, adv.Deadwood, adv.BigGin, tt.deadwood, tt.bigGin, tt.why)
		}
		if got := h.DeadwoodAfterDiscard(); got != tt.deadwood {
			t.Errorf("%s: DeadwoodAfterDiscard() = %d, want %d", tt.hand, got, tt.deadwood)
		}
	}
}

func TestDeadwoodAfterDiscardAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	n := trials(100_000, 5_000)
	check := func(h Hand) {
		if got, want := h.DeadwoodAfterDiscard(), bruteAfterDiscard(h); got != want {
			t.Fatalf("%v: DeadwoodAfterDiscard() = %d, brute force %d", h, got, want)
		}
	}
	for range n {
		check(randomHand(rng, 11))
	}
	for range n / 5 {
		check(meldRichHand(rng, 11))
	}
	for size := 1; size <= 14; size++ {
		for range 300 {
			check(randomHand(rng, size))
			check(meldRichHand(rng, size))
		}
	}
}

func TestAdviseDiscardAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range 5000 {
		h := randomHand(rng, 11)
		if i%2 == 1 {
			h = meldRichHand(rng, 11)
		}
		adv := h.AdviseDiscard()
		if len(adv.Discards) != 11 {
			t.Fatalf("%v: %d discards listed, want 11", h, len(adv.Discards))
		}
		for j, d := range adv.Discards {
			if want := bruteDeadwood(h.Without(d.Card)); d.Deadwood != want {
				t.Fatalf("%v: discard %v leaves %d, brute force %d", h, d.Card, d.Deadwood, want)
			}
			if j > 0 && d.Deadwood < adv.Discards[j-1].Deadwood {
				t.Fatalf("%v: discards not ranked: %v", h, adv.Discards)
			}
			if adv.Best.Has(d.Card) != (d.Deadwood == adv.Deadwood) {
				t.Fatalf("%v: best discards %v disagree with %v", h, adv.Best, d)
			}
		}
		if adv.BigGin != (bruteDeadwood(h) == 0) { // eleven cards here
			t.Fatalf("%v: big gin %v", h, adv.BigGin)
		}
		kept := h
		if !adv.BigGin {
			kept = h.Without(adv.Discards[0].Card)
		}
		checkArrangement(t, kept, adv.Arrangement, bruteDeadwood(kept))
	}
}

func TestOuts(t *testing.T) {
	t.Parallel()
	// Nine cards meld and the 9♦ is deadwood, so the hand can knock already
	// and keeps that after any draw (it throws the 9♦ or the card drawn).
	// Gin needs a card that melds while the 9♦ goes: 6♥ or 10♥ on the run,
	// the fourth king, A♣ or 5♣ on the clubs. One more nine cannot do it.
	h := mustHand(t, "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d")
	o := h.Outs(0, 10)
	wantGin := mustHand(t, "6h Th Kh Ac 5c")
	if o.Gin != wantGin {
		t.Errorf("gin outs %v, want %v", o.Gin, wantGin)
	}
	if o.Unseen != 42 {
		t.Errorf("%d unseen cards, want 52 − 10 = 42", o.Unseen)
	}
	if want := FullDeck &^ h; o.Knock != want {
		t.Errorf("knock outs %v, want every unseen card", o.Knock)
	}
	seen := mustHand(t, "6h Th")
	if o := h.Outs(seen, 10); o.Gin != wantGin&^seen {
		t.Errorf("with 6h Th seen: gin outs %v, want %v", o.Gin, wantGin&^seen)
	}
}

func TestCanKnock(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hand              string
		limit             int
		canKnock, gin, ok bool
	}{
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", 10, true, false, true},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", 8, false, false, true},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 5c", 0, true, true, true},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd", 9, true, false, true}, // throws the Q♦, keeps 9
		{"7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", 0, true, true, true},  // big gin: gin after any end card
		{"7h 8h 9h", 10, false, false, false},
	}
	for _, tt := range tests {
		k, g, ok := mustHand(t, tt.hand).CanKnock(tt.limit)
		if k != tt.canKnock || g != tt.gin || ok != tt.ok {
			t.Errorf("%s limit %d: CanKnock = %v %v %v, want %v %v %v", tt.hand, tt.limit, k, g, ok, tt.canKnock, tt.gin, tt.ok)
		}
	}
}

func TestOutsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(15, 16))
	for range 300 {
		h := randomHand(rng, 10)
		seen := randomHand(rng, 5) &^ h
		limit := rng.IntN(11)
		o := h.Outs(seen, limit)
		for c := range (FullDeck &^ h &^ seen).All() {
			d := bruteAfterDiscard(h.With(c))
			if o.Knock.Has(c) != (d <= limit) || o.Gin.Has(c) != (d == 0) {
				t.Fatalf("%v seen %v limit %d: out %v wrong (deadwood after discard %d)", h, seen, limit, c, d)
			}
		}
		if o.Knock&(h|seen) != 0 {
			t.Fatalf("%v: outs include held or seen cards", h)
		}
	}
}

func TestKnockArrangements(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hand     string
		discards []Card // in the order yielded, one per arrangement
	}{
		// Throwing Q♦ or Q♠ leaves 10 either way, one arrangement each.
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c Qs Qd", []Card{NewCard(Queen, Diamonds), NewCard(Queen, Spades)}},
		// Big gin: all eleven, no discard.
		{"7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", []Card{NoCard}},
		// Ten cards: the hand itself; two arrangements tie (4♣ 4♥ 4♠ or 3-4-5♥).
		{"3h 4h 5h 4c 4s Kc Kd Ks 8c Jd", []Card{NoCard, NoCard}},
	}
	for _, tt := range tests {
		h := mustHand(t, tt.hand)
		var got []Card
		for discard, a := range h.KnockArrangements() {
			got = append(got, discard)
			kept := h
			if discard != NoCard {
				kept = h.Without(discard)
			}
			checkArrangement(t, kept, a, bruteDeadwood(kept))
		}
		if !slices.Equal(got, tt.discards) {
			t.Errorf("%s: discards %v, want %v", tt.hand, got, tt.discards)
		}
	}
}
