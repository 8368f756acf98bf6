// Package handfile keeps the hand record files (docs/hands.md): a record
// read (at most record.MaxSize bytes, never a pipe) and opened once into a
// record.Session with the rules it names, changed under its lock for the
// whole read-change-write (a move appended whole or not at all, an undo
// written atomically), a new one written with the old kept beside it, and
// the earlier hands of a player in the records of a folder (ReadHistory).
// Whether a record is one of a score sheet's hands is the sheet's to say
// (sheets.AddPlayed).
package handfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/sheets/internal/safefile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// DefaultPath is the hand record gin hand keeps when none is named.
const DefaultPath = "gin-hand.txt"

// Error is a hand record file that cannot be read, or whose record
// is refused: the file and what is wrong (a *record.Error names the line).
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %v", yamlfile.Printable(e.Path), e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrNoHand is a hand record file that is not there.
var ErrNoHand = errors.New("no hand record here")

// records is how the hand record files are read: parse and begin are
// record.Parse and record.Begin, which a test wraps to count that a record
// is parsed and replayed once; wait is how long a change waits for another
// command that holds the record's lock.
type records struct {
	parse func([]byte) (*record.Record, error)
	begin func(*record.Record, ginrummy.Rules) (*record.Session, error)
	wait  time.Duration
}

// theRecords reads records with record.Parse and record.Begin, and waits
// safefile.LockWait for a lock.
func theRecords() records { return records{record.Parse, record.Begin, safefile.LockWait} }

// Open opens the hand record at path once: read (at most
// record.MaxSize bytes, without waiting on a pipe or a device), parsed, its
// rules resolved (a rules file named from the record's folder), and its
// moves carried out: the session at the record's last point.
func Open(path string) (*record.Session, error) {
	return theRecords().open(path, true)
}

// Begin is Open with the session at the deal, for a reader that
// walks the moves (gin review): record.Session.Step carries out each.
func Begin(path string) (*record.Session, error) {
	return theRecords().open(path, false)
}

// OpenRecord opens a record made elsewhere (as gin hand new makes one) to
// be kept at path: its rules resolved from there, its moves carried out. A
// record the rules refuse is its *record.Error.
func OpenRecord(rec *record.Record, path string) (*record.Session, error) {
	return theRecords().session(rec, path, true)
}

// open reads the record at path into a session, at its last point when
// forward, else at the deal; text is the file as read.
func (rs records) open(path string, forward bool) (*record.Session, error) {
	s, _, err := rs.read(path, forward)
	return s, err
}

// read is open, with the file's text.
func (rs records) read(path string, forward bool) (*record.Session, []byte, error) {
	text, err := readHandText(path)
	if err != nil {
		return nil, nil, err
	}
	rec, err := rs.parse(text)
	if err != nil {
		return nil, nil, &Error{path, err}
	}
	s, err := rs.session(rec, path, forward)
	var fe *Error
	var re *record.Error
	if errors.As(err, &re) && !errors.As(err, &fe) {
		err = &Error{path, err}
	}
	if err != nil {
		return nil, nil, err
	}
	return s, text, nil
}

// session opens rec, kept at path, under its rules. Rules that cannot be
// read are a *Error; a record the rules of play refuse is the
// record's *record.Error (read calls it the file's).
func (rs records) session(rec *record.Record, path string, forward bool) (*record.Session, error) {
	rules, err := Rules(rec, path)
	if err != nil {
		return nil, err
	}
	s, err := rs.begin(rec, rules)
	if err == nil && forward {
		err = s.Forward()
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// readHandText reads the file at path, which must be a regular file, and at
// most one byte more than record.MaxSize of it.
func readHandText(path string) ([]byte, error) {
	f, _, err := yamlfile.OpenRegular(path, "a hand record")
	if errors.Is(err, os.ErrNotExist) {
		return nil, &Error{path, ErrNoHand}
	}
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	text, err := io.ReadAll(io.LimitReader(f, record.MaxSize+1))
	if err != nil {
		return nil, &Error{path, err}
	}
	return text, nil
}

// Change changes the hand record at path under its lock, for the whole
// read-change-write: change is given the record opened once, at its last
// point (record.Session.Play checks a move there and gives its line), and
// returns the text to append (a line, or nothing), or, with replace, the
// whole new text. An append is written and synced at once, whole or not at
// all; a replacement is written atomically, and only over the file as it
// was read. The temporary files of replacements that were killed part-way
// are removed (safefile.Lock.Sweep), as a sheet's are.
func Change(path string, change func(s *record.Session) (out []byte, replace bool, err error)) error {
	return theRecords().change(path, true, func(s *record.Session, _ []byte) ([]byte, bool, error) { return change(s) }, openAppend)
}

// Undo takes back the moves of the last line of the hand record at
// path (record.Session.Undo), under its lock, and writes the record
// without that line, as Change replaces one: every other line stays as it
// was, comments and all. The moves before them are carried out once, so a
// last line the rules refuse can be taken back. It returns the session
// without them and the moves taken back; a record with no move is
// record.ErrNoMoves.
func Undo(path string) (*record.Session, []record.Move, error) {
	var s *record.Session
	var taken []record.Move
	err := theRecords().change(path, false, func(begun *record.Session, text []byte) ([]byte, bool, error) {
		var err error
		if taken, err = begun.Undo(); errors.Is(err, record.ErrNoMoves) {
			return nil, false, err
		} else if err != nil {
			return nil, false, &Error{path, err}
		}
		out, ok := cutLine(text, taken[0].Line)
		if !ok {
			return nil, false, &Error{path, fmt.Errorf("line %d, of the last move, is not in the file; nothing was changed", taken[0].Line)}
		}
		s = begun
		return out, true, nil
	}, openAppend)
	if err != nil {
		return nil, nil, err
	}
	return s, taken, nil
}

// cutLine is text without its 1-based line n, which goes with its end of
// line; false when text has no line n. Lines are counted as record.Parse
// counts them, at each newline.
func cutLine(text []byte, n int) ([]byte, bool) {
	start := 0
	for range n - 1 {
		i := bytes.IndexByte(text[start:], '\n')
		if i < 0 {
			return nil, false
		}
		start += i + 1
	}
	if n < 1 || start == len(text) {
		return nil, false
	}
	end := len(text)
	if i := bytes.IndexByte(text[start:], '\n'); i >= 0 {
		end = start + i + 1
	}
	return append(text[:start:start], text[end:]...), true
}

// appender is a hand record opened to append to: an *os.File.
type appender interface {
	io.Writer
	Truncate(size int64) error
	Sync() error
	Close() error
}

// openAppend opens the record at path to append to it.
func openAppend(path string) (appender, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
}

// change is Change, the session at the record's last point when
// forward, else at the deal, appending to the file open opens; change is
// given the file's text as read too.
func (rs records) change(path string, forward bool, change func(*record.Session, []byte) ([]byte, bool, error), open func(string) (appender, error)) error {
	lock, err := safefile.Acquire(path, rs.wait)
	if err != nil {
		return err
	}
	defer func() { _ = lock.Release() }()
	defer lock.Sweep() // a replacement killed part-way left its temporary file
	s, text, err := rs.read(path, forward)
	if err != nil {
		return err
	}
	out, replace, err := change(s, text)
	if err != nil || len(out) == 0 && !replace {
		return err
	}
	if !replace && len(text) > 0 && text[len(text)-1] != '\n' {
		out = append([]byte{'\n'}, out...)
	}
	size := len(out)
	if !replace {
		size += len(text)
	}
	if size > record.MaxSize {
		// Written, it would be refused by every command after, undo too.
		return &Error{path, fmt.Errorf("not written: the record would be %s bytes, more than a hand record can be (%d MiB), and no command could read it again: %w", yamlfile.Thousands(int64(size)), record.MaxSize>>20, record.ErrTooLarge)}
	}
	if replace {
		return safefile.Replace(lock.Real, out, text)
	}
	f, err := open(lock.Real)
	if err != nil {
		return err
	}
	err = appendWhole(f, int64(len(text)), out)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: nothing was written: %w", yamlfile.Printable(path), err)
	}
	return nil
}

// appendWhole appends out to f, which holds size bytes, and syncs it. A
// write that fails or falls short (a full disk), or a sync that fails, is
// cut back to size: the record never ends in part of a line, which every
// later command would misread or refuse.
func appendWhole(f appender, size int64, out []byte) error {
	n, err := f.Write(out)
	if err == nil && n < len(out) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		return nil
	}
	if terr := f.Truncate(size); terr != nil {
		return fmt.Errorf("%w, and cutting off the part written failed (%v): remove the last line by hand", err, terr)
	}
	_ = f.Sync() // best effort: the cut is made either way
	return err
}

// ErrInPlay is a hand record that has not ended where a new one would
// take its place.
var ErrInPlay = errors.New("holds a hand still in play")

// Create writes a new hand record at path, under its lock. A record
// already there is kept, whole or not at all: one that ended (ended reports
// it of the record opened, at its last point) under the first free name
// FILE-1.txt, -2, …, which is returned; one still in play, or that cannot
// be played, is refused with ErrInPlay unless force, when it is kept
// as FILE.bak (or the first free FILE.bak-2, …). Temporary files left by
// a replacement killed part-way are removed, as Change removes them.
func Create(path string, text []byte, force bool, ended func(*record.Session) bool) (kept string, err error) {
	return theRecords().create(path, text, force, ended)
}

// create is Create.
func (rs records) create(path string, text []byte, force bool, ended func(*record.Session) bool) (kept string, err error) {
	lock, err := safefile.Acquire(path, rs.wait)
	if err != nil {
		return "", err
	}
	defer func() { _ = lock.Release() }()
	defer lock.Sweep()
	old, err := readHandText(path)
	switch {
	case errors.Is(err, ErrNoHand):
		return "", safefile.Replace(lock.Real, text, nil)
	case err != nil: // not a regular file, or not readable: not even --force replaces it
		return "", err
	case len(old) > record.MaxSize:
		// Kept only by a copy that could fill the disk: never a record.
		return "", &Error{path, fmt.Errorf("more than %d MiB, so no hand record: %w; move it away or name another file", record.MaxSize>>20, record.ErrTooLarge)}
	}
	rec, err := rs.parse(old)
	if err != nil && !force {
		return "", &Error{path, err}
	}
	var s *record.Session
	if err == nil {
		s, _ = rs.session(rec, path, true) // nil where its rules refuse it: never ended
	}
	finished := s != nil && ended(s)
	if err == nil && !finished && !force {
		return "", &Error{path, ErrInPlay}
	}
	ext := filepath.Ext(lock.Real)
	stem := filepath.Base(lock.Real[:len(lock.Real)-len(ext)])
	name, suffix := func(room int) string { return safefile.CutName(stem, room) }, ext
	if !finished {
		base := filepath.Base(lock.Real)
		name, suffix = func(room int) string { return safefile.CutName(base, room-len(".bak")) + ".bak" }, ""
	}
	// An ended record is kept numbered from 1 (gin-hand-1.txt, -2, …), the
	// hands in the order played; one in play as a .bak.
	if kept, err = safefile.FreeName(lock.Real, name, suffix, finished); err != nil {
		return "", err
	}
	perm, gid := safefile.ModeOf(lock.Real)
	if err := safefile.ReplaceKeeping(lock.Real, text, old, kept, perm, gid); err != nil {
		return "", &Error{path, fmt.Errorf("the new hand was not started, and the record is as it was: %w", err)}
	}
	return kept, nil
}

// CreateFile writes a new file at path whole or not at all: a temporary
// file beside it, written and synced, is linked into place, which refuses
// a file already there (an error wrapping fs.ErrExist) rather than replace
// it. gin arena --record writes its hand records so.
func CreateFile(path string, data []byte) error {
	return safefile.Create(path, data)
}
