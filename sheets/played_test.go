package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/sheets/handfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// goneGin is a hand record of a hand Ann dealt: Bob draws the 5c, which
// makes his 2c 3c 4c a run of four, and goes gin; Ann shows her ten.
const goneGin = "players Ann Bob\ndealer Ann\ndeal Bob 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n" +
	"Bob pass\nAnn pass\nBob draw 5c knock 9d\nAnn shows 2d 3d 4d 5h 6h 4h Js Jd 8c Ac\n"

// played reads a hand record's text as gin sheet add --hand does.
func played(t *testing.T, dir, text string) Played {
	t.Helper()
	rec, err := record.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	round, err := rec.Replay(rules, -1)
	if err != nil {
		t.Fatal(err)
	}
	return Played{Path: filepath.Join(dir, handfile.DefaultPath), Record: rec, Round: round}
}

// counted are seams that count the sheet's parses and scores.
func counted(parses, scores *int) seams {
	return seams{parsed: func() { *parses++ }, scored: func() { *scores++ }}
}

// TestAddPlayedReadsTheSheetOnce: gin sheet add --hand reads the sheet once
// (and the save reads it back), scores it once, with the hand, and checks
// the record against the sheet there: it read the sheet three times and
// scored it twice, checking the record's digest twice.
func TestAddPlayedReadsTheSheetOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, DefaultPath)
	mustNew(t, path, "classic")
	var parses, scores int
	sc, err := counted(&parses, &scores).addPlayed(path, played(t, dir, goneGin))
	if err != nil {
		t.Fatal(err)
	}
	// Bob's gin: the gin bonus, 20 in classic, and Ann's 29 (Js Jd 8c Ac
	// beside 2d 3d 4d and 4h 5h 6h).
	if h := sc.Hands[0]; h.Scorer != "Bob" || h.Points != 49 || !h.Gin || h.Record == "" {
		t.Errorf("the hand scored: %+v, want Bob's gin for 49 from the record", h)
	}
	if parses != 2 || scores != 1 {
		t.Errorf("add --hand parsed the sheet %d times and scored it %d, want once and once (and the save's read-back)", parses, scores)
	}
}

// TestAddPlayedRefusals: the sheet says why a record is not one of its
// hands, in types, before anything is written.
func TestAddPlayedRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, DefaultPath)
	mustNew(t, path, "classic")
	before, _ := os.ReadFile(path)
	p := played(t, dir, goneGin)
	for _, tt := range []struct {
		name string
		p    Played
		ok   func(error) bool
	}{
		{"another player", played(t, dir, strings.ReplaceAll(goneGin, "Bob", "Cy")), func(err error) bool {
			e, ok := errors.AsType[*RecordPlayerError](err)
			return ok && e.Name == "Cy"
		}},
		{"another dealer", played(t, dir, strings.NewReplacer("dealer Ann", "dealer Bob", "deal Bob", "deal Ann", "Bob pass\nAnn pass\nBob draw 5c knock 9d\nAnn shows", "Ann pass\nBob pass\nAnn draw 5c knock 9d\nBob shows").Replace(goneGin)), func(err error) bool {
			e, ok := errors.AsType[*RecordDealerError](err)
			return ok && e.Dealt == "Bob" && e.Deals == "Ann" && e.Next
		}},
		{"not ended", played(t, dir, strings.Split(goneGin, "Bob draw")[0]), func(err error) bool { return errors.Is(err, ErrHandNotEnded) }},
		{"nothing shown", played(t, dir, strings.Split(goneGin, "Ann shows")[0]), func(err error) bool { return errors.Is(err, ErrShownMissing) }},
		{"another sheet", Played{Path: p.Path, Record: withSheet(p.Record, "other.yaml"), Round: p.Round}, func(err error) bool {
			e, ok := errors.AsType[*RecordSheetError](err)
			return ok && e.Named == filepath.Join(dir, "other.yaml")
		}},
	} {
		_, err := AddPlayed(path, tt.p)
		if !tt.ok(err) {
			t.Errorf("%s: %T %v", tt.name, err, err)
		}
		if after, _ := os.ReadFile(path); string(after) != string(before) {
			t.Errorf("%s: the sheet changed", tt.name)
		}
	}
	if _, err := AddPlayed(path, p); err != nil {
		t.Fatal(err)
	}
	if _, err := AddPlayed(path, p); err == nil {
		t.Error("the same record again: taken, want it refused as scored already")
	} else if e, ok := errors.AsType[*RecordScoredError](err); !ok || e.Hand != 1 {
		t.Errorf("the same record again: %v, want it scored already as hand 1", err)
	}
}

// withSheet is a copy of rec that names the sheet name.
func withSheet(rec *record.Record, name string) *record.Record {
	r := *rec
	r.Sheet = name
	return &r
}

// TestAddToALongSheetReadsItOnce: gin sheet add --draw on a long sheet
// parses it once (and the save reads it back) and scores it once. What is
// counted is the same at any length: 990 hands by default, 9,990 (near the
// most a sheet holds) under -long.
func TestAddToALongSheetReadsItOnce(t *testing.T) {
	t.Parallel()
	hands, knocks := 990, 99 // one hand in ten is Ann's knock of 9 against 12: 3 points
	if *long {
		hands, knocks = 9990, 999
	}
	path := filepath.Join(t.TempDir(), DefaultPath)
	var b strings.Builder
	b.WriteString("players: [Ann, Bob]\nrules:\n  preset: classic\n  target: 10000\ndealer: Ann\nhands:\n")
	for i := range hands {
		if i%10 == 0 {
			b.WriteString("  - by: Ann\n    knock: 9\n    deadwood: 12\n")
			continue
		}
		b.WriteString("  - draw: true\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var parses, scores int
	sc, err := counted(&parses, &scores).add(path, drawn())
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Hands) != hands+1 || sc.Totals.Values != [2]int{knocks * 3, 0} {
		t.Errorf("%d hands, totals %v; want %d and Ann's %d knocks of 3", len(sc.Hands), sc.Totals.Values, hands+1, knocks)
	}
	if parses != 2 || scores != 1 {
		t.Errorf("add --draw parsed the sheet %d times and scored it %d, want once and once (and the save's read-back)", parses, scores)
	}
}

// TestAddThenUndoIsTheSameFile: the hands list a save writes is made from
// the sheet's typed hands, each keeping the text it was read with, so a hand
// added and taken back leaves the file as it was, comments, a flow-style
// hand and a name written in another case included.
func TestAddThenUndoIsTheSameFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), DefaultPath)
	mustNew(t, path, "classic")
	for _, h := range []HandRecord{knock("ann", 2, 32), gin("bob", 15)} {
		if _, err := Add(path, h); err != nil {
			t.Fatal(err)
		}
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(text), "  - by: Ann\n", "  # the first hand, a long one\n  - by: ANN # Ann, in capitals\n", 1)
	edited = strings.Replace(edited, "  - by: Bob\n    gin: true\n    deadwood: 15\n", "  - {by: Bob, gin: true, deadwood: 15}\n", 1)
	if edited == string(text) {
		t.Fatalf("the sheet is not as the test expects:\n%s", text)
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := Add(path, drawn())
	if err != nil {
		t.Fatal(err)
	}
	if h := sc.Hands[0]; h.By != "ANN" {
		t.Errorf("hand 1 is quoted as by %q, want the name as the file writes it, ANN", h.By)
	}
	if _, _, err := Undo(path); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != edited {
		t.Errorf("after add and undo the sheet is\n%s\nwant it as it was:\n%s", got, edited)
	}
}

// TestPlayedScoreIsTheSheets: a record that says the game's score before
// its hand (score, boxes) is refused where the sheet has another before
// that hand: added on a new sheet, the score before it is 0-0 in 0 boxes.
func TestPlayedScoreIsTheSheets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, DefaultPath)
	mustNew(t, path, "classic")
	scored := func(header string) string {
		return strings.Replace(goneGin, "players Ann Bob\n", "players Ann Bob\n"+header, 1)
	}
	for _, tt := range []struct{ name, header string }{
		{"points", "score 50 20\nboxes 2 1\n"},
		{"points without boxes", "score 0 20\n"},
		{"boxes", "score 0 0\nboxes 0 1\n"},
		{"three games under one", "score 0 0, 0 0, 0 0\n"},
	} {
		_, err := AddPlayed(path, played(t, dir, scored(tt.header)))
		e, ok := errors.AsType[*RecordScoreError](err)
		if !ok || !e.Next || len(e.Sheet) != 1 || e.Sheet[0] != (ginrummy.Tally{}) {
			t.Errorf("%s: added with %v, want a *RecordScoreError against 0-0 before the next hand", tt.name, err)
		}
		if _, bad := errors.AsType[ginrummy.InputError](err); !bad {
			t.Errorf("%s: %v is not bad input", tt.name, err)
		}
	}
	if _, err := AddPlayed(path, played(t, dir, scored("score 0 0\nboxes 0 0\n"))); err != nil {
		t.Fatalf("the sheet's own score: %v", err)
	}
	// Edited in place of hand 1, the record must say the score before hand 1.
	_, _, err := EditPlayed(path, 1, played(t, dir, scored("score 0 49\n")), false)
	if e, ok := errors.AsType[*RecordScoreError](err); !ok || e.Next || e.Hand != 1 || e.Sheet[0] != (ginrummy.Tally{}) {
		t.Errorf("edit 1 with the score after it: %v, want a *RecordScoreError against 0-0 before hand 1", err)
	}
}

// A sheet edited by hand so that two hands hold one record's digest (a hand
// pasted twice) does not load: the second hand's record line is named, with
// the hand that has the record first and what to do; the file is left as it
// was. A record is scored once (docs/sheets.md), read or added.
func TestTwoHandsOfOneRecordRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), DefaultPath)
	text := "players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Ann\nhands:\n" + // lines 1-5
		"  - draw: true\n    record: a1a1a1a1a1a1a1a1\n" + // hand 1: lines 6-7
		"  - draw: true\n    record: b2b2b2b2b2b2b2b2\n" + // hand 2: lines 8-9
		"  - draw: true\n" + // hand 3: lines 10-11, hand 1's record again
		"    record: a1a1a1a1a1a1a1a1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, readErr := Read(path)
	_, openErr := Open(path)
	for _, err := range []error{readErr, openErr} {
		ferr, ok := errors.AsType[*yamlfile.Error](err)
		if !ok || ferr.Line != 11 {
			t.Fatalf("the sheet with hand 1's record twice: %v, want an error at line 11", err)
		}
		if scored, ok := errors.AsType[*RecordScoredError](err); !ok || scored.Hand != 1 {
			t.Errorf("%v: want it said that hand 1 was scored from the record", err)
		}
		if _, bad := errors.AsType[ginrummy.InputError](err); !bad {
			t.Errorf("%v: not marked as wrong input", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "hand 3: record:") || !strings.Contains(msg, "delete this hand") {
			t.Errorf("the error %q does not say which hand and what to do", msg)
		}
	}
	if got := readFile(t, path); got != text {
		t.Errorf("the sheet was changed:\n%s", got)
	}
}

// A hand record is found scored on the sheet, or on the sheet's game before
// it, which gin sheet new kept beside it under a dated name; a digest only
// in a comment of a kept game, or on no sheet, is not.
func TestScoredAs(t *testing.T) {
	t.Setenv("GIN_TODAY", "2026-11-22")
	dir := t.TempDir()
	path := filepath.Join(dir, DefaultPath)
	// Bob's gin against 90 ends the game (20 + 90 > 100) as hand 2.
	game := "players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Ann\nhands:\n" +
		"  - draw: true\n    record: a1a1a1a1a1a1a1a1\n" +
		"  # record: c3c3c3c3c3c3c3c3 (a comment)\n" +
		"  - by: Bob\n    gin: true\n    deadwood: 90\n    record: b2b2b2b2b2b2b2b2\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	_, moved, err := New(path, Sheet{Players: []string{"Ann", "Bob"}}, false)
	if err != nil || moved.To == "" {
		t.Fatalf("the next game: %v, %+v", err, moved)
	}
	sc, err := Add(path, HandRecord{Draw: true, Record: "d4d4d4d4d4d4d4d4"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		digest string
		where  string
		hand   int
	}{
		{"d4d4d4d4d4d4d4d4", path, 1},
		{"b2b2b2b2b2b2b2b2", moved.To, 2},
		{"a1a1a1a1a1a1a1a1", moved.To, 1},
		{"c3c3c3c3c3c3c3c3", "", 0},
		{"e5e5e5e5e5e5e5e5", "", 0},
		{"", "", 0},
	} {
		if where, hand := ScoredAs(path, sc, tt.digest); where != tt.where || hand != tt.hand {
			t.Errorf("%q: scored as hand %d of %q, want hand %d of %q", tt.digest, hand, where, tt.hand, tt.where)
		}
	}
}
