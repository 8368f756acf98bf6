package commands

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"unicode"

	"github.com/peterh/liner"
	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// handPrompt is gin hand at a terminal: a prompt with line editing and
// history (peterh/liner: a small, kept library that handles the terminal's
// modes, keys and wide characters, which hand-written code would get wrong
// on some terminal) that reads the lines gin hand reads from a pipe, shows
// the hand after each move and the advice when a decision of yours is due,
// asks for the card you drew when a draw does not name it, and offers to
// score a hand that has ended. Ctrl-C cancels the line being typed; quit,
// or Ctrl-D, leaves; the record keeps the hand, so gin hand again resumes
// it.
func handPrompt(c *cli.Context) error {
	ed := liner.NewLiner()
	defer func() { _ = ed.Close() }()
	ed.SetCtrlCAborts(true)
	path, err := handPath(c)
	if err != nil {
		return err
	}
	sess, err := handLineIn(c, sheetsFiles(), []string{"show"}, lineMode{whole: true, advise: true})
	if err != nil {
		return err
	}
	offered := map[string]bool{} // the hands offered to the sheet, by digest
	files := sheetsFiles()
	// The example names the other player of this hand.
	other := "Bob"
	if rec := sess.Record; rec != nil {
		if v := viewerOf(rec, sess.Round()); v >= 0 {
			other = record.Name(rec.Players[1-v])
		}
	}
	_, _ = fmt.Fprintf(c.App.Writer, "Moves as at the table (draw 7h throw 9d; %s take throw Qs), or show, undo, advise, quit.\n", yamlfile.Printable(other))
	for {
		text, err := readLine(c.App.Writer, ed, "gin hand> ")
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			continue // Ctrl-C: the line is cancelled
		case errors.Is(err, io.EOF):
			// Ctrl-D: liner leaves the cursor after the prompt, where the
			// shell's prompt would land.
			_, _ = io.WriteString(c.App.Writer, "\n")
			return nil
		case err != nil:
			return err
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		ed.AppendHistory(text)
		if text == "quit" || text == "exit" {
			return nil
		}
		w, err := record.Fields(text)
		var sess *record.Session // the record as the line left it
		if err == nil {
			sess, err = handLineIn(c, files, w, lineMode{whole: true, advise: true})
		}
		var need *needCardError
		if errors.As(err, &need) {
			card, perr := askCard(c, ed, need.player)
			switch {
			case errors.Is(perr, liner.ErrPromptAborted), errors.Is(perr, io.EOF):
				continue // the draw is cancelled, as asked
			case perr != nil:
				_, _ = io.WriteString(c.App.ErrWriter, errorLine(fmt.Errorf("the draw is not recorded: %w", perr)))
				continue
			}
			sess, err = handLineIn(c, files, need.with(card.String()), lineMode{whole: true, advise: true})
		}
		if err != nil {
			_, _ = io.WriteString(c.App.ErrWriter, errorLine(err))
			continue
		}
		if sess == nil { // a line of only a comment: the record as it is
			sess, _ = files.open(path)
		}
		// Offered once a hand: a hand scored twice is refused by the
		// sheet all the same.
		if digest, sheet, me, due := scoreDue(sess, path); due && !offered[digest] {
			offered[digest] = true
			// Yes unless said no: scoring is what the table wants next,
			// and gin sheet undo takes it back.
			if yes(c.App.Writer, ed, "The hand is over. Score it on the sheet? [Y/n] ") {
				if err := scoreOnSheet(c.String("color"), c.App.Writer, path, sheet); err != nil {
					_, _ = io.WriteString(c.App.ErrWriter, errorLine(err))
				}
			}
			// The prompt follows one hand: say how the next one starts.
			_, _ = fmt.Fprintf(c.App.Writer, "Next hand: quit, then gin hand new --me %s CARDS --upcard CARD%s\n", render.ShellQuote(me), sheetFlag(sheet))
		}
	}
}

// yes asks a yes-or-no question with yes the default: Enter, y or yes is
// yes, n or no is no, and anything else (a move typed by reflex, quit)
// asks again. Ctrl-C or Ctrl-D is no.
func yes(w io.Writer, ed *liner.State, question string) bool {
	for {
		answer, err := readLine(w, ed, question)
		if errors.Is(err, io.EOF) {
			_, _ = io.WriteString(w, "\n") // Ctrl-D: the line the answer would have ended
		}
		if err != nil {
			return false
		}
		switch strings.ToLower(strings.TrimSpace(answer)) {
		case "", "y", "yes":
			return true
		case "n", "no":
			return false
		}
		_, _ = io.WriteString(w, "Say y (or Enter) to score the hand, n to leave it.\n")
	}
}

// scoreOnSheet scores the ended hand of the record at path on the sheet it
// names (the default sheet when none), as gin sheet add --hand does.
func scoreOnSheet(colorMode string, w io.Writer, path, sheet string) error {
	s, err := newStyleFor(colorMode, false, w)
	if err != nil {
		return err
	}
	named := sheet != ""
	if !named {
		if sheet, err = defaultSheetPath(); err != nil {
			return err
		}
	}
	out := scoreOutput{w: w, text: func(b []byte) error { return render.WriteTo(w, b) }}
	o := handOptions{sheetOptions: sheetOptions{view: &render.SheetView{Style: s}, path: sheet, named: named, out: out}, record: path, helpName: "gin sheet add", name: "sheet add"}
	return o.add()
}

// readLine reads a line at the prompt p, where Ctrl-C cancels the line
// typed, however wide the terminal. Where it is wide enough for liner to
// edit the line, liner takes the key (ErrPromptAborted). Where it is not
// (narrower than the prompt and ten columns), liner reads the line in the
// terminal's own mode, in which Ctrl-C is an interrupt that would end gin:
// while the prompt waits, the interrupt is taken here instead, and as the
// terminal has dropped the line typed, the prompt is shown again.
func readLine(w io.Writer, ed *liner.State, p string) (string, error) {
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-interrupts:
				_, _ = io.WriteString(w, "\n"+p)
			case <-done:
				return
			}
		}
	}()
	defer func() {
		signal.Stop(interrupts)
		close(done)
	}()
	return ed.Prompt(p)
}

// askCard asks which card player drew until the answer is one card, in
// any spelling a move takes (ginrummy.ParseCard), or its rank and suit
// split by a space (9 h): an answer that is not one is said and the
// question asked again, so that the draw typed is never dropped. Ctrl-C or
// Ctrl-D cancels the draw (ErrPromptAborted, io.EOF).
func askCard(c *cli.Context, ed *liner.State, player string) (ginrummy.Card, error) {
	for {
		answer, err := readLine(c.App.Writer, ed, cardQuestion(player))
		if err != nil {
			if errors.Is(err, io.EOF) {
				_, _ = io.WriteString(c.App.Writer, "\n")
			}
			return ginrummy.NoCard, err
		}
		card, err := drawnCard(answer)
		if err == nil {
			return card, nil
		}
		_, _ = io.WriteString(c.App.ErrWriter, errorLine(err))
	}
}

// drawnCard reads the answer to the question which card was drawn: one
// card, or a rank and a suit split by spaces ("9 h", "10 ♥"), which being
// the whole answer can be nothing else.
func drawnCard(answer string) (ginrummy.Card, error) {
	w := strings.Fields(answer)
	switch len(w) {
	case 0:
		return ginrummy.NoCard, errors.New("no card given: give the card drawn, as 7h (Ctrl-C cancels the draw)")
	case 1:
		card, err := ginrummy.ParseCard(w[0])
		if err != nil {
			return ginrummy.NoCard, fmt.Errorf("%w; give the card drawn, as 7h (Ctrl-C cancels the draw)", err)
		}
		return card, nil
	case 2:
		_, err := ginrummy.ParseCard(w[0])
		if perr, ok := errors.AsType[*ginrummy.ParseError](err); ok && errors.Is(err, ginrummy.ErrUnknownSuit) && perr.Detail == "" {
			if card, err := ginrummy.ParseCard(w[0] + w[1]); err == nil {
				return card, nil // a rank alone, then a suit
			}
		}
	}
	return ginrummy.NoCard, fmt.Errorf("%q is not one card: give the card drawn, as 7h (Ctrl-C cancels the draw)", strings.TrimSpace(answer))
}

// cardQuestion is the prompt that asks which card a player drew. liner
// refuses a prompt with a character it cannot print (any of Unicode's
// category C), which would end the question before it is asked and leave
// the draw undone: the name is printed as gin prints names
// (yamlfile.Printable), and left out where even so it holds one (a
// private-use or unassigned character).
func cardQuestion(player string) string {
	q := fmt.Sprintf("Which card did %s draw? ", yamlfile.Printable(player))
	if strings.ContainsFunc(q, func(r rune) bool { return unicode.Is(unicode.C, r) }) {
		return "Which card was drawn? "
	}
	return q
}

// needCardError is a draw that does not name its card where the record
// knows the player's cards: the prompt asks for it.
type needCardError struct {
	player string
	words  []string // the line's words
	at     int      // the index of the word draw
}

func (e *needCardError) Error() string {
	return fmt.Sprintf("which card did %s draw? give it after draw: draw 7h", e.player)
}

// with is the line with the card after draw.
func (e *needCardError) with(card string) []string {
	out := append([]string(nil), e.words[:e.at+1]...)
	out = append(out, card)
	return append(out, e.words[e.at+1:]...)
}

// scoreDue reports whether the record of session sess, kept at path, has
// ended and is scored, with its digest, the sheet it names and its
// viewer's name: the session the line opened, not the file read again.
func scoreDue(sess *record.Session, path string) (digest, sheet, me string, due bool) {
	if sess == nil || !sess.Round().Scored() {
		return "", "", "", false
	}
	rec, round := sess.Record, sess.Round()
	if v := viewerOf(rec, round); v >= 0 {
		me = rec.Players[v]
	}
	return record.Digest(rec), sheets.RecordSheet(rec, path), me, true
}

// shortAdvice prints the advice at a player's view of a hand in a glance:
// the best option, and the next best with "close call" when the two are
// within two standard errors of each other.
//
// When the record names a sheet that gives the game's score, the advice is
// by the game, as gin advise --hand gives it.
func shortAdvice(args adviceArgs, s *render.Style, rules ginrummy.Rules, v table.View, rg recordGame) error {
	p := advice.PositionOf(v)
	useOpponent(learnOpponent(rg.record, rg.them), &p, false, false)
	dealt := 1
	if v.Dealt() {
		dealt = 0
	}
	g, _ := args.game.recordSheetGame(rg, dealt) // by the hand when the record's sheet gives no score
	set, gv, err := args.gameSettings(g, rules)
	if err != nil {
		return err
	}
	a, err := advice.Advise(p, set)
	if err != nil {
		return err
	}
	return render.WriteTo(args.out, s.AppendShortAdvice(nil, p, a, gv.What()))
}
