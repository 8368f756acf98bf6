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
// The moves a decision compares, and the move made, are those the rules
// list at its position (table.View.Legal, the list the advice's options
// are made from), each valued by its option in the advice: at the first
// offer the rules list a pass, not a draw, and the choices say so.
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
//
// Stream reviews hands one after another, a few at a time, giving each
// hand's decisions as soon as they are known, so that a review of any
// number of records holds only a few; Review is Stream over a slice.
package review

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
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
	// Value is the position's value before the decision, its best move's,
	// from the player's side in the objective's units (as Loss); ValueErr
	// its standard error.
	Value, ValueErr float64
	// Luck is, on a take-or-draw that drew from the stock, how much the
	// card drawn moved the player's value: the value after the draw of what
	// the draw's play-outs do with the card less the draw's value before it
	// (the expected value of that play over the cards the stock could
	// give), so 0 on average (turn.luck); on the knock
	// that ended a hand whose record shows both hands (its knock-or-play-on,
	// or a big gin's discard), how much the other player's cards moved it:
	// what the hand scored less what the knock was expected to score over
	// the hands they could hold. In the objective's units; LuckErr its
	// standard error. 0 on any other decision.
	Luck, LuckErr float64
	// Options are the moves the decision compares, each valued, best first
	// (the best and the move made among them).
	Options []Option
}

// Option is a move of a decision, valued by the figures that valued the
// decision.
type Option struct {
	Choice
	// Value is what the move is worth, from the player's side in the
	// objective's units; StdErr its standard error.
	Value, StdErr float64
	// Loss is how much less the move is worth than the decision's best,
	// 0 or more; LossErr its standard error (as Decision.StdErr).
	Loss, LossErr float64
	Best, Made    bool // the decision's best move; the move made
}

// Recorded is a hand as its record keeps it, to review: the record opened
// once, with the rules it was played by, a session at the deal
// (record.Begin) that the review walks, each move once. A session not
// begun (its Record and Rules alone) or walked already is begun again.
// (A type named Hand is a set of cards: ginrummy's glossary.)
type Recorded struct {
	*record.Session
	// Score is the game's score before the hand, the record's players in
	// order; nil when it is not known. The objectives by the game
	// (advice.Settings.Objective) need it.
	Score *ginrummy.Tally
	// Opponents is, for each player of the record, how the other player
	// plays as earlier hands showed it (advice.LearnStyle): that player's
	// positions are advised with its chances (advice.Position.KnockRate
	// and TookMelds, which the evidence model weighs the other's hands
	// by). nil where nothing was learnt: the advice's prior.
	Opponents [2]*advice.Style
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
	// are done of how many; the total grows as each hand is replayed (by
	// its positions) and when the positions of its tagged decisions are
	// advised again (told at once: the bar no longer full).
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
// by its position advised again (the package doc). It is Stream over the
// hands given, the decisions kept; the same settings give the same review.
func Review(hands []Recorded, s Settings) ([][]Decision, error) {
	out := make([][]Decision, 0, len(hands))
	given := 0
	next := func() (Recorded, bool, error) {
		if given == len(hands) {
			return Recorded{}, false, nil
		}
		given++
		return hands[given-1], true, nil
	}
	err := Stream(context.Background(), next, s, func(_ int, _ Recorded, ds []Decision) error {
		out = append(out, ds)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Stream reviews the hands next gives, one after another, until it says
// there are no more, and gives done each hand's decisions (as Review
// values them) with its 0-based index, in the order given, as soon as the
// hand and those before it are reviewed. A few hands are in hand at once
// (twice Workers), however many next gives: what a review holds does not
// grow with their number. Their positions are advised concurrently over
// Workers goroutines, each with the same seed, so the same settings give
// the same review.
//
// Stream stops at the first error of next, of a hand (an *Error, its Hand
// the hand's index) or of done, after giving done the hands before it; and
// when ctx is done, within a few samples of the advice, returning ctx's
// error: done was then given the hands reviewed in full before the first
// that was not.
func Stream(ctx context.Context, next func() (Recorded, bool, error), s Settings, done func(i int, h Recorded, ds []Decision) error) error {
	workers := s.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	inner, cancel := context.WithCancel(ctx)
	r := &reviewer{s: s, ctx: inner, tasks: make(chan func())}
	var advisers, hands sync.WaitGroup
	for range workers {
		advisers.Go(func() {
			for t := range r.tasks {
				t()
			}
		})
	}
	defer func() {
		cancel()
		hands.Wait() // no hand sends a task once they are all back
		close(r.tasks)
		advisers.Wait()
	}()
	type inHand struct {
		i   int
		h   Recorded
		ds  []Decision
		err error
		end chan struct{}
	}
	var queue []*inHand
	var nextErr error
	more := true
	for n := 0; ; {
		for more && nextErr == nil && len(queue) < 2*workers && ctx.Err() == nil {
			h, ok, err := next()
			if err != nil {
				nextErr = err
				break
			}
			if !ok {
				more = false
				break
			}
			f := &inHand{i: n, h: h, end: make(chan struct{})}
			n++
			hands.Go(func() {
				defer close(f.end)
				f.ds, f.err = r.hand(f.i, f.h)
			})
			queue = append(queue, f)
		}
		if len(queue) == 0 {
			break
		}
		f := queue[0]
		queue = queue[1:]
		<-f.end
		if f.err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return f.err
		}
		if err := done(f.i, f.h, f.ds); err != nil {
			return err
		}
	}
	if nextErr != nil {
		return nextErr
	}
	if more && ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

// reviewer is the work of a Stream: the advisers' tasks and the progress
// of the positions advised.
type reviewer struct {
	s     Settings
	ctx   context.Context
	tasks chan func()

	mu          sync.Mutex
	done, total int
}

// grow counts n more positions to advise; again says they are those of a
// hand's tagged decisions, which the progress is told of at once (the bar
// no longer full).
func (r *reviewer) grow(n int, again bool) {
	if r.s.Progress == nil || n == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.total += n
	if again {
		r.s.Progress(r.done, r.total)
	}
}

// tick counts a position advised.
func (r *reviewer) tick() {
	if r.s.Progress == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done++
	r.s.Progress(r.done, r.total)
}

// hand reviews hand h, the i-th: it replays the record once, advises its
// positions, values its decisions, and advises again the positions of
// those tagged.
func (r *reviewer) hand(i int, h Recorded) ([]Decision, error) {
	if r.s.Advice.Objective != equity.Hand && h.Score == nil {
		return nil, &Error{i, 0, ErrNoScore}
	}
	if r.s.Advice.Objective != equity.Hand && h.Rules.GamesAtOnce > 1 {
		return nil, &Error{i, 0, ErrSeveralGames}
	}
	var jobs []job
	turns, err := plan(h, i, &jobs)
	if err != nil {
		return nil, err
	}
	r.grow(len(jobs), false)
	if err := r.advise(jobs, r.s.Advice.Seed); err != nil {
		return nil, err
	}
	unit := 1.0
	if r.s.Advice.Objective == equity.Game {
		unit = 100 // a chance, in percentage points
	}
	// value values and tags a decision by advice a: false when a has not
	// its moves.
	value := func(d *decided, a *advice.Advice) bool {
		loss, stdErr, ok := d.pick.lossIn(a)
		if ok {
			d.Loss, d.StdErr = loss*unit, stdErr*unit
			d.Tag = TagOf(d.Loss, d.StdErr)
			d.rank(a, unit)
		}
		return ok
	}
	var all []decided
	// The positions of the tagged decisions, advised again: their jobs,
	// and each one's index among them.
	var again []job
	againIndex := map[int]int{}
	for _, t := range turns {
		luck, luckErr := t.luck(jobs)
		for _, d := range t.decisions(jobs) {
			if !value(&d, jobs[d.pick.job].adv) {
				return nil, &Error{i, d.Line, errNoMove}
			}
			switch {
			case d.Kind == TakeOrDraw:
				d.Luck, d.LuckErr = luck*unit, luckErr*unit
			case t.scored != nil && (d.Kind == KnockOrPlayOn || d.Made.BigGin):
				if l, e, ok := t.knockLuck(d.pick, jobs[d.pick.job].adv); ok {
					d.Luck, d.LuckErr = l*unit, e*unit
				}
			}
			if _, ok := againIndex[d.pick.job]; d.Tag != None && !ok {
				againIndex[d.pick.job] = len(again)
				j := jobs[d.pick.job]
				j.adv = nil
				again = append(again, j)
			}
			all = append(all, d)
		}
	}
	// The best move of a position is the best of several noisy figures,
	// and so is its loss against another: a tag is given by the figures of
	// the same two moves advised again with another seed, which did not
	// choose them.
	if len(again) > 0 {
		r.grow(len(again), true)
		if err := r.advise(again, r.s.Advice.Seed^AgainSeed); err != nil {
			return nil, err
		}
		for k := range all {
			d := &all[k]
			if d.Tag == None {
				continue
			}
			if !value(d, again[againIndex[d.pick.job]].adv) {
				return nil, &Error{i, d.Line, errNoMove}
			}
		}
	}
	out := make([]Decision, len(all))
	for k, d := range all {
		out[k] = d.Decision
	}
	return out, nil
}

// advise advises every job with the seed, by the advisers, and waits for
// them all.
func (r *reviewer) advise(jobs []job, seed uint64) error {
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for k := range jobs {
		wg.Add(1)
		task := func() {
			defer wg.Done()
			set := r.s.Advice
			set.Rules = jobs[k].rules
			set.Score = jobs[k].score
			set.Seed = seed
			// Every option on the figures that ranked it: one set of
			// deals for all, so that a loss compares like with like.
			set.Ranked = true
			jobs[k].adv, errs[k] = advice.AdviseContext(r.ctx, jobs[k].pos, set)
			r.tick()
		}
		select {
		case r.tasks <- task:
		case <-r.ctx.Done():
			errs[k] = r.ctx.Err()
			wg.Done()
		}
	}
	wg.Wait()
	if err := r.ctx.Err(); err != nil {
		return err
	}
	for k, err := range errs {
		if err != nil {
			return &Error{jobs[k].hand, jobs[k].line, err}
		}
	}
	return nil
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
	legal lists        // the moves the rules allow at the position
	score equity.State // the game's score from the player's side, when the hand has it
	adv   *advice.Advice
}

// lists are the moves the rules allow at a decision: firsts, with ten
// cards, the take, draw or pass (for a decision after a take, the take
// alone; none with eleven cards after a draw), and plays, the throws,
// knocks and big gin with eleven cards, after the take or the draw.
type lists struct {
	firsts, plays []table.Action
}

// turn is a turn of a player whose cards are known, as the moves of the
// record made it, each the move the position's legal moves list.
type turn struct {
	player int
	number int
	line   int           // the line of the take, draw or pass
	begin  table.Action  // the take, draw or pass that began it
	upcard ginrummy.Card // the face-up card it began with
	// ten is the job of the position before the draw; -1 when the player
	// had to draw (both passed the first upcard), which is no decision.
	ten    int
	eleven int           // the job of the position after the draw; -1 after a take
	drew   ginrummy.Card // the card a draw brought; NoCard
	// The end of the turn, when the record has it: the throw, knock or big
	// gin, and the moves the rules allowed then.
	ended   bool
	endLine int
	end     table.Action
	plays   []table.Action
	// scored is how the hand ended, from the side of the player of the
	// turn (Winner 0 is that player), when the turn is the knock that ended
	// it and the record shows both hands; nil otherwise.
	scored *ginrummy.Outcome
}

// plan replays hand h (the index i of the hands) and lists its turns,
// adding the positions to advise to jobs.
func plan(h Recorded, i int, jobs *[]job) ([]turn, error) {
	rec, sess := h.Record, h.Session
	if sess.Round() == nil || sess.Played() != 0 {
		// Not begun, or walked already (a hand reviewed again).
		var err error
		if sess, err = record.Begin(rec, h.Rules); err != nil {
			return nil, &Error{i, 0, err}
		}
	}
	// Replayed once, the session walked a move at a time, with the
	// record's checks (its errors in the players' names and on their
	// lines).
	round := sess.Round()
	add := func(line, p int, v table.View, legal lists) int {
		j := job{hand: i, line: line, rules: h.Rules, pos: advice.PositionOf(v), legal: legal}
		if st := h.Opponents[p]; st != nil {
			st.Into(&j.pos)
		}
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
	for m, ok := sess.Next(); ok; m, ok = sess.Next() {
		p := m.Player
		known := rec.Deals[p] != 0
		var made table.Action
		if known && !round.Ended() && round.Turn() == p {
			v := round.View(p)
			legal := v.Legal()
			var found bool
			if made, found = matched(legal, m.Action); !found {
				// Not a legal move: the record's error, in its words.
				if err := sess.Step(); err != nil {
					return nil, &Error{i, 0, err}
				}
				return nil, &Error{i, m.Line, errNoMove}
			}
			switch m.Act {
			case table.Pass, table.Take, table.Draw:
				cur = &turn{player: p, number: round.Turns() + 1, line: m.Line, begin: made, ten: -1, eleven: -1, drew: ginrummy.NoCard}
				cur.upcard = v.Upcard()
				if !round.MustDraw() {
					cur.ten = add(m.Line, p, v, lists{firsts: legal, plays: afterTake(v)})
				}
			case table.Throw, table.Knock, table.BigGin:
				if cur != nil && cur.player == p {
					cur.plays = legal
				}
			}
		}
		if err := sess.Step(); err != nil {
			return nil, &Error{i, 0, err}
		}
		if cur == nil || cur.player != p {
			continue
		}
		switch m.Act {
		case table.Pass:
			turns = append(turns, *cur)
			cur = nil
		case table.Draw:
			v := round.View(p)
			cur.eleven = add(m.Line, p, v, lists{plays: v.Legal()})
			if cur.ten >= 0 {
				if c := v.Hand() &^ (*jobs)[cur.ten].pos.Hand; c.Len() == 1 {
					cur.drew = c.Cards()[0]
				}
			}
		case table.Throw, table.Knock, table.BigGin:
			cur.ended, cur.endLine, cur.end = true, m.Line, made
			turns = append(turns, *cur)
			cur = nil
		}
	}
	if cur != nil {
		turns = append(turns, *cur)
	}
	// A complete record's knock is scored: the luck of the cards the
	// other player held, unseen until then.
	if n := len(turns); n > 0 && round.Scored() {
		t, h := &turns[n-1], round.Result()
		if t.ended && (t.end.Act == table.Knock || t.end.Act == table.BigGin) && h.Knocker == t.player {
			o := h.Outcome()
			if !o.Drawn && o.Winner == t.player {
				o.Winner = 0
			} else if !o.Drawn {
				o.Winner = 1
			}
			t.scored = &o
		}
	}
	return turns, nil
}

// matched is the move of legal that a is: the same act, with the same card
// where the card says which move it is (a throw's or a knock's), a knock
// by whatever melds. ok is false when legal has no such move.
func matched(legal []table.Action, a table.Action) (table.Action, bool) {
	for _, l := range legal {
		if l.Act != a.Act {
			continue
		}
		switch a.Act {
		case table.Throw, table.Knock:
			if l.Card != a.Card {
				continue
			}
		}
		return l, true
	}
	return table.Action{}, false
}

// afterTake is the moves the rules would allow the player of view v after
// taking the face-up card: the situation the take leads to, its moves
// listed by the rules (table.Situation.Legal, as the advice lists its
// take's). None when the player may not take it.
func afterTake(v table.View) []table.Action {
	if !v.May(table.Action{Act: table.Take, Card: v.Upcard()}) {
		return nil
	}
	s := table.Situation{
		Rules: v.Rules(), Limit: v.KnockLimit(), Phase: table.Discarding, Hand: v.Hand().With(v.Upcard()),
		FaceUp: ginrummy.NoCard, Taken: v.Upcard(), Stock: v.Stock(), Next: ginrummy.NoCard,
	}
	return s.Legal()
}

// move is a move of a decision as the rules list it: begin, the take, draw
// or pass that began the turn (Act 0 for a decision made with eleven cards
// after a draw), then play, the throw, knock or big gin (Act 0 after a draw
// or a pass, whose play is not known yet).
type move struct {
	begin, play table.Action
}

// is reports whether m and o are the same move.
func (m move) is(o move) bool {
	return m.begin.Act == o.begin.Act && m.begin.Card == o.begin.Card && m.play.Act == o.play.Act && m.play.Card == o.play.Card
}

// in is the index of the option of advice a that plays m: it takes, or
// draws (or passes), as m begins, and throws, knocks with or lays down as
// m plays; -1 when a has none.
func (m move) in(a *advice.Advice) int {
	take, draw := m.begin.Act == table.Take, m.begin.Act == table.Draw || m.begin.Act == table.Pass
	return slices.IndexFunc(a.Options, func(o advice.Option) bool {
		if o.Take != take || o.Draw != draw {
			return false
		}
		switch m.play.Act {
		case 0:
			return draw
		case table.BigGin:
			return o.BigGin
		case table.Throw, table.Knock:
			return !o.BigGin && o.Discard == m.play.Card
		}
		return false
	})
}

// value is the move's expected value in an advice of its position, with
// its standard error; ok is false when the advice has no such move.
func (m move) value(a *advice.Advice) (points, stdErr float64, ok bool) {
	i := m.in(a)
	if i < 0 {
		return 0, 0, false
	}
	switch o := &a.Options[i]; {
	case m.play.Act == table.Knock || m.play.Act == table.BigGin:
		if o.Knock != nil {
			k := o.Knock.Best()
			return k.Points, k.StdErr, true
		}
	case o.PlayOn != nil:
		return o.PlayOn.Points, o.PlayOn.StdErr, true
	}
	return 0, 0, false
}

// advised is option o of a position whose legal moves are legal, as the
// advice plays it: begun by the legal take, draw or pass it is (a pass at
// the first offer, where the rules list no draw), then knocking when it
// advises a knock, else throwing (big gin lays down). ok is false when the
// rules list no such move.
func advised(o *advice.Option, legal lists) (m move, ok bool) {
	if o.Take || o.Draw {
		i := slices.IndexFunc(legal.firsts, func(a table.Action) bool {
			if o.Take {
				return a.Act == table.Take
			}
			return a.Act == table.Draw || a.Act == table.Pass
		})
		if i < 0 {
			return move{}, false
		}
		m.begin = legal.firsts[i]
	} else if len(legal.firsts) > 0 {
		return move{}, false
	}
	if o.Draw {
		return m, true
	}
	play := table.Action{Act: table.Throw, Card: o.Discard}
	switch {
	case o.BigGin:
		play = table.Action{Act: table.BigGin, Card: ginrummy.NoCard}
	case o.Knocks():
		play.Act = table.Knock
	}
	m.play, ok = matched(legal.plays, play)
	return m, ok
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
	if p.best.is(p.made) {
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
	pick  pick
	moves []choiceMove // every move of the decision
}

// choiceMove is a move of a decision: as a choice, and as found in an
// advice.
type choiceMove struct {
	c Choice
	m move
}

// rank values the decision's position and its moves by advice a, the
// objective's values times unit: Value, and Options, best first, then by
// their loss.
func (d *decided) rank(a *advice.Advice, unit float64) {
	best, bestErr, ok := d.pick.best.value(a)
	if !ok {
		return
	}
	d.Value, d.ValueErr = best*unit, bestErr*unit
	d.Options = d.Options[:0]
	for _, cm := range d.moves {
		v, e, ok := cm.m.value(a)
		if !ok {
			continue
		}
		o := Option{Choice: cm.c, Value: v * unit, StdErr: e * unit, Best: cm.m.is(d.pick.best), Made: cm.m.is(d.pick.made)}
		if !o.Best {
			o.Loss, o.LossErr = max(best-v, 0)*unit, math.Hypot(bestErr, e)*unit
		}
		d.Options = append(d.Options, o)
	}
	slices.SortStableFunc(d.Options, func(x, y Option) int {
		switch {
		case x.Best != y.Best:
			if x.Best {
				return -1
			}
			return 1
		case x.Loss != y.Loss:
			return cmp.Compare(x.Loss, y.Loss)
		}
		return cmp.Compare(y.Value, x.Value)
	})
}

// luck is how much the card a turn drew from the stock moved the player's
// value, with its standard error: the value, in the advice of the eleven
// cards, of what the draw's play-outs do with the card drawn
// (advice.Advice.DrawPlays: the play-out policy's throw and knock, or a
// throw found better), less the draw's value before it, which is the mean
// of that same play over the cards the stock could give. The two measure
// the same play, before and after the card is known, so a draw's luck
// averages 0; the best option after the draw would be worth more than that
// play on average (it plays better, and is the best of noisy figures). 0
// for a turn that did not draw, or had to.
func (t turn) luck(jobs []job) (luck, stdErr float64) {
	if t.begin.Act != table.Draw || t.ten < 0 || t.eleven < 0 {
		return 0, 0
	}
	ten, eleven := jobs[t.ten], jobs[t.eleven]
	draw := first(ten.adv.Options, func(o advice.Option) bool { return o.Draw })
	play, ok := ten.adv.DrawPlays[t.drew]
	if draw == nil || draw.PlayOn == nil || !ok {
		return 0, 0
	}
	did, ok := matched(eleven.legal.plays, play.Action())
	i := move{play: did}.in(eleven.adv)
	if !ok || i < 0 {
		return 0, 0
	}
	// The play-outs knock with the arrangement of least deadwood: the
	// knock's own figure, not an alternative's.
	o := &eleven.adv.Options[i]
	after := o.PlayOn
	if did.Act != table.Throw {
		if o.Knock == nil {
			return 0, 0
		}
		after = &o.Knock.Estimate
	}
	if after == nil {
		return 0, 0
	}
	return after.Points - draw.PlayOn.Points, math.Hypot(after.StdErr, draw.PlayOn.StdErr)
}

// knockLuck is, for the knock that ended the hand of a complete record,
// how much the other player's cards, unseen until the knock, moved the
// knocker's value: what the hand scored, by the objective's values (a
// advice), less what the knock made was expected to score over the hands
// they could hold (its value in a), with its standard error. ok is false
// when a has not the values or the move.
func (t turn) knockLuck(p pick, a *advice.Advice) (luck, stdErr float64, ok bool) {
	if t.scored == nil || a.Values == nil {
		return 0, 0, false
	}
	expected, e, ok := p.made.value(a)
	if !ok {
		return 0, 0, false
	}
	return a.Values.Of(*t.scored) - expected, math.Hypot(e, a.Values.StdErr), true
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

// moves lists the moves the rules allow at a decision whose plays keep
// returns true for (nil for all): each of legal's firsts, a take with each
// of its plays; with no firsts (eleven cards after a draw), each play.
func (legal lists) moves(keep func(table.Action) bool) []move {
	plays := func(begin table.Action) []move {
		var out []move
		for _, p := range legal.plays {
			if keep == nil || keep(p) {
				out = append(out, move{begin, p})
			}
		}
		return out
	}
	if len(legal.firsts) == 0 {
		return plays(table.Action{})
	}
	var out []move
	for _, f := range legal.firsts {
		if f.Act == table.Take {
			out = append(out, plays(f)...)
		} else {
			out = append(out, move{begin: f})
		}
	}
	return out
}

// choiceOf is move m as a decision shows it, o its option in the advice
// (whose knock says whether it is gin): with the take, draw or pass that
// began it when begins (a take-or-draw's moves), upcard the face-up card
// then; else the throw, knock or big gin alone.
func choiceOf(m move, o *advice.Option, begins bool, upcard ginrummy.Card) Choice {
	c := Choice{Upcard: ginrummy.NoCard, Discard: ginrummy.NoCard}
	if begins && m.begin.Act != 0 {
		c.Pass, c.Take, c.Draw = m.begin.Act == table.Pass, m.begin.Act == table.Take, m.begin.Act == table.Draw
		c.Upcard = upcard
	}
	switch m.play.Act {
	case table.Throw:
		c.Discard = m.play.Card
	case table.Knock:
		c.Discard, c.Knock = m.play.Card, true
		c.Gin = o != nil && o.Knock != nil && o.Knock.Best().Gin
	case table.BigGin:
		c.BigGin = true
	}
	return c
}

// choices is each of moves as a choice (choiceOf), found in advice a, in
// the advice's order (its best option first, playing on before knocking),
// which settles the ties of the ranking; a move a has not is left out.
func choices(moves []move, a *advice.Advice, begins bool, upcard ginrummy.Card) []choiceMove {
	type found struct {
		cm    choiceMove
		index int
	}
	var fs []found
	for _, m := range moves {
		i := m.in(a)
		if i < 0 {
			continue
		}
		index := 2 * i
		if m.play.Act == table.Knock {
			index++
		}
		fs = append(fs, found{choiceMove{choiceOf(m, &a.Options[i], begins, upcard), m}, index})
	}
	slices.SortStableFunc(fs, func(x, y found) int { return cmp.Compare(x.index, y.index) })
	out := make([]choiceMove, len(fs))
	for k, f := range fs {
		out[k] = f.cm
	}
	return out
}

// decisions lists the decisions of the turn with the moves each compares,
// the best by the advice of the jobs: the moves the rules allow at the
// decision, each valued by its option in the advice.
func (t turn) decisions(jobs []job) []decided {
	var out []decided
	decide := func(kind Kind, line int, made, best Choice, p pick, moves []choiceMove) {
		out = append(out, decided{Decision{Player: t.player, Kind: kind, Turn: t.number, Line: line, Made: made, Best: best}, p, moves})
	}
	// The moves of the branch the turn took, and the job that advised
	// them: after a take, those of the position before the draw, the take
	// beginning each (big gin among them); after a draw, the eleven
	// cards'.
	var branch lists
	branchJob := -1
	if t.ten >= 0 {
		ten := jobs[t.ten]
		took := t.begin.Act == table.Take
		// The move made is its branch's best option.
		taken := first(ten.adv.Options, func(o advice.Option) bool { return o.Take == took && o.Draw != took })
		if taken == nil || len(ten.adv.Options) == 0 {
			return out // the move made is not an option of the position: cannot be
		}
		best, okBest := advised(&ten.adv.Options[0], ten.legal)
		made, okMade := advised(taken, ten.legal)
		if !okBest || !okMade {
			return out
		}
		decide(TakeOrDraw, t.line, choiceOf(move{begin: t.begin}, nil, true, t.upcard), choiceOf(best, &ten.adv.Options[0], true, t.upcard),
			pick{t.ten, best, made}, choices(ten.legal.moves(nil), ten.adv, true, t.upcard))
		if took {
			branch, branchJob = lists{firsts: []table.Action{t.begin}, plays: t.plays}, t.ten
		}
	}
	if !t.ended {
		return out
	}
	if t.eleven >= 0 {
		branch, branchJob = lists{plays: t.plays}, t.eleven
	}
	if branchJob < 0 {
		return out // a take whose position before the draw was not advised: cannot be
	}
	a := jobs[branchJob].adv
	var best move
	bestAt := slices.IndexFunc(a.Options, func(o advice.Option) bool {
		var ok bool
		best, ok = advised(&o, branch)
		return ok
	})
	begin := table.Action{}
	if branch.firsts != nil {
		begin = t.begin
	}
	chosenAt := move{begin, t.end}.in(a)
	if bestAt < 0 || chosenAt < 0 {
		return out
	}
	o := &a.Options[chosenAt]
	chosen, ok := advised(o, branch)
	if !ok {
		return out
	}
	// The card thrown is valued as the advice would play it on; whether
	// to knock with it is the next decision.
	thrown := t.end
	if thrown.Act == table.Knock {
		thrown.Act = table.Throw
	}
	decide(Discard, t.endLine, choiceOf(move{play: thrown}, o, false, ginrummy.NoCard), choiceOf(best, &a.Options[bestAt], false, ginrummy.NoCard),
		pick{branchJob, best, chosen}, choices(branch.moves(nil), a, false, ginrummy.NoCard))
	mayKnock := slices.ContainsFunc(branch.plays, func(p table.Action) bool { return p.Act == table.Knock && p.Card == t.end.Card })
	if t.end.Act == table.BigGin || !mayKnock || o.Knock == nil || o.PlayOn == nil {
		return out // nothing to decide: the cards kept cannot knock
	}
	did := move{chosen.begin, t.end}
	made, bestChoice := choiceOf(did, o, false, ginrummy.NoCard), choiceOf(chosen, o, false, ginrummy.NoCard)
	p := pick{branchJob, chosen, did}
	if t.end.Act == table.Knock && !o.Knocks() && o.Knock.Best().Points >= o.PlayOn.Points {
		// The advice plays on only because a player who waits for gin
		// would make the knock worse (advice.Option.IfWaits): by the
		// figures of the style as known, the knock lost nothing, and is
		// not called a mistake.
		bestChoice, p.best = made, did
	}
	withCard := func(p table.Action) bool { return p.Card == t.end.Card && p.Act != table.BigGin }
	decide(KnockOrPlayOn, t.endLine, made, bestChoice, p, choices(branch.moves(withCard), a, false, ginrummy.NoCard))
	return out
}

// Summary adds up decisions.
type Summary struct {
	Decisions int
	Lost      float64 // the points lost, in all
	lostVar   float64 // the sum of the losses' squared errors
	Tags      [4]int  // how many decisions had each tag, by Tag
	// Luck is the luck of the cards drawn and of the other player's cards
	// at a knock, in all (Decision.Luck); as a Roster sums it, the
	// defender's at a knock too (Roster.Add).
	Luck    float64
	luckVar float64 // the sum of the lucks' squared errors
}

// Add counts a decision.
func (s *Summary) Add(d Decision) {
	s.Decisions++
	s.Lost += d.Loss
	s.lostVar += d.StdErr * d.StdErr
	s.Tags[d.Tag]++
	s.Luck += d.Luck
	s.luckVar += d.LuckErr * d.LuckErr
}

// addLuck counts luck that no decision of the player carries, with its
// standard error.
func (s *Summary) addLuck(luck, stdErr float64) {
	s.Luck += luck
	s.luckVar += stdErr * stdErr
}

// LuckStdErr is the standard error of Luck, the lucks' errors taken as
// independent.
func (s Summary) LuckStdErr() float64 { return math.Sqrt(s.luckVar) }

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

// Accuracy is the mean loss per decision as a score from 0 to 100: 100 for
// no loss, falling as the loss grows. It is Lichess's mapping of a chess
// move's loss of winning chances to an accuracy, 103.1668·e^(−0.04354·x) −
// 3.1669 (kept within 0 to 100), with x the mean loss per decision in the
// objective's units: by the game these are Lichess's own, percentage points
// of the chance to win; points of the hand or of the game's net are read
// as such points, as the tags' thresholds read them. 0 with no decision.
func (s Summary) Accuracy() float64 {
	if s.Decisions == 0 {
		return 0
	}
	return min(max(accuracyScale*math.Exp(-accuracyRate*s.Mean())-accuracyShift, 0), 100)
}

// AccuracyStdErr is the standard error of Accuracy, from Mean's: the
// mapping's slope at the mean times MeanStdErr.
func (s Summary) AccuracyStdErr() float64 {
	if s.Decisions == 0 {
		return 0
	}
	return accuracyScale * accuracyRate * math.Exp(-accuracyRate*s.Mean()) * s.MeanStdErr()
}

// The constants of Lichess's accuracy (lila, AccuracyPercent.scala).
const (
	accuracyScale = 103.1668
	accuracyRate  = 0.04354
	accuracyShift = 3.1669
)

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
	var r Roster
	for i, h := range hands {
		r.Add(h.Record, decisions[i])
	}
	return r.Players()
}

// Roster sums decisions by player as Players does, a hand at a time: what
// a review streamed hand by hand keeps (Stream).
type Roster struct {
	players []Player
}

// Add counts the decisions ds of the hand of record rec. The other
// player's cards at the knock that ended a complete record are luck for
// both: the defender, who makes no decision there, is given the knocker's
// knock luck (Decision.Luck) turned, as the hand is zero-sum (in points
// one's gain is the other's loss; by the game one's chance to win is 1
// less the other's).
func (r *Roster) Add(rec *record.Record, ds []Decision) {
	index := func(name string) int {
		for i, p := range r.players {
			if ginrummy.SameName(p.Name, name) {
				return i
			}
		}
		r.players = append(r.players, Player{Name: name})
		return len(r.players) - 1
	}
	for p, name := range rec.Players {
		if rec.Deals[p] != 0 {
			index(name)
		}
	}
	for _, d := range ds {
		r.players[index(rec.Players[d.Player])].Add(d)
		atKnock := d.Kind == KnockOrPlayOn || d.Kind == Discard && d.Made.BigGin
		if other := 1 - d.Player; atKnock && d.Luck != 0 && rec.Deals[other] != 0 {
			r.players[index(rec.Players[other])].addLuck(-d.Luck, d.LuckErr)
		}
	}
}

// Players is each player's summary so far, in the order they first
// appeared.
func (r *Roster) Players() []Player { return r.players }
