package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
)

// gin advise by the game: bad values of the objective flags are refused,
// each with one line that names the flag and says what to give.
func TestAdviseObjectiveBadValues(t *testing.T) {
	t.Parallel()
	const eleven = "advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --playouts 10 --samples 100 "
	for _, tt := range []struct{ args, want string }{
		{"--score 5", "--score 5: give the hand points as ME-THEM, yours then the other player's, two whole numbers (such as 45-70)"},
		{"--score -3-2", "--score -3-2: give the hand points as ME-THEM"},
		{"--score 5-x", "--score 5-x: give the hand points as ME-THEM"},
		{"--score 100-20", "--score 100-20: a player has reached the target of 100: the game is over"},
		{"--score 20-30 --boxes 0-2", "--score 20-30 --boxes 0-2: you have 20 points, so you have won a hand or more: give your hands won, 1 or more, with --boxes ME-THEM"},
		{"--score 0-0 --boxes 5-5", "--score 0-0 --boxes 5-5: you have won 5 hands, each worth 1 point or more by these rules, so you have 5 points or more, not 0: give the points and the hands won that go together"},
		{"--score 30-4 --boxes 2-5 --objective hand", "--score 30-4 --boxes 2-5: the other player has won 5 hands, each worth 1 point or more by these rules, so they have 5 points or more, not 4"},
		{"--score 20-30 --boxes 2", "--boxes 2: give the hands won as ME-THEM"},
		{"--boxes 2-2", "--boxes goes with --score ME-THEM"},
		{"--score 20-30 --dealer us", `--dealer us: give me or them`},
		{"--score 20-30 --objective x", "--objective x: give game, net or hand"},
		{"--score 20-30 --objective gmae", `did you mean "game"?`},
		{"--objective game", "--objective game values the game from its score: give --score ME-THEM"},
		{"--objective net", "--objective net values the game from its score"},
		{"--score 20-30 --rules hollywood", "--score: the rules score 3 games at once (Hollywood): give each game's score, first game first, as ME-THEM,ME-THEM,ME-THEM"},
		{"--score 20-30,5-0", "--score: 2 games' scores, but the rules score one game: give ME-THEM"},
		{"--score 1-2,3-4,5-6,7-8 --rules hollywood", "--score 1-2,3-4,5-6,7-8: 4 games; at most 3 are scored at once (Hollywood)"},
		{"--score 20-30,1-x,0-0 --rules hollywood", "--score 20-30,1-x,0-0: give the hand points as ME-THEM, yours then the other player's, two whole numbers (such as 45-70); under Hollywood one such pair for each game"},
		{"--score 20-30,10-0,0-0 --boxes 1-1 --rules hollywood", "give as many games' boxes as scores"},
		{"--score 20-30,10-0,0-0 --boxes 1-1,0-0,0-0 --rules hollywood", "you have 10 points in game 2, so you have won a hand or more in it: give your hands won, 1 or more, with --boxes ME-THEM"},
		{"--score 10-3,5-0,0-0 --boxes 3-1,2-0,1-0 --rules hollywood", "you have won 1 hand in game 3, each worth 1 point or more by these rules, so you have 1 point or more in it, not 0"},
		{"--score 100-30,100-0,100-0 --rules hollywood", "each of the 3 games has been won: the match is over"},
		{"--score 0-0,20-0,0-0 --rules hollywood", "a player has won in a game before entering the one before it"},
		{"--score 100-100,0-0,0-0 --boxes 2-2,0-0,0-0 --rules hollywood", "both players have reached the target of one game"},
		{"--score 10-0,50-0,0-0 --boxes 2-0,1-0,0-0 --rules hollywood", "a player has as many hands or more points in a game as in the open game before it"},
		{"--score 50-0,10-0,0-0 --boxes 1-0,1-0,0-0 --rules hollywood", "a player has as many hands or more points in a game as in the open game before it"},
		{"--score 20-30 --sheet s.yaml --me Ann", "--score and --sheet: the sheet gives the score; drop one"},
		{"--sheet s.yaml", "--sheet: say which player you are with --me NAME"},
		{"--me Ann", "--me goes with --sheet FILE"},
		{"--score 20-30 --offer first --dealer me", "--offer"},
	} {
		r := run(t, "", shellFields(eleven+tt.args)...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tt.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("gin %s: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, one line saying %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// With the score, the advice leads with the objective, and at 99–0 to
// 100 gin wins the game: 100%.
func TestAdviseByTheGame(t *testing.T) {
	t.Parallel()
	r := run(t, "", shellFields("advise As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd --stock 20 --playouts 20 --samples 200 --score 99-0 --boxes 4-0")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(r.stdout, "\n")
	if !strings.HasPrefix(lines[0], "Objective:  win the game, at 99-0 to 100 (boxes 4-0), the other player dealt") {
		t.Errorf("first line %q: want the objective", lines[0])
	}
	if !strings.Contains(r.stdout, "Throw K♦ and go gin: wins the game 100.0%") {
		t.Errorf("want gin to win the game 100%%:\n%s", r.stdout)
	}
	r = run(t, "", shellFields("advise As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd --stock 20 --playouts 20 --samples 200 --score 99-0 --boxes 4-0 --json")...)
	var got struct {
		Objective string `json:"objective"`
		Game      struct {
			Score  [2]int  `json:"score"`
			Boxes  [2]int  `json:"boxes"`
			Target int     `json:"target"`
			Dealer string  `json:"dealer"`
			Win    float64 `json:"win"`
		} `json:"game"`
		Options []struct {
			Knock *struct {
				Win    *float64 `json:"win"`
				Points *float64 `json:"points"`
			} `json:"knock"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if got.Objective != "game" || got.Game.Score != [2]int{99, 0} || got.Game.Boxes != [2]int{4, 0} || got.Game.Target != 100 || got.Game.Dealer != "them" || got.Game.Win <= 0.5 {
		t.Errorf("game %+v", got)
	}
	k := got.Options[0].Knock
	if k == nil || k.Win == nil || *k.Win != 1 || k.Points != nil {
		t.Errorf("best option's knock %+v: want win 1 and no points", k)
	}
}

// Under Hollywood the advice is by the match: each game's score, the
// match's values sampled with their error stated. At 99–0 in each game,
// with an entry in each, gin wins all three games and the match: exactly
// 100%, where a level start is a sample.
func TestAdviseHollywoodByTheMatch(t *testing.T) {
	t.Parallel()
	const gin = "advise As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd --stock 20 --playouts 20 --samples 200 --rules hollywood "
	r := run(t, "", shellFields(gin+"--score 99-0,99-0,99-0 --boxes 4-0,3-0,2-0")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if want := "Objective:  win the match of 3 games at once, at 99-0, 99-0, 99-0 to 100 (boxes\n            4-0, 3-0, 2-0), the other player dealt;"; !strings.HasPrefix(r.stdout, want) {
		t.Errorf("got %q, want it to start %q", r.stdout, want)
	}
	if !strings.Contains(r.stdout, "Throw K♦ and go gin: wins the match 100.0%") {
		t.Errorf("want gin to win the match 100%%:\n%s", r.stdout)
	}
	if !regexp.MustCompile(`Sampled: each way this hand can end is valued by the same [\d,]+ plays of the rest of the match, standard error up to \d+\.\d percentage points Hand:`).MatchString(strings.Join(strings.Fields(r.stdout), " ")) {
		t.Errorf("no word of the sampling:\n%s", r.stdout)
	}
	r = run(t, "", shellFields(gin+"--score 90-60,80-40,20-10 --objective net --json")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var got struct {
		Objective string `json:"objective"`
		Game      struct {
			Games []struct {
				Score [2]int `json:"score"`
				Boxes [2]int `json:"boxes"`
			} `json:"games"`
			NetErr      float64 `json:"net_error"`
			Matches     int     `json:"matches"`
			ValuesError float64 `json:"values_error"`
		} `json:"game"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if got.Objective != "net" || len(got.Game.Games) != 3 || got.Game.NetErr <= 0 || got.Game.Matches < 200 || got.Game.ValuesError <= 0 {
		t.Errorf("game %+v: want three games, the net before the hand and the values sampled with their errors", got.Game)
	}
}

// Without --boxes, each game's boxes are the fewest hands won its points
// need: while a game is open, each of a player's wins goes into it, and the
// win that entered him in the next game into it alone; a game that is over
// takes no more.
func TestFewestBoxes(t *testing.T) {
	t.Parallel()
	r, err := ginrummy.Preset("hollywood")
	if err != nil {
		t.Fatal(err)
	}
	tally := func(p0, p1, b0, b1 int) ginrummy.Tally {
		return ginrummy.Tally{Points: [2]int{p0, p1}, Boxes: [2]int{b0, b1}}
	}
	for _, c := range []struct {
		name       string
		give, want []ginrummy.Tally
	}{
		{"one game entered", []ginrummy.Tally{tally(30, 20, 1, 1), {}, {}}, []ginrummy.Tally{tally(30, 20, 1, 1), {}, {}}},
		{"entered two", []ginrummy.Tally{tally(30, 0, 1, 0), tally(10, 0, 1, 0), {}}, []ginrummy.Tally{tally(30, 0, 2, 0), tally(10, 0, 1, 0), {}}},
		{"entered three and two", []ginrummy.Tally{tally(30, 20, 1, 1), tally(25, 5, 1, 1), tally(5, 0, 1, 0)}, []ginrummy.Tally{tally(30, 20, 3, 2), tally(25, 5, 2, 1), tally(5, 0, 1, 0)}},
		// Game 1 over, the other player never in it: his first win
		// entered game 2.
		{"game 1 over", []ginrummy.Tally{tally(110, 0, 1, 0), tally(15, 20, 1, 1), {}}, []ginrummy.Tally{tally(110, 0, 1, 0), tally(15, 20, 1, 1), {}}},
		{"game 1 over, entered three", []ginrummy.Tally{tally(110, 0, 1, 0), tally(55, 15, 1, 1), tally(20, 0, 1, 0)}, []ginrummy.Tally{tally(110, 0, 1, 0), tally(55, 15, 2, 1), tally(20, 0, 1, 0)}},
	} {
		if got := fewestBoxes(slices.Clone(c.give), r); !slices.Equal(got, c.want) {
			t.Errorf("%s: fewestBoxes(%v) = %v, want %v", c.name, c.give, got, c.want)
		}
	}
	// Unchecked, the advice says the boxes it took.
	out := run(t, "", shellFields("advise As 2s 3s 4s 5s 6s 7s 8s 9s Ts Kd --stock 20 --playouts 20 --samples 200 --rules hollywood --score 99-0,99-0,99-0")...)
	if want := "(boxes\n            3-0, 2-0, 1-0)"; out.code != 0 || !strings.Contains(out.stdout, want) {
		t.Errorf("exit %d: %s%s; want %q", out.code, out.stdout, out.stderr, want)
	}
}

// Rules of two games at once ask for two games' scores, not Hollywood's
// three.
func TestAdviseTwoGamesAtOnce(t *testing.T) {
	t.Parallel()
	rules := filepath.Join(t.TempDir(), "two.yaml")
	if err := os.WriteFile(rules, []byte("preset: hollywood\ngames_at_once: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", shellFields("advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --playouts 10 --samples 100 --score 20-30 --rules "+rules)...)
	want := "--score: the rules score 2 games at once: give each game's score, first game first, as ME-THEM,ME-THEM (0-0 for a game nobody has won a hand in), and --boxes alike"
	if r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q; want %q", r.code, r.stderr, want)
	}
}

// A Hollywood sheet gives each of its games' scores and boxes.
func TestAdviseFromHollywoodSheet(t *testing.T) {
	parallelIn(t, t.TempDir())
	out := adviseFromSheet(t, "hollywood", [][]string{
		{"--by", "Bob", "--knock", "5", "--deadwood", "25"},
		{"--by", "Ann", "--gin", "--deadwood", "30"},
		{"--by", "Bob", "--knock", "2", "--deadwood", "12"},
	})
	// Bob's 20 went into game 1, then his 10 into games 1 and 2; Ann's 55
	// into game 1. Ann dealt the first hand and the third, so Bob deals
	// the next.
	if want := "Objective:  win the match of 3 games at once, at 30-55, 10-0, 0-0 to 100 (boxes\n            2-1, 1-0, 0-0), you dealt;"; !strings.HasPrefix(out, want) {
		t.Errorf("got %q, want it to start %q", out, want)
	}
}

// adviseFromSheet starts a sheet for Ann and Bob under the rules, Ann
// dealing first, scores the hands on it (gin sheet add's flags), and
// returns what gin advise --sheet --me bob prints, the sheet never written.
func adviseFromSheet(t *testing.T, rules string, adds [][]string) string {
	t.Helper()
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--rules", rules, "--dealer", "Ann"); r.code != 0 {
		t.Fatalf("sheet new: %s", r.stderr)
	}
	for _, args := range adds {
		if r := run(t, "", append([]string{"sheet", "add"}, args...)...); r.code != 0 {
			t.Fatalf("sheet add %v: %s", args, r.stderr)
		}
	}
	before := readFile(t, "gin-sheet.yaml")
	r := run(t, "", shellFields("advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --playouts 10 --samples 100 --sheet gin-sheet.yaml --me bob")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if after := readFile(t, "gin-sheet.yaml"); after != before {
		t.Error("the sheet was written")
	}
	return r.stdout
}

// --sheet --me reads the score, boxes, rules and dealer from a sheet, and
// never writes it.
func TestAdviseFromSheet(t *testing.T) {
	parallelIn(t, t.TempDir())
	out := adviseFromSheet(t, "modern", [][]string{
		{"--by", "Bob", "--knock", "5", "--deadwood", "25"},
		{"--by", "Ann", "--gin", "--deadwood", "30"},
	})
	// Bob has 20, Ann 55; Ann dealt the first hand, Bob the second, so
	// Ann deals the third.
	if want := "Objective:  win the game, at 20-55 to 100 (boxes 1-1), the other player dealt"; !strings.HasPrefix(out, want) {
		t.Errorf("got %q, want it to start %q", out, want)
	}
	for _, tt := range []struct{ args, want string }{
		{"--sheet gin-sheet.yaml --me Cy", "--me Cy: not a player on the sheet gin-sheet.yaml, whose players are Ann and Bob"},
		{"--sheet gin-sheet.yaml --me Ann --rules classic", "--sheet and --rules: the sheet gives the rules; drop --rules"},
		{"--sheet nothere.yaml --me Ann", "nothere.yaml"},
	} {
		r := run(t, "", shellFields("advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --playouts 10 "+tt.args)...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", tt.args, r.code, r.stderr, tt.want)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// gin advise --hand with --objective game takes the score from the sheet
// the record names, the advised player's side first.
func TestAdviseHandRecordSheet(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, args := range [][]string{
		{"sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob"},
		{"sheet", "add", "--by", "Bob", "--knock", "5", "--deadwood", "25"},
		{"hand", "new", "--me", "ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"},
		{"hand", "bob", "pass"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r.stderr)
		}
	}
	r := run(t, "", "advise", "--hand", "gin-hand.txt", "--objective", "game", "--playouts", "10", "--samples", "100")
	if want := "Objective:  win the game, at 0-20 to 100 (boxes 0-1), you dealt"; r.code != 0 || !strings.HasPrefix(afterOpponentLine(r.stdout), want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want it to start %q", r.code, r.stdout, r.stderr, want)
	}
	// Without --objective the record's sheet gives the score: by the game,
	// as gin hand advise and the prompt's advice give it.
	for _, args := range [][]string{{"advise", "--hand", "gin-hand.txt"}, {"hand", "advise"}} {
		r = run(t, "", append(args, "--playouts", "10", "--samples", "100")...)
		if want := "Objective:  win the game, at 0-20 to 100 (boxes 0-1), you dealt"; r.code != 0 || !strings.HasPrefix(afterOpponentLine(r.stdout), want) || r.stderr != "" {
			t.Errorf("gin %v: exit %d, stdout %q, stderr %q; want it to start %q", args, r.code, r.stdout, r.stderr, want)
		}
	}
	r = run(t, "", "advise", "--hand", "gin-hand.txt", "--objective", "hand", "--playouts", "10", "--samples", "100")
	if r.code != 0 || strings.Contains(r.stdout, "Objective:") {
		t.Errorf("--objective hand: exit %d, stdout %q, stderr %q; want the advice by the hand", r.code, r.stdout, r.stderr)
	}
	// A sheet at another hand cannot give this one's score: by the hand,
	// and a note says why; asked for by the game, it is refused.
	if r := run(t, "", "sheet", "add", "--winner", "Bob", "--points", "5"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r = run(t, "", "advise", "--hand", "gin-hand.txt", "--playouts", "10", "--samples", "100")
	if r.code != 0 || strings.Contains(r.stdout, "Objective:") || !strings.Contains(r.stderr, "gin: note: advice by the hand's points, not the game: the sheet gin-sheet.yaml: Bob deals next on it, but the other player dealt this hand") {
		t.Errorf("a sheet at another hand: exit %d, stdout %q, stderr %q; want the advice by the hand, and a note", r.code, r.stdout, r.stderr)
	}
	if r := run(t, "", "advise", "--hand", "gin-hand.txt", "--objective", "game"); r.code != 2 || !strings.Contains(r.stderr, "deals next on it") {
		t.Errorf("--objective game, a sheet at another hand: exit %d %q", r.code, r.stderr)
	}
}

// The prompt's advice in a glance, for a hand followed for a sheet, is by
// the game at the sheet's score, as gin hand advise gives it; beside a
// Hollywood sheet by the match, and it says so: its figure is the chance
// to win the match, not the game.
func TestHandPromptAdvisesByTheGame(t *testing.T) {
	parallelAbove(t)
	for _, tt := range []struct {
		rules, what string
		wins        [][]string // gin sheet add's flags
	}{
		{"classic", "game", [][]string{{"--winner", "Bob", "--points", "30"}, {"--winner", "Ann", "--points", "12"}}},
		{"hollywood", "match", [][]string{{"--winner", "Bob", "--points", "90"}, {"--winner", "Bob", "--points", "5"}}},
	} {
		t.Run(tt.rules, func(t *testing.T) {
			parallelIn(t, t.TempDir())
			steps := [][]string{{"sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--rules", tt.rules}}
			for _, w := range tt.wins {
				steps = append(steps, append([]string{"sheet", "add"}, w...))
			}
			steps = append(steps, []string{"hand", "new", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"})
			for _, args := range steps {
				if r := run(t, "", args...); r.code != 0 {
					t.Fatalf("gin %v: %s", args, r.stderr)
				}
			}
			r := run(t, "pass\nbob pass\ndraw Tc throw Tc\nbob draw throw Qh\n", "hand", "--playouts", "20", "--samples", "200")
			// The advice may go on, wrapped, to what the other of knocking
			// and playing on is worth, to a knock's undercut risk, and to
			// the figures against a player who waits for gin.
			advice, _ := labelled(r.stdout, "Advice:")
			next, _ := labelled(r.stdout, "Next best:")
			if r.code != 0 || !regexp.MustCompile(`^[^:]*: wins the `+tt.what+` \d+\.\d%( \((knocking now|playing on): \d+\.\d%\))?(, undercut risk \d+(\.\d+)?%)?( \(.*\)|;.*)?$`).MatchString(advice) || !regexp.MustCompile(`^.*, \d+\.\d%`).MatchString(next) {
				t.Errorf("exit %d, stdout:\n%s\nstderr %q; want the advice by the %s", r.code, r.stdout, r.stderr, tt.what)
			}
		})
	}
}

// The prompt values the game by the sheet's rules, as gin hand advise
// does: under a target of 250 its figure is gin hand advise's, to the digit.
func TestHandPromptValuesTheSheetsGame(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, args := range [][]string{
		{"sheet", "new", "--players", "Ann,Bob", "--dealer", "Bob", "--target", "250"},
		{"sheet", "add", "--winner", "Bob", "--points", "90"},
		{"sheet", "add", "--winner", "Ann", "--points", "12"},
		{"hand", "new", "--me", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Fatalf("gin %v: %s", args, r.stderr)
		}
	}
	effort := []string{"--playouts", "20", "--samples", "200"}
	r := run(t, "pass\nbob pass\ndraw Tc throw Tc\nbob draw throw Qh\n", append([]string{"hand"}, effort...)...)
	glance, ok := labelled(r.stdout, "Advice:")
	whole := run(t, "", append([]string{"hand", "advise"}, effort...)...)
	if r.code != 0 || whole.code != 0 || !ok || !strings.Contains(whole.stdout, "at 12-90 to 250") || lastParagraph(whole.stdout) != glance {
		t.Errorf("the prompt's advice %q, gin hand advise:\n%s%s%s; want the same advice at 12-90 to 250", glance, whole.stdout, r.stderr, whole.stderr)
	}
}

// afterOpponentLine is advice from a record without the Opponent line it
// starts with (what was learnt of the other player, or the prior), and the
// lines that carry it on.
func afterOpponentLine(out string) string {
	if !strings.HasPrefix(out, "Opponent:") {
		return out
	}
	lines := strings.SplitAfter(out, "\n")
	i := 1
	for i < len(lines) && strings.HasPrefix(lines[i], strings.Repeat(" ", render.LabelWidth)) {
		i++
	}
	return strings.Join(lines[i:], "")
}
