// Package advice answers the questions a Gin Rummy player asks at the table:
// take the face-up card or draw, which card to throw, and whether to knock
// now or play on. Knocking now is valued exactly over the opponent's
// possible hands (enumerated, or sampled with the error stated); playing on
// is valued by playing out the rest of the hand many times.
package advice

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Settings are the rules and the effort of an Advise call.
type Settings struct {
	Rules    ginrummy.Rules
	Model    Model
	Samples  int    // opponent hands sampled when they are not all enumerated; 0 for DefaultSamples
	Playouts int    // plays of the rest of the hand per option on average (engine.playOn); 0 for DefaultPlayouts
	Seed     uint64 // the seed of every random choice: the same seed, the same advice
	Exact    bool   // enumerate every opponent hand, or fail when there are more than MaxExact
	// Ranked leaves the advised option with the figure that ranked it,
	// where it is otherwise valued again on play-outs of its own (and,
	// before the draw, the best take and the draw both are): gin arena's
	// advise bot, whose knocks were no better and no better judged with
	// the figures valued again (docs/arena.md).
	Ranked bool
	// Objective is what the options are valued by: the hand's points
	// (equity.Hand, the zero value), or, at the game's Score, the chance to
	// win the game (equity.Game) or the expected difference of its final
	// settlement (equity.Net), each way the hand can end valued by the game
	// after it.
	Objective equity.Objective
	// Score is the game's score before this hand ends, from the player's
	// side, and who dealt it; with Objective Game or Net only.
	Score equity.State
	// Equity values the game under Rules; nil for the process's own
	// (equity.For): a table for one game, a match's samples for
	// Hollywood's three games at once.
	Equity equity.Valuer
}

// The default effort, and the limits of enumeration.
const (
	DefaultSamples  = 10000
	DefaultPlayouts = 400
	// AutoExact is the most opponent hands enumerated without Exact: fewer
	// than the samples would cost.
	AutoExact = 20000
	// MaxExact is the most opponent hands Exact enumerates.
	MaxExact = 3_000_000
)

// Advice is the answer for a position: every option, valued, and the best.
type Advice struct {
	Objective      equity.Objective // what the options' figures are: Option says
	Model          Model
	Unseen         int  // cards the player has not seen
	Stock          int  // cards in the stock, as given or estimated
	StockEstimated bool // the stock was not given (Position.StockSize says how it is estimated)
	Hands          int  // opponent hands weighed for the knock figures
	Exact          bool // they were every possible hand, so the knock figures are exact
	// StyleUnknown is set when the opponent's style was weighed but not
	// known (the evidence model, a knock rate strictly between WaitsForGin
	// and KnocksEarly, after their first throw): the knock figures are
	// then a mixture of a player who knocks early and one who waits, and
	// each knock is valued against one who waits too (Option.IfWaits).
	StyleUnknown bool
	// Values is what each way the hand can end was worth by the
	// objective; under several games at once, sampled (Values.Matches).
	Values  *equity.Values
	Options []Option // best first
	// DrawPlays is, where the options include a draw from the stock (or
	// the non-dealer's pass at the first offer, after which they draw when
	// the dealer passes too), what the draw's play-outs do with each card
	// it can bring: the play-out policy's throw (and knock), or another
	// found worth more on play-outs of its own (engine.chooseThrows); nil
	// otherwise. The value of that move after the card is drawn averages,
	// over the cards, to the draw's.
	DrawPlays map[ginrummy.Card]table.Play
}

// Best returns the advised option.
func (a *Advice) Best() Option { return a.Options[0] }

// Option is one thing the player can do, valued by the objective: in
// expected points of the hand from the player's side (negative when the
// opponent is expected to score), as gin score counts them, no box or game
// bonuses; or, by the game, the chance to win it (0 to 1) or the expected
// difference of its final settlement, every bonus counted.
type Option struct {
	Take     bool          // ten cards: take the upcard (and throw Discard)
	Draw     bool          // ten cards: draw from the stock; Discard is not known yet
	BigGin   bool          // eleven cards all melded (with Take, the upcard among them): lay them down, nothing thrown
	Discard  ginrummy.Card // the card thrown; NoCard on Draw and BigGin
	Deadwood int           // the deadwood of the ten cards kept; of all eleven on BigGin
	Knock    *Knock        // knocking now, or nil when the cards kept cannot knock
	PlayOn   *Estimate     // playing on, or nil on BigGin
	// Ranked is the figure of playing on the option was chosen on, when
	// PlayOn was valued again after the choosing, on play-outs of its own
	// (engine.report): the advised option's after the draw, and before it
	// when more than the best take and the draw were valued again; nil
	// when PlayOn is the figure it was chosen on.
	Ranked *Estimate
	// IfWaits is the knock and playing on valued again against a player
	// who waits for gin, when the opponent's style is not known (a knock is
	// then advised only when it is worth more than playing on both ways);
	// nil otherwise.
	IfWaits *IfWaits
	// IfEarly is the knock valued again against a player who knocks as
	// soon as they can (Position.KnockRate KnocksEarly), when IfWaits is
	// set: with it, the range of the knock's figures over the two styles
	// the model mixes; nil otherwise.
	IfEarly *Knock
	// again is set when the option's playing on was valued again on
	// play-outs of its own (engine.report).
	again bool
	// mayKnock is set when the rules let the option lay its cards down:
	// big gin, or a throw that the legal moves list as a knock too.
	mayKnock bool
	// out is set when the option was judged out of the race for play-outs
	// (engine.playOn): it is never advised, and is listed after the
	// options still in it.
	out bool
}

// IfWaits is an option's knock and playing on valued against an opponent
// who waits for gin (Position.KnockRate WaitsForGin), on the same sampled
// hands and play-outs as the option's own figures.
type IfWaits struct {
	Knock  *Knock
	PlayOn *Estimate
}

// Knocks reports whether knocking is worth more than playing on against a
// player who waits for gin.
func (w *IfWaits) Knocks() bool { return w.Knock.Best().Points >= w.PlayOn.Points }

// Estimate is an expected value under the objective (points, or a chance
// to win the game) with its standard error (0 when exact).
type Estimate struct {
	Points float64
	StdErr float64
	// playouts is how many play-outs a figure of playing on is from (the
	// options race for them: engine.playOn); 0 for other figures.
	playouts int
}

// Knock is the value of knocking now with one arrangement of the cards.
type Knock struct {
	Melds       []ginrummy.Meld // the knocker's melds as laid down
	Deadwood    int             // the knocker's deadwood
	Gin         bool            // no deadwood: gin (big gin on an eleven-card Option.BigGin)
	Undercut    float64         // the chance of being undercut
	UndercutErr float64         // its standard error; 0 when exact
	Estimate                    // the expected value of the knock
	// Alternative is an arrangement with more deadwood that is worth more,
	// as it leaves the defender fewer places to lay off; nil when none is.
	Alternative *Knock
}

// Value is what the option is worth when the player then does as advised:
// knocks now (Knocks) or plays on. A knock turned down only because a
// player who waits for gin would make it worse (IfWaits) leaves the option
// worth playing on, a little less than knocking by its own figures.
func (o Option) Value() float64 {
	if o.PlayOn == nil {
		return o.Knock.Best().Points
	}
	if o.Knocks() {
		return o.Knock.Best().Points
	}
	return o.PlayOn.Points
}

// ChosenValue is what the option is worth by the figures it was chosen on:
// Value, with the figure of playing on that ranked it where PlayOn was
// valued again after the choosing (Ranked). The advised option's is the
// highest of the options' (engine.report), and the difference between two
// options' is measured on the same play-outs.
func (o Option) ChosenValue() float64 {
	if o.Ranked != nil {
		o.PlayOn = o.Ranked
	}
	return o.Value()
}

// Knocks reports whether the advice for this option is to knock now: the
// knock is worth more than playing on, and when the opponent's style is not
// known, against a player who waits for gin too (IfWaits).
func (o Option) Knocks() bool {
	if o.Knock == nil {
		return false
	}
	if o.PlayOn == nil {
		return true
	}
	return o.Knock.Best().Points >= o.PlayOn.Points && (o.IfWaits == nil || o.IfWaits.Knocks())
}

// Best is the knock's better arrangement: the alternative when it has one.
func (k *Knock) Best() *Knock {
	if k.Alternative != nil {
		return k.Alternative
	}
	return k
}

// Advise values every option of the position under the settings. A position
// that cannot be is a *PositionError; rules that need the deal's first upcard
// (Oklahoma) without it is an error wrapping ginrummy.ErrNeedUpcard.
func Advise(p Position, s Settings) (*Advice, error) {
	return AdviseContext(context.Background(), p, s)
}

// AdviseContext is Advise, stopped when ctx is done: within a few samples
// or play-outs, however many the settings ask for, with ctx's error.
func AdviseContext(ctx context.Context, p Position, s Settings) (*Advice, error) {
	e, err := newEngine(ctx.Done(), p, s)
	if err != nil {
		return nil, err
	}
	a := &Advice{Objective: s.Objective, Model: s.Model, Unseen: len(e.unseen), Stock: e.stock, StockEstimated: p.Stock == Unknown, StyleUnknown: e.wary(), Values: e.val}
	a.Options = e.options()
	if err := e.knocks(a); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	e.chooseThrows(a.Options)
	if e.throws != nil {
		a.DrawPlays = make(map[ginrummy.Card]table.Play, len(e.throws))
		for c, t := range e.throws {
			a.DrawPlays[c] = table.Play{Discard: t.card, Knock: t.knock, BigGin: t.bigGin}
		}
	}
	e.playOn(a.Options)
	if err := ctx.Err(); err != nil {
		return nil, err // a play-out loop stopped short
	}
	slices.SortStableFunc(a.Options, byValue)
	if !e.s.Ranked && !e.report(a.Options) {
		return nil, ctx.Err() // its play-outs stopped short
	}
	return a, nil
}

// newEngine is what Advise works from for position p under settings s,
// the settings' defaults filled in; it stops its loops when done closes
// (never, when nil).
func newEngine(done <-chan struct{}, p Position, s Settings) (*engine, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	limit, err := s.Rules.KnockLimitFor(p.FirstUpcard)
	if err != nil {
		return nil, err
	}
	if s.Samples <= 0 {
		s.Samples = DefaultSamples
	}
	if s.Playouts <= 0 {
		s.Playouts = DefaultPlayouts
	}
	if p.TookMelds <= 0 {
		p.TookMelds = DefaultTookMelds
	}
	e := &engine{done: done, p: p, s: s, limit: limit, unseen: p.Unseen().Cards(), unknown: OpponentCards - p.Took.Len(), stock: p.StockSize()}
	// A card the opponent declined and later took or threw (it came back to
	// them after the player took and threw it) says what they hold by
	// the later move only.
	passed := p.Passed &^ p.Took &^ p.Threw
	// Likewise a card they threw and took back.
	threw := p.Threw &^ p.Took
	e.ev = evidence{took: p.Took, threw: threw, passed: passed, turns: p.Turns, knockRate: p.KnockRate, tookMelds: p.TookMelds, limit: limit, strong: p.Strong}
	if e.ev.turns == 0 {
		e.ev.turns = p.Threw.Len()
	}
	if e.ev.knockRate <= 0 {
		e.ev.knockRate = DefaultKnockRate
	}
	if p.KnocksFrom > 0 && e.ev.turns > 0 && e.lastStock() <= p.KnocksFrom {
		// They could knock at their last turn with the stock where they
		// were seen to knock: their style earlier in a hand does not count.
		e.ev.knockRate = max(e.ev.knockRate, KnocksLate)
	}
	e.ev.stock = e.lastStock()
	if e.wary() {
		waits := e.ev
		waits.knockRate = WaitsForGin
		e.waits = &waits
	}
	val, err := s.values()
	if err != nil {
		return nil, err
	}
	if e.table, err = newScoreTable(s.Rules, limit, p.FirstUpcard, val); err != nil {
		return nil, err
	}
	e.val, e.prior = val, chances(val)
	return e, nil
}

// lastStock is the cards the stock held at the opponent's last turn, once
// they had drawn: one more than now when the player has drawn from it since.
func (e *engine) lastStock() int {
	if e.p.Upcard == ginrummy.NoCard && e.p.FromPile == ginrummy.NoCard {
		return e.stock + 1
	}
	return e.stock
}

// byValue orders options best first: those judged out of the race for
// play-outs after the others (an option's figure on the race's first
// play-outs, far noisier than the others', may be higher by its luck
// than theirs once they have had more: engine.playOn).
func byValue(x, y Option) int {
	if x.out != y.out {
		if y.out {
			return -1
		}
		return 1
	}
	vx, vy := x.Value(), y.Value()
	switch {
	case vx > vy:
		return -1
	case vx < vy:
		return 1
	}
	return 0
}

// wary reports whether the opponent's style is not known and matters: the
// evidence model, after the opponent's first turn (before it the style
// weighs nothing), with a knock rate that is neither KnocksEarly's nor WaitsForGin's
// side of them (at the command line without --opponent-knocks, and in gin
// arena until a hand has shown how the opponent plays). A knock's figures
// are then a mixture of two players, true of neither: in the game's first
// hands the advise bot's knocks said to be undercut 10 to 20% of the time
// were undercut 7 points less often against simple, who knocks as soon as
// it can, and those said 20 to 30% 8 points more often against gin-hunter,
// who waits (docs/arena.md). So a knock is advised only when it is also
// worth more than playing on against a player who waits: each option that
// can knock (gin apart, which cannot be undercut: nothing to be wary of) is
// valued for such a player too, with the arrangement it would lay down, on
// the same sampled hands and play-outs weighed by e.waits.
func (e *engine) wary() bool {
	return e.s.Model == Evidence && !e.ev.strong && e.ev.turns > 0 && e.ev.knockRate > WaitsForGin && e.ev.knockRate < KnocksEarly
}

// values is what each end of the hand is worth under the objective: its
// points, or the game's value after it, from the game's table.
func (s Settings) values() (*equity.Values, error) {
	switch s.Objective {
	case equity.Hand:
		return equity.HandValues(s.Rules), nil
	case equity.Game, equity.Net:
	default:
		return nil, fmt.Errorf("advice: %v", s.Objective)
	}
	t := s.Equity
	if t == nil {
		var err error
		if t, err = equity.For(s.Rules); err != nil {
			return nil, err
		}
	}
	if err := t.Check(s.Score); err != nil {
		return nil, err
	}
	return t.Values(s.Score, s.Objective), nil
}

// report values the advised option again, on play-outs of its own: the
// options were ranked by their play-outs, and the best of many noisy
// figures is too high. After the draw the advised option keeps the figure
// it was chosen on as Ranked: every option's is of that kind, and the
// advised one's is the highest of them. Before the draw, the best take and
// the draw are both valued again and the better of the two is advised:
// ten takes against one draw, each take's figure as noisy as the draw's,
// and the best of the takes was chosen on its luck as much as on its
// worth. Then a take whose figure (that ranked it) is above the advised
// option's new one is valued again too, the best first, until none is
// (unsettled): the options as listed never contradict the advice. When one
// was, the advised option was chosen as the best of several new figures,
// too high as the ranking's was, and is valued once more (finalStream),
// keeping the figure it was chosen on as Ranked. opts are sorted best
// first, and stay so. It reports false when the call's context was done
// first.
func (e *engine) report(opts []Option) bool {
	if opts[0].PlayOn == nil {
		return true // big gin
	}
	if !opts[0].Take && !opts[0].Draw {
		ranked := opts[0].PlayOn
		if !e.valueAgain(&opts[0], reportStream) {
			return false
		}
		opts[0].Ranked = ranked
		return true
	}
	n := 1
	if i := slices.IndexFunc(opts, func(o Option) bool { return o.Draw != opts[0].Draw && !o.BigGin }); i > 0 {
		x := opts[i] // the best of the other kind, second
		copy(opts[2:i+1], opts[1:i])
		opts[1], n = x, 2
	}
	for i := range n {
		if !e.valueAgain(&opts[i], reportStream) {
			return false
		}
	}
	settled := true
	for {
		slices.SortStableFunc(opts, byValue)
		i := unsettled(opts)
		if i < 0 {
			break
		}
		if !e.valueAgain(&opts[i], reportStream) {
			return false
		}
		settled = false
	}
	if settled {
		return true
	}
	chosen := opts[0].PlayOn
	if opts[0].PlayOn != nil && !e.valueAgain(&opts[0], finalStream) {
		return false
	}
	opts[0].Ranked = chosen
	return true
}

// valueAgain values option o's playing on again, on the stream's
// play-outs (and against a player who waits too, with IfWaits). It
// reports false, leaving the option as it was, when the call's context
// was done first.
func (e *engine) valueAgain(o *Option, stream uint64) bool {
	if !e.setPlayOn(o, e.s.Playouts, stream, &outcomes{}) {
		return false
	}
	o.again, o.out = true, false
	return true
}

// unsettled is the option of opts, sorted best first, that must be valued
// again before the list can stand (engine.report), or -1 for none: the best
// of those not valued again whose figure is above the first option's.
func unsettled(opts []Option) int {
	bar, best := opts[0].Value(), -1
	for i, o := range opts {
		if o.again || o.PlayOn == nil || o.Value() <= bar {
			continue
		}
		if best < 0 || o.Value() > opts[best].Value() {
			best = i
		}
	}
	return best
}

// engine holds what an Advise call works from.
type engine struct {
	done    <-chan struct{} // the call's context's Done: the sampling and play-out loops stop when it closes
	p       Position
	s       Settings
	limit   int             // the knock limit in force
	unseen  []ginrummy.Card // the cards the player has not seen
	unknown int             // the opponent's cards among them
	stock   int
	ev      evidence
	table   *scoreTable
	val     *equity.Values // what each end of the hand is worth under the objective
	prior   *span          // the prior of the figures when they are chances (chances); nil for points
	// throws is the draw's throw for each card it can bring, chosen by
	// play-outs as a take's throw is; empty without a draw.
	throws map[ginrummy.Card]drawThrow
	// waits, when the opponent's style is not known (wary), is the
	// evidence against a player who waits for gin: the same hands and
	// play-outs are weighed by it too, for Option.IfWaits.
	waits *evidence
}

// stopped reports whether the call's context is done.
func (e *engine) stopped() bool {
	select {
	case <-e.done:
		return true
	default:
		return false
	}
}

// weight is how likely the model takes an opponent's hand to be, up to a
// constant.
func (e *engine) weight(hand ginrummy.Hand) float64 {
	if e.s.Model == Uniform {
		return 1
	}
	return e.ev.likelihood(hand)
}

// situation is the position as the rules of play see it (table.Legal's
// Situation): the player to move, with eleven cards to throw one, or ten
// and the face-up card at the first offer or before the draw.
func (e *engine) situation() table.Situation {
	s := table.Situation{Rules: e.s.Rules, Limit: e.limit, Phase: table.Drawing, Hand: e.p.Hand, FaceUp: e.p.Upcard, Taken: e.p.FromPile, Stock: e.stock, Next: ginrummy.NoCard}
	switch {
	case e.p.Upcard == ginrummy.NoCard:
		s.Phase = table.Discarding
	case e.p.Offer != NoOffer:
		s.Phase = table.Offer
	}
	return s
}

// options lists what the player can do, before any is valued: the moves the
// rules allow (Position.Legal, or those of the position's situation), a take
// with each move the rules then allow (the take's situation), a pass at the
// first offer being the option Draw.
func (e *engine) options() []Option {
	s := e.situation()
	legal := e.p.Legal
	if legal == nil {
		legal = s.Legal()
	}
	if s.Phase == table.Discarding {
		return throwOptions(legal, e.p.Hand, false)
	}
	var opts []Option
	for _, a := range legal {
		if a.Act == table.Draw || a.Act == table.Pass {
			opts = append(opts, Option{Draw: true, Discard: ginrummy.NoCard, Deadwood: e.p.Hand.Deadwood()})
		}
	}
	for _, a := range legal {
		if a.Act == table.Take {
			took := s
			took.Phase, took.Hand, took.Taken = table.Discarding, e.p.Hand.With(e.p.Upcard), e.p.Upcard
			opts = append(opts, throwOptions(took.Legal(), took.Hand, true)...)
		}
	}
	return opts
}

// throwOptions are the options of the moves legal with the eleven cards of
// hand (taken with a take of the face-up card, take): big gin first, then
// each throw in card order, each marked with whether the rules let it knock.
func throwOptions(legal []table.Action, hand ginrummy.Hand, take bool) []Option {
	var opts []Option
	knocks := knockCards(legal)
	if slices.ContainsFunc(legal, func(a table.Action) bool { return a.Act == table.BigGin }) {
		opts = append(opts, Option{Take: take, BigGin: true, Discard: ginrummy.NoCard, mayKnock: true})
	}
	for _, a := range legal {
		if a.Act == table.Throw {
			kept := hand.Without(a.Card)
			opts = append(opts, Option{Take: take, Discard: a.Card, Deadwood: kept.Deadwood(), mayKnock: knocks.Has(a.Card)})
		}
	}
	return opts
}

// knockCards is the cards legal knocks with.
func knockCards(legal []table.Action) ginrummy.Hand {
	var h ginrummy.Hand
	for _, a := range legal {
		if a.Act == table.Knock {
			h = h.With(a.Card)
		}
	}
	return h
}

// kept returns the ten cards an option keeps; for BigGin, all eleven.
func (e *engine) kept(o Option) ginrummy.Hand {
	switch {
	case o.BigGin && o.Take:
		return e.p.Hand.With(e.p.Upcard)
	case o.BigGin:
		return e.p.Hand
	case o.Take:
		return e.p.Hand.Without(o.Discard).With(e.p.Upcard)
	case o.Draw:
		return e.p.Hand
	}
	return e.p.Hand.Without(o.Discard)
}

// candidate is one way to knock now, weighed over the opponent's hands.
type candidate struct {
	option  int             // the index of its option
	melds   []ginrummy.Meld // the knocker's melds
	dw      int             // the knocker's deadwood
	ending  ginrummy.Ending
	minimal bool // a least-deadwood arrangement
	// hist[d] is the weight of the opponent hands left with deadwood d, and
	// hist2[d] the sum of their squared weights (for the standard error);
	// whist and whist2 the same against a player who waits (engine.waits),
	// ehist and ehist2 against one who knocks early (Option.IfEarly).
	hist, hist2, whist, whist2, ehist, ehist2 [maxDefenderDeadwood + 1]float64
}

// maxDefenderDeadwood bounds the deadwood of ten cards.
const maxDefenderDeadwood = 98

// knocks values knocking now for every option that can.
func (e *engine) knocks(a *Advice) error {
	var cands []*candidate
	for i, o := range a.Options {
		if !o.mayKnock {
			continue
		}
		kept := e.kept(o)
		switch {
		case o.BigGin:
			cands = append(cands, &candidate{option: i, melds: arrangeMelds(kept), ending: ginrummy.WentBigGin, minimal: true})
		case kept.Deadwood() == 0:
			cands = append(cands, &candidate{option: i, melds: arrangeMelds(kept), ending: ginrummy.WentGin, minimal: true})
		default:
			for _, arr := range knockArrangements(kept, e.limit, e.p.Unseen()) {
				cands = append(cands, &candidate{option: i, melds: arr.melds, dw: arr.deadwood, ending: ginrummy.Knocked, minimal: arr.minimal})
			}
		}
	}
	n, err := e.countHands()
	if err != nil {
		return err
	}
	a.Exact = e.s.Model == Uniform && (e.s.Exact || n <= AutoExact)
	if len(cands) == 0 {
		return nil
	}
	weigh := func(hand ginrummy.Hand, w float64) {
		var plain = -1
		var ww, ew float64 // the hand's weight against a player who waits, and one who knocks early
		if e.waits != nil {
			ww = e.waits.likelihood(hand)
			ew = e.waits.restyled(ww, hand, KnocksEarly)
		}
		for _, c := range cands {
			var d int
			if c.ending == ginrummy.Knocked {
				d = ginrummy.DefenderDeadwood(c.melds, hand)
			} else {
				if plain < 0 {
					plain = hand.Deadwood()
				}
				d = plain
			}
			c.hist[d] += w
			c.hist2[d] += w * w
			if e.waits != nil {
				c.whist[d] += ww
				c.whist2[d] += ww * ww
				c.ehist[d] += ew
				c.ehist2[d] += ew * ew
			}
		}
	}
	if a.Exact {
		a.Hands = e.enumerate(weigh)
	} else {
		a.Hands = e.sample(weigh)
	}
	from := make(map[*Knock]*candidate, len(cands))
	for _, c := range cands {
		k, err := e.value(c, &c.hist, &c.hist2, a.Exact)
		if err != nil {
			return err
		}
		from[k] = c
		o := &a.Options[c.option]
		switch {
		case o.Knock == nil:
			if c.minimal {
				o.Knock = k
			} else {
				// Alternatives come after the minimal arrangements.
				return errors.New("advice: an alternative arrangement came first")
			}
		case c.minimal && k.Points > o.Knock.Points:
			o.Knock = k
		case !c.minimal && k.Points > o.Knock.Best().Points:
			o.Knock.Alternative = k
		}
	}
	if e.waits == nil {
		return nil
	}
	for i := range a.Options {
		o := &a.Options[i]
		if o.Knock == nil || o.Knock.Best().Gin {
			continue
		}
		// The arrangement it would lay down, weighed against a player who
		// waits.
		c := from[o.Knock.Best()]
		k, err := e.value(c, &c.whist, &c.whist2, a.Exact)
		if err != nil {
			return err
		}
		o.IfWaits = &IfWaits{Knock: k}
		if o.IfEarly, err = e.value(c, &c.ehist, &c.ehist2, a.Exact); err != nil {
			return err
		}
	}
	return nil
}

// value turns a candidate's weighed deadwood into a Knock.
func (e *engine) value(c *candidate, hist, hist2 *[maxDefenderDeadwood + 1]float64, exact bool) (*Knock, error) {
	var points, under tally // the knock's figure, and whether it was undercut (1) or not (0)
	var prior *span         // the least and the most the knock can be worth, with chances
	if e.prior != nil && !exact {
		prior = &span{lo: math.Inf(1), hi: math.Inf(-1)}
	}
	var scores [maxDefenderDeadwood + 1]ginrummy.HandScore
	var all, undercuts float64
	for d, w := range hist {
		if w == 0 && prior == nil {
			continue
		}
		hs, err := e.s.Rules.ScoreHand(ginrummy.Showdown{Ending: c.ending, KnockerDeadwood: c.dw, DefenderDeadwood: d, Upcard: e.p.FirstUpcard})
		if err != nil {
			return nil, fmt.Errorf("advice: scoring %v against %d: %w", c.ending, d, err)
		}
		scores[d] = hs
		all += w
		if hs.Scorer == ginrummy.Defender {
			undercuts += w
		}
	}
	// Against a player who plays as the advice does, the hands that
	// undercut a knock weigh as much more (or less) in the chance of an
	// undercut said as makes it the one measured (strongUndercut). The
	// knock's points, by which the advice chooses, stay the model's: the
	// line is measured on the knocks the advice makes when it chooses so,
	// and weighing the points by it too changed which knocks it made, so
	// that they were undercut far more often than it said (docs/advise.md,
	// "Reading the chance of an undercut"). The hands that undercut then
	// weigh q in all, the others 1-q (finite however few undercut), and
	// the error said is the model's carried through the line: times its
	// slope, as the chance read moves by that much less than the model's.
	undercutWeight, otherWeight, slope := 1.0, 1.0, 1.0
	if e.s.Model == Evidence && e.ev.strong && c.ending == ginrummy.Knocked && undercuts > 0 && undercuts < all {
		var q float64
		q, slope = strongUndercut(undercuts/all, e.stock, c.dw)
		undercutWeight, otherWeight = q/undercuts, (1-q)/(all-undercuts)
	}
	for d, w := range hist {
		if w == 0 && prior == nil {
			continue
		}
		hs, ww := scores[d], hist2[d]
		pts, undercut, uw, uww := e.val.Won[hs.Points], 0.0, w*otherWeight, ww*otherWeight*otherWeight
		if hs.Scorer == ginrummy.Defender {
			pts, undercut = e.val.Lost[hs.Points], 1
			uw, uww = w*undercutWeight, ww*undercutWeight*undercutWeight
		}
		if prior != nil {
			prior.lo, prior.hi = min(prior.lo, pts), max(prior.hi, pts)
		}
		if w == 0 {
			continue
		}
		points.addBin(w, ww, pts)
		under.addBin(uw, uww, undercut)
	}
	k := &Knock{Melds: c.melds, Deadwood: c.dw, Gin: c.ending != ginrummy.Knocked}
	if exact {
		k.Points, k.Undercut = points.wx/points.w, under.wx/under.w
		return k, nil
	}
	k.Estimate = *points.figure(prior)
	u := under.estimate()
	k.Undercut, k.UndercutErr = u.Points, u.StdErr*slope
	return k, nil
}

// chances is the prior of the figures of playing on when they are chances
// (the game objective), which are estimated with one (tally.withPrior):
// the least and the most any end of the hand is worth; nil for points.
func chances(v *equity.Values) *span {
	if v.Objective != equity.Game {
		return nil
	}
	r := span{lo: v.Drawn, hi: v.Drawn}
	for _, x := range slices.Concat(v.Won, v.Lost) {
		r.lo, r.hi = min(r.lo, x), max(r.hi, x)
	}
	return &r
}

// countHands is how many hands the opponent can hold: the unknown cards
// chosen from the unseen ones. Exact fails beyond MaxExact.
func (e *engine) countHands() (int, error) {
	n := binomial(len(e.unseen), e.unknown)
	if e.s.Exact && e.s.Model != Uniform {
		return 0, &ExactError{Err: ErrExactModel}
	}
	if e.s.Exact && n > MaxExact {
		return 0, &ExactError{Hands: n, Err: ErrExactTooMany}
	}
	return n, nil
}

// binomial is n choose k, capped at math.MaxInt32 to stay exact.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
		if r > math.MaxInt32 {
			return math.MaxInt32
		}
	}
	return r
}

// enumerate calls weigh with every hand the opponent can hold and its
// weight, and returns how many there were.
func (e *engine) enumerate(weigh func(ginrummy.Hand, float64)) int {
	count := 0
	var walk func(from int, h ginrummy.Hand, left int)
	walk = func(from int, h ginrummy.Hand, left int) {
		if left == 0 {
			hand := h | e.p.Took
			weigh(hand, e.weight(hand))
			count++
			return
		}
		for i := from; i <= len(e.unseen)-left; i++ {
			walk(i+1, h.With(e.unseen[i]), left-1)
		}
	}
	walk(0, 0, e.unknown)
	return count
}

// sample calls weigh with Settings.Samples hands drawn uniformly from those
// the opponent can hold, each with its weight under the model.
func (e *engine) sample(weigh func(ginrummy.Hand, float64)) int {
	rng := rand.New(rand.NewPCG(e.s.Seed, 1))
	deck := slices.Clone(e.unseen)
	for i := range e.s.Samples {
		if i%checkEvery == 0 && e.stopped() {
			return i
		}
		hand := e.p.Took | deal(rng, deck, e.unknown)
		if e.s.Model == Evidence {
			hand = e.improve(rng, hand, deck, e.p.Unseen())
		}
		weigh(hand, e.weight(hand))
	}
	return e.s.Samples
}

// deal moves n random cards of deck to its front and returns them as a hand.
func deal(rng *rand.Rand, deck []ginrummy.Card, n int) ginrummy.Hand {
	var h ginrummy.Hand
	for i := range n {
		j := i + rng.IntN(len(deck)-i)
		deck[i], deck[j] = deck[j], deck[i]
		h = h.With(deck[i])
	}
	return h
}

// playOn values playing on for every option but big gin, the options shared
// among goroutines. The options race: each is first played out on a
// quarter of the play-outs (raceShare; at most keptMost, which is plenty to
// judge on, and all that is kept one by one); an option that could not then be
// worth as much as the best, by raceZ standard errors, gets no more, and
// the others share the play-outs the rest would have had, up to raceMost
// times Settings.Playouts each, on deals of their own that all of them
// play (raceStream). Most throws break a meld or keep a high card and are
// plainly worse after a few play-outs; the throws that are close, and the
// choice between knocking and playing on, get the play-outs.
func (e *engine) playOn(opts []Option) {
	var all []int
	for i, o := range opts {
		if !o.BigGin {
			all = append(all, i)
		}
	}
	if len(all) == 0 {
		return
	}
	outs := make([]outcomes, len(opts))
	run := func(race []int, n int, stream uint64) bool {
		e.setPlayOns(opts, race, n, stream, outs)
		return !e.stopped()
	}
	first := min(e.s.Playouts/raceShare, keptMost)
	if first < raceLeast {
		run(all, e.s.Playouts, rankStream) // too few to judge any option out
		return
	}
	if !run(all, first, rankStream) {
		return // AdviseContext returns the context's error
	}
	race := inRace(opts, outs, all)
	if len(race) == 0 || len(race) == 1 && opts[race[0]].Knock == nil {
		return // nothing left to choose: big gin, or one option that cannot knock
	}
	more := min((e.s.Playouts-first)*len(all)/len(race), raceMost*e.s.Playouts-first)
	run(race, more, raceStream)
}

// The race of the options' play-outs (engine.playOn).
const (
	raceShare = 4 // a race's first play-outs: Settings.Playouts ÷ raceShare an option, at most keptMost
	raceZ     = 3 // an option is out when it falls short of the best by raceZ standard errors
	raceMost  = 4 // the most play-outs an option gets: raceMost × Settings.Playouts
	raceLeast = 8 // the fewest first play-outs an option is judged out on; with fewer, no race
)

// inRace is the options of all, played out as outs, that could still be
// worth as much as the best: the best itself, and each option whose knock
// is worth as much, or whose playing on is within raceZ standard errors of
// the best's value. When the best plays on, the error is that of the
// difference between the two options on the same deals, far less than
// either's own. Each other option is marked out (Option.out) and keeps its
// figure on the first play-outs: noisier than the others', but not biased,
// as a figure measured from the best's would be by the luck that made it
// the best.
func inRace(opts []Option, outs []outcomes, all []int) []int {
	best := 0
	for i := range opts {
		if opts[i].Value() > opts[best].Value() {
			best = i
		}
	}
	top := opts[best].Value()
	playsOn := !opts[best].BigGin && !opts[best].Knocks()
	var race []int
	for _, i := range all {
		o := &opts[i]
		if i == best || o.Knock != nil && o.Knock.Best().Points >= top {
			race = append(race, i)
			continue
		}
		high := o.PlayOn.Points + raceZ*o.PlayOn.StdErr
		if playsOn {
			d := difference(outs[i].ws, outs[i].xs, outs[best].xs)
			high = opts[best].PlayOn.Points + d.Points + raceZ*d.StdErr
		}
		if high >= top {
			race = append(race, i)
		} else {
			o.out = true
		}
	}
	return race
}

// setPlayOn plays option o out n times more on the stream, adding them to
// outs, and values its playing on (and against a player who waits, with
// IfWaits) by all of outs. It reports false, leaving the option as it
// was, when the call's context was done first.
func (e *engine) setPlayOn(o *Option, n int, stream uint64, outs *outcomes) bool {
	if !e.playOuts(*o, n, stream, outs) {
		return false
	}
	e.setFigures(o, outs)
	return true
}

// setPlayOns is setPlayOn for the options of opts that race names, each
// into the outcomes of its index in outs, all on the same deals
// (engine.playOutsAll).
func (e *engine) setPlayOns(opts []Option, race []int, n int, stream uint64, outs []outcomes) bool {
	os := make([]Option, len(race))
	into := make([]*outcomes, len(race))
	for k, i := range race {
		os[k], into[k] = opts[i], &outs[i]
	}
	if !e.playOutsAll(os, n, stream, into) {
		return false
	}
	for _, i := range race {
		e.setFigures(&opts[i], &outs[i])
	}
	return true
}

// setFigures values option o's playing on (and against a player who waits,
// with IfWaits) by all of outs.
func (e *engine) setFigures(o *Option, outs *outcomes) {
	mix, byWaits := outs.estimates(e.prior)
	o.PlayOn = mix
	if o.IfWaits != nil {
		o.IfWaits.PlayOn = byWaits
	}
}

// meldTook gives each card the opponent took from the pile and holds, with
// the chance Position.TookMelds, two cards that make a meld with it when the
// dealt hand has none: a player who takes the face-up card only to meld it
// holds them (gin arena --calibration against gin-hunter: docs/arena.md).
// The two are chosen among the ways to meld the card that the unseen cards
// allow, and replace random dealt cards that are not kept for a meld; deck
// stays the unseen cards with the hand's dealt cards first.
func (e *engine) meldTook(rng *rand.Rand, hand ginrummy.Hand, deck []ginrummy.Card, unseen ginrummy.Hand) ginrummy.Hand {
	keep := e.p.Took
	for c := range e.p.Took.All() {
		if hand.Without(c).MakesMeld(c) || rng.Float64() >= e.p.TookMelds {
			continue
		}
		var pairs [6][2]ginrummy.Card
		n := meldPairs(c, unseen, &pairs)
		if n == 0 {
			continue
		}
		for _, x := range pairs[rng.IntN(n)] {
			keep = keep.With(x)
			if hand.Has(x) {
				continue
			}
			j := slices.Index(deck, x) // among the cards not dealt
			for range 50 {
				if i := rng.IntN(e.unknown); !keep.Has(deck[i]) {
					hand = hand.Without(deck[i]).With(x)
					deck[i], deck[j] = deck[j], deck[i]
					break
				}
			}
		}
	}
	return hand
}

// meldPairs lists the pairs of cards in from that make a meld with c: two
// of its rank, or two of its suit below, around or above it. They are
// written to pairs, on the caller's stack, and the count returned.
func meldPairs(c ginrummy.Card, from ginrummy.Hand, pairs *[6][2]ginrummy.Card) int {
	n := 0
	add := func(x, y ginrummy.Card) {
		if from.Has(x) && from.Has(y) {
			pairs[n] = [2]ginrummy.Card{x, y}
			n++
		}
	}
	var others [3]ginrummy.Card
	k := 0
	for s := range ginrummy.Suit(ginrummy.NumSuits) {
		if s != c.Suit() {
			others[k] = ginrummy.NewCard(c.Rank(), s)
			k++
		}
	}
	add(others[0], others[1])
	add(others[0], others[2])
	add(others[1], others[2])
	add(step(c, -2), step(c, -1))
	add(step(c, -1), step(c, 1))
	add(step(c, 1), step(c, 2))
	return n
}

// improve plays turns like the opponent's so far from a dealt hand: each
// draws a card from the rest of the unseen cards and throws the card that
// leaves the least deadwood, keeping the cards taken from the pile. The
// evidence model takes the opponent to hold such a hand, not any ten cards:
// a hand some turns old has shed its worst cards. The cards it throws were
// not seen, so they are out of the deal. deck holds the unseen cards.
func (e *engine) improve(rng *rand.Rand, hand ginrummy.Hand, deck []ginrummy.Card, unseen ginrummy.Hand) ginrummy.Hand {
	if e.unknown == 0 {
		return hand // every card of it was taken from the pile, and is known
	}
	hand = e.meldTook(rng, hand, deck, unseen)
	rest := deck[e.unknown:]
	for i := range e.forwardTurns(rng, len(rest)) {
		j := i + rng.IntN(len(rest)-i)
		rest[i], rest[j] = rest[j], rest[i]
		h := hand.With(rest[i])
		hand = h.Without(h.LeastDiscard(e.p.Took, ginrummy.CardOrder))
	}
	return hand
}

// forwardTurns is how many turns improve plays a hand forward, with rest
// unseen cards beside it to draw from: from none to one and a half times
// the opponent's turns, rounded down, and at most half of rest.
//
// How far a hand has come in as many turns varies from player to player
// and hand to hand, so the turns are drawn for each hand. With the turns
// fixed the model was too sure: against gin-hunter, knocks it said were
// safe were undercut more often than said, and knocks it said were lost
// less often. As many turns as the opponent's on average (none to twice)
// made their hand too good: each turn draws an unseen card, and the
// opponent's own draws were partly the cards they threw, which are seen
// and weigh on the hand through the evidence already; once the bot knew
// gin-hunter's style from the run's earlier games, most of its bins of
// knocks said 20-90% likely undercut were undercut 5 to 18 points less
// often than said.
//
// Late in a hand few cards are unseen, and drawing as many times as there
// are cards would keep the best ten of all of them, which no player does:
// the turns are capped at half the cards to draw from. Not counting the
// turns that took from the pile (they drew no unseen card), or a cap of
// two thirds, each fitted the knocks of an earlier play better, and each
// played worse calibrated against gin-hunter at the tuning seeds.
// All chosen by gin arena --calibration (docs/arena.md).
func (e *engine) forwardTurns(rng *rand.Rand, rest int) int {
	return min(rng.IntN(3*e.ev.turns/2+1), rest/2)
}
