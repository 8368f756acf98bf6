package sheets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// specOf is the spec of a preset with rules set, as key, value pairs: a
// test's own rules, which must be right.
func specOf(preset string, kv ...any) rulesfile.Spec {
	s := rulesfile.Spec{Preset: preset}
	for i := 0; i+1 < len(kv); i += 2 {
		if err := s.Set(kv[i].(string), kv[i+1]); err != nil {
			panic(err)
		}
	}
	return s
}

// A rule out of its bounds in a sheet's rules is refused where it is read,
// at its line, and the sheet is not rewritten.
func TestSheetRuleOutOfBounds(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	doc := "players: [Ann, Bob]\nrules:\n  preset: classic\n  target: 0\ndealer: Ann\nhands: []\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Show(path); err == nil || !strings.HasSuffix(err.Error(), ":4:11: target 0 must be at least 1") {
		t.Errorf("a sheet with target 0: %v", err)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != doc {
		t.Errorf("the sheet was rewritten: %q, %v", data, err)
	}
}
