package commands

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// One way to match a name typed, everywhere (issue 25 point 3): the name in
// full in any case, or a prefix that begins one player's name, as --by
// takes it, for --winner, --me, --player and in completion.
func TestANameMatchesOneWayEverywhere(t *testing.T) {
	parallelIn(t, t.TempDir())
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
	if r := run(t, "", "hand", "new", "--force", "--me", "", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != ExitError || r.stderr != "gin: --me: the name is empty: give one of the players, Maria or Bob\n" {
		t.Errorf("hand new --me '': exit %d %q", r.code, r.stderr)
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
		{"stats --player m", []string{"Maria"}},
		{"stats --by ", []string{"day", "week", "month", "year"}},
	} {
		got, _ := completeWith(t, testApp(), strings.Split(tc.line, " ")...)
		if !slices.Equal(got, tc.want) {
			t.Errorf("gin %s<TAB> offers %q, want %q", tc.line, got, tc.want)
		}
	}

	// --player across sheets: a second sheet of Mark and Bob. "mari" is
	// Maria's, "ma" begins two players' names, and "BOB" is Bob.
	if r := run(t, "", "sheet", "new", "--players", "Mark,Bob", "--sheet", "second.yaml"); r.code != ExitOK {
		t.Fatal(r.stderr)
	}
	statsOf := func(args ...string) (int, []string) {
		t.Helper()
		r := run(t, "", append([]string{"stats", "--json"}, args...)...)
		var st struct {
			Sheets  int
			Players []struct{ Name string }
		}
		if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &st) != nil {
			t.Fatalf("stats %q: exit %d %s%s", args, r.code, r.stdout, r.stderr)
		}
		var names []string
		for _, p := range st.Players {
			names = append(names, p.Name)
		}
		return st.Sheets, names
	}
	for _, typed := range []string{"maria", "mari", "MARIA"} {
		if n, names := statsOf("--player", typed); n != 1 || !slices.Equal(names, []string{"Maria"}) {
			t.Errorf("stats --player %s: %d sheets, %q; want 1 and Maria", typed, n, names)
		}
	}
	if n, names := statsOf("--player", "BOB"); n != 2 || !slices.Equal(names, []string{"Bob"}) {
		t.Errorf("stats --player BOB: %d sheets, %q; want 2 and Bob", n, names)
	}
	r = run(t, "", "stats", "--player", "ma")
	if want := "gin: --player \"ma\" could be Maria or Mark, players of the sheets read: type more of the name\n"; r.code != ExitError || r.stdout != "" || r.stderr != want {
		t.Errorf("stats --player ma: exit %d %q %q; want %q", r.code, r.stdout, r.stderr, want)
	}
	// A name in full is that player, though it begins another's. (A hand
	// played: a sheet with none names no player to the stats.)
	if err := os.WriteFile("third.yaml", []byte("players: [Ann, Anna]\ndealer: Ann\nhands:\n  - by: Anna\n    knock: 2\n    deadwood: 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, names := statsOf("--player", "ann"); n != 1 || !slices.Equal(names, []string{"Ann"}) {
		t.Errorf("stats --player ann: %d sheets, %q; want 1 and Ann", n, names)
	}
}
