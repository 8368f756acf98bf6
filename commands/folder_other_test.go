//go:build !linux

package commands

import "testing"

// parallelIn runs the rest of the test in the folder dir, as t.Chdir does:
// a thread has a working folder of its own on Linux alone, so here the
// test runs alone.
func parallelIn(t *testing.T, dir string) {
	t.Helper()
	t.Chdir(dir)
}

// parallelAbove would let a test whose subtests each take a folder of their
// own (parallelIn) run beside other tests; here they move the process
// (t.Chdir), which a test in parallel may not, and the test runs alone.
func parallelAbove(*testing.T) {}
