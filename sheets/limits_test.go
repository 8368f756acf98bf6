package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// drawnSheet is the text of a sheet of n drawn hands, padded with a comment
// at the top to size bytes when size is larger.
func drawnSheet(n, size int) string {
	body := "players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Ann\nhands:\n" + strings.Repeat("  - draw: true\n", n)
	if pad := size - len(body); pad > 0 {
		// "#" and a newline, with what is between them filling the rest.
		body = "#" + strings.Repeat("x", pad-2) + "\n" + body
	}
	return body
}

func writeText(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A sheet of MaxSheetSize bytes loads; one a byte over is refused, by every
// reader, with its size, the limit and what to do, and is left as it was.
func TestSheetSizeLimit(t *testing.T) {
	t.Parallel()
	under := writeText(t, "under.yaml", drawnSheet(3, MaxSheetSize))
	if sc, err := Show(under); err != nil || len(sc.Hands) != 3 {
		t.Fatalf("a sheet of %d bytes: %v", MaxSheetSize, err)
	}
	text := drawnSheet(3, MaxSheetSize+1)
	over := writeText(t, "over.yaml", text)
	want := over + ": 1,048,577 bytes is more than a score sheet can be (1 MiB; the sheet of a game is a few kilobytes): name the sheet meant, or keep each game on a sheet of its own"
	for name, read := range map[string]func() error{
		"Show":     func() error { _, err := Show(over); return err },
		"LoadFile": func() error { return LoadFile(over).Err },
		"Add":      func() error { _, err := Add(over, drawn()); return err },
		"Undo":     func() error { _, _, err := Undo(over); return err },
		"Close":    func() error { _, _, err := Close(over); return err },
	} {
		err := read()
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
		if !errors.Is(err, yamlfile.ErrTooBig) {
			t.Errorf("%s: %v is not yamlfile.ErrTooBig", name, err)
		}
	}
	if got := readFile(t, over); got != text {
		t.Error("the sheet over the limit was changed")
	}
}

// A sheet far over the limit is refused from its size, before it is read:
// loading a sparse file of 256 MiB allocates far less than one MiB.
func TestSheetSizeLimitIsCheckedBeforeReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.yaml")
	if err := os.WriteFile(path, []byte(drawnSheet(1, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 256<<20); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	e := LoadFile(path)
	runtime.ReadMemStats(&after)
	if !errors.Is(e.Err, yamlfile.ErrTooBig) {
		t.Fatalf("a file of 256 MiB: %v, want a refusal", e.Err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("refusing a file of 256 MiB allocated %d bytes", got)
	}
}

// A sheet of MaxHands hands loads, and takes no more; one more is refused at
// its hands, with the count, the limit and what to do.
func TestSheetHandsLimit(t *testing.T) {
	t.Parallel()
	full := writeText(t, "full.yaml", drawnSheet(MaxHands, 0))
	if sc, err := Show(full); err != nil || len(sc.Hands) != MaxHands {
		t.Fatalf("a sheet of %d hands: %v", MaxHands, err)
	}
	before := readFile(t, full)
	_, err := Add(full, drawn())
	if want := full + ": the sheet holds 10,000 hands, the most a score sheet holds: keep the next game on a sheet of its own"; err == nil || err.Error() != want {
		t.Errorf("a hand past the limit: %v, want %q", err, want)
	}
	if !errors.Is(err, ErrTooManyHands) {
		t.Errorf("%v is not ErrTooManyHands", err)
	}
	if readFile(t, full) != before {
		t.Error("the full sheet was changed")
	}
	over := writeText(t, "over.yaml", drawnSheet(MaxHands+1, 0))
	_, err = Show(over)
	if want := over + ":6:3: hands: 10,001 hands are more than a score sheet holds (10,000; a game is a few dozen): keep each game on a sheet of its own"; err == nil || err.Error() != want {
		t.Errorf("a sheet of %d hands: %v, want %q", MaxHands+1, err, want)
	}
	if !errors.Is(err, ErrTooManyHands) {
		t.Errorf("%v is not ErrTooManyHands", err)
	}
}

// A hand that would take a sheet past MaxSheetSize bytes is refused, and the
// sheet is left as it was, still loading.
func TestAddRefusesToOutgrowTheSizeLimit(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
	writeNew(t, path, drawn())
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A comment that fills the sheet to a byte short of the limit.
	pad := MaxSheetSize - len(data) - 1
	text := "#" + strings.Repeat("x", pad-2) + "\n" + string(data)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Add(path, drawn())
	if !errors.Is(err, yamlfile.ErrTooBig) || !strings.Contains(err.Error(), "not saved") {
		t.Errorf("a hand past the size limit: %v, want a refusal", err)
	}
	if readFile(t, path) != text {
		t.Error("the sheet was changed")
	}
	if _, err := Show(path); err != nil {
		t.Errorf("the sheet no longer loads: %v", err)
	}
}

// A save checks that the sheet is still what it read without reading
// whatever took its place whole, or at all when it is a pipe (which would
// hang the read): a named pipe put in the sheet's place, before the check
// or as the new file goes in, is a change, and the save is refused.
func TestASaveDoesNotReadWhatReplacedTheSheet(t *testing.T) {
	t.Parallel()
	for _, at := range []func(pipe func()) seams{
		func(pipe func()) seams { return seams{beforeCompare: pipe} },
		func(pipe func()) seams { return seams{beforeSwap: pipe} },
	} {
		path := filepath.Join(t.TempDir(), "gin-sheet.yaml")
		writeNew(t, path, drawn())
		sm := at(func() {
			fifo := path + ".fifo"
			if err := mkfifo(fifo); err != nil {
				t.Skipf("no FIFO: %v", err)
			}
			if err := os.Rename(fifo, path); err != nil {
				t.Error(err)
			}
		})
		done := make(chan error, 1)
		go func() { _, err := sm.add(path, drawn()); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrChanged) {
				t.Errorf("a pipe in the sheet's place: %v, want ErrChanged", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the save hangs on the pipe put in the sheet's place")
		}
	}
}
