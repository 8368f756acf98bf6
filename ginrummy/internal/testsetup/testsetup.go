// Package testsetup is what the TestMain of ginrummy's packages share, for
// tests alone (no package of gin imports it outside its tests): the
// collector run four times less often than by default. The tests' heaps are
// small and they allocate at every hand, deal or decision; each TestMain
// says what it saved. (sheets/testsetup is what the packages that write
// files share: where their temporary files go, how many tests run at once.)
package testsetup

import (
	"os"
	"runtime/debug"
	"testing"
)

// Main runs the package's tests, the collector at 400 percent, and exits
// with their status.
func Main(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
