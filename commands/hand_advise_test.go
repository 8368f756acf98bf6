package commands

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// gin advise --hand gives exactly what the flags of the same position give,
// on positions drawn from played hands: the record written as the player to
// move would have kept it, and the flags as a player would type them from
// what they saw.
func TestAdviseHandEqualsTheFlags(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	presets := []string{"classic", "modern", "oklahoma"}
	positions := 12
	if testing.Short() {
		positions = 4
	}
	compared, offers := 0, 0
	for i := range positions {
		rules, err := ginrummy.Preset(presets[i%len(presets)])
		if err != nil {
			t.Fatal(err)
		}
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		players := [2]table.Player{bots.Simple{}, bots.GinHunter{}}
		_, moves, err := table.PlayDealtMoves(rules, players, i%2, deck)
		if err != nil {
			t.Fatal(err)
		}
		full, err := table.Deal(rules, i%2, deck)
		if err != nil {
			t.Fatal(err)
		}
		// A point where a decision is due: replay up to a random move.
		var n int
		var seat int
		for try := 0; ; try++ {
			n = rng.IntN(len(moves))
			switch {
			case try == 0 && i%4 == 0:
				n = 0 // the non-dealer's first offer
			case try == 0 && i%4 == 1 && moves[0].Act == table.Pass:
				n = 1 // the dealer's, the non-dealer having passed
			}
			seat = moves[n].Player
			// Not the draw after both passed: a choice (a pass is one).
			m := moves[n]
			forced := n > 0 && moves[n-1].Act == table.Pass && m.Act == table.Draw && moves[n-1].Player != m.Player
			if !forced {
				break
			}
		}
		rec := &record.Record{Players: [2]string{"Ann", "Bob"}, Dealer: i % 2, Rules: rules.Name, Upcard: full.FirstUpcard()}
		rec.Deals[seat] = full.Hand(seat)
		for _, m := range moves[:n] {
			if m.Player != seat && m.Act == table.Draw {
				m.Card = ginrummy.NoCard
			}
			rec.Moves = append(rec.Moves, record.Move{Move: m})
		}
		round, err := rec.Replay(rules, -1)
		if err != nil {
			t.Fatal(err)
		}
		if round.Turn() != seat || round.MustDraw() {
			continue // the draw after both passed: no decision
		}
		path := filepath.Join(dir, "hand"+strconv.Itoa(i)+".txt")
		if err := os.WriteFile(path, record.Format(rec), 0o644); err != nil {
			t.Fatal(err)
		}
		// The two JSONs are equal at any effort: the least that advises.
		effort := []string{"--json", "--seed", "7", "--samples", "20", "--playouts", "5"}
		if i%3 == 2 {
			// What the player has seen of the opponent's style counts
			// with --hand as with the flags.
			effort = append(effort, "--opponent-knocks", "waits", "--opponent-takes", "any")
		}
		fromRecord := run(t, "", append([]string{"advise", "--hand", path}, effort...)...)
		// The flags as the player would give them, from what the table
		// showed them: their cards, the pile under the face-up card (all
		// of it after the draw), and what the opponent took, threw and
		// passed.
		truth, err := table.Deal(rules, i%2, deck)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves[:n] {
			if err := truth.Apply(m.Player, m.Action); err != nil {
				t.Fatal(err)
			}
		}
		v := truth.View(seat)
		args := append([]string{"advise"}, fields(v.Hand().String())...)
		list := func(flag string, h ginrummy.Hand) {
			if h != 0 {
				args = append(args, "--"+flag, h.String())
			}
		}
		pile := v.Pile()
		if v.Hand().Len() == 10 {
			args = append(args, "--upcard", v.Upcard().String())
			pile = pile[:len(pile)-1]
		}
		list("discards", ginrummy.NewHand(pile...))
		list("took", v.OpponentTook())
		list("threw", v.OpponentThrew())
		list("passed", v.OpponentPassed())
		if v.FirstOffer() {
			offers++
			which := "first"
			if v.Dealt() {
				which = "second"
			}
			args = append(args, "--offer", which)
		}
		if v.Taken() != ginrummy.NoCard {
			args = append(args, "--from-pile", v.Taken().String())
		}
		if rules.UsesUpcard() {
			args = append(args, "--first-upcard", rec.Upcard.String())
		}
		args = append(args, "--stock", strconv.Itoa(v.Stock()), "--rules", rules.Name)
		compared++
		fromFlags := run(t, "", append(args, effort...)...)
		if fromRecord.code != 0 || fromFlags.code != 0 || fromRecord.stdout != fromFlags.stdout {
			t.Fatalf("position %d: gin advise --hand\n%s\n%s%s\ngin %q\n%s%s", i, record.Format(rec), fromRecord.stdout, fromRecord.stderr, args, fromFlags.stdout, fromFlags.stderr)
		}
	}
	if offers < 2 {
		t.Errorf("only %d positions at the first upcard offer", offers)
	}
	if compared < positions/2 {
		t.Errorf("only %d of %d positions compared", compared, positions)
	}
}
