package handfile

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// The most of a folder that ReadHistory reads: the newest files first, as
// many as MaxHistoryFiles and MaxHistoryBytes allow, so that advice at the
// table stays quick beside years of records.
const (
	MaxHistoryFiles = 500
	MaxHistoryBytes = 16 << 20
)

// History is what the hand records of a folder show of one player's play.
type History struct {
	// Seen is each hand of the player whose end a record shows
	// (record.Shown), as the other player saw it, newest first.
	Seen []table.Shown
	// Records is the records of the player read, Seen's and those that
	// show no end (Unshown: a hand still in play, or a knock whose cards
	// were never shown); a record held twice (the same digest) counts once.
	Records, Unshown int
	// Skipped is the files that could not be read as hand records (not
	// readable, refused by the reader or the rules of play, rules that
	// cannot be found), and Left those not read, beyond MaxHistoryFiles or
	// MaxHistoryBytes.
	Skipped, Left int
}

// ReadHistory reads the hand records beside the record at path that the
// player named plays in (by ginrummy.SameName): every regular file of its
// folder whose name ends in .txt (gin hand's kept records, gin-hand-1.txt
// and on; gin arena --record's game-0001-hand-01.txt), the record at path
// apart, newest first (by the time each was last changed), at most
// MaxHistoryFiles files and MaxHistoryBytes bytes. It never fails: a file
// that cannot be read as a record is skipped and counted, and one larger
// than a record can be (record.MaxSize) is skipped unread.
func ReadHistory(path, player string) History {
	var h History
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return h
	}
	self, _ := os.Stat(path)
	type file struct {
		name string
		info os.FileInfo
	}
	var files []file
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(name, ".txt") || strings.HasPrefix(name, ".") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			h.Skipped++
			continue
		}
		if self != nil && os.SameFile(self, info) {
			continue
		}
		files = append(files, file{name, info})
	}
	slices.SortFunc(files, func(a, b file) int {
		return cmp.Or(b.info.ModTime().Compare(a.info.ModTime()), strings.Compare(b.name, a.name))
	})
	rules := map[string]ginrummy.Rules{}
	digests := map[string]bool{}
	read := 0
	opened := 0
	for i, f := range files {
		if f.info.Size() > record.MaxSize {
			h.Skipped++ // no record, and not read: a large file does not use up the bound
			continue
		}
		if opened == MaxHistoryFiles || read+int(f.info.Size()) > MaxHistoryBytes {
			h.Left = len(files) - i
			break
		}
		opened++
		read += int(f.info.Size())
		file := filepath.Join(dir, f.name)
		text, err := readHandText(file)
		var rec *record.Record
		if err == nil {
			rec, err = record.Parse(text)
		}
		if err != nil {
			h.Skipped++
			continue
		}
		p := slices.IndexFunc(rec.Players[:], func(n string) bool { return ginrummy.SameName(n, player) })
		if p < 0 {
			continue // another player's hands
		}
		d := record.Digest(rec)
		if digests[d] {
			continue
		}
		digests[d] = true
		r, err := recordRulesCached(rules, rec, file)
		if err != nil {
			h.Skipped++
			continue
		}
		round, err := rec.Replay(r, -1)
		if err != nil {
			h.Skipped++
			continue
		}
		h.Records++
		if s, ok := record.Shown(round, 1-p); ok {
			h.Seen = append(h.Seen, s)
		} else {
			h.Unshown++
		}
	}
	return h
}

// recordRulesCached is Rules, each rules file or preset resolved
// once in cache.
func recordRulesCached(cache map[string]ginrummy.Rules, rec *record.Record, path string) (ginrummy.Rules, error) {
	name := rulesName(rec, path)
	if r, ok := cache[name]; ok {
		return r, nil
	}
	r, err := Rules(rec, path)
	if err == nil {
		cache[name] = r
	}
	return r, err
}

// rulesName is the preset or the rules file a record's rules statement
// names, a file relative to the record at path.
func rulesName(rec *record.Record, path string) string {
	name := rec.Rules
	if name == "" {
		name = ginrummy.DefaultRules().Name
	}
	if strings.ContainsAny(name, `/\`) || strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") {
		if !filepath.IsAbs(name) {
			name = filepath.Join(filepath.Dir(path), name)
		}
	}
	return name
}

// Rules resolves the rules of the record at path: a preset, or a
// rules file named relative to the record. An error is a *Error
// whose *record.Error names the rules statement's line.
func Rules(rec *record.Record, path string) (ginrummy.Rules, error) {
	spec, err := rulesfile.LoadSpec(rulesName(rec, path))
	if err != nil {
		return ginrummy.Rules{}, &Error{Path: path, Err: &record.Error{Line: rec.RulesLine, Err: fmt.Errorf("rules: %w", err)}}
	}
	return spec.Resolve()
}
