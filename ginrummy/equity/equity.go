// Package equity values a game's score: the chance each player wins the
// game and the expected difference of its settlement (every bonus counted:
// box, game, shutout), from any score, as backgammon's match equity tables
// do for a match. It is built from the results of hands the arena's bots
// played (measured.go, made by TestGenerate), scored by the rules in force,
// by exact dynamic programming over the score; games that end are settled
// by ginrummy.Rules.Settle, as gin sheet and gin arena settle them.
//
// The advice maps each way the hand in play can end through the value of
// the game after it (Values), so that an option is valued by the game and
// not only by the hand's points.
package equity

import (
	"errors"
	"fmt"
	"strings"
)

// Objective is what the advice maximises.
type Objective uint8

// The objectives.
const (
	Hand Objective = iota // the hand's expected points, no box or game bonus
	Game                  // the chance to win the game
	Net                   // the expected difference of the game's final settlement
)

var objectiveNames = []string{"hand", "game", "net"}

// ObjectiveNames lists the objectives by name.
func ObjectiveNames() []string { return append([]string(nil), objectiveNames...) }

// String returns the objective's name: hand, game or net.
func (o Objective) String() string {
	if int(o) < len(objectiveNames) {
		return objectiveNames[o]
	}
	return fmt.Sprintf("objective(%d)", uint8(o))
}

// MarshalText returns the objective's name.
func (o Objective) MarshalText() ([]byte, error) {
	if int(o) >= len(objectiveNames) {
		return nil, fmt.Errorf("equity: invalid objective %d", uint8(o))
	}
	return []byte(objectiveNames[o]), nil
}

// ErrUnknownObjective is the reason an objective's name is refused.
var ErrUnknownObjective = errors.New("unknown objective")

// UnmarshalText reads an objective by name, in any case.
func (o *Objective) UnmarshalText(b []byte) error {
	for i, n := range objectiveNames {
		if strings.EqualFold(n, string(b)) {
			*o = Objective(i)
			return nil
		}
	}
	return fmt.Errorf("%w %q", ErrUnknownObjective, b)
}

// State is a game's score before the hand in play ends, from the player's
// side: index 0 is the player, 1 the opponent.
type State struct {
	Points [2]int // hand points toward the target
	Boxes  [2]int // hands won (boxes do not count toward the target)
	Dealer int    // who dealt the hand in play: 0 the player, 1 the opponent
}

// StateError is a score that no game under the rules can be at: which
// field, and why (a sentinel for errors.Is).
type StateError struct {
	Field string // "points", "boxes" or "dealer"
	Err   error
}

func (e *StateError) Error() string { return "equity: the " + e.Field + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *StateError) Unwrap() error { return e.Err }

// BadInput marks a score no game can be at as wrong input
// (ginrummy.InputError).
func (e *StateError) BadInput() {}

// The reasons a State is refused.
var (
	ErrGameOver     = errors.New("a player has reached the target: the game is over")
	ErrNegative     = errors.New("cannot be negative")
	ErrPointsNoHand = errors.New("a player with points has won a hand")
	ErrNoSuchDealer = errors.New("the dealer is 0 (the player) or 1 (the opponent)")
	ErrHandLimit    = errors.New("the hand limit is reached and a player leads: the game is over")
)
