package table

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// scorer draws, throws to the least deadwood and knocks when it can; it
// notes the score View.Score showed at each hand's first decision.
type scorer struct {
	seat   int
	scores map[int]ginrummy.Tally // by the hands before
}

func (s *scorer) Take(v View) bool {
	s.scores[len(v.Earlier())] = v.Score()
	return false
}

func (s *scorer) Play(v View) Play {
	s.scores[len(v.Earlier())] = v.Score()
	c := v.Hand().BestDiscard(v.Taken())
	return Play{Discard: c, Knock: v.Hand().Without(c).Deadwood() <= v.KnockLimit()}
}

// Score shows each player the game's score before the hand, from the
// player's side: the points and boxes of the hands the watcher saw end,
// added up by hand.
func TestScoreShowsTheGamesScore(t *testing.T) {
	rules := preset(t, "classic")
	players := [2]*scorer{{0, map[int]ginrummy.Tally{}}, {1, map[int]ginrummy.Tally{}}}
	var hands []Played
	if _, err := Match(rules, [2]Player{players[0], players[1]}, 7, func(h Played) { hands = append(hands, h) }); err != nil {
		t.Fatal(err)
	}
	if len(hands) < 3 {
		t.Fatalf("%d hands: want a game of several", len(hands))
	}
	var points, boxes [2]int
	for n, h := range hands {
		for _, p := range players {
			got, ok := p.scores[n]
			if !ok {
				continue
			}
			want := ginrummy.Tally{Points: [2]int{points[p.seat], points[1-p.seat]}, Boxes: [2]int{boxes[p.seat], boxes[1-p.seat]}}
			if got != want {
				t.Errorf("hand %d, seat %d: score %+v, want %+v", n+1, p.seat, got, want)
			}
		}
		if h.Ending != ginrummy.Drawn {
			o := h.Outcome()
			points[o.Winner] += o.Points
			boxes[o.Winner]++
		}
	}
}
