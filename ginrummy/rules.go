package ginrummy

import (
	"errors"
	"fmt"
	"strings"
)

// Rules is every rule that changes how a hand or a game is scored, each as
// ruleList describes it. A preset is a named Rules value. Rules are built
// from a preset with rules changed through the checks of their Rule (as
// rulesfile's Spec.Resolve does), so that a Rules is valid as built and the
// scoring and the play take it as it is. Its fields are open, so one can be
// changed by hand: Validate, the one check of a whole Rules (each rule's
// Check in turn), refuses it where a whole game is scored or valued:
// ScoreMatch, and equity's ResultsFor that every valuer is built from. A
// round (table.Deal) and a hand's scoring take the rules as given.
type Rules struct {
	Name          string      // the preset the rules started from
	KnockLimit    int         // the most deadwood a knock may have
	UpcardLimit   bool        // Oklahoma: the knock limit is the upcard's value, an ace upcard allows gin only
	GinBonus      int         // added to the defender's deadwood on a gin
	BigGin        bool        // a player may lay down all eleven cards melded after the draw (big gin)
	BigGinBonus   int         // added on a big gin (all eleven cards melded); 0 scores big gin as gin
	UndercutBonus int         // the defender's bonus for an undercut
	TieIsUndercut bool        // a defender who equals the knocker's deadwood undercuts
	BoxBonus      int         // the line (box) bonus for each hand won, paid at the end of a game
	GameBonus     int         // the winner's bonus for the game
	Shutout       Shutout     // how a shutout is rewarded
	ShutoutBonus  int         // the bonus added for a shutout, with ShutoutAddBonus
	ShutoutWhen   ShutoutWhen // what makes a game a shutout
	Target        int         // the score that ends a game; boxes do not count toward it
	HandLimit     int         // the scored hands after which the game ends anyway; 0 for none
	SpadeDoubles  bool        // Oklahoma: a spade upcard doubles the hand's score, bonuses included
	GamesAtOnce   int         // games scored at once: 1, or 3 for Hollywood
	Dealer        Dealer      // who deals the next hand
}

// Shutout is how a shutout (schneider, blitz) is rewarded.
type Shutout uint8

// The shutout rewards.
const (
	ShutoutNone             Shutout = iota // no reward
	ShutoutDoubleGameBonus                 // the game bonus is doubled
	ShutoutDoubleHandPoints                // the winner's hand points are doubled, before boxes
	ShutoutAddBonus                        // ShutoutBonus is added
)

// ShutoutWhen is the condition that makes a finished game a shutout.
type ShutoutWhen uint8

// The shutout conditions.
const (
	LoserScoredNothing ShutoutWhen = iota // the loser scored no points
	LoserWonNoHands                       // the loser won no hand (in Hollywood: has no entry in that game)
	WinnerWonEveryHand                    // the winner won every hand
)

// Dealer is the rule for who deals the next hand. A drawn hand is always
// dealt again by the same dealer.
type Dealer uint8

// The dealing rules.
const (
	DealerAlternates Dealer = iota // the deal alternates
	LoserDeals                     // the loser of the last hand deals
)

var shutoutNames = []string{"none", "double-game-bonus", "double-hand-points", "add-bonus"}
var shutoutWhenNames = []string{"loser-scored-nothing", "loser-won-no-hands", "winner-won-every-hand"}
var dealerNames = []string{"alternate", "loser"}

func (s Shutout) String() string     { return enumName(shutoutNames, int(s)) }
func (w ShutoutWhen) String() string { return enumName(shutoutWhenNames, int(w)) }
func (d Dealer) String() string      { return enumName(dealerNames, int(d)) }

// MarshalText returns the shutout reward's name.
func (s Shutout) MarshalText() ([]byte, error) { return enumMarshal(shutoutNames, int(s), "shutout") }

// MarshalText returns the shutout condition's name.
func (w ShutoutWhen) MarshalText() ([]byte, error) {
	return enumMarshal(shutoutWhenNames, int(w), "shutout condition")
}

// MarshalText returns the dealing rule's name.
func (d Dealer) MarshalText() ([]byte, error) { return enumMarshal(dealerNames, int(d), "dealer rule") }

// UnmarshalText reads a shutout reward by name.
func (s *Shutout) UnmarshalText(b []byte) error {
	i, err := enumParse(shutoutNames, string(b), "shutout")
	if err == nil {
		*s = Shutout(i)
	}
	return err
}

// UnmarshalText reads a shutout condition by name.
func (w *ShutoutWhen) UnmarshalText(b []byte) error {
	i, err := enumParse(shutoutWhenNames, string(b), "shutout condition")
	if err == nil {
		*w = ShutoutWhen(i)
	}
	return err
}

// UnmarshalText reads a dealing rule by name.
func (d *Dealer) UnmarshalText(b []byte) error {
	i, err := enumParse(dealerNames, string(b), "dealer rule")
	if err == nil {
		*d = Dealer(i)
	}
	return err
}

// ShutoutNames lists the names of the shutout rewards.
func ShutoutNames() []string { return append([]string(nil), shutoutNames...) }

// ShutoutWhenNames lists the names of the shutout conditions.
func ShutoutWhenNames() []string { return append([]string(nil), shutoutWhenNames...) }

// DealerNames lists the names of the dealing rules.
func DealerNames() []string { return append([]string(nil), dealerNames...) }

func enumName(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return fmt.Sprintf("unknown(%d)", i)
	}
	return names[i]
}

func enumMarshal(names []string, i int, what string) ([]byte, error) {
	if i < 0 || i >= len(names) {
		return nil, fmt.Errorf("ginrummy: invalid %s %d", what, i)
	}
	return []byte(names[i]), nil
}

func enumParse(names []string, s, what string) (int, error) {
	for i, n := range names {
		if strings.EqualFold(n, s) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %s)", what, s, strings.Join(names, ", "))
}

// presetList names the presets, in the order they are listed and in which
// each rule of ruleList gives its value; classic is the default.
var presetList = []struct{ name, note string }{
	{"classic", "the default, after pagat.com: gin 20, undercut 10, boxes 20"},
	{"modern", "after Wikipedia: gin 25, big gin 31, undercut 25, boxes 25"},
	{"scorepad", "a score-sheet app's: gin 25, knocker wins ties, ends after 12 hands"},
	{"oklahoma", "modern, but the upcard sets the knock limit, spades double, to 150"},
	{"hollywood", "modern, scored as three games at once"},
}

// presets are the presets' rules, each rule as ruleList gives it.
var presets = func() []Rules {
	out := make([]Rules, len(presetList))
	for i, p := range presetList {
		out[i].Name = p.name
		for _, rule := range ruleList {
			rule.value.preset(&out[i], i)
		}
	}
	return out
}()

// DefaultRules is the classic preset.
func DefaultRules() Rules { return presets[0] }

// PresetNames lists the presets, the default first.
func PresetNames() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.Name
	}
	return names
}

// PresetNote says in one line what a preset is; empty for an unknown name.
func PresetNote(name string) string {
	for _, p := range presetList {
		if p.name == name {
			return p.note
		}
	}
	return ""
}

// ErrUnknownPreset is the reason a preset name is refused.
var ErrUnknownPreset = errors.New("unknown rules preset")

// Preset returns the named preset; names are case-insensitive.
func Preset(name string) (Rules, error) {
	for _, p := range presets {
		if strings.EqualFold(p.Name, name) {
			return p, nil
		}
	}
	return Rules{}, fmt.Errorf("%w %q (want one of %s)", ErrUnknownPreset, name, strings.Join(PresetNames(), ", "))
}

// MaxHandPoints is the most one hand can score under the rules: the largest
// bonus and the most deadwood ten cards can hold, doubled where a spade
// upcard doubles.
func (r Rules) MaxHandPoints() int {
	n := max(r.GinBonus, r.BigGinBonus, r.UndercutBonus) + maxDeadwood
	if r.SpadeDoubles {
		n *= 2
	}
	return n
}

// UsesUpcard reports whether the rules need to know the upcard: for the knock
// limit or for doubling on a spade.
func (r Rules) UsesUpcard() bool { return r.UpcardLimit || r.SpadeDoubles }

// ErrNeedUpcard is the reason a hand cannot be judged without its upcard:
// the rules set the knock limit from it, or double on a spade.
var ErrNeedUpcard = errors.New("these rules need the upcard")

// KnockLimitFor returns the knock limit of a hand dealt with the given upcard
// (NoCard when none is known). Under Oklahoma rules it is the upcard's value,
// and 0 (gin only) for an ace; otherwise it is KnockLimit and the upcard is
// not needed.
func (r Rules) KnockLimitFor(upcard Card) (int, error) {
	if !r.UpcardLimit {
		return r.KnockLimit, nil
	}
	if !upcard.IsValid() {
		return 0, ErrNeedUpcard
	}
	if upcard.Rank() == Ace {
		return 0, nil
	}
	return upcard.Value(), nil
}
