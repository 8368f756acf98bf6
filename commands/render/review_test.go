package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
)

// A hand's chart runs to the hand's last turn, though the other player's
// decisions are not in it: Bob goes gin at turn 2, after Ann's first turn
// (her one decision), and by the hand its end is its result. Bob's gin
// with the 5♣ (2♣–5♣, 5♥–7♥, the three 8s) scores classic's gin bonus, 20
// (SPEC.md), and Ann's deadwood, no meld in A♥ 3♥ 9♥ J♥ Q♠ J♠ 9♠ 4♦ 10♦ 2♦:
// 1+3+9+10+10+10+9+4+10+2 = 68; 88 in all, -88 from Ann's side.
func TestHandChartRunsToTheEnd(t *testing.T) {
	t.Parallel()
	text := "players Ann Bob\ndealer Bob\ndeal Ann Ah 3h 9h Jh Qs Js 9s 4d Td 2d\ndeal Bob 2c 3c 4c 5h 6h 7h 8d 8s 8c Kd\nupcard Ks\n" +
		"Ann pass\nBob pass\nAnn draw 7s throw 7s\nBob draw 5c knock Kd\n"
	rec, err := record.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	sess, err := record.Open(rec, ginrummy.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	ds := []review.Decision{{Player: 0, Turn: 1, Value: -5, Loss: 1}}
	ch, _, turns := handChart(rec, sess.Round(), ds, equity.Hand)
	if turns != 2 || len(ch.Series) != 1 || !slices.Equal(ch.Series[0], []float64{-5, -6, -88}) {
		t.Errorf("turns %d, series %v: want to turn 2, Ann's [-5 -6 -88]", turns, ch.Series)
	}
	// By the game the value after the gin is the game's, not drawn here:
	// Ann's value is held to the last turn.
	ch, _, turns = handChart(rec, sess.Round(), ds, equity.Game)
	if turns != 2 || len(ch.Series) != 1 || !slices.Equal(ch.Series[0], []float64{-5, -6, -6}) {
		t.Errorf("by the game: turns %d, series %v: want to turn 2, Ann's [-5 -6 -6]", turns, ch.Series)
	}
}

func TestActionWords(t *testing.T) {
	t.Parallel()
	c := func(s string) ginrummy.Card {
		card, err := ginrummy.ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		return card
	}
	no := ginrummy.NoCard
	for _, x := range []struct {
		choice review.Choice
		want   string
	}{
		{review.Choice{Pass: true, Upcard: c("5s"), Discard: no}, "pass"},
		{review.Choice{Draw: true, Upcard: c("5s"), Discard: no}, "draw"},
		{review.Choice{Take: true, Upcard: c("5s"), Discard: no}, "take 5s"},
		{review.Choice{Take: true, Upcard: c("5s"), Discard: c("Qd")}, "take 5s throw Qd"},
		{review.Choice{Take: true, Upcard: c("5s"), Discard: c("Qd"), Knock: true}, "take 5s knock Qd"},
		{review.Choice{Take: true, Upcard: c("Th"), Discard: no, BigGin: true}, "take Th big-gin"},
		{review.Choice{Upcard: no, Discard: c("5c")}, "throw 5c"},
		{review.Choice{Upcard: no, Discard: c("5c"), Knock: true, Gin: true}, "knock 5c"},
		{review.Choice{Upcard: no, Discard: no, BigGin: true}, "big-gin"},
	} {
		if got := actionWords(x.choice); got != x.want {
			t.Errorf("%+v: %q, want %q", x.choice, got, x.want)
		}
	}
}

// The footnote under a review is prose wrapped at its spaces to the width,
// each line from the margin: by the game its first sentence fills most of
// a line of 80, and a line broken by hand after "errors:" went on, once
// fitted, under "Lost:" twelve columns in.
func TestReviewFootnoteWraps(t *testing.T) {
	t.Parallel()
	for _, obj := range []equity.Objective{equity.Game, equity.Net, equity.Hand} {
		s := &Style{Width: 80, Emphasis: func(s string) string { return s }}
		out := string(FitLines(s.AppendReviewEnd(nil, nil, true, obj), 80))
		i := strings.Index(out, "Lost: ")
		if i < 0 {
			t.Fatalf("objective %v: no footnote:\n%s", obj, out)
		}
		foot := out[i:]
		for _, line := range strings.Split(strings.TrimSuffix(foot, "\n"), "\n") {
			if strings.HasPrefix(line, " ") || DisplayWidth(line) > 80 {
				t.Errorf("objective %v: line %q is indented or wider than 80:\n%s", obj, line, foot)
			}
		}
		if words := strings.Join(strings.Fields(foot), " "); !strings.HasSuffix(words, "against the best move. Tagged beyond 2 errors: inaccuracy from 2 points, mistake from 5, blunder from 10 (docs/review.md).") {
			t.Errorf("objective %v: footnote %q", obj, words)
		}
	}
}
