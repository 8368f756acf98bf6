//go:build unix

package sheets

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// mkfifo makes a named pipe, which would hang a reader that waits for a
// writer.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// A link to a sheet: the sheet it points to is updated and the link stays
// a link; the sheet keeps its mode and group. A dangling link is an error.
func TestLinksModeAndGroup(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	writeNew(t, target)
	if err := os.Chmod(target, 0o600); err != nil {
		t.Fatal(err)
	}
	gid := os.Getgid()
	if groups, _ := os.Getgroups(); len(groups) > 1 || os.Getuid() == 0 {
		gid = 4242 // root may give any group
		if os.Getuid() != 0 {
			gid = groups[len(groups)-1]
		}
		if err := os.Chown(target, -1, gid); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink("real.yaml", link); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(link, drawn()); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link is no longer a link: %v", err)
	}
	s, err := Read(target)
	if err != nil || len(s.Hands) != 1 {
		t.Fatalf("the target holds %d hands (%v), want the one added", len(s.Hands), err)
	}
	info, err := os.Stat(target)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after a save, want 0600", info.Mode().Perm())
	}
	if got := int(info.Sys().(*syscall.Stat_t).Gid); got != gid {
		t.Errorf("group %d after a save, want %d", got, gid)
	}
	dangling := filepath.Join(dir, "dangling.yaml")
	if err := os.Symlink("gone.yaml", dangling); err != nil {
		t.Fatal(err)
	}
	for name, do := range map[string]func() error{
		"add": func() error { _, err := Add(dangling, drawn()); return err },
		"new": func() error {
			_, _, err := New(dangling, Sheet{Players: []string{"Ann", "Bob"}}, false)
			return err
		},
	} {
		if err := do(); err == nil || !strings.Contains(err.Error(), `is a link to "gone.yaml", which is not there`) {
			t.Errorf("%s on a dangling link: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "gone.yaml")); err == nil {
		t.Error("a new file was made where the dangling link points")
	}
}
