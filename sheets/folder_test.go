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
	entries, err := Folder(dir, nil)
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
	t.Parallel()
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
// LoadFiles reads each file once, by the first of its names.
func TestASheetIsReadOnce(t *testing.T) {
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
	writeNew(t, other, drawn(), drawn())
	var seen []string
	kept, repeats := LoadFiles([]string{"b-game.yaml", "./b-game.yaml", "a-link.yaml", "b-game.yaml", other, "missing.yaml", "missing.yaml"}, func(e *Entry) {
		seen = append(seen, e.Path)
	})
	var names []string
	for _, e := range kept {
		names = append(names, e.Path)
	}
	if want := []string{"b-game.yaml", other, "missing.yaml"}; !slices.Equal(names, want) || !slices.Equal(seen, want) {
		t.Errorf("LoadFiles kept %q and showed %q, want %q", names, seen, want)
	}
	wantRepeats := []Repeat{{"./b-game.yaml", "b-game.yaml"}, {"a-link.yaml", "b-game.yaml"}, {"b-game.yaml", "b-game.yaml"}, {"missing.yaml", "missing.yaml"}}
	if !slices.Equal(repeats, wantRepeats) {
		t.Errorf("LoadFiles left out %q, want %q", repeats, wantRepeats)
	}
}

// Folder and LoadFiles hold no sheet's hands once it is read: each sees
// them, the entries kept do not, and the score of the entry is the one of
// all its hands.
func TestLoadFilesLetsTheHandsGo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeNew(t, filepath.Join(dir, "game.yaml"), knock("Ann", 5, 20), drawn())
	var hands, scored int
	entries, err := Folder(dir, func(e *Entry) { hands, scored = len(e.Sheet.Hands), len(e.Score.Hands) })
	if err != nil || len(entries) != 1 || entries[0].Err != nil {
		t.Fatalf("Folder: %v %+v", err, entries)
	}
	e := entries[0]
	if hands != 2 || scored != 2 || e.Sheet.Hands != nil || e.Score.Hands != nil || e.Score.Totals.Values != [2]int{15, 0} {
		t.Errorf("each saw %d hands and %d scored; kept %d and %d, totals %v; want 2, 2, none, none and 15–0",
			hands, scored, len(e.Sheet.Hands), len(e.Score.Hands), e.Score.Totals.Values)
	}
}
