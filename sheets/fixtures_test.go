package sheets

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the good-*.yaml sheets of testdata/sheets that gin writes")

// The races of many rounds run all their rounds only under -long (.ci/run
// turns it on); by default a few rounds of each kind keep `go test ./...`
// quick.
var long = flag.Bool("long", false, "run every round of the races with writers and editors")

// fixtures is the folder of sheets shared with the command-line tests.
const fixtures = "../testdata/sheets"

// copyFixture copies a fixture into a fresh folder, under its own name, so
// that locking it and any write land there and not in testdata.
func copyFixture(t *testing.T, name string) (path string, data []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtures, name))
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

func TestMalformedSheets(t *testing.T) {
	t.Parallel()
	tests := []struct{ file, want string }{
		{"bad-unknown-field.yaml", `:11:5: unknown field "deadwod" in hand 1: the fields are by, knock, gin, big_gin, deadwood, knocker, defender, draw, winner, points, upcard, record`},
		{"bad-unknown-rules-field.yaml", `:7:3: unknown field "targte" in rules: the fields are preset, knock_limit, upcard_limit, gin_bonus, big_gin, big_gin_bonus, undercut_bonus, tie_is_undercut, box_bonus, game_bonus, shutout, shutout_bonus, shutout_when, target, hand_limit, spade_doubles, games_at_once, dealer_rule`},
		{"bad-unknown-player.yaml", `:10: hand 2: by: "Carl" is not a player on this sheet (Ann, Bob)`},
		{"bad-unknown-dealer.yaml", `:7: dealer: "Cy" is not a player on this sheet (Ann, Bob)`},
		{"bad-one-player.yaml", `:2: players: a sheet has two players, this one has 1`},
		{"bad-knock-over-limit.yaml", `:15: hand 3: knock with 12 is over the knock limit of 10`},
		{"bad-negative-deadwood.yaml", `:11: hand 1: deadwood -2 cannot be negative`},
		{"bad-gin-with-knock.yaml", `:11: hand 1: a gin has no knocker's deadwood: give knock or gin, not both`},
		{"bad-two-forms.yaml", `:9: hand 1: give exactly one of: knock, gin, big_gin, knocker+defender, draw, winner+points`},
		{"bad-missing-deadwood.yaml", `:9: hand 1: deadwood: the defender's deadwood is missing`},
		{"bad-too-much-deadwood.yaml", `:11: hand 1: the defender's deadwood 120: ten cards hold at most 98 deadwood`},
		{"bad-negative-points.yaml", `:10: hand 1: points -5 cannot be negative`},
		{"bad-yaml-syntax.yaml", `:10: the YAML does not parse here (the parser says "mapping values are not allowed in this context"): check the indentation (spaces only, items of a list lined up under each other) and the colons and dashes`},
		{"bad-two-documents.yaml", `:5: a second YAML document (after ---): a sheet is one document; remove the --- line and what follows, or move it to a file of its own`},
		{"bad-oklahoma-no-upcard.yaml", `:13: hand 2: no upcard: these rules need the upcard`},
		{"bad-no-big-gin.yaml", `:13: hand 2: big gin is not played under these rules (big_gin: false)`},
		{"bad-oklahoma-upcard-limit.yaml", `:10: hand 1: knock with 6 is over the knock limit of 4 set by the upcard 4d`},
		{"bad-oklahoma-ace-upcard.yaml", `:10: hand 1: knock with 1 is over the knock limit of 0: an ace upcard allows gin only`},
		{"bad-upcard.yaml", `:12: hand 1: upcard: card 1 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{"bad-hand-after-end.yaml", `:22: hand 5: the game is over: it ended with hand 4`},
		{"bad-closed-tied.yaml", `:13: closed: cannot close the game: the score is tied at 20–20 (a closed game goes to the leader)`},
	}
	listed := map[string]bool{}
	for _, tt := range tests {
		listed[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			path, data := copyFixture(t, tt.file)
			want := path + tt.want
			actions := []struct {
				name string
				do   func() error
			}{
				{"Read", func() error { _, err := Read(path); return err }},
				{"Show", func() error { _, err := Show(path); return err }},
				{"Open", func() error {
					f, err := Open(path)
					if err == nil {
						return f.Close()
					}
					return err
				}},
				{"Add", func() error { _, err := Add(path, drawn()); return err }},
				{"Undo", func() error { _, _, err := Undo(path); return err }},
				{"Close", func() error { _, _, err := Close(path); return err }},
			}
			for _, a := range actions {
				if err := a.do(); err == nil || err.Error() != want {
					t.Errorf("%s: %v\nwant %s", a.name, err, want)
				}
				if got, _ := os.ReadFile(path); string(got) != string(data) {
					t.Fatalf("%s changed the file", a.name)
				}
			}
		})
	}
	bad, _ := filepath.Glob(filepath.Join(fixtures, "bad-*.yaml"))
	for _, name := range bad {
		if !listed[filepath.Base(name)] {
			t.Errorf("%s has no expected error here", name)
		}
	}
}

// goldenSheets are the good fixtures that gin writes itself: each is
// checked to be exactly what playing its hands writes (run with -update
// to rewrite them), and to hold the scores of scoring-examples.md.
var goldenSheets = []struct {
	file   string
	preset string
	hands  []HandRecord
	close  bool
	totals [2]int
	result *ended // nil while the game is open
}{
	{file: "good-new.yaml", preset: "classic"},
	{
		file: "good-gv1-classic.yaml", preset: "classic", hands: gv1, totals: [2]int{100, 35},
		result: &ended{winner: "Ann", after: 4, final: [2]int{260, 55}, net: 205},
	},
	{
		file: "good-gv4-classic-closed.yaml", preset: "classic", hands: gv4, close: true, totals: [2]int{57, 45},
		result: &ended{winner: "Ann", after: 13, final: [2]int{297, 145}, net: 152, closed: true},
	},
	{
		file: "good-gv6-classic-open.yaml", preset: "classic", hands: gv6[:6], totals: [2]int{95, 92},
	},
	{
		file: "good-gv7-oklahoma.yaml", preset: "oklahoma", hands: gv7, totals: [2]int{150, 128},
		result: &ended{winner: "Ann", after: 6, final: [2]int{325, 203}, net: 122},
	},
	{
		file: "good-hollywood.yaml", preset: "hollywood", hands: hollywood, totals: [2]int{107 + 103 + 58, 47 + 108},
		result: &ended{winner: "Ann", after: 9, final: [2]int{414 + 303 + 133, 97 + 283}, net: 470},
	},
}

func TestGoldenSheets(t *testing.T) {
	// Each sheet is played in its own folder and waits on the disk, so the
	// sheets are played side by side, unless -update rewrites the fixtures
	// that other tests copy.
	if !*update {
		t.Parallel()
	}
	for _, tt := range goldenSheets {
		t.Run(tt.file, func(t *testing.T) {
			if !*update {
				t.Parallel()
			}
			path := playTo(t, tt.preset, tt.hands)
			if tt.close {
				if _, _, err := Close(path); err != nil {
					t.Fatal(err)
				}
			}
			got := readFile(t, path)
			golden := filepath.Join(fixtures, tt.file)
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("gin writes:\n%s\nthe fixture holds:\n%s", got, want)
			}
			fixture, _ := copyFixture(t, tt.file)
			sc, err := Show(fixture)
			if err != nil {
				t.Fatal(err)
			}
			if sc.Totals.Values != tt.totals {
				t.Errorf("totals %v, want %v", sc.Totals.Values, tt.totals)
			}
			switch {
			case tt.result == nil && sc.Result != nil:
				t.Errorf("result %+v, want the game open", sc.Result)
			case tt.result != nil:
				checkResult(t, sc.Result, tt.totals, *tt.result)
			}
		})
	}
}

func TestHandEditedFixture(t *testing.T) {
	t.Parallel()
	// The first hand's deadwood was corrected from 22 to 32 and the
	// sections after the hands are stale: GV6 under classic, three hands in.
	path, data := copyFixture(t, "good-hand-edited.yaml")
	sc, err := Show(path)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Totals.Values != [2]int{65, 40} || sc.Boxes.Values != [2]int{2, 1} || sc.NextDealer != "Bob" {
		t.Errorf("totals %v boxes %v next %s, want 65–40, 2–1, Bob", sc.Totals.Values, sc.Boxes.Values, sc.NextDealer)
	}
	if _, err := Add(path, knock("b", 4, 26)); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, path)
	// Everything down to the last hand is as the person left it.
	record := string(data[:strings.Index(string(data), "# The sections below")])
	if !strings.HasPrefix(got, record) {
		t.Errorf("the record changed:\n%s\nwant it to start:\n%s", got, record)
	}
	for _, want := range []string{
		"    deadwood: 36\n  - by: Bob\n    knock: 4\n    deadwood: 26\n",
		"# The sections below still say what they said before the correction.\ntotals:\n  Ann: 65\n  Bob: 62\n",
		"boxes:\n  Ann: 2\n  Bob: 2\nnext_dealer: Ann\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the rewritten sheet lacks %q:\n%s", want, got)
		}
	}
}
