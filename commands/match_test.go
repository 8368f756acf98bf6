package commands

import (
	"slices"
	"strings"
	"testing"
)

// One way to match a name typed, everywhere (issue 25 point 3): the name in
// full in any case, or a prefix that begins one player's name, as --by
// takes it, for --winner, --me, --player and in completion.
func TestANameMatchesOneWayEverywhere(t *testing.T) {
	t.Chdir(t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Maria,Bob"); r.code != ExitOK {
		t.Fatal(r.stderr)
	}
	// --winner m: Maria scored 12 by hand.
	r := run(t, "", "sheet", "add", "--winner", "m", "--points", "12")
	if r.code != ExitOK || !strings.Contains(r.stdout, "Maria 12") {
		t.Errorf("sheet add --winner m: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// --me b: Bob's hand.
	r = run(t, "", "hand", "new", "--me", "b", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s")
	if r.code != ExitOK || !strings.Contains(r.stdout, "Bob v Maria") {
		t.Errorf("hand new --me b: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, "", "hand", "new", "--force", "--me", "x", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != ExitError || r.stderr != "gin: --me x: not one of the players, Maria and Bob\n" {
		t.Errorf("hand new --me x: exit %d %q", r.code, r.stderr)
	}

	// Completion offers what the command would take: m<TAB> is Maria.
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"sheet add --by m", []string{"Maria"}},
		{"sheet add --by MA", []string{"Maria"}},
		{"sheet add --by maria", []string{"Maria"}},
		{"sheet add --by ", []string{"Maria", "Bob"}},
		{"sheet add --winner b", []string{"Bob"}},
		{"sheet add --by x", []string{}},
		{"hand new --me m", []string{"Maria"}},
	} {
		got, _ := completeWith(t, NewApp(), strings.Split(tc.line, " ")...)
		if !slices.Equal(got, tc.want) {
			t.Errorf("gin %s<TAB> offers %q, want %q", tc.line, got, tc.want)
		}
	}
}
