package advice_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

var long = flag.Bool("long", false, "play out five thousand positions both ways")

// policy is the play-outs' policy (table.PlayOutPolicy) at the table,
// whose first choice, with draw, is a draw whatever the face-up card (the
// option "draw").
type policy struct {
	table.PlayOutPolicy
	draw bool
}

func (p *policy) Take(v table.View) bool {
	if p.draw {
		p.draw = false
		return false
	}
	return p.PlayOutPolicy.Take(v)
}

// The play-outs are a fast path of the table's rules of play: played out
// by the table's Round with the same policy, every position and stock order
// ends with the same points.
func TestPlayOutsKeepTheTablesRules(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	trials := 1000 // 5,000 with -long
	switch {
	case *long:
		trials = 5000
	case testing.Short():
		trials = 300
	}
	names := []string{"classic", "modern", "oklahoma", "hollywood", "scorepad"}
	for i := range trials {
		rules, err := ginrummy.Preset(names[i%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		dead := 1 + rng.IntN(12) // cards under the face-up card
		stockLen := 3 + rng.IntN(31-dead-1)
		p := advice.Position{Upcard: ginrummy.NoCard, Stock: stockLen, FirstUpcard: deck[0]}
		pile := deck[:dead]
		opp := ginrummy.NewHand(deck[dead : dead+10]...)
		rest := deck[dead+10:]
		var o advice.Option
		var kept ginrummy.Hand
		turn := 1
		switch i % 5 {
		case 0: // eleven cards: throw one
			p.Hand = ginrummy.NewHand(rest[:11]...)
			o = advice.Option{Discard: rest[rng.IntN(11)]}
			kept = p.Hand.Without(o.Discard)
			pile = append(pile[:dead:dead], o.Discard)
			rest = rest[11:]
		case 1: // ten cards and the face-up card: take it, throw one
			p.Hand, p.Upcard = ginrummy.NewHand(rest[:10]...), pile[dead-1]
			o = advice.Option{Take: true, Discard: rest[rng.IntN(10)]}
			kept = p.Hand.Without(o.Discard).With(p.Upcard)
			pile = append(pile[:dead-1:dead-1], o.Discard)
			rest = rest[10:]
		case 2: // ten cards and the face-up card: draw
			p.Hand, p.Upcard = ginrummy.NewHand(rest[:10]...), pile[dead-1]
			o = advice.Option{Draw: true, Discard: ginrummy.NoCard}
			kept, turn = p.Hand, 0
			rest = rest[10:]
		default: // the deal's first upcard, passed: by the non-dealer, or by the dealer after the non-dealer
			mine, theirs, stock := deck[11:21], deck[1:11], deck[21:]
			p := advice.Position{Hand: ginrummy.NewHand(mine...), Upcard: deck[0], Offer: advice.FirstOffer, Stock: 31, FirstUpcard: deck[0], FromPile: ginrummy.NoCard}
			dealer := 1
			if i%5 == 4 {
				p.Offer, dealer = advice.DealerOffer, 0
			}
			o := advice.Option{Draw: true, Discard: ginrummy.NoCard}
			fast, err := advice.PlayOut(p, advice.Settings{Rules: rules}, o, ginrummy.NewHand(theirs...), stock)
			if err != nil {
				t.Fatal(err)
			}
			// The deal as the table deals it: the non-dealer's card first.
			hands := [2][]ginrummy.Card{mine, theirs}
			var d []ginrummy.Card
			for k := range 10 {
				d = append(d, hands[1-dealer][k], hands[dealer][k])
			}
			d = append(append(d, deck[0]), stock...)
			r, err := table.Deal(rules, dealer, d)
			if err != nil {
				t.Fatal(err)
			}
			// The player passes; at the dealer's offer, the non-dealer passed first.
			players := [2]table.Player{&policy{draw: true}, &policy{draw: dealer == 0}}
			h, err := r.Finish(players)
			if err != nil {
				t.Fatalf("trial %d: %v", i, err)
			}
			if want := pointsFor(h); fast != want {
				t.Fatalf("trial %d (%s, offer %d): the play-out scores %v, the table %v (%v by %d after %d turns)", i, rules.Name, p.Offer, fast, want, h.Ending, h.Knocker, h.Turns)
			}
			continue
		}
		stock := rest[:min(stockLen, len(rest))]
		fast, err := advice.PlayOut(p, advice.Settings{Rules: rules}, o, opp, stock)
		if err != nil {
			t.Fatal(err)
		}
		r, err := table.Resume(rules, p.FirstUpcard, [2]ginrummy.Hand{kept, opp}, pile, stock, turn)
		if err != nil {
			t.Fatal(err)
		}
		h, err := r.Finish([2]table.Player{&policy{draw: o.Draw}, &policy{}})
		if err != nil {
			t.Fatalf("trial %d: the table refused the policy's move: %v", i, err)
		}
		if want := pointsFor(h); fast != want {
			t.Fatalf("trial %d (%s, %+v): the play-out scores %v, the table %v (%v by %d after %d turns)", i, rules.Name, o, fast, pointsFor(h), h.Ending, h.Knocker, h.Turns)
		}
	}
}

// pointsFor is what a hand the table played scored for player 0.
func pointsFor(h table.Played) float64 {
	if h.Ending == ginrummy.Drawn {
		return 0
	}
	scorer := h.Knocker
	if h.Score.Scorer == ginrummy.Defender {
		scorer = 1 - h.Knocker
	}
	if scorer == 1 {
		return -float64(h.Score.Points)
	}
	return float64(h.Score.Points)
}
