package commands

import (
	"errors"
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// The exit statuses of gin.
const (
	ExitOK    = 0 // success
	ExitNo    = 1 // the answer to a check is no; a sheet changed by someone else while a command ran
	ExitError = 2 // any error: usage, bad input (ginrummy.InputError), a failed read or write
	// ExitInterrupted is gin arena stopped by Ctrl-C after printing the
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
	return "gin: " + yamlfile.EscapeControls(err.Error()) + "\n"
}
