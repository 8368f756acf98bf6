package sheets

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-rummy/gin/ginrummy/yamlfile"
)

// Today is the day a new sheet records as started, YYYY-MM-DD: the local
// date, or GIN_TODAY when it is set (for scripts and tests that need a fixed
// date).
func Today() string {
	if d := os.Getenv("GIN_TODAY"); d != "" {
		return d
	}
	return time.Now().Format(time.DateOnly)
}

// Moved is what MakeRoom did with the sheet that was at the path.
type Moved struct {
	To     string // where a finished game went; "" when nothing moved
	Backup string // where --force kept a copy of an unfinished or unreadable sheet; "" when none
}

// MakeRoom clears path for a new game. A finished game there is moved aside
// to a dated name beside it (gin-sheet-2026-11-22-Ann-Bob.yaml, then -2,
// -3, never over a file). A sheet that is not finished, or does not load,
// stays unless force, which keeps a copy as path.bak (.bak-2, … when taken)
// before it is replaced. Nothing at path: nothing to do.
func MakeRoom(path string, force bool) (Moved, error) {
	if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
		return Moved{}, nil
	}
	if err := isSheetFile(path); err != nil {
		return Moved{}, err
	}
	s, score, err := load(path)
	switch {
	case err == nil && score.Result != nil:
		to, err := archiveName(path, s)
		if err != nil {
			return Moved{}, fmt.Errorf("%s: found no name to move the finished game to beside it: %w; nothing was changed", path, err)
		}
		if err := os.Rename(path, to); err != nil {
			return Moved{}, fmt.Errorf("%s: could not move the finished game aside: %w", path, err)
		}
		return Moved{To: to}, nil
	case !force && err != nil:
		return Moved{}, fmt.Errorf("%s holds a sheet that does not load (%w); fix it, or start over with --force (a copy is kept as .bak), or use --sheet FILE for another", path, err)
	case !force:
		return Moved{}, fmt.Errorf("%s: the game on this sheet is not finished; finish it (gin sheet close ends it now), or start over with --force (a copy is kept as .bak), or use --sheet FILE for another", path)
	}
	backup, err := freeName(path, func(room int) string {
		return cutName(filepath.Base(path), room-len(".bak")) + ".bak"
	}, "")
	if err != nil {
		return Moved{}, fmt.Errorf("%s: found no name to keep a copy under beside it: %w; nothing was changed", path, err)
	}
	if err := copyFile(path, backup); err != nil {
		return Moved{}, fmt.Errorf("%s: could not keep a copy before replacing it: %w", path, err)
	}
	return Moved{Backup: backup}, nil
}

// archiveName is the dated name a finished game moves to: the sheet's name,
// the day it started (or the file's date), and the players, cut short to
// fit a file name.
func archiveName(path string, s Sheet) (string, error) {
	day := string(s.Started)
	if day == "" {
		if info, err := os.Stat(path); err == nil {
			day = info.ModTime().Format(time.DateOnly)
		}
	}
	ext := filepath.Ext(path)
	head := strings.TrimSuffix(filepath.Base(path), ext)
	if day != "" {
		head += "-" + day
	}
	players := make([]string, len(s.Players))
	for i, p := range s.Players {
		players[i] = fileSafe(p)
	}
	return freeName(path, func(room int) string { return datedName(head, players, room) }, ext)
}

// fileSafe keeps what of a name is safe in a file name: spaces become
// underscores; slashes, shell characters and controls go.
func fileSafe(name string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return '_'
		case r < ' ' || yamlfile.UnsafeRune(r) || strings.ContainsRune(`/\:*?"<>|'`+"`$&;#~!", r):
			return -1
		}
		return r
	}, name)
	if strings.Trim(safe, ".") == "" {
		return "player"
	}
	return safe
}

// datedName joins head and the players with dashes in at most room bytes:
// when that is too long the players' names are cut, each keeping what it
// can of an even share of the room after head; when head leaves no room,
// head is cut and the players left out.
func datedName(head string, players []string, room int) string {
	need := len(head)
	for _, p := range players {
		need += 1 + len(p)
	}
	switch {
	case need <= room:
		return strings.Join(append([]string{head}, players...), "-")
	case len(head)+2 > room:
		return cutName(head, room)
	}
	// The shortest name first takes what it needs, up to an even share of
	// what is left; the longer ones share the rest.
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(players[a]) - len(players[b]) })
	left := room - len(head)
	cut := make([]string, len(players))
	for n, i := range order {
		cut[i] = cutName(players[i], left/(len(players)-n)-1)
		if cut[i] != "" {
			left -= 1 + len(cut[i])
		}
	}
	name := head
	for _, p := range cut {
		if p != "" {
			name += "-" + p
		}
	}
	return name
}

// cutName is the longest start of name in at most n bytes that does not
// break a character.
func cutName(name string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(name) <= n {
		return name
	}
	for n > 0 && !utf8.RuneStart(name[n]) {
		n--
	}
	return name[:n]
}

// maxName is the longest file name, in bytes, of the file systems in common
// use (NAME_MAX). On one that takes fewer, a name too long is an error, not
// a name taken.
const maxName = 255

// freeName returns the first name beside path that names no file: name(room)
// then ext, then with -2, -3, … before ext, where name gives a name of at
// most room bytes that leaves space for the number and ext within maxName.
// Any error but "not there" from looking a name up is returned, never taken
// as a name in use.
func freeName(path string, name func(room int) string, ext string) (string, error) {
	dir := filepath.Dir(path)
	for n := 1; ; n++ {
		num := ""
		if n > 1 {
			num = fmt.Sprintf("-%d", n)
		}
		base := name(maxName-len(num)-len(ext)) + num + ext
		candidate := filepath.Join(dir, base)
		_, err := os.Lstat(candidate)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return candidate, nil
		case err != nil:
			return "", err
		}
	}
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer func() { _ = in.Close() }()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// Entry is one sheet of a folder: where it is, and its record and score, or
// why it does not load.
type Entry struct {
	Path  string
	Sheet Sheet
	Score *Score
	Err   error
}

// LoadFile reads the sheet at path, without locking it, with its score.
func LoadFile(path string) Entry {
	s, score, err := load(path)
	return Entry{Path: path, Sheet: s, Score: score, Err: err}
}

// Folder returns the sheets of a folder: every .yaml or .yml file whose
// first lines name players, the mark of a sheet (rules files have none),
// sorted by the day they started and then by name.
func Folder(dir string) ([]Entry, error) {
	names, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, d := range names {
		ext := filepath.Ext(d.Name())
		if d.IsDir() || ext != ".yaml" && ext != ".yml" {
			continue
		}
		path := filepath.Join(dir, d.Name())
		if dir == "." {
			path = d.Name()
		}
		if !LooksLikeSheet(path) {
			continue
		}
		out = append(out, LoadFile(path))
	}
	slices.SortStableFunc(out, func(a, b Entry) int {
		if c := strings.Compare(string(a.Sheet.Started), string(b.Sheet.Started)); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	return out, nil
}

// LooksLikeSheet reports whether a file has a top-level players key in its
// first 4 KB: a score sheet has one, a rules file has none. What is not a
// regular file (a pipe would hang the read) is no sheet; one too big to load
// is still listed, and says so.
func LooksLikeSheet(path string) bool {
	f, _, err := yamlfile.OpenRegular(path, "a score sheet")
	if err != nil {
		return false
	}
	defer func() { _ = f.Close() }()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	for _, line := range strings.Split(string(head[:n]), "\n") {
		if strings.HasPrefix(line, "players:") {
			return true
		}
	}
	return false
}

// Latest returns the sheet of the folder that was started last (by its day,
// then by when the file was written), or false when the folder has none
// that loads.
func Latest(dir string) (Entry, bool) {
	entries, err := Folder(dir)
	if err != nil {
		return Entry{}, false
	}
	var best Entry
	var bestTime time.Time
	found := false
	for _, e := range entries {
		if e.Err != nil {
			continue
		}
		info, err := os.Stat(e.Path)
		if err != nil {
			continue
		}
		if !found || e.Sheet.Started > best.Sheet.Started || e.Sheet.Started == best.Sheet.Started && info.ModTime().After(bestTime) {
			best, bestTime, found = e, info.ModTime(), true
		}
	}
	return best, found
}
