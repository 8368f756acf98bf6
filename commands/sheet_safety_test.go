package commands

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"

	"github.com/gin-rummy/gin/sheets"
)

// failWriter fails every write, as stdout does into /dev/full.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// runFailing runs gin with stdout failing.
func runFailing(t *testing.T, args ...string) result {
	t.Helper()
	app := testApp()
	var stderr bytes.Buffer
	app.Writer, app.ErrWriter = failWriter{}, &stderr
	err := app.Run(append([]string{"gin"}, args...))
	return result{"", stderr.String(), ExitCode(err)}
}

// When printing fails after a change was saved, the error says that the
// change was saved, so that nobody makes it a second time.
func TestSavedButNotPrinted(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"sheet", "new", "--players", "Ann,Bob"}, "gin: the sheet " + path + " was started; could not print: no space left on device\n"},
		{[]string{"sheet", "add", "--by", "ann", "--knock", "5", "--deadwood", "20"}, "gin: hand 1 was recorded in " + path + "; could not print: no space left on device\n"},
		{[]string{"sheet", "add", "--draw"}, "gin: hand 2 was recorded in " + path + "; could not print: no space left on device\n"},
		{[]string{"sheet", "undo"}, "gin: hand 2 was taken back in " + path + "; could not print: no space left on device\n"},
		{[]string{"sheet", "close"}, "gin: the game was closed in " + path + "; could not print: no space left on device\n"},
		{[]string{"sheet", "undo"}, "gin: the close was taken back in " + path + "; could not print: no space left on device\n"},
	} {
		r := runFailing(t, append(tt.args, "--sheet", path)...)
		if r.code != ExitError || r.stderr != tt.want {
			t.Errorf("gin %s > /dev/full: exit %d, stderr %q; want %q", strings.Join(tt.args, " "), r.code, r.stderr, tt.want)
		}
	}
	// Each change was saved exactly once.
	if r := run(t, "", "sheet", "show", "--json", "--sheet", path); !strings.Contains(r.stdout, `"hands":[{`) || strings.Count(r.stdout, `"number"`) != 1 {
		t.Errorf("the sheet after the failed prints:\n%s", r.stdout)
	}
}

// Names with characters that could fool a terminal are refused; any name
// accepted works everywhere and round-trips through the YAML, and wide
// names line up.
func TestPlayerNames(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"Ann\x1b[31m", "Ann\u202e", "A\u200bnn", "Ann\a"} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		r := run(t, "", "sheet", "new", "--players", bad+",Bob", "--sheet", path)
		if r.code != ExitError || !strings.Contains(r.stderr, "names are printable text") || strings.ContainsAny(r.stderr, "\x1b\a\u202e\u200b") {
			t.Errorf("new with %q: exit %d, stderr %q; want refused, escaped", bad, r.code, r.stderr)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("new with %q wrote a sheet", bad)
		}
	}
	for _, pair := range [][2]string{{"<<", "null"}, {"yes", "#x"}, {"Ann Lee", `O'Brien "Ob"`}, {"王小明", "Bob"}, {"- x", "~"}} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		r := run(t, "", "sheet", "new", "--players", " "+pair[0]+" , "+pair[1], "--sheet", path)
		if r.code != ExitOK {
			t.Fatalf("new with %q: exit %d: %s", pair, r.code, r.stderr)
		}
		for _, args := range [][]string{
			{"sheet", "add", "--by", " " + pair[0] + " ", "--knock", "5", "--deadwood", "20"},
			{"sheet", "add", "--winner", pair[1], "--points", "7"},
			{"sheet", "show"},
			{"sheet", "close"},
		} {
			if r := run(t, "", append(args, "--sheet", path)...); r.code != ExitOK {
				t.Fatalf("%q: gin %s: exit %d: %s", pair, strings.Join(args, " "), r.code, r.stderr)
			}
		}
		r = run(t, "", "sheet", "show", "--json", "--sheet", path)
		var got struct {
			Players []string
			Result  struct{ Winner string }
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Players) != 2 || got.Players[0] != pair[0] || got.Players[1] != pair[1] || got.Result.Winner != pair[0] {
			t.Errorf("%q does not round-trip: players %q, winner %q", pair, got.Players, got.Result.Winner)
		}
		// The table lines up, wide characters counted as two columns.
		show := run(t, "", "sheet", "show", "--sheet", path).stdout
		var columns []string
		for _, line := range strings.Split(show, "\n") {
			if strings.HasPrefix(line, "#") || len(line) > 0 && line[0] >= '1' && line[0] <= '9' {
				columns = append(columns, line)
			}
		}
		// The last column is right-aligned: every line of the table is as
		// wide on the screen as the heading.
		for _, line := range columns[1:] {
			if runewidth.StringWidth(line) != runewidth.StringWidth(columns[0]) {
				t.Errorf("%q: the table does not line up:\n%s", pair, strings.Join(columns, "\n"))
				break
			}
		}
	}
}

// --sheet naming what is not a regular file is refused at once, exit 2.
func TestSheetNotARegularFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for _, path := range []string{"/dev/zero", fifo, dir} {
		for _, args := range [][]string{{"sheet", "show"}, {"sheet", "add", "--draw"}, {"sheet", "undo"}, {"sheet", "close"}, {"sheet", "new", "--players", "Ann,Bob", "--force"}} {
			r := run(t, "", append(args, "--sheet", path)...)
			if r.code != ExitError || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("gin %s --sheet %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), path, r.code, r.stdout, r.stderr)
			}
		}
		if _, err := os.Stat(path + ".lock"); err == nil {
			t.Errorf("a lock file was left beside %s", path)
		}
	}
}

// A pipe among a folder's sheets, or given as a rules file, is passed over
// or refused at once: the commands that read a folder or a rules file do
// not hang on it.
func TestFolderWithAPipe(t *testing.T) {
	// Alone, in the folder (t.Chdir): gin runs on a goroutine of its own,
	// which a folder of the test's thread alone (parallelIn) would not reach.
	t.Chdir(statsCopy(t))
	if err := mkfifo("fifo.yaml"); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{"sheet", "list"}, 0},
		{[]string{"stats"}, 0},
		{[]string{"sheet", "new", "--sheet", "new.yaml"}, 0}, // the players of the latest sheet
		{[]string{"rules", "show", "fifo.yaml"}, ExitError},
		{[]string{"analyze", "--rules", "fifo.yaml", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d"}, ExitError},
	} {
		done := make(chan result, 1)
		go func() { done <- run(t, "", tt.args...) }()
		select {
		case r := <-done:
			if r.code != tt.code || strings.Contains(r.stdout+r.stderr, "fifo.yaml") != (tt.code != 0) {
				t.Errorf("gin %s: exit %d, want %d\n%s%s", strings.Join(tt.args, " "), r.code, tt.code, r.stdout, r.stderr)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("gin %s hangs on the pipe", strings.Join(tt.args, " "))
		}
	}
}

// A sheet edited while a command ran is exit status 1, and the edit stays.
func TestSheetChangedIsStatusOne(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("x.yaml: %w since gin read it; nothing was written", sheets.ErrChanged)
	if ExitCode(err) != ExitNo {
		t.Errorf("exit status %d for a changed sheet, want 1", ExitCode(err))
	}
}

// A mistyped player gets the one most likely meant.
func TestPlayerDidYouMean(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "s.yaml")
	run(t, "", "sheet", "new", "--players", "Dan,Bob", "--sheet", path)
	r := run(t, "", "sheet", "add", "--by", "dna", "--knock", "5", "--deadwood", "20", "--sheet", path)
	if r.code != ExitError || r.stderr != "gin: \"dna\" is not a player on this sheet (Dan, Bob); did you mean \"Dan\"?\n" {
		t.Errorf("--by dna: exit %d %q", r.code, r.stderr)
	}
}
