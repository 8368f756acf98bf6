//go:build !linux

package commands

import "testing"

// parallelIn runs the rest of the test in the folder dir, as t.Chdir does:
// a thread has a working folder of its own on Linux alone, so here the
// test runs alone.
func parallelIn(t *testing.T, dir string) {
	t.Helper()
	parallelIn(t, dir)
}
