package ginrummy

import (
	"errors"
	"fmt"
)

// Ending is how a hand ended at the table.
type Ending uint8

// The ways a hand ends.
const (
	Knocked    Ending = iota // a player knocked; with no deadwood that is gin
	WentGin                  // a player went gin: ten cards melded
	WentBigGin               // a player went big gin: all eleven cards melded
	Drawn                    // the stock ran down to two cards and nobody knocked
)

// Side is who scores a hand.
type Side uint8

// The sides of a hand.
const (
	Nobody   Side = iota // a drawn hand scores nothing
	Knocker              // the player who knocked or went gin
	Defender             // the other player, who scores by undercutting
)

// Kind is what a hand scored as: how it ended, as the rules score it (a
// knock with no deadwood is gin, and so is a big gin under rules with no
// big-gin bonus), and whether the defender undercut; or, for a hand of a
// game's record given only as who scored and how many points (a score
// sheet's hand entered by hand), neither: how it was won is not known.
type Kind struct {
	Ending   Ending
	Undercut bool // the defender scored: the ending is Knocked
	ByHand   bool // given only as points; ScoreHand never returns it
}

var endingNames = []string{"knock", "gin", "big_gin", "draw"}
var sideNames = []string{"nobody", "knocker", "defender"}

// String returns the ending's name.
func (e Ending) String() string { return enumName(endingNames, int(e)) }

// String returns the side's name.
func (s Side) String() string { return enumName(sideNames, int(s)) }

// String returns the kind's name: scored_by_hand, undercut, or the
// ending's (knock, gin, big_gin, draw).
func (k Kind) String() string {
	switch {
	case k.ByHand:
		return "scored_by_hand"
	case k.Undercut:
		return "undercut"
	}
	return k.Ending.String()
}

// MarshalText returns the ending's name: knock, gin, big_gin or draw.
func (e Ending) MarshalText() ([]byte, error) { return enumMarshal(endingNames, int(e), "hand ending") }

// UnmarshalText reads an ending by name.
func (e *Ending) UnmarshalText(b []byte) error {
	i, err := enumParse(endingNames, string(b), "hand ending")
	if err == nil {
		*e = Ending(i)
	}
	return err
}

// MarshalText returns the side's name: nobody, knocker or defender.
func (s Side) MarshalText() ([]byte, error) { return enumMarshal(sideNames, int(s), "side") }

// MarshalText returns the kind's name: draw, knock, undercut, gin, big_gin
// or scored_by_hand.
func (k Kind) MarshalText() ([]byte, error) {
	if k.ByHand || k.Undercut {
		return []byte(k.String()), nil
	}
	return k.Ending.MarshalText()
}

// Showdown is what happened at the table at the end of a hand.
type Showdown struct {
	Ending           Ending
	KnockerDeadwood  int  // K: the knocker's deadwood, 0 on gin
	DefenderDeadwood int  // D: the defender's deadwood after layoffs; before them against gin
	Upcard           Card // the first upcard; NoCard when it is not known (the zero Card is the ace of clubs)
}

// Item is one amount in the explanation of a score: what it is and its
// points.
type Item struct {
	Kind   ItemKind `json:"label"`
	Points int      `json:"points"`
}

// Label is the item's words, as printed: "deadwood difference".
func (it Item) Label() string { return it.Kind.String() }

// ItemKind is what an amount in the explanation of a hand's score or of a
// game's settlement is.
type ItemKind uint8

// The amounts of a hand's score, then of a game's settlement.
const (
	DeadwoodDifference ItemKind = iota // the knock's or undercut's difference in deadwood
	TieToKnocker                       // a tie that goes to the knocker: 0
	UndercutBonus                      // the undercut bonus
	GinBonus                           // the gin bonus
	BigGinBonus                        // the big gin bonus
	GinBonusForBigGin                  // the gin bonus, for a big gin under rules without its own
	DefendersDeadwood                  // the defender's deadwood, scored on gin
	SpadeDoubling                      // a spade upcard doubles the hand (Oklahoma)
	PointsByHand                       // a record's hand given only as its points
	HandPoints                         // a game's hand points
	ShutoutHandPoints                  // a shutout doubles the hand points
	GameBonus                          // the game bonus
	ShutoutGameBonus                   // a shutout doubles the game bonus
	BoxBonus                           // the box bonus for the hands won
	ShutoutBonus                       // a shutout's own bonus
)

var itemKindNames = []string{
	"deadwood difference", "tie goes to the knocker", "undercut bonus", "gin bonus",
	"big gin bonus", "gin bonus for a big gin", "defender's deadwood", "spade upcard doubles",
	"points scored by hand", "hand points", "shutout: hand points doubled", "game bonus",
	"shutout: game bonus doubled", "box bonus", "shutout bonus",
}

// String returns the item's words.
func (k ItemKind) String() string { return enumName(itemKindNames, int(k)) }

// MarshalText returns the item's words.
func (k ItemKind) MarshalText() ([]byte, error) {
	return enumMarshal(itemKindNames, int(k), "score item")
}

// HandScore is what a hand scores, for whom, and why.
type HandScore struct {
	Scorer    Side
	Kind      Kind
	Points    int
	Breakdown []Item // the amounts that add up to Points
}

// The reasons a hand cannot be scored.
var (
	ErrOverKnockLimit   = errors.New("over the knock limit")
	ErrNegativeDeadwood = errors.New("deadwood cannot be negative")
	ErrTooMuchDeadwood  = fmt.Errorf("ten cards hold at most %d deadwood", maxDeadwood)
	ErrGinDeadwood      = errors.New("a gin hand has no deadwood")
	ErrNoBigGin         = errors.New("big gin is not played under these rules (big_gin: false)")
)

// maxDeadwood is the most deadwood ten cards can hold: with no meld there are
// at most two cards of a rank, so two each of 9 10 J Q K (9♣ 9♦ 10♥ 10♠ J♣
// J♦ Q♥ Q♠ K♣ K♦); any meld leaves seven cards, 70 at most.
const maxDeadwood = 98

// ScoreHand scores one hand. Big gin scores the big-gin bonus plus the
// defender's deadwood, or as gin when the rules have no big-gin bonus; gin
// (a knock with no deadwood too) scores the gin bonus plus the defender's
// deadwood and is never undercut; a defender with less deadwood than the
// knocker, or as much where ties are undercuts, scores the undercut bonus plus
// the difference; otherwise the knocker scores the difference, 0 on a tie.
// Where a spade upcard doubles, the whole score is doubled. A knock over the
// knock limit, and big gin under rules without it, are refused; a drawn hand
// scores nothing.
func (r Rules) ScoreHand(s Showdown) (HandScore, error) {
	k, d := s.KnockerDeadwood, s.DefenderDeadwood
	if err := checkDeadwood("knocker's", k); err != nil {
		return HandScore{}, err
	}
	if err := checkDeadwood("defender's", d); err != nil {
		return HandScore{}, err
	}
	var hs HandScore
	switch s.Ending {
	case Drawn:
		return HandScore{Scorer: Nobody, Kind: Kind{Ending: Drawn}}, nil
	case WentGin, WentBigGin:
		if s.Ending == WentBigGin && !r.BigGin {
			return HandScore{}, ErrNoBigGin
		}
		if k != 0 {
			what := "gin"
			if s.Ending == WentBigGin {
				what = "big gin"
			}
			return HandScore{}, fmt.Errorf("%s with deadwood %d: %w", what, k, ErrGinDeadwood)
		}
		hs = r.scoreGin(s.Ending == WentBigGin, d)
	case Knocked:
		limit, err := r.KnockLimitFor(s.Upcard)
		if err != nil {
			return HandScore{}, err
		}
		if k > limit {
			return HandScore{}, r.overLimit(k, limit, s.Upcard)
		}
		hs = r.scoreKnock(k, d)
	default:
		return HandScore{}, fmt.Errorf("unknown hand ending %d", s.Ending)
	}
	if r.SpadeDoubles {
		if !s.Upcard.IsValid() {
			return HandScore{}, ErrNeedUpcard
		}
		if s.Upcard.Suit() == Spades {
			hs.add(SpadeDoubling, hs.Points)
		}
	}
	return hs, nil
}

func checkDeadwood(whose string, n int) error {
	switch {
	case n < 0:
		return fmt.Errorf("the %s deadwood %d: %w", whose, n, ErrNegativeDeadwood)
	case n > maxDeadwood:
		return fmt.Errorf("the %s deadwood %d: %w", whose, n, ErrTooMuchDeadwood)
	}
	return nil
}

// KnockLimitError is a knock over the knock limit: the knocker's deadwood
// and the limit, which the rules or the upcard set; ErrOverKnockLimit for
// errors.Is.
type KnockLimitError struct {
	Knock, Limit int
	err          error // in words
}

func (e *KnockLimitError) Error() string { return e.err.Error() }

// Unwrap returns the error in words, which wraps ErrOverKnockLimit.
func (e *KnockLimitError) Unwrap() error { return e.err }

func (r Rules) overLimit(k, limit int, upcard Card) error {
	err := fmt.Errorf("knock with %d is %w of %d", k, ErrOverKnockLimit, limit)
	switch {
	case !r.UpcardLimit:
	case upcard.Rank() == Ace:
		err = fmt.Errorf("%w: an ace upcard allows gin only", err)
	default:
		err = fmt.Errorf("%w set by the upcard %v", err, upcard)
	}
	return &KnockLimitError{Knock: k, Limit: limit, err: err}
}

func (r Rules) scoreGin(big bool, d int) HandScore {
	hs := HandScore{Scorer: Knocker, Kind: Kind{Ending: WentGin}}
	switch {
	case big && r.BigGinBonus > 0:
		hs.Kind.Ending = WentBigGin
		hs.add(BigGinBonus, r.BigGinBonus)
	case big:
		hs.add(GinBonusForBigGin, r.GinBonus)
	default:
		hs.add(GinBonus, r.GinBonus)
	}
	hs.add(DefendersDeadwood, d)
	return hs
}

func (r Rules) scoreKnock(k, d int) HandScore {
	switch {
	case k == 0:
		return r.scoreGin(false, d)
	case d < k || d == k && r.TieIsUndercut:
		hs := HandScore{Scorer: Defender, Kind: Kind{Ending: Knocked, Undercut: true}}
		hs.add(UndercutBonus, r.UndercutBonus)
		hs.add(DeadwoodDifference, k-d)
		return hs
	case d == k:
		hs := HandScore{Scorer: Knocker, Kind: Kind{Ending: Knocked}}
		hs.add(TieToKnocker, 0)
		return hs
	default:
		hs := HandScore{Scorer: Knocker, Kind: Kind{Ending: Knocked}}
		hs.add(DeadwoodDifference, d-k)
		return hs
	}
}

// add appends a line to the breakdown and counts it.
func (hs *HandScore) add(kind ItemKind, points int) {
	if hs.Breakdown == nil {
		hs.Breakdown = make([]Item, 0, 3) // a hand's lines are at most three: one allocation, not two or three
	}
	hs.Breakdown = append(hs.Breakdown, Item{Kind: kind, Points: points})
	hs.Points += points
}

// ErrDefenderSize is the reason a defender's hand that does not hold ten
// cards is refused for scoring.
var ErrDefenderSize = errors.New("not ten")

// CardsScore is a hand scored from the cards: how the knocker spread its
// hand, the defender's reply, the hand as numbers, and its score.
type CardsScore struct {
	Spread   Spread
	Showdown Showdown
	Score    HandScore
}

// ScoreCards scores a hand from the knocker's cards (ten, or eleven before
// the discard) and the defender's ten. The knocker's melds are chosen by
// LayDown, the defender's melds and layoffs by DefenderReply; then the hand is scored
// by ScoreHand, so a knock over the limit is refused the same way. Upcard is
// NoCard when it is not known.
func (r Rules) ScoreCards(knocker, defender Hand, upcard Card) (CardsScore, error) {
	if !knocker.IsValid() || !defender.IsValid() {
		return CardsScore{}, ErrInvalidHand
	}
	spread, err := LayDown(knocker, defender)
	if err != nil {
		return CardsScore{}, err
	}
	if n := defender.Len(); n != 10 {
		return CardsScore{}, fmt.Errorf("the defender holds %s, %w", cardCount(n), ErrDefenderSize)
	}
	sd := Showdown{
		Ending:           Knocked,
		KnockerDeadwood:  spread.Knocker.Deadwood,
		DefenderDeadwood: spread.Defender.Deadwood,
		Upcard:           upcard,
	}
	switch {
	case spread.Defender.BigGin:
		sd.Ending = WentBigGin
	case spread.Defender.Gin:
		sd.Ending = WentGin
	}
	score, err := r.ScoreHand(sd)
	if err != nil {
		return CardsScore{}, err
	}
	return CardsScore{Spread: spread, Showdown: sd, Score: score}, nil
}
