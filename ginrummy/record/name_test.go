package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/record"
)

// A record's player is named in any case and either Unicode form, as on a
// score sheet: Åsa with one Å (U+00C5) or with A and a combining ring
// (U+030A) is one player.
func TestPlayerInEitherUnicodeForm(t *testing.T) {
	r := &record.Record{Players: [2]string{"\u00c5sa", "Bob"}}
	for name, want := range map[string]int{"\u00c5sa": 0, "A\u030asa": 0, "a\u030aSA": 0, "Asa": -1, "bob": 1} {
		if got := r.Player(name); got != want {
			t.Errorf("Player(%+q) = %d, want %d", name, got, want)
		}
	}
	if _, err := record.Parse([]byte("players \u00c5sa A\u030asa\n")); !errors.Is(err, record.ErrSyntax) || !strings.Contains(err.Error(), "both") {
		t.Errorf("two players spelt Åsa: %v, want them refused as one name", err)
	}
}

// What a terminal should not get raw is refused in a record, as in a score
// sheet's names: a name would be printed by gin hand.
func TestNothingUnshownInARecord(t *testing.T) {
	for _, name := range []string{"A\u202enn", "A\u009bnn", "A\u200bnn", "A\xe9nn"} {
		text := "players \"" + name + "\" Bob\ndealer Bob\n"
		if _, err := record.Parse([]byte(text)); !errors.Is(err, record.ErrSyntax) || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("players %+q: %v, want line 1 refused", name, err)
		}
		if err := record.NameError(name); err == nil {
			t.Errorf("NameError(%+q) = nil, want it refused", name)
		}
	}
}

// A name that looks like another, with a character that shows as nothing
// or a space around it, is refused in a record, as on a score sheet: "Ann"
// and "Ann" with an invisible separator would be two players shown alike.
func TestNoInvisibleNameInARecord(t *testing.T) {
	for _, name := range []string{
		"Ann\u2063", "An\u00adn", "Ann\U000E0041", "An\u034fn", "\u3164", "Ann\u3164", "\u115fAnn",
		"Ann\u2028", "Ann\u2029", "Ann\ufe0f", "Ann\ufeff", "Ann\uffa0", "Ann\U0001D173",
		"Ann ", " Ann", "Ann\t",
	} {
		text := "players \"" + name + "\" Bob\ndealer Bob\n"
		if _, err := record.Parse([]byte(text)); !errors.Is(err, record.ErrSyntax) || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("players %+q: %v, want line 1 refused", name, err)
		}
		if err := record.NameError(name); err == nil {
			t.Errorf("NameError(%+q) = nil, want it refused", name)
		}
	}
	for _, name := range []string{"Mary Ann", "\u00c5sa", "\uae40\ubbfc\uc900"} {
		if _, err := record.Parse([]byte("players \"" + name + "\" Bob\ndealer Bob\n")); errors.Is(err, record.ErrSyntax) {
			t.Errorf("players %+q: %v, want the name taken", name, err)
		}
		if err := record.NameError(name); err != nil {
			t.Errorf("NameError(%+q) = %v, want nil", name, err)
		}
	}
}

// A name with a space that is not the plain one (a no-break space, an
// ideographic space, the braille blank) is refused in a record, as on a
// score sheet: "Ann Lee" and "Ann Lee" with a no-break space would be two
// players shown alike (review finding).
func TestNoOtherSpaceInARecordName(t *testing.T) {
	for _, name := range []string{"Ann\u00a0Lee", "Ann\u3000Lee", "Ann\u2800", "Ann\u2009Lee", "Ann\u202fLee"} {
		text := "players \"Ann Lee\" \"" + name + "\"\ndealer Bob\n"
		if _, err := record.Parse([]byte(text)); !errors.Is(err, record.ErrSyntax) || !strings.Contains(err.Error(), "line 1") || !strings.Contains(err.Error(), "space other than the plain one") {
			t.Errorf("players %+q: %v, want line 1 refused for its space", name, err)
		}
		if err := record.NameError(name); err == nil {
			t.Errorf("NameError(%+q) = nil, want it refused", name)
		}
	}
}
