package handfile

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// playedRecords plays n hands of classic between knocker (Bob, who knocks
// at his first chance) and gin-hunter (Ann), writes each as a complete
// record into dir, the first hand oldest, and returns each hand as Ann saw
// it end, newest first.
func playedRecords(t testing.TB, dir string, n int) []table.Shown {
	t.Helper()
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	var shown []table.Shown
	start := time.Now().Add(-time.Duration(n+1) * time.Minute)
	for seed := uint64(1); len(shown) < n; seed++ {
		_, err := table.MatchMoves(rules, [2]table.Player{bots.Eager{}, bots.GinHunter{}}, seed, func(h table.Played) {
			if len(shown) == n {
				return
			}
			rec := &record.Record{Players: [2]string{"Bob", "Ann"}, Dealer: h.Dealer, Deals: h.Deal, Upcard: h.Upcard}
			for _, m := range h.Moves {
				rec.Moves = append(rec.Moves, record.Move{Move: m})
			}
			path := filepath.Join(dir, fmt.Sprintf("game-%03d-hand-%03d.txt", seed, len(shown)))
			if err := os.WriteFile(path, record.Format(rec), 0o644); err != nil {
				t.Fatal(err)
			}
			when := start.Add(time.Duration(len(shown)) * time.Minute)
			if err := os.Chtimes(path, when, when); err != nil {
				t.Fatal(err)
			}
			shown = append([]table.Shown{h.Shown(1)}, shown...)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return shown
}

// The records of a folder played between knocker and gin-hunter show each
// hand to the advice as the table showed it to Ann, newest first: Bob
// knocked early and never waited, so he is learnt to knock early.
func TestReadHistoryOfPlayedHands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	want := playedRecords(t, dir, 30)
	current := filepath.Join(dir, DefaultPath)
	if err := os.WriteFile(current, []byte("players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := ReadHistory(current, "bob")
	if !reflect.DeepEqual(h.Seen, want) {
		t.Errorf("seen %d hands, want the %d played, as Ann saw them, newest first", len(h.Seen), len(want))
	}
	if h.Records != 30 || h.Unshown != 0 || h.Skipped != 0 || h.Left != 0 {
		t.Errorf("history %d records, %d unshown, %d skipped, %d left; want the 30, all shown", h.Records, h.Unshown, h.Skipped, h.Left)
	}
	st := advice.LearnStyle(h.Seen)
	if st.Early == 0 || st.Waited != 0 || st.KnockRate < advice.KnocksEarly {
		t.Errorf("Bob (knocker) learnt as %+v; want early knocks, none waited, a knock rate over %v", st, advice.KnocksEarly)
	}
	// Ann is learnt from the same records, from Bob's side.
	if h := ReadHistory(current, "Ann"); h.Records != 30 {
		t.Errorf("Ann's history: %d records, want 30", h.Records)
	}
	if h := ReadHistory(current, "Carol"); h.Records != 0 || len(h.Seen) != 0 {
		t.Errorf("Carol's history: %d records, want none", h.Records)
	}
}

// What counts: the .txt records of the folder that the player plays in, the
// one advised apart, a record held twice once; a hand in play or a knock
// never shown is read and shows nothing; a file that is no record, or a
// record of a move the rules refuse, is skipped and counted, never failing.
func TestReadHistoryCounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const head = "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\nBob pass\nAnn draw Tc throw Tc\n"
	const shown = head + "Bob draw knock Qh\nBob shows 2d 3d 4d 4h 5h 6h Js Jd Jc Ac\n"
	files := map[string]string{
		"gin-hand.txt":   head,                                      // the record advised: apart
		"gin-hand-1.txt": shown,                                     // Bob's early knock
		"copy.txt":       "# a copy\n" + shown,                      // the same hand: once
		"gin-hand-2.txt": head + "Bob draw knock Qh\n",              // never shown
		"gin-hand-3.txt": head + "Bob draw throw 9d\n",              // 9♦ is Ann's: refused, skipped
		"notes.txt":      "Bob owes me a beer\n",                    // no record: skipped
		"gin-hand-4.txt": strings.ReplaceAll(shown, "Bob", "Carol"), // not Bob's
		"gin-hand.bak":   shown,                                     // not .txt
		"gin-hand-5.txt": "rules missing.yaml\n" + head,             // rules not found: skipped
		".gin-hand.txt1": shown,                                     // hidden, not .txt
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := ReadHistory(filepath.Join(dir, "gin-hand.txt"), "Bob")
	if len(h.Seen) != 1 || h.Records != 2 || h.Unshown != 1 || h.Skipped != 3 || h.Left != 0 {
		t.Errorf("seen %d, records %d, unshown %d, skipped %d, left %d; want 1 seen of 2 records, 1 unshown, 3 skipped", len(h.Seen), h.Records, h.Unshown, h.Skipped, h.Left)
	}
	if st := advice.LearnStyle(h.Seen); st.Early != 1 {
		t.Errorf("learnt %+v, want one early knock", st)
	}
	// A folder that cannot be listed has no history, and no error.
	if h := ReadHistory(filepath.Join(dir, "gone", "gin-hand.txt"), "Bob"); h.Records != 0 || h.Skipped != 0 {
		t.Errorf("a folder not there: %+v, want nothing", h)
	}
}

// At most MaxHistoryFiles files are read, the newest: the rest are counted
// as left.
func TestReadHistoryBound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	want := playedRecords(t, dir, MaxHistoryFiles+3)
	h := ReadHistory(filepath.Join(dir, DefaultPath), "Bob")
	if h.Records != MaxHistoryFiles || h.Left != 3 || !reflect.DeepEqual(h.Seen, want[:MaxHistoryFiles]) {
		t.Errorf("%d records read, %d left; want the newest %d, 3 left", h.Records, h.Left, MaxHistoryFiles)
	}
}

// A file larger than a record can be, the newest, is skipped unread, and
// does not use up the bytes read: the records beside it are read.
func TestReadHistoryLargeFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	want := playedRecords(t, dir, 3)
	f, err := os.Create(filepath.Join(dir, "huge.txt"))
	if err == nil {
		err = f.Truncate(MaxHistoryBytes + 1) // sparse: no disk used
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	h := ReadHistory(filepath.Join(dir, DefaultPath), "Bob")
	if h.Records != 3 || h.Skipped != 1 || h.Left != 0 || !reflect.DeepEqual(h.Seen, want) {
		t.Errorf("%d records, %d skipped, %d left; want the 3 records read, the large file skipped", h.Records, h.Skipped, h.Left)
	}
}

// BenchmarkReadHistory reads a folder of 500 records of the player.
func BenchmarkReadHistory(b *testing.B) {
	dir := b.TempDir()
	playedRecords(b, dir, 500)
	path := filepath.Join(dir, DefaultPath)
	for b.Loop() {
		if h := ReadHistory(path, "Bob"); h.Records != 500 {
			b.Fatalf("%d records, want 500", h.Records)
		}
	}
}
