package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// The example's hand to Bob's second turn: Ann and Bob passed the upcard,
// Ann drew the 10♣ and threw it.
var toBob = strings.Join(strings.SplitAfter(handsExample(), "\n")[:9], "")

func card(t *testing.T, s string) ginrummy.Card {
	t.Helper()
	c, err := ginrummy.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func open(t *testing.T, text string) *record.Session {
	t.Helper()
	rec, err := record.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := record.Open(rec, preset(t, "classic"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Play checks a line's moves on the round the session holds, adds them to
// the record and gives the line as the record writes it; the session is
// then the record with that line, opened.
func TestSessionPlay(t *testing.T) {
	s := open(t, toBob)
	line, err := s.Play(1, []table.Action{{Act: table.Draw, Card: card(t, "Qh")}, {Act: table.Throw, Card: card(t, "Qh")}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Bob draw Qh throw Qh\n"; string(line) != want {
		t.Errorf("the line is %q, want %q", line, want)
	}
	if got, want := string(record.Format(s.Record)), string(record.Format(open(t, toBob+string(line)).Record)); got != want {
		t.Errorf("the record after the move is\n%s\nwant the record read with the line added:\n%s", got, want)
	}
	if s.Played() != 6 || len(s.Record.Moves) != 6 {
		t.Errorf("%d of %d moves carried out, want 6 of 6", s.Played(), len(s.Record.Moves))
	}
	r := s.Round()
	if r.Turn() != 0 || r.Phase() != table.Drawing || r.View(0).Upcard() != card(t, "Qh") || r.View(0).Stock() != 29 {
		t.Errorf("turn %d, phase %v, face-up %v, stock %d: want Ann to take the Q♥ or draw, 29 in the stock", r.Turn(), r.Phase(), r.View(0).Upcard(), r.View(0).Stock())
	}
}

// A line refused part-way changes nothing: the move before the refused
// one is not kept, so the same player may then make the right line.
func TestSessionPlayAllOrNone(t *testing.T) {
	s := open(t, toBob)
	_, err := s.Play(1, []table.Action{{Act: table.Draw, Card: card(t, "Qh")}, {Act: table.Throw, Card: card(t, "9d")}})
	var ie *table.IllegalError
	if !errors.As(err, &ie) || ie.Player != 1 {
		t.Fatalf("throwing a card Bob does not hold: %v, want a *table.IllegalError of Bob's", err)
	}
	if s.Played() != 4 || len(s.Record.Moves) != 4 {
		t.Errorf("%d of %d moves after a refused line, want 4 of 4", s.Played(), len(s.Record.Moves))
	}
	if r := s.Round(); r.Turn() != 1 || r.Phase() != table.Drawing || r.View(1).Hand().Len() != 10 || r.View(1).Stock() != 30 {
		t.Errorf("turn %d, phase %v, Bob holds %d, stock %d: want Bob to draw from ten cards, 30 in the stock", r.Turn(), r.Phase(), r.View(1).Hand().Len(), r.View(1).Stock())
	}
	if _, err := s.Play(1, []table.Action{{Act: table.Draw, Card: card(t, "Qh")}, {Act: table.Throw, Card: card(t, "Qh")}}); err != nil {
		t.Errorf("the right line after a refused one: %v", err)
	}
}

// The record's own checks hold for a move played: a draw of a player whose
// cards the record knows names its card.
func TestSessionPlayChecksAsTheRecord(t *testing.T) {
	s := open(t, toBob)
	_, err := s.Play(1, []table.Action{{Act: table.Draw, Card: ginrummy.NoCard}})
	var ie *table.IllegalError
	if !errors.As(err, &ie) || !strings.Contains(ie.Move, "names its card") {
		t.Errorf("a draw without its card where Bob's cards are known: %v", err)
	}
}

// Undo takes back the last line's moves, what was typed at once, and the
// session is the record without them.
func TestSessionUndo(t *testing.T) {
	s := open(t, toBob)
	taken, err := s.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if len(taken) != 2 || taken[0].Act != table.Draw || taken[1].Act != table.Throw {
		t.Errorf("took back %v, want Ann's draw and throw", taken)
	}
	if s.Played() != 2 || s.Round().Turn() != 0 || s.Round().Phase() != table.Drawing || !s.Round().MustDraw() {
		t.Errorf("after undo: %d moves, turn %d, phase %v: want Ann to draw from the stock after both passed", s.Played(), s.Round().Turn(), s.Round().Phase())
	}
	if _, err := s.Play(0, []table.Action{{Act: table.Draw, Card: card(t, "Tc")}, {Act: table.Throw, Card: card(t, "Tc")}}); err != nil {
		t.Errorf("the line taken back, played again: %v", err)
	}
	empty := open(t, "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n")
	if _, err := empty.Undo(); !errors.Is(err, record.ErrNoMoves) {
		t.Errorf("undo of a record with no move: %v, want ErrNoMoves", err)
	}
}

// A session begun at the deal is walked a move at a time, each move once,
// to the round Open reaches.
func TestSessionWalk(t *testing.T) {
	rec, err := record.Parse([]byte(example))
	if err != nil {
		t.Fatal(err)
	}
	s, err := record.Begin(rec, preset(t, "classic"))
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for m, ok := s.Next(); ok; m, ok = s.Next() {
		if m.Line != rec.Moves[steps].Line || m.Act != rec.Moves[steps].Act || m.Card != rec.Moves[steps].Card {
			t.Fatalf("step %d is %v, want %v", steps, m, rec.Moves[steps])
		}
		if err := s.Step(); err != nil {
			t.Fatal(err)
		}
		steps++
	}
	if steps != len(rec.Moves) || !s.Round().Scored() {
		t.Errorf("%d steps of %d moves, scored %v: want every move once and the hand scored", steps, len(rec.Moves), s.Round().Scored())
	}
	if _, err := s.Play(0, []table.Action{{Act: table.Pass}}); err == nil {
		t.Error("a pass after the hand ended is taken")
	}
}
