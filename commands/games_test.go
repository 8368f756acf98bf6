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

// statsFolder copies testdata/stats into a folder of its own and moves there,
// the test running beside others (parallelIn).
func statsFolder(t *testing.T) string {
	t.Helper()
	dir := statsCopy(t)
	parallelIn(t, dir)
	return dir
}

// statsCopy copies testdata/stats into a folder of its own.
func statsCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	names, _ := filepath.Glob("../testdata/stats/*.yaml")
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestStatsCommand(t *testing.T) {
	statsFolder(t)
	// With no files: the sheets of the folder; a rules file is not one.
	if err := os.WriteFile("house-rules.yaml", []byte("preset: modern\ntarget: 250\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "stats", "--json")
	var st struct {
		Sheets, Games, Unfinished, Undated int
		Players                            []struct {
			Name                     string
			Games, Wins, FinalPoints int
			HandPoints               int `json:"hand_points"`
		}
		HeadToHead []struct {
			Players [2]string
			Net     map[string]int
		} `json:"head_to_head"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &st) != nil {
		t.Fatalf("gin stats --json: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	if st.Sheets != 4 || st.Games != 3 || st.Unfinished != 1 || st.Undated != 1 || len(st.Players) != 3 || len(st.HeadToHead) != 2 {
		t.Errorf("gin stats --json: %+v", st)
	}
	// A file that is not a sheet: reported by name and line, the others
	// counted, status 1; nothing readable at all: status 2.
	r = run(t, "", "stats", "a-classic-shutout.yaml", "house-rules.yaml", "missing.yaml")
	if r.code != ExitNo || !strings.Contains(r.stdout, "1 sheet: 1 finished game, 0 unfinished") ||
		!strings.Contains(r.stderr, "gin: house-rules.yaml:1:1: unknown field \"preset\" in a sheet") || !strings.Contains(r.stderr, "gin: missing.yaml: no score sheet here; name the files of score sheets\n") {
		t.Errorf("stats with bad files: exit %d\n%s--- stderr\n%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "stats", "house-rules.yaml")
	if r.code != ExitError || r.stdout != "" || !strings.Contains(r.stderr, "no sheet could be read") {
		t.Errorf("stats with no sheet: exit %d %q %q", r.code, r.stdout, r.stderr)
	}
	// Paths on stdin, and the filters.
	r = run(t, "a-classic-shutout.yaml\n\nb-classic-open.yaml\n", "stats", "-", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"sheets":2,`) {
		t.Errorf("stats -: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "stats", "--player", "Cy", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"sheets":1,`) || strings.Contains(r.stdout, `"name":"Ann"`) {
		t.Errorf("stats --player Cy: %s%s", r.stdout, r.stderr)
	}
	// A name in another case is the same player (issue 25 point 3: --player
	// matches as --by does; it matched exactly, case included, before).
	r = run(t, "", "stats", "--player", "cy", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"sheets":1,`) || !strings.Contains(r.stdout, `"name":"Cy"`) || strings.Contains(r.stdout, `"name":"Ann"`) {
		t.Errorf("stats --player cy: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	// A name no sheet has is an error, with the name meant; a name that
	// is there but outside the dates is not.
	r = run(t, "", "stats", "--player", "cx")
	if r.code != ExitError || r.stdout != "" || !strings.Contains(r.stderr, `--player "cx": no sheet read has a player of that name`) || !strings.Contains(r.stderr, `did you mean "Cy"?`) {
		t.Errorf("stats --player cx: exit %d %q %q", r.code, r.stdout, r.stderr)
	}
	if r := run(t, "", "stats", "--player", "Cy", "--since", "2030-01-01"); r.code != 0 {
		t.Errorf("stats --player Cy --since 2030-01-01: exit %d %s", r.code, r.stderr)
	}
	r = run(t, "", "stats", "--since", "2026-11-02", "--json")
	// b (11-02), d (11-03) and the undated c are kept.
	if r.code != 0 || !strings.Contains(r.stdout, `"sheets":3,`) {
		t.Errorf("stats --since: %s%s", r.stdout, r.stderr)
	}
	r = run(t, "", "stats", "--until", "2026-13-01")
	if r.code != ExitError || !strings.Contains(r.stderr, `--until "2026-13-01": give a day as YYYY-MM-DD`) {
		t.Errorf("stats --until 2026-13-01: exit %d %q", r.code, r.stderr)
	}
	// The chart, without colour: no escape sequence, a legend.
	r = run(t, "", "stats", "--chart")
	if r.code != 0 || strings.Contains(r.stdout, "\x1b") || !strings.Contains(r.stdout, "─ Ann   • Bob   + Cy") {
		t.Errorf("stats --chart:\n%s%s", r.stdout, r.stderr)
	}
	if r := run(t, "", "stats", "--chart", "--color", "always"); !strings.Contains(r.stdout, "\x1b[") {
		t.Errorf("stats --chart --color always has no colour:\n%s", r.stdout)
	}
}

func TestSheetListExportChart(t *testing.T) {
	statsFolder(t)
	// A finished game's score is its final one, as the classic rules make
	// it: hand points, the game bonus 100, the shutout's 100 more, 20 a box
	// (Ann: 104 + 100 + 100 + 4×20; Cy: 10 + 100 + 100 + 20).
	r := run(t, "", "sheet", "list")
	if r.code != 0 || strings.Count(r.stdout, "\n") != 5 || !strings.Contains(r.stdout, "c-classic-closed-undated.yaml  undated     Ann–Cy   classic    0–230  won by Cy") || !strings.Contains(r.stdout, "Ann–Bob  classic    384–0  won by Ann") {
		t.Errorf("sheet list: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "sheet", "list", "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"totals":{"Ann":104,"Bob":0},"final":{"Ann":384,"Bob":0},"finished":true`) || !strings.Contains(r.stdout, `"totals":{"Ann":0,"Bob":41},"finished":false`) {
		t.Errorf("sheet list --json: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// A sheet that does not load, with a long error: every line is still
	// one JSON object, not fitted to the width.
	if err := os.WriteFile("e-broken.yaml", []byte("players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Ann\nclosed: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "sheet", "list", "--json")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != ExitError || len(lines) != 5 {
		t.Errorf("sheet list --json with a broken sheet: exit %d, %d lines\n%s", r.code, len(lines), r.stdout)
	}
	for _, l := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("sheet list --json: %v in %q", err, l)
		}
	}
	if err := os.Remove("e-broken.yaml"); err != nil {
		t.Fatal(err)
	}
	// The game is over: after the hands, the bonuses by the classic rules,
	// the totals running on (Ann 104, + the game bonus 100, + 100 more for
	// the shutout, + 4 boxes of 20: 384), and the final row: the winner,
	// the margin, the final scores. CSV is the default: --csv may be left
	// out (issue 25 point 6).
	want := [][]string{
		{"hand", "dealer", "by", "kind", "knocker_deadwood", "defender_deadwood", "scorer", "points", "Ann", "Bob"},
		{"1", "Ann", "Ann", "knock", "5", "20", "Ann", "15", "15", "0"},
		{"2", "Bob", "Bob", "undercut", "6", "6", "Ann", "10", "25", "0"},
		{"3", "Ann", "Ann", "gin", "0", "30", "Ann", "50", "75", "0"},
		{"4", "Bob", "", "draw", "", "", "", "0", "75", "0"},
		{"5", "Bob", "Ann", "knock", "1", "30", "Ann", "29", "104", "0"},
		{"bonus", "", "", "game bonus", "", "", "", "", "204", "0"},
		{"bonus", "", "", "shutout: game bonus doubled", "", "", "", "", "304", "0"},
		{"bonus", "", "", "box bonus", "", "", "", "", "384", "0"},
		{"final", "", "", "result", "", "", "Ann", "384", "384", "0"},
	}
	for _, args := range [][]string{{"--csv"}, {}} {
		r = run(t, "", append([]string{"sheet", "export", "--sheet", "a-classic-shutout.yaml"}, args...)...)
		rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
		if r.code != 0 || err != nil || fmt.Sprint(rows) != fmt.Sprint(want) {
			t.Errorf("export %q: exit %d %v %s\n%v\nwant\n%v", args, r.code, err, r.stderr, rows, want)
		}
	}
	// Hollywood: game 1's column settles (Ann's gin, 35, doubled for the
	// shutout: 70, + the game bonus 100, + a box of 25: 195); games 2 and 3,
	// void, stay at 0; the final row's winner and margin are the match's.
	r = run(t, "", "sheet", "export", "--sheet", "d-hollywood-closed.yaml")
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if head := strings.SplitN(r.stdout, "\n", 2)[0]; err != nil || !strings.HasSuffix(head, ",Ann game 1,Ann game 2,Ann game 3,Bob game 1,Bob game 2,Bob game 3") {
		t.Errorf("Hollywood export header: %q %v", head, err)
	}
	wantEnd := [][]string{
		{"1", "Ann", "Ann", "gin", "0", "10", "Ann", "35", "35", "0", "0", "0", "0", "0"},
		{"bonus", "", "", "shutout: hand points doubled", "", "", "", "", "70", "0", "0", "0", "0", "0"},
		{"bonus", "", "", "game bonus", "", "", "", "", "170", "0", "0", "0", "0", "0"},
		{"bonus", "", "", "box bonus", "", "", "", "", "195", "0", "0", "0", "0", "0"},
		{"final", "", "", "result", "", "", "Ann", "195", "195", "0", "0", "0", "0", "0"},
	}
	if len(rows) != 6 || fmt.Sprint(rows[1:]) != fmt.Sprint(wantEnd) {
		t.Errorf("Hollywood export:\n%v\nwant\n%v", rows, wantEnd)
	}
	// An open game has no settlement rows.
	r = run(t, "", "sheet", "export", "--sheet", "b-classic-open.yaml")
	if rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll(); err != nil || len(rows) != 3 || rows[2][0] != "2" {
		t.Errorf("export of an open game: %q %v", rows, err)
	}
	r = run(t, "", "sheet", "show", "--chart", "--sheet", "a-classic-shutout.yaml")
	if r.code != 0 || strings.Contains(r.stdout, "\x1b") || !strings.Contains(r.stdout, "─ Ann   • Bob   + target 100") {
		t.Errorf("show --chart:\n%s%s", r.stdout, r.stderr)
	}
}

func TestNewKeepsEveryGame(t *testing.T) {
	dir := t.TempDir()
	parallelIn(t, dir)
	// No sheet in the folder: the players must be named.
	if r := run(t, "", "sheet", "new"); r.code != ExitError || !strings.Contains(r.stderr, "name the two players with --players NAME,NAME") {
		t.Errorf("new in an empty folder: %d %q", r.code, r.stderr)
	}
	run(t, "", "sheet", "new", "--players", "Ann,Bob", "--rules", "modern")
	run(t, "", "sheet", "add", "--by", "ann", "--knock", "3", "--deadwood", "9")
	// An unfinished game is not replaced.
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob"); r.code != ExitError || !strings.Contains(r.stderr, "not finished") {
		t.Errorf("new over an open game: %d %q", r.code, r.stderr)
	}
	run(t, "", "sheet", "add", "--by", "ann", "--gin", "--deadwood", "90")
	// Finished: new moves it aside and remembers the players and rules.
	r := run(t, "", "sheet", "new")
	moved := "gin-sheet-2026-11-23-Ann-Bob.yaml"
	if r.code != 0 || !strings.HasPrefix(r.stdout, "Players and rules of the finished game") || !strings.Contains(r.stdout, "The finished game was moved to "+moved) {
		t.Fatalf("new after a finished game: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "Rules:      modern") {
		t.Errorf("the new game's rules:\n%s", r.stdout)
	}
	if data, err := os.ReadFile(moved); err != nil || !strings.Contains(string(data), "gin: true") {
		t.Errorf("the finished game is not kept in %s: %v", moved, err)
	}
	// Again: the dated name is taken, so -2.
	run(t, "", "sheet", "add", "--by", "bob", "--gin", "--deadwood", "90")
	if r := run(t, "", "sheet", "new"); !strings.Contains(r.stdout, "moved to gin-sheet-2026-11-23-Ann-Bob-2.yaml") {
		t.Errorf("a second finished game: %q", r.stdout)
	}
	// --force over an open game keeps a copy.
	run(t, "", "sheet", "add", "--by", "bob", "--knock", "3", "--deadwood", "9")
	before, _ := os.ReadFile("gin-sheet.yaml")
	r = run(t, "", "sheet", "new", "--players", "Cy,Di", "--force")
	bak, err := os.ReadFile("gin-sheet.yaml.bak")
	if r.code != 0 || err != nil || string(bak) != string(before) || !strings.Contains(r.stdout, "kept as gin-sheet.yaml.bak") {
		t.Errorf("new --force: exit %d %q; backup %v", r.code, r.stderr, err)
	}
	// Completion offers the players of the sheet after --by and --winner.
	if r := run(t, "", "__complete", "sheet", "add", "--by", ""); !strings.Contains(r.stdout, "Cy\t") || !strings.Contains(r.stdout, "Di\t") {
		t.Errorf("completion after --by: %q", r.stdout)
	}
	if r := run(t, "", "__complete", "sheet", "add", "--sheet", moved, "--winner", ""); !strings.Contains(r.stdout, "Ann\t") {
		t.Errorf("completion after --winner with --sheet: %q", r.stdout)
	}
}

// A finished game's refusal suggests gin sheet new on the same sheet, and
// that takes the players and rules of the sheet it replaces, even when
// another game in the folder was written since.
func TestNewAfterTheEndKeepsThePlayers(t *testing.T) {
	parallelIn(t, t.TempDir())
	run(t, "", "sheet", "new", "--players", "Ann,Bob", "--rules", "modern")
	run(t, "", "sheet", "new", "--players", "Cy,Di", "--sheet", "other.yaml")
	run(t, "", "sheet", "add", "--by", "ann", "--gin", "--deadwood", "90")
	run(t, "", "sheet", "add", "--by", "cy", "--knock", "3", "--deadwood", "9", "--sheet", "other.yaml")
	r := run(t, "", "sheet", "add", "--draw")
	hint := "gin sheet new (this one"
	if r.code != ExitError || !strings.Contains(r.stderr, hint) {
		t.Fatalf("add after the end: exit %d %q, want the hint %q", r.code, r.stderr, hint)
	}
	r = run(t, "", "sheet", "new")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "Players and rules of the finished game") ||
		!strings.Contains(r.stdout, "Players:    Ann, Bob") || !strings.Contains(r.stdout, "Rules:      modern") {
		t.Errorf("%s: exit %d\n%s%s", hint, r.code, r.stdout, r.stderr)
	}
}

// BenchmarkStats1000 is the target: a thousand sheets in a second.
func BenchmarkStats1000(b *testing.B) {
	dir := b.TempDir()
	data, err := os.ReadFile("../testdata/stats/a-classic-shutout.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for i := range 1000 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%04d.yaml", i)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.Chdir(dir)
	for b.Loop() {
		if r := run(&testing.T{}, "", "stats", "--json"); r.code != 0 {
			b.Fatal(r.stderr)
		}
	}
}

// A sheet whose rules differ from its preset says so wherever it names the
// rules, so that a changed rule is never hidden behind the preset's name.
func TestSheetShowsChangedRules(t *testing.T) {
	parallelIn(t, t.TempDir())
	want := "Rules:      classic, game to 100; changed: knock_limit 9, gin_bonus 30\n"
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--knock-limit", "9", "--gin-bonus", "30"); r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Errorf("sheet new: exit %d\n%s%s; want %q", r.code, r.stdout, r.stderr, want)
	}
	if r := run(t, "", "sheet", "show"); r.code != 0 || !strings.Contains(r.stdout, want) {
		t.Errorf("sheet show: exit %d\n%s%s; want %q", r.code, r.stdout, r.stderr, want)
	}
	// The list marks it, and says what the mark means; a sheet under the
	// preset as it is is not marked.
	run(t, "", "sheet", "new", "--players", "Cy,Di", "--sheet", "plain.yaml")
	r := run(t, "", "sheet", "list")
	lines := strings.Split(r.stdout, "\n")
	if r.code != 0 || len(lines) < 4 || !strings.Contains(lines[1], " classic* ") || !strings.Contains(lines[2], " classic ") ||
		lines[3] != "* rules changed from the preset: gin sheet show names them." {
		t.Errorf("sheet list: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", "sheet", "list", "--json")
	if first := strings.Split(r.stdout, "\n")[0]; r.code != 0 || !strings.Contains(first, `"rules":"classic","changed":["knock_limit 9","gin_bonus 30"]`) {
		t.Errorf("sheet list --json: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if second := strings.Split(r.stdout, "\n")[1]; strings.Contains(second, "changed") {
		t.Errorf("sheet list --json marks a sheet under its preset as changed: %s", second)
	}
}

// gin sheet list names what is wrong with the folder it was given.
func TestSheetListNotAFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "x.yaml")
	if err := os.WriteFile(file, []byte("players: [Ann, Bob]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nope")
	for _, tt := range []struct{ arg, want string }{
		{missing, fmt.Sprintf("gin: sheet list: no folder %q: name a folder of score sheets\n", missing)},
		{file, fmt.Sprintf("gin: sheet list: %q is a file, not a folder: name the folder it is in (gin sheet show --sheet FILE shows one sheet)\n", file)},
	} {
		if r := run(t, "", "sheet", "list", tt.arg); r.code != ExitError || r.stderr != tt.want || r.stdout != "" {
			t.Errorf("sheet list %s: exit %d %q %q, want %q", tt.arg, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}
