package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// twoSheets writes, in a folder of their own, a finished game (Ann's gin
// scores 110, over the classic target of 100) and a game not finished, and returns
// their paths.
func twoSheets(t *testing.T) (finished, open string) {
	t.Helper()
	dir := t.TempDir()
	finished, open = filepath.Join(dir, "finished.yaml"), filepath.Join(dir, "open.yaml")
	for _, p := range []string{finished, open} {
		if _, _, err := New(p, Sheet{Players: []string{"Ann", "Bob"}}, false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Add(finished, HandRecord{By: "Ann", Gin: true, Deadwood: intp(90)}); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(open, HandRecord{By: "Ann", Knock: intp(3), Deadwood: intp(9)}); err != nil {
		t.Fatal(err)
	}
	return finished, open
}

// folder lists the names in a folder, hidden ones too.
func folder(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A new sheet takes the place of the old one whole, or not at all: when the
// new sheet cannot be written (a full disk), the old one cannot be kept, or
// the old one is edited as the new one goes in, the folder is left as it
// was and the error says where the old sheet is.
func TestNewIsWholeOrNothing(t *testing.T) {
	t.Parallel()
	// full fills the disk at the at-th write of a file: half is written.
	full := func(at int) func(f *os.File, data []byte) error {
		calls := 0
		return func(f *os.File, data []byte) error {
			if calls++; calls < at {
				_, err := f.Write(data)
				return err
			}
			_, _ = f.Write(data[:len(data)/2])
			return &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
		}
	}
	tests := []struct {
		name  string
		setup func(sheet string) seams
		want  string // the error after "PATH: the new sheet was not started: "
	}{
		{"the disk is full", func(string) seams { return seams{write: full(1)} }, "could not write it: no space left on device"},
		{"no hard links, and no room for a copy", func(string) seams {
			return seams{link: func(old, keep string) error {
				return &os.LinkError{Op: "link", Old: old, New: keep, Err: syscall.EPERM}
			}, write: full(2)}
		}, "could not keep the old sheet as KEEP: write KEEP: no space left on device"},
		{"the name to keep it under is taken meanwhile", func(string) seams {
			return seams{link: func(old, keep string) error {
				return &os.LinkError{Op: "link", Old: old, New: keep, Err: syscall.EEXIST}
			}}
		}, "could not keep the old sheet as KEEP: link SHEET KEEP: file exists"},
		{"an edit lands as the new sheet goes in", func(sheet string) seams {
			return seams{beforeSwap: func() { editorWrite(t, sheet, []byte(readFile(t, sheet)+"# Bob's note\n")) }}
		}, "the file was changed by someone else since gin read it"},
	}
	for _, tt := range tests {
		for _, force := range []bool{false, true} {
			finished, open := twoSheets(t)
			sheet, keep, game := finished, strings.TrimSuffix(finished, ".yaml")+"-2026-11-23-Ann-Bob.yaml", "the finished game"
			if force {
				sheet, keep, game = open, open+".bak", "the old sheet"
			}
			_, moved, err := tt.setup(sheet).newSheet(sheet, Sheet{Players: []string{"Cy", "Di"}}, force)
			before := []string{filepath.Base(finished), filepath.Base(open)}
			want := sheet + ": the new sheet was not started: " + strings.NewReplacer("KEEP", keep, "SHEET", sheet).Replace(tt.want) + "; nothing was changed: " + game + " is still in " + sheet
			rerr, ok := errors.AsType[*ReplaceError](err)
			if !ok || err.Error() != want || moved != (Moved{}) {
				t.Errorf("%s (force %v): %v, %+v; want *ReplaceError %q", tt.name, force, err, moved, want)
			}
			if ok && strings.Contains(tt.name, "edit") && !errors.Is(rerr, ErrChanged) {
				t.Errorf("%s: %v is not ErrChanged", tt.name, err)
			}
			if got := folder(t, filepath.Dir(sheet)); !slices.Equal(got, before) {
				t.Errorf("%s (force %v): the folder holds %v, want only %v", tt.name, force, got, before)
			}
			if s, err := Read(sheet); err != nil || s.Players[0] != "Ann" || len(s.Hands) != 1 || strings.Contains(tt.name, "edit") != strings.Contains(readFile(t, sheet), "# Bob's note") {
				t.Errorf("%s (force %v): the old sheet is not there as it was: %+v %v", tt.name, force, s, err)
			}
		}
	}
}

// Where hard links cannot be made, the sheet kept is a copy, with the mode
// and time of the file.
func TestNewWithoutHardLinks(t *testing.T) {
	t.Parallel()
	noLinks := seams{link: func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} }}
	finished, open := twoSheets(t)
	day := time.Date(2026, 11, 20, 21, 0, 0, 0, time.Local)
	for _, sheet := range []string{finished, open} {
		if err := os.Chtimes(sheet, day, day); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(sheet, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		sheet string
		want  Moved
	}{
		{finished, Moved{To: strings.TrimSuffix(finished, ".yaml") + "-2026-11-23-Ann-Bob.yaml"}},
		{open, Moved{Backup: open + ".bak"}},
	} {
		old := readFile(t, tt.sheet)
		if _, moved, err := noLinks.newSheet(tt.sheet, Sheet{Players: []string{"Cy", "Di"}}, true); err != nil || moved != tt.want {
			t.Fatalf("New over %s: %+v %v, want %+v", tt.sheet, moved, err, tt.want)
		}
		kept := tt.want.To + tt.want.Backup
		if got := readFile(t, kept); got != old {
			t.Errorf("%s is not the old sheet:\n%s", kept, got)
		}
		if info, err := os.Stat(kept); err != nil || !info.ModTime().Equal(day) || info.Mode().Perm() != 0o640 {
			t.Errorf("%s: %v, want the time %v and mode 0640 of the sheet it keeps", kept, info, day)
		}
		if s, err := Read(tt.sheet); err != nil || s.Players[0] != "Cy" {
			t.Errorf("%s does not hold the new sheet: %v", tt.sheet, err)
		}
	}
}

// The dated name fits in the room it is given: the players share what is
// left after the sheet's name and day, the shorter name first taking what it
// needs up to half; a character is never cut in two.
func TestDatedName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		head    string
		players []string
		room    int
		want    string
	}{
		{"g-2026-11-23", []string{"Ann", "Bob"}, 50, "g-2026-11-23-Ann-Bob"},
		{"g-2026-11-23", []string{"Ann", "Bob"}, 20, "g-2026-11-23-Ann-Bob"},
		// 8 bytes after the head: 4 each, a dash and 3 letters.
		{"g-2026-11-23", []string{"Annabel", "Bobby"}, 20, "g-2026-11-23-Ann-Bob"},
		// Al takes the 3 it needs of the 8; the other gets 5, a dash and 4.
		{"g-2026-11-23", []string{"Annabel", "Al"}, 20, "g-2026-11-23-Anna-Al"},
		{"g-2026-11-23", []string{"Bobby", "Al"}, 20, "g-2026-11-23-Bobb-Al"},
		// 7 bytes: the first 3 (-An), the other 4 (-Bob).
		{"g-2026-11-23", []string{"Ann", "Bob"}, 19, "g-2026-11-23-An-Bob"},
		// 2 bytes: the first gets no letter, the other a dash and one.
		{"g-2026-11-23", []string{"Ann", "Bob"}, 14, "g-2026-11-23-B"},
		// No room for a player: the head is cut.
		{"g-2026-11-23", []string{"Ann", "Bob"}, 12, "g-2026-11-23"},
		{"g-2026-11-23", []string{"Ann", "Bob"}, 6, "g-2026"},
		// é is 2 bytes. 10 after g: Bob takes 4, éééé gets 5 (a dash and
		// two é); 8 after g: Bobby gets 4 (-Bob), éééé 4 (a dash and one é).
		{"g", []string{"éééé", "Bob"}, 11, "g-éé-Bob"},
		{"g", []string{"éééé", "Bobby"}, 9, "g-é-Bob"},
	}
	for _, tt := range tests {
		got := datedName(tt.head, tt.players, tt.room)
		if got != tt.want || len(got) > tt.room {
			t.Errorf("datedName(%q, %q, %d) = %q, want %q", tt.head, tt.players, tt.room, got, tt.want)
		}
	}
}
