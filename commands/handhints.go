package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
)

// The hints that turn a slip in the flags of a hand (gin score, gin sheet
// add and edit) into the command line that was meant.

// switchNumber is the hint for a number given after a switch that takes
// none, "--gin 35": the number is the defender's deadwood, which goes with
// --deadwood; "" when arg is not such a number. h is the hand flags given.
func switchNumber(h handArgs, arg string) string {
	if _, err := strconv.Atoi(arg); err != nil {
		return ""
	}
	for _, sw := range []struct {
		name string
		on   bool
	}{{"gin", h.gin}, {"big-gin", h.bigGin}, {"draw", h.draw}} {
		name := sw.name
		if !sw.on {
			continue
		}
		if name == "draw" || h.deadwoodSet {
			return fmt.Sprintf("--%s takes no number", name)
		}
		return fmt.Sprintf("--%s takes no number: write --%s --deadwood %s for the defender's deadwood", name, name, arg)
	}
	return ""
}

// boolNumber is the hint for a number given to a switch with "=", as in
// "--gin=35", from the parser's message; "" for any other message.
func boolNumber(msg string) string {
	value, rest, ok := strings.Cut(strings.TrimPrefix(msg, "invalid boolean value "), " for -")
	if !ok || value == msg {
		return ""
	}
	n, err := strconv.Unquote(value)
	name, _, _ := strings.Cut(rest, ":")
	if err != nil || (name != "gin" && name != "big-gin") {
		return ""
	}
	if _, err := strconv.Atoi(n); err != nil {
		return ""
	}
	return fmt.Sprintf("--%s=%s: --%s takes no number: write --%s --deadwood %s for the defender's deadwood", name, n, name, name, n)
}

// swappedHint adds to a knock over the limit the question whether --knock
// and --deadwood were swapped, when swapping them gives a knock within the
// limit: "--knock 13 --deadwood 8" under a limit of 10.
func swappedHint(h handArgs, err error) error {
	kerr, ok := errors.AsType[*ginrummy.KnockLimitError](err)
	if !ok || !h.knockSet || !h.deadwoodSet {
		return err
	}
	knock, deadwood := h.knock, h.deadwood
	if knock != kerr.Knock || deadwood > kerr.Limit || deadwood >= knock {
		return err
	}
	return fmt.Errorf("%w; were --knock and --deadwood swapped? --knock is the knocker's deadwood: --knock %d --deadwood %d", err, deadwood, knock)
}

// gameOverHint words the refusal of a hand on a game that is over: the
// command that starts the next game names the sheet only when the command
// did (sheetGiven: --sheet; gin sheet new finds the default sheet, or
// $GIN_SHEET, by itself).
func gameOverHint(sheetGiven bool, err error) error {
	gerr, ok := errors.AsType[*sheets.GameOverError](err)
	if !ok {
		return err
	}
	next := "gin sheet new"
	if sheetGiven {
		next += " --sheet " + render.ShellQuote(gerr.Path)
	}
	return &worded{fmt.Sprintf("%s; start the next %s with the same players and rules: %s (this one is kept under a dated name)", gerr.Outcome(), gerr.What, next), err}
}
