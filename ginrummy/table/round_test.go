package table

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// clone is a copy of the round that moves apply to apart from it.
func clone(r *Round) *Round {
	c := *r
	c.pile, c.stock, c.moves, c.melds = slices.Clone(r.pile), slices.Clone(r.stock), slices.Clone(r.moves), slices.Clone(r.melds)
	return &c
}

func hand(t *testing.T, s string) ginrummy.Hand {
	t.Helper()
	h, err := ginrummy.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func card(t *testing.T, s string) ginrummy.Card {
	t.Helper()
	c, err := ginrummy.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The card laid face down at a knock is out of play: neither the defender
// nor the knocker, whose cards were not known, may show it.
func TestKnockedCardMayNotBeShown(t *testing.T) {
	t.Parallel()
	const ann, bob = 0, 1 // Ann deals; only her cards are known
	for _, tc := range []struct {
		name  string
		moves []Move
		shows string // Bob's cards, the face-down card among them
		right string // Bob's cards without it
	}{{
		// Ann knocks with 9♦ face down; Bob shows a run through it.
		name: "the defender",
		moves: []Move{
			{bob, Action{Act: Pass}}, {ann, Action{Act: Pass}},
			{bob, Action{Act: Draw, Card: ginrummy.NoCard}}, {bob, Action{Act: Throw, Card: card(t, "5c")}},
			{ann, Action{Act: Draw, Card: card(t, "5s")}}, {ann, Action{Act: Knock, Card: card(t, "9d")}},
		},
		shows: "2d 3d 4d 5d 6d 7d 8d 9d Td Jd",
		right: "2d 3d 4d 5d 6d 7d 8d Td Jd Qd",
	}, {
		// Bob knocks with J♦ face down, then shows it in a set: gin.
		name: "the knocker",
		moves: []Move{
			{bob, Action{Act: Pass}}, {ann, Action{Act: Pass}},
			{bob, Action{Act: Draw, Card: ginrummy.NoCard}}, {bob, Action{Act: Knock, Card: card(t, "Jd")}},
		},
		shows: "2d 3d 4d 5d 6d 7d 8d Jd Jc Js",
		right: "2d 3d 4d 5d 6d 7d 8d Jh Jc Js",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Start(preset(t, "classic"), ann, [2]ginrummy.Hand{hand(t, "2c 3c 4c Kc 9d Kd 7h 8h 9h Ks"), 0}, card(t, "Qh"))
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range tc.moves {
				if err := r.Apply(m.Player, m.Action); err != nil {
					t.Fatalf("%v: %v", m, err)
				}
			}
			down := tc.moves[len(tc.moves)-1].Card
			err = r.Show(bob, hand(t, tc.shows))
			var ie *IllegalError
			want := "showing " + down.String() + ", which is the card laid face down at the knock"
			if !errors.As(err, &ie) || ie.Player != bob || !strings.Contains(ie.Move, want) {
				t.Fatalf("Bob shows %s: got %v, want an IllegalError %q", tc.shows, err, want)
			}
			if r.Known(bob) || r.Scored() {
				t.Fatalf("a refused show changed the round: Bob known %v, scored %v", r.Known(bob), r.Scored())
			}
			if err := r.Show(bob, hand(t, tc.right)); err != nil || !r.Scored() {
				t.Fatalf("Bob shows %s: %v, scored %v", tc.right, err, r.Scored())
			}
		})
	}
}

// A knock with the one card of a player's eleven that is not known lays
// down ten cards that are: the knock is checked then, and refused over the
// knock limit with nothing changed.
func TestKnockWithTheOneCardNotKnown(t *testing.T) {
	t.Parallel()
	const ann, bob = 0, 1 // Ann deals; only her cards are known
	r, err := Start(preset(t, "classic"), ann, [2]ginrummy.Hand{hand(t, "2c 3c 4c Kc 9d Kd 7h 8h 9h Ks"), 0}, card(t, "Qh"))
	if err != nil {
		t.Fatal(err)
	}
	// Bob takes every face-up card, throwing one of the ten he was dealt,
	// which nobody knew; Ann draws each card she throws. Bob's ten are then
	// all known: Qh Jc 9s 7d 5h 3s Tc 6d 4h 2s, no meld, 66 deadwood.
	took, threw := cards(t, "Qh Jc 9s 7d 5h 3s Tc 6d 4h 2s"), cards(t, "Ac Ah As 2d 3d 4d 5d 8d 8c 8s")
	moves := []Move{{bob, Action{Act: Take, Card: took[0]}}, {bob, Action{Act: Throw, Card: threw[0]}}}
	for i := 1; i < len(took); i++ {
		moves = append(moves, Move{ann, Action{Act: Draw, Card: took[i]}}, Move{ann, Action{Act: Throw, Card: took[i]}},
			Move{bob, Action{Act: Take, Card: took[i]}}, Move{bob, Action{Act: Throw, Card: threw[i]}})
	}
	moves = append(moves, Move{ann, Action{Act: Draw, Card: card(t, "Kh")}}, Move{ann, Action{Act: Throw, Card: card(t, "Kh")}},
		Move{bob, Action{Act: Draw, Card: ginrummy.NoCard}})
	for _, m := range moves {
		if err := r.Apply(m.Player, m.Action); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
	if r.Known(bob) || r.Hand(bob) != hand(t, "Qh Jc 9s 7d 5h 3s Tc 6d 4h 2s") {
		t.Fatalf("Bob's known cards: %v", r.Hand(bob))
	}
	before := clone(r)
	err = r.Knock(bob, card(t, "Jh"), nil)
	var ie *IllegalError
	if want := "knocking with 66, over the knock limit of 10"; !errors.As(err, &ie) || ie.Player != bob || ie.Move != want {
		t.Fatalf("Bob knocks with Jh: got %v, want an IllegalError %q", err, want)
	}
	if !reflect.DeepEqual(r, before) {
		t.Fatal("the refused knock changed the round")
	}
	// A knock with one of the ten known cards keeps the card not known: it
	// is checked when Bob shows his cards.
	for _, a := range r.Legal() {
		if a.Act == Knock && !r.Hand(bob).Has(a.Card) {
			t.Errorf("Legal lists a knock with %v, which leaves the ten known cards", a.Card)
		}
	}
}
