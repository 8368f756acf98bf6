package advice_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// quick is the least effort that still lists every option.
var quick = advice.Settings{Model: advice.Uniform, Samples: 20, Playouts: 4, Seed: 1}

// dealt is a round of rules dealt from a deck shuffled by seed.
func dealt(t *testing.T, rules string, seed uint64) *table.Round {
	t.Helper()
	r, err := ginrummy.Preset(rules)
	if err != nil {
		t.Fatal(err)
	}
	deck := ginrummy.FullDeck.Cards()
	rand.New(rand.NewPCG(seed, 1)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	round, err := table.Deal(r, 0, deck)
	if err != nil {
		t.Fatal(err)
	}
	return round
}

// Once both players passed the first upcard, the non-dealer may only draw
// from the stock (the rules: the face-up card may not be taken), so the
// advice from the round's view lists the draw alone, no take.
func TestBothPassedAdvisesTheDrawOnly(t *testing.T) {
	t.Parallel()
	r := dealt(t, "classic", 5)
	for range 2 {
		if err := r.Apply(r.Turn(), table.Action{Act: table.Pass, Card: ginrummy.NoCard}); err != nil {
			t.Fatal(err)
		}
	}
	if !r.MustDraw() {
		t.Fatal("both passed, and the non-dealer need not draw")
	}
	s := quick
	s.Rules = r.Rules()
	a, err := advice.Advise(advice.PositionOf(r.View(r.Turn())), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Options) != 1 || !a.Options[0].Draw {
		t.Fatalf("advice after both passed: %d options, the first %+v; want the draw alone", len(a.Options), a.Options[0])
	}
}

// The advice's options are the moves the rules allow, whether it has the
// round's legal moves (PositionOf) or lists them from the position's cards
// (Position.Legal nil): at every decision of hands played by the play-out
// policy, the two lists are the same, every throw listed is a legal throw
// (a take's, a legal throw once the face-up card is taken), and a knock
// is valued exactly where the rules allow one.
func TestOptionsAreTheLegalMoves(t *testing.T) {
	t.Parallel()
	checked := 0
	for seed := range uint64(6) {
		rules := []string{"classic", "oklahoma", "modern"}[seed%3]
		r := dealt(t, rules, seed)
		var policy table.PlayOutPolicy
		for step := 0; !r.Ended() && step < 12; step++ {
			p := r.Turn()
			v := r.View(p)
			if !r.MustDraw() {
				checkOptions(t, r, v)
				checked++
			}
			var a table.Action
			switch {
			case r.Phase() == table.Offer && !policy.Take(v):
				a = table.Action{Act: table.Pass, Card: ginrummy.NoCard}
			case r.Phase() != table.Discarding && (r.MustDraw() || !policy.Take(v)):
				a = table.Action{Act: table.Draw, Card: ginrummy.NoCard}
			case r.Phase() != table.Discarding:
				a = table.Action{Act: table.Take, Card: ginrummy.NoCard}
			default:
				a = policy.Play(v).Action()
			}
			if err := r.Apply(p, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

func checkOptions(t *testing.T, r *table.Round, v table.View) {
	t.Helper()
	s := quick
	s.Rules = r.Rules()
	pos := advice.PositionOf(v)
	a, err := advice.Advise(pos, s)
	if err != nil {
		t.Fatal(err)
	}
	pos.Legal = nil
	b, err := advice.Advise(pos, s)
	if err != nil {
		t.Fatal(err)
	}
	key := func(o advice.Option) [4]int {
		return [4]int{bool2(o.Take), bool2(o.Draw), bool2(o.BigGin), int(o.Discard)}
	}
	keys := func(opts []advice.Option) [][4]int {
		var out [][4]int
		for _, o := range opts {
			out = append(out, key(o))
		}
		slices.SortFunc(out, func(x, y [4]int) int { return slices.Compare(x[:], y[:]) })
		return out
	}
	if ka, kb := keys(a.Options), keys(b.Options); !slices.Equal(ka, kb) {
		t.Fatalf("phase %v: the round's legal moves give the options %v, the position's cards %v", r.Phase(), ka, kb)
	}
	for _, o := range a.Options {
		legal := v.Legal()
		hand := v.Hand()
		if o.Draw {
			if !slices.ContainsFunc(legal, func(l table.Action) bool { return l.Act == table.Draw || l.Act == table.Pass }) {
				t.Fatalf("the option draw, with legal moves %v", legal)
			}
			continue
		}
		if o.Take {
			// The legal moves once the face-up card is taken.
			c := cloneTake(t, r)
			legal, hand = c.View(c.Turn()).Legal(), c.Hand(c.Turn())
		}
		act := table.Throw
		if o.BigGin {
			act = table.BigGin
		}
		if !slices.ContainsFunc(legal, func(l table.Action) bool { return l.Act == act && (o.BigGin || l.Card == o.Discard) }) {
			t.Fatalf("option %+v is not among the legal moves %v", o, legal)
		}
		knock := slices.ContainsFunc(legal, func(l table.Action) bool {
			return o.BigGin && l.Act == table.BigGin || l.Act == table.Knock && l.Card == o.Discard
		})
		if (o.Knock != nil) != knock {
			t.Fatalf("option %+v of %v: a knock valued %v, the rules allow one %v", o, hand, o.Knock != nil, knock)
		}
	}
}

// cloneTake is r's hand replayed from its deal, then the face-up card taken.
func cloneTake(t *testing.T, r *table.Round) *table.Round {
	t.Helper()
	c, err := table.Resume(r.Rules(), r.FirstUpcard(), [2]ginrummy.Hand{r.Hand(0), r.Hand(1)}, r.View(r.Turn()).Pile(), nil, r.Turn())
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Apply(c.Turn(), table.Action{Act: table.Take, Card: ginrummy.NoCard}); err != nil {
		t.Fatal(err)
	}
	return c
}

func bool2(b bool) int {
	if b {
		return 1
	}
	return 0
}
