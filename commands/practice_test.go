package commands

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// gin review --practice asks again the decisions of the player that lost
// points, worst first, each as gin hand show shows its position; an answer
// piped in, in gin hand's words, is told whether it was the best and what
// it would have cost, by the figures the review gives the decision (its
// JSON); a bad answer is reported with its line of stdin, and the next
// question asked.
func TestReviewPractice(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--json"}, quickReview...)...)
	type option struct {
		Move       string
		Loss       float64
		LossError  float64 `json:"loss_error"`
		Best, Made bool
	}
	type decision struct {
		Player, Made, Best string
		Turn               int
		Loss               float64
		Options            []option
	}
	var j struct {
		Hands []struct{ Decisions []decision }
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	var bob []decision
	for _, d := range j.Hands[0].Decisions {
		if d.Player == "Bob" && d.Loss > 0 {
			bob = append(bob, d)
		}
	}
	slices.SortStableFunc(bob, func(x, y decision) int {
		switch {
		case x.Loss > y.Loss:
			return -1
		case x.Loss < y.Loss:
			return 1
		}
		return 0
	})
	if len(bob) < 3 {
		t.Fatalf("Bob lost points in %d decisions, want 3 or more: %+v", len(bob), bob)
	}
	best := bob[0].Options[0]
	var made option
	for _, o := range bob[2].Options {
		if o.Made {
			made = o
		}
	}
	// The first answered with the best move, the second wrong (a card Bob
	// does not hold), the third with the move made.
	stdin := best.Move + "\nthrow 7s\n" + made.Move + "\n"
	r = run(t, stdin, append([]string{"review", "hand.txt", "--practice", "--player", "bob", "--plain"}, quickReview...)...)
	if r.code == 0 || !strings.Contains(r.stderr, "gin: stdin line 2: ") || !strings.Contains(r.stderr, "1 answer refused") {
		t.Errorf("a bad answer: exit %d, stderr %q; want it reported at stdin line 2, and a failing status", r.code, r.stderr)
	}
	for k, d := range bob[:3] {
		head := fmt.Sprintf("Question %d of %d: hand.txt, turn %d, Bob to play\n", k+1, len(bob), d.Turn)
		if !strings.Contains(r.stdout, head) {
			t.Errorf("no %q (worst first) in:\n%s", head, r.stdout)
		}
	}
	if strings.Count(r.stdout, "Your cards:") != len(bob) {
		t.Errorf("want each question's position, as gin hand show shows it:\n%s", r.stdout)
	}
	if want := "Right: " + best.Move + " is the best,"; !strings.Contains(r.stdout, want) {
		t.Errorf("no %q in:\n%s", want, r.stdout)
	}
	verdict := fmt.Sprintf("would have cost %.1f ±%.1f", made.Loss, made.LossError)
	if made.Best {
		verdict = "Right: " + made.Move + " is the best"
	}
	if text := strings.ReplaceAll(r.stdout, "\n", " "); !strings.Contains(text, verdict) || !strings.Contains(text, "It is the move made.") {
		t.Errorf("the move made, %q: no %q in:\n%s", made.Move, verdict, r.stdout)
	}
	if !strings.Contains(r.stdout, fmt.Sprintf("Answered 2 of %d", len(bob))) {
		t.Errorf("want 2 answered:\n%s", r.stdout)
	}
}

// What --practice refuses, with what to do.
func TestReviewPracticeRefuses(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--player", "Ann"}, "--player goes with --practice"},
		{[]string{"--practice", "--json"}, "give it without --json"},
		{[]string{"--practice", "--player", " "}, "--player: the name is empty"},
		{append([]string{"--practice", "--player", "Cy"}, quickReview...), "--player Cy: no record given has that player"},
	} {
		r := run(t, "", append([]string{"review", "hand.txt"}, tt.args...)...)
		if r.code == 0 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("gin review %q: exit %d, stderr %q; want %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
}

// Answers in gin hand's words: a take names the face-up card or none,
// take alone is the best take, draw is no answer at the first offer (pass
// is). Ann's decisions that lost points, worst first: her take of the Q♥ at
// turn 3, her pass of the 5♠, her throw of the 10♣ (as the README shows).
func TestAnswerOf(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "take Qs throw 9d\ndraw\nknock 9d\n", "review", "hand.txt", "--practice", "--player", "Ann", "--plain")
	for _, want := range []string{
		"stdin line 1: take Qs: the face-up card is Qh",
		"stdin line 2: at the first offer the face-up 5s is passed, not drawn over: answer pass, or take",
		"2 answers refused",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("no %q in stderr %q", want, r.stderr)
		}
	}
	if text := strings.ReplaceAll(r.stdout, "\n", " "); !strings.Contains(text, "knock 9d would have cost") && !strings.Contains(text, "Right: knock 9d is the best") {
		t.Errorf("knock 9d: not valued:\n%s", r.stdout)
	}
	r = run(t, "take\n", "review", "hand.txt", "--practice", "--player", "Ann", "--plain")
	if text := strings.ReplaceAll(r.stdout, "\n", " "); !strings.Contains(text, "take Qh throw 9d would have cost 5.3") {
		t.Errorf("take alone: want the best take valued, as the review values the take:\n%s", r.stdout)
	}
}

// A piped answer longer than 64 KiB is refused with its line number, as gin
// hand refuses such a move, and the answers after it are still read: where
// the scanner's limit ended the practice there.
func TestReviewPracticeLongLineRefused(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	in := strings.Repeat("x", 70<<10) + "\ndraw\nknock 9d\n"
	r := run(t, in, append([]string{"review", "hand.txt", "--practice", "--player", "Ann", "--plain"}, lightReview...)...)
	if want := "stdin line 1: longer than 64 KiB, refused"; !strings.Contains(r.stderr, want) {
		t.Errorf("no %q in stderr %q", want, r.stderr)
	}
	if !strings.Contains(r.stderr, "stdin line 2: ") {
		t.Errorf("the line after the long one was not read as an answer: stderr %q", r.stderr)
	}
	if text := strings.ReplaceAll(r.stdout, "\n", " "); !strings.Contains(text, "knock 9d would have cost") && !strings.Contains(text, "Right: knock 9d is the best") {
		t.Errorf("knock 9d, two lines after the long one: not valued:\n%s", r.stdout)
	}
}
