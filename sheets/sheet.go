// Package sheets keeps score for a game of Gin Rummy in a YAML file: its
// shape, strict loading (with sheets/yamlfile; its rules section is a
// rulesfile.Spec), applying hands through the ginrummy scoring rules, and
// locked, atomic saving.
package sheets

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// Sheet is the record of one game: who plays, under which rules, who dealt
// first, every hand in order, and whether the game was closed after the last
// of them. Everything else is derived from it.
type Sheet struct {
	Players []string       `yaml:"players"`
	Rules   rulesfile.Spec `yaml:"rules"`
	Dealer  string         `yaml:"dealer"`
	Started Day            `yaml:"started,omitempty"` // the day the game started; empty on older sheets
	Hands   []HandRecord   `yaml:"hands"`
	Closed  bool           `yaml:"closed,omitempty"` // ended early by 'gin sheet close', after the last hand

	lines map[string]int // the line of each top-level key, for errors; nil for a sheet not read from a file
	start int            // the line the sheet's mapping starts on: where a key left out goes
	at    []handAt       // where each hand was read, for errors; nil for a sheet not read from a file
}

// handAt is where a hand was read: its first line, and the line of each of
// its fields, in handKeys' order.
type handAt struct {
	line int
	keys [numHandKeys]int32
}

// checked is a sheet's record as checked, in the game's types: the players,
// the rules resolved, the first dealer's seat and every hand. Scoring reads
// only this; Sheet.check is the one place it is made.
type checked struct {
	players [2]string
	rules   ginrummy.Rules
	dealer  int // the first dealer's seat
	started Day
	hands   []report
	closed  bool
}

// same reports whether two records say the same: what a save's read-back
// compares.
func (rec *checked) same(o *checked) bool {
	return rec.players == o.players && rec.rules == o.rules && rec.dealer == o.dealer && rec.started == o.started &&
		rec.closed == o.closed && slices.EqualFunc(rec.hands, o.hands, report.same)
}

// Day is a date, YYYY-MM-DD. It is written without quotes, as YAML's date.
type Day string

// MarshalYAML writes the day as a YAML date.
func (d Day) MarshalYAML() (any, error) {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!timestamp", Value: string(d)}, nil
}

// HandRecord is one hand as the table reported it, in the sheet's words:
// its form, as the file holds it and as a command gives it, which the sheet
// reads into a report. Exactly one form is used:
//
//	by + knock + deadwood     a knock: the knocker's and the defender's deadwood
//	by + gin + deadwood       a gin, and the defender's deadwood
//	by + big_gin + deadwood   a big gin
//	by + knocker + defender   the two hands as cards, scored with melds and layoffs
//	draw                      a drawn hand: the stock ran down, nobody knocked
//	winner + points           a hand scored by hand
//
// upcard (Oklahoma) may go with any form but the last.
type HandRecord struct {
	By            string `yaml:"by,omitempty" json:"by,omitempty"`             // the player who knocked or went gin
	Knock         *int   `yaml:"knock,omitempty" json:"knock,omitempty"`       // the knocker's deadwood
	Gin           bool   `yaml:"gin,omitempty" json:"gin,omitempty"`           // the knocker went gin
	BigGin        bool   `yaml:"big_gin,omitempty" json:"big_gin,omitempty"`   // the knocker went big gin
	Deadwood      *int   `yaml:"deadwood,omitempty" json:"deadwood,omitempty"` // the defender's deadwood, after layoffs on a knock
	KnockerCards  string `yaml:"knocker,omitempty" json:"knocker,omitempty"`   // the knocker's cards
	DefenderCards string `yaml:"defender,omitempty" json:"defender,omitempty"` // the defender's cards
	Draw          bool   `yaml:"draw,omitempty" json:"draw,omitempty"`         // nobody knocked
	Winner        string `yaml:"winner,omitempty" json:"winner,omitempty"`     // the player a hand scored by hand went to
	Points        *int   `yaml:"points,omitempty" json:"points,omitempty"`     // what that hand scored
	Upcard        string `yaml:"upcard,omitempty" json:"upcard,omitempty"`     // the first upcard, for Oklahoma
	// Record is the digest of the hand record the hand was scored from
	// (gin sheet add --hand), so that one record is not scored twice.
	Record string `yaml:"record,omitempty" json:"record,omitempty"`
}

// atField is an error about one field of a hand, so that loading can name
// that field's line; it reads as its reason.
type atField struct {
	key string
	err error
}

func (e *atField) Error() string { return e.err.Error() }

func (e *atField) Unwrap() error { return e.err }

// at says that err is about the hand's field key.
func at(key string, err error) error { return &atField{key, err} }

// FieldError says which part of a sheet outside its hands is wrong: a key
// of the top-level mapping, so that loading can name its line and a command
// the flag that gave the value.
type FieldError struct {
	Key string // "players", "dealer", "rules" or "closed"
	Err error  // what is wrong with it
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Err.Error() }

// Unwrap returns what is wrong.
func (e *FieldError) Unwrap() error { return e.Err }

// ErrNoDealer is the reason a sheet that does not say who dealt first is
// refused.
var ErrNoDealer = errors.New("the first dealer is missing")

// ErrUnknownPlayer is the reason a name that is not on the sheet is refused.
var ErrUnknownPlayer = errors.New("not a player on this sheet")

// PlayerError is a name that is not a player on the sheet, with the players
// it could have meant.
type PlayerError struct {
	Name    string
	Players []string
}

func (e *PlayerError) Error() string {
	return fmt.Sprintf("%q is %v (%s)", e.Name, ErrUnknownPlayer, strings.Join(e.Players, ", "))
}

// Unwrap returns ErrUnknownPlayer.
func (e *PlayerError) Unwrap() error { return ErrUnknownPlayer }

// BadInput marks a name that is not a player as wrong input
// (ginrummy.InputError).
func (e *PlayerError) BadInput() {}

// Player returns the index of the player a name means: the full name or
// a prefix that only one player's name starts with, in any case and either
// Unicode form (ginrummy.SameName).
func (s *Sheet) Player(name string) (int, error) {
	name = strings.TrimSpace(name) // as New trims the names it is given
	p, err := ginrummy.MatchName(s.Players, name)
	switch {
	case err != nil:
		return 0, err
	case p < 0:
		return 0, &PlayerError{Name: name, Players: s.Players}
	}
	return p, nil
}

// exactPlayer is Player for names in the file, which must be written out.
func (s *Sheet) exactPlayer(name string) (int, error) {
	for i, p := range s.Players {
		if ginrummy.SameName(p, name) {
			return i, nil
		}
	}
	return 0, &PlayerError{Name: name, Players: s.Players}
}

// check verifies the record and reads it into the game's types: two
// players, known names, rules that resolve, every hand in exactly one
// form with what that form needs, and no hand record scored twice.
func (s *Sheet) check() (*checked, error) { return seams{}.check(s) }

// check is Sheet.check, with a test's seams.
func (sm seams) check(s *Sheet) (*checked, error) {
	if err := s.checkPlayers(); err != nil {
		return nil, err
	}
	rec := &checked{players: [2]string(s.Players), started: s.Started, closed: s.Closed, hands: make([]report, len(s.Hands))}
	var err error
	if s.Dealer == "" {
		return nil, &FieldError{"dealer", fmt.Errorf("%w: write dealer: and the name of %s or %s", ErrNoDealer, s.Players[0], s.Players[1])}
	}
	if rec.dealer, err = s.exactPlayer(s.Dealer); err != nil {
		return nil, &FieldError{"dealer", err}
	}
	if rec.rules, err = s.Rules.Resolve(); err != nil {
		return nil, &FieldError{"rules", err}
	}
	for i, h := range s.Hands {
		if rec.hands[i], err = sm.newReport(h, s.exactPlayer); err != nil {
			return nil, &ginrummy.HandError{Hand: i + 1, Err: err}
		}
		// Two hands that claim one record (a hand pasted twice): the record
		// would count twice, and no later add could tell which is its hand.
		if err := rec.scoredOnce(rec.hands[i], i+1); err != nil {
			return nil, &ginrummy.HandError{Hand: i + 1, Err: at("record", repeatedRecord(err))}
		}
	}
	return rec, nil
}

// repeatedRecord is the refusal of a hand whose hand record an earlier
// hand of the sheet was scored from (err, a *RecordScoredError).
func repeatedRecord(err error) error {
	return fmt.Errorf("record: %w: a hand record is scored once; delete this hand if it is that hand again, or this record line if it is another hand", err)
}

// checkPlayers verifies that the sheet has two players with names that tell
// them apart, and holds the names as ginrummy.PlayerName writes them, so that every
// name derived from them (the totals', the scorer's, the winner's) is
// spelt one way in every sheet.
func (s *Sheet) checkPlayers() error {
	if len(s.Players) != 2 {
		return &FieldError{"players", fmt.Errorf("a sheet has two players, this one has %d", len(s.Players))}
	}
	for i, p := range s.Players {
		if strings.TrimSpace(p) == "" || strings.ContainsAny(p, ",\n") {
			return &FieldError{"players", fmt.Errorf("player name %q: names must be non-empty and hold no comma", p)}
		}
		if !utf8.ValidString(p) || strings.ContainsFunc(p, ginrummy.UnsafeNameRune) || strings.TrimSpace(p) != p {
			return &FieldError{"players", fmt.Errorf("player name %q: names are printable text, with no spaces around them, no space but the plain one, and no control, format, invisible or line-separating characters", p)}
		}
		s.Players[i] = ginrummy.PlayerName(p)
	}
	if ginrummy.SameName(s.Players[0], s.Players[1]) {
		return &FieldError{"players", fmt.Errorf("both players are called %q", s.Players[0])}
	}
	return nil
}
