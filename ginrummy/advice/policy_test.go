package advice

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// seenOf is a position seen by the policy: unseen is every card not in the
// hand, the dead cards or the opponent's took cards.
func seenOf(t *testing.T, cards, dead, took string) Seen {
	t.Helper()
	h, d, k := hand(t, cards), hand(t, dead), hand(t, took)
	return Seen{Hand: h, Unseen: ginrummy.FullDeck &^ h &^ d &^ k, Took: k, Limit: 10, Taken: ginrummy.NoCard}
}

// The policy throws the lone king, not a card of a meld or of a pair that
// may become one, and never the card just taken.
func TestPolicyDiscard(t *testing.T) {
	t.Parallel()
	s := seenOf(t, "2c 3c 4c 7h 7d 7s 9s Ts Ad 2d Kh", "", "")
	if c := PolicyDiscard(s); c.String() != "Kh" {
		t.Errorf("threw %v, want Kh", c)
	}
	s.Taken = card(t, "Kh")
	if c := PolicyDiscard(s); c == s.Taken || !s.Hand.Has(c) {
		t.Errorf("threw %v with Kh just taken", c)
	}
}

// A card that melds with the cards the opponent took from the pile is not
// thrown when another as bad for the hand is there: Qd goes, not Qh, when
// the opponent took Jh and Kh.
func TestPolicyDoesNotFeedTheOpponent(t *testing.T) {
	t.Parallel()
	s := seenOf(t, "2c 3c 4c 5d 6d 7d 8s 8h 8c Qh Qd", "", "Jh Kh")
	if c := PolicyDiscard(s); c.String() != "Qd" {
		t.Errorf("threw %v, want Qd (Qh melds with the Jh Kh the opponent took)", c)
	}
	if f := feeds(card(t, "Qh"), s); f != 1 {
		t.Errorf("feeds(Qh) = %v with Jh Kh taken, want 1", f)
	}
}

// feeds, against a plain count over random opponent hands: each card held
// independently with the same chance is what feeds assumes, so a
// simulation of exactly that must agree. The four cards are counted over
// the same 200,000 hands, each card's count as many hands as when each
// drew its own (a quarter of the random numbers).
func TestFeedsMatchesIndependentHolding(t *testing.T) {
	t.Parallel()
	s := seenOf(t, "2c 3c 4c 5d 6d 7d 8s 8h 8c Qh Qd", "9h 9d Kc", "Jc")
	q := float64(OpponentCards-s.Took.Len()) / float64(s.Unseen.Len())
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"Qh", "Qd", "8s", "2c"}
	cards := make([]ginrummy.Card, len(names))
	for i, name := range names {
		cards[i] = card(t, name)
	}
	hits, n := make([]int, len(names)), 200000
	for range n {
		var opp ginrummy.Hand
		for x := range s.Unseen.All() {
			if rng.Float64() < q {
				opp = opp.With(x)
			}
		}
		for i, c := range cards {
			if (opp | s.Took).MakesMeld(c) {
				hits[i]++
			}
		}
	}
	for i, c := range cards {
		want := float64(hits[i]) / float64(n)
		if got := feeds(c, s); math.Abs(got-want) > 0.005 {
			t.Errorf("feeds(%s) = %.4f, simulation %.4f", names[i], got, want)
		}
	}
}

// The policy takes a card that makes a meld, and leaves a lone high card.
func TestPolicyTake(t *testing.T) {
	t.Parallel()
	s := seenOf(t, "2c 3c 7h 7d 9s Ts Ad 2d 5h Kh", "", "")
	for _, tt := range []struct {
		card string
		take bool
	}{{"4c", true}, {"7s", true}, {"Qs", false}, {"Kd", false}} {
		u := card(t, tt.card)
		s2 := s
		s2.Unseen = s.Unseen.Without(u)
		if got := PolicyTake(s2, u); got != tt.take {
			t.Errorf("take %s: %v, want %v", tt.card, got, tt.take)
		}
	}
}

// The evidence model's hands are played forward: an opponent who has thrown
// six cards holds, on average, less deadwood than any ten unseen cards; and
// an opponent who always knocks when they can, and did not, holds no hand
// that could knock.
func TestEvidenceHandsArePlayedForward(t *testing.T) {
	t.Parallel()
	p := Position{
		Hand:  hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"),
		Threw: hand(t, "Kc Qh Jd Ts 9s 8d"),
		Stock: Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard,
	}
	mean := func(m Model, rate float64) (float64, int) {
		e := &engine{p: p, s: Settings{Model: m, Samples: 4000, Seed: 5}, limit: 10, unseen: p.Unseen().Cards(), unknown: OpponentCards}
		e.ev = evidence{threw: p.Threw, turns: p.Threw.Len(), knockRate: rate, limit: 10}
		var sum, total float64
		knockable := 0
		e.sample(func(h ginrummy.Hand, w float64) {
			sum += w * float64(h.Deadwood())
			total += w
			if w > 0 && h.Deadwood() <= 10 {
				knockable++
			}
		})
		return sum / total, knockable
	}
	uniform, _ := mean(Uniform, 0.5)
	forward, _ := mean(Evidence, 0.5)
	t.Logf("mean deadwood: evidence %.1f, uniform %.1f", forward, uniform)
	if !(forward < uniform-5) {
		t.Errorf("mean deadwood: evidence %.1f, uniform %.1f; six turns played should lower it by more than 5", forward, uniform)
	}
	if _, n := mean(Evidence, 1); n != 0 {
		t.Errorf("%d hands that could knock weigh something against an opponent who always knocks", n)
	}
}

// An opponent whose ten cards were all taken from the pile holds just those:
// nothing is played forward.
func TestEvidenceKnownHandStaysKnown(t *testing.T) {
	t.Parallel()
	took := hand(t, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th")
	p := Position{Hand: hand(t, "4s 5s 6s 7s 9c 9d 9h 2d 3d Ac Kd"), Took: took, Threw: hand(t, "Kc Qs Jd"),
		Stock: Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard}
	e := &engine{p: p, s: Settings{Model: Evidence, Samples: 50, Seed: 1}, limit: 10, unseen: p.Unseen().Cards(), unknown: 0}
	e.ev = evidence{took: took, threw: p.Threw, turns: 3, knockRate: 0.5, limit: 10}
	e.sample(func(h ginrummy.Hand, _ float64) {
		if h != took {
			t.Fatalf("sampled %v, want the took cards %v", h, took)
		}
	})
}

// A card the opponent took to meld makes a meld with the rest of their
// sampled hands as often as Position.TookMelds says they take cards to meld:
// nearly always at 1, far less often near 0, where the card taken is no
// evidence either (takeWeight).
func TestEvidenceMeldsTookCards(t *testing.T) {
	t.Parallel()
	took := hand(t, "7h")
	melded := func(chance float64) float64 {
		p := Position{Hand: hand(t, "4s 5s 6s 7s 9c 9d 9h 2d 3d Ac Kd"), Took: took, Threw: hand(t, "Kc Qs Jd"),
			Stock: Unknown, Upcard: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, FromPile: ginrummy.NoCard, TookMelds: chance}
		e := &engine{p: p, s: Settings{Model: Evidence, Samples: 2000, Seed: 3}, limit: 10, unseen: p.Unseen().Cards(), unknown: OpponentCards - took.Len()}
		e.ev = evidence{took: took, threw: p.Threw, turns: 3, knockRate: 0.5, tookMelds: chance, limit: 10}
		var in, total float64
		e.sample(func(h ginrummy.Hand, w float64) {
			if !h.Has(card(t, "7h")) {
				t.Fatalf("a sampled hand %v lacks the card taken", h)
			}
			total += w
			if c := card(t, "7h"); h.Without(c).MakesMeld(c) {
				in += w
			}
		})
		return in / total
	}
	always, never := melded(1), melded(1e-9) // 0 would ask for the default
	t.Logf("7h melds in %.0f%% of the weight at TookMelds 1, %.0f%% near 0", 100*always, 100*never)
	if always < 0.95 || never > always-0.2 {
		t.Errorf("7h melds in %.2f of the weight at TookMelds 1 and %.2f at 0; want at least 0.95, and 0.2 more than at 0", always, never)
	}
}
