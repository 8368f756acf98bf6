package commands

import (
	"os"
	"testing"
)

// TestMain fixes the day new sheets record, so that what the tests and the
// README's examples write is the same every day.
func TestMain(m *testing.M) {
	if err := os.Setenv("GIN_TODAY", "2026-11-23"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
