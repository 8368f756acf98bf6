package advice

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Playing on is valued by playing the rest of the hand out: the opponent's
// hand drawn from the model (under the evidence model, played forward as
// engine.improve does), the stock shuffled from the other unseen cards,
// and both players following the play-out policy (table.PlayOutPolicy,
// whose methods the fast loop calls): take the face-up card when it makes
// a meld, else draw; throw the card that leaves the least deadwood, never
// the card just taken; knock as soon as the knock limit allows; big gin
// where the rules score it. The hand is drawn, scoring nothing, when a turn
// would start with two cards or fewer in the stock, or after 500 turns (two
// players who only take from the pile never run the stock down).

// policy is the play-outs' policy, named once in the table package.
var policy table.PlayOutPolicy

// checkEvery is how many samples or play-outs go between two looks at
// whether the call's context is done: a few microseconds' work each.
const checkEvery = 16

// world is what play-outs deal from: the cards the player has not seen
// (the opponent's unknown cards and the stock among them) and the stock's
// size. After a draw from the stock the drawn card is seen and the stock
// one smaller.
type world struct {
	unseen []ginrummy.Card
	hand   ginrummy.Hand // the same cards as a set
	stock  int
}

// start is where a play-out begins: the player's ten cards (on a draw,
// before the card drawn), the face-up card, whose turn it is (0 the
// player), whether the player's first move is the option's draw from the
// stock, whatever the face-up card, and the first upcard offer the player
// passed, if any.
type start struct {
	hand  ginrummy.Hand
	top   ginrummy.Card
	turn  int
	draw  bool
	offer Offer
}

// startOf is where option o's play-outs begin.
func (e *engine) startOf(o Option) start {
	switch {
	case o.Draw && e.p.Offer != NoOffer:
		// Passing the first upcard: the other player moves first.
		return start{hand: e.p.Hand, top: e.p.Upcard, turn: 1, offer: e.p.Offer}
	case o.Draw:
		return start{hand: e.p.Hand, top: e.p.Upcard, turn: 0, draw: true}
	}
	return start{hand: e.kept(o), top: o.Discard, turn: 1}
}

// Each set of play-outs draws from a random stream of its own, named by
// its stage in the high bits, so that a figure is never estimated on the
// play-outs that chose it.
const (
	rankStream   uint64 = 1 << 32 // the play-outs that rank the options (the race's first: engine.playOn)
	throwStream  uint64 = 2 << 32 // those that choose the throw after each card a draw can bring (low bits: the card)
	reportStream uint64 = 3 << 32 // those that value the advised option again
	raceStream   uint64 = 4 << 32 // those added to the options still in the race
	finalStream  uint64 = 5 << 32 // those that value the advised option once more, when it was chosen on figures valued again
)

// outcomes are play-outs of one option, in the order of their deals: all of
// them as sums (tally), weighed by the model and, when the option is valued
// against a player who waits for gin too, by e.waits, for the option's
// figures; and the first keptMost one by one (each deal's weight under the
// model and the points the player scored), for the race to compare two
// options deal by deal (inRace). Memory stays the same whatever --playouts
// asks.
type outcomes struct {
	ws, xs     []float64
	mix, waits tally // waits only when the option is valued against a player who waits
}

// keptMost is the most play-outs an option's outcomes keep one by one: a
// race's first play-outs are at most this many (engine.playOn). At
// --playouts 1,000,000, keeping them all took 330 MB.
const keptMost = 1 << 14

// add counts one play-out worth x, weighed w by the model and ww as if the
// opponent waits (when waits is set).
func (o *outcomes) add(w, ww, x float64, waits bool) {
	o.mix.add(w, x)
	if waits {
		o.waits.add(ww, x)
	}
	if len(o.xs) < keptMost {
		o.ws, o.xs = append(o.ws, w), append(o.xs, x)
	}
}

// grow makes room for n more play-outs kept one by one, at once.
func (o *outcomes) grow(n int) {
	more := min(len(o.xs)+n, keptMost) - len(o.xs)
	if more > 0 {
		o.ws, o.xs = slices.Grow(o.ws, more), slices.Grow(o.xs, more)
	}
}

// estimates are the expected points of the outcomes, weighted by the
// model, and when they were weighed against a player who waits, by that
// too (nil otherwise); with a prior's range (chances), taken with it
// (tally.withPrior).
func (o *outcomes) estimates(prior *span) (mix, byWaits *Estimate) {
	if o.waits.n > 0 {
		byWaits = o.waits.figure(prior)
	}
	return o.mix.figure(prior), byWaits
}

// tally sums weighted play-outs for their mean and its standard error (the
// square root of Σw²·(x − mean)² over Σw), in the same memory whatever their
// number. The mean is summed in the play-outs' order, as a plain sum over
// them would be (the tests check it against one); the squares about the
// first weighed play-out's points, so that the spread is not lost in the
// rounding of large sums.
type tally struct {
	n             int
	w, wx         float64 // Σw, Σw·x
	origin        float64 // the first x with a weight (those before add nothing to the squares)
	ww, wwy, wwyy float64 // Σw², Σw²·y, Σw²·y², y = x − origin
}

func (t *tally) add(w, x float64) { t.addBin(w, w*w, x) }

// addBin counts outcomes all worth x, of weights summing to w and squared
// weights summing to ww, as one: one play-out, or the opponent hands that
// score a knock alike.
func (t *tally) addBin(w, ww, x float64) {
	if t.w == 0 {
		t.origin = x
	}
	t.n++
	t.w += w
	t.wx += w * x
	y := x - t.origin
	t.ww += ww
	t.wwy += ww * y
	t.wwyy += ww * y * y
}

// estimate is the weighted mean with its standard error: the square root of
// Σw²·(x − mean)², expanded about the origin, over Σw.
func (t *tally) estimate() *Estimate {
	mean := t.wx / t.w
	m := mean - t.origin
	v := t.wwyy - 2*m*t.wwy + m*m*t.ww
	return &Estimate{Points: mean, StdErr: math.Sqrt(max(v, 0)) / t.w, playouts: t.n}
}

// span is the least and the most a figure can be, by the rules.
type span struct{ lo, hi float64 }

// figure is the estimate of an option's figure from t: taken with a prior
// over the range the figure can take (withPrior) when there is one
// (chances, the game objective: engine.prior), so that a share of 0 or 1
// is not certain; nil for none (points).
func (t tally) figure(prior *span) *Estimate {
	if prior != nil {
		t = t.withPrior(*prior)
	}
	return t.estimate()
}

// withPrior is t with a prior worth one outcome of t's typical weight
// (Σw²/Σw: the weight itself when all are alike), half of it at the least
// the figure can be and half at the most. A share of play-outs that were
// all won (or all lost) then has an honest error, where the play-outs'
// own spread is none. For a chance (0 to 1) with n play-outs alike in
// weight, k of them won, the mean is (k + ½)/(n + 1), the centre of
// Wilson's score interval at one standard error (z = 1; also Jeffreys'
// prior's posterior mean), and the error is the interval's half-width,
// √(k(n−k)/n + ¼)/(n + 1), to within a share 1/n of it. Elsewhere the
// prior moves the mean by (½ − mean)/(n + 1), at most an eighth of a
// percentage point at the default 400 play-outs. A figure that can be one
// thing only (gin at 99–0 to 100 wins the game whatever the opponent
// holds) stays certain.
func (t tally) withPrior(r span) tally {
	if t.w == 0 {
		return t
	}
	a := t.ww / t.w
	t.add(a/2, r.lo)
	t.add(a/2, r.hi)
	t.n -= 2 // no play-outs
	return t
}

// playOuts plays option o out n times more on the stream, in the position's
// world, adding them to outs: its expected points for the player are their
// mean weighted by the model (outcomes.estimates). Every option is played
// against the same opponent hands and stock orders on a stream (common
// random numbers): the options are compared on the same deals, so their
// difference is far less noisy than their values. It reports false when
// the call's context was done first.
func (e *engine) playOuts(o Option, n int, stream uint64, outs *outcomes) bool {
	return e.playOutsAll([]Option{o}, n, stream, []*outcomes{outs})
}

// dealBlock is how many deals playOutsAll draws at a time, for all the
// options to play: memory stays the same whatever --playouts asks.
const dealBlock = 256

// dealt is one deal of the play-outs: the opponent's hand, its weight
// under the model and, when some option is valued against a player who
// waits, as if the opponent waits; and the stock in the order it is drawn.
type dealt struct {
	opp        ginrummy.Hand
	weight, ww float64
	stock      []ginrummy.Card
}

// playOutsAll is playOuts for each of opts, into the outcomes of the same
// index. All of them play the same deals (common random numbers), so each
// deal is drawn once, a block at a time, and the options share a block
// among goroutines; each option adds its play-outs in the deals' order,
// as it would alone.
func (e *engine) playOutsAll(opts []Option, n int, stream uint64, outs []*outcomes) bool {
	sts := make([]start, len(opts))
	anyWaits := false
	for k, o := range opts {
		sts[k] = e.startOf(o)
		anyWaits = anyWaits || e.waits != nil && o.IfWaits != nil
		outs[k].grow(n)
	}
	w := world{unseen: e.unseen, hand: e.p.Unseen(), stock: e.stock}
	block := make([]dealt, 0, min(n, dealBlock))
	stocks := make([]ginrummy.Card, min(n, dealBlock)*w.stock)
	play := func(k int) {
		waits := e.waits != nil && opts[k].IfWaits != nil
		for _, d := range block {
			outs[k].add(d.weight, d.ww, e.playOut(sts[k], d.opp, d.stock), waits)
		}
	}
	next := e.dealer(w, stream)
	for i := 0; i < n; {
		block = block[:0]
		for ; i < n && len(block) < dealBlock; i++ {
			if i%checkEvery == 0 && e.stopped() {
				return false
			}
			stock := stocks[len(block)*w.stock : (len(block)+1)*w.stock]
			opp, weight := next(stock)
			ww := 0.0
			if anyWaits {
				ww = e.waits.likelihood(opp)
			}
			block = append(block, dealt{opp: opp, weight: weight, ww: ww, stock: stock})
		}
		if len(opts) == 1 {
			play(0)
		} else {
			parallel(len(opts), play)
		}
	}
	return true
}

// difference is how much more xs are worth than ys, play-out by play-out on
// the same deals (weighted by ws), with its standard error: far less than
// either's own.
func difference(ws, xs, ys []float64) *Estimate {
	var t tally
	for j, x := range xs {
		t.add(ws[j], x-ys[j])
	}
	return t.estimate()
}

// deals calls play n times with an opponent's hand drawn from the model, a
// stock in the order it is drawn, both from world w, and the hand's weight
// under the model. It reports false when the call's context was done first.
func (e *engine) deals(w world, n int, stream uint64, play func(opp ginrummy.Hand, stock []ginrummy.Card, weight float64)) bool {
	next := e.dealer(w, stream)
	stock := make([]ginrummy.Card, w.stock)
	for i := range n {
		if i%checkEvery == 0 && e.stopped() {
			return false
		}
		opp, weight := next(stock)
		play(opp, stock, weight)
	}
	return true
}

// dealer returns the deals of world w on the stream, one a call: an
// opponent's hand drawn from the model and its weight under the model, the
// stock, in the order it is drawn, written to stock (w.stock cards).
func (e *engine) dealer(w world, stream uint64) func(stock []ginrummy.Card) (ginrummy.Hand, float64) {
	rng := rand.New(rand.NewPCG(e.s.Seed, stream))
	deck := slices.Clone(w.unseen)
	rest := make([]ginrummy.Card, 0, len(w.unseen))
	return func(stock []ginrummy.Card) (ginrummy.Hand, float64) {
		opp := e.p.Took | deal(rng, deck, e.unknown)
		if e.s.Model == Evidence {
			opp = e.improve(rng, opp, deck, w.hand)
		}
		rest = rest[:0]
		for _, c := range w.unseen {
			if !opp.Has(c) {
				rest = append(rest, c)
			}
		}
		deal(rng, rest, w.stock)
		copy(stock, rest[:w.stock])
		return opp, e.weight(opp)
	}
}

// playOut plays one hand to its end from st and returns the points the
// player scores (negative when the opponent scores). On the option's draw
// the player throws by e.throws, the throw chosen for the card drawn, when
// it is filled in, and by the policy otherwise.
func (e *engine) playOut(st start, opp ginrummy.Hand, stock []ginrummy.Card) float64 {
	hands := [2]ginrummy.Hand{st.hand, opp} // the player, the opponent
	top, turn, draw, offer := st.top, st.turn, st.draw, st.offer
	for turns := 0; ; turns++ {
		// The hand is drawn as at the table: the stock run down, or
		// players who only take from the pile after MaxTurns turns.
		if len(stock) <= ginrummy.StockLeft || turns == ginrummy.MaxTurns {
			return e.table.drawn
		}
		h := hands[turn]
		taken := ginrummy.NoCard
		switch {
		case offer == FirstOffer:
			// The dealer is offered the card the player passed: taken if it
			// melds, else passed too, and the player draws from the stock.
			offer = NoOffer
			if !policy.Takes(h, top) {
				turn, draw = 0, true
				turns-- // a pass is no turn
				continue
			}
			taken = top
		case offer == DealerOffer:
			offer = NoOffer // both passed: the non-dealer draws from the stock
		case draw:
			draw = false // the option's draw: from the stock, whatever the face-up card
			if t, ok := e.throws[stock[0]]; ok {
				return e.afterDraw(h.With(stock[0]), t, opp, stock[1:])
			}
		case policy.Takes(h, top):
			taken = top
		}
		if taken != ginrummy.NoCard {
			h = h.With(taken)
		} else {
			h = h.With(stock[0])
			stock = stock[1:]
		}
		if policy.BigGin(e.s.Rules, h) {
			return e.ends(turn, ginrummy.WentBigGin, h, hands[1-turn])
		}
		throw, d := policy.ThrowLeaving(h, taken)
		h = h.Without(throw)
		hands[turn], top = h, throw
		if d == 0 {
			return e.ends(turn, ginrummy.WentGin, h, hands[1-turn])
		} else if policy.Knocks(d, e.limit) {
			return e.ends(turn, ginrummy.Knocked, h, hands[1-turn])
		}
		turn = 1 - turn
	}
}

// drawThrow is what the player does with eleven cards after the option's
// draw: throw card and play on, throw it and knock (gin when the ten kept
// all meld), or lay all eleven down for big gin.
type drawThrow struct {
	card   ginrummy.Card
	knock  bool
	bigGin bool
}

// The draw's throw is chosen, for each card the draw can bring, among the
// throws that leave at most throwMargin points of deadwood more than the
// least (the others break melds), each valued by 1/throwShare of the
// play-outs an option gets: some 35 cards and 5 throws each would cost
// nine times the other options' play-outs at the same effort. On the
// position of issue 23 (4,000 play-outs an option), choosing each throw on
// 25 play-outs valued the draw 0.8 points below choosing it on 400, and on
// 5, 1.8 points below.
const (
	throwMargin = 10
	throwShare  = 16
)

// chooseThrows fills in e.throws when the options include the draw: for
// each card the stock can bring, the throw (and knock or not) worth most
// by play-outs of its own, as a take's throw is chosen among the take
// options. Left to the policy's throw, the draw was valued a turn less
// deep than the takes: with 5♣ 6♣ 7♣ Q♣ Q♦ Q♥ 10♥ K♥ 3♠ K♠ and 10♣ face
// up, taking it and throwing the 10♥ was worth 7 points more than drawing,
// and the draw as much as taking it and throwing the K♠, the policy's
// throw. The play-outs that choose are not those that value the draw, so
// its figure is not raised by the choosing.
func (e *engine) chooseThrows(opts []Option) {
	if e.p.Offer == DealerOffer || !slices.ContainsFunc(opts, func(o Option) bool { return o.Draw }) {
		return // no draw, or the dealer's pass, after which the other player draws first
	}
	cards := e.unseen
	found := make([]drawThrow, len(cards))
	parallel(len(cards), func(i int) { found[i] = e.throwAfter(cards[i]) })
	e.throws = make(map[ginrummy.Card]drawThrow, len(cards))
	for i, c := range cards {
		e.throws[c] = found[i]
	}
}

// throwAfter is the best of the player's moves with eleven cards after
// drawing x from the stock. Every move is played on the same deals, and a
// move other than the policy's (the throw that leaves the least deadwood,
// knocking when it can) is chosen only when it is worth more by at least
// one standard error of the difference: on so few play-outs a lucky move
// would often be chosen over a better one.
func (e *engine) throwAfter(x ginrummy.Card) drawThrow {
	h := e.p.Hand.With(x)
	if policy.BigGin(e.s.Rules, h) {
		return drawThrow{bigGin: true} // as the play-outs do
	}
	least := 1 << 30
	for c := range h.All() {
		least = min(least, h.Without(c).Deadwood())
	}
	first := policy.Throw(h, ginrummy.NoCard)
	moves := []drawThrow{{card: first, knock: policy.Knocks(least, e.limit)}}
	drew := e.situation()
	drew.Phase, drew.Hand, drew.Taken = table.Discarding, h, ginrummy.NoCard
	legal := drew.Legal()
	knocks := knockCards(legal)
	for _, a := range legal {
		if a.Act != table.Throw {
			continue
		}
		c := a.Card
		switch d := h.Without(c).Deadwood(); {
		case d > least+throwMargin:
		case d == 0 && knocks.Has(c):
			if c != first {
				moves = append(moves, drawThrow{card: c, knock: true})
			}
		case knocks.Has(c):
			if c != first {
				moves = append(moves, drawThrow{card: c, knock: true})
			}
			moves = append(moves, drawThrow{card: c})
		case c != first:
			moves = append(moves, drawThrow{card: c})
		}
	}
	if len(moves) == 1 {
		return moves[0]
	}
	w := world{unseen: slices.DeleteFunc(slices.Clone(e.unseen), func(c ginrummy.Card) bool { return c == x }), hand: e.p.Unseen().Without(x), stock: e.stock - 1}
	n := max(e.s.Playouts/throwShare, 2)
	more := make([]tally, len(moves)) // how much more each move is worth than the policy's, deal by deal
	if !e.deals(w, n, throwStream|uint64(x), func(opp ginrummy.Hand, stock []ginrummy.Card, weight float64) {
		base := e.afterDraw(h, moves[0], opp, stock)
		for i := 1; i < len(moves); i++ {
			more[i].add(weight, e.afterDraw(h, moves[i], opp, stock)-base)
		}
	}) {
		return moves[0] // stopped: AdviseContext returns the context's error
	}
	best, bestV := moves[0], 0.0
	for i := 1; i < len(moves); i++ {
		d := more[i].estimate()
		if lower := d.Points - d.StdErr; lower > bestV {
			best, bestV = moves[i], lower
		}
	}
	return best
}

// afterDraw plays the rest of a hand from the player's eleven cards h,
// after the option's draw, by the move t, and returns the points the
// player scores.
func (e *engine) afterDraw(h ginrummy.Hand, t drawThrow, opp ginrummy.Hand, stock []ginrummy.Card) float64 {
	if t.bigGin {
		return e.ends(0, ginrummy.WentBigGin, h, opp)
	}
	keep := h.Without(t.card)
	switch {
	case t.knock && keep.IsGin():
		return e.ends(0, ginrummy.WentGin, keep, opp)
	case t.knock:
		return e.ends(0, ginrummy.Knocked, keep, opp)
	}
	return e.playOut(start{hand: keep, top: t.card, turn: 1}, opp, stock)
}

// parallel calls f(i) for every i below n, shared among goroutines.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// ends scores a hand that player turn (0 the advised player) ended with
// hand against the other's defender cards, valued for the advised player
// by the objective.
func (e *engine) ends(turn int, ending ginrummy.Ending, hand, defender ginrummy.Hand) float64 {
	a := hand.Arrange()
	var d int
	if ending == ginrummy.Knocked {
		d = ginrummy.DefenderDeadwood(a.Melds(), defender)
	} else {
		d = defender.Deadwood()
	}
	return e.points(turn, ending, a.Deadwood, d)
}

// points is what a hand that player turn ended is worth to the advised
// player, from the table Advise fills in from the rules and the objective.
func (e *engine) points(turn int, ending ginrummy.Ending, k, d int) float64 {
	switch ending {
	case ginrummy.WentGin:
		return e.table.gin[turn][d]
	case ginrummy.WentBigGin:
		return e.table.bigGin[turn][d]
	}
	return e.table.knock[turn][k][d]
}

// scoreTable holds what every hand a knock limit allows is worth to the
// advised player, by who ended it (0 the advised player), and a drawn hand.
type scoreTable struct {
	knock       [2][][maxDefenderDeadwood + 1]float64 // by knocker deadwood, then defender's
	gin, bigGin [2][maxDefenderDeadwood + 1]float64
	drawn       float64
}

// newScoreTable scores every hand once, by the rules' own ScoreHand (big
// gin only where the rules play it; handScoresFor), and values it by val.
func newScoreTable(r ginrummy.Rules, limit int, upcard ginrummy.Card, val *equity.Values) (*scoreTable, error) {
	hs, err := handScoresFor(r, limit, upcard)
	if err != nil {
		return nil, err
	}
	t := &scoreTable{drawn: val.Drawn}
	for turn := range 2 {
		t.knock[turn] = make([][maxDefenderDeadwood + 1]float64, limit+1)
	}
	value := func(x handScore) [2]float64 {
		// Who wins, by who knocked: the knocker, or the defender.
		w := [2]int{0, 1}
		if x.defender {
			w = [2]int{1, 0}
		}
		var v [2]float64
		for turn := range 2 {
			v[turn] = val.Of(ginrummy.Outcome{Winner: w[turn], Points: x.points})
		}
		return v
	}
	for d := range maxDefenderDeadwood + 1 {
		for k := 1; k <= limit; k++ {
			v := value(hs.knock[k][d])
			t.knock[0][k][d], t.knock[1][k][d] = v[0], v[1]
		}
		v := value(hs.gin[d])
		t.gin[0][d], t.gin[1][d] = v[0], v[1]
		if r.BigGin {
			v := value(hs.bigGin[d])
			t.bigGin[0][d], t.bigGin[1][d] = v[0], v[1]
		}
	}
	return t, nil
}

// handScore is a hand as ScoreHand scores it: whether the defender scores,
// and the points.
type handScore struct {
	defender bool
	points   int
}

// handScores is every hand a knock limit allows, scored.
type handScores struct {
	knock       [][maxDefenderDeadwood + 1]handScore // by knocker deadwood, then defender's
	gin, bigGin [maxDefenderDeadwood + 1]handScore
}

// The hands scored, by rules, knock limit and upcard: each advice, and a
// bot's every decision, values them all, and the twelve hundred calls to
// ScoreHand cost more than a quick decision's play-outs. Whatever the
// objective, the scores are the same; only their values differ.
type handScoresKey struct {
	rules  ginrummy.Rules
	limit  int
	upcard ginrummy.Card
}

var (
	handScoresMu    sync.Mutex
	handScoresCache = map[handScoresKey]*handScores{}
)

// handScoresMost is the most kinds of hands scored kept at once: the rules
// of a session and each upcard's limit are a few.
const handScoresMost = 64

// handScoresFor scores every hand a knock limit allows by the rules' own
// ScoreHand, or returns its first error, as newScoreTable meets them (by
// defender's deadwood, then knocks, gin and big gin). The scores are
// kept for the next call.
func handScoresFor(r ginrummy.Rules, limit int, upcard ginrummy.Card) (*handScores, error) {
	key := handScoresKey{r, limit, upcard}
	handScoresMu.Lock()
	hs, ok := handScoresCache[key]
	handScoresMu.Unlock()
	if ok {
		return hs, nil
	}
	hs = &handScores{knock: make([][maxDefenderDeadwood + 1]handScore, limit+1)}
	score := func(ending ginrummy.Ending, k, d int) (handScore, error) {
		s, err := r.ScoreHand(ginrummy.Showdown{Ending: ending, KnockerDeadwood: k, DefenderDeadwood: d, Upcard: upcard})
		return handScore{defender: s.Scorer == ginrummy.Defender, points: s.Points}, err
	}
	var err error
	for d := range maxDefenderDeadwood + 1 {
		for k := 1; k <= limit; k++ {
			if hs.knock[k][d], err = score(ginrummy.Knocked, k, d); err != nil {
				return nil, err
			}
		}
		if hs.gin[d], err = score(ginrummy.WentGin, 0, d); err != nil {
			return nil, err
		}
		if r.BigGin {
			if hs.bigGin[d], err = score(ginrummy.WentBigGin, 0, d); err != nil {
				return nil, err
			}
		}
	}
	handScoresMu.Lock()
	if len(handScoresCache) >= handScoresMost {
		clear(handScoresCache)
	}
	handScoresCache[key] = hs
	handScoresMu.Unlock()
	return hs, nil
}
