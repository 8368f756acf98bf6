package commands

import (
	"os"
	"strings"
	"testing"
	"time"
)

// gin sheet list lists the oldest game first, as its help says: the games
// gin sheet new kept on one day, the first under the dated name and the
// next ones under it with -2, -3 and -10, in that order, and the open sheet
// last. It listed -10, -2 and -3 above the first game, by their bytes.
func TestSheetListOldestGameFirst(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	// Ann wins each game in two gins with Bob's 30: 2 × (25 + 30) = 110, past 100.
	for range 3 {
		for range 2 {
			if r := run(t, "", "sheet", "add", "--by", "ann", "--gin", "--deadwood", "30"); r.code != 0 {
				t.Fatal(r.stderr)
			}
		}
		if r := run(t, "", "sheet", "new"); r.code != 0 {
			t.Fatal(r.stderr)
		}
	}
	first := "gin-sheet-" + os.Getenv("GIN_TODAY") + "-Ann-Bob" // the day the tests play on
	// A tenth game's copy, and every game's time the same, as a copy or
	// a coarse clock leaves them: the numbers say the order.
	text, err := os.ReadFile(first + "-3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(first+"-10.yaml", text, 0o644); err != nil {
		t.Fatal(err)
	}
	then := time.Now().Add(-time.Hour)
	for _, f := range []string{first + ".yaml", first + "-2.yaml", first + "-3.yaml", first + "-10.yaml"} {
		if err := os.Chtimes(f, then, then); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, "", "sheet", "list")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
		got = append(got, strings.Fields(line)[0])
	}
	want := []string{first + ".yaml", first + "-2.yaml", first + "-3.yaml", first + "-10.yaml", "gin-sheet.yaml"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("gin sheet list lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
