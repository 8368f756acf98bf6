package advice

import (
	"fmt"
	"math"

	"github.com/gin-rummy/gin/ginrummy"
)

// Model is how likely each possible hand of the opponent is taken to be.
type Model uint8

// The models.
const (
	// Evidence weighs each possible hand by how likely the opponent's
	// observed actions were had they held it, under the policy of
	// likelihoods below. It is the default.
	Evidence Model = iota
	// Uniform takes every hand the unseen cards can make as equally likely.
	Uniform
)

var modelNames = [...]string{"evidence", "uniform"}

func (m Model) String() string {
	if int(m) < len(modelNames) {
		return modelNames[m]
	}
	return fmt.Sprintf("Model(%d)", uint8(m))
}

// ParseModel reads a model by name.
func ParseModel(s string) (Model, error) {
	for i, name := range modelNames {
		if s == name {
			return Model(i), nil
		}
	}
	return 0, fmt.Errorf("unknown opponent model %q: use evidence or uniform", s)
}

// The evidence model's policy: how likely a player holding a hand is to act
// as the opponent did with a card c. A card "melds" with a hand when it makes
// a new meld with it (ginrummy.Hand.MakesMeld), and is "near" when it shares
// a rank with one card or is one or two ranks from a card of its suit. Players keep
// what melds and mostly keep what is near.
const (
	passMelds  = 0.1 // declining a face-up card that melds
	passNear   = 0.7 // declining one that is near
	throwMelds = 0.1 // throwing a card that melds with the cards kept
	throwNear  = 0.5 // throwing one that is near them
	takeAlone  = 0.1 // taking a card that neither melds nor is near
	takeNear   = 0.4 // taking one that is only near
)

// evidence is what the opponent was seen to do.
type evidence struct {
	took, threw, passed ginrummy.Hand
	turns               int     // the opponent's turns this hand
	tookMelds           float64 // the chance they take a card only to meld it (Position.TookMelds)
	knockRate           float64 // the chance they knock when they can
	limit               int     // the knock limit
	// strong is set for an opponent who plays as the advice does
	// (Position.Strong), stock the cards the stock held at their last turn.
	strong bool
	stock  int
}

// likelihood is the chance, up to a constant, of the opponent's observed
// actions had they held hand (ten cards, the took cards among them).
func (e evidence) likelihood(hand ginrummy.Hand) float64 {
	w := 1.0
	for c := range e.passed.All() {
		switch {
		case hand.MakesMeld(c):
			w *= passMelds
		case near(c, hand):
			w *= passNear
		}
	}
	tm, tn := throwMelds, throwNear
	if e.strong {
		tm, tn = strongThrowMelds, strongThrowNear
	}
	for c := range e.threw.All() {
		switch {
		case hand.MakesMeld(c):
			w *= tm
		case near(c, hand):
			w *= tn
		}
	}
	w = e.aged(w)
	if d := hand.Deadwood(); e.turns > 0 && d <= e.limit {
		// It could have knocked, and did not. Before the opponent's first
		// turn (a fresh deal, the first upcard offer) they have had no
		// chance to knock, and how they knock says nothing of their hand.
		if e.strong {
			w *= 1 - strongKnocks(d, e.stock)
		} else {
			w *= 1 - e.knockRate
		}
	}
	for c := range e.took.All() {
		rest := hand.Without(c)
		switch {
		case rest.MakesMeld(c):
		case near(c, rest):
			w *= e.takeWeight(takeNear)
		default:
			w *= e.takeWeight(takeAlone)
		}
	}
	return w
}

// evidenceTurns is how many of the opponent's turns their passes and throws
// count in full.
const evidenceTurns = 5

// aged is the weight w of the cards the opponent passed and threw, weighed
// against the hand they hold now, tempered once the hand is long. Each was
// a choice about the hand they held then, and most of a long hand's moves
// were made about cards they no longer hold; a position holds the cards as
// sets, not in order, so all are tempered alike, the latest too: after more
// than evidenceTurns turns the weight counts as w^(evidenceTurns/turns).
// Counted in full, the moves of a long hand ruled out the strong hands a
// player who waits for gin holds late in the stock: against gin-hunter,
// knocks with 13 to 20 cards left that the model gave a 5% chance of an
// undercut were undercut 29% of the time. Chosen by gin arena
// --calibration against the three other bots (docs/arena.md).
func (e evidence) aged(w float64) float64 {
	if e.turns <= evidenceTurns {
		return w
	}
	return math.Pow(w, evidenceTurns/float64(e.turns))
}

// takeWeight is the weight of taking a card that does not meld, w by the
// table above, which is how a player who takes only to meld acts. That holds
// for an opponent at least as likely to take only to meld as not; for one
// less likely (seen to take cards that do not meld, as knocker does), a take
// says less of their hand, and the weight rises to 1, no evidence, as that
// chance falls to 0. Chosen by gin arena --calibration: against knocker 2.0
// points, where the table alone gave 3.3 (docs/arena.md).
func (e evidence) takeWeight(w float64) float64 {
	return w + (1-w)*max(0, 1-2*e.tookMelds)
}

// near reports whether c shares a rank with a card of h or is within two
// ranks of a card of its suit. It reads the hand's bits: the evidence
// weighs every card passed and thrown against every hand sampled.
func near(c ginrummy.Card, h ginrummy.Hand) bool {
	const lanes = 1 | 1<<16 | 1<<32 | 1<<48 // a rank's bit in each suit's lane
	r, s := uint(c.Rank()), uint(c.Suit())
	if uint64(h)>>r&lanes&^(1<<(16*s)) != 0 {
		return true // another card of its rank
	}
	// The ranks two below to two above c's in its suit, at bits 0 to 4, c's
	// own (bit 2) left out.
	return uint32(h.Suit(c.Suit()))<<2>>r&0b11011 != 0
}

// step is the card d ranks from c in c's suit, or NoCard past the ace or
// the king.
func step(c ginrummy.Card, d int) ginrummy.Card {
	r := int(c.Rank()) + d
	if r < int(ginrummy.Ace) || r > int(ginrummy.King) {
		return ginrummy.NoCard
	}
	return ginrummy.NewCard(ginrummy.Rank(r), c.Suit())
}
