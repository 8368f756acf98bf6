package commands

import (
	"testing"
)

// invisibleNames are "Ann" with a character that shows as nothing, or as a
// break, and a space around it: each would be a second player who looks
// like Ann.
var invisibleNames = []string{
	"Ann\u2063",     // invisible separator
	"An\u00adn",     // soft hyphen
	"Ann\U000E0041", // tag Latin capital letter A
	"An\u034fn",     // combining grapheme joiner
	"Ann\u3164",     // Hangul filler
	"\u115fAnn",     // Hangul choseong filler
	"An\u2028n",     // line separator
	"An\u2029n",     // paragraph separator
	"Ann\ufe0f",     // variation selector 16
	"Ann\U0001D173", // musical symbol begin beam
}

// A name that looks like another is refused wherever gin takes a name to
// keep: a score sheet's players, a hand record's (--players); and one given
// to pick a player (--me) names none, and is printed escaped.
func TestInvisibleNamesRefused(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, name := range invisibleNames {
		for _, args := range [][]string{
			{"sheet", "new", "--players", name + ",Bob", "--sheet", "s.yaml"},
			{"hand", "new", "--hand", "h.txt", "--players", name + ",Bob", "--dealer", "Bob", "--me", "Bob", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"},
			{"hand", "new", "--hand", "h.txt", "--players", "Ann,Bob", "--dealer", "Bob", "--me", name, "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"},
		} {
			r := run(t, "", args...)
			if r.code != ExitError {
				t.Errorf("gin %+q: exit %d %s%s, want the name refused", args, r.code, r.stdout, r.stderr)
			}
			if where, ok := shownRaw(r.stderr); ok {
				t.Errorf("gin %+q printed %s", args, where)
			}
		}
	}
}
