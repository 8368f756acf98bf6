package handfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Changes at once never interleave: each change reads the record as the one
// before it left it, for the whole read-change-write.
func TestChangeHandHoldsTheLockThroughout(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	path := filepath.Join(t.TempDir(), DefaultPath)
	head := "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 12
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			err := Change(path, func(*record.Session) ([]byte, bool, error) {
				text, err := os.ReadFile(path) // under the lock: as the change before left it
				if err != nil {
					return nil, false, err
				}
				lines := strings.Count(string(text), "\n")
				time.Sleep(5 * time.Millisecond) // a slow change: others wait
				return fmt.Appendf(nil, "# change %d\n", lines-3), false, nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	text, _ := os.ReadFile(path)
	want := head
	for i := 1; i <= n; i++ {
		want += fmt.Sprintf("# change %d\n", i)
	}
	if string(text) != want {
		t.Errorf("the record is\n%s\nwant each change after the one before:\n%s", text, want)
	}
}

const inPlay = "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\n"

func noChange(*record.Session) ([]byte, bool, error) { return []byte("Bob pass\n"), false, nil }

// noChangeRead is noChange, given the text read too, as change is.
func noChangeRead(s *record.Session, _ []byte) ([]byte, bool, error) { return noChange(s) }

func neverEnded(*record.Session) bool { return false }

// A record reached through a link is changed and replaced through it: the
// link stays a link, and what is kept is kept beside the file it names.
func TestHandRecordThroughALink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "games", "hand.txt")
	link := filepath.Join(dir, DefaultPath)
	if err := os.Mkdir(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte(inPlay), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("games", "hand.txt"), link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	if err := Change(link, noChange); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); string(got) != inPlay+"Bob pass\n" {
		t.Errorf("the file the link names holds\n%s", got)
	}
	kept, err := Create(link, []byte("players Ann Bob\n"), true, neverEnded)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v", err)
	}
	if want := target + ".bak"; kept != want {
		t.Errorf("kept as %s, want %s", kept, want)
	}
	if got, _ := os.ReadFile(kept); string(got) != inPlay+"Bob pass\n" {
		t.Errorf("the hand in play was kept as\n%s", got)
	}
}

// A named pipe, or a file far larger than a record, where the record should
// be is refused at once, even with force, and left as it is: never waited
// on, read whole, or replaced.
func TestHandRecordNotARecordFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.txt")
	huge := filepath.Join(dir, "huge.txt")
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 1<<30); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	paths := []string{huge}
	if err := mkfifo(fifo); err == nil {
		paths = append(paths, fifo)
	}
	for _, path := range paths {
		done := make(chan error, 3)
		go func() {
			_, err := Open(path)
			done <- err
			done <- Change(path, noChange)
			_, err = Create(path, []byte(inPlay), true, neverEnded)
			done <- err
		}()
		for i := range 3 {
			select {
			case err := <-done:
				if err == nil {
					t.Errorf("%s: call %d took it for a hand record", filepath.Base(path), i)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: call %d hangs", filepath.Base(path), i)
			}
		}
		if info, err := os.Lstat(path); err != nil || path == huge && info.Size() != 1<<30 || path == fifo && info.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s was changed: %v", filepath.Base(path), err)
		}
		if names, _ := filepath.Glob(path + ".bak*"); len(names) > 0 {
			t.Errorf("%s was kept as %v", filepath.Base(path), names)
		}
	}
}

// fullDisk is a record file on a disk that fills up after room more bytes:
// a write puts what fits and fails with ENOSPC (or, with quiet, says
// nothing of it, as a short write); with syncFails, the sync fails.
type fullDisk struct {
	*os.File
	room      int
	quiet     bool
	syncFails bool
}

func (f *fullDisk) Write(p []byte) (int, error) {
	if len(p) <= f.room {
		f.room -= len(p)
		return f.File.Write(p)
	}
	n, err := f.File.Write(p[:f.room])
	f.room -= n
	if err == nil && !f.quiet {
		err = syscall.ENOSPC
	}
	return n, err
}

func (f *fullDisk) Sync() error {
	if f.syncFails {
		return syscall.EIO
	}
	return f.File.Sync()
}

// A move is appended whole or not at all: a write that fills the disk
// part-way through the line, or falls short, or a sync that fails, leaves
// the record as it was, readable, and says that nothing was written.
func TestChangeHandAppendsWholeOrNothing(t *testing.T) {
	t.Parallel()
	for _, disk := range []fullDisk{
		{room: len("Bob pa")},
		{room: 0},
		{room: len("Bob pa"), quiet: true},
		{room: 100, syncFails: true},
	} {
		path := filepath.Join(t.TempDir(), DefaultPath)
		if err := os.WriteFile(path, []byte(inPlay), 0o644); err != nil {
			t.Fatal(err)
		}
		err := theRecords().change(path, true, noChangeRead, func(p string) (appender, error) {
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
			d := disk
			d.File = f
			return &d, err
		})
		if err == nil || !strings.Contains(err.Error(), "nothing was written") {
			t.Errorf("%+v: the failed append reports %v, want that nothing was written", disk, err)
		}
		if got, _ := os.ReadFile(path); string(got) != inPlay {
			t.Errorf("%+v: the record holds\n%q\nwant it as it was:\n%q", disk, got, inPlay)
		}
		if _, err := Open(path); err != nil {
			t.Errorf("%+v: the record no longer reads: %v", disk, err)
		}
	}
}

// A change never makes a record gin cannot read: a line that would take the
// record past record.MaxSize (1 MiB, 1,048,576 bytes) is refused and nothing
// is written; a line that takes it to exactly 1 MiB is written, and the
// record still reads.
func TestChangeHandKeepsTheRecordReadable(t *testing.T) {
	t.Parallel()
	const move = "Bob pass\n" // 9 bytes
	for _, tt := range []struct {
		size int // of the record before the move
		ok   bool
	}{
		{1<<20 - 9, true},  // 1,048,567 + 9 = 1,048,576: exactly the limit
		{1<<20 - 8, false}, // one byte over
		{1_048_572, false}, // the record
	} {
		path := filepath.Join(t.TempDir(), DefaultPath)
		pad := tt.size - len(inPlay)
		text := inPlay + "#" + strings.Repeat("x", pad-2) + "\n"
		if len(text) != tt.size {
			t.Fatalf("the record made is %d bytes, want %d", len(text), tt.size)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		err := Change(path, func(*record.Session) ([]byte, bool, error) { return []byte(move), false, nil })
		got, _ := os.ReadFile(path)
		switch {
		case tt.ok && err != nil:
			t.Errorf("%d bytes: the move is refused: %v", tt.size, err)
		case tt.ok && string(got) != text+move:
			t.Errorf("%d bytes: the move was not appended", tt.size)
		case !tt.ok && !errors.Is(err, record.ErrTooLarge):
			t.Errorf("%d bytes: the move is not refused as too large: %v", tt.size, err)
		case !tt.ok && string(got) != text:
			t.Errorf("%d bytes: the refused move changed the record (now %d bytes)", tt.size, len(got))
		}
		if _, err := Open(path); err != nil {
			t.Errorf("%d bytes: the record no longer reads: %v", tt.size, err)
		}
	}
}

// The temporary files that a replacement killed part-way (kill -9 during
// gin hand undo) leaves beside the record, named as safefile names them,
// are removed by the next change of the record and by the next new hand;
// files whose names only look alike are left.
func TestHandRecordSweepsLeftovers(t *testing.T) {
	t.Parallel()
	others := []string{".gin-hand.txt2026", ".gin-hand.txt.swp", "gin-hand.txt.bak", ".gin-hand-2.txt1234567890123456789"}
	for _, write := range []func(path string) error{
		func(path string) error { return Change(path, noChange) },
		func(path string) error {
			_, err := Create(path, []byte(inPlay), true, neverEnded)
			return err
		},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, DefaultPath)
		if err := os.WriteFile(path, []byte(inPlay), 0o644); err != nil {
			t.Fatal(err)
		}
		leftovers := []string{fmt.Sprintf(".%s%019d", DefaultPath, 42), fmt.Sprintf(".%s%019d", DefaultPath, int64(1)<<62)}
		for _, name := range append(others, leftovers...) {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(inPlay[:20]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := write(path); err != nil {
			t.Fatal(err)
		}
		for _, name := range leftovers {
			if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
				t.Errorf("the leftover %s is still there", name)
			}
		}
		for _, name := range others {
			if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
				t.Errorf("%s, not a leftover of the record, was removed", name)
			}
		}
	}
}

// An ended record is kept numbered from 1, in the order the hands were
// played: gin-hand-1.txt, then gin-hand-2.txt.
func TestHandRecordKeptNumberedFromOne(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, DefaultPath)
	ended := func(*record.Session) bool { return true }
	if err := os.WriteFile(path, []byte(inPlay), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"gin-hand-1.txt", "gin-hand-2.txt"} {
		kept, err := Create(path, []byte(inPlay), false, ended)
		if err != nil {
			t.Fatal(err)
		}
		if kept != filepath.Join(dir, want) {
			t.Errorf("kept as %s, want %s", filepath.Base(kept), want)
		}
	}
}

// countingRecords reads records as theRecords does, counting the parses
// and the replays (each begins at the deal).
func countingRecords(parses, replays *int) records {
	rs := theRecords()
	rs.parse = func(text []byte) (*record.Record, error) { *parses++; return record.Parse(text) }
	rs.begin = func(rec *record.Record, rules ginrummy.Rules) (*record.Session, error) {
		*replays++
		return record.Begin(rec, rules)
	}
	return rs
}

// A record is parsed once and replayed once however it is opened: to read
// it, to play a move on it (checked on the session's round, the line
// written as the session gives it) and to take a move back.
func TestARecordIsParsedAndReplayedOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	if err := os.WriteFile(path, []byte(inPlay), 0o644); err != nil {
		t.Fatal(err)
	}
	var parses, replays int
	rs := countingRecords(&parses, &replays)
	s, err := rs.open(path, true)
	if err != nil || parses != 1 || replays != 1 || s.Played() != 1 {
		t.Fatalf("open: %v, %d parses, %d replays, %d moves carried out; want 1, 1, 1", err, parses, replays, s.Played())
	}
	parses, replays = 0, 0
	err = rs.change(path, true, func(s *record.Session, _ []byte) ([]byte, bool, error) {
		line, err := s.Play(1, []table.Action{{Act: table.Pass}})
		return line, false, err
	}, openAppend)
	if err != nil || parses != 1 || replays != 1 {
		t.Fatalf("a move: %v, %d parses, %d replays; want 1 and 1", err, parses, replays)
	}
	if got := string(mustReadFile(t, path)); got != inPlay+"Bob pass\n" {
		t.Errorf("the record after Bob's pass is\n%s", got)
	}
	parses, replays = 0, 0
	err = rs.change(path, false, func(s *record.Session, _ []byte) ([]byte, bool, error) {
		if _, err := s.Undo(); err != nil {
			return nil, false, err
		}
		return record.Format(s.Record), true, nil
	}, openAppend)
	if err != nil || parses != 1 || replays != 1 {
		t.Fatalf("undo: %v, %d parses, %d replays; want 1 and 1", err, parses, replays)
	}
}

func mustReadFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A last line the rules of play refuse (written by hand) is taken back by
// an undo: the moves before it are carried out, not it.
func TestUndoHandTakesBackARefusedLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	if err := os.WriteFile(path, []byte(inPlay+"Bob throw 2c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); !errors.Is(err, record.ErrIllegal) {
		t.Fatalf("the record with Bob's throw at the offer opens: %v", err)
	}
	s, taken, err := Undo(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(taken) != 1 || taken[0].Act != table.Throw || s.Played() != 1 || s.Round().Turn() != 1 {
		t.Errorf("took back %v, %d moves left, turn %d: want Bob's throw taken back and Bob's offer due", taken, s.Played(), s.Round().Turn())
	}
	if _, err := Open(path); err != nil {
		t.Errorf("the record after the undo: %v", err)
	}
	if _, _, err := Undo(path); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Undo(path); !errors.Is(err, record.ErrNoMoves) {
		t.Errorf("undo with no move left: %v, want record.ErrNoMoves", err)
	}
}

// The sweep of a record's leftovers takes only its own temporary files: in
// a folder with the records h and h1, h1's temporary file (".h1" and 19
// digits, as safefile names it) is not h's, though it is ".h" and 20
// digits (review finding).
func TestSweepLeavesAnotherRecordsTemp(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "h")
	if err := os.WriteFile(path, []byte(inPlay), 0o644); err != nil {
		t.Fatal(err)
	}
	theirs := filepath.Join(dir, ".h1"+"1234567890123456789") // h1's, in flight
	mine := filepath.Join(dir, ".h"+"1234567890123456789")    // h's, left by a kill
	for _, name := range []string{theirs, mine} {
		if err := os.WriteFile(name, []byte(inPlay[:20]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Change(path, noChange); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(theirs); err != nil {
		t.Errorf("the record h1's temporary file was removed by a change of h: %v", err)
	}
	if _, err := os.Lstat(mine); err == nil {
		t.Errorf("h's own leftover %s is still there", mine)
	}
}

// An undo takes out the last move's line and nothing else (docs/hands.md:
// a comment may stand on any line): the comments before, between and after
// the moves, blank lines, the header as written and the ends of lines stay
// byte for byte; a comment on the move's own line goes with it.
func TestUndoHandKeepsTheRestOfTheFile(t *testing.T) {
	const (
		head = "# Ann v Bob, third hand\r\nplayers  Ann Bob\ndealer Bob\n" +
			"deal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n\n"
		pass    = "Ann pass   # the 5s is no use to her\n"
		between = "# Bob thinks a long time\n"
		bobPass = "Bob pass\r\n"
		draw    = "Ann draw Tc throw Tc"
		after   = "\n# written after the last move\n"
	)
	for _, tt := range []struct {
		name, text string
		want       []string // the file after each undo
	}{
		{"comments between and after", head + pass + between + bobPass + draw + after, []string{
			head + pass + between + bobPass + after[1:],
			head + pass + between + after[1:],
			head + between + after[1:],
		}},
		{"no end of line after the last move", head + pass + between + bobPass + draw, []string{
			head + pass + between + bobPass,
			head + pass + between,
			head + between,
		}},
	} {
		path := filepath.Join(t.TempDir(), DefaultPath)
		if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		for i, want := range tt.want {
			if _, _, err := Undo(path); err != nil {
				t.Fatalf("%s: undo %d: %v", tt.name, i+1, err)
			}
			if got := string(mustReadFile(t, path)); got != want {
				t.Errorf("%s: after undo %d the record is\n%q\nwant\n%q", tt.name, i+1, got, want)
			}
		}
		if _, _, err := Undo(path); !errors.Is(err, record.ErrNoMoves) {
			t.Errorf("%s: undo with no move left: %v, want record.ErrNoMoves", tt.name, err)
		}
		if got := string(mustReadFile(t, path)); got != tt.want[len(tt.want)-1] {
			t.Errorf("%s: the refused undo changed the record to\n%q", tt.name, got)
		}
	}
}

// Undos at once each take back one move, whole: each holds the lock from
// its read to the rename, so none writes back a move another took, and the
// file keeps the comments between them.
func TestUndosAtOnceTakeOneMoveEach(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	moves := "Ann pass\n# a comment kept\nBob pass\nAnn draw Tc throw Tc\nBob draw Qh throw Qh\n"
	head := "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"
	if err := os.WriteFile(path, []byte(head+moves), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 3
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if _, _, err := Undo(path); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// The last three moves taken back, one each, the comment kept.
	want := head + "Ann pass\n# a comment kept\n"
	if text, _ := os.ReadFile(path); string(text) != want {
		t.Errorf("after %d undos at once the record is\n%s\nwant\n%s", n, text, want)
	}
}
