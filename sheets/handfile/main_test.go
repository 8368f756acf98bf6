package handfile

import (
	"os"
	"testing"

	"github.com/gin-rummy/gin/sheets/testsetup"
)

// TestMain has the tests' folders made in memory where the system can
// (testsetup.InMemory): on a disk, making and syncing their files took more
// CPU than the tests.
func TestMain(m *testing.M) {
	testsetup.InMemory()
	os.Exit(m.Run())
}
