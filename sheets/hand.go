package sheets

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
)

// report is one hand of a sheet as checked: what the table reported, in
// the game's types: how it was given, whose it was, how it ended and what
// the table showed. It is made from its form, a HandRecord, in one place
// (newReport), whether the form was read from the file or given on the
// command line; scoring reads only this.
type report struct {
	as       givenAs
	seat     int               // who knocked or went gin, or who a hand scored by hand went to; ginrummy.NoPlayer on a drawn hand
	showdown ginrummy.Showdown // asNumbers: how it ended and both deadwoods; the first upcard (NoCard when not given, and for asPoints)
	cards    [2]ginrummy.Hand  // asCards: the knocker's cards and the defender's
	points   int               // asPoints: what the hand scored
	record   string            // the digest of the hand record it was scored from; empty when none
	// form is the hand in the sheet's words, as the file has it or, for a
	// hand given, as the sheet writes it (report.form): what the score
	// quotes, and what a save encodes for a hand with no node.
	form HandRecord
	// node is the hand as the file holds it, comments and all: as read,
	// or as an edit left it; nil for a hand added, which a save encodes
	// from its form. The sheet's hands list is made from these at saving.
	node *yaml.Node
}

// same reports whether two hands say the same, wherever they were read.
func (h report) same(o report) bool {
	h.node, o.node, h.form, o.form = nil, nil, HandRecord{}, HandRecord{}
	return h == o
}

// givenAs is how a hand was given to the sheet.
type givenAs uint8

// The ways a hand is given.
const (
	asNumbers givenAs = iota // how it ended and both players' deadwood; a drawn hand too
	asCards                  // both players' cards, scored with melds and layoffs worked out
	asPoints                 // who scored and how many points: scored by hand
)

// FormProblem is what is wrong with the form of a hand: which keys it has
// together, or which it lacks.
type FormProblem uint8

// The problems of a hand's form. The keys are the record's (knock, big_gin).
const (
	NoForm     FormProblem = iota // nothing says how the hand ended
	TwoForms                      // Keys, of one form, and Others, of another: scored by hand and played out (winner, points | knock, …), or as numbers and as cards (knock, …, deadwood | knocker, defender)
	TwoEndings                    // Keys: more than one of knock, gin, big_gin and draw
	NoEnding                      // the defender's deadwood, and no ending
	HalfPair                      // Keys: one of two keys that go together (winner and points, knocker and defender)
	Extra                         // Keys: the form (winner, draw), then a key it does not take
	NoDeadwood                    // Keys: the ending given without the defender's deadwood
	NoKnocker                     // Keys: the first key of the hand played out, which has no by
)

// FormError is a hand not given in exactly one form, or without what its
// form needs. Its words are the record's; the command line has its own.
type FormError struct {
	Problem FormProblem
	Keys    []string
	Others  []string // TwoForms: the keys of the other form
}

// BadInput marks a hand given in no form, or two, as wrong input
// (ginrummy.InputError).
func (e *FormError) BadInput() {}

const exactlyOne = "give exactly one of: knock, gin, big_gin, knocker+defender, draw, winner+points"

func (e *FormError) Error() string {
	switch e.Problem {
	case TwoForms:
		switch {
		case e.ByHand() && !slices.ContainsFunc(e.Others, notDeadwood):
			return "a hand scored by hand has only winner and points"
		case e.ByHand(), slices.ContainsFunc(e.Keys, notDeadwood):
		case len(e.Others) == 2:
			return "deadwood comes from the cards; leave it out"
		default:
			return "give both the knocker's and the defender's cards"
		}
	case TwoEndings:
		if e.field() == "knock" {
			return "a gin has no knocker's deadwood: give knock or gin, not both"
		}
	case HalfPair:
		if e.ByHand() {
			return "a hand scored by hand needs both winner and points"
		}
		return "give both the knocker's and the defender's cards"
	case Extra:
		if e.Keys[0] == "draw" {
			return "a drawn hand has no knocker and no deadwood"
		}
		return "a hand scored by hand has only winner and points"
	case NoDeadwood:
		return "deadwood: the defender's deadwood is missing"
	case NoKnocker:
		return "by: who knocked is missing"
	}
	return exactlyOne
}

// ByHand reports whether the keys at fault are those of a hand scored by
// hand (winner, points).
func (e *FormError) ByHand() bool {
	return len(e.Keys) > 0 && (e.Keys[0] == "winner" || e.Keys[0] == "points")
}

func notDeadwood(key string) bool { return key != "deadwood" }

// field is the key of the hand whose line a sheet's error names, or "" for
// the hand's first line.
func (e *FormError) field() string {
	switch {
	case e.Problem == TwoEndings && slices.Contains(e.Keys, "knock") && (slices.Contains(e.Keys, "gin") || slices.Contains(e.Keys, "big_gin")):
		return "knock"
	case e.Problem == Extra && e.Keys[0] == "draw":
		return "draw"
	case e.Problem == TwoForms && !e.ByHand() && !slices.ContainsFunc(e.Keys, notDeadwood) && len(e.Others) == 2:
		return "deadwood" // the defender's deadwood given with both hands' cards
	}
	return ""
}

// seatError is a name in a hand, under key (by, winner), that is no
// player's: why, in the file's words.
type seatError struct {
	key string
	err error
}

func (e *seatError) Error() string { return e.key + ": " + e.err.Error() }

func (e *seatError) Unwrap() error { return e.err }

// has reports whether the hand gives key.
func (h HandRecord) has(key string) bool {
	switch key {
	case "by":
		return h.By != ""
	case "knock":
		return h.Knock != nil
	case "gin":
		return h.Gin
	case "big_gin":
		return h.BigGin
	case "deadwood":
		return h.Deadwood != nil
	case "knocker":
		return h.KnockerCards != ""
	case "defender":
		return h.DefenderCards != ""
	case "draw":
		return h.Draw
	case "winner":
		return h.Winner != ""
	case "points":
		return h.Points != nil
	case "upcard":
		return h.Upcard != ""
	}
	return h.Record != ""
}

// given returns those of keys that the hand gives, in their order.
func (h HandRecord) given(keys ...string) []string {
	return slices.DeleteFunc(keys, func(k string) bool { return !h.has(k) })
}

// newReport checks a hand's form and reads it into a report: the one way a
// hand gets onto a sheet, from the file or from the command line. seatOf
// finds a player's seat by the name given (written out, in a file; any
// unique prefix, typed).
func (sm seams) newReport(f HandRecord, seatOf func(string) (int, error)) (report, error) {
	if sm.handRead != nil {
		sm.handRead()
	}
	h := report{seat: ginrummy.NoPlayer, showdown: ginrummy.Showdown{Upcard: ginrummy.NoCard}, record: f.Record, form: f}
	byHand := f.given("winner", "points")
	played := f.given("knock", "gin", "big_gin", "draw", "deadwood", "knocker", "defender")
	switch {
	case len(byHand) > 0 && len(played) > 0:
		return report{}, &FormError{Problem: TwoForms, Keys: byHand, Others: played}
	case len(byHand) == 1:
		return report{}, &FormError{Problem: HalfPair, Keys: byHand}
	case len(byHand) == 2:
		if extra := f.given("by", "upcard"); len(extra) > 0 {
			return report{}, &FormError{Problem: Extra, Keys: []string{"winner", extra[0]}}
		}
		if *f.Points < 0 {
			return report{}, at("points", fmt.Errorf("points %d cannot be negative", *f.Points))
		}
		var err error
		if h.seat, err = seatOf(f.Winner); err != nil {
			return report{}, &seatError{"winner", err}
		}
		h.as, h.points = asPoints, *f.Points
		return h, nil
	case len(played) == 0:
		return report{}, &FormError{Problem: NoForm}
	}
	numbers := f.given("knock", "gin", "big_gin", "draw", "deadwood")
	cards := f.given("knocker", "defender")
	endings := f.given("knock", "gin", "big_gin", "draw")
	switch {
	case len(numbers) > 0 && len(cards) > 0:
		return report{}, &FormError{Problem: TwoForms, Keys: numbers, Others: cards}
	case len(cards) == 1:
		return report{}, &FormError{Problem: HalfPair, Keys: cards}
	case len(cards) == 0 && len(endings) > 1:
		return report{}, &FormError{Problem: TwoEndings, Keys: endings}
	case len(cards) == 0 && len(endings) == 0:
		return report{}, &FormError{Problem: NoEnding}
	case f.Draw && f.Deadwood != nil:
		return report{}, &FormError{Problem: Extra, Keys: []string{"draw", "deadwood"}}
	case len(cards) == 0 && !f.Draw && f.Deadwood == nil:
		return report{}, &FormError{Problem: NoDeadwood, Keys: endings}
	}
	if f.Upcard != "" {
		c, err := ginrummy.ParseCard(f.Upcard)
		if err != nil {
			return report{}, at("upcard", fmt.Errorf("upcard: %w", err))
		}
		h.showdown.Upcard = c
	}
	switch {
	case f.Draw && f.By != "":
		return report{}, &FormError{Problem: Extra, Keys: []string{"draw", "by"}}
	case f.Draw:
		h.showdown.Ending = ginrummy.Drawn
		return h, nil
	case f.By == "":
		return report{}, &FormError{Problem: NoKnocker, Keys: played[:1]}
	}
	var err error
	if h.seat, err = seatOf(f.By); err != nil {
		return report{}, &seatError{"by", err}
	}
	if len(cards) == 2 {
		k, err := ginrummy.ParseHand(f.KnockerCards)
		if err != nil {
			return report{}, at("knocker", fmt.Errorf("knocker: %w", err))
		}
		d, err := ginrummy.ParseHand(f.DefenderCards)
		if err != nil {
			return report{}, at("defender", fmt.Errorf("defender: %w", err))
		}
		if both := k & d; both != 0 {
			return report{}, at("defender", fmt.Errorf("%v is in both hands", both))
		}
		h.as, h.cards = asCards, [2]ginrummy.Hand{k, d}
		return h, nil
	}
	if *f.Deadwood < 0 {
		return report{}, at("deadwood", fmt.Errorf("deadwood %d cannot be negative", *f.Deadwood))
	}
	if f.Knock != nil && *f.Knock < 0 {
		return report{}, at("knock", fmt.Errorf("knock %d cannot be negative", *f.Knock))
	}
	sd := &h.showdown
	sd.DefenderDeadwood = *f.Deadwood
	switch {
	case f.Gin:
		sd.Ending = ginrummy.WentGin
	case f.BigGin:
		sd.Ending = ginrummy.WentBigGin
	default:
		sd.Ending, sd.KnockerDeadwood = ginrummy.Knocked, *f.Knock
	}
	return h, nil
}

// asWritten is the hand as the sheet writes it: players by their full names,
// the upcard and cards in canonical form.
func (h report) asWritten(players [2]string) HandRecord {
	f := HandRecord{Record: h.record}
	if h.as == asPoints {
		f.Winner, f.Points = players[h.seat], new(h.points)
		return f
	}
	if h.showdown.Upcard.IsValid() {
		f.Upcard = h.showdown.Upcard.String()
	}
	if h.seat != ginrummy.NoPlayer {
		f.By = players[h.seat]
	}
	sd := h.showdown
	switch {
	case h.as == asCards:
		f.KnockerCards, f.DefenderCards = h.cards[0].String(), h.cards[1].String()
	case sd.Ending == ginrummy.Drawn:
		f.Draw = true
	case sd.Ending == ginrummy.WentGin:
		f.Gin, f.Deadwood = true, new(sd.DefenderDeadwood)
	case sd.Ending == ginrummy.WentBigGin:
		f.BigGin, f.Deadwood = true, new(sd.DefenderDeadwood)
	default:
		f.Knock, f.Deadwood = new(sd.KnockerDeadwood), new(sd.DefenderDeadwood)
	}
	return f
}
