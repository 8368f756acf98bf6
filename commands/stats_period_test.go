package commands

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// gin stats --by gives the same figures per period: the four sheets of
// testdata/stats by month are the undated c (Ann–Cy, Cy won 230–0) and
// November's a, b and d (Ann won a 384–0 and d's game 1 195–0; b open).
func TestStatsByPeriod(t *testing.T) {
	statsFolder(t)
	r := run(t, "", "stats", "--by", "month", "--json")
	var got struct {
		By      string
		Periods []struct {
			Period                    string
			Sheets, Games, Unfinished int
			Players                   []struct {
				Name        string
				Wins        int
				FinalPoints int `json:"final_points"`
			}
		}
	}
	if r.code != ExitOK || json.Unmarshal([]byte(r.stdout), &got) != nil {
		t.Fatalf("stats --by month --json: exit %d %s%s", r.code, r.stdout, r.stderr)
	}
	want := "month [{undated 1 1 0 [{Ann 0 0} {Cy 1 230}]} {2026-11 3 2 1 [{Ann 2 579} {Bob 0 0}]}]"
	if fmt.Sprint(got.By, " ", got.Periods) != want {
		t.Errorf("stats --by month --json: %v; want %s", fmt.Sprint(got.By, " ", got.Periods), want)
	}
	// By ISO week: a started on Sunday 1 November 2026, the end of week 44;
	// b and d on the Monday and Tuesday after, in week 45.
	r = run(t, "", "stats", "--by", "week", "--player", "ann")
	for _, heading := range []string{
		"Undated sheets\n1 sheet: 1 finished game, 0 unfinished, 1 undated\n",
		"\n2026-W44 (26 October 2026 – 1 November 2026)\n1 sheet: 1 finished game, 0 unfinished\n",
		"\n2026-W45 (2 November 2026 – 8 November 2026)\n2 sheets: 1 finished game, 1 unfinished\n",
	} {
		if r.code != ExitOK || !strings.Contains(r.stdout, heading) {
			t.Errorf("stats --by week --player ann: exit %d, no %q in\n%s%s", r.code, heading, r.stdout, r.stderr)
		}
	}
	if strings.Contains(r.stdout, "\nBob ") || strings.Contains(r.stdout, "\nCy ") {
		t.Errorf("stats --by week --player ann shows another player:\n%s", r.stdout)
	}
	if r := run(t, "", "stats", "--by", "day", "--since", "2026-11-02", "--until", "2026-11-02", "--json"); !strings.Contains(r.stdout, `"periods":[{"period":"undated",`) || !strings.Contains(r.stdout, `{"period":"2026-11-02","sheets":1,`) || strings.Count(r.stdout, `"period"`) != 2 {
		t.Errorf("stats --by day on one day: %s%s", r.stdout, r.stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--by", "fortnight"}, `gin: --by "fortnight": give a period: day, week, month or year` + "\n"},
		{[]string{"--by", "month", "--chart"}, "gin: --by and --chart: the chart draws every game in date order; leave out --by\n"},
		{[]string{"--by", "month", "--csv"}, "gin: --by and --csv: each row of the CSV has its game's day; leave out --by\n"},
		{[]string{"--csv", "--json"}, "gin: --json and --csv: give one form of output\n"},
	} {
		if r := run(t, "", append([]string{"stats"}, tc.args...)...); r.code != ExitError || r.stdout != "" || r.stderr != tc.want {
			t.Errorf("stats %q: exit %d %q %q; want %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
}

// gin stats --csv writes a row per game, oldest first and the undated
// first, each final score taken apart by the rules (classic: game bonus
// 100, 20 a box, the shutout doubling the game bonus; Hollywood: 100, 25 a
// box, the shutout doubling the hand points): a is Ann's 104 + 100 + 4×20 +
// 100 = 384; c is Cy's 10 + 100 + 20 + 100 = 230; d's game 1 is Ann's 35 +
// 100 + 25 + 35 = 195 (games 2 and 3 void); b is open, Bob 30 + 11 so far.
func TestStatsCSV(t *testing.T) {
	statsFolder(t)
	r := run(t, "", "stats", "--csv")
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	want := [][]string{
		{"file", "started", "game", "player_1", "player_2", "finished", "winner", "hands",
			"hand_points_1", "game_bonus_1", "box_bonus_1", "shutout_bonus_1", "final_1",
			"hand_points_2", "game_bonus_2", "box_bonus_2", "shutout_bonus_2", "final_2"},
		{"c-classic-closed-undated.yaml", "", "", "Ann", "Cy", "yes", "Cy", "1", "0", "0", "0", "0", "0", "10", "100", "20", "100", "230"},
		{"a-classic-shutout.yaml", "2026-11-01", "", "Ann", "Bob", "yes", "Ann", "5", "104", "100", "80", "100", "384", "0", "0", "0", "0", "0"},
		{"b-classic-open.yaml", "2026-11-02", "", "Ann", "Bob", "no", "", "2", "0", "", "", "", "", "41", "", "", "", ""},
		{"d-hollywood-closed.yaml", "2026-11-03", "1", "Ann", "Bob", "yes", "Ann", "1", "35", "100", "25", "35", "195", "0", "0", "0", "0", "0"},
	}
	if r.code != ExitOK || err != nil || fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("stats --csv: exit %d %v\n%q\nwant\n%q\n%s", r.code, err, rows, want, r.stderr)
	}
	// --player keeps the games of that player; a name or a file name a
	// spreadsheet would run as a formula is written as text, through
	// csvText (the file sorts before c-…: = before c).
	if err := os.WriteFile("=formula.yaml", []byte("players: [\"=cmd()|calc\", Cy]\ndealer: Cy\nhands: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "stats", "--csv", "--player", "cy")
	rows, err = csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if r.code != ExitOK || err != nil || len(rows) != 3 || rows[2][0] != "c-classic-closed-undated.yaml" ||
		fmt.Sprint(rows[1][:8]) != fmt.Sprint([]string{"'=formula.yaml", "", "", "'=cmd()|calc", "Cy", "no", "", "0"}) {
		t.Errorf("stats --csv --player cy: exit %d %v\n%q", r.code, err, rows)
	}
}
