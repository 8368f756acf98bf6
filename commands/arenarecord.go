package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"

	"github.com/gofrs/flock"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/arena"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/sheets/handfile"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// arenaRecorder is gin arena --record DIR: each hand written as a complete
// hand record, DIR/game-0001-hand-01.txt, into a folder made for it or
// holding no records of an arena run, and locked for the run, so that
// another run cannot record into it meanwhile. A record names its rules by their
// preset; rules that differ from the preset's (a rules file, rule flags)
// are written beside the records, as rules.yaml, and named by it.
func arenaRecorder(dir string, cfg arena.Config) (_ arena.Recorder, err error) {
	if dir == "" {
		return nil, errors.New("--record: the folder name is empty")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--record: %w", err)
	}
	// The folder itself is locked, held for the run and let go when gin
	// ends, leaving no file behind: a second run into the folder meanwhile
	// found it empty too, and the two mixed their records. Where the
	// system cannot lock a folder (an error, not a lock held), the run
	// records all the same, as it did, guarded by the check for records.
	lock := flock.New(dir, flock.SetFlag(os.O_RDONLY))
	if ok, lerr := lock.TryLock(); lerr == nil && !ok {
		return nil, fmt.Errorf("--record %s: another gin arena is recording into the folder now: give another folder, or run this one when it has ended", yamlfile.Printable(dir))
	}
	defer func() {
		if err != nil {
			_ = lock.Close() // no run records here: the folder is let go at once
		}
	}()
	if old, err := arenaRecordIn(dir); err != nil {
		return nil, fmt.Errorf("--record: %w", err)
	} else if old != "" {
		return nil, fmt.Errorf("--record %s: the folder holds the records of an arena run already (%s): give an empty folder or a new one", yamlfile.Printable(dir), yamlfile.Printable(old))
	}
	rules := cfg.Rules.Name
	if preset, err := ginrummy.Preset(rules); err != nil || !reflect.DeepEqual(preset, cfg.Rules) {
		rules = "rules.yaml"
		text, err := rulesfile.Marshal(cfg.Rules)
		if err == nil {
			err = handfile.CreateFile(filepath.Join(dir, rules), text)
		}
		if errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("--record %s: the folder has a rules.yaml already, where the records' rules would go: give an empty folder or a new one", yamlfile.Printable(dir))
		}
		if err != nil {
			return nil, fmt.Errorf("--record: %w", err)
		}
	}
	width := len(strconv.Itoa(cfg.Games))
	return func(game, hand int, rec *record.Record) error {
		_ = lock // held while the run can record: a lock let go is unlocked
		rec.Rules = rules
		path := filepath.Join(dir, fmt.Sprintf("game-%0*d-hand-%02d.txt", width, game, hand))
		if err := handfile.CreateFile(path, record.Format(rec)); err != nil {
			return fmt.Errorf("--record: %w", err)
		}
		return nil
	}, nil
}

// arenaRecordIn returns the name of a record of an arena run in the folder
// dir, or "" when it holds none. The folder's name is a path, never a
// pattern: its files are listed and their names matched, where a pattern
// joined to the name read [ and * in it as pattern.
func arenaRecordIn(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if ok, _ := filepath.Match("game-*-hand-*.txt", e.Name()); ok { // a fixed pattern, well formed
			return e.Name(), nil
		}
	}
	return "", nil
}
