package commands

import (
	"os"
	"slices"
	"testing"

	"github.com/gin-rummy/gin/sheets"
)

// gin sheet new over a sheet with no hands replaces it, keeping nothing,
// and says what it took from that sheet: not the rules given.
func TestSheetNewOverABlankSheet(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GIN_SHEET", "")
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob"); r.code != ExitOK {
		t.Fatal(r.stderr)
	}
	tests := []struct {
		args []string
		note string // the lines before "New sheet:"
	}{
		{[]string{"--players", "Cy,Di"}, "The sheet that was there had no hands: it was replaced.\n"},
		{[]string{"--rules", "modern"}, "Players as on gin-sheet.yaml (give --players for others).\nThe sheet that was there had no hands: it was replaced.\n"},
		{[]string{"--target", "250"}, "Players and rules as on gin-sheet.yaml, but for --target (give --players and --rules for others).\nThe sheet that was there had no hands: it was replaced.\n"},
		{nil, "Players and rules as on gin-sheet.yaml (give --players and --rules for others).\nThe sheet that was there had no hands: it was replaced.\n"},
	}
	for _, tt := range tests {
		r := run(t, "", append([]string{"sheet", "new"}, tt.args...)...)
		if want := tt.note + "New sheet:  gin-sheet.yaml\n"; r.code != ExitOK || r.stderr != "" || len(r.stdout) < len(want) || r.stdout[:len(want)] != want {
			t.Errorf("gin sheet new %q: exit %d, stderr %q, stdout\n%s\nwant it to start\n%s", tt.args, r.code, r.stderr, r.stdout, want)
		}
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{sheets.DefaultPath}) {
		t.Errorf("the folder holds %q; want the sheet alone, no .bak", names)
	}
	// The last new took players and rules from the one before: Cy and Di,
	// modern to 250 (the --target on modern).
	sc, err := sheets.Show(sheets.DefaultPath)
	if err != nil || sc.Players != [2]string{"Cy", "Di"} || sc.Rules.Preset != "modern" || *sc.Rules.Target != 250 {
		t.Errorf("the sheet: %v, %v", sc, err)
	}
}
