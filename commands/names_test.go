package commands

import (
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// Å written as one character (U+00C5) and as an A with a combining ring
// (U+030A): two spellings of one name.
const (
	asaComposed   = "\u00c5sa"
	asaDecomposed = "A\u030asa"
)

// A name typed in the other Unicode form is the same player, on a sheet
// and across sheets, as a name typed in another case is on a sheet.
func TestNamesInEitherUnicodeForm(t *testing.T) {
	dir := t.TempDir()
	parallelIn(t, dir)
	first := filepath.Join(dir, "first.yaml")
	if r := run(t, "", "sheet", "new", "--players", asaComposed+",Bob", "--sheet", first); r.code != ExitOK {
		t.Fatalf("sheet new: exit %d %s", r.code, r.stderr)
	}
	// Åsa knocks with 5, Bob has 20: 15 to Åsa.
	r := run(t, "", "sheet", "add", "--by", asaDecomposed, "--knock", "5", "--deadwood", "20", "--sheet", first)
	if r.code != ExitOK || !strings.Contains(r.stdout, asaComposed+" scores 15") {
		t.Errorf("sheet add --by %+q: exit %d\n%s%s", asaDecomposed, r.code, r.stdout, r.stderr)
	}

	// A sheet written by hand with the decomposed spelling, its one hand a
	// gin by Åsa against 10: 30 to Åsa, and the game is hers with a shutout.
	second := "players: [" + asaDecomposed + ", Bob]\ndealer: Bob\nrules:\n  target: 20\nhands:\n  - by: " + asaDecomposed + "\n    gin: true\n    deadwood: 10\n"
	if err := os.WriteFile(filepath.Join(dir, "second.yaml"), []byte(second), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "stats", "--json", "--player", asaDecomposed)
	var st struct {
		Players []struct {
			Name                string
			Hands, Gins, Knocks int
			Games, Wins, Losses int
		}
	}
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &st) != nil {
		t.Fatalf("stats --player %+q: exit %d %s%s", asaDecomposed, r.code, r.stdout, r.stderr)
	}
	if len(st.Players) != 1 || st.Players[0].Name != asaComposed || st.Players[0].Hands != 2 || st.Players[0].Knocks != 1 || st.Players[0].Gins != 1 || st.Players[0].Wins != 1 {
		t.Errorf("stats --player %+q: %+v; want one Åsa (%+q) with 2 hands, a knock, a gin and a win", asaDecomposed, st.Players, asaComposed)
	}
}

// A name a spreadsheet would take for a formula is written to CSV as text,
// with a ' in front (OWASP's advice); the numbers stay numbers.
func TestExportNamesAreNotFormulas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	classic := filepath.Join(dir, "classic.yaml")
	for _, args := range [][]string{
		{"sheet", "new", "--players", "=cmd()|calc,+1", "--sheet", classic},
		// =cmd()|calc knocks with 5, +1 has 20: 15 to =cmd()|calc.
		{"sheet", "add", "--by", "=", "--knock", "5", "--deadwood", "20", "--sheet", classic},
	} {
		if r := run(t, "", args...); r.code != ExitOK {
			t.Fatalf("gin %v: exit %d %s", args, r.code, r.stderr)
		}
	}
	hollywood := filepath.Join(dir, "hollywood.yaml")
	for _, args := range [][]string{
		{"sheet", "new", "--players", "@SUM(A1),-2", "--rules", "hollywood", "--sheet", hollywood},
		// -2 goes gin, @SUM(A1) has 10: 25 + 10 = 35 to -2, in game 1.
		{"sheet", "add", "--by", "-", "--gin", "--deadwood", "10", "--sheet", hollywood},
	} {
		if r := run(t, "", args...); r.code != ExitOK {
			t.Fatalf("gin %v: exit %d %s", args, r.code, r.stderr)
		}
	}
	for _, tc := range []struct {
		path string
		want [][]string
	}{
		{classic, [][]string{
			{"hand", "dealer", "by", "kind", "knocker_deadwood", "defender_deadwood", "scorer", "points", "'=cmd()|calc", "'+1"},
			{"1", "'=cmd()|calc", "'=cmd()|calc", "knock", "5", "20", "'=cmd()|calc", "15", "15", "0"},
		}},
		{hollywood, [][]string{
			{"hand", "dealer", "by", "kind", "knocker_deadwood", "defender_deadwood", "scorer", "points",
				"'@SUM(A1) game 1", "'@SUM(A1) game 2", "'@SUM(A1) game 3", "'-2 game 1", "'-2 game 2", "'-2 game 3"},
			{"1", "'@SUM(A1)", "'-2", "gin", "0", "10", "'-2", "35", "0", "0", "0", "35", "0", "0"},
		}},
	} {
		r := run(t, "", "sheet", "export", "--csv", "--sheet", tc.path)
		rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
		if r.code != ExitOK || err != nil || fmt.Sprint(rows) != fmt.Sprint(tc.want) {
			t.Errorf("export %s: exit %d %v\n%q\nwant\n%q", filepath.Base(tc.path), r.code, err, rows, tc.want)
		}
	}
}

// shownRaw returns the first character of out that would reach a terminal
// raw and should not: a control character other than the line break that
// ends a line (a byte below 0x20, or 0x7f), a bidirectional or zero-width
// character, or a byte that is not UTF-8.
func shownRaw(out string) (string, bool) {
	for i, r := range out {
		if r == '\n' {
			continue
		}
		if r == utf8.RuneError && !strings.HasPrefix(out[i:], "\uFFFD") || yamlfile.UnsafeRune(r) {
			return fmt.Sprintf("%q at byte %d of %q", out[i:i+1], i, out), true
		}
	}
	return "", false
}

// File names with control characters in them, a line break, a byte that is
// not UTF-8 and a right-to-left override: whatever gin prints of them
// reaches the terminal escaped, a table keeps a line a sheet, and gin sheet
// list --json gives each as a path that opens the file.
func TestFileNamesNeverReachTheTerminalRaw(t *testing.T) {
	dir := t.TempDir()
	parallelIn(t, dir)
	names := []string{"\x1b]0;pwned\a\x1b[2Jbomb.yaml", "good\x1b[31m.yaml", "new\nline.yaml", "latin\xe9.yaml", "rtl\u202elmay.yaml"}
	check := func(args ...string) result {
		t.Helper()
		r := run(t, "", args...)
		stdout := r.stdout
		if args[0] == "__complete" { // a tab parts a candidate from its description
			stdout = strings.ReplaceAll(stdout, "\t", " ")
		}
		for _, out := range []string{stdout, r.stderr} {
			if where, ok := shownRaw(out); ok {
				t.Errorf("gin %q printed %s", args, where)
			}
		}
		return r
	}
	for _, name := range names {
		// New sheet: …
		if r := check("sheet", "new", "--players", "Ann,Bob", "--sheet", name); r.code != ExitOK {
			t.Fatalf("sheet new --sheet %q: exit %d %s", name, r.code, r.stderr)
		}
		// Ann goes gin against 90: 110, the game is over.
		check("sheet", "add", "--by", "Ann", "--gin", "--deadwood", "90", "--sheet", name)
		check("sheet", "add", "--by", "Ann", "--gin", "--deadwood", "90", "--sheet", name) // refused: over
		// The finished game was moved to …
		if r := check("sheet", "new", "--sheet", name); !strings.Contains(r.stdout, "moved to") {
			t.Errorf("sheet new --sheet %q after the end: %s%s", name, r.stdout, r.stderr)
		}
		// The sheet that was there is kept as … (an open game, --force).
		check("sheet", "add", "--by", "Bob", "--knock", "3", "--deadwood", "9", "--sheet", name)
		if r := check("sheet", "new", "--players", "Cy,Di", "--force", "--sheet", name); !strings.Contains(r.stdout, "kept as") {
			t.Errorf("sheet new --force --sheet %q: %s%s", name, r.stdout, r.stderr)
		}
		check("sheet", "show", "--sheet", name)
		check("sheet", "show", "--sheet", "missing-"+name)
		check("sheet", "undo", "--sheet", "missing-"+name)
		check("sheet", "new", "--players", "Ann,Bob", "--rules", name, "--sheet", "other.yaml")
		check("stats", name, "missing-"+name)
		check("__complete", "sheet", "add", "--sheet", name, "--by", "")
		// A hand record under such a name, followed and scored.
		hand := "hand-" + name
		check("hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s", "--hand", hand)
		check("hand", "show", "--hand", hand)
		check("hand", "show", "--hand", "missing-"+hand)
		check("sheet", "add", "--hand", hand, "--sheet", name)
		check("sheet", "add", "--hand", "missing-"+hand, "--sheet", name)
	}
	// Sheets that do not load, under such names, and a link to nowhere.
	broken := []string{"players: [Ann]\n", "players: [Ann, Bob]\ndealer: Ann\nhands:\n  - by: Cy\n    gin: true\n    deadwood: 1\n"}
	for i, name := range names[:2] {
		if err := os.WriteFile("broken-"+name, []byte(broken[i]), 0o644); err != nil {
			t.Fatal(err)
		}
		check("sheet", "show", "--sheet", "broken-"+name)
		check("sheet", "add", "--by", "Ann", "--gin", "--deadwood", "9", "--sheet", "broken-"+name)
		check("sheet", "new", "--players", "Ann,Bob", "--sheet", "broken-"+name)
	}
	if err := os.Symlink("nowhere\x1b[2J", "link\x1b[2J.yaml"); err != nil {
		t.Fatal(err)
	}
	check("sheet", "show", "--sheet", "link\x1b[2J.yaml")
	check("stats")
	check("stats", "--json")

	// Every sheet of the folder, a line each, under the header, then a line
	// for each that does not load: the line break in a name breaks no line.
	r := check("sheet", "list")
	entries := 2*len(names) + 1 + 2 // each sheet and its finished game, other.yaml, the two broken (the link leads nowhere)
	rows := strings.Split(r.stdout, "\n")
	if len(rows) < 1+entries {
		t.Fatalf("sheet list: %d lines, want at least %d\n%s", len(rows), 1+entries, r.stdout)
	}
	for _, row := range rows[1 : 1+entries] {
		if !strings.HasSuffix(row, " open") && !strings.Contains(row, " won by ") && !strings.HasSuffix(row, " does not load") {
			t.Errorf("sheet list: a line that is not a sheet's in the table: %q\n%s", row, r.stdout)
		}
	}
	r = check("sheet", "list", "--json")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	opened := 0
	for _, line := range lines {
		var j struct {
			Path       string `json:"path"`
			PathBase64 string `json:"path_base64"`
		}
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Errorf("sheet list --json: %v in %q", err, line)
			continue
		}
		path := j.Path
		if j.PathBase64 != "" {
			b, err := base64.StdEncoding.DecodeString(j.PathBase64)
			if err != nil || utf8.Valid(b) {
				t.Errorf("path_base64 %q of %q: %v; want the bytes of a name that is not UTF-8", j.PathBase64, j.Path, err)
			}
			path = string(b)
		}
		if _, err := os.Stat(path); err != nil {
			t.Errorf("sheet list --json: %q does not open: %v", line, err)
		}
		opened++
	}
	if opened != entries {
		t.Errorf("sheet list --json: %d sheets open, want %d:\n%s", opened, entries, r.stdout)
	}
}
