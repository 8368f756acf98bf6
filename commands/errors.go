package commands

import (
	"errors"
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// The exit statuses of gin.
const (
	ExitOK    = 0 // success
	ExitNo    = 1 // the answer to a check is no; a sheet changed by someone else while a command ran
	ExitError = 2 // any error: usage, bad input (ginrummy.InputError), a failed read or write
	// ExitInterrupted is gin arena or gin review stopped by Ctrl-C after printing the
	// results so far: 128 + SIGINT, as shells report an interrupted command.
	ExitInterrupted = 130
)

// exitStatus is an error that is nothing but an exit status, with nothing
// left to print: the answer to a check, or errors reported one by one.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

var (
	// errCheckNo answers a --check with "no".
	errCheckNo error = exitStatus(ExitNo)
	// errReported says that the errors were reported already.
	errReported error = exitStatus(ExitError)
)

// ExitCode returns the exit status for an error that Run returned: 0 for
// nil, the status of a check's answer, ExitNo for a sheet that changed
// under the command, and ExitError for bad input and for any other failure
// alike, as gin always has.
func ExitCode(err error) int {
	var s exitStatus
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &s):
		return int(s)
	case errors.Is(err, sheets.ErrChanged):
		return ExitNo // nothing wrong with the command: the sheet moved under it
	case badInput(err):
		return ExitError // the input is wrong: other input mends it
	}
	return ExitError // a failure: a read or a write, the system
}

// badInput reports whether err says that what the user gave is wrong (a
// card, a position, a file's contents, a path with no sheet), and not that
// something failed: a member of the ginrummy.InputError family.
func badInput(err error) bool {
	var in ginrummy.InputError
	return errors.As(err, &in)
}

// silent reports whether err has nothing left to print.
func silent(err error) bool {
	var s exitStatus
	return errors.As(err, &s)
}

// errorLine is an error as gin prints it on stderr: "gin: " and the error on
// one line. A name in an error is printed through yamlfile.Printable where
// the error is made; any control character that still reaches here (a
// path in an error from the system, say) is escaped, so that no error line
// moves the terminal's cursor or breaks in two.
func errorLine(err error) string {
	return "gin: " + yamlfile.EscapeControls(message(err)) + "\n"
}

// message is err in the command line's words: the core's words, then what
// to do where a flag or a command mends it (remedy).
func message(err error) string {
	if r := remedy(err); r != "" {
		return err.Error() + "; " + r
	}
	return err.Error()
}

// worded is an error worded by a command for the command line, whole:
// text in place of err's words, err kept for errors.Is and errors.As.
type worded struct {
	text string
	err  error
}

func (e *worded) Error() string { return e.text }

func (e *worded) Unwrap() error { return e.err }

// withRemedy is err with what to do, in place of the remedy that message
// would add: a command that knows better says it.
func withRemedy(err error, what string) error {
	return &worded{err.Error() + "; " + what, err}
}

// remedy says what to do about an error of the sheets that a flag or a
// command mends; "" for none, or when a command worded the error already.
func remedy(err error) string {
	if _, ok := errors.AsType[*worded](err); ok {
		return ""
	}
	if e, ok := errors.AsType[*sheets.ExistingSheetError](err); ok {
		switch e.Reason {
		case sheets.ErrSheetExists:
			return "use --force to start over, or --sheet FILE for another"
		case sheets.ErrNotFinished:
			return "finish it (gin sheet close ends it now), or start over with --force (a copy is kept as .bak), or use --sheet FILE for another"
		}
		return "fix it, or start over with --force (a copy is kept as .bak), or use --sheet FILE for another"
	}
	if e, ok := errors.AsType[*sheets.NotASheetError](err); ok {
		if !e.Exists {
			return "start one with 'gin sheet new --players NAME,NAME'"
		}
		return "give --sheet a file name"
	}
	return ""
}

// adviceError words an error of advice.Advise for gin advise's flags: a
// position that cannot be, or exact figures that cannot be had.
func adviceError(err error) error {
	if e, ok := errors.AsType[*advice.PositionError](err); ok {
		return &worded{positionMessage(e), err}
	}
	if e, ok := errors.AsType[*advice.ExactError](err); ok {
		text := "--exact weighs every hand the opponent can hold alike, which is the uniform model: add --opponent uniform (the evidence model samples hands played forward from a deal)"
		if errors.Is(e, advice.ErrExactTooMany) {
			text = fmt.Sprintf("the opponent can hold %d different hands, more than the %d that --exact enumerates: leave out --exact to sample them", e.Hands, advice.MaxExact)
		}
		return &worded{text, err}
	}
	return err
}

// positionFlags are the flags of gin advise that give each part of a
// position; the hand is its arguments.
var positionFlags = map[advice.Part]string{
	advice.PartHand:        "your hand",
	advice.PartUpcard:      "--upcard",
	advice.PartFromPile:    "--from-pile",
	advice.PartDiscards:    "--discards",
	advice.PartTook:        "--took",
	advice.PartStock:       "--stock",
	advice.PartOffer:       "--offer",
	advice.PartFirstUpcard: "--first-upcard",
}

// positionMessage says what is wrong with a position given by gin advise's
// flags, and which flag mends it.
func positionMessage(e *advice.PositionError) string {
	switch e.Err {
	case advice.ErrHandSize:
		return fmt.Sprintf("the hand has %d cards: give 11 after the draw, or 10 with --upcard CARD", e.Count)
	case advice.ErrDrawn:
		return "the hand has 11 cards, so it has drawn: --upcard is for 10 cards before the draw"
	case advice.ErrNoUpcard:
		return "the hand has 10 cards: give the face-up card with --upcard CARD to decide take or draw, or 11 cards after the draw"
	case advice.ErrNotDrawn:
		return fmt.Sprintf("--from-pile %v: the hand has 10 cards, so it has not drawn; give the 11 cards after taking it", e.Card)
	case advice.ErrNotHeld:
		return fmt.Sprintf("--from-pile %v is not in your hand: give the 11 cards after taking it, with it among them", e.Card)
	case advice.ErrTwoPlaces:
		return fmt.Sprintf("%v is in %s and in %s: a card is in one place only", e.Card, positionFlags[e.Part], positionFlags[e.Other])
	case advice.ErrTookTooMany:
		return fmt.Sprintf("--took names %d cards, but the opponent holds %d", e.Count, e.Most)
	case advice.ErrTooFewUnseen:
		return fmt.Sprintf("only %d cards are unseen, fewer than the %d the opponent holds besides --took: a card is named that cannot be out of play", e.Count, e.Least)
	case advice.ErrStockSize:
		return fmt.Sprintf("--stock %d: the stock can hold %d to %d cards (%d unseen, %d of them in the opponent's hand)", e.Count, e.Least, e.Most, e.Unseen, e.Unseen-e.Most)
	case advice.ErrStockRunDown:
		if e.Part == advice.PartStock {
			return fmt.Sprintf("--stock %d: the hand is over, drawn once a discard leaves %d cards or fewer in the stock; with %d cards in hand the stock holds %d or more", e.Count, ginrummy.StockLeft, e.Held, e.Least)
		}
	}
	return e.Error()
}
