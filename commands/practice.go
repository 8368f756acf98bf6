package commands

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/peterh/liner"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// practiceQuestions is the most decisions gin review --practice asks
// again: the worst, so that what a review keeps for them stays bounded
// however many records it reads.
const practiceQuestions = 10

// question is a decision to ask again: the hand it was made in and the
// decision, valued.
type question struct {
	path  string
	rec   *record.Record
	rules ginrummy.Rules
	d     review.Decision
}

// practice collects, as a review streams its hands, the decisions of the
// player named (every player's, when none is) that lost most, and asks
// them again.
type practice struct {
	player    string // the name given with --player, or ""
	named     bool   // a record had that player
	questions []question
}

// add keeps the decisions of hand h (at path) that lost points, of the
// player practising, among the practiceQuestions worst so far.
func (pr *practice) add(path string, h review.Recorded, ds []review.Decision) {
	if slices.ContainsFunc(h.Record.Players[:], func(name string) bool { return ginrummy.SameName(name, pr.player) }) {
		pr.named = true
	}
	for _, d := range ds {
		name := h.Record.Players[d.Player]
		if pr.player != "" && !ginrummy.SameName(name, pr.player) {
			continue
		}
		if d.Loss <= 0 {
			continue
		}
		at, _ := slices.BinarySearchFunc(pr.questions, d.Loss, func(q question, loss float64) int {
			switch {
			case q.d.Loss > loss:
				return -1
			case q.d.Loss < loss:
				return 1
			}
			return 0
		})
		if at >= practiceQuestions {
			continue
		}
		pr.questions = slices.Insert(pr.questions, at, question{path: path, rec: h.Record, rules: h.Rules, d: d})
		if len(pr.questions) > practiceQuestions {
			pr.questions = pr.questions[:practiceQuestions]
		}
	}
}

// ask asks each question, worst first: the position as gin hand show
// shows it, then a move read from in, a line, in gin hand's words; it says
// whether the move was the best and what it would have cost, with the
// moves ranked. An answer that does not read, or is not a move of the
// position, is answered with what is wrong: from a terminal the question
// is asked again, from a pipe the next is asked, and the exit status says
// that an answer was refused.
func (pr *practice) ask(out, errOut io.Writer, s *render.Style, in io.Reader) error {
	if pr.player != "" && !pr.named {
		return fmt.Errorf("--player %s: no record given has that player", render.ShellQuote(pr.player))
	}
	if len(pr.questions) == 0 {
		return render.WriteTo(out, []byte("No decision lost points: nothing to practise.\n"))
	}
	terminal := render.IsTerminal(in)
	lines := newLineReader(in, 64<<10) // as gin hand reads a pipe: a longer line is refused, the rest read
	// At a terminal the answer is read as gin hand's prompt reads a move,
	// with line editing and the answers before at the up arrow (liner
	// reads the terminal of stdin and writes to stdout's), Ctrl-C
	// cancelling the line typed; else a line at a time.
	var ed *liner.State
	if in == os.Stdin && terminal && render.IsTerminal(out) {
		ed = liner.NewLiner()
		defer func() { _ = ed.Close() }()
		ed.SetCtrlCAborts(true)
	}
	// answer reads the next answer, false at the end of the input.
	answer := func() (string, bool, error) {
		if ed == nil {
			_, _ = io.WriteString(out, "Your move: ")
			text, err := lines.next()
			if errors.Is(err, io.EOF) {
				return "", false, nil
			}
			return text, true, err
		}
		for {
			text, err := readLine(out, ed, "Your move: ")
			switch {
			case errors.Is(err, liner.ErrPromptAborted):
				continue // Ctrl-C: the line is cancelled
			case errors.Is(err, io.EOF):
				return "", false, nil
			case err != nil:
				return "", false, err
			}
			if t := strings.TrimSpace(text); t != "" {
				ed.AppendHistory(t)
			}
			return text, true, nil
		}
	}
	line, refused, best, asked := 0, 0, 0, 0
	intro := fmt.Sprintf("The %d %s that lost most, worst first. Answer as at gin hand (draw, take throw 9d, throw Kc, knock 9d), or quit.",
		len(pr.questions), render.Plural(len(pr.questions), "decision", "decisions"))
	if err := render.WriteTo(out, s.AppendProse(nil, intro)); err != nil {
		return err
	}
questions:
	for k, q := range pr.questions {
		b, err := appendQuestion(s, nil, q, k, len(pr.questions))
		if err != nil {
			return err
		}
		if err := render.WriteTo(out, b); err != nil {
			return err
		}
		for {
			typed, ok, err := answer()
			if errors.Is(err, errLineTooLong) {
				line++
				refused++
				_, _ = io.WriteString(out, "\n")
				_, _ = io.WriteString(errOut, errorLine(fmt.Errorf("stdin line %d: longer than 64 KiB, refused: give an answer a line", line)))
				break
			}
			if err != nil {
				return fmt.Errorf("stdin: %w", err)
			}
			if !ok {
				_, _ = io.WriteString(out, "\n")
				break questions
			}
			line++
			text := strings.TrimSpace(typed)
			if line == 1 {
				text = strings.TrimPrefix(text, "\ufeff")
			}
			if !terminal {
				_, _ = fmt.Fprintln(out, yamlfile.Printable(text))
			}
			if text == "quit" || text == "exit" {
				break questions
			}
			o, err := answerOf(q, text)
			if err != nil {
				refused++
				if terminal {
					_, _ = io.WriteString(errOut, errorLine(err))
					continue
				}
				_, _ = io.WriteString(errOut, errorLine(fmt.Errorf("stdin line %d: %w", line, err)))
				break
			}
			asked++
			if o.Best {
				best++
			}
			if err := render.WriteTo(out, s.AppendVerdict(nil, q.d, o)); err != nil {
				return err
			}
			break
		}
	}
	if err := render.WriteTo(out, fmt.Appendf(nil, "Answered %d of %d: %d the best.\n", asked, len(pr.questions), best)); err != nil {
		return err
	}
	if refused > 0 {
		return &exitError{fmt.Sprintf("%d %s refused", refused, render.Plural(refused, "answer", "answers"))}
	}
	return nil
}

// questionAt is the number of moves of q's record played before its
// decision: up to its take, draw or pass, or, for a discard or a knock,
// up to the throw.
func questionAt(q question) (int, error) {
	for k, m := range q.rec.Moves {
		if m.Line != q.d.Line || m.Player != q.d.Player {
			continue
		}
		switch m.Act {
		case table.Take, table.Draw, table.Pass:
			if q.d.Kind == review.TakeOrDraw {
				return k, nil
			}
		case table.Throw, table.Knock, table.BigGin:
			if q.d.Kind != review.TakeOrDraw {
				return k, nil
			}
		}
	}
	return 0, fmt.Errorf("%s: line %d: no move of the decision", yamlfile.Printable(q.path), q.d.Line)
}

// appendQuestion writes question q, the k-th of n: where it comes from, and
// the position, q's record replayed to just before the decision, as gin
// hand show shows it to the player.
func appendQuestion(s *render.Style, b []byte, q question, k, n int) ([]byte, error) {
	at, err := questionAt(q)
	if err != nil {
		return nil, err
	}
	round, err := q.rec.Replay(q.rules, at)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", yamlfile.Printable(q.path), err)
	}
	return s.AppendQuestion(b, q.path, q.rec, round, q.d, k, n, scoreItLine(q.rec, round, q.path)), nil
}

// answerOf is the option of question q that the answer text names, in gin
// hand's words: draw or pass, take (the best take), take throw 9d, take
// knock 9d, throw Kc, knock 9d, big-gin.
func answerOf(q question, text string) (review.Option, error) {
	w, err := record.Fields(text)
	if err != nil {
		return review.Option{}, err
	}
	if len(w) == 0 {
		return review.Option{}, errors.New("no move: answer as at gin hand (draw, take throw 9d, throw Kc, knock 9d), or quit")
	}
	acts, err := record.ParseActions(lowerActs(w))
	if err != nil {
		if typo := moveTypo(w); typo != nil {
			return review.Option{}, typo
		}
		return review.Option{}, err
	}
	d := q.d
	var want review.Choice
	ends := acts
	if d.Kind == review.TakeOrDraw {
		upcard := d.Made.Upcard
		first := acts[0]
		ends = acts[1:]
		switch first.Act {
		case table.Pass, table.Draw:
			offer := slices.ContainsFunc(d.Options, func(o review.Option) bool { return o.Pass })
			switch {
			case first.Act == table.Draw && offer:
				return review.Option{}, fmt.Errorf("at the first offer the face-up %s is passed, not drawn over: answer pass, or take", upcard)
			case first.Act == table.Pass && !offer:
				return review.Option{}, errors.New("pass is for the first offer: answer draw, or take")
			case first.Act == table.Draw && first.Card != ginrummy.NoCard:
				return review.Option{}, fmt.Errorf("the card drawn, %s, is not known before the draw: answer draw", first.Card)
			case len(ends) > 0:
				return review.Option{}, fmt.Errorf("%s, then %s: the card to throw after a draw is another question: answer %s", first.Act, ends[0].Act, first.Act)
			}
			for _, o := range d.Options {
				if o.Pass || o.Draw {
					return o, nil
				}
			}
			return review.Option{}, errors.New("drawing is not a move here")
		case table.Take:
			if first.Card != ginrummy.NoCard && first.Card != upcard {
				return review.Option{}, fmt.Errorf("take %s: the face-up card is %s", first.Card, upcard)
			}
			if len(ends) == 0 {
				for _, o := range d.Options { // best first: the best take
					if o.Take {
						return o, nil
					}
				}
				return review.Option{}, fmt.Errorf("taking %s is not a move here", upcard)
			}
			want.Take, want.Upcard = true, upcard
		default:
			other := "draw"
			if slices.ContainsFunc(d.Options, func(o review.Option) bool { return o.Pass }) {
				other = "pass"
			}
			return review.Option{}, fmt.Errorf("%s: the question is whether to take the face-up %s or %s: answer take (take throw CARD, take knock CARD) or %s", first.Act, upcard, other, other)
		}
	}
	if len(ends) != 1 {
		return review.Option{}, errors.New("one move: throw CARD, knock CARD or big-gin")
	}
	end := ends[0]
	switch end.Act {
	case table.Throw:
		want.Discard = end.Card
	case table.Knock:
		want.Discard, want.Knock = end.Card, true
	case table.BigGin:
		want.BigGin = true
	default:
		return review.Option{}, fmt.Errorf("%s: answer throw CARD, knock CARD or big-gin", end.Act)
	}
	if d.Kind == review.KnockOrPlayOn && !want.BigGin && want.Discard != d.Made.Discard {
		return review.Option{}, fmt.Errorf("this question is whether to knock with %s or play on: answer knock %s or throw %s", d.Made.Discard, d.Made.Discard, d.Made.Discard)
	}
	for _, o := range d.Options {
		if o.Take == want.Take && o.BigGin == want.BigGin && (want.BigGin || o.Discard == want.Discard && o.Knock == want.Knock) {
			return o, nil
		}
	}
	switch {
	case want.BigGin:
		return review.Option{}, errors.New("big-gin: the eleven cards do not all meld")
	case want.Knock && slices.ContainsFunc(d.Options, func(o review.Option) bool { return o.Take == want.Take && o.Discard == want.Discard }):
		return review.Option{}, fmt.Errorf("knock %s: the ten cards kept cannot knock", want.Discard)
	}
	if want.Take && want.Discard == d.Made.Upcard {
		return review.Option{}, fmt.Errorf("%s: the card taken from the pile may not be thrown back in the same turn", want.Discard)
	}
	return review.Option{}, fmt.Errorf("%s: not a card you can throw here (not among your cards, or the card just taken from the pile); the question shows your cards", want.Discard)
}
