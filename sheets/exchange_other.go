//go:build !linux

package sheets

import "errors"

// errNoExchange is the reason exchange cannot swap two files on this system.
var errNoExchange = errors.New("cannot swap two files in one step here")

// exchange cannot swap two files in one step outside Linux; the save
// compares the file just before its rename instead.
func exchange(a, b string) error { return errNoExchange }
