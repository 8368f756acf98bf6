// Package equity values a game's score: the chance each player wins the
// game and the expected difference of its settlement (every bonus counted:
// box, game, shutout), from any score, as backgammon's match equity tables
// do for a match. It is built from the results of hands the arena's bots
// played (measured.txt, made by go generate), scored by the rules in force,
// by exact dynamic programming over the score (Table); games that end are
// settled by ginrummy.Rules.Settle, as gin sheet and gin arena settle them.
// A match of several games at once (Hollywood's three) has too many scores
// for a table: Match samples the rest of it, with its standard errors.
//
// The advice maps each way the hand in play can end through the value of
// the game after it (Values), so that an option is valued by the game and
// not only by the hand's points.
package equity

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/gin-rummy/gin/ginrummy"
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
// side: index 0 is the player, 1 the opponent. Under rules that score
// several games at once (Hollywood's three), Points and Boxes are the first
// game's, and Later each later game's, in order.
type State struct {
	Points [2]int // hand points toward the target
	Boxes  [2]int // hands won (boxes do not count toward the target)
	Dealer int    // who dealt the hand in play: 0 the player, 1 the opponent
	Later  [2]ginrummy.Tally
}

// Games is the score of each of the n games of the match at s, the first
// game first.
func (s State) Games(n int) []ginrummy.Tally {
	out := make([]ginrummy.Tally, 0, n)
	out = append(out, ginrummy.Tally{Points: s.Points, Boxes: s.Boxes})
	return append(out, s.Later[:n-1]...)
}

// StateOf is the state at the games' scores, the first game first (at most
// three: Hollywood's), before the hand dealer dealt ends.
func StateOf(games []ginrummy.Tally, dealer int) State {
	s := State{Dealer: dealer}
	if len(games) > 0 {
		s.Points, s.Boxes = games[0].Points, games[0].Boxes
		copy(s.Later[:], games[1:])
	}
	return s
}

// Value is the game's value at a score: the chance the player wins it and
// the expected difference of its final settlement, with their standard
// errors where they are sampled (0 where exact).
type Value struct {
	Win, Net       float64
	WinErr, NetErr float64
}

// Valuer values a game's scores under its rules: a Table exactly, for one
// game; a Match, for several games at once, by playing the rest of the
// match many times. A Valuer may be used by several goroutines at once.
type Valuer interface {
	// Rules is the rules the games are valued under.
	Rules() ginrummy.Rules
	// Check reports whether a game under the rules can be at s and is
	// not over; a *StateError says why not.
	Check(s State) error
	// Before is the game's value at s, before the hand s.Dealer deals.
	// s must pass Check.
	Before(s State) Value
	// Values is what each end of the hand s.Dealer dealt is worth under
	// the objective. s must pass Check.
	Values(s State, obj Objective) *Values
}

// For returns the process's valuer of the rules, built on first use: a
// Table for one game (NewTable), a Match for several (NewMatch).
func For(r ginrummy.Rules) (Valuer, error) {
	valuersMu.Lock()
	defer valuersMu.Unlock()
	if v, ok := valuers[r]; ok {
		return v, nil
	}
	var v Valuer
	var err error
	if r.GamesAtOnce > 1 {
		v, err = NewMatch(r)
	} else {
		v, err = NewTable(r)
	}
	if err != nil {
		return nil, err
	}
	valuers[r] = v
	return v, nil
}

var (
	valuersMu sync.Mutex
	valuers   = map[ginrummy.Rules]Valuer{}
)

// BoxesError is a game's points and boxes (hands won) of one player that
// cannot go together: points and no hand won (ErrPointsNoHand), or more
// hands won than the points could come from, each hand won scoring at least
// Least points under the rules (ErrTooFewPoints). A *StateError of the
// boxes wraps it.
type BoxesError struct {
	Game   int // the game, 0 the first (under Hollywood, of three at once)
	Player int // 0 the player the game is valued for, 1 the other
	Points int
	Boxes  int
	Least  int   // the fewest points a hand won scores under the rules
	Err    error // ErrPointsNoHand or ErrTooFewPoints
}

func (e *BoxesError) Error() string {
	if e.Err == ErrPointsNoHand {
		return fmt.Sprintf("player %d has %d points in game %d but no hand won: a player with points must have won a hand", e.Player, e.Points, e.Game+1)
	}
	return fmt.Sprintf("player %d has won %d hands in game %d, each worth %d points or more, but has %d points", e.Player, e.Boxes, e.Game+1, e.Least, e.Points)
}

// Unwrap returns the reason.
func (e *BoxesError) Unwrap() error { return e.Err }

// CheckBoxes reports whether each game's points and boxes can go together
// under the rules: a *StateError of the boxes wrapping a *BoxesError when
// they cannot.
func CheckBoxes(r ginrummy.Rules, games []ginrummy.Tally) error {
	least := leastWin(r)
	for g, t := range games {
		for p := range 2 {
			be := &BoxesError{Game: g, Player: p, Points: t.Points[p], Boxes: t.Boxes[p], Least: least}
			switch {
			case be.Points > 0 && be.Boxes == 0:
				be.Err = ErrPointsNoHand
			case be.Points < be.Boxes*least:
				be.Err = ErrTooFewPoints
			default:
				continue
			}
			return &StateError{"boxes", be}
		}
	}
	return nil
}

// leastWin is the fewest points a hand won scores under the rules: a knock
// that wins by a point, a tie the knocker wins (none), an undercut (its
// bonus, and a point unless a tie undercuts), gin against no deadwood (its
// bonus). Doubling on a spade upcard doubles no less.
func leastWin(r ginrummy.Rules) int {
	least := min(1, r.UndercutBonus, r.GinBonus)
	if !r.TieIsUndercut {
		least = 0
	}
	if r.BigGin && r.BigGinBonus > 0 {
		least = min(least, r.BigGinBonus)
	}
	return max(least, 0)
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
	ErrPointsNoHand = errors.New("a player with points must have won a hand, but has none")
	ErrTooFewPoints = errors.New("a player has won more hands than the points could come from")
	ErrNoSuchDealer = errors.New("the dealer is 0 (the player) or 1 (the opponent)")
	ErrHandLimit    = errors.New("the hand limit is reached and a player leads: the game is over")
	ErrOneGame      = errors.New("the rules score one game at once: give one game's score")
	ErrBothReached  = errors.New("both players have reached the target of one game: only a hand's winner scores")
	ErrEnteredLater = errors.New("a player has won in a game before entering the one before it")
	ErrAheadInLater = errors.New("a player has as many hands or more points in a game as in the open game before it, which each of his wins in it went into too")
)
