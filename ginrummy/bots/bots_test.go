package bots_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/bots"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

func cards(t *testing.T, s string) []ginrummy.Card {
	t.Helper()
	c, err := ginrummy.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// deal lays out a deck for dealer 0: the non-dealer (player 1) gets the even
// cards of the first twenty, the dealer the odd ones, then the upcard, the
// stock, and the rest of the deck.
func deal(t *testing.T, dealer, other, rest string) []ginrummy.Card {
	t.Helper()
	d, o := cards(t, dealer), cards(t, other)
	var out []ginrummy.Card
	for i := range 10 {
		out = append(out, o[i], d[i])
	}
	out = append(out, cards(t, rest)...)
	seen := ginrummy.NewHand(out...)
	for c := range ginrummy.FullDeck.All() {
		if !seen.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

// spy records what a player did, passing the decisions on.
type spy struct {
	p     table.Player
	took  []bool
	plays []table.Play
	hands []ginrummy.Hand
}

func (s *spy) Take(v table.View) bool {
	t := s.p.Take(v)
	s.took = append(s.took, t)
	return t
}

func (s *spy) Play(v table.View) table.Play {
	p := s.p.Play(v)
	s.plays = append(s.plays, p)
	s.hands = append(s.hands, v.Hand())
	return p
}

// The simple bot, as docs/arena.md ("The bots") describes it: it takes the
// face-up card only when it makes a new meld, throws its unmelded card of
// highest value (not the card just taken), and knocks as soon as it can.
func TestSimple(t *testing.T) {
	classic, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	// The non-dealer holds 7♥ 8♥ and is offered 9♥: it takes it (a run),
	// and throws K♠, its highest unmelded card, rather than 9♥.
	other := &spy{p: bots.Simple{}}
	d := deal(t, "2c 4c 6c 8c Tc 2d 4d 6d 8d Td", "7h 8h 5s 3s Ks 2h 4h Jc Qd As", "9h 3c 5c 7c 9c Jd Qc Kc")
	if _, err := table.PlayDealt(classic, [2]table.Player{&spy{p: bots.Simple{}}, other}, 0, d); err != nil {
		t.Fatal(err)
	}
	if !other.took[0] || other.plays[0].Discard != cards(t, "Ks")[0] {
		t.Errorf("offered 9♥ with 7♥ 8♥: took %v, threw %v; want take, throw K♠", other.took[0], other.plays[0].Discard)
	}
	// Offered a card that makes no meld, it draws.
	other = &spy{p: bots.Simple{}}
	d = deal(t, "2c 4c 6c 8c Tc 2d 4d 6d 8d Td", "7h 8h 5s 3s Ks 2h 4h Jc Qd As", "Jh 3c 5c 7c 9c Jd Qc Kc")
	if _, err := table.PlayDealt(classic, [2]table.Player{&spy{p: bots.Simple{}}, other}, 0, d); err != nil {
		t.Fatal(err)
	}
	if other.took[0] {
		t.Error("offered J♥, which makes no meld, it took it")
	}
	// It knocks the first time its deadwood is within the limit: every
	// play it made either knocked or left more than 10.
	for i, p := range other.plays {
		left := other.hands[i].Without(p.Discard).Deadwood()
		if (left <= classic.KnockLimit) != p.Knock {
			t.Errorf("play %d: threw %v leaving %d, knock %v", i+1, p.Discard, left, p.Knock)
		}
	}
}

// The advise bot, after the draw, plays the advice's best option: holding
// 7♥ 8♥ 9♥ K♠ K♦ K♣ 2♣ 3♣ 4♣ Q♦ and offered 5♣, it takes it (a run) and
// goes gin by throwing Q♦, which no play of the rest of the hand can beat
// (gin scores the defender's deadwood and the gin bonus, and cannot be
// undercut). Over whole games its every move is legal: the table refuses a
// card not held, the card just taken, and melds it does not hold.
func TestAdvisePlays(t *testing.T) {
	classic, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	opts := bots.AdviseOptions{Samples: 100, Playouts: 10, Seed: 1}
	other := &spy{p: bots.NewAdvise(opts)}
	d := deal(t, "2d 4d 6d 8d Td 2h 4h 6s 8s Ts", "7h 8h 9h Ks Kd Kc 2c 3c 4c Qd", "5c")
	h, err := table.PlayDealt(classic, [2]table.Player{bots.Simple{}, other}, 0, d)
	if err != nil {
		t.Fatal(err)
	}
	if !other.took[0] || other.plays[0].Discard != cards(t, "Qd")[0] || !other.plays[0].Knock || h.Ending != ginrummy.WentGin || h.Knocker != 1 {
		t.Errorf("offered 5♣: took %v, played %+v, the hand ended %v by player %d; want take, throw Q♦ and gin", other.took[0], other.plays[0], h.Ending, h.Knocker)
	}
	for seed := range uint64(3) {
		if _, err := table.Match(classic, [2]table.Player{bots.NewAdvise(opts), bots.Simple{}}, seed, nil); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

// Once its context is done, the advise bot stops its play-outs at once and
// plays the policy's throw: a hand at a million play-outs an option, which
// would take many minutes, is over within seconds, every move legal.
func TestAdviseStopsWithItsContext(t *testing.T) {
	classic, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opts := bots.AdviseOptions{Samples: 1_000_000, Playouts: 1_000_000, Seed: 1, Context: ctx}
	start := time.Now()
	for seed := range uint64(3) {
		if _, err := table.PlayHand(classic, [2]table.Player{bots.NewAdvise(opts), bots.Simple{}}, 0, rand.New(rand.NewPCG(seed, 0))); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("three hands with the context done took %v; want them played at the policy's speed", took)
	}
}

// The advise bot plays by the game, at the game's score (under Hollywood,
// the match's: its three games' scores); advise-hand by the hand's points.
func TestAdviseObjective(t *testing.T) {
	deck := ginrummy.FullDeck.Cards()
	for _, tt := range []struct {
		bot, rules string
		want       equity.Objective
	}{
		{"advise", "classic", equity.Game},
		{"advise", "oklahoma", equity.Game},
		{"advise-hand", "classic", equity.Hand},
		{"advise", "hollywood", equity.Game},
		{"advise-hand", "hollywood", equity.Hand},
	} {
		rules, err := ginrummy.Preset(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		r, err := table.Deal(rules, 0, deck)
		if err != nil {
			t.Fatal(err)
		}
		b, err := bots.New(tt.bot, bots.AdviseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s := bots.Settings(b, r.View(1))
		if s.Objective != tt.want {
			t.Errorf("%s under %s: plays by %v, want %v", tt.bot, tt.rules, s.Objective, tt.want)
		}
		if tt.want == equity.Game && (s.Equity == nil || s.Score != (equity.State{Dealer: 1})) {
			t.Errorf("%s under %s: score %+v, table %v; want 0-0, dealt by the other", tt.bot, tt.rules, s.Score, s.Equity)
		}
	}
	if !slices.Contains(bots.Names(), "advise-hand") || bots.About("advise-hand") == "" {
		t.Error("advise-hand is not listed")
	}
}

// The advise bot learns its opponent from the hands of earlier games it is
// shown (AdviseOptions.Met) as from the game's own: at the first hand of a
// game, shown an early knock of theirs that they took a card for and did
// not meld it, it takes them to knock early (the odds of 3 to 2 times 50)
// and to take cards that do not meld.
func TestAdviseLearnsFromEarlierGames(t *testing.T) {
	h := func(s string) ginrummy.Hand { return ginrummy.NewHand(cards(t, s)...) }
	knock := table.Shown{Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h Kd"), Defender: h("Kc Qd Jh Ts 8s 7s 6s 5s 4s 3s"), Limit: 10, Stock: 20, OpponentTook: h("Kd")}
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	r, err := table.Deal(rules, 0, ginrummy.FullDeck.Cards())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name            string
		met             []table.Shown
		rate, tookMelds float64
	}{
		{"nothing met", nil, 0.6, 0.5},
		{"met one early knock", []table.Shown{knock}, 1.5 * 50 / (1 + 1.5*50), 1 / (1 + 0.3/0.03)},
	} {
		b, err := bots.New("advise", bots.AdviseOptions{Met: tt.met})
		if err != nil {
			t.Fatal(err)
		}
		p := bots.Position(b, r.View(1))
		if math.Abs(p.KnockRate-tt.rate) > 1e-9 || math.Abs(p.TookMelds-tt.tookMelds) > 1e-9 {
			t.Errorf("%s: knock rate %v, takes to meld %v; want %v and %v", tt.name, p.KnockRate, p.TookMelds, tt.rate, tt.tookMelds)
		}
	}
}

// watcher plays as simple and, at its first play after a hand of the game
// has ended, keeps the position the advise bot a would advise itself on.
type watcher struct {
	bots.Simple
	a       table.Player
	earlier []table.Shown
	p       *advice.Position
}

func (w *watcher) Play(v table.View) table.Play {
	if w.p == nil && len(v.Earlier()) > 0 {
		p := bots.Position(w.a, v)
		w.p, w.earlier = &p, v.Earlier()
	}
	return w.Simple.Play(v)
}

// The hands of earlier games are learnt from with the game's own, not
// instead of them: shown a hand in which the opponent waited, later in a
// game in which simple has shown how it plays, the bot learns from both.
func TestAdviseLearnsFromBoth(t *testing.T) {
	h := func(s string) ginrummy.Hand { return ginrummy.NewHand(cards(t, s)...) }
	waited := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h Kd"), Defender: h("2d 3d 4d 5s 6s 7s 9c Tc Jc Ah"), Limit: 10, Stock: 20}
	met := []table.Shown{waited}
	a, err := bots.New("advise", bots.AdviseOptions{Met: met})
	if err != nil {
		t.Fatal(err)
	}
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(20) {
		w := &watcher{a: a}
		if _, err := table.Match(rules, [2]table.Player{w, bots.Simple{}}, seed, nil); err != nil {
			t.Fatal(err)
		}
		if w.p == nil {
			continue
		}
		both := advice.LearnStyle(append(slices.Clip(met), w.earlier...)).KnockRate
		if both == advice.LearnStyle(met).KnockRate || both == advice.LearnStyle(w.earlier).KnockRate {
			continue // the game's hands showed nothing of the style
		}
		if w.p.KnockRate != both {
			t.Errorf("seed %d: knock rate %v, want %v, learnt from the earlier game and %d hands of this one (%v from the earlier game alone, %v from this one alone)",
				seed, w.p.KnockRate, both, len(w.earlier), advice.LearnStyle(met).KnockRate, advice.LearnStyle(w.earlier).KnockRate)
		}
		return
	}
	t.Fatal("no game of 20 showed the style in a hand before another: the test checks nothing")
}
