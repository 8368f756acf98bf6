// Package sheets keeps score for a game of Gin Rummy in a YAML file: its
// shape, strict loading (with sheets/yamlfile; its rules section is a
// rulesfile.Spec), applying hands through the ginrummy scoring rules, and
// locked, atomic saving.
package sheets

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
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

	// What check read from the fields above, for scoring.
	rules  ginrummy.Rules
	dealer int // the first dealer's index
}

// Day is a date, YYYY-MM-DD. It is written without quotes, as YAML's date.
type Day string

// MarshalYAML writes the day as a YAML date.
func (d Day) MarshalYAML() (any, error) {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!timestamp", Value: string(d)}, nil
}

// HandRecord is one hand as the table reported it. Exactly one form is used:
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
	By       string `yaml:"by,omitempty" json:"by,omitempty"`             // the player who knocked or went gin
	Knock    *int   `yaml:"knock,omitempty" json:"knock,omitempty"`       // the knocker's deadwood
	Gin      bool   `yaml:"gin,omitempty" json:"gin,omitempty"`           // the knocker went gin
	BigGin   bool   `yaml:"big_gin,omitempty" json:"big_gin,omitempty"`   // the knocker went big gin
	Deadwood *int   `yaml:"deadwood,omitempty" json:"deadwood,omitempty"` // the defender's deadwood, after layoffs on a knock
	Knocker  string `yaml:"knocker,omitempty" json:"knocker,omitempty"`   // the knocker's cards
	Defender string `yaml:"defender,omitempty" json:"defender,omitempty"` // the defender's cards
	Draw     bool   `yaml:"draw,omitempty" json:"draw,omitempty"`         // nobody knocked
	Winner   string `yaml:"winner,omitempty" json:"winner,omitempty"`     // the player a hand scored by hand went to
	Points   *int   `yaml:"points,omitempty" json:"points,omitempty"`     // what that hand scored
	Upcard   string `yaml:"upcard,omitempty" json:"upcard,omitempty"`     // the first upcard, for Oklahoma
	// Record is the digest of the hand record the hand was scored from
	// (gin sheet add --hand), so that one record is not scored twice.
	Record string `yaml:"record,omitempty" json:"record,omitempty"`

	line  int                 // the line the hand starts on, for errors; 0 for a hand not read from a file
	lines *[numHandKeys]int32 // the line of each of its fields, in handKeys' order; nil when not read from a file

	// What check read from the fields above, for scoring.
	who   int              // the index of By, or of Winner for a hand scored by hand
	up    ginrummy.Card    // Upcard; NoCard when it is not given
	cards [2]ginrummy.Hand // Knocker and Defender, for a hand given as cards
}

// record is the hand as the sheet writes it: its fields, without where it
// was read or what check read from it.
func (h HandRecord) record() HandRecord {
	return HandRecord{By: h.By, Knock: h.Knock, Gin: h.Gin, BigGin: h.BigGin, Deadwood: h.Deadwood, Knocker: h.Knocker,
		Defender: h.Defender, Draw: h.Draw, Winner: h.Winner, Points: h.Points, Upcard: h.Upcard, Record: h.Record}
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

// fieldError says which part of a sheet outside its hands is wrong: a key
// of the top-level mapping, so that loading can name its line.
type fieldError struct {
	key string
	err error
}

func (e *fieldError) Error() string { return e.key + ": " + e.err.Error() }

func (e *fieldError) Unwrap() error { return e.err }

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

// check verifies the record's shape: two players, known names, rules that
// resolve, and every hand in exactly one form with what that form needs.
func (s *Sheet) check() error {
	if err := s.checkPlayers(); err != nil {
		return err
	}
	var err error
	if s.dealer, err = s.exactPlayer(s.Dealer); err != nil {
		return &fieldError{"dealer", err}
	}
	if s.rules, err = s.Rules.Resolve(); err != nil {
		return &fieldError{"rules", err}
	}
	for i := range s.Hands {
		if err := s.checkHand(&s.Hands[i]); err != nil {
			return &ginrummy.HandError{Hand: i + 1, Err: err}
		}
	}
	return nil
}

// checkPlayers verifies that the sheet has two players with names that tell
// them apart, and holds the names as ginrummy.PlayerName writes them, so that every
// name derived from them (the totals', the scorer's, the winner's) is
// spelt one way in every sheet.
func (s *Sheet) checkPlayers() error {
	if len(s.Players) != 2 {
		return &fieldError{"players", fmt.Errorf("a sheet has two players, this one has %d", len(s.Players))}
	}
	for i, p := range s.Players {
		if strings.TrimSpace(p) == "" || strings.ContainsAny(p, ",\n") {
			return &fieldError{"players", fmt.Errorf("player name %q: names must be non-empty and hold no comma", p)}
		}
		if !utf8.ValidString(p) || strings.ContainsFunc(p, yamlfile.UnsafeRune) || strings.TrimSpace(p) != p {
			return &fieldError{"players", fmt.Errorf("player name %q: names are printable text, with no spaces around them and no control, bidirectional or zero-width characters", p)}
		}
		s.Players[i] = ginrummy.PlayerName(p)
	}
	if ginrummy.SameName(s.Players[0], s.Players[1]) {
		return &fieldError{"players", fmt.Errorf("both players are called %q", s.Players[0])}
	}
	return nil
}

// checkHand checks one hand and reads its names and cards into the typed
// fields scoring uses.
func (s *Sheet) checkHand(h *HandRecord) error {
	if h.Knock != nil && (h.Gin || h.BigGin) {
		return at("knock", errors.New("a gin has no knocker's deadwood: give knock or gin, not both"))
	}
	forms := 0
	for _, used := range []bool{h.Knock != nil, h.Gin, h.BigGin, h.Knocker != "" || h.Defender != "", h.Draw, h.Winner != "" || h.Points != nil} {
		if used {
			forms++
		}
	}
	if forms != 1 {
		return errors.New("give exactly one of: knock, gin, big_gin, knocker+defender, draw, winner+points")
	}
	h.up = ginrummy.NoCard
	if h.Upcard != "" {
		c, err := ginrummy.ParseCard(h.Upcard)
		if err != nil {
			return at("upcard", fmt.Errorf("upcard: %w", err))
		}
		h.up = c
	}
	switch {
	case h.Draw:
		if h.By != "" || h.Deadwood != nil {
			return at("draw", errors.New("a drawn hand has no knocker and no deadwood"))
		}
		return nil
	case h.Winner != "" || h.Points != nil:
		if h.Winner == "" || h.Points == nil {
			return errors.New("a hand scored by hand needs both winner and points")
		}
		if h.By != "" || h.Deadwood != nil || h.Upcard != "" {
			return errors.New("a hand scored by hand has only winner and points")
		}
		if *h.Points < 0 {
			return at("points", fmt.Errorf("points %d cannot be negative", *h.Points))
		}
		var err error
		if h.who, err = s.exactPlayer(h.Winner); err != nil {
			return at("winner", err)
		}
		return nil
	}
	if h.By == "" {
		return errors.New("by: who knocked is missing")
	}
	var err error
	if h.who, err = s.exactPlayer(h.By); err != nil {
		return at("by", fmt.Errorf("by: %w", err))
	}
	if h.Knocker != "" || h.Defender != "" {
		if h.Knocker == "" || h.Defender == "" {
			return errors.New("give both the knocker's and the defender's cards")
		}
		if h.Deadwood != nil {
			return at("deadwood", errors.New("deadwood comes from the cards; leave it out"))
		}
		k, err := ginrummy.ParseHand(h.Knocker)
		if err != nil {
			return at("knocker", fmt.Errorf("knocker: %w", err))
		}
		d, err := ginrummy.ParseHand(h.Defender)
		if err != nil {
			return at("defender", fmt.Errorf("defender: %w", err))
		}
		if both := k & d; both != 0 {
			return at("defender", fmt.Errorf("%v is in both hands", both))
		}
		h.cards = [2]ginrummy.Hand{k, d}
		return nil
	}
	if h.Deadwood == nil {
		return errors.New("deadwood: the defender's deadwood is missing")
	}
	if *h.Deadwood < 0 {
		return at("deadwood", fmt.Errorf("deadwood %d cannot be negative", *h.Deadwood))
	}
	if h.Knock != nil && *h.Knock < 0 {
		return at("knock", fmt.Errorf("knock %d cannot be negative", *h.Knock))
	}
	return nil
}
