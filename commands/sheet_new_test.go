package commands

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// A hand that gin sheet add reports as recorded is never lost to a
// gin sheet new --force run at the same moment: it is in the sheet kept as
// .bak, or in the new sheet. Before new took the lock for the whole
// replace, it copied the sheet to .bak, add saved its hand, and new wrote
// over it (a third of the runs, one round in two here).
func TestNewRacingAddLosesNoHand(t *testing.T) {
	t.Parallel() // waits on the programs it starts
	dir := t.TempDir()
	sheet := filepath.Join(dir, "gin-sheet.yaml")
	rounds := 12 // 40 with -long
	if *long {
		rounds = 40
	}
	if testing.Short() || raceOn {
		rounds = 4 // each round starts two programs, slow under the race detector
	}
	// Each round starts from the same sheet of one hand: made by gin once,
	// then written back.
	if r := runApart(t, "sheet", "new", "--players", "Ann,Bob", "--sheet", sheet); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runApart(t, "sheet", "add", "--by", "a", "--knock", "3", "--deadwood", "9", "--sheet", sheet); r.code != 0 {
		t.Fatal(r.stderr)
	}
	start := map[string][]byte{}
	names, _ := filepath.Glob(sheet + "*")
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		start[name] = data
	}
	for i := range rounds {
		if i > 0 {
			names, _ := filepath.Glob(sheet + "*")
			for _, name := range names {
				if err := os.Remove(name); err != nil {
					t.Fatal(err)
				}
			}
			for name, data := range start {
				if err := os.WriteFile(name, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		var add, replace result
		var wg sync.WaitGroup
		wg.Go(func() {
			add = runApart(t, "sheet", "add", "--by", "b", "--knock", "2", "--deadwood", "7", "--sheet", sheet)
		})
		wg.Go(func() { replace = runApart(t, "sheet", "new", "--force", "--players", "Ann,Bob", "--sheet", sheet) })
		wg.Wait()
		if add.code != 0 || replace.code != 0 {
			t.Fatalf("round %d: add exit %d %q, new exit %d %q", i, add.code, add.stderr, replace.code, replace.stderr)
		}
		// The hand is Bob's knock of 2, the only one with deadwood 7.
		var in []string
		names, _ = filepath.Glob(sheet + "*")
		for _, name := range names {
			if data, err := os.ReadFile(name); err == nil && strings.Contains(string(data), "deadwood: 7\n") {
				in = append(in, filepath.Base(name))
			}
		}
		if len(in) != 1 {
			t.Fatalf("round %d: the hand add recorded is in %v, want it in gin-sheet.yaml or gin-sheet.yaml.bak, once", i, in)
		}
	}
}

// The dated name a finished game is kept under fits a file name (255
// bytes): long players' names are cut, each keeping what it can, and so is
// a long sheet name; the -2 of a second game never pushes a name over.
// gin sheet new spun for ever on such names.
func TestNewKeepsAGameWithLongNames(t *testing.T) {
	t.Parallel()
	a117, b117 := strings.Repeat("A", 117), strings.Repeat("B", 117)
	a114, b114 := strings.Repeat("A", 114), strings.Repeat("B", 114)
	s230 := strings.Repeat("s", 230)
	tests := []struct {
		players, sheet string
		want           []string // the names the finished games are kept under, in order
	}{
		// gin-sheet-2026-11-23-A…-B….yaml: 255 bytes leave 228 for the
		// two names, 114 each; with -2, 113 each.
		{a117 + "," + b117, "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-" + a114 + "-" + b114 + ".yaml",
			"gin-sheet-2026-11-23-" + a114[:113] + "-" + b114[:113] + "-2.yaml",
		}},
		// A name that fits exactly: its -2 takes a byte from each player.
		{a114 + "," + b114, "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-" + a114 + "-" + b114 + ".yaml",
			"gin-sheet-2026-11-23-" + a114[:113] + "-" + b114[:113] + "-2.yaml",
		}},
		// A short name keeps all of itself; the long one gets the rest:
		// 255 less gin-sheet-2026-11-23-Al- (24) and .yaml (5).
		{"Al," + b117 + b117, "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-Al-" + strings.Repeat("B", 255-24-5) + ".yaml",
		}},
		// A sheet's name of 235 bytes (the longest whose save's temporary
		// file, 20 bytes longer, is a name) with the day is 241 bytes, and
		// -Ann-Bob.yaml takes it to 254; the -2 takes 2 bytes from the
		// players, which share the 7 left (-An, -Bob).
		{"Ann,Bob", s230 + ".yaml", []string{
			s230 + "-2026-11-23-Ann-Bob.yaml",
			s230 + "-2026-11-23-An-Bob-2.yaml",
			s230 + "-2026-11-23-An-Bob-3.yaml",
		}},
		// Wide characters are cut whole: the 114 bytes of each share hold
		// 38 characters of 3 bytes, or 28 of 4.
		{strings.Repeat("𝄞", 117) + "," + strings.Repeat("中", 117), "gin-sheet.yaml", []string{
			"gin-sheet-2026-11-23-" + strings.Repeat("𝄞", 28) + "-" + strings.Repeat("中", 38) + ".yaml",
		}},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		sheet := filepath.Join(dir, tt.sheet)
		for i, want := range tt.want {
			args := []string{"sheet", "new", "--sheet", sheet}
			if i == 0 {
				args = append(args, "--players", tt.players)
			}
			run(t, "", args...)
			first := strings.SplitN(tt.players, ",", 2)[0]
			run(t, "", "sheet", "add", "--by", first, "--gin", "--deadwood", "90", "--sheet", sheet)
			done := make(chan result, 1)
			go func() { done <- run(t, "", "sheet", "new", "--sheet", sheet) }()
			var r result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("players %.20s…, sheet %.20s…: gin sheet new hangs", tt.players, tt.sheet)
			}
			if len(want) > 255 {
				t.Fatalf("the test's name is %d bytes", len(want))
			}
			if r.code != 0 || !strings.Contains(r.stdout, "The finished game was moved to "+filepath.Join(dir, want)+".\n") {
				t.Errorf("players %.20s…, sheet %.20s…, game %d: exit %d\n%s%s\nwant it moved to %s", tt.players, tt.sheet, i+1, r.code, r.stdout, r.stderr, want)
			}
			if data, err := os.ReadFile(filepath.Join(dir, want)); err != nil || !strings.Contains(string(data), "gin: true") {
				t.Errorf("the finished game is not in %s: %v", want, err)
			}
		}
	}
}

// mountFull mounts a small tmpfs on a new folder and fills it, for a disk
// that is full; it skips the test where that cannot be done (not root, no
// mount).
func mountFull(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if os.Geteuid() != 0 {
		t.Skip("a full disk needs a tmpfs mounted, which needs root")
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs for a full disk: %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// fill takes what room is left in dir.
func fill(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if _, err := f.Write(make([]byte, 1<<20)); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("filling the disk: %v, want it full", err)
	}
}

// gin sheet new on a full disk does the whole replace or nothing: the game
// stays where it was, the error says so, and no empty .bak is left.
func TestNewOnAFullDisk(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		hand   []string
		args   []string
		sheet  string // what the error says is still in gin-sheet.yaml
		before string // what the folder holds before, and after
	}{
		{"a finished game", []string{"--gin", "--deadwood", "90"}, nil, "the finished game", "filler gin-sheet.yaml"},
		{"--force", []string{"--knock", "3", "--deadwood", "9"}, []string{"--force", "--players", "Ann,Bob"}, "the old sheet", "filler gin-sheet.yaml"},
	} {
		dir := mountFull(t)
		sheet := filepath.Join(dir, "gin-sheet.yaml")
		run(t, "", "sheet", "new", "--players", "Ann,Bob", "--sheet", sheet)
		run(t, "", append([]string{"sheet", "add", "--by", "a", "--sheet", sheet}, tt.hand...)...)
		before, _ := os.ReadFile(sheet)
		fill(t, dir)
		r := run(t, "", append([]string{"sheet", "new", "--sheet", sheet}, tt.args...)...)
		want := fmt.Sprintf("gin: %s: the new sheet was not started: could not write it: no space left on device; nothing was changed: %s is still in %s\n", sheet, tt.sheet, sheet)
		if r.code != ExitError || r.stderr != want {
			t.Errorf("%s: exit %d %q, want %q", tt.name, r.code, r.stderr, want)
		}
		if after, _ := os.ReadFile(sheet); string(after) != string(before) {
			t.Errorf("%s: the sheet changed:\n%s", tt.name, after)
		}
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if got := strings.Join(names, " "); got != tt.before {
			t.Errorf("%s: the folder holds %s, want %s", tt.name, got, tt.before)
		}
		if r := run(t, "", "sheet", "show", "--sheet", sheet); r.code != 0 {
			t.Errorf("%s: show after: exit %d %q", tt.name, r.code, r.stderr)
		}
	}
}

// gin sheet new --sheet LINK on a finished game keeps the link a link: the
// game in the file it points to is kept beside that file, and the new
// sheet goes into the file, as every save through a link does.
func TestNewThroughALink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(games, "friday.yaml")
	link := filepath.Join(dir, "gin-sheet.yaml")
	if err := os.Symlink(filepath.Join("games", "friday.yaml"), link); err != nil {
		t.Fatal(err)
	}
	run(t, "", "sheet", "new", "--players", "Ann,Bob", "--sheet", target)
	run(t, "", "sheet", "add", "--by", "a", "--gin", "--deadwood", "90", "--sheet", link)
	finished, _ := os.ReadFile(target)
	r := run(t, "", "sheet", "new", "--sheet", link)
	kept := filepath.Join(games, "friday-2026-11-23-Ann-Bob.yaml")
	if r.code != 0 || !strings.Contains(r.stdout, "The finished game was moved to "+kept+".\n") {
		t.Errorf("new through a link: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if to, err := os.Readlink(link); err != nil || to != filepath.Join("games", "friday.yaml") {
		t.Errorf("the link is now %q (%v), want it to point to games/friday.yaml still", to, err)
	}
	if data, err := os.ReadFile(kept); err != nil || string(data) != string(finished) {
		t.Errorf("the finished game is not kept in %s: %v", kept, err)
	}
	if info, err := os.Lstat(kept); err != nil || !info.Mode().IsRegular() {
		t.Errorf("%s is not a file of its own: %v", kept, err)
	}
	if r := run(t, "", "sheet", "show", "--sheet", target, "--json"); r.code != 0 || !strings.Contains(r.stdout, `"hands":[]`) {
		t.Errorf("the file the link points to does not hold the new sheet: exit %d %.200s%s", r.code, r.stdout, r.stderr)
	}
	// --force keeps the game that was there as .bak, beside the file too.
	run(t, "", "sheet", "add", "--by", "a", "--knock", "3", "--deadwood", "9", "--sheet", link)
	open, _ := os.ReadFile(target)
	r = run(t, "", "sheet", "new", "--force", "--players", "Cy,Di", "--sheet", link)
	if bak, err := os.ReadFile(target + ".bak"); r.code != 0 || err != nil || string(bak) != string(open) || !strings.Contains(r.stdout, "kept as "+target+".bak") {
		t.Errorf("new --force through a link: exit %d %q %q; backup %v", r.code, r.stdout, r.stderr, err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("after new --force the link is no longer a link: %v", err)
	}
}
