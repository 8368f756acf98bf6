package commands

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/sheets/testsetup"
)

var long = flag.Bool("long", false, "race more rounds of commands run at once")

// TestMain fixes the day new sheets record, so that what the tests and the
// README's examples write is the same every day. It fails the tests when
// they leave a file in the package's folder: each test works in a folder of
// its own (parallelIn), and a file here is one a test's gin wrote outside
// it.
//
// The collector runs four times less often than by default in the tests'
// own process: their heap is small, and collecting took about a tenth of
// the package's CPU. The tests run gin in-process with the app's KeepGC
// set, so no sheet command sets it back. Four tests run side by side, not
// one per core (a -test.parallel given is kept): many wait on a lock, a
// pseudo-terminal or a program of their own, and the cores sat idle. The
// tests' folders are made in memory where the system can
// (testsetup.InMemory): they write thousands of small files.
//
// With GIN_TEST_RUN_APP=1 the test binary is gin itself, for tests that run
// gin as a program of its own (at a pseudo-terminal), with gin's own
// settings.
func TestMain(m *testing.M) {
	if os.Getenv("GIN_TEST_RUN_APP") == "1" {
		os.Exit(ExitCode(NewApp().Run(append([]string{"gin"}, os.Args[1:]...))))
	}
	if err := os.Setenv("GIN_TODAY", "2026-11-23"); err != nil {
		panic(err)
	}
	testsetup.InMemory()
	debug.SetGCPercent(400)
	testsetup.Parallel(4)
	before := folderNames()
	code := m.Run()
	if stray := strayNames(before, folderNames()); code == 0 && len(stray) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: the tests left files in the package's folder, written outside a test's own: %s\n", strings.Join(stray, ", "))
		code = 1
	}
	os.Exit(code)
}

// folderNames are the names in the package's folder.
func folderNames() []string {
	entries, _ := os.ReadDir(".")
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names
}

// strayNames are the names in after and not in before, but for the files
// go test's own flags name (-test.coverprofile and the like).
func strayNames(before, after []string) []string {
	var ours []string
	flag.Visit(func(f *flag.Flag) {
		if strings.HasPrefix(f.Name, "test.") {
			ours = append(ours, filepath.Base(f.Value.String()))
		}
	})
	var stray []string
	for _, name := range after {
		if !slices.Contains(before, name) && !slices.Contains(ours, name) {
			stray = append(stray, name)
		}
	}
	return stray
}
