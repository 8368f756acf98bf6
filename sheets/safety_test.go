package sheets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-rummy/gin/sheets/yamlfile"
	"github.com/gofrs/flock"
)

// editorWrite replaces the file at path as an editor does: a new file
// beside it, renamed over it.
func editorWrite(t *testing.T, path string, data []byte) {
	t.Helper()
	tmp := path + ".swp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Error(err)
		return
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Error(err)
	}
}

// bigSheets holds, by size, the text of a sheet of drawn hands as gin
// writes it: made once, by the first test that asks, and copied by each.
var bigSheets sync.Map // int -> func() (string, error)

// bigSheet writes a sheet of n drawn hands: the sheet gin saves, written
// once through Create and Save and then copied, since each test only needs
// the file and making it is the slow part.
func bigSheet(t *testing.T, n int) string {
	t.Helper()
	build, _ := bigSheets.LoadOrStore(n, sync.OnceValues(func() (string, error) {
		dir, err := os.MkdirTemp("", "gin-bigsheet")
		if err != nil {
			return "", err
		}
		defer func() { _ = os.RemoveAll(dir) }()
		path := filepath.Join(dir, "gin-sheet.yaml")
		f, err := Create(path, newSheet(), false)
		if err != nil {
			return "", err
		}
		defer f.release()
		for range n {
			f.AppendHand(drawn())
		}
		if err := f.Save(nil); err != nil {
			return "", err
		}
		data, err := os.ReadFile(path)
		return string(data), err
	}))
	text, err := build.(func() (string, error))()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// An edit that lands between gin's read and its save is never overwritten:
// the save is refused and the edit stays.
func TestAnEditDuringAddIsKept(t *testing.T) {
	t.Parallel()
	path := bigSheet(t, 3000)
	edited := strings.Replace(readFile(t, path), "hands:", "# Bob's note\nhands:", 1)
	_, err := seams{beforeCompare: func() { editorWrite(t, path, []byte(edited)) }}.add(path, drawn())
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("Add while the file was edited: %v, want ErrChanged saying nothing was written", err)
	}
	if got := readFile(t, path); got != edited {
		t.Errorf("the edit was lost:\n%.300s", got)
	}
}

// An edit that lands after the check, as the new file goes in, is swapped
// back into place.
func TestAnEditAsTheSaveLandsIsKept(t *testing.T) {
	t.Parallel()
	path := bigSheet(t, 3000)
	edited := strings.Replace(readFile(t, path), "hands:", "# Bob's late note\nhands:", 1)
	_, err := seams{beforeSwap: func() { editorWrite(t, path, []byte(edited)) }}.add(path, drawn())
	if !errors.Is(err, ErrChanged) {
		t.Errorf("Add while the file was edited: %v, want ErrChanged", err)
	}
	if got := readFile(t, path); got != edited {
		t.Errorf("the edit was lost:\n%.300s", got)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".gin-sheet.yaml*")); len(leftovers) > 0 {
		t.Errorf("files left beside the sheet: %v", leftovers)
	}
}

// The same race, as it really happens: an editor saves at some moment while
// gin sheet add runs on a sheet of 3,000 hands. Whatever the timing, the
// edit is in the file at the end.
func TestAnEditRacingAnAddIsNeverLost(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	path := bigSheet(t, 3000)
	refused := 0
	// The editor saves from 0 to 105 ms into the add: every 15 ms under
	// -long, by default at 0, 45, 75 and 105 ms, the first and the last
	// still among them (before the add saved, and after).
	rounds := []int{0, 3, 5, 7}
	if *long {
		rounds = []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	for _, i := range rounds {
		before := readFile(t, path)
		marker := fmt.Sprintf("# edit %d", i)
		var wg sync.WaitGroup
		var addErr error
		wg.Go(func() { _, addErr = Add(path, drawn()) })
		time.Sleep(time.Duration(i*15) * time.Millisecond)
		// The editor read the file before the add saved, or after: it
		// writes what it read with its own line added.
		editorWrite(t, path, []byte(strings.Replace(before, "hands:", marker+"\nhands:", 1)))
		wg.Wait()
		if !strings.Contains(readFile(t, path), marker) {
			t.Fatalf("round %d: the editor's line is gone (add: %v)", i, addErr)
		}
		if errors.Is(addErr, ErrChanged) {
			refused++
		} else if addErr != nil {
			t.Fatalf("round %d: add: %v", i, addErr)
		}
	}
	t.Logf("%d of %d adds were refused because the file changed under them", refused, len(rounds))
}

// Comments survive every save: above hands, on a hand's line, after the
// last hand is taken back, and on a sheet with no hands list, an empty one
// or a null one.
func TestCommentsSurvive(t *testing.T) {
	t.Parallel()
	const head = "# our Friday game\nplayers: [Ann, Bob] # first Ann\nrules:\n  preset: classic\ndealer: Ann\n"
	for _, tt := range []struct{ name, doc string }{
		{"above and on hands", head + "hands:\n  # the first hand\n  - draw: true # a long one\n  # the second hand\n  - draw: true # note on two\n"},
		{"no hands key", head + "# no hands yet\n"},
		{"empty hands", head + "hands: [] # none yet\n"},
		{"null hands", head + "hands: # none yet\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.yaml")
			if err := os.WriteFile(path, []byte(tt.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			var comments []string
			for _, line := range strings.Split(tt.doc, "\n") {
				if i := strings.Index(line, "#"); i >= 0 {
					comments = append(comments, line[i:])
				}
			}
			check := func(when string) {
				got := readFile(t, path)
				for _, c := range comments {
					if !strings.Contains(got, c) {
						t.Errorf("after %s, %q is gone:\n%s", when, c, got)
					}
				}
			}
			if _, err := Add(path, drawn()); err != nil {
				t.Fatal(err)
			}
			check("an add")
			if _, err := Add(path, drawn()); err != nil {
				t.Fatal(err)
			}
			for i := range 2 {
				if _, _, err := Undo(path); err != nil {
					t.Fatal(err)
				}
				check(fmt.Sprintf("undo %d", i+1))
			}
		})
	}
}

// A recursive alias and a billion laughs are refused at once, before any
// expansion, with a one-line error.
func TestAliasBombsAreRefused(t *testing.T) {
	laughs := "players: [Ann, Bob]\ndealer: Ann\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
	for i, prev := 'b', 'a'; i <= 'j'; i, prev = i+1, i {
		laughs += fmt.Sprintf("%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", i, i, prev, prev, prev, prev, prev, prev, prev, prev, prev, prev)
	}
	for _, tt := range []struct{ name, doc, want string }{
		{"recursive", "players: &a [*a]\ndealer: Ann\n", "refers to itself"},
		{"billion laughs", laughs, "expand this file by more than 100,000 values"},
	} {
		if len(tt.doc) > 700 {
			t.Fatalf("%s: %d bytes, not a small file", tt.name, len(tt.doc))
		}
		path := filepath.Join(t.TempDir(), "s.yaml")
		if err := os.WriteFile(path, []byte(tt.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line saying %q", tt.name, err, tt.want)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: refused after %v", tt.name, d)
		}
	}
}

// Something that is not a regular file is refused at once, with nothing
// read, nothing locked and no lock file made beside it.
func TestNotARegularFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	folder := filepath.Join(dir, "folder.yaml")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/dev/zero", fifo, folder} {
		done := make(chan error, 5)
		go func() {
			_, err := Read(path)
			done <- err
			_, err = Add(path, drawn())
			done <- err
			_, _, err = Undo(path)
			done <- err
			_, _, err = Close(path)
			done <- err
			_, _, err = New(path, Sheet{Players: []string{"Ann", "Bob"}}, true)
			done <- err
		}()
		for range 5 {
			select {
			case err := <-done:
				refused := err != nil && (strings.Contains(err.Error(), "not a regular file") || strings.Contains(err.Error(), "is a folder"))
				if !refused {
					t.Errorf("%s: %v, want a refusal", path, err)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: hangs", path)
			}
		}
		if _, err := os.Stat(path + ".lock"); err == nil {
			t.Errorf("%s: a lock file was left beside it", path)
		}
	}
}

// No lock file is left behind after a run that saved or was refused, and a
// lock file a killed run left blocks nobody. A lock held by another command
// times out naming it.
func TestLockFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	writeNew(t, path)
	lock := path + ".lock"
	noLock := func(when string) {
		if _, err := os.Stat(lock); err == nil {
			t.Errorf("a lock file is left after %s", when)
		}
	}
	noLock("new")
	if _, err := Add(path, drawn()); err != nil {
		t.Fatal(err)
	}
	noLock("add")
	if _, err := Add(path, HandRecord{By: "Carl", Gin: true, Deadwood: intp(3)}); err == nil {
		t.Fatal("a stranger's hand was added")
	}
	noLock("a refused add")
	// What a killed run leaves: a lock file nobody holds.
	if err := os.WriteFile(lock, []byte("pid 1 (gin sheet add) since 01:02:03\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(path, drawn()); err != nil {
		t.Fatalf("a stale lock file blocks: %v", err)
	}
	noLock("an add after a killed one")
	// A lock held now.
	held := flock.New(lock)
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lock, []byte("pid 77 (gin sheet undo) since 12:00:00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := LockTimeout
	LockTimeout = 100 * time.Millisecond
	defer func() { LockTimeout = old }()
	_, err := Add(path, drawn())
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "held by pid 77 (gin sheet undo) since 12:00:00") {
		t.Errorf("add while locked: %v, want ErrLocked naming the holder", err)
	}
	if err := held.Unlock(); err != nil {
		t.Fatal(err)
	}
}

// FuzzLoad: any bytes either load or are refused with a *yamlfile.Error that
// names the file, never a panic; a sheet that loads saves and loads again
// as the same record with the same totals.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"good-gv1-classic.yaml", "good-hollywood.yaml", "good-hand-edited.yaml", "bad-yaml-syntax.yaml", "bad-knock-over-limit.yaml"} {
		data, err := os.ReadFile(filepath.Join(fixtures, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("players: &a [*a]\n"))
	f.Add([]byte("players: [Ann, Bob]\ndealer: Ann\nhands:\n  - by: Ann\n    knock: 0.9\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		p, score, err := parse("f.yaml", data, true)
		if err != nil {
			var serr *yamlfile.Error
			if !errors.As(err, &serr) || !strings.HasPrefix(err.Error(), "f.yaml") {
				t.Fatalf("%q: error %v is not a *yamlfile.Error naming the file", data, err)
			}
			return
		}
		path := filepath.Join(t.TempDir(), "s.yaml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := Open(path)
		if err != nil {
			t.Fatalf("parsed, but Open fails: %v", err)
		}
		saveErr := file.Save(score.derived())
		_ = file.Close()
		if saveErr != nil {
			t.Fatalf("%q: save: %v", data, saveErr)
		}
		again, err := Read(path)
		if err != nil {
			t.Fatalf("%q: saved, then does not load: %v", data, err)
		}
		rec, err := again.check()
		if err != nil || !sameForm(again, p.sheet) || !rec.same(p.rec) {
			t.Fatalf("%q: the record changed in a save", data)
		}
		back, err := again.Score()
		if err != nil || fmt.Sprint(back.Totals) != fmt.Sprint(score.Totals) {
			t.Fatalf("%q: totals %v after a save, %v before (%v)", data, back.Totals, score.Totals, err)
		}
	})
}

// A bad indent is reported at the line where the file stops making sense,
// not where the block it breaks began (yaml.v3 names line 3 here).
func TestSyntaxErrorNamesTheLineToLookAt(t *testing.T) {
	t.Parallel()
	doc := "players: [Ann, Bob]\ndealer: Ann\nhands:\n  - by: Ann\n    knock: 5\n    deadwood: 20\n  - draw: true\n  - by: Bob\n    gin: true\n   deadwood: 3\n  - draw: true\n"
	_, _, err := parse("s.yaml", []byte(doc), true)
	if err == nil || !strings.HasPrefix(err.Error(), "s.yaml:10: the YAML does not parse here") || !strings.Contains(err.Error(), "check the indentation") {
		t.Errorf("a bad indent on line 10: %v", err)
	}
}

// sameForm reports whether two sheets hold the same record as YAML would
// write it (an empty list and none are the same).
func sameForm(a, b Sheet) bool {
	return slices.Equal(a.Players, b.Players) && a.Dealer == b.Dealer && a.Started == b.Started && a.Closed == b.Closed &&
		reflect.DeepEqual(a.Rules, b.Rules) && len(a.Hands) == len(b.Hands) && (len(a.Hands) == 0 || reflect.DeepEqual(a.Hands, b.Hands))
}
