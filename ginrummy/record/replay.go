package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Complete reports whether the record knows both players' deals.
func (r *Record) Complete() bool { return r.Deals[0] != 0 && r.Deals[1] != 0 }

// Viewer is the player whose cards the record knows: the one dealt cards in
// a record of one deal; in a complete record, the player whose move is due
// (NoPlayer when the hand is over: name one).
func (r *Record) Viewer(round *table.Round) int {
	switch {
	case r.Deals[1] == 0:
		return 0
	case r.Deals[0] == 0:
		return 1
	case round != nil && !round.Ended():
		return round.Turn()
	}
	return ginrummy.NoPlayer
}

// Replay plays the first n moves of the record (all of them when n < 0)
// through the table's rules of play under rules, and returns the round as
// they leave it. A move the rules do not allow is an *Error naming its line.
// A reader that needs more than the round opens a Session.
func (r *Record) Replay(rules ginrummy.Rules, n int) (*table.Round, error) {
	s, err := Begin(r, rules)
	if err != nil {
		return nil, err
	}
	if n < 0 || n > len(r.Moves) {
		n = len(r.Moves)
	}
	for s.played < n {
		if err := s.Step(); err != nil {
			return nil, err
		}
	}
	return s.round, nil
}

// apply carries out one move.
func (r *Record) apply(round *table.Round, m Move) error {
	p := m.Player
	known := r.Deals[p] != 0
	switch {
	case round.Ended() && m.Act != table.Show:
		return &table.IllegalError{Player: p, Move: fmt.Sprintf("%v after the hand has ended (only shows may follow)", m.Act)}
	case m.Act == table.Draw && known && m.Card == ginrummy.NoCard:
		return &table.IllegalError{Player: p, Move: "drawing without naming the card: the record knows this player's cards, so each draw names its card (draw 7h)"}
	case m.Act == table.Show && round.Known(p):
		return &table.IllegalError{Player: p, Move: "showing cards the record already knows"}
	}
	return round.Apply(p, m.Action)
}

// illegal words a table error with the players' names.
func (r *Record) illegal(err error) error {
	var ie *table.IllegalError
	if errors.As(err, &ie) {
		move := strings.ReplaceAll(ie.Move, "the other player", r.Players[1-ie.Player])
		return fmt.Errorf("%s: %s: %w", r.Players[ie.Player], move, ErrIllegal)
	}
	return err
}
