package record_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

var long = flag.Bool("long", false, "check the views of a thousand played hands")

func preset(t testing.TB, name string) ginrummy.Rules {
	t.Helper()
	r, err := ginrummy.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The example of HANDS.md, a complete record.
var example = "# Ann v Bob, third hand of the evening\n" + handsExample()

func TestExample(t *testing.T) {
	rec, err := record.Parse([]byte(example))
	if err != nil {
		t.Fatal(err)
	}
	round, err := rec.Replay(preset(t, "classic"), -1)
	if err != nil {
		t.Fatal(err)
	}
	if !round.Scored() {
		t.Fatal("the example's hand is not over and scored")
	}
	h := round.Result()
	// Ann lays down 7h 8h 9h, Ks Kd Kc, 2c 3c 4c 5c: gin. Bob holds
	// 2d 3d 4d 4h 5h 6h Js Jd 8c Ac after throwing Qs: melds 2d 3d 4d and
	// 4h 5h 6h leave Js Jd 8c Ac = 10+10+8+1 = 29. Classic gin: 20 + 29.
	if h.Ending != ginrummy.WentGin || h.Knocker != 0 || h.Score.Points != 49 {
		t.Errorf("ending %v by %d for %d points, want gin by Ann (0) for 20 + 29 = 49", h.Ending, h.Knocker, h.Score.Points)
	}
	// Writers write each hand's cards in one order: by suit, clubs first.
	want := strings.NewReplacer(
		"deal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "deal Ann 2c 3c 4c Kc 9d Kd 7h 8h 9h Ks",
		"deal Bob 2d 3d 4d 5h 6h Qs Js Jd 8c Ac", "deal Bob Ac 8c 2d 3d 4d Jd 5h 6h Js Qs").Replace(example)
	if got := record.Format(rec); !bytes.Equal(got, []byte(want)) {
		t.Errorf("the example written again:\n%s\nwant:\n%s", got, want)
	}
}

// views is every question View answers, for comparing two views.
type views struct {
	Hand, Dead, Took, Threw, Passed ginrummy.Hand
	Upcard, Taken, First            ginrummy.Card
	Pile                            []ginrummy.Card
	Stock, Limit                    int
}

func viewOf(v table.View) views {
	return views{v.Hand(), v.Dead(), v.OpponentTook(), v.OpponentThrew(), v.OpponentPassed(),
		v.Upcard(), v.Taken(), v.FirstUpcard(), v.Pile(), v.Stock(), v.KnockLimit()}
}

// TestViewsOfPlayedHands plays a thousand hands between the bots, writes
// each as a complete record and as each player's own record, reads them
// back, and checks at every move that the record's round shows each player
// what the table showed them.
func TestViewsOfPlayedHands(t *testing.T) {
	names := []string{"simple", "knocker", "gin-hunter"}
	presets := []string{"classic", "modern", "oklahoma", "hollywood"}
	rng := rand.New(rand.NewPCG(11, 12))
	hands := 250 // a thousand with -long
	switch {
	case *long:
		hands = 1000
	case testing.Short():
		hands = 100
	}
	for i := range hands {
		rules := preset(t, presets[i%len(presets)])
		var players [2]table.Player
		for p := range players {
			pl, err := bots.New(names[rng.IntN(len(names))], bots.AdviseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			players[p] = pl
		}
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		dealer := i % 2
		h, moves, err := table.PlayDealtMoves(rules, players, dealer, deck)
		if err != nil {
			t.Fatalf("hand %d: %v", i, err)
		}
		full, err := table.Deal(rules, dealer, deck)
		if err != nil {
			t.Fatal(err)
		}
		rec := &record.Record{Players: [2]string{"Ann", "Bob"}, Dealer: dealer, Rules: rules.Name, Upcard: full.FirstUpcard()}
		rec.Deals = [2]ginrummy.Hand{full.Hand(0), full.Hand(1)}
		for _, m := range moves {
			rec.Moves = append(rec.Moves, record.Move{Move: m})
		}
		checkRecord(t, i, rec, rules, deck, moves, h, -1)
		for seat := range 2 {
			own := viewerRecord(rec, seat, h)
			checkRecord(t, i, own, rules, deck, moves, h, seat)
		}
	}
}

// viewerRecord is the record as player seat wrote it: the other's deal and
// draws unknown, their cards shown at the end.
func viewerRecord(full *record.Record, seat int, h table.Played) *record.Record {
	own := *full
	own.Deals[1-seat] = 0
	own.Moves = nil
	for _, m := range full.Moves {
		if m.Player != seat && m.Act == table.Draw {
			m.Card = ginrummy.NoCard
		}
		own.Moves = append(own.Moves, m)
	}
	if h.Ending != ginrummy.Drawn {
		other := h.Defender
		if h.Knocker != seat {
			other = h.Knocked
		}
		own.Moves = append(own.Moves, record.Move{Move: table.Move{Player: 1 - seat, Action: table.Action{Act: table.Show, Card: ginrummy.NoCard, Cards: other}}})
	}
	return &own
}

// checkRecord writes rec, reads it back, and replays it move by move beside
// the table's own round of the deck, comparing the views of seat (both
// seats when seat < 0), and at the end the result.
func checkRecord(t *testing.T, i int, rec *record.Record, rules ginrummy.Rules, deck []ginrummy.Card, moves []table.Move, h table.Played, seat int) {
	t.Helper()
	text := record.Format(rec)
	back, err := record.Parse(text)
	if err != nil {
		t.Fatalf("hand %d, seat %d: reading back %v\n%s", i, seat, err, text)
	}
	if !bytes.Equal(record.Format(back), text) {
		t.Fatalf("hand %d, seat %d: written, read and written again, the record changed:\n%s\n%s", i, seat, text, record.Format(back))
	}
	truth, err := table.Deal(rules, rec.Dealer, deck)
	if err != nil {
		t.Fatal(err)
	}
	seats := []int{0, 1}
	if seat >= 0 {
		seats = []int{seat}
	}
	for n := 0; n <= len(moves); n++ {
		if n > 0 {
			if err := truth.Apply(moves[n-1].Player, moves[n-1].Action); err != nil {
				t.Fatalf("hand %d: the table refuses its own move %d: %v", i, n, err)
			}
		}
		r, err := back.Replay(rules, n)
		if err != nil {
			t.Fatalf("hand %d, seat %d: replaying %d moves: %v\n%s", i, seat, n, err, text)
		}
		for _, s := range seats {
			if got, want := viewOf(r.View(s)), viewOf(truth.View(s)); !reflect.DeepEqual(got, want) {
				t.Fatalf("hand %d, seat %d, after %d moves: the record shows\n%+v\nthe table showed\n%+v\n%s", i, s, n, got, want, text)
			}
		}
	}
	r, err := back.Replay(rules, -1)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Result(); got.Ending != h.Ending || got.Knocker != h.Knocker || !reflect.DeepEqual(got.Score, h.Score) || got.Turns != h.Turns {
		t.Fatalf("hand %d, seat %d: the record ends %v by %d for %+v after %d turns; the table's hand %v by %d for %+v after %d\n%s",
			i, seat, got.Ending, got.Knocker, got.Score, got.Turns, h.Ending, h.Knocker, h.Score, h.Turns, text)
	}
}

// A record that breaks a rule of play is refused with its line.
func TestIllegalRecords(t *testing.T) {
	head := "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"
	// Bob takes every face-up card, throwing the cards he was dealt, until
	// all ten he holds are known: 5s Jc 9s 7d 3h Tc 6d 4h 2s Qh, no meld,
	// 66 deadwood. Then he draws and knocks with the card drawn (line 26).
	tookAll := head + "Ann pass\nBob take 5s throw Ac\n"
	for i, c := range strings.Fields("Jc 9s 7d 3h Tc 6d 4h 2s Qh") {
		tookAll += fmt.Sprintf("Ann draw %s throw %s\nBob take %s throw %s\n", c, c, c, strings.Fields("Ah As 2d 3d 4d 5d 8d 8c 8s")[i])
	}
	tookAll += "Ann draw Kh throw Kh\nBob draw knock Jh\n"
	for _, tc := range []struct {
		name, text string
		line       int
		want       string
		is         error
	}{
		{"no players", "dealer Bob\n", 1, "before the players line", record.ErrHeader},
		{"no upcard", "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nAnn pass\n", 4, "no upcard", record.ErrHeader},
		{"no deal", "players Ann Bob\ndealer Bob\nupcard 5s\n", 0, "no deal", record.ErrHeader},
		{"dealer twice", "players Ann Bob\ndealer Bob\ndealer Ann\n", 3, "given again (first on line 2)", record.ErrHeader},
		{"header after a move", head + "Ann pass\nrules modern\n", 6, "after the first move", record.ErrHeader},
		{"a stranger", head + "Cat pass\n", 5, `"Cat" is not one of the players`, record.ErrSyntax},
		{"nine cards dealt", "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c\n", 3, "9 cards, not 10", record.ErrSyntax},
		{"a bad card", head + "Ann take 1h\n", 5, `unknown rank "1"`, nil},
		{"an unknown action", head + "Ann fold\n", 5, `"fold" is not an action`, record.ErrSyntax},
		{"a throw without its card", head + "Ann pass\nBob pass\nAnn draw Tc throw\n", 7, "throw takes the card thrown", record.ErrSyntax},
		{"the upcard dealt", "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 5s\nupcard 5s\n", 4, "Ann: dealt 5s, the upcard", record.ErrIllegal},
		{"the upcard dealt after it", "players Ann Bob\ndealer Bob\nupcard 5s\ndeal Bob 7h 8h 9h Ks Kd Kc 2c 3c 4c 5s\n", 4, "Bob: dealt 5s, the upcard", record.ErrIllegal},
		{"a card in two deals", head + "deal Bob 7h 3d 4d 5h 6h Qs Js Jd 8c Ac\n", 5, "Bob: dealt 7h, which Ann was dealt", record.ErrIllegal},
		{"a card in two deals, Bob's first", "players Ann Bob\ndealer Bob\ndeal Bob 7h 3d 4d 5h 6h Qs Js Jd 8c Ac\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n", 4, "Ann: dealt 7h, which Bob was dealt", record.ErrIllegal},
		{"out of turn", head + "Bob pass\n", 5, "out of turn", record.ErrIllegal},
		{"a pass after the first offer", head + "Ann pass\nBob pass\nAnn draw Tc throw Tc\nBob pass\n", 8, "passing after the first upcard offer", record.ErrIllegal},
		{"a draw at the first offer", head + "Ann draw Tc\n", 5, "at the first upcard offer", record.ErrIllegal},
		{"taking what both passed", head + "Ann pass\nBob pass\nAnn take\n", 7, "both players passed", record.ErrIllegal},
		{"a take that is not the upcard", head + "Ann take 6s\n", 5, "taking 6s, but the face-up card is 5s", record.ErrIllegal},
		{"throwing a card not held", head + "Ann pass\nBob pass\nAnn draw Tc throw Jc\n", 7, "throwing Jc, which is not in the hand", record.ErrIllegal},
		{"throwing back the card taken", head + "Ann take 5s throw 5s\n", 5, "the card just taken", record.ErrIllegal},
		{"drawing a card seen", head + "Ann pass\nBob pass\nAnn draw 5s\n", 7, "drawing 5s, which is the face-up card", record.ErrIllegal},
		{"drawing without the card", head + "Ann pass\nBob pass\nAnn draw throw 9d\n", 7, "without naming the card", record.ErrIllegal},
		{"a knock over the limit", head + "Ann pass\nBob pass\nAnn draw Tc knock 2c\n", 7, "knocking with 26, over the knock limit of 10", record.ErrIllegal},
		{"melds that are not melds", head + "Ann pass\nBob pass\nAnn draw 5h knock 9d melds 7h 8h 9h / Ks Kd 2c / Kc 3c 4c\n", 7, "not a meld", record.ErrIllegal},
		{"a move after the end", head + "Ann pass\nBob pass\nAnn draw 5c knock 9d\nBob draw\n", 8, "after the hand has ended", record.ErrIllegal},
		{"a throw by the opponent of Ann's card", head + "Ann pass\nBob pass\nAnn draw Tc throw Tc\nBob draw throw 7h\n", 8, "throwing 7h, which is in Ann's hand", record.ErrIllegal},
		{"showing a card Ann holds", head + "Ann pass\nBob pass\nAnn draw 5c knock 9d\nBob shows 7h 3d 4d 5h 6h Qs Js Jd 8c Ac\n", 8, "Bob: showing 7h, which is in Ann's hand", record.ErrIllegal},
		{"showing the card Ann knocked with", head + "Ann pass\nBob pass\nAnn draw 5c knock 9d\nBob shows 2d 3d 4d 5d 6d 7d 8d 9d Td Jd\n", 8, "Bob: showing 9d, which is the card laid face down at the knock", record.ErrIllegal},
		{"showing the card Bob knocked with", head + "Ann pass\nBob pass\nAnn draw Tc throw Tc\nBob draw knock Jd\nBob shows 2d 3d 4d 5d 6d 7d 8d Jd Jc Js\n", 9, "Bob: showing Jd, which is the card laid face down at the knock", record.ErrIllegal},
		{"a knock with the one card not known", tookAll, 26, "Bob: knocking with 66, over the knock limit of 10", record.ErrIllegal},
		{"showing nine cards", head + "Ann pass\nBob pass\nAnn draw 5c knock 9d\nBob shows 3d 4d 5h 6h Qs Js Jd 8c Ac\n", 8, "showing 9 cards", record.ErrIllegal},
		{"a control character", head + "Ann pass\x1b[2J\n", 5, "control character", record.ErrSyntax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := replay(t, tc.text)
			var re *record.Error
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a *record.Error", err)
			}
			if re.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got line %d %q, want line %d and %q", re.Line, err, tc.line, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("%v is not %v", err, tc.is)
			}
		})
	}
}

func replay(t *testing.T, text string) error {
	rec, err := record.Parse([]byte(text))
	if err != nil {
		return err
	}
	_, err = rec.Replay(preset(t, "classic"), -1)
	return err
}

// A partial record is valid: it ends where play has reached.
func TestPartialRecord(t *testing.T) {
	text := "players Ann \"Mary Jo\"\ndealer \"Mary Jo\"\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\n\"mary jo\" take 5s throw Qd # she took it\nAnn draw 6h\n"
	rec, err := record.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rec.Replay(preset(t, "classic"), -1)
	if err != nil {
		t.Fatal(err)
	}
	v := r.View(0)
	if r.Phase() != table.Discarding || r.Turn() != 0 || v.Hand().Len() != 11 || v.OpponentTook() != ginrummy.NewHand(ginrummy.NewCard(ginrummy.Five, ginrummy.Spades)) || v.Stock() != 30 {
		t.Errorf("phase %v turn %d, hand %v, took %v, stock %d; want Ann to throw from eleven cards, Mary Jo holding 5s, 30 in the stock", r.Phase(), r.Turn(), v.Hand(), v.OpponentTook(), v.Stock())
	}
	if want := "players Ann \"Mary Jo\"\ndealer \"Mary Jo\"\n"; !strings.HasPrefix(string(record.Format(rec)), want) {
		t.Errorf("a name with a space is written %q, want it quoted", record.Format(rec))
	}
}

// A record saved with a byte-order mark (as some Windows editors write
// UTF-8) and Windows line ends reads as any other.
func TestByteOrderMarkAndCRLF(t *testing.T) {
	text := "\xef\xbb\xbfplayers Ann Bob\r\ndealer Bob\r\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\r\nupcard 5s\r\nAnn pass\r\n"
	if err := replay(t, text); err != nil {
		t.Fatal(err)
	}
}

// Under Oklahoma an ace upcard allows gin only, and a knock says so.
func TestAceUpcardAllowsGinOnly(t *testing.T) {
	rec, err := record.Parse([]byte("players Ann Bob\ndealer Bob\nrules oklahoma\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard As\nAnn pass\nBob pass\nAnn draw 5h knock 5h\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = rec.Replay(preset(t, "oklahoma"), -1)
	if err == nil || !strings.Contains(err.Error(), "knocking with 9, where only gin may be laid down (the first upcard was an ace)") {
		t.Errorf("got %v", err)
	}
}

// A score sheet given where a hand record goes (YAML: "players:") is said
// to be YAML at its first statement, not taken for a record whose header
// lacks everything.
func TestScoreSheetIsNoRecord(t *testing.T) {
	sheet := "# gin score sheet\n# a comment\n\nplayers:\n  - Ann\n  - Bob\ndealer: Ann\n"
	_, err := record.Parse([]byte(sheet))
	var e *record.Error
	if !errors.As(err, &e) || e.Line != 4 || !strings.Contains(err.Error(), `"players:" reads as YAML`) {
		t.Errorf("a score sheet parsed as a record: %v; want line 4 said to read as YAML", err)
	}
	// A colon later in a record is another matter: the record's own errors.
	if _, err := record.Parse([]byte(handsExample() + "Ann: pass\n")); err == nil || strings.Contains(err.Error(), "YAML") {
		t.Errorf("a stray colon after the header: %v; want the record's own error", err)
	}
}
