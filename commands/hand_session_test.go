package commands

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/sheets/handfile"
)

// The example of HANDS.md, a complete record, to Ann's last turn: the
// README's hand but its last line.
var beforeGin = strings.TrimSuffix(readmeHand, "Ann draw 5c knock Qh\n")

// A move at the prompt opens the record once: one change of its file
// (handfile.Change, which parses it once and replays it once:
// TestARecordIsParsedAndReplayedOnce), and the prompt asks whether the
// hand is due to be scored of the session that move left, not of the
// file read again.
//
// It runs alone, not in parallel: it sets $GIN_HAND (t.Setenv), which the
// process shares.
func TestAMoveOpensTheRecordOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gin-hand.txt")
	if err := os.WriteFile(path, []byte(beforeGin), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIN_HAND", path)
	var opens, changes, undos int
	real := sheetsFiles()
	files := recordFiles{
		open: func(p string) (*record.Session, error) { opens++; return real.open(p) },
		change: func(p string, f func(*record.Session) ([]byte, bool, error)) error {
			changes++
			return real.change(p, f)
		},
		undo: func(p string) (*record.Session, []record.Move, error) { undos++; return real.undo(p) },
	}
	app := testApp()
	var out bytes.Buffer
	app.Writer, app.ErrWriter = &out, &out
	set := flag.NewFlagSet("hand", flag.ContinueOnError)
	set.Bool("plain", true, "")
	set.String("color", "never", "")
	c := cli.NewContext(app.App, set, nil)

	sess, err := handLineIn(c, files, []string{"draw", "5c", "knock", "Qh"}, lineMode{whole: true, advise: true})
	if err != nil {
		t.Fatal(err)
	}
	digest, _, me, due := scoreDue(sess, path)
	if opens != 0 || changes != 1 || undos != 0 {
		t.Errorf("a move and the question after it: %d opens, %d changes, %d undos of the record; want the one change", opens, changes, undos)
	}
	// Ann's gin with the 5♣: the hand is over and scored, as the record
	// read afresh says.
	again, err := handfile.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !due || me != "Ann" || digest != record.Digest(again.Record) || !again.Round().Scored() {
		t.Errorf("score due %v for %q, digest %s; want it due for Ann, digest %s of the record as written", due, me, digest, record.Digest(again.Record))
	}
	if !strings.Contains(out.String(), "Ann went gin: Ann scores") {
		t.Errorf("the move printed\n%s\nwant Ann's gin", out.String())
	}
}

// A player whose cards the record knows shows none after the end: the
// move is refused and nothing is written (it was written, and every
// command after refused the record at that line).
func TestShowingKnownCardsIsRefused(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("gin-hand.txt", []byte("players Ann Bob\ndealer Bob\nrules classic\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\nBob pass\nAnn draw Tc throw Tc\nBob draw throw Qh\nAnn take Qh throw 9d\nBob draw throw Qs\nAnn draw 5c knock Qh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := mustRead(t, "gin-hand.txt")
	r := run(t, "", "hand", "--plain", "Ann", "shows", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "5c")
	if r.code != 2 || !strings.Contains(r.stderr, "Ann: showing cards the record already knows") {
		t.Errorf("Ann shows her known cards: exit %d %q, want it refused", r.code, r.stderr)
	}
	if after := mustRead(t, "gin-hand.txt"); string(after) != string(before) {
		t.Errorf("the refused move changed the record:\n%s", after)
	}
	if r := run(t, "", "hand", "show", "--plain"); r.code != 0 || !strings.Contains(r.stdout, "give the ten cards Bob shows") {
		t.Errorf("gin hand show after: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
}
