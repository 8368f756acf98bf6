package handfile

import (
	"os"
	"testing"

	"github.com/gin-rummy/gin/sheets/testtmp"
)

// TestMain has the tests' folders made in memory where the system can
// (testtmp.InMemory): on a disk, making and syncing their files took more
// CPU than the tests.
func TestMain(m *testing.M) {
	testtmp.InMemory()
	os.Exit(m.Run())
}
