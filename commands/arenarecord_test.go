package commands

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/arena"
	"github.com/gin-rummy/gin/ginrummy/record"
)

// --record takes a folder's name as a path, whatever characters it holds
// that a file pattern would read: [ and * find no other folder's records
// and miss none of their own.
func TestArenaRecordFolderNameIsAPath(t *testing.T) {
	parallelIn(t, t.TempDir())
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := arena.Config{Rules: rules, Games: 2}
	// Records of an earlier run, in b[1] and in q1.
	for _, dir := range []string{"b[1]", "q1"} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "game-1-hand-01.txt"), []byte("players A B\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// c[x is no pattern at all, and a new folder.
	if _, err := arenaRecorder("c[x", cfg); err != nil {
		t.Errorf("--record c[x: %v, want the folder made and taken", err)
	} else if fi, err := os.Stat("c[x"); err != nil || !fi.IsDir() {
		t.Errorf("--record c[x: the folder is not there: %v", err)
	}
	// b[1] holds records of its own: refused, as any such folder is.
	if _, err := arenaRecorder("b[1]", cfg); err == nil || !strings.Contains(err.Error(), "holds the records of an arena run already (game-1-hand-01.txt)") {
		t.Errorf("--record b[1]: %v, want it refused for the records in it", err)
	}
	// q* is a new folder: q1's records are not its own.
	if _, err := arenaRecorder("q*", cfg); err != nil {
		t.Errorf("--record 'q*': %v, want the folder made and taken", err)
	} else if fi, err := os.Stat("q*"); err != nil || !fi.IsDir() {
		t.Errorf("--record 'q*': the folder is not there: %v", err)
	}
}

// A second run into a folder another run is recording into is refused,
// and the first records on alone: the two found the folder empty at once
// and mixed their records in it.
func TestArenaRecordFolderTakenOnce(t *testing.T) {
	parallelIn(t, t.TempDir())
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := arena.Config{Rules: rules, Games: 2}
	first, err := arenaRecorder("runs", cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, err = arenaRecorder("runs", cfg)
	if err == nil || !strings.Contains(err.Error(), "--record runs: another gin arena is recording into the folder now") {
		t.Errorf("a second --record runs while the first records: %v, want it refused", err)
	}
	// The first run records on, alone.
	if err := first(1, 1, &record.Record{Players: [2]string{"A", "B"}}); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir("runs"); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the first run's record alone", len(entries))
	}
	runtime.KeepAlive(first)
}

// A run refused its folder (it holds an earlier run's records) lets the
// folder go at once: the next run into it, once emptied, is not told that
// another run is recording there.
func TestArenaRecordRefusedLetsTheFolderGo(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("a folder is not locked on Windows")
	}
	dir := t.TempDir()
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	cfg := arena.Config{Rules: rules, Games: 2}
	old := filepath.Join(dir, "game-1-hand-01.txt")
	if err := os.WriteFile(old, []byte(handsExample()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := arenaRecorder(dir, cfg); err == nil || !strings.Contains(err.Error(), "holds the records of an arena run") {
		t.Fatalf("a folder with a run's records: %v", err)
	}
	if err := os.Remove(old); err != nil {
		t.Fatal(err)
	}
	if _, err := arenaRecorder(dir, cfg); err != nil {
		t.Errorf("the folder emptied, a new run refused: %v", err)
	}
}
