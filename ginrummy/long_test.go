package ginrummy

import (
	"flag"
	"testing"
)

// The brute-force comparisons are exhaustive only under -long (.ci/run turns
// it on); by default they check a sample large enough to catch a regression
// and keep `go test ./...` quick.
var long = flag.Bool("long", false, "run the exhaustive brute-force checks")

// trials is how many random cases a brute-force comparison checks: full
// under -long, quick under -short, and a twentieth of full otherwise.
func trials(full, quick int) int {
	switch {
	case *long:
		return full
	case testing.Short():
		return quick
	}
	return max(full/20, quick)
}
