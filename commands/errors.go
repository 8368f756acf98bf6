package commands

import (
	"errors"
	"fmt"
)

// The exit statuses of gin.
const (
	ExitOK    = 0 // success
	ExitNo    = 1 // the answer to a check is no
	ExitError = 2 // any error: usage, bad card, bad input line
)

// exitError carries an exit status. With a nil err there is nothing left to
// print: the answer is the status itself, or the errors were reported already.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

var (
	// errCheckNo answers a --check with "no".
	errCheckNo = &exitError{code: ExitNo}
	// errReported says that bad input lines were reported one by one.
	errReported = &exitError{code: ExitError}
)

// ExitCode returns the exit status for an error that Run returned: 0 for
// nil, the status an error carries, and ExitError for any other error.
func ExitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	return ExitError
}

// silent reports whether err has nothing left to print.
func silent(err error) bool {
	var e *exitError
	return errors.As(err, &e) && e.err == nil
}
