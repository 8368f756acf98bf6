package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/handfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// The errors that say the input is wrong are one family, which errors.As
// finds through any wrapping; a failure of the system is not one of them.
// Each member is made as the core makes it where a call makes it simply.
func TestInputErrorFamily(t *testing.T) {
	t.Parallel()
	second := func(_ any, err error) error { return err }
	melds := func(s string) []ginrummy.Meld {
		m, err := ginrummy.ParseMelds(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cards := func(s string) ginrummy.Hand {
		h, err := ginrummy.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	classic, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "missing.yaml")
	bad := map[string]error{
		"a card":                 second(ginrummy.ParseHand("7h 1h")),
		"a meld":                 second(ginrummy.ParseMelds("7h 8h")),
		"a card in both hands":   second(ginrummy.DefenderReply(melds("7h 8h 9h"), cards("7h 2c"))),
		"twelve cards melded":    second(ginrummy.DefenderReply(melds("Ah 2h 3h | 4h 5h 6h | 7h 8h 9h | Th Jh Qh"), cards("2c"))),
		"a knock over the limit": second(classic.ScoreHand(ginrummy.Showdown{Ending: ginrummy.Knocked, KnockerDeadwood: 11, DefenderDeadwood: 20, Upcard: ginrummy.NoCard})),
		"a name of two players":  second(ginrummy.MatchName([]string{"Ann", "Andy"}, "An")),
		"a rule's value":         &ginrummy.RuleError{Key: "gin_bonus", Name: "gin bonus", Value: -5, Least: 0, Most: 1000},
		"a hand of the record":   &ginrummy.HandError{Hand: 3, Err: ginrummy.ErrGameOver},
		"a position":             second(advice.Advise(advice.Position{Hand: cards("7h 8h 9h"), Upcard: ginrummy.NoCard, FromPile: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard, Stock: advice.Unknown}, advice.Settings{Rules: classic})),
		"exact figures":          &advice.ExactError{Err: advice.ErrExactModel},
		"a hand record":          second(record.Parse([]byte("no such statement\n"))),
		"an illegal move":        &table.IllegalError{Player: 1, Move: "throwing a card not held"},
		"a file's YAML":          &yamlfile.Error{Path: "rules.yaml", Line: 2, Msg: "unknown field"},
		"no sheet":               second(sheets.Read(missing)),
		"a sheet too big":        &sheets.TooBigError{Path: "big.yaml", Size: 1 << 30},
		"no such hand":           &sheets.HandNumberError{N: 9, Hands: 2},
		"an edit ending early":   &sheets.EndsEarlierError{N: 2, EndsAfter: 2, Later: 1},
		"a record scored twice":  &sheets.RecordScoredError{Hand: 1},
		"a new hand refused":     &sheets.NewHandError{Err: ginrummy.ErrNeedUpcard},
		"a hand's form":          &sheets.FormError{Problem: sheets.NoForm},
		"a hand after the end":   &sheets.GameOverError{Path: "gin-sheet.yaml", What: "game"},
		"not a player":           &sheets.PlayerError{Name: "Cy", Players: []string{"Ann", "Bob"}},
		"a sheet in the way":     &sheets.ExistingSheetError{Path: "gin-sheet.yaml", Reason: sheets.ErrNotFinished},
		"a score no game is at":  &equity.StateError{Field: "points", Err: equity.ErrGameOver},
	}
	for name, err := range bad {
		for _, e := range []error{err, fmt.Errorf("wrapped: %w", err), &handfile.Error{Path: "x.hand", Err: err}} {
			if !badInput(e) || ExitCode(e) != ExitError {
				t.Errorf("%s: %v (%T): bad input %v, exit %d; want bad input, exit %d", name, e, e, badInput(e), ExitCode(e), ExitError)
			}
		}
	}
	for _, err := range []error{
		&fs.PathError{Op: "open", Path: "gin-sheet.yaml", Err: fs.ErrPermission},
		&sheets.ReplaceError{Path: "gin-sheet.yaml", Err: errors.New("disk full")},
		fmt.Errorf("gin-sheet.yaml: %w", sheets.ErrLocked),
	} {
		if badInput(err) {
			t.Errorf("%v (%T) is a failure, not bad input", err, err)
		}
	}
}

// The core and the sheets name no flag and no command: gin words their
// errors for the command line, with the flag or the command that mends
// them.
func TestSheetErrorsWordedAtTheEdge(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.yaml")
	if err := os.WriteFile(broken, []byte("players: [Ann, Bob]\nnonsense: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder.yaml")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name        string
		args        []string
		start, ends string
	}{
		{"a new sheet over one that does not load", []string{"sheet", "new", "--players", "Cy,Di", "--sheet", broken},
			"gin: " + broken + " holds a sheet that does not load (" + broken + ":2:",
			"); fix it, or start over with --force (a copy is kept as .bak), or use --sheet FILE for another\n"},
		{"a folder for a sheet", []string{"sheet", "add", "--draw", "--sheet", folder},
			"gin: " + folder + " is a folder, not a score sheet; give --sheet a file name\n", ""},
	} {
		r := run(t, "", tt.args...)
		if r.code != ExitError || r.stdout != "" || !strings.HasPrefix(r.stderr, tt.start) || !strings.HasSuffix(r.stderr, tt.ends) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q … %q", tt.name, r.code, r.stdout, r.stderr, tt.start, tt.ends)
		}
	}
	// sheets.Create refuses a sheet without force; no command asks it to.
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&sheets.ExistingSheetError{Path: "g.yaml", Reason: sheets.ErrSheetExists},
			"g.yaml: a score sheet already exists; use --force to start over, or --sheet FILE for another"},
		{&sheets.ExistingSheetError{Path: "g.yaml", Reason: sheets.ErrNotFinished},
			"g.yaml: the game on this sheet is not finished; finish it (gin sheet close ends it now), or start over with --force (a copy is kept as .bak), or use --sheet FILE for another"},
		{&sheets.NotASheetError{Path: "g.yaml"},
			"g.yaml: no score sheet here; start one with 'gin sheet new --players NAME,NAME'"},
	} {
		if got := message(tt.err); got != tt.want {
			t.Errorf("message(%#v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
