//go:build !linux && !darwin

package safefile

// exchange cannot swap two files in one step here (Windows, the BSDs); the
// save compares the file just before its rename instead.
func exchange(a, b string) error { return errNoExchange }
