package commands

import (
	"flag"
	"os"
	"testing"
)

var long = flag.Bool("long", false, "race more rounds of commands run at once")

// TestMain fixes the day new sheets record, so that what the tests and the
// README's examples write is the same every day.
//
// With GIN_TEST_RUN_APP=1 the test binary is gin itself, for tests that run
// gin as a program of its own (at a pseudo-terminal).
func TestMain(m *testing.M) {
	if os.Getenv("GIN_TEST_RUN_APP") == "1" {
		os.Exit(ExitCode(NewApp().Run(append([]string{"gin"}, os.Args[1:]...))))
	}
	if err := os.Setenv("GIN_TODAY", "2026-11-23"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
