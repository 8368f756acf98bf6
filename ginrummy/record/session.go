package record

import (
	"bytes"
	"errors"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Session is a record opened once: the parsed record, the rules it is
// played by, resolved once, and the round its moves are carried out on,
// once each. gin hand, gin advise --hand, gin sheet add --hand and gin
// review take a session, none reads the record again; a move typed is
// checked on the round the session holds and added to the record (Play).
//
// A session begins at the deal (Begin) and is walked a move at a time
// (Next, Step), for a reader that looks at each position on the way (gin
// review); or it is carried to the record's last point at once (Open,
// Forward). It holds one round, not one per position: what a position is
// worth is taken on the way.
type Session struct {
	Record *Record
	Rules  ginrummy.Rules

	round  *table.Round
	played int // the moves of Record carried out on round
}

// Begin starts a session of rec under rules at the deal, no move carried
// out yet. A deal the rules refuse is an *Error.
func Begin(rec *Record, rules ginrummy.Rules) (*Session, error) {
	round, err := table.Start(rules, rec.Dealer, rec.Deals, rec.Upcard)
	if err != nil {
		return nil, &Error{0, rec.illegal(err)}
	}
	return &Session{Record: rec, Rules: rules, round: round}, nil
}

// Open starts a session of rec under rules and carries out every move of
// the record: the session at its last point. A move the rules do not allow
// is an *Error naming its line.
func Open(rec *Record, rules ginrummy.Rules) (*Session, error) {
	s, err := Begin(rec, rules)
	if err != nil {
		return nil, err
	}
	if err := s.Forward(); err != nil {
		return nil, err
	}
	return s, nil
}

// Round is the round as the moves carried out so far leave it. It is the
// session's own: a caller that changes it changes the session.
func (s *Session) Round() *table.Round { return s.round }

// Played is how many of the record's moves are carried out.
func (s *Session) Played() int { return s.played }

// Next is the record's next move not yet carried out, if any.
func (s *Session) Next() (Move, bool) {
	if s.played == len(s.Record.Moves) {
		return Move{}, false
	}
	return s.Record.Moves[s.played], true
}

// Step carries out the record's next move with Replay's checks; a move the
// rules do not allow is an *Error naming its line, and the session stays
// before it.
func (s *Session) Step() error {
	m, ok := s.Next()
	if !ok {
		return nil
	}
	if err := s.Record.apply(s.round, m); err != nil {
		return &Error{m.Line, s.Record.illegal(err)}
	}
	s.played++
	return nil
}

// Forward carries out the record's moves not yet carried out: the session
// at the record's last point.
func (s *Session) Forward() error {
	for s.played < len(s.Record.Moves) {
		if err := s.Step(); err != nil {
			return err
		}
	}
	return nil
}

// ErrNotAtEnd is a move played on a session that is not at its record's
// last point.
var ErrNotAtEnd = errors.New("the session is not at the record's last point")

// Play checks player p's actions, one after another, on the round the
// session holds at its last point, with the record's checks, and adds them
// to the record as one line: the text of that line is returned, as Format
// writes it, to be appended to the record's file. All or none: on a
// refused action the session is as it was, and the error is the table's
// (*table.IllegalError), for the caller to word.
func (s *Session) Play(p int, actions []table.Action) ([]byte, error) {
	if s.played != len(s.Record.Moves) {
		return nil, ErrNotAtEnd
	}
	if len(actions) == 0 {
		return nil, nil
	}
	line := 1
	for _, m := range s.Record.Moves {
		line = max(line, m.Line+1)
	}
	moves := make([]Move, len(actions))
	for i, a := range actions {
		moves[i] = Move{Move: table.Move{Player: p, Action: a}, Line: line}
		if err := s.Record.apply(s.round, moves[i]); err != nil {
			if i > 0 {
				// The round has the actions before it: back to the
				// last point, from the deal.
				if rerr := s.restart(); rerr != nil {
					return nil, rerr
				}
			}
			return nil, err
		}
	}
	s.Record.Moves = append(s.Record.Moves, moves...)
	s.played = len(s.Record.Moves)
	var b bytes.Buffer
	writeLine(&b, s.Record, moves)
	return b.Bytes(), nil
}

// restart carries out again, from the deal, the moves carried out: they
// were, so they are.
func (s *Session) restart() error {
	n := s.played
	again, err := Begin(s.Record, s.Rules)
	if err != nil {
		return err
	}
	*s = *again
	for s.played < n {
		if err := s.Step(); err != nil {
			return err
		}
	}
	return nil
}

// Undo takes back the moves of the record's last line, what was typed at
// once, and carries the rest out again from the deal: the session at the
// record's new last point. The moves taken back are returned; a record
// with none is ErrNoMoves. A move before them that the rules do not allow
// is an *Error naming its line, as Open's.
func (s *Session) Undo() ([]Move, error) {
	moves := s.Record.Moves
	if len(moves) == 0 {
		return nil, ErrNoMoves
	}
	n := len(moves) - 1
	for n > 0 && moves[n-1].Line == moves[len(moves)-1].Line {
		n--
	}
	taken := moves[n:]
	s.Record.Moves = moves[:n:n]
	if s.played > 0 {
		again, err := Begin(s.Record, s.Rules)
		if err != nil {
			return nil, err
		}
		*s = *again
	}
	return taken, s.Forward()
}

// ErrNoMoves is a record with no move to take back.
var ErrNoMoves = errors.New("the hand has no move to take back")
