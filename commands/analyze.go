package commands

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
)

func analyzeCommand() *cli.Command {
	flags := append(outputFlags("print JSON: one object per hand, JSON Lines for stdin input"), plainFlag())
	flags = append(flags, knockFlags()...)
	flags = append(flags,
		boolFlag("check", "print nothing; exit 0 if the hand can knock, 1 if not (stdin: 1 if any hand cannot)"),
		boolFlag("outs", "list the unseen cards whose draw lets a 10-card hand knock or go gin"),
		&cli.StringSliceFlag{Name: "seen", Usage: "`CARDS` out of play (discards), left out of --outs; may repeat"},
		boolFlag("all", "list every arrangement of least deadwood"),
	)
	return &cli.Command{
		Name:      "analyze",
		Usage:     "show a hand's melds and deadwood, and whether it can knock",
		ArgsUsage: "[CARDS...]",
		Description: describe("Analyzes the hand given as arguments, or else one hand per line of stdin (also with \"-\").\n"+
			"10 cards: melds, deadwood, and whether the hand can knock or is gin.\n"+
			"11 cards: every discard ranked by the deadwood it leaves, and the verdict after the best.\n"+
			"Other sizes: melds and deadwood.",
			example{"can these ten cards knock?", "gin analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"},
			example{"eleven cards, after the draw: which discard is best?", "gin analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd"},
			example{"the draws that would let it knock, with 4c and 7d gone", "gin analyze 7h 8h 9h Ks Kd Kc 2c 3c 5d 6d --outs --seen 4c,7d"},
			example{"for a script: exit status 0 if it can knock, 1 if not", "gin analyze --check 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"},
			example{"a file of hands, one per line, to JSON Lines", "gin analyze --json < hands.txt"},
		),
		Flags:  flags,
		Action: runAnalyze,
	}
}

// analyzeOptions is what the flags ask of each hand.
type analyzeOptions struct {
	limit     int
	check     bool
	outs, all bool
	json      bool
	seen      ginrummy.Hand // with --outs
	style     *style
	width     int // the text's width (OutputWidth)
}

// analyzeArgs is what gin analyze's flags say, read once.
type analyzeArgs struct {
	rules                  ruleArgs // --rules, --knock-limit, --upcard
	check, outs, all, json bool
	seen                   []string // --seen, as given
	color                  string   // --color
	plain                  bool
}

func runAnalyze(c *cli.Context) error {
	o, err := newAnalyzeOptions(analyzeArgs{
		rules: readRuleArgs(c),
		check: c.Bool("check"), outs: c.Bool("outs"), all: c.Bool("all"), json: c.Bool("json"),
		seen:  c.StringSlice("seen"),
		color: c.String("color"), plain: c.Bool("plain"),
	}, c.App.Writer)
	if err != nil {
		return err
	}
	args := c.Args().Slice()
	switch {
	case len(args) == 1 && args[0] == "-":
	case slices.Contains(args, "-"):
		return errors.New(`"-" reads hands from stdin: give it alone, without cards`)
	case len(args) > 0:
		h, err := ginrummy.ParseHand(strings.Join(args, " "))
		if err != nil {
			if fi, statErr := os.Stat(args[0]); len(args) == 1 && statErr == nil && !fi.IsDir() {
				return fmt.Errorf("%q is a file, not cards: gin analyze reads a file's hands on stdin: gin analyze < %s", args[0], render.ShellQuote(args[0]))
			}
			return err
		}
		var a analysis
		out, no, err := o.hand(nil, &a, h, 0)
		if err != nil {
			return err
		}
		if _, err := c.App.Writer.Write(out); err != nil {
			return err
		}
		if no {
			return errCheckNo
		}
		return nil
	case render.IsTerminal(c.App.Reader):
		// Nothing to read but a person at a keyboard: explain instead of waiting.
		cli.HelpPrinter(c.App.ErrWriter, cli.CommandHelpTemplate, c.Command)
		return errReported
	}
	res, err := stream(c.App.Reader, c.App.Writer, c.App.ErrWriter, o.handler, o.all)
	switch {
	case err != nil:
		return err
	case res.bad > 0:
		return errReported
	case res.noes > 0:
		return errCheckNo
	case res.lines == 0 && o.check:
		// "Every hand can knock" would be true of no hands, and no answer.
		return errors.New("--check: no hands on stdin (only blank lines or comments, or nothing): nothing to answer")
	}
	return nil
}

// newAnalyzeOptions checks the flags and resolves the knock limit, for
// output to w.
func newAnalyzeOptions(a analyzeArgs, w io.Writer) (*analyzeOptions, error) {
	o := &analyzeOptions{
		check: a.check,
		outs:  a.outs,
		all:   a.all,
		json:  a.json,
		width: render.OutputWidth(w),
	}
	if o.check {
		for _, f := range []struct {
			name string
			on   bool
		}{{"json", a.json}, {"outs", a.outs}, {"all", a.all}} {
			if f.on {
				return nil, fmt.Errorf("--check prints nothing: it does not go with --%s", f.name)
			}
		}
	}
	if len(a.seen) > 0 {
		if !o.outs {
			return nil, errors.New("--seen only matters with --outs")
		}
		h, err := ginrummy.ParseHand(strings.Join(a.seen, " "))
		if err != nil {
			return nil, fmt.Errorf("--seen: %w", err)
		}
		o.seen = h
	}
	var err error
	if o.limit, err = a.rules.knockLimit(); err != nil {
		return nil, err
	}
	if o.style, err = newStyleFor(a.color, a.plain, w); err != nil {
		return nil, err
	}
	return o, nil
}

// handler is the stream's line handler: each worker has its own analysis.
func (o *analyzeOptions) handler() lineHandler {
	var a analysis
	return func(out, line []byte, num int) ([]byte, bool, error) {
		h, err := ginrummy.ParseHandBytes(line)
		if err != nil {
			return out, false, err
		}
		return o.hand(out, &a, h, num)
	}
}

// hand analyzes one hand into a and appends its output; num is its line
// number, or 0 for a hand from the arguments.
func (o *analyzeOptions) hand(out []byte, a *analysis, h ginrummy.Hand, num int) ([]byte, bool, error) {
	if o.check {
		no, err := o.knockCheck(h)
		return out, no, err
	}
	if err := o.analyze(a, h); err != nil {
		return out, false, err
	}
	if o.json {
		return o.appendJSON(out, a, num), false, nil
	}
	start := len(out)
	out = o.appendText(out, a, num)
	if o.width > 0 && render.Wider(out[start:], o.width) {
		out = append(out[:start], render.FitLines(out[start:], o.width)...) // FitLines writes a copy
	}
	return out, false, nil
}

// knockCheck answers --check: no when the hand cannot knock.
func (o *analyzeOptions) knockCheck(h ginrummy.Hand) (no bool, err error) {
	canKnock, _, ok := h.CanKnock(o.limit)
	if !ok {
		return false, fmt.Errorf("--check needs 10 cards, or 11 before the discard, not %d", h.Len())
	}
	return !canKnock, nil
}

// analysis is everything shown about one hand.
type analysis struct {
	hand     ginrummy.Hand
	shown    *ginrummy.Arrangement // arr, or for 11 cards advice.Arrangement
	arr      ginrummy.Arrangement  // the hand's, when it is not 11 cards
	verdict  bool                  // 10 or 11 cards: the knock verdict applies
	canKnock bool
	gin      bool
	advice   ginrummy.DiscardAdvice // 11 cards
	outs     ginrummy.Outs          // with --outs
	all      []option               // with --all
}

// option is one arrangement of least deadwood, after a discard for 11 cards.
type option struct {
	discard ginrummy.Card // NoCard for no discard
	arr     ginrummy.Arrangement
}

func (o *analyzeOptions) analyze(a *analysis, h ginrummy.Hand) error {
	n := h.Len()
	if o.outs {
		if n != 10 {
			return fmt.Errorf("--outs needs 10 cards, not %d", n)
		}
		if both := h & o.seen; both != 0 {
			return fmt.Errorf("--seen %s: in the hand, so not out of play", both)
		}
	}
	a.hand = h
	a.canKnock, a.gin, a.verdict = h.CanKnock(o.limit)
	a.all = a.all[:0]
	if n == 11 {
		a.advice = h.AdviseDiscard()
		a.shown = &a.advice.Arrangement
	} else {
		a.arr = h.Arrange()
		a.shown = &a.arr
	}
	if o.outs {
		a.outs = h.Outs(o.seen, o.limit)
	}
	if o.all {
		for discard, arr := range h.KnockArrangements() {
			a.all = append(a.all, option{discard: discard, arr: arr})
		}
	}
	return nil
}

// appendJSON appends the analysis as one line of JSON. The field names are
// documented in docs/json.md and must not change.
func (o *analyzeOptions) appendJSON(b []byte, a *analysis, num int) []byte {
	b = append(b, '{')
	if num > 0 {
		b = append(b, `"line":`...)
		b = strconv.AppendInt(b, int64(num), 10)
		b = append(b, ',')
	}
	b = append(b, `"hand":`...)
	b = render.AppendCardsJSON(b, a.hand)
	b = render.AppendKey(b, "melds")
	b = render.AppendMeldsJSON(b, a.shown.Melds())
	b = render.AppendKey(b, "deadwood_cards")
	b = render.AppendCardsJSON(b, a.shown.Unmelded)
	b = render.AppendIntField(b, "deadwood", a.shown.Deadwood)
	if a.verdict {
		b = render.AppendIntField(b, "knock_limit", o.limit)
		b = render.AppendBoolField(b, "can_knock", a.canKnock)
		b = render.AppendBoolField(b, "gin", a.gin)
	}
	if a.hand.Len() == 11 {
		b = render.AppendBoolField(b, "big_gin", a.advice.BigGin)
		b = render.AppendKey(b, "best_discards")
		b = render.AppendCardsJSON(b, a.advice.Best)
		b = render.AppendKey(b, "discards")
		b = append(b, '[')
		for i, d := range a.advice.Discards {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"card":`...)
			b = render.AppendCardJSON(b, d.Card)
			b = append(b, `,"deadwood":`...)
			b = strconv.AppendInt(b, int64(d.Deadwood), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if o.outs {
		b = render.AppendKey(b, "outs")
		b = append(b, `{"knock":`...)
		b = render.AppendCardsJSON(b, a.outs.Knock)
		b = render.AppendKey(b, "gin")
		b = render.AppendCardsJSON(b, a.outs.Gin)
		b = render.AppendIntField(b, "unseen", a.outs.Unseen)
		b = append(b, '}')
	}
	if o.all {
		b = render.AppendKey(b, "arrangements")
		b = append(b, '[')
		for i, opt := range a.all {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			if opt.discard != ginrummy.NoCard {
				b = append(b, `"discard":`...)
				b = render.AppendCardJSON(b, opt.discard)
				b = append(b, ',')
			}
			b = append(b, `"melds":`...)
			b = render.AppendMeldsJSON(b, opt.arr.Melds())
			b = render.AppendKey(b, "deadwood_cards")
			b = render.AppendCardsJSON(b, opt.arr.Unmelded)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}', '\n')
}

// appendText appends the analysis for a person to read. Hands from stdin are
// labelled with their line number and followed by a blank line.
func (o *analyzeOptions) appendText(b []byte, a *analysis, num int) []byte {
	s := o.style
	if num > 0 {
		b = render.AppendLabel(b, "Line "+strconv.Itoa(num)+":")
	} else {
		b = render.AppendLabel(b, "Hand:")
	}
	b = append(s.AppendCards(b, a.hand), '\n')
	eleven := a.hand.Len() == 11
	if eleven && !a.advice.BigGin {
		b = render.AppendLabel(b, "Discard:")
		b = append(s.appendAlternatives(b, a.advice.Best), '\n')
	}
	b = render.AppendLabel(b, "Melds:")
	b = append(s.AppendMelds(b, a.shown.Melds()), '\n')
	b = append(s.AppendDeadwood(render.AppendLabel(b, "Deadwood:"), a.shown.Unmelded, a.shown.Deadwood), '\n')
	b = append(o.appendVerdict(b, a), '\n')
	if eleven {
		b = s.appendDiscards(b, a.advice.Discards)
	}
	if o.outs {
		b = s.appendOuts(b, "Knock outs:", a.outs.Knock, a.outs.Unseen)
		b = s.appendOuts(b, "Gin outs:", a.outs.Gin, a.outs.Unseen)
	}
	if o.all {
		b = s.appendOptions(b, a.all)
	}
	if num > 0 {
		b = append(b, '\n')
	}
	return b
}

// appendVerdict appends the one-line answer: gin, knock, or not.
func (o *analyzeOptions) appendVerdict(b []byte, a *analysis) []byte {
	s := o.style
	limit := strconv.Itoa(o.limit)
	after := ""
	if a.hand.Len() == 11 {
		after = " after discarding " + s.Cards[a.advice.Discards[0].Card]
	}
	switch {
	case !a.verdict:
		return fmt.Appendf(b, "No knock verdict: %d %s; a knock takes 10, or 11 before the discard.", a.hand.Len(), render.Plural(a.hand.Len(), "card", "cards"))
	case a.advice.BigGin && a.hand.Len() == 11:
		return append(b, s.Good("Big gin: all eleven cards meld.")...)
	case a.gin:
		return append(b, s.Good("Gin"+after+".")...)
	case a.canKnock:
		return append(b, s.Good("Can knock"+after+" (limit "+limit+").")...)
	case after != "":
		return append(b, "Cannot knock: the best discard leaves "+strconv.Itoa(a.shown.Deadwood)+", over the limit of "+limit+"."...)
	}
	return append(b, "Cannot knock: "+strconv.Itoa(a.shown.Deadwood)+" is over the limit of "+limit+"."...)
}

// appendAlternatives appends cards as "A♣, 5♦ or K♠".
func (s *style) appendAlternatives(b []byte, h ginrummy.Hand) []byte {
	var names []string
	for c := range h.All() {
		names = append(names, s.Cards[c])
	}
	return append(b, render.JoinList(names, "or")...)
}

// appendDiscards appends the discards as a table, one line per deadwood
// left, least first.
func (s *style) appendDiscards(b []byte, discards []ginrummy.Discard) []byte {
	for i, d := range discards {
		if i > 0 && d.Deadwood == discards[i-1].Deadwood {
			b = append(b, ' ')
			b = append(b, s.Cards[d.Card]...)
			continue
		}
		if i == 0 {
			b = render.AppendLabel(b, "Discards:")
		} else {
			b = render.AppendLabel(append(b, '\n'), "")
		}
		b = fmt.Appendf(b, "%3d  %s", d.Deadwood, s.Cards[d.Card])
	}
	return append(b, '\n')
}

// appendOuts appends one line of outs and how many of the unseen cards they are.
func (s *style) appendOuts(b []byte, label string, outs ginrummy.Hand, unseen int) []byte {
	b = render.AppendLabel(b, label)
	if outs == 0 {
		b = append(b, "none"...)
	} else {
		b = s.AppendCards(b, outs)
	}
	return fmt.Appendf(b, " (%d of %d unseen)\n", outs.Len(), unseen)
}

// appendOptions appends every arrangement of least deadwood, one a line.
func (s *style) appendOptions(b []byte, all []option) []byte {
	b = fmt.Appendf(b, "Every arrangement of least deadwood (%d):\n", len(all))
	for _, opt := range all {
		b = append(b, "  "...)
		if opt.discard != ginrummy.NoCard {
			b = append(b, "discard "...)
			b = append(b, s.Cards[opt.discard]...)
			b = append(b, ": "...)
		}
		b = s.AppendMelds(b, opt.arr.Melds())
		b = append(b, s.Dash...)
		if opt.arr.Unmelded == 0 {
			b = append(b, "no deadwood"...)
		} else {
			b = append(b, "deadwood "...)
			b = s.AppendCards(b, opt.arr.Unmelded)
		}
		b = append(b, '\n')
	}
	return b
}
