package commands

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/advice"
)

// quickReview is the effort of the tests' reviews.
var quickReview = []string{"--samples", "300", "--playouts", "60"}

// lightReview is the effort of the reviews whose test reads no figure of
// theirs (the yardstick's words, the score a record carries): the least
// that runs every step of a review.
var lightReview = []string{"--samples", "20", "--playouts", "5"}

// ginThrownAway is a record of Ann's cards only, played to the stock's last
// cards: she holds 6h 7h 8h 9h Ks Kd Kc 2c 3c Qd, draws and throws a card of
// no use each turn, and with the stock's 29th card draws the 4♣, which makes
// gin with the Q♦ thrown; she throws the Q♦ and plays on, and the hand ends
// drawn, as two cards are left.
func ginThrownAway() string {
	junk := strings.Fields("Jc Tc 9c 8c 7c Js Ts 9s 8s 7s Td 9d Jh 6s")
	bob := strings.Fields("Ad 2d 3d 4d 6d 7d 8d As 2s 3s 4s 5s Ah 2h")
	var b strings.Builder
	b.WriteString("players Ann Bob\ndealer Bob\ndeal Ann 6h 7h 8h 9h Ks Kd Kc 2c 3c Qd\nupcard 5d\nAnn pass\nBob pass\n")
	for i := range junk {
		fmt.Fprintf(&b, "Ann draw %s throw %s\nBob draw throw %s\n", junk[i], junk[i], bob[i])
	}
	b.WriteString("Ann draw 4c throw Qd\n")
	return b.String()
}

func TestReviewFindsTheGinThrownAway(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(ginThrownAway()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--plain"}, quickReview...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// Ann's 15th turn is the hand's 29th.
	if !strings.Contains(r.stdout, "turn 29, Ann: threw Qd and played on; knocking for gin was worth ") || !strings.Contains(r.stdout, "more: blunder\n") {
		t.Errorf("no blunder for the gin thrown away:\n%s", r.stdout)
	}
	if strings.Contains(r.stdout, "Bob ") {
		t.Errorf("Bob's cards are not known, yet he is reviewed:\n%s", r.stdout)
	}
	r = run(t, "", append([]string{"review", "hand.txt", "--json"}, quickReview...)...)
	var j struct {
		Hands []struct {
			File      string
			Decisions []struct {
				Player, Kind, Made, Best, Tag string
				Turn, Line                    int
				Loss                          float64
				LossError                     float64 `json:"loss_error"`
			}
		}
		Players []struct {
			Name      string
			Decisions int
			Blunders  int
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	ds := j.Hands[0].Decisions
	last := ds[len(ds)-1]
	// The gin: the classic bonus of 20 and Bob's deadwood, against a
	// drawn hand's nothing.
	if last.Kind != "knock-or-play-on" || last.Made != "throw Qd" || last.Best != "knock Qd" || last.Tag != "blunder" || last.Loss < 20 || last.Line != 35 {
		t.Errorf("the last decision %+v, want knock-or-play-on, throw Qd for knock Qd, a blunder of 20 or more, line 35", last)
	}
	// Ann's decisions: a pass; 15 turns of a discard each, 14 of them
	// after a take-or-draw (the first draw is forced by the two passes),
	// and a knock-or-play-on on the last (the others keep deadwood 15).
	if p := j.Players; len(p) != 1 || p[0].Name != "Ann" || p[0].Decisions != 1+15+14+1 || p[0].Blunders < 1 {
		t.Errorf("players %+v, want Ann alone with 31 decisions and a blunder", p)
	}
}

// TestReviewReadsWhatGinHandWrites reviews a record written move by move
// by gin hand.
func TestReviewReadsWhatGinHandWrites(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, args := range [][]string{
		{"hand", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"},
		{"hand", "pass"}, {"hand", "pass"}, {"hand", "draw", "Tc", "throw", "Tc"},
		{"hand", "draw", "throw", "Qh"}, {"hand", "take", "throw", "9d"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("gin %s: %s", strings.Join(args, " "), r.stderr)
		}
	}
	r := run(t, "", append([]string{"review", "--all", "--plain", "gin-hand.txt"}, quickReview...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// Ann: the pass; the discard after the forced draw and, deadwood 9
	// kept, knock or play on; the take, the discard and, deadwood 10 kept,
	// knock or play on.
	want := []string{"turn 1, Ann: passed 5s", "turn 1, Ann: threw Tc", "turn 1, Ann: threw Tc and played on", "turn 3, Ann: took Qh", "turn 3, Ann: threw 9d", "turn 3, Ann: threw 9d and played on"}
	var got []string
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(line, "  turn") {
			got = append(got, strings.TrimSpace(line))
		}
	}
	if len(got) != len(want) {
		t.Fatalf("decisions:\n%s\nwant %d", r.stdout, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("decision %d: %q, want it to start %q", i+1, got[i], want[i])
		}
	}
}

func TestReviewFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hand := ginThrownAway()
	for _, name := range []string{"hand-10.txt", "hand-2.txt", "hand-1.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(hand), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "gin-sheet.yaml"), []byte("not a record"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "--json", dir}, quickReview...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var j struct {
		Hands []struct {
			File string
		}
		Players []struct {
			Name      string
			Decisions int
			Blunders  int
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, h := range j.Hands {
		files = append(files, filepath.Base(h.File))
	}
	if want := []string{"hand-1.txt", "hand-2.txt", "hand-10.txt"}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	if p := j.Players; len(p) != 1 || p[0].Decisions != 3*31 || p[0].Blunders < 3 {
		t.Errorf("players %+v, want Ann with 3 × 31 decisions and a blunder in each hand", p)
	}
}

func TestReviewRefuses(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.Mkdir("empty", 0o755); err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(ginThrownAway(), "Ann draw Jc throw Jc", "Ann draw Jc throw Qs", 1)
	if err := os.WriteFile("bad.txt", []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "give the hand records to review"},
		{[]string{"nothere.txt"}, "nothere.txt: no such file or folder"},
		{[]string{"empty"}, "empty: a folder with no hand records in it"},
		{[]string{"bad.txt"}, "bad.txt: line 7: Ann: throwing Qs, which is not in the hand"},
		{[]string{"bad\x1b.txt"}, `no such file or folder`},
	} {
		r := run(t, "", append([]string{"review"}, c.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("gin review %q: exit %d, %q; want 2 and %q", c.args, r.code, r.stderr, c.want)
		}
		if strings.ContainsRune(r.stderr, 0x1b) {
			t.Errorf("gin review %q: a control character printed raw: %q", c.args, r.stderr)
		}
	}
}

func TestNaturalCompare(t *testing.T) {
	t.Parallel()
	names := []string{"hand-10.txt", "hand-2.txt", "gin-hand.txt", "hand-1.txt", "gin-hand-2.txt", "hand-002.txt"}
	slices.SortStableFunc(names, naturalCompare)
	want := []string{"gin-hand-2.txt", "gin-hand.txt", "hand-1.txt", "hand-2.txt", "hand-002.txt", "hand-10.txt"}
	if !slices.Equal(names, want) {
		t.Errorf("%v, want %v", names, want)
	}
}

// gin arena --record writes each hand as a complete record, one file a
// hand named by game and hand, with the arena's results unchanged; gin
// review and gin sheet add --hand read them back.
func TestArenaRecordForReview(t *testing.T) {
	dir := t.TempDir()
	parallelIn(t, dir)
	// gin arena --record writes from the games' goroutines, which the
	// test's folder does not reach: it runs apart, in the folder.
	arenaArgs := []string{"arena", "--bots", "simple,knocker", "--games", "2", "--seed", "3", "--json"}
	light := []string{"--samples", "20", "--playouts", "5"}
	plain := run(t, "", arenaArgs...)
	recorded := runIn(t, dir, "", append(arenaArgs, "--record", "hands")...)
	if plain.code != 0 || recorded.code != 0 {
		t.Fatalf("gin arena: %s%s", plain.stderr, recorded.stderr)
	}
	results := func(out string) []map[string]any {
		var j struct{ Bots []map[string]any }
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatal(err)
		}
		for _, b := range j.Bots {
			delete(b, "ns_per_decision")
		}
		return j.Bots
	}
	if a, b := results(plain.stdout), results(recorded.stdout); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("the results differ with --record:\n%v\n%v", a, b)
	}
	files, err := filepath.Glob("hands/*")
	if err != nil || len(files) < 2 || !slices.Contains(files, filepath.Join("hands", "game-1-hand-01.txt")) || !slices.Contains(files, filepath.Join("hands", "game-2-hand-01.txt")) {
		t.Fatalf("files %v (%v): want a record for each hand of the 2 games", files, err)
	}
	r := run(t, "", append([]string{"review", "--json", "hands"}, light...)...)
	if r.code != 0 {
		t.Fatalf("gin review: %s", r.stderr)
	}
	var j struct {
		Hands   []struct{ File string }
		Players []struct {
			Name      string
			Decisions int
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Hands) != len(files) || len(j.Players) != 2 || j.Players[0].Decisions == 0 || j.Players[1].Decisions == 0 {
		t.Errorf("review of %d records: %d hands, players %+v; want both bots reviewed", len(files), len(j.Hands), j.Players)
	}
	if r := run(t, "", "sheet", "new", "--players", "simple,knocker"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := run(t, "", "sheet", "add", "--hand", filepath.Join("hands", "game-1-hand-01.txt")); r.code != 0 || !strings.Contains(r.stdout, "Hand 1:") {
		t.Errorf("sheet add --hand: %d %s%s", r.code, r.stdout, r.stderr)
	}
	// Into a folder of records already: refused, nothing written.
	if r := runIn(t, dir, "", "arena", "--bots", "simple,knocker", "--games", "2", "--record", "hands"); r.code != 2 || !strings.Contains(r.stderr, "holds the records of an arena run already") || r.stdout != "" {
		t.Errorf("--record into a folder of records: %d %q", r.code, r.stderr)
	}
	// Rules that are no preset's are written beside the records.
	if r := runIn(t, dir, "", "arena", "--bots", "simple,knocker", "--games", "2", "--gin-bonus", "30", "--record", "other"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	text, err := os.ReadFile(filepath.Join("other", "game-1-hand-01.txt"))
	if err != nil || !strings.Contains(string(text), "\nrules rules.yaml\n") {
		t.Errorf("a record of other rules: %v\n%s", err, text)
	}
	if r := run(t, "", append([]string{"review", "other/game-1-hand-01.txt"}, light...)...); r.code != 0 {
		t.Errorf("gin review of records with a rules file: %s", r.stderr)
	}
}

// gin review<TAB> offers the hand records of the folder being typed, and
// the shell adds folders.
func TestCompleteReview(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, name := range []string{"gin-hand.txt", "gin-hand-2.txt", "gin-sheet.yaml", "hands/game-1-hand-01.txt", ".hidden.txt"} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte("players Ann Bob\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"review ", []string{"gin-hand-2.txt", "gin-hand.txt"}},
		{"review gin-hand.txt gin-hand-", []string{"gin-hand-2.txt"}},
		{"review hands/", []string{"hands/game-1-hand-01.txt"}},
		{"review .", []string{".hidden.txt"}},
	} {
		got, kind := completeWith(t, testApp(), strings.Split(tt.line, " ")...)
		if !slices.Equal(got, tt.want) || kind != "dirs" {
			t.Errorf("gin %s<TAB> offers %q, files %q; want %q and folders", tt.line, got, kind, tt.want)
		}
	}
}

// gin review --score values each decision by the game: at 80–0 to 100,
// the gin thrown away won the game outright (20 and Bob's deadwood), where
// the drawn hand that followed leaves it to be won.
func TestReviewByTheGame(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, name := range []string{"hand.txt", "hand2.txt"} {
		if err := os.WriteFile(name, []byte(ginThrownAway()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--json", "--score", "80-0", "--boxes", "3-0"}, quickReview...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var j struct {
		Objective string
		Hands     []struct {
			Decisions []struct {
				Kind, Made, Best, Tag string
				Loss                  float64
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	ds := j.Hands[0].Decisions
	last := ds[len(ds)-1]
	if j.Objective != "game" || last.Made != "throw Qd" || last.Best != "knock Qd" || last.Tag != "blunder" || last.Loss <= 0 || last.Loss > 100 {
		t.Errorf("objective %q, the last decision %+v: want by the game, a blunder of up to 100 percentage points", j.Objective, last)
	}
	r = run(t, "", append([]string{"review", "hand.txt", "--plain", "--score", "80-0", "--boxes", "3-0"}, lightReview...)...)
	if !strings.Contains(r.stdout, "Lost: percentage points of the chance to win the game against the best move.") {
		t.Errorf("no word of the objective:\n%s", r.stdout)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"review", "hand.txt", "--objective", "game"}, "--objective game values the game from its score before the hand: hand.txt is not scored on a score sheet"},
		{[]string{"review", "hand.txt", "hand2.txt", "--score", "5-5"}, "--score is the score before one hand: review one record with it, not 2"},
		{[]string{"review", "hand.txt", "--boxes", "1-1"}, "--boxes goes with --score A-B"},
		{[]string{"review", "hand.txt", "--score", "5"}, "--score 5: give the hand points as A-B, the record's first player's then the second's"},
		{[]string{"review", "hand.txt", "--score", "120-5"}, "the game is over"},
		{[]string{"review", "hand.txt", "--score", "5-5", "--objective", "x"}, "--objective x: give game, net or hand"},
	} {
		r := run(t, "", tt.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("gin %v: exit %d, stderr %q; want %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
}

// A hand played under Hollywood is not reviewed by the game: a review keeps
// one game's score, and the match has three.
func TestReviewHollywoodByTheHand(t *testing.T) {
	parallelIn(t, t.TempDir())
	rec := strings.Replace(ginThrownAway(), "players Ann Bob\n", "players Ann Bob\nrules hollywood\n", 1)
	if err := os.WriteFile("hand.txt", []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--score", "5-5"}, lightReview...)...)
	if want := "--objective game: a review by the game keeps one game's score, and the record is played under Hollywood's 3 games at once; give --objective hand"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, want)
	}
	r = run(t, "", append([]string{"review", "hand.txt", "--objective", "net"}, lightReview...)...)
	if want := "hand.txt: --objective net: a review by the game keeps one game's score, and the record is played under Hollywood's 3 games at once"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, want)
	}
	if r := run(t, "", append([]string{"review", "hand.txt", "--score", "5-5", "--objective", "hand"}, lightReview...)...); r.code != 0 {
		t.Errorf("by the hand: exit %d, %s", r.code, r.stderr)
	}
}

// A record gin hand new writes for a sheet carries the game's score before
// it; one that does not, scored on the sheet it names, has it there: gin
// review values either by the game with no --score, the score read from the
// record or the sheet (never written), the record's players in order.
func TestReviewByTheGameFromTheSheet(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, args := range [][]string{
		{"sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob"},
		{"sheet", "add", "--winner", "Bob", "--points", "30"},
		{"sheet", "add", "--winner", "Ann", "--points", "12"},
		{"sheet", "add", "--winner", "Bob", "--points", "7"},
		// Ann deals hand 4, drawn, and again hand 5; Bob the one followed.
		{"sheet", "add", "--draw"},
		{"sheet", "add", "--winner", "Ann", "--points", "20"},
		{"hand", "new", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("gin %v: %s", args, r.stderr)
		}
	}
	for _, move := range []string{"pass", "pass", "draw Tc throw Tc", "draw throw Qh", "take throw 9d", "draw throw Qs", "draw 5c knock Qh", "bob shows 2d 3d 4d 5h 6h 4h Js Jd 8c Ac"} {
		if r := run(t, "", append([]string{"hand"}, strings.Fields(move)...)...); r.code != 0 {
			t.Fatalf("%s: %s", move, r.stderr)
		}
	}
	review := func(args ...string) (string, *[2]int, *[2]int) {
		t.Helper()
		r := run(t, "", append(append([]string{"review", "gin-hand.txt", "--json"}, args...), lightReview...)...)
		if r.code != 0 {
			t.Fatalf("gin review %v: exit %d: %s", args, r.code, r.stderr)
		}
		var j struct {
			Objective string
			Hands     []struct{ Score, Boxes *[2]int }
		}
		if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
			t.Fatalf("%v: %s", err, r.stdout)
		}
		return j.Objective, j.Hands[0].Score, j.Hands[0].Boxes
	}
	// gin hand new wrote the game's score into the record (Ann 12 + 20 =
	// 32 in two boxes, Bob 30 + 7 = 37 in two): by the game at once.
	if obj, score, boxes := review(); obj != "game" || score == nil || *score != [2]int{32, 37} || *boxes != [2]int{2, 2} {
		t.Errorf("a record that carries its score: objective %q, score %v, boxes %v; want game, [32 37], [2 2]", obj, score, boxes)
	}
	// A record without it (written before records carried their score)
	// has the sheet's, once scored there.
	var kept []string
	for line := range strings.Lines(string(mustRead(t, "gin-hand.txt"))) {
		if !strings.HasPrefix(line, "score ") && !strings.HasPrefix(line, "boxes ") {
			kept = append(kept, line)
		}
	}
	if err := os.WriteFile("gin-hand.txt", []byte(strings.Join(kept, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	// Not yet scored on the sheet: by the hand, and the game refused.
	if obj, score, _ := review(); obj != "hand" || score != nil {
		t.Errorf("a record not on its sheet: objective %q, score %v; want by the hand", obj, score)
	}
	if r := run(t, "", "review", "gin-hand.txt", "--objective", "game"); r.code != 2 || !strings.Contains(r.stderr, "gin-hand.txt is not scored on a score sheet") {
		t.Errorf("--objective game before the record is scored: exit %d %q", r.code, r.stderr)
	}
	if r := run(t, "", "sheet", "add", "--hand", "gin-hand.txt"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	before := mustRead(t, "gin-sheet.yaml")
	// Before the hand: Ann 12 + 20 = 32 in two boxes, Bob 30 + 7 = 37 in two.
	if obj, score, boxes := review(); obj != "game" || score == nil || *score != [2]int{32, 37} || *boxes != [2]int{2, 2} {
		t.Errorf("a record scored on its sheet: objective %q, score %v, boxes %v; want game, [32 37], [2 2]", obj, score, boxes)
	}
	if obj, score, _ := review("--objective", "hand"); obj != "hand" || score != nil {
		t.Errorf("--objective hand: objective %q, score %v; want by the hand", obj, score)
	}
	if !bytes.Equal(before, mustRead(t, "gin-sheet.yaml")) {
		t.Error("gin review wrote the sheet")
	}
}

// reviewJSONGame is what the yardstick tests read of gin review's JSON.
type reviewJSONGame struct {
	Objective string
	Hands     []struct {
		File         string
		Score, Boxes *[2]int
	}
}

// The first line of every review names its yardstick: by the hand with no
// score, by the game with one; the JSON always says "objective".
func TestReviewNamesItsYardstickFirst(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(ginThrownAway()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		first string
	}{
		{nil, "By the hand: each loss in expected points of the hand."},
		{[]string{"--score", "80-0"}, "By the game: each loss in percentage points of the chance to win the game."},
		{[]string{"--score", "80-0", "--objective", "net"}, "By the game's net: each loss in expected points of the game's final difference."},
	} {
		r := run(t, "", append(append([]string{"review", "hand.txt", "--plain"}, c.args...), lightReview...)...)
		if first, _, _ := strings.Cut(r.stdout, "\n"); r.code != 0 || first != c.first {
			t.Errorf("gin review %v: exit %d, first line %q; want %q (%s)", c.args, r.code, first, c.first, r.stderr)
		}
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--json"}, lightReview...)...)
	var j reviewJSONGame
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || j.Objective != "hand" || !strings.HasPrefix(r.stdout, `{"objective":"hand",`) {
		t.Errorf("JSON by the hand: %v, %s; want objective hand first", err, r.stdout)
	}
}

// A record that carries the game's score before it (its score and boxes
// statements) is valued by the game at that score, even when the sheet it
// names is not found (the record moved away from it): the case.
// Without boxes, each player with points has won one hand.
func TestReviewByTheScoreTheRecordCarries(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.Mkdir("moved", 0o755); err != nil {
		t.Fatal(err)
	}
	header := "players Ann Bob\nsheet ../gone/gin-sheet.yaml\nscore 32 37\n"
	for name, head := range map[string]string{"moved/boxed.txt": header + "boxes 2 2\n", "moved/plain.txt": header} {
		if err := os.WriteFile(name, []byte(strings.Replace(ginThrownAway(), "players Ann Bob\n", head, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, "", append([]string{"review", "moved", "--json"}, lightReview...)...)
	var j reviewJSONGame
	if err := json.Unmarshal([]byte(r.stdout), &j); r.code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s %s", r.code, err, r.stdout, r.stderr)
	}
	want := map[string][2][2]int{"moved/boxed.txt": {{32, 37}, {2, 2}}, "moved/plain.txt": {{32, 37}, {1, 1}}}
	if j.Objective != "game" || len(j.Hands) != 2 {
		t.Fatalf("objective %q, %d hands; want game, 2", j.Objective, len(j.Hands))
	}
	for _, h := range j.Hands {
		if h.Score == nil || h.Boxes == nil || [2][2]int{*h.Score, *h.Boxes} != want[h.File] {
			t.Errorf("%s: score %v, boxes %v; want %v", h.File, h.Score, h.Boxes, want[h.File])
		}
	}
	if r.stderr != "" {
		t.Errorf("one yardstick, yet stderr says %q", r.stderr)
	}
}

// Records of two yardsticks reviewed together (one carries the game's
// score, the other not) are all valued by the hand, and stderr says so,
// naming the records without a score: never a silent switch.
func TestReviewTwoYardsticksSaid(t *testing.T) {
	parallelIn(t, t.TempDir())
	scored := strings.Replace(ginThrownAway(), "players Ann Bob\n", "players Ann Bob\nscore 32 37\n", 1)
	for name, text := range map[string]string{"a-scored.txt": scored, "b-plain.txt": ginThrownAway()} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, "", append([]string{"review", "a-scored.txt", "b-plain.txt", "--plain"}, lightReview...)...)
	want := "gin: note: records of two yardsticks: 1 of the 2 carry the game's score before the hand, and could be valued by the game, but 1 do not (b-plain.txt): all are valued by the hand's points"
	if r.code != 0 || !strings.Contains(r.stderr, want) || !strings.HasPrefix(r.stdout, "By the hand: ") {
		t.Errorf("exit %d, stderr %q, stdout %q; want by the hand, and stderr %q", r.code, r.stderr, r.stdout, want)
	}
	// Said so, the yardstick chosen is not noted again.
	r = run(t, "", append([]string{"review", "a-scored.txt", "b-plain.txt", "--objective", "hand"}, lightReview...)...)
	if r.code != 0 || r.stderr != "" {
		t.Errorf("--objective hand: exit %d, stderr %q; want no note", r.code, r.stderr)
	}
}

// Each player's accuracy, 0 to 100, is Lichess's mapping of their mean
// loss per decision, 103.1668·e^(−0.04354·x) − 3.1669: in the JSON, and on
// a line of the text after the table, with the player's luck.
func TestReviewAccuracy(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(ginThrownAway()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--json"}, quickReview...)...)
	var j struct {
		Players []struct {
			Name          string
			MeanLoss      float64 `json:"mean_loss"`
			Accuracy      float64
			AccuracyError float64 `json:"accuracy_error"`
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || len(j.Players) != 1 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	ann := j.Players[0]
	// The gin thrown away loses some 20 points or more over 29 decisions.
	want := 103.1668*math.Exp(-0.04354*ann.MeanLoss) - 3.1669
	if ann.MeanLoss <= 0.5 || math.Abs(ann.Accuracy-want) > 0.01 || ann.Accuracy >= 100 || ann.AccuracyError <= 0 {
		t.Errorf("Ann: mean loss %v, accuracy %v; want %.2f, below 100", ann.MeanLoss, ann.Accuracy, want)
	}
	r = run(t, "", append([]string{"review", "hand.txt", "--plain"}, quickReview...)...)
	if line := fmt.Sprintf("\nAnn played %.1f ±", ann.Accuracy); !strings.Contains(r.stdout, line) {
		t.Errorf("no %q in:\n%s", line, r.stdout)
	}
}

// readmeHand is the README's hand (HANDS.md's example, a complete record):
// Ann draws her gin card, the 5♣, at turn 5.
var readmeHand = handsExample()

// Luck is each draw's, on its take-or-draw, and summed per player: in the
// JSON, and with the accuracy in one line of the text. Ann's draw of her
// gin card is lucky (ginrummy/review's test works it out card by card);
// only the decisions that drew have any, and the knock that ended the
// hand, Bob's cards shown (ginrummy/review's TestLuckOfTheKnock). A
// player's luck is their decisions', and as the defender the knocker's at
// the knock turned (the hand is zero-sum): Bob's is his draws' less Ann's
// knock luck.
func TestReviewLuck(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	effort := []string{"--samples", "1000", "--playouts", "400"}
	r := run(t, "", append([]string{"review", "hand.txt", "--json"}, effort...)...)
	var j struct {
		Hands []struct {
			Decisions []struct {
				Player, Kind, Made string
				Turn               int
				Luck               float64
				LuckError          float64 `json:"luck_error"`
			}
		}
		Players []struct {
			Name      string
			Accuracy  float64
			Luck      float64
			LuckError float64 `json:"luck_error"`
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || len(j.Players) != 2 || len(j.Hands) != 1 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	sums := map[string]float64{}
	gin := false
	other := map[string]string{"Ann": "Bob", "Bob": "Ann"}
	for _, d := range j.Hands[0].Decisions {
		sums[d.Player] += d.Luck
		knock := d.Kind == "knock-or-play-on" && strings.HasPrefix(d.Made, "knock")
		if knock {
			sums[other[d.Player]] -= d.Luck
		}
		if d.Luck != 0 && (d.Kind != "take-or-draw" || d.Made != "draw") && !knock {
			t.Errorf("turn %d, %s's %s (%s): luck %v, where no card was drawn and no hand shown", d.Turn, d.Player, d.Kind, d.Made, d.Luck)
		}
		if d.Player == "Ann" && d.Turn == 5 && d.Kind == "take-or-draw" {
			gin = true
			if d.Luck <= 2*d.LuckError {
				t.Errorf("Ann's draw of her gin card: luck %v ±%v, want well above 0", d.Luck, d.LuckError)
			}
		}
	}
	if !gin {
		t.Fatalf("no take-or-draw of Ann's at turn 5: %s", r.stdout)
	}
	for _, p := range j.Players {
		if math.Abs(p.Luck-sums[p.Name]) > 0.01 {
			t.Errorf("%s's luck %v, want the sum of their draws' and knock's, less the other's knock's: %v", p.Name, p.Luck, sums[p.Name])
		}
	}
	r = run(t, "", append([]string{"review", "hand.txt", "--plain"}, effort...)...)
	ann := j.Players[0]
	if line := fmt.Sprintf("\nAnn played %.1f ±", ann.Accuracy); !strings.Contains(r.stdout, line) || !strings.Contains(r.stdout, fmt.Sprintf(", luck %+.1f ±%.1f\n", ann.Luck, ann.LuckError)) {
		t.Errorf("no line of Ann's accuracy and luck %+.1f in:\n%s", ann.Luck, r.stdout)
	}
}

// Every decision carries its options ranked, as GNU Backgammon lists the
// moves of a position: in the JSON the three best and the move made, each
// with its value and its loss against the best (the best first, losing
// nothing; the move made losing the decision's loss); with --all, under
// each decision in the text, the move made marked.
func TestReviewRanksEveryOption(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--json"}, quickReview...)...)
	type option struct {
		Rank        int
		Move        string
		Value, Loss float64
		ValueError  float64 `json:"value_error"`
		LossError   float64 `json:"loss_error"`
		Best, Made  bool
	}
	var j struct {
		Hands []struct {
			Decisions []struct {
				Kind, Made, Best, Tag string
				Loss                  float64
				Options               []option
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || len(j.Hands) != 1 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	ds := j.Hands[0].Decisions
	if len(ds) != 14 {
		t.Fatalf("%d decisions, want the 14 of the hand", len(ds))
	}
	for k, d := range ds {
		opts := d.Options
		// A knock-or-play-on has two moves; every other decision of this
		// hand has more than three.
		want := 3
		if d.Kind == "knock-or-play-on" {
			want = 2
		}
		if len(opts) < want || len(opts) > 4 {
			t.Errorf("decision %d (%s): %d options, want the %d best and the move made: %+v", k, d.Kind, len(opts), want, opts)
			continue
		}
		if !opts[0].Best || opts[0].Rank != 1 || opts[0].Loss != 0 {
			t.Errorf("decision %d: the first option %+v, want the best, rank 1, losing nothing", k, opts[0])
		}
		made := 0
		for i, o := range opts {
			if i > 0 && (o.Rank <= opts[i-1].Rank || o.Loss < opts[i-1].Loss || o.Best) {
				t.Errorf("decision %d: option %+v after %+v: want ranked by loss, the best once", k, o, opts[i-1])
			}
			if o.ValueError <= 0 && o.Move != "big-gin" && !strings.Contains(o.Move, "knock") {
				t.Errorf("decision %d: option %+v has no error", k, o)
			}
			if o.Made {
				made++
				if math.Abs(o.Loss-d.Loss) > 0.002 {
					t.Errorf("decision %d: the move made %+v loses %v in the list, %v as the decision", k, o, o.Loss, d.Loss)
				}
			}
			if !o.Best && math.Abs(opts[0].Value-o.Value-o.Loss) > 0.002 && o.Loss != 0 {
				t.Errorf("decision %d: %+v loses %v, the best's value less its own is %v", k, o, o.Loss, opts[0].Value-o.Value)
			}
		}
		if made != 1 {
			t.Errorf("decision %d: %d options marked made, want 1: %+v", k, made, opts)
		}
		if d.Kind == "take-or-draw" && opts[0].Move != d.Best && !strings.HasPrefix(opts[0].Move, d.Best) {
			t.Errorf("decision %d: the best option %q, the decision's best %q", k, opts[0].Move, d.Best)
		}
	}
	// Ann's draw at turn 5, of her gin card, was the best: the one marked.
	r = run(t, "", append([]string{"review", "hand.txt", "--plain", "--all"}, quickReview...)...)
	if !strings.Contains(r.stdout, "  turn 5, Ann: drew, leaving Qs, the best\n    * 1. draw  ") {
		t.Errorf("no ranked list under Ann's draw at turn 5, the draw marked first:\n%s", r.stdout)
	}
	if r = run(t, "", append([]string{"review", "hand.txt", "--plain"}, quickReview...)...); strings.Contains(r.stdout, "* 1.") {
		t.Errorf("without --all, options listed:\n%s", r.stdout)
	}
}

// Each decision carries the position's value before it (its best option's,
// from the player's side), and the text draws each player's value through
// a hand it lists, the costly decisions' turns marked under the chart's
// axis. Ann's knock at turn 5 is gin: by the rules (classic) it scores the
// gin bonus, 20, and Bob's deadwood, which is more than 0 whatever he holds
// (he cannot be gin too: his cards are not all melded).
func TestReviewValueAndChart(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(readmeHand), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "review", "hand.txt", "--json")
	var j struct {
		Hands []struct {
			Decisions []struct {
				Player, Kind, Tag string
				Turn              int
				Value             float64
				ValueError        float64 `json:"value_error"`
				Options           []struct{ Value float64 }
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || len(j.Hands) != 1 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	var costly []int
	for k, d := range j.Hands[0].Decisions {
		if len(d.Options) == 0 || d.Value != d.Options[0].Value {
			t.Errorf("decision %d: value %v, want its best option's: %+v", k, d.Value, d.Options)
		}
		if d.Player == "Ann" && d.Turn == 5 && d.Kind == "knock-or-play-on" && (d.Value <= 20 || d.Value > 20+100) {
			t.Errorf("Ann's gin at turn 5: value %v ±%v, want 20 and Bob's deadwood", d.Value, d.ValueError)
		}
		if d.Tag != "none" {
			costly = append(costly, d.Turn)
		}
	}
	if len(costly) == 0 {
		t.Fatal("no costly decision to mark")
	}
	r = run(t, "", "review", "hand.txt", "--plain")
	lines := strings.Split(r.stdout, "\n")
	axis := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "└") })
	if axis < 0 || axis+2 >= len(lines) || !strings.Contains(r.stdout, "─ Ann   • Bob   ▲ a costly decision") {
		t.Fatalf("no chart of the hand, with Ann, Bob and the marks in its legend:\n%s", r.stdout)
	}
	// The labels of the turns, and under them the marks.
	labels, marks := []rune(lines[axis+1]), []rune(lines[axis+2])
	for _, turn := range costly {
		col := slices.Index(labels, rune('0'+turn)) // turns 0 to 5: one digit each
		if col < 0 || col >= len(marks) || marks[col] != '▲' {
			t.Errorf("turn %d: no ▲ under its label:\n%s\n%s", turn, lines[axis+1], lines[axis+2])
		}
	}
	if n := strings.Count(lines[axis+2], "▲"); n != len(slices.Compact(slices.Clone(costly))) {
		t.Errorf("%d marks, want one for each turn of a costly decision %v:\n%s", n, costly, lines[axis+2])
	}
}

// By the game, a position's value is a chance to win the game, in percent
// (as a loss is in percentage points): each decision's value and each of
// its options' lie within 0 to 100, and a luck within ±100.
func TestReviewValueByTheGame(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("hand.txt", []byte(ginThrownAway()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "hand.txt", "--json", "--score", "40-30"}, quickReview...)...)
	var j struct {
		Objective string
		Hands     []struct {
			Decisions []struct {
				Turn        int
				Value, Luck float64
				Options     []struct{ Value float64 }
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || j.Objective != "game" || len(j.Hands) != 1 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	in := func(x float64) bool { return x >= 0 && x <= 100 }
	// At 40–30 to 100, neither player is near sure of the game: a chance
	// well within 10% to 90%, in percent, not as a fraction.
	if first := j.Hands[0].Decisions[0]; first.Value < 10 || first.Value > 90 {
		t.Errorf("the first decision's value %v: want a chance in percent, 10 to 90", first.Value)
	}
	for _, d := range j.Hands[0].Decisions {
		if !in(d.Value) || math.Abs(d.Luck) > 100 {
			t.Errorf("turn %d: value %v, luck %v: want a chance in percent", d.Turn, d.Value, d.Luck)
		}
		for _, o := range d.Options {
			if !in(o.Value) {
				t.Errorf("turn %d: an option's value %v: want a chance in percent", d.Turn, o.Value)
			}
		}
	}
}

// annGoesGin is HANDS.md's complete record, dealt by Bob: Ann goes gin,
// Bob has 29 (Js Jd 8c Ac beside 2d 3d 4d and 4h 5h 6h).
const annGoesGin = "players Ann Bob\ndealer Bob\nrules classic\n" +
	"deal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\ndeal Bob 2d 3d 4d 5h 6h Qs Js Jd 8c Ac\nupcard 5s\n" +
	"Ann pass\nBob pass\nAnn draw Tc throw Tc\nBob draw Qh throw Qh\nAnn take Qh throw 9d\nBob draw 4h throw Qs\nAnn draw 5c knock Qh\n"

// bobGoesGin is annGoesGin with the players' parts swapped: dealt by Ann,
// Bob goes gin.
const bobGoesGin = "players Ann Bob\ndealer Ann\nrules classic\n" +
	"deal Bob 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\ndeal Ann 2d 3d 4d 5h 6h Qs Js Jd 8c Ac\nupcard 5s\n" +
	"Bob pass\nAnn pass\nBob draw Tc throw Tc\nAnn draw Qh throw Qh\nBob take Qh throw 9d\nAnn draw 4h throw Qs\nBob draw 5c knock Qh\n"

// withHeader is record text with lines put after its players statement.
func withHeader(text, lines string) string {
	return strings.Replace(text, "players Ann Bob\n", "players Ann Bob\n"+lines, 1)
}

// TestRecordScoreMeetsTheSheet: a record whose score statement is not the
// sheet's is refused by gin sheet add --hand, and gin review values a
// record scored on its sheet by the sheet's score, as the sheet is edited
// since, not by the record's statement.
func TestRecordScoreMeetsTheSheet(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("h.txt", withHeader(annGoesGin, "sheet gin-sheet.yaml\nscore 50 20\nboxes 2 1\n"))
	before := mustRead(t, "gin-sheet.yaml")
	if r := run(t, "", "sheet", "add", "--hand", "h.txt"); r.code != 2 || !strings.Contains(r.stderr, "h.txt: the record says the score before the hand was 50-20 (boxes 2-1), but the sheet has 0-0 (boxes 0-0) before the next hand") {
		t.Errorf("a record's score against a new sheet's: exit %d %q", r.code, r.stderr)
	}
	if !bytes.Equal(before, mustRead(t, "gin-sheet.yaml")) {
		t.Error("the sheet was written")
	}
	// Ann's gin scores 49 (20 and Bob's 29): the score before hand 2.
	write("r1.txt", withHeader(annGoesGin, "sheet gin-sheet.yaml\n"))
	write("r2.txt", withHeader(bobGoesGin, "sheet gin-sheet.yaml\nscore 49 0\n"))
	for _, args := range [][]string{
		{"sheet", "add", "--hand", "r1.txt"}, {"sheet", "add", "--hand", "r2.txt"},
		// Hand 1 made Ann's knock of 2 against 80: 78 before hand 2.
		{"sheet", "edit", "1", "--by", "Ann", "--knock", "2", "--deadwood", "80"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("gin %v: %s", args, r.stderr)
		}
	}
	r := run(t, "", append([]string{"review", "r2.txt", "--json"}, quickReview...)...)
	var j reviewJSONGame
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("%v: %s %s", err, r.stdout, r.stderr)
	}
	if j.Objective != "game" || j.Hands[0].Score == nil || *j.Hands[0].Score != [2]int{78, 0} || *j.Hands[0].Boxes != [2]int{1, 0} {
		t.Errorf("a record scored on its sheet, edited since: objective %q, score %v boxes %v; want game at 78-0 in boxes 1-0", j.Objective, j.Hands[0].Score, j.Hands[0].Boxes)
	}
}

// TestReviewRefusesARecordsScore: a score statement no game can be at, or
// with the scores of a number of games the rules do not play, is the
// record's error, at the statement's line (line 2: after players), in the
// record's words, not --score's; classic plays one game to 100, and each
// hand won scores a point or more.
func TestReviewRefusesARecordsScore(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, tt := range []struct{ header, want string }{
		{"score 1000000 1000000\n", "h.txt: line 2: score 1000000 1000000: Ann and Bob have reached the target of 100"},
		{"score 100 55\n", "h.txt: line 2: score 100 55: Ann has reached the target of 100"},
		{"score 30 55\nboxes 99 99\n", "h.txt: line 2: score 30 55; boxes 99 99: Ann has won 99 hands, each worth 1 point or more by these rules, so has 99 points or more, not 30"},
		{"score 0 0\nboxes 0 2\n", "h.txt: line 2: score 0 0; boxes 0 2: Bob has won 2 hands"},
		{"score 30 55\nboxes 0 2\n", "h.txt: line 2: score 30 55; boxes 0 2: Ann has 30 points, so has won a hand or more, not 0"},
		{"score 30 55, 10 0, 0 0\n", "h.txt: line 2: score 30 55, 10 0, 0 0: the scores of 3 games, but the rules (classic) play one game at a time"},
		{"score 1 2, 3 4, 5 6, 7 8, 9 10\n", "h.txt: line 2: score 1 2, 3 4, 5 6, 7 8, 9 10: the scores of 5 games"},
	} {
		if err := os.WriteFile("h.txt", []byte(withHeader(annGoesGin, tt.header)), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, obj := range []string{"game", "net"} {
			r := run(t, "", append([]string{"review", "h.txt", "--objective", obj}, quickReview...)...)
			if r.code != 2 || !strings.Contains(r.stderr, "gin: "+tt.want) || strings.Contains(r.stderr, "--") {
				t.Errorf("%q --objective %s: exit %d %q, want %q", tt.header, obj, r.code, r.stderr, tt.want)
			}
		}
	}
	// Hollywood scores three games at once: one pair is not its score.
	hollywood := strings.Replace(withHeader(annGoesGin, "score 30 55\n"), "rules classic", "rules hollywood", 1)
	if err := os.WriteFile("h.txt", []byte(hollywood), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "", append([]string{"review", "h.txt"}, quickReview...)...); r.code != 2 || !strings.Contains(r.stderr, "h.txt: line 2: score 30 55: the scores of 1 game, but the rules (hollywood) play 3 games at once") {
		t.Errorf("one game's score under Hollywood: exit %d %q", r.code, r.stderr)
	}
}

// TestReviewEachFileOnce: a file named again, as given or written another
// way, or in a folder given too, is reviewed once, by its first name, and
// stderr says which names were left out, as gin stats says it.
func TestReviewEachFileOnce(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.Mkdir("dup", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("dup", "a.txt"), []byte(annGoesGin), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "dup", "dup/a.txt", "./dup/a.txt", "--json"}, quickReview...)...)
	var j reviewJSONGame
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("%v: %s %s", err, r.stdout, r.stderr)
	}
	if r.code != 0 || len(j.Hands) != 1 || j.Hands[0].File != filepath.Join("dup", "a.txt") {
		t.Errorf("one file named three ways: exit %d, %d hands reviewed (%+v), want the one, as dup/a.txt", r.code, len(j.Hands), j.Hands)
	}
	want := "gin: dup/a.txt is given again: reviewed once\ngin: ./dup/a.txt is the same file as dup/a.txt: reviewed once\n"
	if r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
}

// TestReviewListHoldsNoRecord: the first pass of gin review, which reads
// every record before the first is valued, keeps of each only its path,
// rules and score, not the record read and replayed (a few KB each), so
// that what a review holds does not grow with the records' moves: each
// record is read again in its turn.
//
// It runs alone, not in parallel: it weighs the process's heap, which the
// tests beside it would fill.
func TestReviewListHoldsNoRecord(t *testing.T) {
	dir := t.TempDir()
	const n = 300
	paths := make([]string, n)
	for i := range paths {
		paths[i] = filepath.Join(dir, fmt.Sprintf("hand-%d.txt", i))
		if err := os.WriteFile(paths[i], []byte(ginThrownAway()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	hands, err := listRecords(paths, false)
	if err != nil {
		t.Fatal(err)
	}
	held := int64(heap()) - int64(before)
	runtime.KeepAlive(hands)
	// A path, rules and no score: well under 1 KB a record; a record of
	// ginThrownAway's 60 moves, replayed, is several.
	if per := held / n; per > 1024 {
		t.Errorf("the list of %d records holds %d bytes, %d a record; want under 1 KB a record", n, held, per)
	}
}

// A hand reviewed is named by its file, not by its place among the files
// given: the fourth hand of an evening reviewed alone is no "Hand 1".
func TestReviewNamesTheHandByItsFile(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("gin-hand-4.txt", []byte(ginThrownAway()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", append([]string{"review", "gin-hand-4.txt", "--plain"}, quickReview...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "\ngin-hand-4.txt: Ann v Bob\n") || strings.Contains(r.stdout, "Hand 1") {
		t.Errorf("want the hand named gin-hand-4.txt: Ann v Bob, not Hand 1:\n%s", r.stdout)
	}
}

// gin review advises each player's positions with how the other plays, as
// the records of the folder before the record show it: in three hands of
// knocker against simple, by the third simple has seen knocker knock in
// the two before, and simple's positions are advised against a player who
// knocks early, where the same record reviewed alone learns nothing.
func TestReviewLearnsWhoEachPlays(t *testing.T) {
	dir := t.TempDir()
	parallelIn(t, dir)
	// gin arena --record writes from the games' goroutines, which the
	// test's folder does not reach: it runs apart, in the folder.
	if r := runIn(t, dir, "", "arena", "--bots", "knocker,simple", "--games", "2", "--seed", "3", "--record", "arena"); r.code != 0 {
		t.Fatalf("arena: %d %s", r.code, r.stderr)
	}
	if err := os.Mkdir("three", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"game-1-hand-01.txt", "game-1-hand-02.txt", "game-1-hand-03.txt"} {
		text, err := os.ReadFile(filepath.Join("arena", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("three", name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type hands struct {
		Hands []struct {
			File      string
			Opponents []struct {
				Player, Name string
				Hands        int
				KnocksEarly  int     `json:"knocks_early"`
				KnockRate    float64 `json:"knock_rate"`
			}
			Decisions []struct {
				Player string
				Line   int
				Kind   string
				Value  float64
			}
		}
	}
	reviewed := func(args ...string) hands {
		t.Helper()
		r := run(t, "", append(append([]string{"review", "--json"}, lightReview...), args...)...)
		var j hands
		if err := json.Unmarshal([]byte(r.stdout), &j); err != nil || r.code != 0 {
			t.Fatalf("gin review %v: %d %v %s", args, r.code, err, r.stderr)
		}
		return j
	}
	folder, alone := reviewed("three"), reviewed(filepath.Join("three", "game-1-hand-03.txt"))
	if len(folder.Hands) != 3 || len(alone.Hands) != 1 {
		t.Fatalf("%d hands in the folder, %d alone", len(folder.Hands), len(alone.Hands))
	}
	if o := folder.Hands[0].Opponents; len(o) != 0 {
		t.Errorf("the first hand learnt %+v, with no hand before it", o)
	}
	if o := alone.Hands[0].Opponents; len(o) != 0 {
		t.Errorf("a record alone learnt %+v", o)
	}
	third := folder.Hands[2]
	learnt := false
	for _, o := range third.Opponents {
		if o.Player == "simple" && o.Name == "knocker" {
			learnt = true
			if o.Hands != 2 || o.KnocksEarly == 0 || o.KnockRate <= advice.DefaultKnockRate {
				t.Errorf("simple's opponent in the third hand: %+v; want knocker, from the 2 hands before, seen to knock early", o)
			}
		}
	}
	if !learnt {
		t.Fatalf("the third hand learnt nothing of knocker for simple: %+v", third.Opponents)
	}
	changed := 0
	for k, d := range third.Decisions {
		if d.Player == "simple" && d.Value != alone.Hands[0].Decisions[k].Value {
			changed++
		}
	}
	if changed == 0 {
		t.Error("no value of simple's decisions changed with knocker's style learnt")
	}

	// The text says it under the hand's line, as gin advise --hand's
	// Opponent line says it; the first hand, with nothing before it, says
	// nothing.
	r := run(t, "", append([]string{"review", "--all", "--color", "never", "three"}, lightReview...)...)
	if r.code != 0 {
		t.Fatalf("gin review --all: %d %s", r.code, r.stderr)
	}
	say := "simple's opponent: knocker, from 2 earlier hands: knocks at the first chance"
	hand3 := strings.Index(r.stdout, "game-1-hand-03.txt: ")
	if hand3 < 0 || !strings.Contains(unwrapped(strings.Split(r.stdout[hand3:], "\n")), say) {
		t.Errorf("the third hand's text does not say %q:\n%s", say, r.stdout)
	}
	if hand2 := strings.Index(r.stdout, "game-1-hand-02.txt: "); hand2 < 0 || strings.Contains(r.stdout[:hand2], "'s opponent: ") {
		t.Errorf("the first hand says what was learnt, with no hand before it:\n%s", r.stdout)
	}
}

// A record changed between the review's listing and its turn (a move
// played at another terminal) is refused at its turn, not reviewed with the
// score and styles of the record as listed.
func TestReviewRefusesARecordChangedMeanwhile(t *testing.T) {
	parallelIn(t, t.TempDir())
	inPlay := strings.Join(strings.SplitAfter(readmeHand, "\n")[:9], "")
	if err := os.WriteFile("hand.txt", []byte(inPlay), 0o644); err != nil {
		t.Fatal(err)
	}
	hands, err := listRecords([]string{"hand.txt"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hands[0].open(); err != nil {
		t.Fatalf("the record unchanged: %v", err)
	}
	if err := os.WriteFile("hand.txt", []byte(inPlay+"Bob draw Qh throw Qh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := hands[0].open(); err == nil || !strings.Contains(err.Error(), "the record changed while the review ran") {
		t.Errorf("a move added after the listing: %v; want the record refused", err)
	}
}
