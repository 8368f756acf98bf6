package ginrummy

import (
	"encoding"
	"fmt"
	"strings"
)

// Rule describes one rule of the game, once. Everything else is derived
// from it: the presets, the checks on a value, the key of rules files and
// score sheets, the command line's flag (the key with dashes: gin_bonus is
// --gin-bonus) and its help.
type Rule struct {
	Key    string // the key in rules files and score sheets
	OldKey string // the key's name in files written before a rename, still read; "" for none
	Name   string // what names it in a sentence ("the gin bonus")
	Help   string // what it is, for --help; `N` or `NAME` marks the value's placeholder
	Scores bool   // it changes what one hand scores, not only how a game goes
	// Least and Most bound a number.
	Least, Most int
	// Needs is the switch without whose value the rule does nothing; its
	// Key is "" for a rule that always counts.
	Needs Need
	value ruleValue
}

// Need is the value a switch must have for a rule to do anything: a knock
// limit does nothing while the upcard sets the limit.
type Need struct {
	Key   string // the switch's key
	Value bool   // the value it must have
	Why   string // why the rule does nothing otherwise: "the upcard sets the limit"
}

// ruleValue is a rule's field of Rules and its value in each preset.
type ruleValue interface {
	field(r *Rules) any
	preset(r *Rules, i int)
	names() []string
	holds(v any) bool
	set(r *Rules, v any)
}

// valueOf is the ruleValue of a field of type T.
type valueOf[T comparable] struct {
	of      func(r *Rules) *T
	presets []T // in the order of presetList
}

func (v valueOf[T]) field(r *Rules) any     { return v.of(r) }
func (v valueOf[T]) preset(r *Rules, i int) { *v.of(r) = v.presets[i] }
func (v valueOf[T]) holds(x any) bool       { _, ok := x.(T); return ok }
func (v valueOf[T]) set(r *Rules, x any)    { *v.of(r) = x.(T) }

// names lists the names a rule of names takes, in the order of its values.
func (v valueOf[T]) names() []string {
	var zero T
	switch any(zero).(type) {
	case Shutout:
		return ShutoutNames()
	case ShutoutWhen:
		return ShutoutWhenNames()
	case Dealer:
		return DealerNames()
	}
	return nil
}

// is pairs a rule with its field of Rules and the presets' values, in the
// order of presetList.
func is[T comparable](of func(r *Rules) *T, presets ...T) ruleValue {
	return valueOf[T]{of: of, presets: presets}
}

// maxRuleNumber bounds every number in the rules, far above any game's, so
// that no sum of scores can overflow.
const maxRuleNumber = 10000

// ruleList is every rule, in the order rules files list them, with its
// value in each preset: classic, modern, scorepad, oklahoma, hollywood.
var ruleList = []Rule{
	{Key: "knock_limit", Name: "knock limit", Help: "the most deadwood a knock may have, `N`", Scores: true, Most: maxRuleNumber,
		Needs: Need{Key: "upcard_limit", Value: false, Why: "the upcard sets the limit"},
		value: is(func(r *Rules) *int { return &r.KnockLimit }, 10, 10, 10, 10, 10)},
	{Key: "upcard_limit", Name: "upcard limit", Help: "the knock limit is the upcard's value, an ace allowing gin only, as in oklahoma; =false turns it off", Scores: true,
		value: is(func(r *Rules) *bool { return &r.UpcardLimit }, false, false, false, true, false)},
	{Key: "gin_bonus", Name: "gin bonus", Help: "the bonus for gin, `N` points", Scores: true, Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.GinBonus }, 20, 25, 25, 25, 25)},
	{Key: "big_gin", Name: "big gin", Help: "a player may lay down all eleven cards melded after the draw (big gin); =false plays without it: ten cards only, after a discard", Scores: true,
		value: is(func(r *Rules) *bool { return &r.BigGin }, true, true, true, true, true)},
	{Key: "big_gin_bonus", Name: "big gin bonus", Help: "the bonus for big gin (eleven cards melded), `N` points; 0 scores big gin as gin", Scores: true, Most: maxRuleNumber,
		Needs: Need{Key: "big_gin", Value: true, Why: "nobody lays down eleven cards"},
		value: is(func(r *Rules) *int { return &r.BigGinBonus }, 0, 31, 0, 31, 31)},
	{Key: "undercut_bonus", Name: "undercut bonus", Help: "the defender's bonus for an undercut, `N` points", Scores: true, Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.UndercutBonus }, 10, 25, 25, 25, 25)},
	{Key: "tie_is_undercut", Name: "tie is undercut", Help: "a defender who ties the knocker's deadwood undercuts; =false gives the tie to the knocker", Scores: true,
		value: is(func(r *Rules) *bool { return &r.TieIsUndercut }, true, true, false, true, true)},
	{Key: "box_bonus", Name: "box bonus", Help: "the box (line) bonus for each hand won, `N` points", Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.BoxBonus }, 20, 25, 25, 25, 25)},
	{Key: "game_bonus", Name: "game bonus", Help: "the bonus for winning the game, `N` points", Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.GameBonus }, 100, 100, 100, 100, 100)},
	{Key: "shutout", Name: "shutout", Help: "how a shutout is rewarded, `NAME`",
		value: is(func(r *Rules) *Shutout { return &r.Shutout },
			ShutoutDoubleGameBonus, ShutoutDoubleHandPoints, ShutoutAddBonus, ShutoutDoubleHandPoints, ShutoutDoubleHandPoints)},
	{Key: "shutout_bonus", Name: "shutout bonus", Help: "the bonus for a shutout under --shutout add-bonus, `N` points", Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.ShutoutBonus }, 0, 0, 100, 0, 0)},
	{Key: "shutout_when", Name: "shutout condition", Help: "what makes a game a shutout, `NAME`",
		value: is(func(r *Rules) *ShutoutWhen { return &r.ShutoutWhen },
			LoserScoredNothing, LoserWonNoHands, WinnerWonEveryHand, LoserWonNoHands, LoserWonNoHands)},
	{Key: "target", Name: "target", Help: "the score that ends a game, `N`", Least: 1, Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.Target }, 100, 100, 100, 150, 100)},
	{Key: "hand_limit", Name: "hand limit", Help: "the scored hands after which a game ends anyway, `N`; 0 for none", Most: maxRuleNumber,
		value: is(func(r *Rules) *int { return &r.HandLimit }, 0, 0, 12, 0, 0)},
	{Key: "spade_doubles", Name: "spade doubles", Help: "a spade upcard doubles the hand's score, bonuses included; =false turns it off", Scores: true,
		value: is(func(r *Rules) *bool { return &r.SpadeDoubles }, false, false, false, true, false)},
	{Key: "games_at_once", OldKey: "columns", Name: "number of games", Help: "the games scored at once, `N`: 1, or 3 for hollywood", Least: 1, Most: 3,
		value: is(func(r *Rules) *int { return &r.GamesAtOnce }, 1, 1, 1, 1, 3)},
	{Key: "dealer_rule", OldKey: "dealer", Name: "dealing rule", Help: "who deals the next hand, `NAME`",
		value: is(func(r *Rules) *Dealer { return &r.Dealer }, DealerAlternates, DealerAlternates, DealerAlternates, DealerAlternates, DealerAlternates)},
}

// RuleList returns every rule, in the order rules files list them.
func RuleList() []Rule { return append([]Rule(nil), ruleList...) }

// RuleOf returns the rule of that key, or of that old key.
func RuleOf(key string) (Rule, bool) {
	for _, rule := range ruleList {
		if rule.Key == key || rule.OldKey != "" && rule.OldKey == key {
			return rule, true
		}
	}
	return Rule{}, false
}

// Field returns the rule's field of r: an *int, a *bool, or a pointer to a
// type of names (*Shutout, *ShutoutWhen, *Dealer).
func (rule Rule) Field(r *Rules) any { return rule.value.field(r) }

// Names lists the names a rule of names takes, in the order of its values;
// nil for a number or a switch.
func (rule Rule) Names() []string { return rule.value.names() }

// Check reports whether v, of the rule's type, is a value the rule may take:
// a *RuleError when it is not.
func (rule Rule) Check(v any) error {
	if !rule.value.holds(v) {
		return fmt.Errorf("ginrummy: the rule %s takes no %T", rule.Key, v)
	}
	switch v := v.(type) {
	case int:
		if v < rule.Least || v > rule.Most {
			return &RuleError{Key: rule.Key, Name: rule.Name, Value: v, Least: rule.Least, Most: rule.Most}
		}
	case encoding.TextMarshaler:
		if _, err := v.MarshalText(); err != nil {
			return &RuleError{Key: rule.Key, Name: rule.Name, Value: v, Names: rule.Names()}
		}
	}
	return nil
}

// Set sets the rule in r to v, an int, a bool or a type of names as the
// rule takes, once Check has taken it.
func (rule Rule) Set(r *Rules, v any) error {
	if err := rule.Check(v); err != nil {
		return err
	}
	rule.value.set(r, v)
	return nil
}

// RuleError is a value that a rule cannot take.
type RuleError struct {
	Key         string   // the rule's key
	Name        string   // the rule's name, for a sentence
	Value       any      // the value refused
	Least, Most int      // a number's bounds
	Names       []string // the names a rule of names takes
}

func (e *RuleError) Error() string {
	n, ok := e.Value.(int)
	switch {
	case !ok:
		return fmt.Sprintf("%s %s: want one of %s", e.Name, e.Value, strings.Join(e.Names, ", "))
	case n < e.Least && e.Least == 0:
		return fmt.Sprintf("%s %d cannot be negative", e.Name, n)
	case n < e.Least:
		return fmt.Sprintf("%s %d must be at least %d", e.Name, n, e.Least)
	}
	return fmt.Sprintf("%s %d must be at most %d", e.Name, n, e.Most)
}

// Validate reports the first rule whose value no game could be played with,
// as a *RuleError. The presets, and rules built by setting each rule
// through its Check, are valid: a Rules changed by hand is checked here.
func (r Rules) Validate() error {
	for _, rule := range ruleList {
		if err := rule.Check(deref(rule.Field(&r))); err != nil {
			return err
		}
	}
	return nil
}

// deref returns the value a rule's field points to.
func deref(p any) any {
	switch p := p.(type) {
	case *int:
		return *p
	case *bool:
		return *p
	case *Shutout:
		return *p
	case *ShutoutWhen:
		return *p
	case *Dealer:
		return *p
	}
	return p
}

// Value returns the rule's value in r: an int, a bool or a type of names.
func (rule Rule) Value(r Rules) any { return deref(rule.Field(&r)) }

// PlaysAlike reports whether r and o play and score a hand alike: every rule
// that Scores is the same in both. The rules of the game around the hand (its
// target, box, game and shutout bonuses, dealer) may differ.
func (r Rules) PlaysAlike(o Rules) bool {
	for _, rule := range ruleList {
		if rule.Scores && rule.Value(r) != rule.Value(o) {
			return false
		}
	}
	return true
}
