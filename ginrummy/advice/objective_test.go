package advice

import (
	"errors"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
)

// At 99–0 to 100, gin wins the game whatever the other player holds: the
// game objective values it at exactly 1, and advises it.
func TestSureGameWin(t *testing.T) {
	t.Parallel()
	p := Position{Hand: hand(t, "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd"), Stock: 20}
	p.FirstUpcard, p.Upcard, p.FromPile = ginrummy.NoCard, ginrummy.NoCard, ginrummy.NoCard
	s := Settings{Rules: classic(t), Model: Uniform, Samples: 200, Playouts: 50, Seed: 1,
		Objective: equity.Game, Score: equity.State{Points: [2]int{99, 0}, Boxes: [2]int{4, 0}}}
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	best := a.Best()
	if a.Objective != equity.Game || best.Discard != card(t, "Kd") || !best.Knocks() || !best.Knock.Gin {
		t.Fatalf("advised %+v, want gin throwing K♦ by the game", best)
	}
	if best.Knock.Points != 1 {
		t.Errorf("gin at 99–0 wins the game %v, want 1", best.Knock.Points)
	}
	for _, o := range a.Options {
		for _, x := range []*Estimate{o.PlayOn, knockEstimate(o)} {
			if x != nil && (x.Points < 0 || x.Points > 1) {
				t.Errorf("%v: a chance to win of %v", o.Discard, x.Points)
			}
		}
	}
}

// At 99–0 to 100, a knock that cannot be undercut wins the game, gin or
// not: the knocker scores at least a point, which reaches 100. The cards
// the opponent can hold are fourteen that make no meld and reach none of
// the player's (six clubs and six hearts two ranks apart, the 2♦ and 4♦),
// so every one of their 1,001 hands, enumerated, keeps more deadwood than
// a knock with the A♦ alone, or the K♦ alone: an undercut of exactly 0,
// by the rules. Both knocks must then be worth exactly 1.
func TestSureKnockWinsTheGame(t *testing.T) {
	t.Parallel()
	p := Position{
		Hand:     hand(t, "As 2s 3s 4s 5s 6s 7s 8s 9s Ad Kd"),
		Discards: hand(t, "Ac 3c 5c 7c 9c Jc Kc 3d 5d 6d 7d 8d 9d Td Jd Qd Ah 2h 4h 6h 8h Th Qh Ts Js Qs Ks"),
		Stock:    4,
	}
	p.FirstUpcard, p.Upcard, p.FromPile = ginrummy.NoCard, ginrummy.NoCard, ginrummy.NoCard
	s := Settings{Rules: classic(t), Model: Uniform, Exact: true, Playouts: 20, Seed: 1,
		Objective: equity.Game, Score: equity.State{Points: [2]int{99, 0}, Boxes: [2]int{4, 0}}}
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Exact || a.Hands != 1001 {
		t.Fatalf("weighed %d hands (exact %v), want all 1,001", a.Hands, a.Exact)
	}
	knocks := 0
	for _, o := range a.Options {
		if o.Knock == nil {
			continue
		}
		for k := o.Knock; k != nil; k = k.Alternative {
			if k.Gin {
				t.Errorf("throw %v: gin, with the A♦ or the K♦ left", o.Discard)
			}
			if k.Undercut != 0 {
				t.Errorf("throw %v, deadwood %d: undercut %v, want 0", o.Discard, k.Deadwood, k.Undercut)
			}
			if k.Points != 1 {
				t.Errorf("throw %v, deadwood %d: wins the game %v, want 1", o.Discard, k.Deadwood, k.Points)
			}
		}
		knocks++
	}
	if knocks != 2 {
		t.Errorf("%d throws can knock, want 2 (the A♦ and the K♦)", knocks)
	}
	// At 0–0 the same knocks score 40 to 78 points (the opponent's ten
	// cards count 50 to 79), short of 100: the game goes on, and neither
	// is a sure win.
	s.Score = equity.State{}
	if a, err = Advise(p, s); err != nil {
		t.Fatal(err)
	}
	for _, o := range a.Options {
		if o.Knock != nil && !(o.Knock.Best().Points < 1) {
			t.Errorf("at 0–0, throw %v and knock: wins the game %v, want less than 1", o.Discard, o.Knock.Best().Points)
		}
	}
}

func knockEstimate(o Option) *Estimate {
	if o.Knock == nil {
		return nil
	}
	return &o.Knock.Estimate
}

// A score the game cannot be at is refused.
func TestGameOverScoreRefused(t *testing.T) {
	t.Parallel()
	p := Position{Hand: hand(t, "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd"), Stock: 20}
	p.FirstUpcard, p.Upcard, p.FromPile = ginrummy.NoCard, ginrummy.NoCard, ginrummy.NoCard
	s := Settings{Rules: classic(t), Samples: 100, Playouts: 10, Objective: equity.Game,
		Score: equity.State{Points: [2]int{100, 0}, Boxes: [2]int{4, 0}}}
	if _, err := Advise(p, s); !errors.Is(err, equity.ErrGameOver) {
		t.Errorf("at 100–0: %v, want ErrGameOver", err)
	}
}

// Issue 43: at 99–98 to 100, knocking with the 9s and the spade run, the K♦
// thrown, is undercut by a sampled hand in two thousand; playing on won
// every one of its play-outs. A share of 1 from a few hundred play-outs is
// not certainty (with 8,000 play-outs playing on falls to 99.8%): the
// knock, sampled on five times as many hands, is advised, and playing on
// is not said to be certain.
func TestAllWonIsNotCertain(t *testing.T) {
	t.Parallel()
	p := Position{Hand: hand(t, "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"), Stock: 20}
	p.FirstUpcard, p.Upcard, p.FromPile = ginrummy.NoCard, ginrummy.NoCard, ginrummy.NoCard
	s := Settings{Rules: classic(t), Model: Evidence, Samples: 2000, Seed: 1,
		Objective: equity.Game, Score: equity.State{Points: [2]int{99, 98}, Boxes: [2]int{1, 1}, Dealer: 1}}
	a, err := Advise(p, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range a.Options {
		if o.Discard != card(t, "Kd") {
			continue
		}
		if o.PlayOn.Points >= 1 || o.PlayOn.StdErr == 0 {
			t.Errorf("throw K♦ and play on: wins the game %v ± %v, said certain", o.PlayOn.Points, o.PlayOn.StdErr)
		}
	}
	if best := a.Best(); best.Discard != card(t, "Kd") || !best.Knocks() {
		t.Errorf("advised %v, knock %v; want the K♦ thrown and a knock", best.Discard, best.Knocks())
	}
}
