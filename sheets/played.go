package sheets

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// A hand record scored on a sheet (gin sheet add --hand, edit N --hand).
// The sheet says whether a record belongs to it, reading itself once under
// its lock: the sheet the record names, its players, its rules, the record
// not scored already, the dealer the sheet has deal that hand, and a hand
// that has ended with both hands known.

// Played is a hand record read from its file and replayed to its last
// move, to be scored on a sheet.
type Played struct {
	Path   string         // the record's file: a sheet it names is relative to it
	Record *record.Record // the record
	Round  *table.Round   // the record replayed to its last move
}

// Sheet is the sheet the record names, relative to its file, or "" when it
// names none.
func (p Played) Sheet() string {
	if p.Record.Sheet == "" || filepath.IsAbs(p.Record.Sheet) {
		return p.Record.Sheet
	}
	return filepath.Join(filepath.Dir(p.Path), p.Record.Sheet)
}

// The reasons a record that belongs to the sheet is not one to score yet.
var (
	ErrHandNotEnded  = errors.New("the hand has not ended")
	ErrShownMissing  = errors.New("the hand ended, but the cards shown are missing")
	errRecordMisfits = errors.New("the record is not of a hand of this sheet")
)

// RecordSheetError is a record that names another sheet (Named).
type RecordSheetError struct{ Named string }

func (e *RecordSheetError) Error() string { return "the hand is for the sheet " + e.Named }

// Unwrap returns the sentinel of a record that does not fit the sheet.
func (e *RecordSheetError) Unwrap() error { return errRecordMisfits }

// BadInput marks the record as wrong input (ginrummy.InputError).
func (e *RecordSheetError) BadInput() {}

// RecordPlayerError is a player of the record (Name) who is not on the
// sheet, whose players are Players.
type RecordPlayerError struct {
	Name    string
	Players [2]string
}

func (e *RecordPlayerError) Error() string {
	return e.Name + " plays in the record but not on the sheet"
}

// Unwrap returns the sentinel of a record that does not fit the sheet.
func (e *RecordPlayerError) Unwrap() error { return errRecordMisfits }

// BadInput marks the record as wrong input (ginrummy.InputError).
func (e *RecordPlayerError) BadInput() {}

// RecordRulesError is a record played by rules (Record) that do not play
// as the sheet's (Sheet).
type RecordRulesError struct{ Record, Sheet ginrummy.Rules }

func (e *RecordRulesError) Error() string {
	return "the hand was played by other rules than the sheet's: " + e.Record.Name + " against " + e.Sheet.Name
}

// Unwrap returns the sentinel of a record that does not fit the sheet.
func (e *RecordRulesError) Unwrap() error { return errRecordMisfits }

// BadInput marks the record as wrong input (ginrummy.InputError).
func (e *RecordRulesError) BadInput() {}

// RecordDealerError is a record dealt by Dealt of a hand that Deals deals
// on the sheet: hand Hand, or with Next the next hand.
type RecordDealerError struct {
	Dealt, Deals string
	Hand         int
	Next         bool
}

func (e *RecordDealerError) Error() string {
	return "the hand was dealt by " + e.Dealt + ", but " + e.Deals + " deals it on the sheet"
}

// Unwrap returns the sentinel of a record that does not fit the sheet.
func (e *RecordDealerError) Unwrap() error { return errRecordMisfits }

// BadInput marks the record as wrong input (ginrummy.InputError).
func (e *RecordDealerError) BadInput() {}

// RecordScoreError is a record whose score statement (Record: a tally per
// game, the record's players in order, with HasBoxes when it gives the
// boxes) contradicts the sheet's score before hand Hand (Sheet, in the same
// order), or with Next before the next hand.
type RecordScoreError struct {
	Record, Sheet []ginrummy.Tally
	HasBoxes      bool
	Hand          int
	Next          bool
}

func (e *RecordScoreError) Error() string {
	return "the record's score before the hand is not the sheet's"
}

// Unwrap returns the sentinel of a record that does not fit the sheet.
func (e *RecordScoreError) Unwrap() error { return errRecordMisfits }

// BadInput marks the record as wrong input (ginrummy.InputError).
func (e *RecordScoreError) BadInput() {}

// AddPlayed records the hand a hand record followed to its end at the end
// of the sheet at path, as Add records a hand given: the sheet read and
// scored once, with the hand. A record that does not belong to the sheet
// is refused with why (*RecordSheetError, *RecordPlayerError,
// *RecordRulesError, *RecordScoredError, *RecordDealerError,
// *RecordScoreError), and one not
// ended with ErrHandNotEnded or ErrShownMissing.
func AddPlayed(path string, p Played) (*Score, error) { return seams{}.addPlayed(path, p) }

// addPlayed is AddPlayed, with a test's seams.
func (sm seams) addPlayed(path string, p Played) (*Score, error) {
	return sm.addGiven(path, &p, HandRecord{})
}

// EditPlayed replaces hand n of the sheet at path with the hand a hand
// record followed to its end, as Edit does with a hand given, refusing a
// record as AddPlayed does.
func EditPlayed(path string, n int, p Played, dropLater bool) (*Score, Edited, error) {
	return seams{}.editGiven(path, n, &p, HandRecord{}, dropLater)
}

// recordHand checks that a record belongs to the sheet as hand n (0: the
// next hand, whose dealer the caller checks once the hand is scored;
// before is the sheet's score, for a hand of the sheet) and returns its
// hand, read as the sheet reads its own.
func (f *File) recordHand(p Played, n int, before *Score) (report, error) {
	if named := p.Sheet(); named != "" && !sameFile(named, f.Path) {
		return report{}, &RecordSheetError{Named: named}
	}
	rec := f.rec
	for _, name := range p.Record.Players {
		if _, err := f.Sheet.exactPlayer(name); err != nil {
			return report{}, &RecordPlayerError{Name: name, Players: rec.players}
		}
	}
	if rules := p.Round.Rules(); !rules.PlaysAlike(rec.rules) {
		return report{}, &RecordRulesError{Record: rules, Sheet: rec.rules}
	}
	digest := record.Digest(p.Record)
	if err := rec.scoredOnce(report{record: digest}, n); err != nil {
		return report{}, err
	}
	if before != nil {
		if dealt := p.Record.Players[p.Record.Dealer]; !before.RecordFits(n, dealt) {
			return report{}, &RecordDealerError{Dealt: dealt, Deals: before.DealerOf(n), Hand: n}
		}
		if err := fitsScore(&p, before, n, false); err != nil {
			return report{}, err
		}
	}
	switch {
	case !p.Round.Ended():
		return report{}, ErrHandNotEnded
	case !p.Round.Scored():
		return report{}, ErrShownMissing
	}
	return f.seams.newReport(handOfRecord(p.Record, p.Round, digest), f.Sheet.exactPlayer)
}

// fitsDealer refuses a record whose dealer is not the one the sheet, as
// scored, has deal hand n, or whose score is not the sheet's before it:
// checked once the hand is scored with the game.
func fitsDealer(p *Played, sc *Score, n int) error {
	if dealt := p.Record.Players[p.Record.Dealer]; !sc.RecordFits(n, dealt) {
		return &RecordDealerError{Dealt: dealt, Deals: sc.DealerOf(n), Hand: n, Next: true}
	}
	return fitsScore(p, sc, n, true)
}

// fitsScore refuses a record whose score statement (and boxes, when it
// gives them) is not the sheet's score sc before hand n; next says hand n
// is the one being added. A record without one fits any score.
func fitsScore(p *Played, sc *Score, n int, next bool) error {
	rec := p.Record
	if len(rec.Score) == 0 {
		return nil
	}
	want := sc.Before(n, sc.Seat(rec.Players[0]))
	fits := len(want) == len(rec.Score)
	for g := 0; fits && g < len(want); g++ {
		fits = want[g].Points == rec.Score[g].Points && (!rec.HasBoxes || want[g].Boxes == rec.Score[g].Boxes)
	}
	if fits {
		return nil
	}
	return &RecordScoreError{Record: rec.Score, Sheet: want, HasBoxes: rec.HasBoxes, Hand: n, Next: next}
}

// sameFile reports whether two paths name one file that is there.
func sameFile(a, b string) bool {
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// HandOfRecord is the hand a record followed to its scored end, as a sheet
// keeps it: who knocked, with their deadwood from the melds they laid down
// and the defender's after the layoffs, or a drawn hand; the first upcard
// where the rules use it; and the record's digest, so that it is scored
// once.
func HandOfRecord(rec *record.Record, round *table.Round) HandRecord {
	return handOfRecord(rec, round, record.Digest(rec))
}

// handOfRecord is HandOfRecord, with the record's digest.
func handOfRecord(rec *record.Record, round *table.Round, digest string) HandRecord {
	var h HandRecord
	if res := round.Result(); res.Ending == ginrummy.Drawn {
		h.Draw = true
	} else {
		sd := round.Showdown()
		h.By = rec.Players[res.Knocker]
		h.Deadwood = &sd.DefenderDeadwood
		switch sd.Ending {
		case ginrummy.WentBigGin:
			h.BigGin = true
		case ginrummy.WentGin:
			h.Gin = true
		default:
			h.Knock = &sd.KnockerDeadwood
		}
	}
	if round.Rules().UsesUpcard() {
		h.Upcard = rec.Upcard.String()
	}
	h.Record = digest
	return h
}

// ScoredAs finds where the hand record of digest was scored: on the sheet
// at path, whose score is sc, or on one of that sheet's earlier games,
// which the next game's sheet put beside it under a dated name
// (gin-sheet-2026-11-22-Ann-Bob.yaml). It returns that sheet's path and
// the hand's number, or "" when the record was scored on none of them.
func ScoredAs(path string, sc *Score, digest string) (string, int) {
	if digest == "" {
		return "", 0
	}
	for i, h := range sc.Hands {
		if h.Record == digest {
			return path, i + 1
		}
	}
	real := path
	if target, err := filepath.EvalSymlinks(path); err == nil {
		real = target // a game is kept beside the file a link names
	}
	dir, base := filepath.Split(real)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext) + "-"
	if dir == "" {
		dir = "."
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		name := e.Name()
		if name == base || !e.Type().IsRegular() || !strings.HasPrefix(name, stem) || !strings.HasSuffix(name, ext) {
			continue
		}
		kept := filepath.Join(dir, name)
		data, _, err := readSheet(kept)
		// Most sheets do not hold the digest at all: only one that does is
		// read as a sheet.
		if err != nil || !bytes.Contains(data, []byte(digest)) {
			continue
		}
		p, _, err := parse(kept, data, false)
		if err != nil {
			continue
		}
		for i, h := range p.sheet.Hands {
			if h.Record == digest {
				return kept, i + 1
			}
		}
	}
	return "", 0
}

// RecordSeat is the seat on the sheet of record rec's first player: the
// side Before takes for the record's order of players. It is false when the
// record's players are not the sheet's two.
func (sc *Score) RecordSeat(rec *record.Record) (int, bool) {
	seat := sc.Seat(rec.Players[0])
	return seat, seat >= 0 && sc.Seat(rec.Players[1]) == 1-seat
}

// BeforeRecord is the score before the hand the sheet scored from record
// rec (the hand holding its digest), in the record's order of players, a
// tally per game. It is false when the sheet holds no hand of the record or
// its players are others.
func (sc *Score) BeforeRecord(rec *record.Record) ([]ginrummy.Tally, bool) {
	seat, ok := sc.RecordSeat(rec)
	if !ok {
		return nil, false
	}
	digest := record.Digest(rec)
	at := slices.IndexFunc(sc.Hands, func(h ScoredHand) bool { return h.Record == digest })
	if at < 0 {
		return nil, false
	}
	return sc.Before(at+1, seat), true
}

// Carry writes into a new record rec the score before the sheet's next
// hand, as its score and boxes statements (a tally per game, Hollywood's
// three), in the record's order of players, so that the record read
// anywhere is valued at the score it was played at. It writes nothing for
// a nil sheet, a game that is over, or a record whose players are others.
func (sc *Score) Carry(rec *record.Record) {
	if sc == nil || sc.Result != nil {
		return
	}
	seat, ok := sc.RecordSeat(rec)
	if !ok {
		return
	}
	rec.Score, rec.HasBoxes = sc.Before(len(sc.Hands)+1, seat), true
}

// RecordSheet is the score sheet record rec, read from path, names, as a
// path from here (a relative name is relative to the record's folder); ""
// when it names none.
func RecordSheet(rec *record.Record, path string) string {
	if rec.Sheet == "" || filepath.IsAbs(rec.Sheet) {
		return rec.Sheet
	}
	return filepath.Join(filepath.Dir(path), rec.Sheet)
}

// ForSheet reports whether record rec, read from path, is for the score
// sheet at sheet: the sheet it names is that file, or it names none.
func ForSheet(rec *record.Record, path, sheet string) bool {
	return rec.Sheet == "" || sameFile(RecordSheet(rec, path), sheet)
}
