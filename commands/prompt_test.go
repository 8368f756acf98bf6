package commands

import (
	"strings"
	"testing"
	"unicode"

	"github.com/gin-rummy/gin/ginrummy"
)

// The question for a drawn card is one liner prints, whatever the player's
// name: liner refuses a prompt holding any character of Unicode's category
// C (controls, format, private use, unassigned), and a refused prompt left
// the draw undone without a word.
func TestCardQuestionIsAlwaysAPrompt(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Ann", "Ann\u2063", "Ann\x1b[31m", "Ann\ue000", "Ann\U0010FFFD", "Ann\U000E0041", "\u00c5sa"} {
		q := cardQuestion(name)
		if strings.ContainsFunc(q, func(r rune) bool { return unicode.Is(unicode.C, r) }) {
			t.Errorf("cardQuestion(%+q) = %+q: liner refuses it", name, q)
		}
		if !strings.HasPrefix(q, "Which card") || !strings.HasSuffix(q, " draw? ") && !strings.HasSuffix(q, " drawn? ") {
			t.Errorf("cardQuestion(%+q) = %+q, want a question for the card", name, q)
		}
	}
	if q := cardQuestion("Ann"); q != "Which card did Ann draw? " {
		t.Errorf("cardQuestion(Ann) = %q, want it to name Ann", q)
	}
}

// Drawn cards as the question takes them: one card in any spelling a move
// takes, or its rank and suit split by spaces; anything else is refused.
func TestDrawnCard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		answer string
		want   ginrummy.Card
	}{
		{"Tc", ginrummy.NewCard(ginrummy.Ten, ginrummy.Clubs)},
		{" 10♥ ", ginrummy.NewCard(ginrummy.Ten, ginrummy.Hearts)},
		{"9 h", ginrummy.NewCard(ginrummy.Nine, ginrummy.Hearts)},
		{"10  ♠", ginrummy.NewCard(ginrummy.Ten, ginrummy.Spades)},
		{"q\tD", ginrummy.NewCard(ginrummy.Queen, ginrummy.Diamonds)},
		{"", ginrummy.NoCard},
		{"x", ginrummy.NoCard},
		{"9", ginrummy.NoCard},
		{"7h 8h", ginrummy.NoCard},
		{"9 x", ginrummy.NoCard},
		{"1 0h", ginrummy.NoCard},
		{"9 h s", ginrummy.NoCard},
	} {
		got, err := drawnCard(tc.answer)
		if got != tc.want || (err == nil) != (tc.want != ginrummy.NoCard) {
			t.Errorf("drawnCard(%q) = %v, %v; want %v", tc.answer, got, err, tc.want)
		}
	}
}
