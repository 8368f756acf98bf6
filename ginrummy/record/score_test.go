package record

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

const scoreHead = "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"

// The score and boxes statements give the game's score before the hand, a
// pair per game in the order of players; Format writes them back.
func TestScoreStatement(t *testing.T) {
	for _, c := range []struct {
		lines    string
		want     []ginrummy.Tally
		hasBoxes bool
	}{
		{"", nil, false},
		{"score 30 55\n", []ginrummy.Tally{{Points: [2]int{30, 55}}}, false},
		{"score 30 55\nboxes 1 2\n", []ginrummy.Tally{{Points: [2]int{30, 55}, Boxes: [2]int{1, 2}}}, true},
		{"boxes 1 2\nscore 30 55\n", []ginrummy.Tally{{Points: [2]int{30, 55}, Boxes: [2]int{1, 2}}}, true},
		{"score 30 55, 10 0, 0 0\nboxes 1 2,1 0,0 0\n", []ginrummy.Tally{
			{Points: [2]int{30, 55}, Boxes: [2]int{1, 2}}, {Points: [2]int{10, 0}, Boxes: [2]int{1, 0}}, {}}, true},
	} {
		r, err := Parse([]byte(scoreHead + c.lines))
		if err != nil {
			t.Errorf("%q: %v", c.lines, err)
			continue
		}
		if !reflect.DeepEqual(r.Score, c.want) || r.HasBoxes != c.hasBoxes {
			t.Errorf("%q: score %+v, boxes %v; want %+v, %v", c.lines, r.Score, r.HasBoxes, c.want, c.hasBoxes)
		}
		again, err := Parse(Format(r))
		if err != nil || !reflect.DeepEqual(again.Score, r.Score) || again.HasBoxes != r.HasBoxes {
			t.Errorf("%q formatted as %q: read back %+v, %v", c.lines, Format(r), again, err)
		}
	}
}

// A score or boxes statement that is not pairs of whole numbers, a boxes
// with no score or of another count of games, or either given twice or
// after a move, is refused on its line.
func TestScoreStatementRefused(t *testing.T) {
	for _, c := range []struct {
		lines string
		line  int
		is    error
		says  string
	}{
		{"score 30\n", 5, ErrSyntax, "two whole numbers"},
		{"score\n", 5, ErrSyntax, "two whole numbers"},
		{"score 30 -5\n", 5, ErrSyntax, `"-5" is not a whole number`},
		{"score 30 x\n", 5, ErrSyntax, `"x" is not a whole number`},
		{"score 30 55,\n", 5, ErrSyntax, "a pair for each game"},
		{"boxes 1 2\n", 5, ErrHeader, "boxes goes with score"},
		{"score 30 55\nboxes 1 2, 0 0\n", 6, ErrSyntax, "boxes gives 2 pairs, and score (line 5) 1"},
		{"score 30 55\nscore 30 55\n", 6, ErrHeader, "score given again"},
		{"Ann draw 2h throw 2h\nscore 30 55\n", 6, ErrHeader, "after the first move"},
	} {
		_, err := Parse([]byte(scoreHead + c.lines))
		var re *Error
		if !errors.As(err, &re) || re.Line != c.line || !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v; want line %d, %v, saying %q", c.lines, err, c.line, c.is, c.says)
		}
	}
}

// A record's digest is its hand: the lines that say where it is scored (the
// sheet, the score and boxes before it) leave it as it is, so editing them
// cannot make one hand two to a sheet.
func TestDigestLeavesOutWhereTheHandIsScored(t *testing.T) {
	const hand = "players Ann Bob\ndealer Bob\nrules classic\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\n"
	base, err := Parse([]byte(hand))
	if err != nil {
		t.Fatal(err)
	}
	for _, header := range []string{"sheet gin-sheet.yaml\n", "sheet ./gin-sheet.yaml\nscore 0 0\nboxes 0 0\n", "score 0 0\n", "score 49 0\nboxes 1 0\n"} {
		text := strings.Replace(hand, "deal Ann", header+"deal Ann", 1)
		rec, err := Parse([]byte(text))
		if err != nil {
			t.Fatalf("%q: %v", header, err)
		}
		if Digest(rec) != Digest(base) {
			t.Errorf("with %q the digest is %s, without %s", header, Digest(rec), Digest(base))
		}
	}
	other, err := Parse([]byte(strings.Replace(hand, "dealer Bob", "dealer Ann", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if Digest(other) == Digest(base) {
		t.Error("another dealer gives the same digest")
	}
}

// The numbers of a score or boxes statement are plain digits, as every
// number of a record: no sign, no quotes; and a count of one pair is said
// so (review finding).
func TestScoreNumbersPlainDigits(t *testing.T) {
	for _, c := range []struct {
		lines string
		line  int
		says  string
	}{
		{"score +5 0\n", 5, `"+5" is not a whole number`},
		{"score 5 -0\n", 5, `"-0" is not a whole number`},
		{"score \"30 55\"\n", 5, `quoted`},
		{"score 30 55\nboxes \"1 2\"\n", 6, `quoted`},
		{"score 30 55, 10 0\nboxes 1 2\n", 6, "boxes gives 1 pair, and score (line 5) 2"},
	} {
		_, err := Parse([]byte(scoreHead + c.lines))
		var re *Error
		if !errors.As(err, &re) || re.Line != c.line || !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v; want line %d saying %q", c.lines, err, c.line, c.says)
		}
	}
}
