// Package review says, after a hand, what each decision of it cost: for
// every decision of a player whose cards a hand record knows, the move made,
// the best move the advice finds, the expected points the move lost against
// the best, with its standard error, and a tag (inaccuracy, mistake,
// blunder) by thresholds in points. It is to gin what a chess program's
// game analysis is to chess.
//
// A decision is valued from what the player could see then and nothing
// more: the record is replayed through the table's rules of play
// (record.Replay) to just before it, and the position is the one the
// player's view shows (advice.PositionOf), valued by advice.Advise. A turn
// is split into its decisions:
//
//   - take or draw (a pass at the first offer counts as a draw): the best
//     option of the position before the draw, less the best option of the
//     branch taken, each option valued as the better of knocking and
//     playing on;
//   - the discard: the best option of the branch, less the value of the
//     card thrown (a take's options are those of the position before the
//     draw; after a draw, the eleven cards are advised afresh with the card
//     drawn);
//   - knock or play on, where the ten cards kept can knock: the value of the
//     card thrown (the better of the two), less the value of what was done.
//
// So each loss is 0 or more by construction, and the turn's losses add up
// to the best option of the turn less what the turn's moves were worth
// (unless one of them was valued again, below).
//
// The best option is the best of several noisy figures, so its loss against
// another is pushed up by the choosing. A decision that these figures tag is
// valued again: its position is advised once more with another seed, the
// same two moves (the best and the one made, each knocking or playing on as
// first valued) are found among the new options, and the loss, its error
// and the tag are theirs.
package review

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Kind is the kind of a decision.
type Kind uint8

// The decisions of a turn, in the order they are made.
const (
	TakeOrDraw    Kind = iota + 1 // ten cards: take the face-up card or draw (or pass at the first offer)
	Discard                       // eleven cards: which card to throw (or big gin)
	KnockOrPlayOn                 // the ten cards kept can knock: knock now or play on
)

var kindWords = [...]string{TakeOrDraw: "take-or-draw", Discard: "discard", KnockOrPlayOn: "knock-or-play-on"}

// String is the kind's name: take-or-draw, discard or knock-or-play-on.
func (k Kind) String() string {
	if int(k) < len(kindWords) && kindWords[k] != "" {
		return kindWords[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Tag grades a decision by the points it lost.
type Tag uint8

// The tags, from none to the worst.
const (
	None Tag = iota
	Inaccuracy
	Mistake
	Blunder
)

var tagWords = [...]string{None: "none", Inaccuracy: "inaccuracy", Mistake: "mistake", Blunder: "blunder"}

// String is the tag's name.
func (t Tag) String() string {
	if int(t) < len(tagWords) {
		return tagWords[t]
	}
	return fmt.Sprintf("Tag(%d)", uint8(t))
}

// Tags is every tag, from none to the worst.
var Tags = []Tag{None, Inaccuracy, Mistake, Blunder}

// The thresholds of the tags, in expected points of the hand lost against
// the best move: a hand is worth some 10 to 30 points to its winner, so 2
// points is a small part of one, 5 a clear one, and 10 about what a knock
// wins or an undercut costs.
const (
	InaccuracyAt = 2.0
	MistakeAt    = 5.0
	BlunderAt    = 10.0
	// Sure is how many standard errors a loss must exceed to be tagged:
	// a smaller one may be the noise of the sampling.
	Sure = 2.0
)

// TagOf is the tag of a loss with its standard error: none unless the loss
// is beyond Sure standard errors, else by the thresholds.
func TagOf(loss, stdErr float64) Tag {
	switch {
	case loss <= Sure*stdErr:
		return None
	case loss >= BlunderAt:
		return Blunder
	case loss >= MistakeAt:
		return Mistake
	case loss >= InaccuracyAt:
		return Inaccuracy
	}
	return None
}

// Choice is a move of a decision, as made or as advised.
type Choice struct {
	Pass    bool          // declined the first upcard
	Take    bool          // took the face-up card, Upcard
	Draw    bool          // drew from the stock
	Upcard  ginrummy.Card // the face-up card of a take-or-draw; NoCard otherwise
	Discard ginrummy.Card // the card thrown; NoCard when not part of the choice
	Knock   bool          // knocked (gin when Gin) with Discard
	Gin     bool          // the knock is gin
	BigGin  bool          // laid down all eleven cards
}

// Decision is one decision of a hand, valued.
type Decision struct {
	Player int // 0 or 1, as the record's Players
	Kind   Kind
	Turn   int // the 1-based turn of the hand it was made in
	Line   int // the record's line of the move that made it
	Made   Choice
	Best   Choice
	// Loss is what the move lost against the best, 0 or more, by the
	// objective: expected points of the hand, of the game's final
	// difference, or percentage points of the chance to win the game;
	// StdErr its standard error.
	Loss, StdErr float64
	Tag          Tag
}

// Recorded is a hand as its record keeps it, to review, with the rules it
// was played by. (A type named Hand is a set of cards: ginrummy's glossary.)
type Recorded struct {
	Record *record.Record
	Rules  ginrummy.Rules
	// Score is the game's score before the hand, the record's players in
	// order; nil when it is not known. The objectives by the game
	// (advice.Settings.Objective) need it.
	Score *ginrummy.Tally
}

// ErrNoScore is the reason a hand is not reviewed by the game: its score
// is not known.
var ErrNoScore = errors.New("the game's score before the hand is not known")

// ErrSeveralGames is the reason a hand played under several games at once
// (Hollywood) is not reviewed by the game: Recorded.Score is one game's.
var ErrSeveralGames = errors.New("a review by the game is built for one game, not several at once")

// Settings are the advice's settings (the rules come from each hand) and
// the work's.
type Settings struct {
	Advice advice.Settings
	// Workers is how many positions are advised at once; 0 for GOMAXPROCS.
	Workers int
	// Progress, when set, is told after each position is advised how many
	// are done of how many; the total grows once, when the positions of
	// tagged decisions are advised again.
	Progress func(done, total int)
}

// Error is a hand that could not be reviewed: the index of the hand, the
// record's line (0 for the hand as a whole) and why.
type Error struct {
	Hand int
	Line int
	Err  error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Review values every decision of every hand: the decisions of the players
// whose cards each record knows, in the order they were made, a tagged one
// by its position advised again (the package doc). The positions of all
// the hands are advised concurrently; the same settings give the same
// review.
func Review(hands []Recorded, s Settings) ([][]Decision, error) {
	var jobs []job
	turns := make([][]turn, len(hands))
	for i, h := range hands {
		if s.Advice.Objective != equity.Hand && h.Score == nil {
			return nil, &Error{i, 0, ErrNoScore}
		}
		if s.Advice.Objective != equity.Hand && h.Rules.GamesAtOnce > 1 {
			return nil, &Error{i, 0, ErrSeveralGames}
		}
		ts, err := plan(h, i, &jobs)
		if err != nil {
			return nil, err
		}
		turns[i] = ts
	}
	// The progress of the advice: its total grows when positions are
	// advised again.
	var mu sync.Mutex
	done, total := 0, len(jobs)
	tick := func() {
		if s.Progress == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		done++
		s.Progress(done, total)
	}
	if err := run(jobs, s, s.Advice.Seed, tick); err != nil {
		return nil, err
	}
	unit := 1.0
	if s.Advice.Objective == equity.Game {
		unit = 100 // a chance, in percentage points
	}
	// value values and tags a decision by advice a: false when a has not
	// its moves.
	value := func(d *decided, a *advice.Advice) bool {
		loss, stdErr, ok := d.pick.lossIn(a)
		if ok {
			d.Loss, d.StdErr = loss*unit, stdErr*unit
			d.Tag = TagOf(d.Loss, d.StdErr)
		}
		return ok
	}
	all := make([][]decided, len(hands))
	// The positions of the tagged decisions, advised again: their jobs,
	// and each one's index among them.
	var again []job
	againIndex := map[int]int{}
	for i, ts := range turns {
		for _, t := range ts {
			for _, d := range t.decisions(jobs) {
				if !value(&d, jobs[d.pick.job].adv) {
					return nil, &Error{i, d.Line, errNoMove}
				}
				if _, ok := againIndex[d.pick.job]; d.Tag != None && !ok {
					againIndex[d.pick.job] = len(again)
					j := jobs[d.pick.job]
					j.adv = nil
					again = append(again, j)
				}
				all[i] = append(all[i], d)
			}
		}
	}
	// The best move of a position is the best of several noisy figures,
	// and so is its loss against another: a tag is given by the figures of
	// the same two moves advised again with another seed, which did not
	// choose them.
	if len(again) > 0 {
		if s.Progress != nil {
			total += len(again)
			s.Progress(done, total) // the bar no longer full
		}
		if err := run(again, s, s.Advice.Seed^AgainSeed, tick); err != nil {
			return nil, err
		}
		for i := range all {
			for k := range all[i] {
				d := &all[i][k]
				if d.Tag == None {
					continue
				}
				if !value(d, again[againIndex[d.pick.job]].adv) {
					return nil, &Error{i, d.Line, errNoMove}
				}
			}
		}
	}
	out := make([][]Decision, len(hands))
	for i := range all {
		out[i] = make([]Decision, len(all[i]))
		for k, d := range all[i] {
			out[i][k] = d.Decision
		}
	}
	return out, nil
}

// AgainSeed gives the seed of a tagged decision's position advised again:
// the review's seed (advice.Settings.Seed) exclusive-or AgainSeed, a seed
// of its own, and the same for the same review.
const AgainSeed = 0x9e3779b97f4a7c15

// errNoMove would be an advice that has not the move made or the best
// among its options: a fault of this package, never of the record.
var errNoMove = errors.New("review: a move of the decision is not among the advice's options")

// job is one position to advise.
type job struct {
	hand  int
	line  int
	rules ginrummy.Rules
	pos   advice.Position
	score equity.State // the game's score from the player's side, when the hand has it
	adv   *advice.Advice
}

// turn is a turn of a player whose cards are known, as the moves of the
// record made it.
type turn struct {
	player int
	number int
	line   int           // the line of the take, draw or pass
	act    table.Act     // the take, draw or pass that began it
	upcard ginrummy.Card // the face-up card it began with
	// ten is the job of the position before the draw; -1 when the player
	// had to draw (both passed the first upcard), which is no decision.
	ten    int
	eleven int // the job of the position after the draw; -1 after a take
	// The end of the turn, when the record has it.
	ended   bool
	endLine int
	end     table.Act // Throw, Knock or BigGin
	discard ginrummy.Card
}

// plan replays hand h (the index i of the hands) and lists its turns,
// adding the positions to advise to jobs.
func plan(h Recorded, i int, jobs *[]job) ([]turn, error) {
	rec := h.Record
	// The whole record is checked first, its errors in the players' names
	// and on their lines; then it is replayed a move at a time.
	if _, err := rec.Replay(h.Rules, -1); err != nil {
		return nil, &Error{i, 0, err}
	}
	round, err := rec.Replay(h.Rules, 0)
	if err != nil {
		return nil, &Error{i, 0, err}
	}
	add := func(line, p int, v table.View) int {
		j := job{hand: i, line: line, rules: h.Rules, pos: advice.PositionOf(v)}
		if h.Score != nil {
			j.score = equity.State{Points: h.Score.Points, Boxes: h.Score.Boxes, Dealer: 1}
			if p == 1 {
				j.score.Points[0], j.score.Points[1] = j.score.Points[1], j.score.Points[0]
				j.score.Boxes[0], j.score.Boxes[1] = j.score.Boxes[1], j.score.Boxes[0]
			}
			if v.Dealt() {
				j.score.Dealer = 0
			}
		}
		*jobs = append(*jobs, j)
		return len(*jobs) - 1
	}
	var turns []turn
	var cur *turn
	for _, m := range rec.Moves {
		p := m.Player
		known := rec.Deals[p] != 0
		if known && !round.Ended() && round.Turn() == p {
			switch m.Act {
			case table.Pass, table.Take, table.Draw:
				cur = &turn{player: p, number: round.Turns() + 1, line: m.Line, act: m.Act, ten: -1, eleven: -1, discard: ginrummy.NoCard}
				cur.upcard = round.View(p).Upcard()
				if !round.MustDraw() {
					cur.ten = add(m.Line, p, round.View(p))
				}
			}
		}
		if err := round.Apply(p, m.Action); err != nil {
			return nil, &Error{i, m.Line, err}
		}
		if cur == nil || cur.player != p {
			continue
		}
		switch m.Act {
		case table.Pass:
			turns = append(turns, *cur)
			cur = nil
		case table.Draw:
			cur.eleven = add(m.Line, p, round.View(p))
		case table.Throw, table.Knock, table.BigGin:
			cur.ended, cur.endLine, cur.end, cur.discard = true, m.Line, m.Act, m.Card
			turns = append(turns, *cur)
			cur = nil
		}
	}
	if cur != nil {
		turns = append(turns, *cur)
	}
	return turns, nil
}

// run advises every job with the seed, over Settings.Workers goroutines,
// calling tick after each.
func run(jobs []job, s Settings, seed uint64, tick func()) error {
	workers := s.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Go(func() {
			for i := range next {
				set := s.Advice
				set.Rules = jobs[i].rules
				set.Score = jobs[i].score
				set.Seed = seed
				// Every option on the figures that ranked it: one set of
				// deals for all, so that a loss compares like with like.
				set.Ranked = true
				jobs[i].adv, errs[i] = advice.Advise(jobs[i].pos, set)
				tick()
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return &Error{jobs[i].hand, jobs[i].line, err}
		}
	}
	return nil
}

// act is how a move plays an option: knocking with it, or playing on.
type act uint8

const (
	knocking  act = iota + 1 // big gin among them, which cannot play on
	playingOn                // or, for a draw, drawing and playing on
)

// move is an option of a position played one way: the option by what it
// does, so that the same move is found in another advice of the position,
// and whether it knocks.
type move struct {
	take, draw, bigGin bool
	discard            ginrummy.Card
	act                act
}

// advised is the move an option is as the advice plays it: knocking when
// it advises a knock, else playing on.
func advised(o *advice.Option) move {
	m := move{take: o.Take, draw: o.Draw, bigGin: o.BigGin, discard: o.Discard, act: playingOn}
	if o.Knocks() {
		m.act = knocking
	}
	return m
}

// value is the move's expected value in an advice of its position, with
// its standard error; ok is false when the advice has no such move.
func (m move) value(a *advice.Advice) (points, stdErr float64, ok bool) {
	for i := range a.Options {
		o := &a.Options[i]
		if o.Take != m.take || o.Draw != m.draw || o.BigGin != m.bigGin || o.Discard != m.discard {
			continue
		}
		switch {
		case m.act == knocking && o.Knock != nil:
			k := o.Knock.Best()
			return k.Points, k.StdErr, true
		case m.act == playingOn && o.PlayOn != nil:
			return o.PlayOn.Points, o.PlayOn.StdErr, true
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// pick is what a decision compares: the best move of the position advised
// by job, and the move made.
type pick struct {
	job        int
	best, made move
}

// lossIn is how much worse the move made is than the best by advice a,
// with its standard error: the errors of the two as if independent. The
// options are valued on the same opponent hands and stock orders (common
// random numbers), which makes their difference less noisy than that: the
// error given is an upper bound. A move against itself loses exactly 0. ok
// is false when a has not both moves.
func (p pick) lossIn(a *advice.Advice) (loss, stdErr float64, ok bool) {
	if p.best == p.made {
		return 0, 0, true
	}
	b, be, okBest := p.best.value(a)
	m, me, okMade := p.made.value(a)
	if !okBest || !okMade {
		return 0, 0, false
	}
	return max(b-m, 0), math.Hypot(be, me), true
}

// decided is a decision, not yet valued, and what it compares.
type decided struct {
	Decision
	pick pick
}

// first is the first (so the best) of the options that keep returns true
// for, or nil when none does.
func first(opts []advice.Option, keep func(o advice.Option) bool) *advice.Option {
	for i := range opts {
		if keep(opts[i]) {
			return &opts[i]
		}
	}
	return nil
}

// choiceOf is an option as a choice.
func choiceOf(o *advice.Option, upcard ginrummy.Card) Choice {
	c := Choice{Take: o.Take, Draw: o.Draw, Discard: o.Discard, BigGin: o.BigGin, Upcard: ginrummy.NoCard}
	if o.Take || o.Draw {
		c.Upcard = upcard
	}
	if o.Knocks() && !o.BigGin {
		c.Knock, c.Gin = true, o.Knock.Best().Gin
	}
	return c
}

// decisions lists the decisions of the turn with the moves each compares,
// the best by the advice of the jobs.
func (t turn) decisions(jobs []job) []decided {
	var out []decided
	decide := func(kind Kind, line int, made, best Choice, p pick) {
		out = append(out, decided{Decision{Player: t.player, Kind: kind, Turn: t.number, Line: line, Made: made, Best: best}, p})
	}
	// The options of the branch the turn took, and the job that advised
	// them: a take's are those of the position before the draw (big gin
	// among them); after a draw, the eleven cards'.
	var options []advice.Option
	optionsJob := -1
	if t.ten >= 0 {
		ten := jobs[t.ten].adv.Options
		var branch *advice.Option
		switch t.act {
		case table.Take:
			branch = first(ten, func(o advice.Option) bool { return o.Take })
			options, optionsJob = ten, t.ten
		default:
			branch = first(ten, func(o advice.Option) bool { return o.Draw })
		}
		if branch == nil {
			return out // the move made is not an option of the position: cannot be
		}
		made := Choice{Pass: t.act == table.Pass, Take: t.act == table.Take, Draw: t.act == table.Draw, Upcard: t.upcard, Discard: ginrummy.NoCard}
		choice := choiceOf(&ten[0], t.upcard)
		if choice.Draw && jobs[t.ten].pos.Offer != advice.NoOffer {
			choice.Draw, choice.Pass = false, true // at the first offer, not taking passes
		}
		decide(TakeOrDraw, t.line, made, choice, pick{t.ten, advised(&ten[0]), advised(branch)})
	}
	if !t.ended {
		return out
	}
	inBranch := func(o advice.Option) bool { return o.Take }
	if t.eleven >= 0 {
		options, optionsJob = jobs[t.eleven].adv.Options, t.eleven
		inBranch = func(advice.Option) bool { return true }
	}
	if options == nil {
		return out // a take whose position before the draw was not advised: cannot be
	}
	best := first(options, inBranch)
	chosen := first(options, func(o advice.Option) bool {
		if t.end == table.BigGin {
			return o.BigGin
		}
		return inBranch(o) && !o.BigGin && o.Discard == t.discard
	})
	if best == nil || chosen == nil {
		return out
	}
	made := Choice{Discard: t.discard, BigGin: t.end == table.BigGin, Upcard: ginrummy.NoCard}
	if made.BigGin {
		made.Discard = ginrummy.NoCard
	}
	bestChoice := choiceOf(best, ginrummy.NoCard)
	bestChoice.Take, bestChoice.Draw = false, false
	// The card thrown is valued as the advice would play it on.
	decide(Discard, t.endLine, made, bestChoice, pick{optionsJob, advised(best), advised(chosen)})
	o := chosen
	if o.BigGin || o.Knock == nil || o.PlayOn == nil {
		return out // nothing to decide: the cards kept cannot knock
	}
	knock := o.Knock.Best()
	knocked := t.end == table.Knock
	made = Choice{Discard: t.discard, Knock: knocked, Gin: knocked && knock.Gin, Upcard: ginrummy.NoCard}
	bestChoice = Choice{Discard: t.discard, Knock: o.Knocks(), Gin: o.Knocks() && knock.Gin, Upcard: ginrummy.NoCard}
	did := advised(o)
	did.act = playingOn
	if knocked {
		did.act = knocking
	}
	p := pick{optionsJob, advised(o), did}
	if knocked && !o.Knocks() && knock.Points >= o.PlayOn.Points {
		// The advice plays on only because a player who waits for gin
		// would make the knock worse (advice.Option.IfWaits): by the
		// figures of the style as known, the knock lost nothing, and is
		// not called a mistake.
		bestChoice, p.best = made, did
	}
	decide(KnockOrPlayOn, t.endLine, made, bestChoice, p)
	return out
}

// Summary adds up decisions.
type Summary struct {
	Decisions int
	Lost      float64 // the points lost, in all
	lostVar   float64 // the sum of the losses' squared errors
	Tags      [4]int  // how many decisions had each tag, by Tag
}

// Add counts a decision.
func (s *Summary) Add(d Decision) {
	s.Decisions++
	s.Lost += d.Loss
	s.lostVar += d.StdErr * d.StdErr
	s.Tags[d.Tag]++
}

// Mean is the points lost per decision; 0 with none.
func (s Summary) Mean() float64 {
	if s.Decisions == 0 {
		return 0
	}
	return s.Lost / float64(s.Decisions)
}

// MeanStdErr is the standard error of Mean, the losses' errors taken as
// independent.
func (s Summary) MeanStdErr() float64 {
	if s.Decisions == 0 {
		return 0
	}
	return math.Sqrt(s.lostVar) / float64(s.Decisions)
}

// Player is a player's summary over hands.
type Player struct {
	Name string
	Summary
}

// Players sums the decisions of the hands reviewed by player, a player
// being the same across hands when their names are (ginrummy.SameName), in
// the order they first appear. A player of a record whose cards it does
// not know, and who so made no decision reviewed, is not listed.
func Players(hands []Recorded, decisions [][]Decision) []Player {
	var out []Player
	index := func(name string) int {
		for i, p := range out {
			if ginrummy.SameName(p.Name, name) {
				return i
			}
		}
		out = append(out, Player{Name: name})
		return len(out) - 1
	}
	for i, h := range hands {
		for p, name := range h.Record.Players {
			if h.Record.Deals[p] != 0 {
				index(name)
			}
		}
		for _, d := range decisions[i] {
			out[index(h.Record.Players[d.Player])].Add(d)
		}
	}
	return out
}
