package equity

import (
	"cmp"
	"slices"
	"sort"
	"sync"

	"github.com/gin-rummy/gin/ginrummy"
)

// Table is the equity of every score of one game under the rules, from
// the side of player 0 (the player the advice is for): the chance he wins
// the game and the expected difference of its settlement.
//
// A score is valued over the next hand's results (Results, by who deals
// it): a drawn hand is dealt again by the same dealer; a won hand adds its
// points and a box to its winner and passes the deal as the rules say. A
// game ends when the winner of a hand reaches the target, or when the hand
// limit is reached and a player leads, as ginrummy.Rules.ScoreMatch ends
// it, and is settled by the rules (ginrummy.Rules.SettleNet, Settle's
// figures). The boxes a player has won count for the settlement only by
// their number, which adds to the difference in a straight line, and for
// the shutout only by whether there are any: the table keeps whether each
// player has won a hand, and counts the box bonus hand by hand.
//
// The scores are valued when a score is first asked for: every score that
// can follow it, from the scores nearest the end back to it (all of them
// from 0–0). A Table may be used by several goroutines at once.
type Table struct {
	mu    sync.Mutex // over the values and the scores valued
	from  [3]int     // the least q0, q1 and hands of the scores valued
	rules ginrummy.Rules
	t, hl int // the target, and the hand limit (0 for none)
	n     int // the points-and-flag values of a player: 0 to t (q, below)
	drawn float64
	// wins[d][w] is the hands the dealer d deals that player w wins for
	// some points, fewest first, and zero[d][w] the chance of a hand won
	// for none; reward[d] is the box bonus they add to player 0's side, on
	// average. cut[d][w][p] is how many of wins[d][w] leave a player at p
	// points short of the target.
	wins   [2][2][]result
	zero   [2][2]float64
	cut    [2][2][]int
	reward [2]float64
	// win and net are the values of every open score, by layer (the
	// hands scored, then the dealer), then by q0*n+q1.
	win, net [][]float64
	// termWin and termNet are the values of a game that ends as a player
	// reaches the target: by the winner, his points over the target, and
	// the loser's q. hlWin and hlNet are those of a game ended by the
	// hand limit, by q0*n+q1.
	termWin, termNet [2][][]float64
	hlWin, hlNet     []float64
}

// result is one way a hand is won: its points and its chance.
type result struct {
	points int
	chance float64
}

// NewTable builds the table of the rules from the measured hands
// (ResultsFor, which refuses rules no game could be played with). Several
// games at once (Hollywood) are a Match's, not a Table's: ErrHollywood.
func NewTable(r ginrummy.Rules) (*Table, error) {
	res, err := ResultsFor(r)
	if err != nil {
		return nil, err
	}
	return newTable(r, res)
}

// newTable builds the table of the rules from the given hand results.
func newTable(r ginrummy.Rules, res Results) (*Table, error) {
	if r.GamesAtOnce != 1 {
		return nil, ErrHollywood
	}
	t := &Table{rules: r, t: r.Target, hl: r.HandLimit, n: r.Target + 1, drawn: res.Drawn}
	most := 0
	for _, x := range res.Scored {
		for d := range 2 {
			w := 1 - d
			if x.ByDealer {
				w = d
			}
			if x.Points == 0 {
				t.zero[d][w] += x.Chance
			} else {
				t.wins[d][w] = append(t.wins[d][w], result{x.Points, x.Chance})
			}
			if w == 0 {
				t.reward[d] += x.Chance * float64(r.BoxBonus)
			} else {
				t.reward[d] -= x.Chance * float64(r.BoxBonus)
			}
		}
		most = max(most, x.Points)
	}
	for d := range 2 {
		for w := range 2 {
			slices.SortFunc(t.wins[d][w], func(a, b result) int { return cmp.Compare(a.points, b.points) })
			t.cut[d][w] = make([]int, t.t)
			for p := range t.t {
				t.cut[d][w][p] = sort.Search(len(t.wins[d][w]), func(i int) bool { return t.wins[d][w][i].points >= t.t-p })
			}
		}
	}
	t.terminals(most)
	layers := 2 * (t.hl + 1)
	t.win, t.net = make([][]float64, layers), make([][]float64, layers)
	for l := range layers {
		t.win[l], t.net[l] = make([]float64, t.n*t.n), make([]float64, t.n*t.n)
	}
	t.from = [3]int{t.n, t.n, t.hl + 1} // nothing valued yet
	return t, nil
}

// A player's score in the table is q: 0 before he has won a hand, 1 when he
// has won hands worth no points, p+1 with p points (p ≥ 1): the points,
// and whether he has won a hand, which a shutout asks.

// qOf is q of p points, having won a hand or not.
func qOf(p int, won bool) int {
	switch {
	case p > 0:
		return p + 1
	case won:
		return 1
	}
	return 0
}

// pointsOf is the points of q, and whether a hand was won.
func pointsOf(q int) (int, bool) { return max(q-1, 0), q > 0 }

// gain is q after the player wins a hand of the given points.
func gain(q, points int) int {
	p, _ := pointsOf(q)
	return qOf(p+points, true)
}

// settled is the value of a game settled at q0–q1 (after the last hand):
// whether player 0 won, and the settlement's difference to him less the
// box bonus of the flags, as the boxes are counted hand by hand.
func (t *Table) settled(q0, q1 int) (win, net float64) {
	p0, f0 := pointsOf(q0)
	p1, f1 := pointsOf(q1)
	flags := [2]int{b2i(f0), b2i(f1)}
	w, n := t.rules.SettleNet(ginrummy.Tally{Points: [2]int{p0, p1}, Boxes: flags})
	net = float64(n)
	if w == 1 {
		net = -net
	} else {
		win = 1
	}
	return win, net - float64(t.rules.BoxBonus*(flags[0]-flags[1]))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// terminals fills in the values of the games that end: a winner up to most
// points over the target, and, under a hand limit, every score.
func (t *Table) terminals(most int) {
	for w := range 2 {
		t.termWin[w] = make([][]float64, most+1)
		t.termNet[w] = make([][]float64, most+1)
		for over := range most + 1 {
			t.termWin[w][over] = make([]float64, t.n)
			t.termNet[w][over] = make([]float64, t.n)
			for ql := range t.n {
				qw := qOf(t.t+over, true)
				q := [2]int{qw, ql}
				if w == 1 {
					q = [2]int{ql, qw}
				}
				t.termWin[w][over][ql], t.termNet[w][over][ql] = t.settled(q[0], q[1])
			}
		}
	}
	if t.hl > 0 {
		t.hlWin, t.hlNet = make([]float64, t.n*t.n), make([]float64, t.n*t.n)
		for q0 := range t.n {
			for q1 := range t.n {
				t.hlWin[q0*t.n+q1], t.hlNet[q0*t.n+q1] = t.settled(q0, q1)
			}
		}
	}
}

// layer is the index of the values of games with h hands scored (0 without
// a hand limit) and dealer d to deal.
func layer(h, d int) int { return 2*h + d }

// open reports whether a game at q0–q1 with h hands scored goes on: under
// a hand limit, once it is reached, only while the points are level.
func (t *Table) open(q0, q1, h int) bool {
	if t.hl == 0 || h < t.hl {
		return true
	}
	p0, _ := pointsOf(q0)
	p1, _ := pointsOf(q1)
	return p0 == p1
}

// next is where a game goes from q0–q1 with h hands scored when player w
// wins a hand of the given points dealt by d: its values, or, when it
// stays at the same score and hands, ok false and the next dealer.
func (t *Table) next(q0, q1, h, d, w, points int) (win, net float64, same bool, nd int) {
	nd = t.rules.DealsNext(d, ginrummy.Outcome{Winner: w, Points: points})
	q := [2]int{q0, q1}
	q[w] = gain(q[w], points)
	if p, _ := pointsOf(q[w]); p >= t.t {
		if over := p - t.t; over < len(t.termWin[w]) {
			return t.termWin[w][over][q[1-w]], t.termNet[w][over][q[1-w]], false, nd
		}
		win, net = t.settled(q[0], q[1]) // more than any measured hand scores
		return win, net, false, nd
	}
	nh := h
	if t.hl > 0 && h < t.hl {
		nh++
	}
	i := q[0]*t.n + q[1]
	if !t.open(q[0], q[1], nh) {
		return t.hlWin[i], t.hlNet[i], false, nd
	}
	if q[0] == q0 && q[1] == q1 && nh == h {
		return 0, 0, true, nd
	}
	l := layer(nh, nd)
	return t.win[l][i], t.net[l][i], false, nd
}

// ensure values every score that can follow q0–q1 with h hands scored,
// when it is not valued yet.
func (t *Table) ensure(q0, q1, h int) {
	if q0 >= t.from[0] && q1 >= t.from[1] && h >= t.from[2] {
		return
	}
	t.from = [3]int{min(q0, t.from[0]), min(q1, t.from[1]), min(h, t.from[2])}
	t.build()
}

// build values every open score from t.from on, from the most hands
// scored and the highest scores down. A drawn hand, or a hand won for no
// points by a player who has won before (past any hand limit), leaves the
// score as it was but may pass the deal: the two dealers of a score are
// solved together.
func (t *Table) build() {
	for h := t.hl; h >= t.from[2]; h-- {
		for q0 := t.n - 1; q0 >= t.from[0]; q0-- {
			for q1 := t.n - 1; q1 >= t.from[1]; q1-- {
				i := q0*t.n + q1
				switch {
				case t.open(q0, q1, h):
					t.solve(q0, q1, h)
				default:
					// The hand limit reached, a player ahead: the game
					// is over, as the hand that led here ended it.
					for d := range 2 {
						t.win[layer(h, d)][i], t.net[layer(h, d)][i] = t.hlWin[i], t.hlNet[i]
					}
				}
			}
		}
	}
}

// solve values the open score q0–q1 with h hands scored, both dealers.
// The hands won for some points move the score on: to a score valued
// already (more points, and under a hand limit one more hand), or to the
// end of the game; they are added up in two plain loops, those that stay
// short of the target and those that reach it.
func (t *Table) solve(q0, q1, h int) {
	var a [2][2]float64 // the chance of staying at this score, by dealer then next dealer
	var cw, cn [2]float64
	nh := h
	if t.hl > 0 && h < t.hl {
		nh++
	}
	q := [2]int{q0, q1}
	for d := range 2 {
		a[d][d] += t.drawn
		cn[d] = t.reward[d]
		for w := range 2 {
			nd := t.rules.DealsNext(d, ginrummy.Outcome{Winner: w})
			if c := t.zero[d][w]; c > 0 {
				vw, vn, same, nd := t.next(q0, q1, h, d, w, 0)
				if same {
					a[d][nd] += c
				} else {
					cw[d] += c * vw
					cn[d] += c * vn
				}
			}
			p, _ := pointsOf(q[w])
			rs := t.wins[d][w]
			k := t.cut[d][w][p]
			win, net := t.win[layer(nh, nd)], t.net[layer(nh, nd)]
			// The score after a win of x points: q[w] becomes p+x+1.
			base, stride := (p+1)*t.n+q1, t.n
			if w == 1 {
				base, stride = q0*t.n+p+1, 1
			}
			var sw, sn float64
			for _, r := range rs[:k] {
				i := base + r.points*stride
				sw += r.chance * win[i]
				sn += r.chance * net[i]
			}
			tw, tn := t.termWin[w], t.termNet[w]
			ql := q[1-w]
			for _, r := range rs[k:] {
				over := p + r.points - t.t
				sw += r.chance * tw[over][ql]
				sn += r.chance * tn[over][ql]
			}
			cw[d] += sw
			cn[d] += sn
		}
	}
	// (I - a) v = c, for the win chance and the net alike.
	m00, m01, m10, m11 := 1-a[0][0], -a[0][1], -a[1][0], 1-a[1][1]
	det := m00*m11 - m01*m10
	i := q0*t.n + q1
	for d, c := range [][2]float64{cw, cn} {
		v0, v1 := (c[0]*m11-m01*c[1])/det, (m00*c[1]-m10*c[0])/det
		out := t.win
		if d == 1 {
			out = t.net
		}
		out[layer(h, 0)][i], out[layer(h, 1)][i] = v0, v1
	}
}

// Rules is the rules the table values games under.
func (t *Table) Rules() ginrummy.Rules { return t.rules }

// Check reports whether a game under the table's rules can be at s and is
// not over; a *StateError says why not.
func (t *Table) Check(s State) error {
	switch {
	case s.Points[0] < 0 || s.Points[1] < 0:
		return &StateError{"points", ErrNegative}
	case s.Boxes[0] < 0 || s.Boxes[1] < 0:
		return &StateError{"boxes", ErrNegative}
	case s.Points[0] >= t.t || s.Points[1] >= t.t:
		return &StateError{"points", ErrGameOver}
	case s.Dealer != 0 && s.Dealer != 1:
		return &StateError{"dealer", ErrNoSuchDealer}
	case t.hl > 0 && s.Boxes[0]+s.Boxes[1] >= t.hl && s.Points[0] != s.Points[1]:
		return &StateError{"boxes", ErrHandLimit}
	case s.Later != [2]ginrummy.Tally{}:
		return &StateError{"points", ErrOneGame}
	}
	return CheckBoxes(t.rules, s.Games(1))
}

// of is the table's score of a state: q0, q1 and the hands scored.
func (t *Table) of(s State) (q0, q1, h int) {
	if t.hl > 0 {
		h = min(s.Boxes[0]+s.Boxes[1], t.hl)
	}
	return qOf(s.Points[0], s.Boxes[0] > 0), qOf(s.Points[1], s.Boxes[1] > 0), h
}

// boxes is the box bonus of the boxes won so far, to the player.
func (t *Table) boxes(s State) float64 {
	return float64(t.rules.BoxBonus * (s.Boxes[0] - s.Boxes[1]))
}

// Win is the chance that the player wins the game from s, before the hand
// s.Dealer deals. s must pass Check.
func (t *Table) Win(s State) float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	q0, q1, h := t.of(s)
	t.ensure(q0, q1, h)
	return t.win[layer(h, s.Dealer)][q0*t.n+q1]
}

// Net is the expected difference of the game's final settlement, the
// player's less the opponent's, from s before the hand s.Dealer deals. s
// must pass Check.
func (t *Table) Net(s State) float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	q0, q1, h := t.of(s)
	t.ensure(q0, q1, h)
	return t.boxes(s) + t.net[layer(h, s.Dealer)][q0*t.n+q1]
}

// After is the chance the player wins the game and the expected difference
// of its settlement once the hand s.Dealer dealt ends with o (o.Winner 0
// is the player). s must pass Check, and o be a hand the rules can score.
func (t *Table) After(s State, o ginrummy.Outcome) (win, net float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.after(s, o)
}

func (t *Table) after(s State, o ginrummy.Outcome) (win, net float64) {
	q0, q1, h := t.of(s)
	t.ensure(q0, q1, h)
	if o.Drawn {
		i := q0*t.n + q1
		return t.win[layer(h, s.Dealer)][i], t.boxes(s) + t.net[layer(h, s.Dealer)][i]
	}
	reward := float64(t.rules.BoxBonus)
	if o.Winner == 1 {
		reward = -reward
	}
	w, n, same, nd := t.next(q0, q1, h, s.Dealer, o.Winner, o.Points)
	if same {
		i := q0*t.n + q1
		w, n = t.win[layer(h, nd)][i], t.net[layer(h, nd)][i]
	}
	return w, t.boxes(s) + reward + n
}

// Values is what each way the hand in play can end is worth to the player
// under an objective.
type Values struct {
	Objective Objective
	Won       []float64 // by the points the player scores
	Lost      []float64 // by the points the opponent scores
	Drawn     float64
	// Matches is how many plays of the rest of the match each value was
	// sampled from (the same plays for every end, so that the values
	// differ by the end alone); 0 where the values are exact. StdErr is
	// then the largest standard error of a value.
	Matches int
	StdErr  float64
}

// Of is the value of the outcome o (o.Winner 0 is the player).
func (v *Values) Of(o ginrummy.Outcome) float64 {
	switch {
	case o.Drawn:
		return v.Drawn
	case o.Winner == 0:
		return v.Won[o.Points]
	}
	return v.Lost[o.Points]
}

// HandValues is the hand objective's values: the points, the opponent's
// counted against the player, for every score up to most points a hand can
// score under the rules.
func HandValues(r ginrummy.Rules) *Values {
	n := r.MaxHandPoints() + 1
	v := &Values{Objective: Hand, Won: make([]float64, n), Lost: make([]float64, n)}
	for p := range n {
		v.Won[p], v.Lost[p] = float64(p), -float64(p)
	}
	return v
}

// Before is the game's value at s, exact: Win and Net.
func (t *Table) Before(s State) Value { return Value{Win: t.Win(s), Net: t.Net(s)} }

// Values is what each end of the hand s.Dealer dealt is worth under the
// objective, Game or Net: the game's value after it (After). s must pass
// Check.
func (t *Table) Values(s State, obj Objective) *Values {
	if obj == Hand {
		return HandValues(t.rules)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	n := t.rules.MaxHandPoints() + 1
	v := &Values{Objective: obj, Won: make([]float64, n), Lost: make([]float64, n)}
	pick := func(w, net float64) float64 {
		if obj == Game {
			return w
		}
		return net
	}
	v.Drawn = pick(t.after(s, ginrummy.Outcome{Drawn: true}))
	for p := range n {
		v.Won[p] = pick(t.after(s, ginrummy.Outcome{Winner: 0, Points: p}))
		v.Lost[p] = pick(t.after(s, ginrummy.Outcome{Winner: 1, Points: p}))
	}
	return v
}
