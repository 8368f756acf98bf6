package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A replacement that keeps the old file fails whole at each of its steps:
// the old file is where it was, as it was, no copy of it and no temporary
// file is left, and the error says which step failed.
func TestReplaceKeepingFailsWhole(t *testing.T) {
	full := func(f *os.File, data []byte) error { return syscall.ENOSPC }
	noLink := func(string, string) error { return &os.LinkError{Op: "link", Err: syscall.EPERM} }
	for _, tt := range []struct {
		name  string
		seams func(path string) Seams
		step  Step
	}{
		{"the disk is full", func(string) Seams { return Seams{Write: full} }, Writing},
		{"no link, and no room for a copy", func(string) Seams {
			writes := 0
			return Seams{Link: noLink, Write: func(f *os.File, data []byte) error {
				if writes++; writes > 1 {
					return syscall.ENOSPC
				}
				_, err := f.Write(data)
				return err
			}}
		}, Keeping},
		{"edited meanwhile", func(path string) Seams {
			return Seams{BeforeSwap: func() { _ = os.WriteFile(path, []byte("edited\n"), 0o644) }}
		}, Placing},
	} {
		dir := t.TempDir()
		path, keep := filepath.Join(dir, "f.txt"), filepath.Join(dir, "f.txt.bak")
		if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		err := tt.seams(path).ReplaceKeeping(path, []byte("new\n"), []byte("old\n"), keep, 0o644, -1)
		kerr, ok := errors.AsType[*KeepError](err)
		if !ok || kerr.Step != tt.step || kerr.Kept {
			t.Errorf("%s: %v, want a *KeepError at step %d, no copy left", tt.name, err, tt.step)
		}
		if tt.step == Placing && !errors.Is(err, ErrChanged) {
			t.Errorf("%s: %v, want ErrChanged", tt.name, err)
		}
		want := "old\n"
		if tt.step == Placing {
			want = "edited\n" // the edit is kept, not the new file
		}
		if got := readFile(t, path); got != want {
			t.Errorf("%s: the file holds %q, want %q", tt.name, got, want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: the folder holds %v, want the file alone", tt.name, entries)
		}
	}
}

// Sweep removes the temporary files of the locked file that a killed
// writer left, named as tempName names them, and nothing else: not those
// of another file whose name the locked one begins, nor names that only
// look alike.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "h")
	mine := []string{tempName("h", 0), tempName("h", 1<<62)}
	others := []string{tempName("h1", 7), ".h123", ".h.swp", "h.bak", ".h" + "12345678901234567890"}
	for _, name := range append(append([]string{"h"}, mine...), others...) {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lock, err := Acquire(path, LockWait)
	if err != nil {
		t.Fatal(err)
	}
	lock.Sweep()
	if err := lock.Release(); err != nil {
		t.Fatal(err)
	}
	for _, name := range mine {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("the leftover %s is still there", name)
		}
	}
	for _, name := range append([]string{"h"}, others...) {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s, no leftover of h, was removed", name)
		}
	}
	if _, err := os.Lstat(path + ".lock"); err == nil {
		t.Error("the lock file is left after the release")
	}
}
