package sheets

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func intp(n int) *int { return &n }

// newSheet is a sheet played to the highest target the rules allow, so that
// writers can add small hands for as long as a test needs.
func newSheet() Sheet {
	return Sheet{Players: []string{"Ann", "Bob"}, Rules: specOf("classic", "target", 10000), Dealer: "Ann"}
}

// writeNew creates a sheet file at path with the given hands.
func writeNew(t *testing.T, path string, hands ...HandRecord) {
	t.Helper()
	f, err := Create(path, newSheet(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.release()
	for _, h := range hands {
		f.AppendHand(h)
	}
	if err := f.Save(nil); err != nil {
		t.Fatal(err)
	}
}

func TestCreateSaveRead(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	knock := HandRecord{By: "Ann", Knock: intp(5), Deadwood: intp(20)}
	writeNew(t, path, knock, HandRecord{Draw: true})
	s, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Hands) != 2 || *s.Hands[0].Knock != 5 || !s.Hands[1].Draw || s.Dealer != "Ann" {
		t.Errorf("read back %+v", s)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), "# gin score sheet") || strings.Contains(string(data), "\t") {
		t.Errorf("the sheet should open with its comment and use spaces:\n%s", data)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Save(nil); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); strings.Count(string(again), "# gin score sheet") != 1 {
		t.Errorf("the top comment is not there exactly once after a second save:\n%s", again)
	}
	_, err = Create(path, newSheet(), false)
	if e, ok := errors.AsType[*ExistingSheetError](err); !ok || e.Path != path || !errors.Is(err, ErrSheetExists) || err.Error() != path+": a score sheet already exists" {
		t.Errorf("Create over an existing sheet: %v, want an *ExistingSheetError wrapping ErrSheetExists, which force overrides", err)
	}
	f, err = Create(path, newSheet(), true)
	if err != nil {
		t.Fatalf("Create with force: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestCommentsSurviveASave(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	edited := `# Friday night at Ann's
players:
  - Ann
  - Bob # Bob's first game
rules:
  preset: modern
dealer: Ann
hands:
  # the first hand was a long one
  - by: Ann
    knock: 5
    deadwood: 20
totals:
  Ann: 999
`
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.AppendHand(HandRecord{By: "Bob", Gin: true, Deadwood: intp(12)})
	if err := f.Save([]Derived{{Key: "totals", Value: map[string]int{"Ann": 15, "Bob": 37}}}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{"# Friday night at Ann's", "# Bob's first game", "# the first hand was a long one", "gin: true", "Ann: 15"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("saved sheet lacks %q:\n%s", want, data)
		}
	}
	if strings.Contains(string(data), "999") {
		t.Errorf("the derived totals were not rewritten:\n%s", data)
	}
}

func TestDropLastHand(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	writeNew(t, path, HandRecord{Draw: true}, HandRecord{By: "Bob", Gin: true, Deadwood: intp(3)})
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	last, ok := f.DropLastHand()
	if !ok || !last.Gin {
		t.Fatalf("dropped %+v, %v", last, ok)
	}
	if err := f.Save(nil); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Read(path)
	if err != nil || len(s.Hands) != 1 || !s.Hands[0].Draw {
		t.Fatalf("after undo: %+v, %v", s.Hands, err)
	}
}

func TestStrictLoading(t *testing.T) {
	t.Parallel()
	const good = "players:\n  - Ann\n  - Bob\nrules:\n  preset: classic\ndealer: Ann\nhands:\n"
	tests := []struct{ name, doc, want string }{
		{"unknown field", good + "  - by: Ann\n    knock: 5\n    deadwod: 20\n", `:10:5: unknown field "deadwod" in hand 1`},
		{"unknown top field", good + "colour: red\n", `:8:1: unknown field "colour" in a sheet`},
		{"not a number", good + "  - by: Ann\n    knock: five\n    deadwood: 20\n", `:9:12: hand 1: knock: "five" is not a whole number`},
		{"unknown player", good + "  - draw: true\n  - by: Carl\n    gin: true\n    deadwood: 3\n", `:9: hand 2: by: "Carl" is not a player on this sheet`},
		{"unknown winner", good + "  - draw: true\n  - winner: Zed\n    points: 5\n", `:9: hand 2: winner: "Zed" is not a player on this sheet`},
		{"negative deadwood", good + "  - by: Bob\n    knock: 5\n    deadwood: -2\n", ":10: hand 1: deadwood -2 cannot be negative"},
		{"two forms", good + "  - draw: true\n    knock: 3\n", ":8: hand 1: give exactly one of"},
		{"bad card", good + "  - by: Bob\n    knocker: 7h 8h 9h\n    defender: 1c\n", `:10: hand 1: defender: card 1 "1c": unknown rank "1"; did you mean 10c or Ac?`},
		{"one player", "players: [Ann]\ndealer: Ann\n", "a sheet has two players, this one has 1"},
		{"a name with a tab", "players: [\"Ann\\t\", Bob]\ndealer: Bob\n", `player name "Ann\t": names are printable text`},
		{"a name with spaces around", "players: [\" Ann\", Bob]\ndealer: Bob\n", `player name " Ann": names are printable text`},
		{"unknown dealer", "players: [Ann, Bob]\ndealer: Cy\n", `dealer: "Cy" is not a player`},
		{"bad rules", "players: [Ann, Bob]\ndealer: Ann\nrules:\n  preset: bridge\n", `rules: unknown rules preset "bridge"`},
		{"empty", "", "the file is empty"},
		{"a list", "- Ann\n- Bob\n", ":1: a score sheet is a mapping"},
		{"two documents", good + "---\n" + good, ":8: a second YAML document (after ---)"},
		{"broken YAML", "players: [Ann, Bob\n", "sheet.yaml:"},
		{"knock over the limit", good + "  - by: Ann\n    knock: 12\n    deadwood: 20\n", ":9: hand 1: knock with 12 is over the knock limit of 10"},
		{"gin with a knock", good + "  - by: Ann\n    gin: true\n    knock: 3\n    deadwood: 20\n", ":10: hand 1: a gin has no knocker's deadwood"},
		{"hand after the end", good + "  - winner: Bob\n    points: 100\n  - draw: true\n", ":10: hand 2: the game is over: it ended with hand 1"},
		{"closed when level", good + "closed: true\n", ":8: closed: cannot close the game: the score is tied at 0–0"},
		{"dealer line", "players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Cy\n", `:4: dealer: "Cy" is not a player`},
		// A key left out is at the line the sheet starts on, which it goes under.
		{"no dealer", "# a sheet\nplayers: [Ann, Bob]\nhands:\n", `sheet.yaml:2: dealer: the first dealer is missing: write dealer: and the name of Ann or Bob`},
		{"an empty dealer", "players: [Ann, Bob]\ndealer: \"\"\n", `sheet.yaml:2: dealer: the first dealer is missing`},
		{"no players", "# a sheet\n\ndealer: Ann\n", `sheet.yaml:3: players: a sheet has two players, this one has 0`},
		// Numbers are whole, never truncated; nothing is null where a value goes.
		{"a fraction of a knock", good + "  - by: Ann\n    knock: 0.9\n    deadwood: 20\n", `:9:12: hand 1: knock: "0.9" is not a whole number`},
		{"a fraction of deadwood", good + "  - by: Ann\n    knock: 5\n    deadwood: 12.5\n", `:10:15: hand 1: deadwood: "12.5" is not a whole number`},
		{"infinite deadwood", good + "  - by: Ann\n    knock: 5\n    deadwood: .inf\n", `:10:15: hand 1: deadwood: ".inf" is not a whole number`},
		{"an exponent", good + "  - winner: Ann\n    points: 1e3\n", `:9:13: hand 1: points: "1e3" is not a whole number`},
		{"a huge number", good + "  - winner: Ann\n    points: 99999999999999999999\n", `:9:13: hand 1: points: "99999999999999999999" is not a whole number`},
		{"a big number", good + "  - winner: Ann\n    points: 2000000\n", `:9:13: hand 1: points: 2000000 is out of range`},
		{"a null hand", good + "  - draw: true\n  -\n", `:9:4: hand 2 is empty or not a mapping`},
		{"a null key", good + "  - draw: true\n    ~: 5\n", `:9:5: a key of hand 1 is missing`},
		{"a null value", good + "  - by: Ann\n    knock:\n    deadwood: 20\n", `:9:11: hand 1: knock: the number is missing`},
		{"a repeated key", good + "  - by: Ann\n    knock: 5\n    knock: 6\n    deadwood: 20\n", `:10:5: "knock" is given twice in hand 1 (first on line 9)`},
		{"an unknown enum", "players: [Ann, Bob]\ndealer: Ann\nrules:\n  shutout: triple\n", `:4:12: shutout: unknown shutout "triple"`},
		{"a number for a name", "players: [Ann, 007]\ndealer: Ann\n", `:1:16: players: "007" is read as a number, not text: put it in quotes`},
		{"a control character in a name", "players: [\"Ann\\e[31m\", Bob]\ndealer: Bob\n", `:1: players: player name "Ann\x1b[31m": names are printable text`},
		{"a bidi override in a name", "players: [\"Ann\u202e\", Bob]\ndealer: Bob\n", `player name "Ann\u202e"`},
		{"a zero-width space in a name", "players: [\"An\u200bn\", Bob]\ndealer: Bob\n", `player name "An\u200bn"`},
		{"a no-break space in a name", "players: [\"Ann Lee\", \"Ann\u00a0Lee\"]\ndealer: Ann Lee\n", `player name "Ann\u00a0Lee": names are printable text, with no spaces around them, no space but the plain one`},
		{"a braille blank in a name", "players: [\"Ann\u2800\", Bob]\ndealer: Bob\n", "player name \"Ann\u2800\": names are printable text"},
		{"a bad date", "players: [Ann, Bob]\ndealer: Ann\nstarted: 2026-13-40\n", `:3:10: started: "2026-13-40" is not a day written YYYY-MM-DD`},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "sheet.yaml")
		if err := os.WriteFile(path, []byte(tt.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), path) {
			t.Errorf("%s: Read error %v, want one that starts with the path and contains %q", tt.name, err, tt.want)
		}
		if f, err := Open(path); err == nil {
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			t.Errorf("%s: Open accepted the sheet", tt.name)
		}
		if data, _ := os.ReadFile(path); string(data) != tt.doc {
			t.Errorf("%s: the file changed", tt.name)
		}
	}
}

func TestMissingSheet(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	for _, err := range []error{func() error { _, err := Read(path); return err }(), func() error { _, err := Open(path); return err }()} {
		// What to do is the command's to say (commands' TestSheetErrors).
		if e, ok := errors.AsType[*NotASheetError](err); !ok || e.Path != path || e.Exists || err.Error() != path+": no score sheet here" {
			t.Errorf("error %v, want a *NotASheetError saying that nothing is at %s", err, path)
		}
	}
}

func TestLockWaitsAndTimesOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	writeNew(t, path)
	first, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	old := LockTimeout
	LockTimeout = 100 * time.Millisecond
	defer func() { LockTimeout = old }()
	if _, err := Open(path); !errors.Is(err, ErrLocked) {
		t.Errorf("second Open while locked: %v, want ErrLocked", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second, err := Open(path)
	if err != nil {
		t.Fatalf("Open after the lock was released: %v", err)
	}
	if err := second.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestConcurrentAppendsAllLand(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	writeNew(t, path)
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := Open(path)
			if err != nil {
				errs <- err
				return
			}
			defer f.release()
			f.AppendHand(HandRecord{Winner: "Ann", Points: intp(i)})
			errs <- f.Save(nil)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	s, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, h := range s.Hands {
		seen[*h.Points] = true
	}
	if len(s.Hands) != n || len(seen) != n {
		t.Errorf("%d hands landed (%d distinct), want %d", len(s.Hands), len(seen), n)
	}
}

// TestKilledWriterLeavesALoadableSheet kills a process that saves the sheet
// over and over, at random moments, and checks after each kill that the sheet
// loads: the old version or the new, never a torn one.
func TestKilledWriterLeavesALoadableSheet(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	if path := os.Getenv("GIN_TEST_WRITER"); path != "" {
		writeForever(path)
		return
	}
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	writeNew(t, path)
	rng := rand.New(rand.NewPCG(1, 1))
	hands := 0 // hands on the sheet after the last kill
	kills := 8
	switch {
	case *long:
		kills = 25
	case testing.Short():
		kills = 5
	}
	for i := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWriterLeavesALoadableSheet$")
		cmd.Env = append(os.Environ(), "GIN_TEST_WRITER="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+rng.IntN(60)) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatalf("kill %d: the writer was gone before it was killed: %v", i+1, err)
		}
		// The writer must have died of the kill, not of an error of its own.
		var exit *exec.ExitError
		if err := cmd.Wait(); !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("kill %d: the writer ended with %v, not killed mid-write", i+1, err)
		}
		s, err := Read(path)
		if err != nil {
			t.Fatalf("after kill %d the sheet does not load: %v", i+1, err)
		}
		if len(s.Hands) < hands {
			t.Fatalf("after kill %d the sheet has %d hands, it had %d: a saved hand was lost", i+1, len(s.Hands), hands)
		}
		hands = len(s.Hands)
	}
	// The kills must have interrupted writers that were saving, or the test
	// proved nothing.
	if hands == 0 {
		t.Fatalf("no writer saved a hand before it was killed (%d kills)", kills)
	}
	// The next clean save sweeps up what killed writers left, and nothing
	// else: not an editor's swap file, not a dated backup.
	dir := filepath.Dir(path)
	swap := filepath.Join(dir, ".gin-sheet.yaml.swp")
	backup := filepath.Join(dir, ".gin-sheet.yaml20250101")
	for name, data := range map[string]string{swap: "an editor's file", backup: "mine", filepath.Join(dir, ".gin-sheet.yaml4159437949594376402"): "half a save"} {
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Save(nil); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".gin-sheet.yaml*"))
	if !slices.Equal(leftovers, []string{swap, backup}) {
		t.Errorf("after a clean save, hidden files %v; want only the backup and the editor's %s", leftovers, swap)
	}
}

// writeForever appends a hand and saves, again and again, until killed.
func writeForever(path string) {
	for i := 0; ; i++ {
		f, err := Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		f.AppendHand(HandRecord{Winner: "Bob", Points: intp(1)})
		if err := f.Save([]Derived{{Key: "totals", Value: map[string]string{"Bob": strconv.Itoa(i) + strings.Repeat(" ", 4096)}}}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	}
}

func TestDerivedSectionsFollowTheRecord(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	const edited = `players: [Ann, Bob]
result: stale
totals: stale # worked out by gin
rules:
  preset: classic
dealer: Ann
hands:
  - winner: Bob
    points: 30
closed: false # not yet
`
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.SetClosed(true)
	err = f.Save([]Derived{{Key: "totals", Value: map[string]int{"Bob": 30}}, {Key: "result"}, {Key: "next_dealer", Value: "Bob"}})
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	const want = `players: [Ann, Bob]
rules:
  preset: classic
dealer: Ann
hands:
  - winner: Bob
    points: 30
closed: true # not yet
totals: # worked out by gin
  Bob: 30
next_dealer: Bob
`
	if got, _ := os.ReadFile(path); !strings.HasSuffix(string(got), want) {
		t.Errorf("saved:\n%s\nwant it to end:\n%s", got, want)
	}
	f, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.SetClosed(false)
	err = f.Save(nil)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); err != nil || strings.Contains(string(got), "closed") {
		t.Errorf("after SetClosed(false): %v\n%s", err, got)
	}
}

// A person may write YAML anchors and aliases; a save must not edit the
// place an alias points to, nor leave an alias whose anchor it removed.
func TestAliasesInAHandEditedSheet(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, doc string }{
		{"hands are an alias of a derived section", `players: [Ann, Bob]
rules: {preset: classic}
dealer: Ann
totals: &h [{by: Ann, knock: 2, deadwood: 32}, {draw: true}]
hands: *h
`},
		{"the dealer is an alias of a derived section", `players: [Ann, Bob]
rules: {preset: classic}
next_dealer: &d Ann
dealer: *d
hands: [{by: Ann, knock: 2, deadwood: 32}]
`},
		{"an anchor in the last hand", `players: [Ann, Bob]
rules: {preset: classic}
hands: [{by: Ann, knock: 2, deadwood: 32}, {by: &w Bob, knock: 3, deadwood: 10}]
dealer: *w
`},
	}
	for _, tt := range tests {
		path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
		if err := os.WriteFile(path, []byte(tt.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		before, err := Read(path)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		f.AppendHand(HandRecord{Draw: true})
		if err := f.Save([]Derived{{Key: "totals", Value: map[string]int{"Ann": 1}}, {Key: "next_dealer", Value: "Bob"}}); err != nil {
			t.Fatalf("%s: add: %v", tt.name, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		after, err := Read(path)
		if err != nil || len(after.Hands) != len(before.Hands)+1 || after.Dealer != before.Dealer {
			t.Fatalf("%s: after an add: %+v, %v; want the %d hands and the dealer kept, and one more hand", tt.name, after, err, len(before.Hands))
		}
		f, err = Open(path)
		if err != nil {
			t.Fatal(err)
		}
		f.DropLastHand()
		f.DropLastHand()
		if err := f.Save(nil); err != nil {
			t.Fatalf("%s: undo: %v", tt.name, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if again, err := Read(path); err != nil || len(again.Hands) != len(before.Hands)-1 || again.Dealer != before.Dealer {
			t.Errorf("%s: after two undos: %+v, %v", tt.name, again, err)
		}
	}
}

func TestSheetsThatCannotBeWritten(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("Open(a folder): %v", err)
	}
	if _, err := Create(dir, newSheet(), true); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("Create(a folder, force): %v", err)
	}
	missing := filepath.Join(dir, "typo.yml")
	if _, err := Open(missing); err == nil {
		t.Error("Open of a missing sheet succeeded")
	}
	if _, err := os.Stat(missing + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Error("Open of a missing sheet left a lock file")
	}
	if os.Geteuid() == 0 {
		t.Log("running as root, which may write a read-only file: the read-only check is not tested")
		return
	}
	path := filepath.Join(dir, "gin-sheet.yaml")
	writeNew(t, path)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.AppendHand(HandRecord{Draw: true})
	if err := f.Save(nil); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("saving a read-only sheet: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); string(again) != string(data) {
		t.Error("the read-only sheet changed")
	}
}
