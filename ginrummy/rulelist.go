package ginrummy

// Rule describes one rule of the game, once. Everything else is derived
// from it: the key of rules files and score sheets, the command line's flag
// (the key with dashes: gin_bonus is --gin-bonus), its help, the checks on
// its value. Each preset gives its default.
type Rule struct {
	Key    string   // the key in rules files and score sheets
	Help   string   // what it is, for --help; `N` or `NAME` marks the value's placeholder
	Scores bool     // it changes what one hand scores, not only how a game goes
	Noun   string   // for a number: what names it in an error ("the bonus cannot be negative")
	Least  int      // for a number: the least it may be
	Names  []string // for a rule of names: the names its values take; nil otherwise
	// Field is the rule's field of r: an *int, a *bool, or a pointer to a
	// type of names (*Shutout, *ShutoutWhen, *Dealer).
	Field func(r *Rules) any
}

// RuleList returns every rule, in the order rules files list them.
func RuleList() []Rule {
	return []Rule{
		{Key: "knock_limit", Help: "the most deadwood a knock may have, `N`", Scores: true, Noun: "limit",
			Field: func(r *Rules) any { return &r.KnockLimit }},
		{Key: "upcard_limit", Help: "the knock limit is the upcard's value, an ace allowing gin only, as in oklahoma; =false turns it off", Scores: true,
			Field: func(r *Rules) any { return &r.UpcardLimit }},
		{Key: "gin_bonus", Help: "the bonus for gin, `N` points", Scores: true, Noun: "bonus",
			Field: func(r *Rules) any { return &r.GinBonus }},
		{Key: "big_gin", Help: "a player may lay down all eleven cards melded after the draw (big gin); =false plays without it: ten cards only, after a discard", Scores: true,
			Field: func(r *Rules) any { return &r.BigGin }},
		{Key: "big_gin_bonus", Help: "the bonus for big gin (eleven cards melded), `N` points; 0 scores big gin as gin", Scores: true, Noun: "bonus",
			Field: func(r *Rules) any { return &r.BigGinBonus }},
		{Key: "undercut_bonus", Help: "the defender's bonus for an undercut, `N` points", Scores: true, Noun: "bonus",
			Field: func(r *Rules) any { return &r.UndercutBonus }},
		{Key: "tie_is_undercut", Help: "a defender who ties the knocker's deadwood undercuts; =false gives the tie to the knocker", Scores: true,
			Field: func(r *Rules) any { return &r.TieIsUndercut }},
		{Key: "box_bonus", Help: "the box (line) bonus for each hand won, `N` points", Noun: "bonus",
			Field: func(r *Rules) any { return &r.BoxBonus }},
		{Key: "game_bonus", Help: "the bonus for winning the game, `N` points", Noun: "bonus",
			Field: func(r *Rules) any { return &r.GameBonus }},
		{Key: "shutout", Help: "how a shutout is rewarded, `NAME`", Names: ShutoutNames(),
			Field: func(r *Rules) any { return &r.Shutout }},
		{Key: "shutout_bonus", Help: "the bonus for a shutout under --shutout add-bonus, `N` points", Noun: "bonus",
			Field: func(r *Rules) any { return &r.ShutoutBonus }},
		{Key: "shutout_when", Help: "what makes a game a shutout, `NAME`", Names: ShutoutWhenNames(),
			Field: func(r *Rules) any { return &r.ShutoutWhen }},
		{Key: "target", Help: "the score that ends a game, `N`", Noun: "target", Least: 1,
			Field: func(r *Rules) any { return &r.Target }},
		{Key: "hand_limit", Help: "the scored hands after which a game ends anyway, `N`; 0 for none", Noun: "limit",
			Field: func(r *Rules) any { return &r.HandLimit }},
		{Key: "spade_doubles", Help: "a spade upcard doubles the hand's score, bonuses included; =false turns it off", Scores: true,
			Field: func(r *Rules) any { return &r.SpadeDoubles }},
		{Key: "games_at_once", Help: "the games scored at once, `N`: 1, or 3 for hollywood", Noun: "number of games", Least: 1,
			Field: func(r *Rules) any { return &r.GamesAtOnce }},
		{Key: "dealer_rule", Help: "who deals the next hand, `NAME`", Names: DealerNames(),
			Field: func(r *Rules) any { return &r.Dealer }},
	}
}

// PlaysAlike reports whether r and o play and score a hand alike: every rule
// that Scores is the same in both. The rules of the game around the hand (its
// target, box, game and shutout bonuses, dealer) may differ.
func (r Rules) PlaysAlike(o Rules) bool {
	for _, rule := range RuleList() {
		if !rule.Scores {
			continue
		}
		switch a := rule.Field(&r).(type) {
		case *int:
			if *a != *rule.Field(&o).(*int) {
				return false
			}
		case *bool:
			if *a != *rule.Field(&o).(*bool) {
				return false
			}
		}
	}
	return true
}
