package sheets

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

// Score is everything a sheet says once its hands are replayed by its rules:
// each hand's scorer and points, the running totals and boxes, who deals
// next, and the result once the game is over. It is the object that
// 'gin sheet show --json' prints, and its totals, boxes, next dealer, result
// and games are the sections a save writes after the hands.
//
// In Hollywood the totals, boxes and result add up the three games, which
// Games lists one by one; the result's net is then the match's: the sum of
// the games' nets, counted for or against the winner.
type Score struct {
	Players    [2]string      `json:"players"`
	Rules      rulesfile.Spec `json:"rules"`             // the full rules, every field resolved
	Dealer     string         `json:"dealer"`            // who dealt the first hand
	Started    Day            `json:"started,omitempty"` // the day the game started, when the sheet says
	Hands      []ScoredHand   `json:"hands"`
	Totals     ByPlayer[int]  `json:"totals"`      // hand points, which count toward the target
	Boxes      ByPlayer[int]  `json:"boxes"`       // hands won, each worth a box bonus at the end
	NextDealer string         `json:"next_dealer"` // who deals the next hand
	Result     *Settlement    `json:"result"`      // nil while the game is open
	Games      []GameScore    `json:"games,omitempty"`
}

// ScoredHand is one hand of the record, as written, with what it scored.
type ScoredHand struct {
	Number int    `json:"number"` // counting from 1
	Dealer string `json:"dealer"`
	HandRecord
	Scorer string           `json:"scorer,omitempty"` // the player who scored; empty for a drawn hand
	Kind   ginrummy.Kind    `json:"kind"`             // what it scored as; ByHand for a hand given as points
	Ending *ginrummy.Ending `json:"ending,omitempty"` // how a hand played out ended; nil for one given as points
	// KnockerDeadwood and DefenderDeadwood are K and D of a hand that was
	// knocked or went gin, from the numbers or worked out from the cards.
	KnockerDeadwood  *int             `json:"knocker_deadwood,omitempty"`
	DefenderDeadwood *int             `json:"defender_deadwood,omitempty"`
	Points           int              `json:"points"`
	Breakdown        Amounts          `json:"breakdown"`             // the amounts that add up to Points
	Totals           ByPlayer[int]    `json:"totals"`                // the running totals after the hand
	Entered          []int            `json:"entered,omitempty"`     // Hollywood: the games the win went into, 1 first
	GameTotals       []ByPlayer[int]  `json:"game_totals,omitempty"` // Hollywood: each game's running totals
	Spread           *ginrummy.Spread `json:"spread,omitempty"`      // for a hand given as cards: how it was laid down
	// Tally is the game's score after the hand, points and boxes, the
	// sheet's players in order, on a sheet of one game (under Hollywood,
	// zero: see GameTotals).
	Tally ginrummy.Tally `json:"-" yaml:"-"`

	tallies []ginrummy.Tally // every game's score after the hand, the sheet's players in order
}

// Seat is the seat of the player a name written out means, in any case
// and either Unicode form (ginrummy.SameName), or -1 when it is neither
// player's: whose seat a name on a hand record or a hand of the sheet is.
func (sc *Score) Seat(name string) int {
	for i, p := range sc.Players {
		if ginrummy.SameName(p, name) {
			return i
		}
	}
	return -1
}

// Before is the score, points and boxes, before hand n (counting from 1;
// one past the last: the next hand), seen from the player in seat: that
// player's first in each tally. It has a tally per game: one, or
// Hollywood's three. It is nil for an n that is no hand of the sheet and
// not the next one.
func (sc *Score) Before(n, seat int) []ginrummy.Tally {
	if n < 1 || n > len(sc.Hands)+1 || seat < 0 || seat > 1 {
		return nil
	}
	games := max(len(sc.Games), 1)
	out := make([]ginrummy.Tally, games)
	if n == 1 {
		return out
	}
	for g, t := range sc.Hands[n-2].tallies {
		out[g] = ginrummy.Tally{
			Points: [2]int{t.Points[seat], t.Points[1-seat]},
			Boxes:  [2]int{t.Boxes[seat], t.Boxes[1-seat]},
		}
	}
	return out
}

// spreadOf is how a hand scored from the cards was laid down.
func spreadOf(cs ginrummy.CardsScore) *ginrummy.Spread {
	sp := cs.Spread
	return &sp
}

// Settlement is how a finished game was settled (ginrummy.Settlement, in
// the sheet's words): its winner, each player's final score, the bonuses in
// it, and the winner's margin.
type Settlement struct {
	Winner     string            `yaml:"winner,omitempty" json:"winner,omitempty"` // empty when a Hollywood match is level
	Final      ByPlayer[int]     `yaml:"final" json:"final"`                       // hand points and bonuses
	Bonuses    ByPlayer[Amounts] `yaml:"bonuses" json:"bonuses"`                   // game, box and shutout bonuses
	Net        int               `yaml:"net" json:"net"`                           // the winner's final score less the loser's
	Shutout    bool              `yaml:"shutout,omitempty" json:"shutout"`
	EndedAfter int               `yaml:"ended_after" json:"ended_after"` // the number of the hand after which the game ended
	Closed     bool              `yaml:"-" json:"closed"`                // ended early by 'gin sheet close'
}

// GameScore is one of Hollywood's three games: its own totals and boxes, and
// its result once it has ended.
type GameScore struct {
	Totals ByPlayer[int] `yaml:"totals" json:"totals"`
	Boxes  ByPlayer[int] `yaml:"boxes" json:"boxes"`
	Void   bool          `yaml:"void,omitempty" json:"void,omitempty"` // closed before anybody entered it: no result
	Result *Settlement   `yaml:"result,omitempty" json:"result"`
}

// ByPlayer is one value for each player, in the sheet's order. In YAML and
// JSON it is a mapping from the player's name to the value.
type ByPlayer[T any] struct {
	Players [2]string
	Values  [2]T
}

// MarshalJSON writes the players' values as an object, in the sheet's order.
func (b ByPlayer[T]) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i := range b.Players {
		k, err := json.Marshal(b.Players[i])
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(b.Values[i])
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// MarshalYAML writes the players' values as a mapping, in the sheet's order.
func (b ByPlayer[T]) MarshalYAML() (any, error) {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := range b.Players {
		var k, v yaml.Node
		if err := k.Encode(b.Players[i]); err != nil {
			return nil, err
		}
		if err := v.Encode(b.Values[i]); err != nil {
			return nil, err
		}
		m.Content = append(m.Content, &k, &v)
	}
	return m, nil
}

// Amounts is a list of amounts, each what it is for and its points: the
// lines of a hand's score, or bonuses. In YAML it is a mapping from each
// label to its points, which reads as a reckoning.
type Amounts []ginrummy.Item

// MarshalYAML writes the amounts as a mapping from label to points.
func (a Amounts) MarshalYAML() (any, error) {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, it := range a {
		var k, v yaml.Node
		if err := k.Encode(it.Label()); err != nil {
			return nil, err
		}
		if err := v.Encode(it.Points); err != nil {
			return nil, err
		}
		m.Content = append(m.Content, &k, &v)
	}
	return m, nil
}

func amountsOf(items []ginrummy.Item) Amounts { return slices.Clone(Amounts(items)) }

// Score checks the record and replays it by the sheet's rules. A hand that
// breaks the rules, or comes after the game ended, is a *ginrummy.HandError; a game
// marked closed that cannot be closed (the score is level) is an error too.
func (s *Sheet) Score() (*Score, error) {
	r, err := s.check()
	if err != nil {
		return nil, err
	}
	return r.score()
}

// score is rec.score, counted by a test's seams.
func (sm seams) score(rec *checked) (*Score, error) {
	if sm.scored != nil {
		sm.scored()
	}
	return rec.score()
}

// score replays the record by its rules.
func (rec *checked) score() (*Score, error) {
	rep, err := rec.replay()
	if err != nil {
		return nil, err
	}
	return rec.settle(rep)
}

// settle scores the game from the scores of its hands, replayed once: the
// running totals, the end of the game, its bonuses.
func (rec *checked) settle(rep replayed) (*Score, error) {
	played, err := rec.rules.ScoreMatch(rec.dealer, rep.outcomes)
	if err != nil {
		return nil, err // a *ginrummy.HandError names the hand, counting from 1
	}
	game := played
	if rec.closed {
		if game, err = played.Close(); err != nil {
			return nil, &FieldError{"closed", closeRefused(err)}
		}
	}
	return rec.scoreOf(played, game, rep), nil
}

// closeRefused explains why an open game cannot be closed.
func closeRefused(err error) error {
	return fmt.Errorf("cannot close the game: %w (a closed game goes to the leader)", err)
}

// replayed is what the record's hands scored, one entry per hand.
type replayed struct {
	outcomes []ginrummy.Outcome
	hands    []handScore
}

// handScore is what one hand of the record scored: the kind of score, the
// amounts that make it up, and for a hand given as cards how it was laid down.
type handScore struct {
	kind      ginrummy.Kind
	breakdown Amounts
	spread    *ginrummy.Spread
	showdown  *ginrummy.Showdown // for a hand played out: how it ended, and both deadwoods
}

// replay scores each hand of the record on its own.
func (rec *checked) replay() (replayed, error) {
	n := len(rec.hands)
	rep := replayed{make([]ginrummy.Outcome, n), make([]handScore, n)}
	for i, h := range rec.hands {
		var err error
		if rep.outcomes[i], rep.hands[i], err = scoreHand(rec.rules, h); err != nil {
			return replayed{}, &ginrummy.HandError{Hand: i + 1, Err: err}
		}
	}
	return rep, nil
}

// scoreHand scores one hand of the record: who won it and what for.
func scoreHand(rules ginrummy.Rules, h report) (ginrummy.Outcome, handScore, error) {
	if h.as == asPoints {
		return ginrummy.Outcome{Winner: h.seat, Points: h.points},
			handScore{kind: ginrummy.Kind{ByHand: true}, breakdown: Amounts{{Kind: ginrummy.PointsByHand, Points: h.points}}}, nil
	}
	var hs ginrummy.HandScore
	var spread *ginrummy.Spread
	var err error
	sd := h.showdown
	if h.as == asCards {
		var cs ginrummy.CardsScore
		cs, err = rules.ScoreCards(h.cards[0], h.cards[1], sd.Upcard)
		hs, spread, sd = cs.Score, spreadOf(cs), cs.Showdown
	} else {
		hs, err = rules.ScoreHand(sd)
	}
	if errors.Is(err, ginrummy.ErrNeedUpcard) {
		err = fmt.Errorf("no upcard: %w", err)
	}
	if err != nil {
		return ginrummy.Outcome{}, handScore{}, err
	}
	return hs.Outcome(h.seat), handScore{kind: hs.Kind, breakdown: amountsOf(hs.Breakdown), spread: spread, showdown: &sd}, nil
}

// scoreOf puts a replayed game in the sheet's words. played is the game as
// its hands left it, game the same after any close.
func (rec *checked) scoreOf(played, game ginrummy.Match, r replayed) *Score {
	names := rec.players
	first := rec.dealer
	hollywood := len(game.Games) > 1
	sc := &Score{
		Players:    names,
		Rules:      rulesfile.Of(rec.rules),
		Dealer:     names[first],
		Started:    rec.started,
		NextDealer: names[game.NextDealer],
		Hands:      make([]ScoredHand, len(game.Deals)),
		Totals:     ByPlayer[int]{Players: names},
		Boxes:      ByPlayer[int]{Players: names},
	}
	for i, d := range game.Deals {
		h := ScoredHand{
			Number:     i + 1,
			Dealer:     names[d.Dealer],
			HandRecord: rec.hands[i].form,
			Kind:       r.hands[i].kind,
			Points:     d.Outcome.Points,
			Breakdown:  r.hands[i].breakdown,
			Spread:     r.hands[i].spread,
			Totals:     ByPlayer[int]{Players: names},
			tallies:    d.Tallies,
		}
		if sd := r.hands[i].showdown; sd != nil {
			ending := sd.Ending
			h.Ending = &ending
			if sd.Ending != ginrummy.Drawn {
				h.KnockerDeadwood, h.DefenderDeadwood = &sd.KnockerDeadwood, &sd.DefenderDeadwood
			}
		}
		if !d.Outcome.Drawn {
			h.Scorer = names[d.Outcome.Winner]
		}
		if !hollywood {
			h.Tally = d.Tallies[0]
		}
		for c, t := range d.Tallies {
			h.Totals.Values[0] += t.Points[0]
			h.Totals.Values[1] += t.Points[1]
			if hollywood {
				h.GameTotals = append(h.GameTotals, ByPlayer[int]{Players: names, Values: t.Points})
			}
			if hollywood && slices.Contains(d.Games, c) {
				h.Entered = append(h.Entered, c+1)
			}
		}
		sc.Hands[i] = h
	}
	var games []GameScore
	for c, col := range game.Games {
		g := GameScore{
			Totals: ByPlayer[int]{Players: names, Values: col.Points},
			Boxes:  ByPlayer[int]{Players: names, Values: col.Boxes},
			Void:   col.Void,
		}
		if col.Result != nil {
			g.Result = rec.result(col.Result, col.EndedAfter, !played.Games[c].Over())
		}
		games = append(games, g)
		for p := range 2 {
			sc.Totals.Values[p] += col.Points[p]
			sc.Boxes.Values[p] += col.Boxes[p]
		}
	}
	if hollywood {
		sc.Games = games
	}
	if game.Over() {
		if hollywood {
			sc.Result = rec.matchResult(game, games)
		} else {
			sc.Result = games[0].Result
		}
	}
	return sc
}

// result puts a game's settlement in the sheet's words.
func (rec *checked) result(set *ginrummy.Settlement, endedAfter int, closed bool) *Settlement {
	names := rec.players
	r := &Settlement{
		Winner:     names[set.Winner],
		Final:      ByPlayer[int]{Players: names, Values: set.Final},
		Bonuses:    ByPlayer[Amounts]{Players: names},
		Net:        set.Net,
		Shutout:    set.Shutout,
		EndedAfter: endedAfter,
		Closed:     closed,
	}
	for p, lines := range set.Lines {
		r.Bonuses.Values[p] = Amounts{}
		for _, it := range lines {
			if it.Kind != ginrummy.HandPoints {
				r.Bonuses.Values[p] = append(r.Bonuses.Values[p], it)
			}
		}
	}
	return r
}

// matchResult adds up the results of Hollywood's games: final scores, and
// bonuses of the same kind together.
func (rec *checked) matchResult(game ginrummy.Match, games []GameScore) *Settlement {
	names := rec.players
	r := &Settlement{
		Final:      ByPlayer[int]{Players: names},
		Bonuses:    ByPlayer[Amounts]{Players: names, Values: [2]Amounts{{}, {}}},
		Net:        game.Net,
		EndedAfter: game.EndedAfter,
		Closed:     game.Closed,
	}
	if game.Winner != ginrummy.NoPlayer {
		r.Winner = names[game.Winner]
	}
	for _, g := range games {
		if g.Result == nil {
			continue
		}
		for p := range 2 {
			r.Final.Values[p] += g.Result.Final.Values[p]
			r.Bonuses.Values[p] = addAmounts(r.Bonuses.Values[p], g.Result.Bonuses.Values[p])
		}
	}
	return r
}

// addAmounts adds b to a kind by kind, new kinds last.
func addAmounts(a, b Amounts) Amounts {
next:
	for _, it := range b {
		for i := range a {
			if a[i].Kind == it.Kind {
				a[i].Points += it.Points
				continue next
			}
		}
		a = append(a, it)
	}
	return a
}
