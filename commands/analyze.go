package commands

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
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
	style     *render.Style
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
		var a render.Analysis
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
	var a render.Analysis
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
func (o *analyzeOptions) hand(out []byte, a *render.Analysis, h ginrummy.Hand, num int) ([]byte, bool, error) {
	if o.check {
		no, err := o.knockCheck(h)
		return out, no, err
	}
	if err := o.analyze(a, h); err != nil {
		return out, false, err
	}
	if o.json {
		return render.AppendAnalysisJSON(out, a, num), false, nil
	}
	start := len(out)
	out = o.style.AppendAnalysis(out, a, num)
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

func (o *analyzeOptions) analyze(a *render.Analysis, h ginrummy.Hand) error {
	n := h.Len()
	if o.outs {
		if n != 10 {
			return fmt.Errorf("--outs needs 10 cards, not %d", n)
		}
		if both := h & o.seen; both != 0 {
			return fmt.Errorf("--seen %s: in the hand, so not out of play", both)
		}
	}
	a.Hand, a.Limit, a.WithOuts, a.WithAll = h, o.limit, o.outs, o.all
	a.CanKnock, a.Gin, a.Verdict = h.CanKnock(o.limit)
	a.All = a.All[:0]
	if n == 11 {
		a.Advice = h.AdviseDiscard()
		a.Shown = &a.Advice.Arrangement
	} else {
		a.Arr = h.Arrange()
		a.Shown = &a.Arr
	}
	if o.outs {
		a.Outs = h.Outs(o.seen, o.limit)
	}
	if o.all {
		for discard, arr := range h.KnockArrangements() {
			a.All = append(a.All, render.Arrangement{Discard: discard, Arr: arr})
		}
	}
	return nil
}
