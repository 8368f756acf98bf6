package commands

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// statsSheets is what gin stats --json counted: sheets and finished games.
func statsSheets(t *testing.T, r result) (sheets, games int) {
	t.Helper()
	var st struct{ Sheets, Games int }
	if err := json.Unmarshal([]byte(r.stdout), &st); err != nil {
		t.Fatalf("not JSON (%v): exit %d %q %q", err, r.code, r.stdout, r.stderr)
	}
	return st.Sheets, st.Games
}

// A file counts once however it is named: twice on the command line, a
// link beside its target, a path on stdin written two ways, a path given
// on stdin and as an argument.
func TestStatsCountsASheetOnce(t *testing.T) {
	statsFolder(t) // four sheets, three of them finished
	if err := os.Symlink("a-classic-shutout.yaml", "link.yaml"); err != nil {
		t.Skipf("no symbolic link: %v", err)
	}
	r := run(t, "", "stats", "--json")
	if s, g := statsSheets(t, r); r.code != 0 || s != 4 || g != 3 {
		t.Errorf("stats in a folder with a link: exit %d, %d sheets, %d games, want 4 and 3", r.code, s, g)
	}
	r = run(t, "", "sheet", "list")
	if r.code != 0 || strings.Contains(r.stdout, "link.yaml") || !strings.Contains(r.stdout, "a-classic-shutout.yaml") || strings.Count(r.stdout, "\n") != 5 {
		t.Errorf("sheet list in a folder with a link: exit %d\n%s", r.code, r.stdout)
	}
	for _, tt := range []struct {
		stdin string
		args  []string
		note  string
	}{
		{"", []string{"a-classic-shutout.yaml", "a-classic-shutout.yaml"}, "gin: a-classic-shutout.yaml is given again: counted once\n"},
		{"", []string{"a-classic-shutout.yaml", "link.yaml"}, "gin: link.yaml is the same file as a-classic-shutout.yaml: counted once\n"},
		{"a-classic-shutout.yaml\n./a-classic-shutout.yaml\n", []string{"-"}, "gin: ./a-classic-shutout.yaml is the same file as a-classic-shutout.yaml: counted once\n"},
		{"a-classic-shutout.yaml\n", []string{"-", "a-classic-shutout.yaml"}, "gin: a-classic-shutout.yaml is given again: counted once\n"},
	} {
		r := run(t, tt.stdin, append([]string{"stats", "--json"}, tt.args...)...)
		if s, g := statsSheets(t, r); r.code != 0 || s != 1 || g != 1 || r.stderr != tt.note {
			t.Errorf("stats %v (stdin %q): exit %d, %d sheets, %d games, stderr %q; want 1, 1 and %q", tt.args, tt.stdin, r.code, s, g, r.stderr, tt.note)
		}
	}
	// - among files reads the paths on stdin in its place.
	r = run(t, "b-classic-open.yaml\n", "stats", "--json", "-", "a-classic-shutout.yaml")
	if s, g := statsSheets(t, r); r.code != 0 || s != 2 || g != 1 || r.stderr != "" {
		t.Errorf("stats - FILE: exit %d, %d sheets, %d games, stderr %q; want 2 and 1", r.code, s, g, r.stderr)
	}
}

// A filter that could select nothing only by mistake is refused, as is a
// second - (stdin is one list).
func TestStatsRefusesFiltersThatSelectNothing(t *testing.T) {
	statsFolder(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--since", ""}, `gin: --since "": give a day as YYYY-MM-DD` + "\n"},
		{[]string{"--until", ""}, `gin: --until "": give a day as YYYY-MM-DD` + "\n"},
		{[]string{"--since", "2026-11-03", "--until", "2026-11-02"}, "gin: --since 2026-11-03 is after --until 2026-11-02: no sheet can start in between; give --since the earlier day\n"},
		{[]string{"--player", ""}, "gin: --player: the name is empty\n"},
		{[]string{"-", "-"}, "gin: stats: - is given twice: stdin holds one list of paths; give - once\n"},
	} {
		r := run(t, "a-classic-shutout.yaml\n", append([]string{"stats"}, tt.args...)...)
		if r.code != ExitError || r.stdout != "" || r.stderr != tt.want {
			t.Errorf("stats %q: exit %d %q %q, want %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
	// One day for both is a day, not nothing.
	r := run(t, "", "stats", "--json", "--since", "2026-11-02", "--until", "2026-11-02")
	if r.code != 0 {
		t.Errorf("stats --since D --until D: exit %d %q", r.code, r.stderr)
	}
}
