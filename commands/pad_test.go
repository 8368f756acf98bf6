package commands

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/sheets"
)

// gin sheet new over a sheet with no hands replaces it, keeping nothing,
// and says what it took from that sheet: not the rules given.
//
// It runs alone, not in parallel, in its folder (t.Chdir): it sets
// $GIN_SHEET (t.Setenv), which the process shares.
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
	target, _ := sc.Rules.Get("target")
	if err != nil || sc.Players != [2]string{"Cy", "Di"} || sc.Rules.Preset != "modern" || target != 250 {
		t.Errorf("the sheet: %v, %v", sc, err)
	}
}

// A slip in a hand's flags gets the command line that was meant.
//
// It runs alone, not in parallel, in its folder (t.Chdir): it sets
// $GIN_SHEET (t.Setenv), which the process shares.
func TestHandHints(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GIN_SHEET", "")
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob"); r.code != ExitOK {
		t.Fatal(r.stderr)
	}
	gin35 := "--gin takes no number: write --gin --deadwood 35 for the defender's deadwood"
	// Classic's knock limit is 10: 13 is over it, 8 within it.
	swapped := "knock with 13 is over the knock limit of 10; were --knock and --deadwood swapped? --knock is the knocker's deadwood: --knock 8 --deadwood 13"
	tests := []struct {
		args string
		want string // stderr after "gin: "
	}{
		{"sheet add --by a --gin 35", `sheet add: unexpected argument "35" (` + gin35 + ")"},
		{"sheet add --by a --gin=35", "--gin=35: " + gin35},
		{"sheet add --by a --big-gin 35", `sheet add: unexpected argument "35" (--big-gin takes no number: write --big-gin --deadwood 35 for the defender's deadwood)`},
		{"sheet add --by a --gin --deadwood 20 35", `sheet add: unexpected argument "35" (--gin takes no number)`},
		{"score --gin 35", `score: unexpected "35": ` + gin35},
		{"score --gin=35", "--gin=35: " + gin35},
		{"sheet add --by a --knock 13 --deadwood 8", swapped},
		{"score --knock 13 --deadwood 8", swapped},
		// Swapped, 18 would still be over the limit: no question.
		{"sheet add --by a --knock 18 --deadwood 12", "knock with 18 is over the knock limit of 10"},
		// The upcard sets Oklahoma's limit: 5 here, which 8 is over.
		{"score --rules oklahoma --upcard 5s --knock 13 --deadwood 8", "knock with 13 is over the knock limit of 5 set by the upcard 5s"},
		{"score --rules oklahoma --upcard 9s --knock 13 --deadwood 8", "knock with 13 is over the knock limit of 9 set by the upcard 9s; were --knock and --deadwood swapped? --knock is the knocker's deadwood: --knock 8 --deadwood 13"},
	}
	for _, tt := range tests {
		r := run(t, "", shellFields(tt.args)...)
		if want := "gin: " + tt.want + "\n"; r.code != ExitError || r.stderr != want {
			t.Errorf("gin %s: exit %d, stderr %q; want exit 2 and %q", tt.args, r.code, r.stderr, want)
		}
	}

	// A game over: Ann's gin against 90 takes her past 100. The next game's
	// command names the sheet only when the command did.
	if r := run(t, "", "sheet", "add", "--by", "a", "--gin", "--deadwood", "90"); r.code != ExitOK {
		t.Fatal(r.stderr)
	}
	for _, tt := range []struct {
		args []string
		next string
	}{
		{[]string{"sheet", "add", "--draw"}, "gin sheet new (this one"},
		{[]string{"sheet", "add", "--draw", "--sheet", sheets.DefaultPath}, "gin sheet new --sheet gin-sheet.yaml (this one"},
	} {
		r := run(t, "", tt.args...)
		if r.code != ExitError || !strings.Contains(r.stderr, "the game is over (Ann won ") || !strings.Contains(r.stderr, "start the next game with the same players and rules: "+tt.next) {
			t.Errorf("gin %q: exit %d, stderr %q; want the game over and %q", tt.args, r.code, r.stderr, tt.next)
		}
	}
	t.Setenv("GIN_SHEET", sheets.DefaultPath)
	if r := run(t, "", "sheet", "add", "--draw"); !strings.Contains(r.stderr, "rules: gin sheet new (this one") {
		t.Errorf("gin sheet add on $GIN_SHEET: stderr %q; want the plain gin sheet new, which reads $GIN_SHEET too", r.stderr)
	}
}

// gin sheet edit N replaces hand N and says how the end of the game moved.
//
// It runs alone, not in parallel, in its folder (t.Chdir): it sets
// $GIN_SHEET (t.Setenv), which the process shares.
func TestSheetEdit(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GIN_SHEET", "")
	mustRun := func(args ...string) string {
		t.Helper()
		r := run(t, "", args...)
		if r.code != ExitOK || r.stderr != "" {
			t.Fatalf("gin %s: exit %d: %s", strings.Join(args, " "), r.code, r.stderr)
		}
		return r.stdout
	}
	mustRun("sheet", "new", "--players", "Ann,Bob")
	// Classic, to 100: Ann's knocks of 5 against 40 score 35 each; three
	// take her to 105, and the game ends after hand 3.
	for range 3 {
		mustRun(append([]string{"sheet", "add"}, knockArgs("a", 5, 40)...)...)
	}
	// Hand 3 against 20 scores 15: 85, the game is open again.
	out := mustRun(append([]string{"sheet", "edit", "3"}, knockArgs("a", 5, 20)...)...)
	for _, want := range []string{
		"Was:        hand 3, Ann knocks with 5, Bob has 40\n            — Ann scored 35 (deadwood difference 35)\n",
		"Hand 3:     Ann knocks with 5, Bob has 20\n            — Ann scores 15 (deadwood difference 15)\n",
		"            The game is open again (it ended after hand 3).\n",
		"Score:      Ann 85 (3 boxes), Bob 0 (0 boxes)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("gin sheet edit 3:\n%s\nwant it to hold %q", out, want)
		}
	}
	// Hand 2 against 95 scores 90: 35 + 90 = 125 after hand 2, before hand 3.
	edit2 := append([]string{"sheet", "edit", "2"}, knockArgs("a", 5, 95)...)
	r := run(t, "", edit2...)
	if want := "gin: hand 2 as given ends the game after hand 2, and hand 3 came after the end; nothing was changed: if the game did end there, give --drop-later to take that hand out of it (it stays in the sheet as a comment)\n"; r.code != ExitError || r.stderr != want {
		t.Errorf("gin sheet edit 2 ending the game early: exit %d, stderr %q; want %q", r.code, r.stderr, want)
	}
	// Hand 3 against 40 again ends the game after it; then hand 2 ends it
	// after hand 2, with --drop-later.
	mustRun(append([]string{"sheet", "edit", "3"}, knockArgs("a", 5, 40)...)...)
	out = mustRun(append(edit2, "--drop-later")...)
	for _, want := range []string{
		"            The game now ends after hand 2 (it ended after hand 3): Ann wins.\n",
		"            Hand 3 came after the end: kept in the sheet as comments.\n",
		"Score:      Ann 125 (2 boxes), Bob 0 (0 boxes)\nGame over:  Ann wins by ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("gin sheet edit 2 --drop-later:\n%s\nwant it to hold %q", out, want)
		}
	}
	for _, tt := range []struct {
		args string
		want string
	}{
		{"sheet edit --draw", "sheet edit: give the number of the hand to change: gin sheet edit N --by NAME … (gin sheet shows the numbers)"},
		{"sheet edit two --draw", `sheet edit: "two" is not a hand number: give a whole number from 1 (gin sheet shows the numbers)`},
		{"sheet edit 9 --draw", "there is no hand 9: the sheet has 2 hands (1 to 2)"},
		{"sheet edit 1", "sheet edit: say how the hand ended: --knock N, --gin, --big-gin, --knocker CARDS, --draw, or --winner NAME (see gin sheet edit --help)"},
		{"sheet edit 1 --by a --knock 13 --deadwood 8", "knock with 13 is over the knock limit of 10; were --knock and --deadwood swapped? --knock is the knocker's deadwood: --knock 8 --deadwood 13"},
		{"sheet edit 1 --by a --gin 35", `sheet edit: unexpected argument "35" (--gin takes no number: write --gin --deadwood 35 for the defender's deadwood)`},
	} {
		r := run(t, "", shellFields(tt.args)...)
		if want := "gin: " + tt.want + "\n"; r.code != ExitError || r.stderr != want {
			t.Errorf("gin %s: exit %d, stderr %q; want exit 2 and %q", tt.args, r.code, r.stderr, want)
		}
	}
}

// gin help X is X --help for every command a person may type, nested ones
// included.
func TestHelpOfEveryCommand(t *testing.T) {
	t.Parallel()
	walkCommands("", commandList(), func(name string, _ *cli.Command) {
		words := strings.Fields(name)
		help := run(t, "", append([]string{"help"}, words...)...)
		flag := run(t, "", append(words, "--help")...)
		if help.code != ExitOK || help.stdout == "" || help != flag {
			t.Errorf("gin help %s: exit %d, stderr %q, stdout\n%s\nwant what gin %s --help prints:\n%s", name, help.code, help.stderr, help.stdout, name, flag.stdout)
		}
	})
}
