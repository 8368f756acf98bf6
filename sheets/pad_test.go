package sheets

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A sheet with no hands holds no game: a new sheet replaces it without force
// and keeps no copy of it, as a score pad's blank page is written on.
func TestNewReplacesABlankSheet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "gin-sheet.yaml")
	if _, _, err := New(path, Sheet{Players: []string{"Ann", "Bob"}}, false); err != nil {
		t.Fatal(err)
	}
	sc, moved, err := New(path, Sheet{Players: []string{"Cy", "Di"}}, false)
	if err != nil || moved != (Moved{Replaced: true}) {
		t.Fatalf("New over a blank sheet: %+v, %v; want it replaced", moved, err)
	}
	if sc.Players != [2]string{"Cy", "Di"} || !strings.Contains(readFile(t, path), "- Cy\n") {
		t.Errorf("the new sheet is not the one at %s:\n%s", path, readFile(t, path))
	}
	if names := folder(t, dir); !slices.Equal(names, []string{"gin-sheet.yaml"}) {
		t.Errorf("the folder holds %q; want the new sheet alone", names)
	}

	// A hand written in meanwhile makes it a game: it is not replaced.
	edited := strings.Replace(readFile(t, path), "hands: []", "hands:\n  - draw: true", 1)
	meanwhile := seams{beforeCompare: func() { editorWrite(t, path, []byte(edited)) }}
	if _, _, err := meanwhile.newSheet(path, Sheet{Players: []string{"Ed", "Flo"}}, false); !errors.Is(err, ErrChanged) {
		t.Errorf("New over a blank sheet given a hand meanwhile: %v, want ErrChanged", err)
	}
	if got := readFile(t, path); got != edited {
		t.Errorf("the hand written in was lost:\n%s", got)
	}

	// A sheet with a hand is a game not finished, as before.
	if _, _, err := New(path, Sheet{Players: []string{"Ed", "Flo"}}, false); err == nil || !strings.Contains(err.Error(), "not finished") {
		t.Errorf("New over a game not finished: %v, want a refusal", err)
	}
}
