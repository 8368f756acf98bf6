package sheets

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// The actions on a sheet, one per 'gin sheet' command. Each one that changes
// the sheet locks it, loads it strictly, makes its change, replays the whole
// record by the rules, and saves only when all of that succeeded; the lock is
// held from the load to the save. Each returns the sheet's Score as it now
// stands.

// RecordScoredError is a hand record scored on the sheet already, as hand
// Hand.
type RecordScoredError struct{ Hand int }

func (e *RecordScoredError) Error() string {
	return fmt.Sprintf("this hand record was scored already, as hand %d", e.Hand)
}

// BadInput marks a record scored twice as wrong input (ginrummy.InputError).
func (e *RecordScoredError) BadInput() {}

// scoredOnce refuses hand h when it comes from a hand record that a hand
// of the sheet other than hand except (numbered from 1; 0 for none) was
// scored from.
func (rec *checked) scoredOnce(h report, except int) error {
	if h.record == "" {
		return nil
	}
	for i, old := range rec.hands {
		if i+1 != except && old.record == h.record {
			return &RecordScoredError{i + 1}
		}
	}
	return nil
}

// DealerOf is who deals hand n (counting from 1) of the game as scored: a
// hand of the sheet, or, one past the last, the next hand.
func (sc *Score) DealerOf(n int) string {
	if n >= 1 && n <= len(sc.Hands) {
		return sc.Hands[n-1].Dealer
	}
	return sc.NextDealer
}

// RecordFits reports whether a hand record dealt by dealer can be hand n of
// the game as scored (one past the last: the next hand): the sheet has that
// player deal it. One that does not fit is a record of another hand.
func (sc *Score) RecordFits(n int, dealer string) bool {
	return ginrummy.SameName(sc.DealerOf(n), dealer)
}

// DefaultPath is the sheet a command uses when none is named.
const DefaultPath = "gin-sheet.yaml"

// ErrNothingToUndo is the reason Undo refuses a sheet with no hands that is
// not closed.
var ErrNothingToUndo = errors.New("nothing to undo: the sheet has no hands")

// New starts a score sheet at path from s: its two players, its rules (a
// preset and overrides; no preset means classic) and its first dealer, whom
// any unique prefix of the name will do for, and who is the first player
// when none is given. The sheet written has no hands unless s has some. A
// sheet at path is kept, and Moved says where: a finished game under a dated
// name beside it; one not finished, or that does not load, is refused
// unless force, which keeps it as path.bak. A sheet with no hands, no game
// yet, is replaced and not kept.
func New(path string, s Sheet, force bool) (*Score, Moved, error) {
	return seams{}.newSheet(path, s, force)
}

// newSheet is New, with a test's seams.
func (sm seams) newSheet(path string, s Sheet, force bool) (*Score, Moved, error) {
	s.Players = append([]string(nil), s.Players...)
	for i, p := range s.Players {
		s.Players[i] = strings.TrimSpace(p)
	}
	if err := s.checkPlayers(); err != nil {
		return nil, Moved{}, err
	}
	if s.Dealer == "" {
		s.Dealer = s.Players[0]
	}
	if s.Started == "" {
		s.Started = Day(Today())
	}
	d, err := s.Player(s.Dealer)
	if err != nil {
		return nil, Moved{}, &FieldError{"dealer", err}
	}
	s.Dealer = s.Players[d]
	if r, err := s.Rules.Resolve(); err == nil {
		s.Rules.Preset = r.Name
	}
	rec, err := s.check()
	if err != nil {
		return nil, Moved{}, err
	}
	score, err := rec.score()
	if err != nil {
		return nil, Moved{}, err
	}
	f, err := sm.create(path, s, true) // what is there is kept, or refused, by start
	if err != nil {
		return nil, Moved{}, err
	}
	defer f.release()
	f.rec, f.Sheet.Hands = rec, nil
	moved, err := f.start(score.derived(), force)
	if err != nil {
		return nil, Moved{}, err
	}
	return score, moved, nil
}

// ErrUpcardUnused is the reason Add refuses an upcard that the sheet's rules
// would not use, so that nobody believes it counted.
var ErrUpcardUnused = errors.New("no upcard needed")

// NewHandError is the refusal of the hand given to Add by the rules (a
// knock over the limit, a missing upcard, cards of the wrong number): the
// sheet's own hands are sound. An error in a hand already on the sheet is
// a *yamlfile.Error at its line instead.
type NewHandError struct {
	Err error // why: a ginrummy error, for errors.Is
}

func (e *NewHandError) Error() string { return e.Err.Error() }

// Unwrap returns why.
func (e *NewHandError) Unwrap() error { return e.Err }

// BadInput marks the hand refused as wrong input (ginrummy.InputError).
func (e *NewHandError) BadInput() {}

// Add records one hand at the end of the sheet at path and returns the new
// score, whose last hand is the one added. The players in the hand (by,
// winner) may be named by any unique prefix, in any case; the sheet gets
// their full names, and the upcard and cards in canonical form. A hand that breaks
// the rules is refused with the reason, and a game that is over takes no
// more hands.
func Add(path string, form HandRecord) (*Score, error) { return seams{}.add(path, form) }

// add is Add, with a test's seams.
func (sm seams) add(path string, form HandRecord) (*Score, error) {
	return sm.addGiven(path, nil, form)
}

// addGiven is add of the hand form, or of the hand p followed to its end.
func (sm seams) addGiven(path string, p *Played, form HandRecord) (*Score, error) {
	// The game is scored once, with the hand added: an error in a hand
	// already on the sheet is reported as loading would report it, and a
	// hand after the end of the game is refused with the game's result.
	f, err := sm.open(path, false)
	if err != nil {
		return nil, err
	}
	defer f.release()
	var h report
	if p != nil {
		if h, err = f.recordHand(*p, 0, nil); err != nil {
			return nil, err
		}
	}
	if f.rec.closed {
		return nil, f.refuseAfterEnd()
	}
	if p == nil {
		if h, err = f.given(form, 0); err != nil {
			return nil, err
		}
	}
	n := len(f.rec.hands)
	if n >= MaxHands {
		return nil, &limitError{fmt.Sprintf("%s: the sheet holds %s hands, the most a score sheet holds: keep the next game on a sheet of its own", f.Path, yamlfile.Thousands(MaxHands)), ErrTooManyHands}
	}
	h.form = h.asWritten(f.rec.players)
	f.addHand(h)
	score, err := f.seams.score(f.rec)
	if err != nil {
		herr, isHand := errors.AsType[*ginrummy.HandError](err)
		switch {
		case isHand && herr.Hand == n+1 && errors.Is(herr.Err, ginrummy.ErrGameOver):
			f.cutHands(n)
			return nil, f.refuseAfterEnd()
		case isHand && herr.Hand == n+1:
			return nil, &NewHandError{herr.Err} // the hand the user gave, so no need to number it
		}
		f.cutHands(n)
		return nil, locate(f.Path, &f.Sheet, err)
	}
	if p != nil {
		// The record is of the hand the sheet has its dealer deal next.
		if err := fitsDealer(p, score, n+1); err != nil {
			return nil, err
		}
	}
	if err := f.Save(score.derived()); err != nil {
		return nil, err
	}
	return score, nil
}

// given reads the hand given to Add or Edit, as hand n (0 for a hand added),
// its players named by any unique prefix, and refuses a hand the sheet
// cannot take whatever it scores: a form that is not one hand's (a
// *NewHandError of a *FormError), a player not on the sheet, an upcard its
// rules do not use, a hand record scored already.
func (f *File) given(form HandRecord, n int) (report, error) {
	h, err := f.seams.newReport(form, f.Sheet.Player)
	if serr, ok := errors.AsType[*seatError](err); ok {
		return report{}, serr.err // the name as typed: no key to name
	}
	if err != nil {
		return report{}, &NewHandError{err}
	}
	if rules := f.rec.rules; h.showdown.Upcard.IsValid() && !rules.UsesUpcard() {
		return report{}, fmt.Errorf("%w: the %s rules of this sheet do not use the upcard", ErrUpcardUnused, rules.Name)
	}
	if err := f.rec.scoredOnce(h, n); err != nil {
		return report{}, err
	}
	return h, nil
}

// refuseAfterEnd is the refusal of a hand on a game that is over: it scores
// the game as it stands (only on this path) for the result to quote.
func (f *File) refuseAfterEnd() error {
	before, err := f.seams.score(f.rec)
	if err != nil {
		return locate(f.Path, &f.Sheet, err)
	}
	if before.Result == nil {
		return fmt.Errorf("%s: the game is marked closed but is not over", yamlfile.Printable(f.Path))
	}
	what := "game"
	if len(before.Games) > 1 {
		what = "match" // Hollywood's three games
	}
	return &GameOverError{Path: f.Path, What: what, Result: before.Result}
}

// GameOverError is the refusal of a hand after the end of the game (or
// match, What says) on the sheet at Path; ginrummy.ErrGameOver for
// errors.Is.
type GameOverError struct {
	Path   string
	What   string // "game", or "match" for Hollywood's three games
	Result *Settlement
}

// Error says that the game is over and who won; a command says how to start
// the next one.
func (e *GameOverError) Error() string { return e.Outcome() }

// Outcome says that the game is over and how it ended: "the game is over
// (Ann won 205–0)".
func (e *GameOverError) Outcome() string {
	r := e.Result
	f := r.Final.Values
	how := fmt.Sprintf("level at %d–%d", f[0], f[1])
	switch r.Winner {
	case r.Final.Players[0]:
		how = fmt.Sprintf("%s won %d–%d", r.Winner, f[0], f[1])
	case r.Final.Players[1]:
		how = fmt.Sprintf("%s won %d–%d", r.Winner, f[1], f[0])
	}
	return fmt.Sprintf("the %s is over (%s)", e.What, how)
}

// Unwrap returns ginrummy.ErrGameOver.
func (e *GameOverError) Unwrap() error { return ginrummy.ErrGameOver }

// BadInput marks a hand after the end of the game as wrong input
// (ginrummy.InputError).
func (e *GameOverError) BadInput() {}

// Undone is what Undo took back.
type Undone struct {
	Close    bool        // the close was taken back: the game is open again and no hand was removed
	Hand     *ScoredHand // the hand removed, as it was scored; nil when none was
	Reopened bool        // the game was over and is open again
}

// Undo takes back the last thing done to the sheet at path. On a game that
// 'gin sheet close' ended, that is the close: the game is open again with
// every hand kept. Otherwise it removes the last hand, which re-opens the
// game when that hand ended it. A sheet with no hands has nothing to undo.
func Undo(path string) (*Score, Undone, error) {
	// The hands are scored once; the game is settled with them, then
	// without the last.
	f, err := open(path, false)
	if err != nil {
		return nil, Undone{}, err
	}
	defer f.release()
	rep, err := f.rec.replay()
	if err != nil {
		return nil, Undone{}, locate(f.Path, &f.Sheet, err)
	}
	before, err := f.rec.settle(rep)
	if err != nil {
		return nil, Undone{}, locate(f.Path, &f.Sheet, err)
	}
	var undone Undone
	switch n := len(f.rec.hands); {
	case before.Result != nil && before.Result.Closed:
		undone.Close = true
	case n == 0:
		return nil, Undone{}, ErrNothingToUndo
	default:
		undone.Hand = &before.Hands[n-1]
		f.DropLastHand()
		rep = replayed{rep.outcomes[:n-1], rep.hands[:n-1]}
	}
	if f.rec.closed {
		// Left on a sheet a hand had already ended, the mark would close
		// the game again after the hand before.
		f.SetClosed(false)
	}
	score, err := f.rec.settle(rep)
	if err != nil {
		return nil, Undone{}, err
	}
	undone.Reopened = before.Result != nil && score.Result == nil
	if err := f.Save(score.derived()); err != nil {
		return nil, Undone{}, err
	}
	return score, undone, nil
}

// Close ends the game on the sheet at path now: each game still open is won
// by its leader and settled with its bonuses, and the sheet is marked closed.
// It is refused when a game to settle is level. On a game already over it
// returns the score with wasOver set, and changes nothing but the worked-out
// sections, when a person edited the hands and left them stale.
func Close(path string) (score *Score, wasOver bool, err error) {
	// The game is scored once: closed, or as it stands when it is over.
	f, err := open(path, false)
	if err != nil {
		return nil, false, err
	}
	defer f.release()
	if f.rec.closed {
		if score, err = f.rec.score(); err != nil {
			return nil, false, locate(f.Path, &f.Sheet, err)
		}
		return score, true, f.Save(score.derived())
	}
	f.SetClosed(true)
	if score, err = f.rec.score(); err != nil {
		if ferr, ok := errors.AsType[*FieldError](err); ok && ferr.Key == "closed" {
			return nil, false, ferr.Err
		}
		return nil, false, locate(f.Path, &f.Sheet, err)
	}
	if score.Result != nil && !score.Result.Closed {
		// A hand had ended the game: no mark, and the score is the same.
		f.SetClosed(false)
		return score, true, f.Save(score.derived())
	}
	if err := f.Save(score.derived()); err != nil {
		return nil, false, err
	}
	return score, false, nil
}

// derived returns the sections a save writes after the record; a section
// that does not apply (no result yet, no games outside Hollywood) is removed.
func (sc *Score) derived() []Derived {
	d := []Derived{
		{Key: "totals", Value: sc.Totals},
		{Key: "boxes", Value: sc.Boxes},
		{Key: "next_dealer", Value: sc.NextDealer},
		{Key: "result"},
		{Key: "games"},
	}
	if sc.Result != nil {
		d[3].Value = sc.Result
	}
	if sc.Games != nil {
		d[4].Value = sc.Games
	}
	return d
}

// Show reads the sheet at path, without locking it, and returns its score.
func Show(path string) (*Score, error) {
	_, score, err := load(path)
	return score, err
}
