package commands

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The dated name a finished game is kept under fits a file name (255
// bytes): long players' names are cut, each keeping what it can, and so is
// a long sheet name; the -2 of a second game never pushes a name over.
// gin sheet new spun for ever on such names.
func TestNewKeepsAGameWithLongNames(t *testing.T) {
	a117, b117 := strings.Repeat("A", 117), strings.Repeat("B", 117)
	a114, b114 := strings.Repeat("A", 114), strings.Repeat("B", 114)
	s230 := strings.Repeat("s", 230)
	tests := []struct {
		players, sheet string
		want           []string // the names the finished games are kept under, in order
	}{
		// gin-sheet-2026-11-23-A…-B….yaml: 255 bytes leave 228 for the
		// two names, 114 each; with -2, 113 each.
		{a117 + "," + b117, "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-" + a114 + "-" + b114 + ".yaml",
			"gin-sheet-2026-11-23-" + a114[:113] + "-" + b114[:113] + "-2.yaml",
		}},
		// A name that fits exactly: its -2 takes a byte from each player.
		{a114 + "," + b114, "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-" + a114 + "-" + b114 + ".yaml",
			"gin-sheet-2026-11-23-" + a114[:113] + "-" + b114[:113] + "-2.yaml",
		}},
		// A short name keeps all of itself; the long one gets the rest:
		// 255 less gin-sheet-2026-11-23-Al- (24) and .yaml (5).
		{"Al," + b117 + b117, "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-Al-" + strings.Repeat("B", 255-24-5) + ".yaml",
		}},
		// A sheet's name of 235 bytes (the longest whose save's temporary
		// file, 20 bytes longer, is a name) with the day is 241 bytes, and
		// -Ann-Bob.yaml takes it to 254; the -2 takes 2 bytes from the
		// players, which share the 7 left (-An, -Bob).
		{"Ann,Bob", s230 + ".yaml", []string{
			s230 + "-2026-11-23-Ann-Bob.yaml",
			s230 + "-2026-11-23-An-Bob-2.yaml",
			s230 + "-2026-11-23-An-Bob-3.yaml",
		}},
		// Wide characters are cut whole: the 114 bytes of each share hold
		// 38 characters of 3 bytes, or 28 of 4.
		{strings.Repeat("𝄞", 117) + "," + strings.Repeat("中", 117), "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-" + strings.Repeat("𝄞", 28) + "-" + strings.Repeat("中", 38) + ".yaml",
		}},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		sheet := filepath.Join(dir, tt.sheet)
		for i, want := range tt.want {
			args := []string{"sheet", "new", "--sheet", sheet}
			if i == 0 {
				args = append(args, "--players", tt.players)
			}
			run(t, "", args...)
			first := strings.SplitN(tt.players, ",", 2)[0]
			run(t, "", "sheet", "add", "--by", first, "--gin", "--deadwood", "90", "--sheet", sheet)
			done := make(chan result, 1)
			go func() { done <- run(t, "", "sheet", "new", "--sheet", sheet) }()
			var r result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("players %.20s…, sheet %.20s…: gin sheet new hangs", tt.players, tt.sheet)
			}
			if len(want) > 255 {
				t.Fatalf("the test's name is %d bytes", len(want))
			}
			if r.code != 0 || !strings.Contains(r.stdout, "The finished game was moved to "+filepath.Join(dir, want)+".\n") {
				t.Errorf("players %.20s…, sheet %.20s…, game %d: exit %d\n%s%s\nwant it moved to %s", tt.players, tt.sheet, i+1, r.code, r.stdout, r.stderr, want)
			}
			if data, err := os.ReadFile(filepath.Join(dir, want)); err != nil || !strings.Contains(string(data), "gin: true") {
				t.Errorf("the finished game is not in %s: %v", want, err)
			}
		}
	}
}
