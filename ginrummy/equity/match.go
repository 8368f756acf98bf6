package equity

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gin-rummy/gin/ginrummy"
)

// Match values the scores of a match of several games at once (Hollywood's
// three) by playing the rest of the match many times, each hand's result
// drawn from the measured hands (ResultsFor) by who deals it, as Table
// values one game exactly: a win goes into the games ginrummy.Entries
// says, a game ends as Rules.Ends says and is settled by Rules.SettleNet,
// the deal passes as Rules.DealsNext says, and the match is over when
// every game is. The state of such a match (each game's score, and who has
// entered which) is too big for an exact table, so its figures are
// samples, with their standard errors. The chance to win counts a level
// match as half a win. The same state gives the same figures.
type Match struct {
	rules ginrummy.Rules
	// What of the rules each hand played on reads, apart: the Rules are
	// too big to copy every hand, as calling their methods would.
	target, handLimit int
	loserDeals        bool
	draws             [2][]draw // by dealer: the results of a hand, by their cumulative chance
	// index narrows the search of draws: by dealer, index[d][b] is the
	// first draw whose upTo is above b/2^drawBits.
	index [2][1<<drawBits + 1]int32
	// The figures of the states valued last, at most matchCache of each:
	// an arena run under Hollywood asks for a new state every hand.
	mu     sync.Mutex
	values map[valuesKey]*Values
	before map[State]Value
}

// matchCache is the most states whose figures a Match keeps.
const matchCache = 64

// draw is one result of a hand, the player who won it absolute, and the
// chance of it and every result before it.
type draw struct {
	upTo float64
	o    ginrummy.Outcome
}

// drawBits is how many leading bits of a random number pick the stretch of
// the draws its draw is in.
const drawBits = 10

type valuesKey struct {
	s   State
	obj Objective
}

// The effort of a Match: the plays of the rest of the match behind each
// figure, at most MatchPlays, fewer when a match is long, so that valuing
// every end of a hand plays about matchHands hands.
const (
	MatchPlays    = 2000
	minMatchPlays = 200
	matchHands    = 12_000_000
	// maxMatchHands ends a play of the rest of a match that has not ended
	// by then: NewMatch refuses rules whose matches last a hundredth of it.
	maxMatchHands = 1_000_000
)

// ErrTooLong is the reason a match is not valued: under its rules a match
// lasts too many hands to play again and again.
var ErrTooLong = errors.New("a match under these rules lasts too many hands to sample")

// NewMatch builds the valuer of a match of several games at once under the
// rules, from the measured hands (ResultsFor, which refuses rules no game
// could be played with).
func NewMatch(r ginrummy.Rules) (*Match, error) {
	res, err := ResultsFor(r)
	if err != nil {
		return nil, err
	}
	if r.GamesAtOnce < 2 {
		return nil, fmt.Errorf("equity: a match of %d game: a Table values it", r.GamesAtOnce)
	}
	return newMatch(r, res)
}

// newMatch builds the valuer of a match under the rules from the given hand
// results.
func newMatch(r ginrummy.Rules, res Results) (*Match, error) {
	// A game goes to the target in about target/mean won hands, mean the
	// expected points of a hand; every game of the match at once, at most
	// that many each.
	mean := 0.0
	for _, x := range res.Scored {
		mean += x.Chance * float64(x.Points)
	}
	if mean <= 0 || float64(r.GamesAtOnce)*float64(r.Target)/mean > maxMatchHands/100 {
		return nil, ErrTooLong
	}
	m := &Match{rules: r, target: r.Target, handLimit: r.HandLimit, loserDeals: r.Dealer == ginrummy.LoserDeals,
		values: map[valuesKey]*Values{}, before: map[State]Value{}}
	for d := range 2 {
		up := res.Drawn
		if up > 0 {
			m.draws[d] = append(m.draws[d], draw{up, ginrummy.Outcome{Drawn: true}})
		}
		for _, x := range res.Scored {
			w := 1 - d
			if x.ByDealer {
				w = d
			}
			up += x.Chance
			m.draws[d] = append(m.draws[d], draw{up, ginrummy.Outcome{Winner: w, Points: x.Points}})
		}
		m.draws[d][len(m.draws[d])-1].upTo = math.Inf(1) // no rounding leaves a draw past the end
		i := 0
		for b := range m.index[d] {
			for m.draws[d][i].upTo <= float64(b)/(1<<drawBits) {
				i++
			}
			m.index[d][b] = int32(i)
		}
	}
	return m, nil
}

// Rules is the rules the match is valued under.
func (m *Match) Rules() ginrummy.Rules { return m.rules }

// Check reports whether a match under the rules can be at s and is not
// over; a *StateError says why not.
func (m *Match) Check(s State) error {
	n := m.rules.GamesAtOnce
	games := s.Games(n)
	over := 0
	for g, t := range games {
		switch {
		case t.Points[0] < 0 || t.Points[1] < 0:
			return &StateError{"points", ErrNegative}
		case t.Boxes[0] < 0 || t.Boxes[1] < 0:
			return &StateError{"boxes", ErrNegative}
		case t.Points[0] >= m.rules.Target && t.Points[1] >= m.rules.Target:
			return &StateError{"points", ErrBothReached}
		}
		if g > 0 {
			prev := games[g-1]
			for w := range 2 {
				// A win enters the first open game not entered: a
				// later game only once the one before is entered or over.
				if t.Boxes[w] == 0 || m.rules.Ends(prev) {
					continue
				}
				// While the game before is open, each of his wins
				// goes into it too, and the one that entered it
				// into it alone.
				switch {
				case prev.Boxes[w] == 0:
					return &StateError{"boxes", ErrEnteredLater}
				case prev.Boxes[w] <= t.Boxes[w]:
					return &StateError{"boxes", ErrAheadInLater}
				case prev.Points[w] < t.Points[w]:
					return &StateError{"points", ErrAheadInLater}
				}
			}
		}
		if m.rules.Ends(t) {
			over++
		}
	}
	if err := CheckBoxes(m.rules, games); err != nil {
		return err
	}
	switch {
	case over == n:
		return &StateError{"points", ErrGameOver}
	case hasScore(s.Later[n-1:]):
		return &StateError{"points", fmt.Errorf("%d games at once: the score has more", n)}
	case s.Dealer != 0 && s.Dealer != 1:
		return &StateError{"dealer", ErrNoSuchDealer}
	}
	return nil
}

func hasScore(ts []ginrummy.Tally) bool {
	for _, t := range ts {
		if t != (ginrummy.Tally{}) {
			return true
		}
	}
	return false
}

// play is a match being played on: each game's score and whether it has
// ended, how many have not, who deals next, and the player's lead in the
// games ended, each settled once when it ends: a play of the rest of the
// match starts with the games ended before it settled.
type play struct {
	games  [3]game
	n      int
	open   int
	dealer int
	lead   int
}

// game is a game of a match being played on: its score and whether it has
// ended.
type game struct {
	ginrummy.Tally
	ended bool
}

// start is the match at s, the hand in play not yet ended.
func (m *Match) start(s State) play {
	p := play{n: m.rules.GamesAtOnce, open: m.rules.GamesAtOnce, dealer: s.Dealer}
	for i, t := range s.Games(p.n) {
		p.games[i].Tally = t
		if m.rules.Ends(t) {
			m.end(&p, i)
		}
	}
	return p
}

// add plays one more hand, ended with o.
func (m *Match) add(p *play, o ginrummy.Outcome) {
	if !o.Drawn {
		// The games ginrummy.Entries gives, without building their
		// list: every open game the winner has entered, and the first
		// open game he has not.
		w, fresh := o.Winner, false
		for i := range p.games[:p.n] {
			c := &p.games[i]
			switch {
			case c.ended:
				continue
			case c.Boxes[w] > 0:
			case !fresh:
				fresh = true
			default:
				continue
			}
			c.Points[w] += o.Points
			c.Boxes[w]++
			if m.ends(&c.Tally) {
				m.end(p, i)
			}
		}
	}
	p.dealer = m.dealsNext(p.dealer, o)
}

// ends is Rules.Ends, from the rules kept apart. It reads the tally where
// it is, not a copy: copying it just after adding to it stalls.
func (m *Match) ends(t *ginrummy.Tally) bool {
	return t.Points[0] >= m.target || t.Points[1] >= m.target ||
		m.handLimit > 0 && t.Boxes[0]+t.Boxes[1] >= m.handLimit && t.Points[0] != t.Points[1]
}

// dealsNext is Rules.DealsNext, from the rules kept apart.
func (m *Match) dealsNext(dealer int, o ginrummy.Outcome) int {
	switch {
	case o.Drawn:
		return dealer
	case m.loserDeals:
		return 1 - o.Winner
	}
	return 1 - dealer
}

func (p *play) over() bool { return p.open == 0 }

// end ends the i-th game of the match played on and settles it.
func (m *Match) end(p *play, i int) {
	c := &p.games[i]
	c.ended = true
	p.open--
	w, n := m.rules.SettleNet(c.Tally)
	if w == 0 {
		p.lead += n
	} else {
		p.lead -= n
	}
}

// settle is the value of the match once every game has ended: whether the
// player won it (a half for a level match) and his lead, the games' nets
// added up for or against him.
func (m *Match) settle(p *play) (win, net float64) {
	lead := p.lead
	switch {
	case lead > 0:
		win = 1
	case lead == 0:
		win = 0.5
	}
	return win, float64(lead)
}

// finish plays the match on to its end, each hand's result drawn with rng,
// and returns its value and the hands played.
func (m *Match) finish(p play, rng *rand.PCG) (win, net float64, hands int) {
	for ; !p.over() && hands < maxMatchHands; hands++ {
		ds := m.draws[p.dealer]
		x := rng.Uint64()
		u := float64(x>>11) / (1 << 53)
		// The first draw whose upTo is above u: u is at least
		// b/2^drawBits and below (b+1)/2^drawBits, so that draw is
		// index[b] or after it, and index[b+1] or before it.
		b := x >> (64 - drawBits)
		lo, hi := int(m.index[p.dealer][b]), int(m.index[p.dealer][b+1])
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if ds[mid].upTo > u {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		m.add(&p, ds[lo].o)
	}
	win, net = m.settle(&p)
	return win, net, hands
}

// stream is the random numbers of the k-th play of a match: the same k, the
// same hands, whatever the end it starts from.
func stream(k int) *rand.PCG { return rand.NewPCG(0x9e3779b97f4a7c15, uint64(k)) }

// plays is how many plays of the rest of the match value each of ends ends
// from s: MatchPlays, fewer for long matches.
func (m *Match) plays(s State, ends int) int {
	const pilot = 64
	hands := 0
	for k := range pilot {
		_, _, h := m.finish(m.start(s), stream(-1-k))
		hands += h
	}
	per := max(float64(hands)/pilot, 1)
	return min(MatchPlays, max(minMatchPlays, int(matchHands/(per*float64(ends)))))
}

// estimate is a sampled figure: the mean of its plays and its standard
// error.
type estimate struct{ mean, err float64 }

// sample values a match at p by n plays of its rest: the chance to win and
// the net.
func (m *Match) sample(p play, n int) (win, net estimate) {
	var sw, sw2, sn, sn2 float64
	for k := range n {
		w, x, _ := m.finish(p, stream(k))
		sw += w
		sw2 += w * w
		sn += x
		sn2 += x * x
	}
	return meanErr(sw, sw2, n), meanErr(sn, sn2, n)
}

func meanErr(s, s2 float64, n int) estimate {
	mean := s / float64(n)
	v := max(s2/float64(n)-mean*mean, 0)
	return estimate{mean, math.Sqrt(v / float64(n))}
}

// Before is the match's value at s, before the hand s.Dealer deals,
// sampled. s must pass Check.
func (m *Match) Before(s State) Value {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.before[s]; ok {
		return v
	}
	w, n := m.sample(m.start(s), m.plays(s, 1))
	v := Value{Win: w.mean, Net: n.mean, WinErr: w.err, NetErr: n.err}
	if len(m.before) >= matchCache {
		clear(m.before)
	}
	m.before[s] = v
	return v
}

// Values is what each end of the hand s.Dealer dealt is worth under the
// objective, Game or Net: the match's value after it, each sampled from
// the same plays of the rest of the match (Values.Matches, Values.StdErr),
// which value the other objective too. s must pass Check.
func (m *Match) Values(s State, obj Objective) *Values {
	if obj == Hand {
		return HandValues(m.rules)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.values[valuesKey{s, obj}]; ok {
		return v
	}
	most := m.rules.MaxHandPoints()
	ends := make([]ginrummy.Outcome, 0, 2*most+3)
	ends = append(ends, ginrummy.Outcome{Drawn: true})
	for p := range most + 1 {
		ends = append(ends, ginrummy.Outcome{Winner: 0, Points: p}, ginrummy.Outcome{Winner: 1, Points: p})
	}
	n := m.plays(s, len(ends))
	type figures struct{ win, net estimate }
	got := make([]figures, len(ends))
	var wg sync.WaitGroup
	// Each worker takes the next end not taken: ends that end the match
	// cost nothing, and a worker may get less of the machine than another.
	var next atomic.Int64
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(ends); i = int(next.Add(1) - 1) {
				p := m.start(s)
				m.add(&p, ends[i])
				if p.over() {
					w, x := m.settle(&p)
					got[i] = figures{estimate{w, 0}, estimate{x, 0}}
					continue
				}
				w, x := m.sample(p, n)
				got[i] = figures{w, x}
			}
		})
	}
	wg.Wait()
	// Each play gives both objectives' figures: both are kept.
	if len(m.values) >= matchCache-1 {
		clear(m.values)
	}
	for _, o := range []Objective{Game, Net} {
		v := &Values{Objective: o, Won: make([]float64, most+1), Lost: make([]float64, most+1), Matches: n}
		for i, end := range ends {
			e := got[i].net
			if o == Game {
				e = got[i].win
			}
			v.StdErr = max(v.StdErr, e.err)
			switch {
			case end.Drawn:
				v.Drawn = e.mean
			case end.Winner == 0:
				v.Won[end.Points] = e.mean
			default:
				v.Lost[end.Points] = e.mean
			}
		}
		m.values[valuesKey{s, o}] = v
	}
	return m.values[valuesKey{s, obj}]
}
