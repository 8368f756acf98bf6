package ginrummy

import (
	"errors"
	"fmt"
	"strings"
)

// Rules is every rule that changes how a hand or a game is scored. A preset
// is a named Rules value; any field may be changed after.
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

// The presets, in the order they are listed. Classic is the default.
var presets = []Rules{
	{
		Name: "classic", KnockLimit: 10, GinBonus: 20, BigGin: true, UndercutBonus: 10, TieIsUndercut: true,
		BoxBonus: 20, GameBonus: 100, Shutout: ShutoutDoubleGameBonus, ShutoutWhen: LoserScoredNothing,
		Target: 100, GamesAtOnce: 1,
	},
	{
		Name: "modern", KnockLimit: 10, GinBonus: 25, BigGin: true, BigGinBonus: 31, UndercutBonus: 25, TieIsUndercut: true,
		BoxBonus: 25, GameBonus: 100, Shutout: ShutoutDoubleHandPoints, ShutoutWhen: LoserWonNoHands,
		Target: 100, GamesAtOnce: 1,
	},
	{
		Name: "scorepad", KnockLimit: 10, GinBonus: 25, BigGin: true, UndercutBonus: 25, TieIsUndercut: false,
		BoxBonus: 25, GameBonus: 100, Shutout: ShutoutAddBonus, ShutoutBonus: 100, ShutoutWhen: WinnerWonEveryHand,
		Target: 100, HandLimit: 12, GamesAtOnce: 1,
	},
	{
		Name: "oklahoma", KnockLimit: 10, UpcardLimit: true, GinBonus: 25, BigGin: true, BigGinBonus: 31, UndercutBonus: 25,
		TieIsUndercut: true, BoxBonus: 25, GameBonus: 100, Shutout: ShutoutDoubleHandPoints,
		ShutoutWhen: LoserWonNoHands, Target: 150, SpadeDoubles: true, GamesAtOnce: 1,
	},
	{
		Name: "hollywood", KnockLimit: 10, GinBonus: 25, BigGin: true, BigGinBonus: 31, UndercutBonus: 25, TieIsUndercut: true,
		BoxBonus: 25, GameBonus: 100, Shutout: ShutoutDoubleHandPoints, ShutoutWhen: LoserWonNoHands,
		Target: 100, GamesAtOnce: 3,
	},
}

// presetNotes says in a line what each preset is, for listings.
var presetNotes = map[string]string{
	"classic":   "the default, after pagat.com: gin 20, undercut 10, boxes 20",
	"modern":    "after Wikipedia: gin 25, big gin 31, undercut 25, boxes 25",
	"scorepad":  "a score-sheet app's: gin 25, knocker wins ties, ends after 12 hands",
	"oklahoma":  "modern, but the upcard sets the knock limit, spades double, to 150",
	"hollywood": "modern, scored as three games at once",
}

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
func PresetNote(name string) string { return presetNotes[name] }

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

// maxRuleNumber bounds every number in the rules, far above any game's, so
// that no sum of scores can overflow.
const maxRuleNumber = 10000

// maxGamesAtOnce is the most games scored at once: Hollywood's three.
const maxGamesAtOnce = 3

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

// Validate reports the first field that no game could be played with.
func (r Rules) Validate() error {
	for _, f := range []struct {
		name string
		n    int
	}{
		{"knock limit", r.KnockLimit}, {"gin bonus", r.GinBonus}, {"big gin bonus", r.BigGinBonus},
		{"undercut bonus", r.UndercutBonus}, {"box bonus", r.BoxBonus}, {"game bonus", r.GameBonus},
		{"shutout bonus", r.ShutoutBonus}, {"target", r.Target}, {"hand limit", r.HandLimit},
	} {
		if f.n > maxRuleNumber {
			return fmt.Errorf("%s %d is over %d", f.name, f.n, maxRuleNumber)
		}
	}
	switch {
	case r.KnockLimit < 0:
		return fmt.Errorf("knock limit %d is negative", r.KnockLimit)
	case r.GinBonus < 0, r.BigGinBonus < 0, r.UndercutBonus < 0, r.BoxBonus < 0, r.GameBonus < 0, r.ShutoutBonus < 0:
		return errors.New("bonuses cannot be negative")
	case r.Target <= 0:
		return fmt.Errorf("target %d must be positive", r.Target)
	case r.HandLimit < 0:
		return fmt.Errorf("hand limit %d is negative", r.HandLimit)
	case r.GamesAtOnce < 1 || r.GamesAtOnce > maxGamesAtOnce:
		return fmt.Errorf("games at once %d: 1 to %d games are scored at once", r.GamesAtOnce, maxGamesAtOnce)
	case int(r.Shutout) >= len(shutoutNames):
		return fmt.Errorf("invalid shutout %d", r.Shutout)
	case int(r.ShutoutWhen) >= len(shutoutWhenNames):
		return fmt.Errorf("invalid shutout condition %d", r.ShutoutWhen)
	case int(r.Dealer) >= len(dealerNames):
		return fmt.Errorf("invalid dealer rule %d", r.Dealer)
	}
	return nil
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
