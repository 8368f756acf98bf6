package commands

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy/advice"
)

// The hand in play (HANDS.md's deal, Ann to take or draw) and the earlier
// hands of Bob beside it, each an early knock: Bob knocks with the A♣ as
// deadwood, 29 cards left in the stock, and shows his cards. Ann's draw
// differs from hand to hand, so each is a hand of its own.
const (
	opponentHead = "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\nBob pass\n"
	opponentNow  = opponentHead + "Ann draw Tc throw Tc\nBob draw throw Qh\n"
)

func bobKnocksEarly(draw string) string {
	return opponentHead + "Ann draw " + draw + " throw " + draw + "\nBob draw knock Qh\nBob shows 2d 3d 4d 4h 5h 6h Js Jd Jc Ac\n"
}

// writeFiles writes each file of the map into the current folder.
func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// opponentOf is the opponent object of gin advise --json's output.
func opponentOf(t *testing.T, r result) *render.OpponentJSON {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var j struct {
		Opponent *render.OpponentJSON `json:"opponent"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &j); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	return j.Opponent
}

var quick = []string{"--samples", "100", "--playouts", "10"}

// Bob knocked early in the three hands the folder holds: gin hand advise
// and gin advise --hand take him to knock early (odds 3 to 2, times 50 for
// each hand: 187,500 to 1), say so in a line, and give it in the JSON;
// --opponent-knocks and --opponent-takes still say otherwise.
func TestAdviseLearnsTheOpponent(t *testing.T) {
	parallelIn(t, t.TempDir())
	writeFiles(t, map[string]string{
		"gin-hand.txt":   opponentNow,
		"gin-hand-1.txt": bobKnocksEarly("Td"),
		"gin-hand-2.txt": bobKnocksEarly("Ts"),
		"gin-hand-3.txt": bobKnocksEarly("Qs"),
	})
	r := run(t, "", append([]string{"hand", "advise"}, quick...)...)
	want := "Bob, from 3 earlier hands: knocks at the first chance (early 3 times, waited never: 100.0%); no card taken to a showdown, so even odds for taking only to meld"
	if line, _ := labelled(r.stdout, "Opponent:"); r.code != 0 || line != want || !strings.HasPrefix(r.stdout, "Opponent:") {
		t.Errorf("gin hand advise: exit %d, stdout\n%s\nstderr %s\nwant it to start\n%s", r.code, r.stdout, r.stderr, want)
	}
	rate := 1.5 * 50 * 50 * 50 / (1 + 1.5*50*50*50)
	o := opponentOf(t, run(t, "", append([]string{"advise", "--hand", "gin-hand.txt", "--json"}, quick...)...))
	if o == nil || o.Name != "Bob" || o.Records != 3 || o.Hands != 3 || o.KnocksEarly != 3 || o.Waited != 0 || o.Taken != 0 ||
		math.Abs(o.KnockRate-rate) > 1e-5 || o.KnockRateBy != "records" || o.TookMelds != advice.DefaultTookMelds || o.TookMeldsBy != "prior" {
		t.Errorf("opponent %+v; want Bob, 3 records, 3 early knocks, knock rate %.5f by the records, took_melds the prior", o, rate)
	}
	o = opponentOf(t, run(t, "", append([]string{"advise", "--hand", "gin-hand.txt", "--json", "--opponent-knocks", "waits", "--opponent-takes", "any"}, quick...)...))
	if o == nil || o.KnockRate != advice.WaitsForGin || o.KnockRateBy != "flag" || o.TookMelds != advice.TakesAny || o.TookMeldsBy != "flag" || o.KnocksEarly != 3 {
		t.Errorf("with the flags: opponent %+v; want the flags' %v and %v, the records' counts kept", o, advice.WaitsForGin, advice.TakesAny)
	}
	r = run(t, "", append([]string{"advise", "--hand", "gin-hand.txt", "--opponent-knocks", "waits"}, quick...)...)
	if !strings.Contains(r.stdout, "knocks as --opponent-knocks says") {
		t.Errorf("with --opponent-knocks: stdout\n%s\nwant the line to say the flag decides", r.stdout)
	}
	// The uniform model weighs no style: nothing is said.
	r = run(t, "", append([]string{"advise", "--hand", "gin-hand.txt", "--opponent", "uniform"}, quick...)...)
	if r.code != 0 || strings.Contains(r.stdout, "Opponent:") {
		t.Errorf("--opponent uniform: exit %d, stdout\n%s\nwant no Opponent line", r.code, r.stdout)
	}
}

// With no earlier hand of the opponent beside the record, the advice is
// gin advise's without the flags, and the Opponent line says the usual
// prior is used (issue 45: a player with no history gets the prior, said
// so); the JSON has no opponent, its chances the defaults. A file that
// cannot be read as a record is skipped, said, and fails nothing.
func TestAdviseWithNoHistory(t *testing.T) {
	parallelIn(t, t.TempDir())
	writeFiles(t, map[string]string{"gin-hand.txt": opponentNow})
	args := append([]string{"advise", "--hand", "gin-hand.txt"}, quick...)
	alone := run(t, "", args...)
	prior := "Bob: no earlier hands, so the usual prior (3 to 2 for knocking early, even odds for taking only to meld)"
	if line, _ := labelled(alone.stdout, "Opponent:"); alone.code != 0 || line != prior {
		t.Errorf("no history: exit %d, stdout\n%s\nwant the Opponent line %q", alone.code, alone.stdout, prior)
	}
	_, aloneRest, _ := strings.Cut(alone.stdout, "\nHand:")
	if o := opponentOf(t, run(t, "", append(args, "--json")...)); o != nil {
		t.Errorf("no history: opponent %+v, want none", o)
	}
	writeFiles(t, map[string]string{
		"gin-hand-1.txt": "players Ann Bob\nthis is no record\n",
		"gin-hand-2.txt": strings.ReplaceAll(bobKnocksEarly("Td"), "Bob", "Carol"), // not Bob's
	})
	r := run(t, "", args...)
	want := "Bob: no earlier hands, so the usual prior (3 to 2 for knocking early, even odds for taking only to meld) (1 file skipped, not read as a hand record)"
	line, _ := labelled(r.stdout, "Opponent:")
	_, rest, _ := strings.Cut(r.stdout, "\nHand:")
	if r.code != 0 || line != want || rest != aloneRest {
		t.Errorf("a corrupt record beside: exit %d, stdout\n%s\nstderr %s\nwant\n%s%s", r.code, r.stdout, r.stderr, want, alone.stdout)
	}
	o := opponentOf(t, run(t, "", append(args, "--json")...))
	if o == nil || o.Skipped != 1 || o.Records != 0 || o.Hands != 0 || o.KnockRate != advice.DefaultKnockRate || o.KnockRateBy != "prior" {
		t.Errorf("a corrupt record beside: opponent %+v; want 1 skipped, the prior", o)
	}
}

// The glance and the advice set the position from what was learnt, and
// leave it to the advice's defaults where nothing was.
func TestOpponentUse(t *testing.T) {
	parallelIn(t, t.TempDir())
	writeFiles(t, map[string]string{"gin-hand.txt": opponentNow})
	var p advice.Position
	useOpponent(learnOpponent("gin-hand.txt", "Bob"), &p, false, false)
	if p.KnockRate != 0 || p.TookMelds != 0 {
		t.Errorf("nothing learnt: knock rate %v, takes to meld %v; want 0 and 0, the advice's defaults", p.KnockRate, p.TookMelds)
	}
	writeFiles(t, map[string]string{"gin-hand-1.txt": bobKnocksEarly("Td")})
	useOpponent(learnOpponent("gin-hand.txt", "bob"), &p, false, false)
	if want := 1.5 * 50 / (1 + 1.5*50); math.Abs(p.KnockRate-want) > 1e-12 || p.TookMelds != 0 {
		t.Errorf("one early knock: knock rate %v, takes to meld %v; want %v and 0", p.KnockRate, p.TookMelds, want)
	}
	p = advice.Position{}
	useOpponent(learnOpponent("gin-hand.txt", "Bob"), &p, true, false)
	if p.KnockRate != 0 {
		t.Errorf("with --opponent-knocks: knock rate %v set from the records, want it left to the flag", p.KnockRate)
	}
	var none *render.Opponent
	useOpponent(none, &p, false, false) // no record: nothing
	if learnOpponent("", "Bob") != nil {
		t.Error("no record path: want nothing learnt")
	}
}

// The records gin arena --record writes are a history too: knocker knocks
// at its first chance, so at gin-hunter's knocks its cards never could
// have (it would have knocked before), and it knocked early; advice to
// gin-hunter beside them learns it so.
func TestAdviseLearnsFromArenaRecords(t *testing.T) {
	dir := t.TempDir()
	parallelIn(t, dir)
	// gin arena --record writes from the games' goroutines, which the
	// test's folder does not reach: it runs apart, in the folder.
	if r := runIn(t, dir, "", "arena", "--bots", "knocker,gin-hunter", "--games", "2", "--seed", "5", "--record", "hands"); r.code != 0 {
		t.Fatalf("gin arena: %s", r.stderr)
	}
	files, err := os.ReadDir("hands")
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "hand", "new", "--hand", "hands/gin-hand.txt", "--players", "gin-hunter,knocker", "--dealer", "knocker", "--me", "gin-hunter",
		"7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if r.code != 0 {
		t.Fatalf("gin hand new: %s", r.stderr)
	}
	o := opponentOf(t, run(t, "", append([]string{"advise", "--hand", "hands/gin-hand.txt", "--json"}, quick...)...))
	if o == nil || o.Name != "knocker" || o.Records != len(files) || o.Hands != len(files) || o.Skipped != 0 ||
		o.KnocksEarly == 0 || o.Waited != 0 || o.KnockRate < advice.KnocksEarly || o.KnockRateBy != "records" {
		t.Errorf("opponent %+v; want knocker learnt from all %d records, early knocks, none waited, a knock rate over %v", o, len(files), advice.KnocksEarly)
	}
}

// A player the records show playing both ways is advised against as one
// who plays as the advice does (advice.Position.Strong), unless
// --opponent-knocks says how they knock; the line says so.
func TestOpponentUseStrong(t *testing.T) {
	t.Parallel()
	both := &render.Opponent{Name: "Bob", Style: advice.Style{Hands: 2, Early: 1, Waited: 1, KnockRate: 0.8, Strong: true}}
	var p advice.Position
	useOpponent(both, &p, false, false)
	if !p.Strong || p.KnockRate != 0.8 {
		t.Errorf("seen both ways: strong %v, knock rate %v; want strong, 0.8", p.Strong, p.KnockRate)
	}
	if w := both.Words(); !strings.Contains(w, "plays both ways, so taken to knock by value as the advice does") {
		t.Errorf("the line %q does not say how a player of both ways is taken", w)
	}
	// Both ways in different games (the arena's mixed bot): one who
	// changes style between games, not a strong player.
	changes := &render.Opponent{Name: "Bob", Style: advice.Style{Hands: 2, Early: 1, Waited: 1, KnockRate: 0.6, Changes: true}}
	if w := changes.Words(); !strings.Contains(w, "plays both ways in different games, so taken to change style from game to game") {
		t.Errorf("the line %q does not say how a player who changes style between games is taken", w)
	}
	p = advice.Position{}
	useOpponent(both, &p, true, false)
	if p.Strong {
		t.Error("with --opponent-knocks: taken as strong, where the flag says how they knock")
	}
}
