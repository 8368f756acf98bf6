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

func knockEstimate(o Option) *Estimate {
	if o.Knock == nil {
		return nil
	}
	return &o.Knock.Estimate
}

// A score the game cannot be at is refused.
func TestGameOverScoreRefused(t *testing.T) {
	p := Position{Hand: hand(t, "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd"), Stock: 20}
	p.FirstUpcard, p.Upcard, p.FromPile = ginrummy.NoCard, ginrummy.NoCard, ginrummy.NoCard
	s := Settings{Rules: classic(t), Samples: 100, Playouts: 10, Objective: equity.Game,
		Score: equity.State{Points: [2]int{100, 0}, Boxes: [2]int{4, 0}}}
	if _, err := Advise(p, s); !errors.Is(err, equity.ErrGameOver) {
		t.Errorf("at 100–0: %v, want ErrGameOver", err)
	}
}
