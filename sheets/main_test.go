package sheets

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/gin-rummy/gin/sheets/testsetup"
)

// TestMain fixes the day new sheets record, so that what the tests write
// is the same every day, and runs more tests side by side than there are
// cores: most of this package's tests wait on fsync, on a lock or on
// another process, not on the CPU, so with only one test per core the
// cores sit idle. A -test.parallel given on the command line is kept. The
// heap the tests make is small, so the collector is let run four times less
// often than by default: it spent about a sixth of the package's CPU. The
// tests' folders are made in memory where the system can
// (testsetup.InMemory): on a disk, making their files took more CPU than the
// tests.
func TestMain(m *testing.M) {
	if err := os.Setenv("GIN_TODAY", "2026-11-23"); err != nil {
		panic(err)
	}
	testsetup.InMemory()
	debug.SetGCPercent(400)
	testsetup.Parallel(4)
	os.Exit(m.Run())
}
