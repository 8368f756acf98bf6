package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Å written as one character (U+00C5) and as an A with a combining ring
// (U+030A): two spellings of one name.
const (
	asaComposed   = "\u00c5sa"
	asaDecomposed = "A\u030asa"
)

// A name typed in the other Unicode form is the same player, on a sheet
// and across sheets, as a name typed in another case is on a sheet.
func TestNamesInEitherUnicodeForm(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	first := filepath.Join(dir, "first.yaml")
	if r := run(t, "", "sheet", "new", "--players", asaComposed+",Bob", "--sheet", first); r.code != ExitOK {
		t.Fatalf("sheet new: exit %d %s", r.code, r.stderr)
	}
	// Åsa knocks with 5, Bob has 20: 15 to Åsa.
	r := run(t, "", "sheet", "add", "--by", asaDecomposed, "--knock", "5", "--deadwood", "20", "--sheet", first)
	if r.code != ExitOK || !strings.Contains(r.stdout, asaComposed+" scores 15") {
		t.Errorf("sheet add --by %+q: exit %d\n%s%s", asaDecomposed, r.code, r.stdout, r.stderr)
	}

	// A sheet written by hand with the decomposed spelling, its one hand a
	// gin by Åsa against 10: 30 to Åsa, and the game is hers with a shutout.
	second := "players: [" + asaDecomposed + ", Bob]\ndealer: Bob\nrules:\n  target: 20\nhands:\n  - by: " + asaDecomposed + "\n    gin: true\n    deadwood: 10\n"
	if err := os.WriteFile(filepath.Join(dir, "second.yaml"), []byte(second), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "stats", "--json", "--player", asaDecomposed)
	var st struct {
		Players []struct {
			Name                string
			Hands, Gins, Knocks int
			Games, Wins, Losses int
		}
	}
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &st) != nil {
		t.Fatalf("stats --player %+q: exit %d %s%s", asaDecomposed, r.code, r.stdout, r.stderr)
	}
	if len(st.Players) != 1 || st.Players[0].Name != asaComposed || st.Players[0].Hands != 2 || st.Players[0].Knocks != 1 || st.Players[0].Gins != 1 || st.Players[0].Wins != 1 {
		t.Errorf("stats --player %+q: %+v; want one Åsa (%+q) with 2 hands, a knock, a gin and a win", asaDecomposed, st.Players, asaComposed)
	}
}
