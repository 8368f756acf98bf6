package equity_test

import (
	"flag"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/internal/testsetup"
)

var long = flag.Bool("long", false, "hold every way a match's hand can end to the plain sampling, after every record")

// TestMain lets the collector run four times less often than by default
// (testsetup.Main): the tests' heap is small, and the matches sampled
// allocate at every hand (the package's tests took 2.4 to 2.6 s of CPU with
// the default, 1.6 to 1.9 s so).
func TestMain(m *testing.M) { testsetup.Main(m) }
