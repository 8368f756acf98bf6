package sheets

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/gin-rummy/gin/ginrummy"
)

// editSheet writes a classic sheet by hand, comments and all.
func editSheet(t *testing.T, hands string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), DefaultPath)
	doc := "players: [Ann, Bob]\nrules:\n  preset: classic\ndealer: Ann\nhands:\n" + hands + "totals:\n  Ann: 0\n  Bob: 0\n"
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Edit replaces a hand and rescores the game from it, keeping the
// comments on the hand.
func TestEdit(t *testing.T) {
	t.Parallel()
	path := editSheet(t, ""+
		"  - by: Ann # knocked early\n    knock: 5\n    deadwood: 20\n"+
		"  # Bob's gin\n  - by: Bob\n    gin: true\n    deadwood: 23 # counted twice\n"+
		"  - draw: true\n")
	// Hand 2 was a knock by Bob with 4 against 30: Bob scores 26.
	// Totals: Ann 15 (hand 1), Bob 26; Ann dealt 1, Bob 2, Ann 3 (a
	// draw: the same dealer deals again), so Ann deals next.
	sc, e, err := Edit(path, 2, HandRecord{By: "b", Knock: intp(4), Deadwood: intp(30)}, false)
	if err != nil {
		t.Fatal(err)
	}
	if e.Was.Points != 43 || e.Was.Scorer != "Bob" || e.Before != nil || e.Dropped != 0 {
		t.Errorf("Edited %+v; want hand 2 as it was, Bob's 20 + 23", e)
	}
	if sc.Totals.Values != [2]int{15, 26} || sc.NextDealer != "Ann" || sc.Result != nil || len(sc.Hands) != 3 {
		t.Errorf("score: totals %v, next %s, result %v, %d hands; want 15–26, Ann, open, 3", sc.Totals.Values, sc.NextDealer, sc.Result, len(sc.Hands))
	}
	got := readFile(t, path)
	for _, want := range []string{
		"  - by: Ann # knocked early\n    knock: 5\n    deadwood: 20\n",
		"  # Bob's gin\n  - by: Bob\n    knock: 4\n    deadwood: 30 # counted twice\n",
		"  - draw: true\n",
		"totals:\n  Ann: 15\n  Bob: 26\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, got)
		}
	}

	// A field the hand no longer has gives its comment to the hand.
	if _, _, err := Edit(path, 2, HandRecord{Draw: true}, false); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, "  # Bob's gin\n  # counted twice\n  - draw: true\n") {
		t.Errorf("the comments of a hand that changed form:\n%s", got)
	}
}

// An edit is refused, the sheet unchanged, for a number that names no hand
// and for a hand that breaks the rules.
func TestEditRefused(t *testing.T) {
	t.Parallel()
	path := editSheet(t, "  - draw: true\n  - draw: true\n")
	before := readFile(t, path)
	tests := []struct {
		n    int
		h    HandRecord
		want func(error) bool
	}{
		{0, drawn(), func(err error) bool {
			e, ok := errors.AsType[*HandNumberError](err)
			return ok && e.N == 0 && e.Hands == 2
		}},
		{3, drawn(), func(err error) bool {
			e, ok := errors.AsType[*HandNumberError](err)
			return ok && e.N == 3 && e.Hands == 2
		}},
		// Classic's knock limit is 10.
		{1, knock("Ann", 11, 20), func(err error) bool {
			_, ok := errors.AsType[*NewHandError](err)
			return ok && errors.Is(err, ginrummy.ErrOverKnockLimit)
		}},
		{1, knock("Cy", 1, 20), func(err error) bool { return errors.Is(err, ErrUnknownPlayer) }},
	}
	for _, tt := range tests {
		if _, _, err := Edit(path, tt.n, tt.h, false); !tt.want(err) {
			t.Errorf("Edit(%d, %+v): %v", tt.n, tt.h, err)
		}
		if readFile(t, path) != before {
			t.Fatalf("a refused edit changed the sheet")
		}
	}
	if got := (&HandNumberError{N: 3, Hands: 2}).Error(); got != "there is no hand 3: the sheet has 2 hands (1 to 2)" {
		t.Errorf("HandNumberError: %q", got)
	}
}

// An edit that moves the end of the game: the game that ended after its
// last hand is open again; one that now ends before later hands is refused,
// or with dropLater ends there, the later hands kept as comments.
func TestEditMovesTheEnd(t *testing.T) {
	t.Parallel()
	// Classic, to 100: Ann's knocks of 5 against 40 score 35 each, three
	// take her to 105 after hand 3.
	path := editSheet(t, strings.Repeat("  - by: Ann\n    knock: 5\n    deadwood: 40\n", 3))
	sc, e, err := Edit(path, 3, knock("Ann", 5, 20), false) // 35 + 35 + 15 = 85
	if err != nil || sc.Result != nil || e.Before == nil || e.Before.EndedAfter != 3 || sc.Totals.Values[0] != 85 {
		t.Fatalf("Edit undoing the end: %v, %+v, %+v; want the game open at 85, ended after 3 before", err, sc, e)
	}
	for range 2 { // 85 + 5 + 5 = 95 after hand 5: open
		if _, err := Add(path, knock("Ann", 5, 10)); err != nil {
			t.Fatal(err)
		}
	}
	before := readFile(t, path)
	// Hand 1 against 95 scores 90: 90 + 35 = 125 after hand 2.
	_, _, err = Edit(path, 1, knock("Ann", 5, 95), false)
	if eerr, ok := errors.AsType[*EndsEarlierError](err); !ok || *eerr != (EndsEarlierError{N: 1, EndsAfter: 2, Later: 3}) {
		t.Fatalf("Edit ending the game early: %v; want EndsEarlierError after hand 2, 3 later", err)
	}
	if readFile(t, path) != before {
		t.Fatal("a refused edit changed the sheet")
	}
	sc, e, err = Edit(path, 1, knock("Ann", 5, 95), true)
	if err != nil || e.Dropped != 3 || e.Before != nil || sc.Result == nil || sc.Result.EndedAfter != 2 || len(sc.Hands) != 2 {
		t.Fatalf("Edit with dropLater: %v, %+v; want the end after hand 2 (open before), 3 hands dropped", err, e)
	}
	got := readFile(t, path)
	want := "    deadwood: 40\n" +
		"# Taken out by gin sheet edit 1: these hands came after the end of the game.\n" +
		"# - by: Ann\n#   knock: 5\n#   deadwood: 20\n" +
		"# - by: Ann\n#   knock: 5\n#   deadwood: 10\n" +
		"# - by: Ann\n#   knock: 5\n#   deadwood: 10\n" +
		"totals:\n"
	if !strings.Contains(got, want) {
		t.Errorf("the hands taken out:\n%s\nwant\n%s", got, want)
	}
	// They stay through later saves.
	if _, _, err := Edit(path, 1, knock("Ann", 4, 95), false); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, strings.Replace(want, "    deadwood: 40\n", "", 1)) {
		t.Errorf("the hands taken out are gone after another edit:\n%s", got)
	}
}

// A closed game whose edit makes a hand end it loses its close mark.
func TestEditDropsAUselessCloseMark(t *testing.T) {
	t.Parallel()
	path := editSheet(t, "  - by: Ann\n    knock: 5\n    deadwood: 40\n")
	if _, _, err := Close(path); err != nil {
		t.Fatal(err)
	}
	// A gin against 90: 20 + 90 = 110, over 100 by the hand itself.
	sc, _, err := Edit(path, 1, gin("Ann", 90), false)
	if err != nil || sc.Result == nil || sc.Result.Closed {
		t.Fatalf("Edit of a closed game: %v, %+v; want it ended by the hand", err, sc.Result)
	}
	if strings.Contains(readFile(t, path), "closed:") {
		t.Errorf("the close mark stayed:\n%s", readFile(t, path))
	}
}

// An edit that leaves a closed game level is refused: a closed game goes
// to the leader.
func TestEditOfAClosedGameLeftLevel(t *testing.T) {
	t.Parallel()
	path := editSheet(t, "  - by: Ann\n    knock: 5\n    deadwood: 40\n  - by: Bob\n    knock: 5\n    deadwood: 20\n")
	if _, _, err := Close(path); err != nil { // Ann 35, Bob 15
		t.Fatal(err)
	}
	before := readFile(t, path)
	// Ann's 5 against 20 scores 15: 15–15.
	if _, _, err := Edit(path, 1, knock("Ann", 5, 20), false); err == nil || !strings.Contains(err.Error(), "cannot close the game") {
		t.Errorf("Edit leaving a closed game level: %v, want a refusal", err)
	}
	if readFile(t, path) != before {
		t.Error("a refused edit changed the sheet")
	}
}

// Edit has Add's safety: the lock, and no save over a change it did not read.
func TestEditIsSafe(t *testing.T) {
	path := editSheet(t, "  - draw: true\n")
	edited := strings.Replace(readFile(t, path), "hands:", "# a note\nhands:", 1)
	_, _, err := seams{beforeCompare: func() { editorWrite(t, path, []byte(edited)) }}.edit(path, 1, knock("Ann", 5, 20), false)
	if !errors.Is(err, ErrChanged) || readFile(t, path) != edited {
		t.Errorf("Edit while the file was edited: %v; want ErrChanged and the edit kept", err)
	}
	held := flock.New(path + ".lock")
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatal(err)
	}
	defer func() { _ = held.Unlock() }()
	old := LockTimeout
	LockTimeout = 50 * time.Millisecond
	defer func() { LockTimeout = old }()
	if _, _, err := Edit(path, 1, knock("Ann", 5, 20), false); !errors.Is(err, ErrLocked) {
		t.Errorf("Edit while locked: %v, want ErrLocked", err)
	}
}

// The comments of a hand taken back stay through the saves after.
func TestUndoneCommentsStay(t *testing.T) {
	t.Parallel()
	path := editSheet(t, "  - draw: true\n  # the second\n  - draw: true # a long one\n")
	if _, _, err := Undo(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(path, drawn()); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); !strings.Contains(got, "# the second\n") || !strings.Contains(got, "# a long one\n") {
		t.Errorf("the comments of the hand taken back are gone after an add:\n%s", got)
	}
}

// An edit that changes who deals a later hand scored from a hand record is
// refused, naming that hand, and the sheet is left as it was: the record
// would no longer be of a hand of the sheet. Ann deals hand 1, Bob hand 2,
// and Bob hand 3 again (hand 2 is drawn: the same dealer deals again);
// hand 3 was scored from a record Bob dealt.
func TestEditKeepsLaterRecordsFitting(t *testing.T) {
	t.Parallel()
	hands := "  - by: Bob\n    gin: true\n    deadwood: 29\n" +
		"  - draw: true\n" +
		"  - by: Ann\n    gin: true\n    deadwood: 29\n    record: 0123456789abcdef\n"
	for _, tt := range []struct {
		n     int
		h     HandRecord
		deals string // who would deal hand 3; "" for an edit taken
	}{
		{1, drawn(), "Ann"}, // Ann deals hand 1 again, and so hand 2 and 3
		{2, HandRecord{By: "Ann", Knock: intp(3), Deadwood: intp(20)}, "Ann"}, // hand 2 not drawn: Ann deals hand 3
		{1, HandRecord{By: "Bob", Knock: intp(3), Deadwood: intp(20)}, ""},    // the dealers stay
		{3, HandRecord{By: "Bob", Gin: true, Deadwood: intp(10)}, ""},         // hand 3 itself, corrected by numbers
	} {
		path := editSheet(t, hands)
		before := readFile(t, path)
		_, _, err := Edit(path, tt.n, tt.h, false)
		e, ok := errors.AsType[*RecordMisfitError](err)
		switch {
		case tt.deals == "" && err != nil:
			t.Errorf("edit %d %+v: refused: %v", tt.n, tt.h, err)
		case tt.deals != "" && (!ok || *e != RecordMisfitError{N: tt.n, Later: 3, Dealt: "Bob", Deals: tt.deals}):
			t.Errorf("edit %d %+v: %v, want it refused for hand 3's record, dealt by Bob, now dealt by %s", tt.n, tt.h, err, tt.deals)
		case tt.deals != "" && readFile(t, path) != before:
			t.Errorf("edit %d %+v: refused, but the sheet changed", tt.n, tt.h)
		case tt.deals != "" && !strings.Contains(err.Error(), "hand 3 was scored from a hand record dealt by Bob"):
			t.Errorf("edit %d: the refusal does not name hand 3's record: %v", tt.n, err)
		}
	}
}

// A hand scored from a record and corrected by numbers is still that
// record's hand: it keeps the digest, and the record is refused as scored
// already rather than taken as another hand.
func TestEditByNumbersKeepsTheRecord(t *testing.T) {
	t.Parallel()
	const digest = "0123456789abcdef"
	path := editSheet(t, "  - by: Ann\n    gin: true\n    deadwood: 29\n    record: "+digest+"\n")
	if _, _, err := Edit(path, 1, HandRecord{By: "Ann", Gin: true, Deadwood: intp(30)}, false); err != nil {
		t.Fatal(err)
	}
	if text := readFile(t, path); !strings.Contains(text, "record: "+digest) {
		t.Errorf("the hand lost its record:\n%s", text)
	}
	_, err := Add(path, HandRecord{By: "Ann", Gin: true, Deadwood: intp(30), Record: digest})
	if e, ok := errors.AsType[*RecordScoredError](err); !ok || e.Hand != 1 {
		t.Errorf("the record added again: %v, want it refused as scored as hand 1", err)
	}
}
