package commands

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	t.Chdir(dir)
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

func TestCSVText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ann", "Ann"},
		{"", ""},
		{"=1+1", "'=1+1"},
		{"+1", "'+1"},
		{"-1", "'-1"},
		{"@A1", "'@A1"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"Ann=1", "Ann=1"}, // only the first character counts
		{"'x", "'x"},
	} {
		if got := csvText(tc.in); got != tc.want {
			t.Errorf("csvText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
