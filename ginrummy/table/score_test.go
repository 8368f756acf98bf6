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
	t.Parallel()
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

// gamesScorer notes View.Games at each hand's first decision.
type gamesScorer struct {
	scorer
	games map[int][]ginrummy.Tally
}

func (s *gamesScorer) Take(v View) bool {
	s.games[len(v.Earlier())] = v.Games()
	return s.scorer.Take(v)
}

func (s *gamesScorer) Play(v View) Play {
	s.games[len(v.Earlier())] = v.Games()
	return s.scorer.Play(v)
}

// Under Hollywood, Games shows each of the three games' scores, from the
// player's side, as the spec words the rule: a win goes into every open
// game the winner has entered and the next open game he has not; a game
// is over once a player reaches the target.
func TestGamesShowsHollywoodsThreeGames(t *testing.T) {
	t.Parallel()
	rules := preset(t, "hollywood")
	rules.Target = 60 // three games over in few hands
	players := [2]*gamesScorer{}
	for seat := range players {
		players[seat] = &gamesScorer{scorer{seat, map[int]ginrummy.Tally{}}, map[int][]ginrummy.Tally{}}
	}
	var hands []Played
	if _, err := Match(rules, [2]Player{players[0], players[1]}, 7, func(h Played) { hands = append(hands, h) }); err != nil {
		t.Fatal(err)
	}
	var games [3]ginrummy.Tally // from seat 0's side
	entered := 0                // hands checked after a win entered a later game
	for n, h := range hands {
		for _, p := range players {
			got, ok := p.games[n]
			if !ok {
				continue
			}
			for g := range games {
				want := games[g]
				if p.seat == 1 {
					want.Points[0], want.Points[1] = want.Points[1], want.Points[0]
					want.Boxes[0], want.Boxes[1] = want.Boxes[1], want.Boxes[0]
				}
				if len(got) != 3 || got[g] != want {
					t.Fatalf("hand %d, seat %d: games %+v, want game %d %+v", n+1, p.seat, got, g+1, want)
				}
			}
			if games[1] != (ginrummy.Tally{}) {
				entered++
			}
		}
		if h.Ending == ginrummy.Drawn {
			continue
		}
		o := h.Outcome()
		fresh := false
		for g := range games {
			c := &games[g]
			over := c.Points[0] >= rules.Target || c.Points[1] >= rules.Target
			if over || c.Boxes[o.Winner] == 0 && fresh {
				continue
			}
			if c.Boxes[o.Winner] == 0 {
				fresh = true
			}
			c.Points[o.Winner] += o.Points
			c.Boxes[o.Winner]++
		}
	}
	if entered == 0 {
		t.Fatalf("%d hands, the second game never entered: a test of nothing", len(hands))
	}
}
