package ginrummy

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy/internal/testsetup"
)

// TestMain lets the collector run four times less often than by default
// (testsetup.Main): the tests' heap is small, and the solvers and the
// brute-force checks allocate at every hand (the package's tests took 0.91 s
// of CPU with the default, 0.83 s so, the mean of five runs each).
func TestMain(m *testing.M) { testsetup.Main(m) }
