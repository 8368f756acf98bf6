package sheets

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gin-rummy/gin/sheets/internal/safefile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
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

// Moved is what New did with the sheet that was at the path.
type Moved struct {
	To       string // where a finished game went; "" when nothing moved
	Backup   string // where --force kept an unfinished or unreadable sheet; "" when none
	Replaced bool   // a sheet with no hands was there: it was replaced, and not kept
}

// The reasons a new sheet is refused the place of a file, which force
// overrides; an *ExistingSheetError wraps one.
var (
	ErrSheetExists = errors.New("a score sheet already exists")
	ErrNotFinished = errors.New("the game on this sheet is not finished")
	ErrDoesNotLoad = errors.New("a sheet that does not load")
)

// ExistingSheetError is a new sheet refused the place of what is at Path: a
// sheet (ErrSheetExists), a game not finished (ErrNotFinished), or a sheet
// that does not load (ErrDoesNotLoad, with why in Err). Force replaces it.
type ExistingSheetError struct {
	Path   string
	Reason error // ErrSheetExists, ErrNotFinished or ErrDoesNotLoad
	Err    error // with ErrDoesNotLoad, why it does not load
}

func (e *ExistingSheetError) Error() string {
	switch e.Reason {
	case ErrDoesNotLoad:
		return fmt.Sprintf("%s holds a sheet that does not load (%v)", e.Path, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Reason)
}

// Unwrap returns the reason and, with ErrDoesNotLoad, why.
func (e *ExistingSheetError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Reason}
	}
	return []error{e.Reason, e.Err}
}

// BadInput marks the refusal as wrong input (ginrummy.InputError): another
// path, or force, mends it.
func (e *ExistingSheetError) BadInput() {}

// ReplaceError is a new sheet that did not take the place of the sheet at
// Path: nothing was changed, and that sheet is where it was.
type ReplaceError struct {
	Path     string // the sheet, as it was
	Finished bool   // it holds a finished game (else one that force was to replace)
	Kept     string // a second copy of it left here, which could not be removed; "" when none
	Err      error  // what failed
}

func (e *ReplaceError) Error() string {
	game := "the old sheet"
	if e.Finished {
		game = "the finished game"
	}
	msg := fmt.Sprintf("%s: the new sheet was not started: %v; nothing was changed: %s is still in %s", e.Path, e.Err, game, e.Path)
	if e.Kept != "" {
		msg += fmt.Sprintf(" (and a copy of it is in %s)", e.Kept)
	}
	return msg
}

// Unwrap returns what failed.
func (e *ReplaceError) Unwrap() error { return e.Err }

// start writes the new sheet f holds at its path, holding the lock from
// reading what is there to the end, so that a hand another command records
// meanwhile is in the sheet kept or in the new one. A finished game there is
// kept under a dated name beside it (gin-sheet-2026-11-22-Ann-Bob.yaml,
// then -2, -3, never over a file). A sheet that is not finished, or does not
// load, stays unless force, which keeps it as path.bak (path.bak-2, … when
// taken). Through a link, the file the link points to is the one replaced
// and kept, beside itself, and the link stays. The replace is whole or
// nothing: the old sheet keeps its name until the new one is written, and
// any failure leaves it as it was (*ReplaceError).
func (f *File) start(derived []Derived, force bool) (Moved, error) {
	old, err := os.ReadFile(f.real)
	if errors.Is(err, os.ErrNotExist) {
		return Moved{}, f.Save(derived)
	}
	if err != nil {
		return Moved{}, err
	}
	p, score, err := f.seams.parse(f.Path, old, true)
	finished := err == nil && score.Result != nil
	// A sheet with no hands holds no game yet: it is replaced without
	// force and without a copy, as a score pad's blank page is.
	blank := err == nil && len(p.sheet.Hands) == 0 && !p.sheet.Closed
	switch {
	case blank:
		f.data = old // replaced only as it was read: a hand recorded meanwhile is refused (ErrChanged)
		if err := f.Save(derived); err != nil {
			return Moved{}, err
		}
		return Moved{Replaced: true}, nil
	case !finished && !force && err != nil:
		return Moved{}, &ExistingSheetError{Path: f.Path, Reason: ErrDoesNotLoad, Err: err}
	case !finished && !force:
		return Moved{}, &ExistingSheetError{Path: f.Path, Reason: ErrNotFinished}
	case !finished:
		// A sheet made read-only is not to be replaced, as it is not to be
		// changed.
		if w, err := os.OpenFile(f.real, os.O_WRONLY, 0); err == nil {
			_ = w.Close() // opened only to ask whether it may be written
		} else if errors.Is(err, os.ErrPermission) {
			return Moved{}, fmt.Errorf("%s is read-only: make it writable to replace it", f.Path)
		}
	}
	data, err := f.render(derived)
	if err != nil {
		return Moved{}, err
	}
	// Named beside the file replaced, by the name the user gave it unless
	// that is a link.
	file := f.Path
	if info, err := os.Lstat(f.Path); err == nil && info.Mode()&os.ModeSymlink != 0 {
		file = f.real
	}
	var keep string
	if finished {
		keep, err = archiveName(file, p.sheet)
	} else {
		keep, err = safefile.FreeName(file, func(room int) string {
			return safefile.CutName(filepath.Base(file), room-len(".bak")) + ".bak"
		}, "", false)
	}
	if err != nil {
		what := "the old sheet"
		if finished {
			what = "the finished game"
		}
		return Moved{}, fmt.Errorf("%s: found no name to keep %s under beside it: %w; nothing was changed", f.Path, what, err)
	}
	perm, gid := safefile.ModeOf(f.real)
	if finished {
		perm |= 0o200 // the finished game may be read-only; the new one is written to
	}
	if err := f.seams.replaceKeeping(f.real, data, old, keep, perm, gid); err != nil {
		if rerr, ok := errors.AsType[*ReplaceError](err); ok {
			rerr.Path, rerr.Finished = f.Path, finished
		}
		return Moved{}, err
	}
	f.data = data
	f.lock.Sweep()
	if finished {
		return Moved{To: keep}, nil
	}
	return Moved{Backup: keep}, nil
}

// replaceKeeping puts data at path in place of the file there, which must
// still hold old, and keeps that file as keep (safefile.ReplaceKeeping). A
// failure at any step undoes the steps before it (*ReplaceError).
func (sm seams) replaceKeeping(path string, data, old []byte, keep string, perm os.FileMode, gid int) error {
	err := sm.files().ReplaceKeeping(path, data, old, keep, perm, gid)
	kerr, ok := errors.AsType[*safefile.KeepError](err)
	if !ok {
		return err
	}
	rerr := &ReplaceError{}
	switch kerr.Step {
	case safefile.Writing:
		rerr.Err = fmt.Errorf("could not write it: %w", kerr.Err)
	case safefile.Keeping:
		rerr.Err = fmt.Errorf("could not keep the old sheet as %s: %w", keep, kerr.Err)
	default:
		rerr.Err = fmt.Errorf("could not put it in place: %w", kerr.Err)
		if errors.Is(kerr.Err, ErrChanged) {
			rerr.Err = fmt.Errorf("%w since gin read it", kerr.Err)
		}
		if kerr.Kept {
			rerr.Kept = keep
		}
	}
	return rerr
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
	return safefile.FreeName(path, func(room int) string { return datedName(head, players, room) }, ext, false)
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
		return safefile.CutName(head, room)
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
		cut[i] = safefile.CutName(players[i], left/(len(players)-n)-1)
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

// Entry is one sheet of a folder: where it is, and its record and score, or
// why it does not load.
type Entry struct {
	Path  string
	Sheet Sheet
	Score *Score
	Err   error

	file os.FileInfo // the file read, to know it whatever its name; nil when there is none
}

// LoadFile reads the sheet at path, without locking it, with its score.
func LoadFile(path string) Entry {
	s, score, info, err := loadInfo(path)
	if info == nil {
		info, _ = os.Stat(path) // a file that did not load is still one file
	}
	return Entry{Path: path, Sheet: s, Score: score, Err: err, file: info}
}

// Repeat is a name of a file already read, left out.
type Repeat struct {
	Path string // the name left out
	Same string // the name the file was read by
}

// LoadFiles reads the sheets at paths, without locking them, each file once:
// a file is known by what it is, not by its name, so a link beside its
// target, or a path given twice or written two ways (a.yaml, ./a.yaml), is
// one file, read by its first name; each name left out is returned as a
// Repeat. each, when not nil, sees every entry whole as it is read; the
// entries returned hold no hands (Sheet.Hands and Score.Hands are nil), so
// that many long sheets are never held at once.
func LoadFiles(paths []string, each func(*Entry)) ([]Entry, []Repeat) {
	type stamp struct{ size, modified int64 } // files that differ here are not the same
	seen := map[stamp][]int{}                 // the entries kept of each stamp
	named := map[string]int{}                 // the entries kept without a file, by name
	var kept []Entry
	var repeats []Repeat
	for _, path := range paths {
		e := LoadFile(path)
		same := -1
		if e.file == nil {
			if i, ok := named[e.Path]; ok {
				same = i
			} else {
				named[e.Path] = len(kept)
			}
		} else {
			k := stamp{e.file.Size(), e.file.ModTime().UnixNano()}
			for _, i := range seen[k] {
				if os.SameFile(kept[i].file, e.file) {
					same = i
					break
				}
			}
			if same < 0 {
				seen[k] = append(seen[k], len(kept))
			}
		}
		if same >= 0 {
			repeats = append(repeats, Repeat{Path: e.Path, Same: kept[same].Path})
			continue
		}
		if each != nil {
			each(&e)
		}
		e.Sheet.Hands = nil
		if e.Score != nil {
			e.Score.Hands = nil
		}
		kept = append(kept, e)
	}
	return kept, repeats
}

// Folder returns the sheets of a folder: every .yaml or .yml file with a
// players key, the mark of a sheet (rules files have none), each file once
// (a link beside its target is left out), sorted by the day they started
// and then by name. each and the entries returned are LoadFiles'.
func Folder(dir string, each func(*Entry)) ([]Entry, error) {
	names, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files, links []string // of a file under two names, the one that is not a link is read
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
		if d.Type()&os.ModeSymlink != 0 {
			links = append(links, path)
		} else {
			files = append(files, path)
		}
	}
	out, _ := LoadFiles(append(files, links...), each)
	slices.SortStableFunc(out, func(a, b Entry) int {
		if c := strings.Compare(string(a.Sheet.Started), string(b.Sheet.Started)); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	return out, nil
}

// LooksLikeSheet reports whether a file has a top-level players key
// (players:, or "players": and {players: as YAML may also write it) at the
// start of a line anywhere in its first MaxSheetSize bytes, read a line at a
// time: a score sheet has one, after however long a comment, and a rules
// file has none. What is not a regular file (a pipe would hang the read) is
// no sheet; one too big to load is still listed, and says so.
func LooksLikeSheet(path string) bool {
	f, _, err := yamlfile.OpenRegular(path, "a score sheet")
	if err != nil {
		return false
	}
	defer func() { _ = f.Close() }()
	r := bufio.NewReaderSize(io.LimitReader(f, MaxSheetSize), 4096)
	start := true // whether what is read next starts a line
	for {
		part, err := r.ReadSlice('\n')
		if start && playersKey.Match(part) {
			return true
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			start = false // the rest of a long line
		case err != nil:
			return false
		default:
			start = true
		}
	}
}

// playersKey is a line that starts with a sheet's players key.
var playersKey = regexp.MustCompile(`^(\x{FEFF})?(\{\s*)?("players"|'players'|players)\s*:`)

// Latest returns the sheet of the folder that was started last (by its day,
// then by when the file was written), or false when the folder has none
// that loads.
func Latest(dir string) (Entry, bool) {
	entries, err := Folder(dir, nil)
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
