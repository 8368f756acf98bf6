package sheets

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// folderPaths is the names of the sheets Folder finds in dir.
func folderPaths(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := Folder(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Err != nil {
			t.Errorf("%s: %v", e.Path, e.Err)
		}
		names = append(names, filepath.Base(e.Path))
	}
	slices.Sort(names)
	return names
}

// A sheet is found however far down its players key is: after a long
// comment, after a comment line longer than a read, as YAML may quote the
// key or open the mapping on its line. A rules file is not a sheet.
func TestFolderFindsEverySheet(t *testing.T) {
	dir := t.TempDir()
	sheet := "players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Ann\nhands:\n  - draw: true\n"
	files := map[string]string{
		"plain.yaml":     sheet,
		"comment.yaml":   strings.Repeat("# a note on the evening, line after line\n", 200) + sheet,
		"one-line.yml":   "# " + strings.Repeat("a long note ", 1000) + "\n" + sheet,
		"quoted.yaml":    `"players": [Ann, Bob]` + "\nrules:\n  preset: classic\ndealer: Ann\n",
		"flow.yaml":      "{players: [Ann, Bob], rules: {preset: classic}, dealer: Ann}\n",
		"bom.yaml":       "\ufeff" + sheet,
		"rules.yaml":     "preset: modern\ntarget: 250\n",
		"not-yaml.txt":   sheet,
		"players-in.yml": "# " + strings.Repeat("x", 5000) + "players: [Ann, Bob]\npreset: modern\n", // the key inside a comment line is no key
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"bom.yaml", "comment.yaml", "flow.yaml", "one-line.yml", "plain.yaml", "quoted.yaml"}
	if got := folderPaths(t, dir); !slices.Equal(got, want) {
		t.Errorf("Folder found %q, want %q", got, want)
	}
}

// A file is one sheet whatever its names: a link beside its target is left
// out of the folder (the target kept, whichever name sorts first), and
// Once keeps the first of any names of one file.
func TestASheetIsCountedOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b-game.yaml")
	writeNew(t, path, drawn())
	if err := os.Symlink("b-game.yaml", filepath.Join(dir, "a-link.yaml")); err != nil {
		t.Skipf("no symbolic link: %v", err)
	}
	if got := folderPaths(t, dir); !slices.Equal(got, []string{"b-game.yaml"}) {
		t.Errorf("Folder found %q, want the sheet once, by its own name", got)
	}
	t.Chdir(dir)
	other := filepath.Join(t.TempDir(), "b-game.yaml") // the same name, another file
	writeNew(t, other, drawn())
	var entries []Entry
	for _, p := range []string{"b-game.yaml", "./b-game.yaml", "a-link.yaml", "b-game.yaml", other, "missing.yaml", "missing.yaml"} {
		entries = append(entries, LoadFile(p))
	}
	kept, repeats := Once(entries)
	var names []string
	for _, e := range kept {
		names = append(names, e.Path)
	}
	if want := []string{"b-game.yaml", other, "missing.yaml"}; !slices.Equal(names, want) {
		t.Errorf("Once kept %q, want %q", names, want)
	}
	wantRepeats := []Repeat{{"./b-game.yaml", "b-game.yaml"}, {"a-link.yaml", "b-game.yaml"}, {"b-game.yaml", "b-game.yaml"}, {"missing.yaml", "missing.yaml"}}
	if !slices.Equal(repeats, wantRepeats) {
		t.Errorf("Once left out %q, want %q", repeats, wantRepeats)
	}
}
