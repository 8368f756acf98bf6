package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/record"
)

// A player may be named score or boxes, unquoted, as before those became
// statements: the example of HANDS.md with Bob renamed reads as the
// example, each of its lines a move of that player where the next word is
// an action, and score and boxes with numbers after them are still the
// statements (review finding: the record was refused).
func TestPlayerNamedScoreOrBoxes(t *testing.T) {
	want, err := record.Parse([]byte(example))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"score", "boxes"} {
		text := strings.ReplaceAll(example, "Bob", name)
		r, err := record.Parse([]byte(text))
		if err != nil {
			t.Errorf("Bob renamed %s: %v, want the record read", name, err)
			continue
		}
		if r.Players[1] != name || r.Dealer != 1 || r.Deals != want.Deals || len(r.Moves) != len(want.Moves) {
			t.Errorf("Bob renamed %s: players %q, dealer %d, %d moves; want Ann and %s, dealer 1, %d moves", name, r.Players, r.Dealer, len(r.Moves), name, len(want.Moves))
			continue
		}
		for i, m := range r.Moves {
			if m.Player != want.Moves[i].Player || m.Act != want.Moves[i].Act || m.Card != want.Moves[i].Card {
				t.Errorf("Bob renamed %s: move %d is %+v, want %+v", name, i+1, m.Move, want.Moves[i].Move)
			}
		}
		// Written back and read again, it is the same hand.
		again, err := record.Parse(record.Format(r))
		if err != nil || record.Digest(again) != record.Digest(r) {
			t.Errorf("Bob renamed %s, formatted and read again: %v", name, err)
		}
	}
	// With a player named so, the statements are still read as statements.
	text := strings.Replace(strings.ReplaceAll(example, "Bob", "boxes"), "rules classic\n", "rules classic\nscore 30 55\nboxes 1 2\n", 1)
	r, err := record.Parse([]byte(text))
	if err != nil || len(r.Score) != 1 || r.Score[0].Points != [2]int{30, 55} || r.Score[0].Boxes != [2]int{1, 2} || !r.HasBoxes {
		t.Errorf("a player named boxes and the score and boxes statements: %v, score %+v", err, r)
	}
	// And after the first move a statement is refused as one.
	text = strings.ReplaceAll(example, "Bob", "score") + "score 30 55\n"
	if _, err := record.Parse([]byte(text)); !errors.Is(err, record.ErrHeader) {
		t.Errorf("score 30 55 after the moves, a player named score: %v, want the statement refused after the first move", err)
	}
}
