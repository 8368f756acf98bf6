package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/sheets"
)

// Players A and B of scoring-examples.md are Ann and Bob, named on the
// command line as people type them: by a prefix, in any case.

func knockArgs(by string, k, d int) []string {
	return []string{"--by", by, "--knock", strconv.Itoa(k), "--deadwood", strconv.Itoa(d)}
}

func ginArgs(by string, d int) []string {
	return []string{"--by", by, "--gin", "--deadwood", strconv.Itoa(d)}
}

func drawArgs() []string { return []string{"--draw"} }

// upArgs is a hand dealt with the given upcard, for Oklahoma.
func upArgs(card string, hand []string) []string { return append([]string{"--upcard", card}, hand...) }

// The whole games of scoring-examples.md, one 'gin sheet add' per hand.
var (
	gv1Args = [][]string{knockArgs("a", 2, 32), ginArgs("b", 15), ginArgs("A", 30), knockArgs("ann", 5, 25)}
	gv2Args = [][]string{knockArgs("a", 3, 28), ginArgs("a", 20), knockArgs("a", 1, 21), knockArgs("b", 9, 4)}
	gv3Args = [][]string{knockArgs("a", 2, 40), knockArgs("b", 6, 6), ginArgs("a", 30), knockArgs("a", 4, 14)}
	gv4Args = [][]string{
		knockArgs("a", 4, 12), knockArgs("b", 3, 14), knockArgs("a", 5, 10), drawArgs(),
		knockArgs("a", 2, 14), knockArgs("b", 6, 10), knockArgs("a", 7, 13), knockArgs("b", 1, 16),
		knockArgs("a", 3, 12), knockArgs("b", 8, 17), knockArgs("a", 4, 11), knockArgs("b", 2, 8),
		knockArgs("a", 6, 16),
	}
	gv6Args = [][]string{
		knockArgs("a", 2, 32), ginArgs("b", 20), knockArgs("a", 1, 36), knockArgs("b", 4, 26),
		knockArgs("a", 5, 35), knockArgs("b", 2, 32), knockArgs("a", 8, 3),
	}
	gv7Args = [][]string{
		upArgs("8h", knockArgs("a", 6, 30)), upArgs("3s", ginArgs("b", 18)), upArgs("Kd", knockArgs("a", 9, 9)),
		upArgs("As", ginArgs("a", 22)), upArgs("5c", knockArgs("b", 4, 21)), upArgs("6s", knockArgs("a", 2, 18)),
	}
	hollywoodArgs = [][]string{
		knockArgs("a", 2, 32), ginArgs("a", 20), knockArgs("a", 5, 17), knockArgs("a", 3, 23),
		knockArgs("a", 6, 2), knockArgs("b", 4, 22), knockArgs("a", 1, 27), ginArgs("b", 15), ginArgs("b", 25),
	}
)

// sheetJSON is the part of 'gin sheet show --json' that the tests read.
type sheetJSON struct {
	Players [2]string `json:"players"`
	Dealer  string    `json:"dealer"`
	Hands   []struct {
		Number int            `json:"number"`
		Dealer string         `json:"dealer"`
		By     string         `json:"by"`
		Scorer string         `json:"scorer"`
		Kind   string         `json:"kind"`
		Points int            `json:"points"`
		Totals map[string]int `json:"totals"`
		Spread *struct {
			KnockerDeadwood  int `json:"knocker_deadwood"`
			DefenderDeadwood int `json:"defender_deadwood"`
			Layoffs          []struct {
				Card string   `json:"card"`
				Meld []string `json:"meld"`
			} `json:"layoffs"`
		} `json:"spread"`
	} `json:"hands"`
	Totals     map[string]int `json:"totals"`
	Boxes      map[string]int `json:"boxes"`
	NextDealer string         `json:"next_dealer"`
	Result     *resultJSON    `json:"result"`
	Games      []struct {
		Totals map[string]int `json:"totals"`
		Boxes  map[string]int `json:"boxes"`
		Result *resultJSON    `json:"result"`
	} `json:"games"`
}

type resultJSON struct {
	Winner     string         `json:"winner"`
	Final      map[string]int `json:"final"`
	Net        int            `json:"net"`
	Shutout    bool           `json:"shutout"`
	EndedAfter int            `json:"ended_after"`
	Closed     bool           `json:"closed"`
}

// pair reads Ann's and Bob's values.
func pair(m map[string]int) [2]int { return [2]int{m["Ann"], m["Bob"]} }

// sheetGame is a game played through the command line on a sheet of its own.
type sheetGame struct {
	t    *testing.T
	path string
}

// newSheetGame starts a sheet for Ann and Bob; rules is a preset name or
// the content of a rules file.
func newSheetGame(t *testing.T, rules string) *sheetGame {
	t.Helper()
	dir := t.TempDir()
	if strings.Contains(rules, ":") {
		file := filepath.Join(dir, "rules.yaml")
		if err := os.WriteFile(file, []byte(rules), 0o644); err != nil {
			t.Fatal(err)
		}
		rules = file
	}
	g := &sheetGame{t, filepath.Join(dir, sheets.DefaultPath)}
	g.mustRun("sheet", "new", "--players", "Ann,Bob", "--rules", rules)
	return g
}

// run runs a sheet command on the game's sheet.
func (g *sheetGame) run(args ...string) result {
	g.t.Helper()
	return run(g.t, "", append(args, "--sheet", g.path)...)
}

// mustRun runs a sheet command that must succeed.
func (g *sheetGame) mustRun(args ...string) result {
	g.t.Helper()
	r := g.run(args...)
	if r.code != ExitOK || r.stderr != "" {
		g.t.Fatalf("gin %s: exit %d: %s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// add records a hand.
func (g *sheetGame) add(hand []string) result {
	g.t.Helper()
	return g.run(append([]string{"sheet", "add"}, hand...)...)
}

// show decodes 'gin sheet show --json'.
func (g *sheetGame) show() sheetJSON {
	g.t.Helper()
	return decodeScore(g.t, g.mustRun("sheet", "show", "--json").stdout)
}

func decodeScore(t *testing.T, out string) sheetJSON {
	t.Helper()
	var sc sheetJSON
	if err := json.Unmarshal([]byte(out), &sc); err != nil || !strings.HasSuffix(out, "}\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("not one JSON object on one line: %v\n%s", err, out)
	}
	return sc
}

func (g *sheetGame) file() string {
	g.t.Helper()
	data, err := os.ReadFile(g.path)
	if err != nil {
		g.t.Fatal(err)
	}
	return string(data)
}

// ended is how a game of the examples ends.
type ended struct {
	winner  string
	after   int // the hand after which it ended
	final   [2]int
	net     int
	shutout bool
	closed  bool
}

func (e ended) check(t *testing.T, what string, r *resultJSON) {
	t.Helper()
	if r == nil {
		t.Errorf("%s: the game is open, want it ended %+v", what, e)
		return
	}
	got := ended{r.Winner, r.EndedAfter, pair(r.Final), r.Net, r.Shutout, r.Closed}
	if got != e {
		t.Errorf("%s: result %+v, want %+v", what, got, e)
	}
}

func TestSheetExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		rules   string // a preset, or a rules file's content
		hands   [][]string
		refused int      // hands at the end that come after the end of the game
		close   bool     // 'gin sheet close' after the hands
		points  []int    // what each hand scored, where the example gives it
		running [][2]int // the totals after each hand, where the example gives them
		totals  [2]int
		result  *ended
	}{
		{
			name: "GV1", rules: "classic", hands: gv1Args,
			running: [][2]int{{30, 0}, {30, 35}, {80, 35}, {100, 35}}, totals: [2]int{100, 35},
			result: &ended{winner: "Ann", after: 4, final: [2]int{100 + 100 + 3*20, 35 + 20}, net: 205},
		},
		{
			name: "GV1", rules: "modern", hands: gv1Args,
			running: [][2]int{{30, 0}, {30, 40}, {85, 40}, {105, 40}}, totals: [2]int{105, 40},
			result: &ended{winner: "Ann", after: 4, final: [2]int{105 + 100 + 3*25, 40 + 25}, net: 215},
		},
		{
			name: "GV1", rules: "scorepad", hands: gv1Args, totals: [2]int{105, 40},
			result: &ended{winner: "Ann", after: 4, final: [2]int{105 + 100 + 3*25, 40 + 25}, net: 215},
		},
		{
			name: "GV2", rules: "classic", hands: gv2Args,
			running: [][2]int{{25, 0}, {65, 0}, {85, 0}, {100, 0}}, totals: [2]int{100, 0},
			result: &ended{winner: "Ann", after: 4, final: [2]int{100 + 200 + 4*20, 0}, net: 380, shutout: true},
		},
		{
			name: "GV2", rules: "modern", hands: gv2Args,
			running: [][2]int{{25, 0}, {70, 0}, {90, 0}, {120, 0}}, totals: [2]int{120, 0},
			result: &ended{winner: "Ann", after: 4, final: [2]int{240 + 100 + 4*25, 0}, net: 440, shutout: true},
		},
		{
			name: "GV2", rules: "scorepad", hands: gv2Args, totals: [2]int{120, 0},
			result: &ended{winner: "Ann", after: 4, final: [2]int{120 + 100 + 100 + 100, 0}, net: 420, shutout: true},
		},
		{
			name: "GV3", rules: "classic", hands: gv3Args,
			running: [][2]int{{38, 0}, {48, 0}, {98, 0}, {108, 0}}, totals: [2]int{108, 0},
			result: &ended{winner: "Ann", after: 4, final: [2]int{108 + 200 + 4*20, 0}, net: 388, shutout: true},
		},
		{
			name: "GV3", rules: "modern", hands: gv3Args, refused: 1,
			running: [][2]int{{38, 0}, {63, 0}, {118, 0}}, totals: [2]int{118, 0},
			result: &ended{winner: "Ann", after: 3, final: [2]int{236 + 100 + 3*25, 0}, net: 411, shutout: true},
		},
		{
			name: "GV3", rules: "scorepad", hands: gv3Args,
			points:  []int{38, 0, 55, 10},
			running: [][2]int{{38, 0}, {38, 0}, {93, 0}, {103, 0}}, totals: [2]int{103, 0},
			result: &ended{winner: "Ann", after: 4, final: [2]int{103 + 100 + 3*25, 0 + 25}, net: 253},
		},
		{
			name: "GV4", rules: "scorepad", hands: gv4Args, totals: [2]int{57, 45},
			result: &ended{winner: "Ann", after: 13, final: [2]int{57 + 100 + 7*25, 45 + 5*25}, net: 162},
		},
		{
			name: "GV4", rules: "classic", hands: gv4Args, close: true, totals: [2]int{57, 45},
			result: &ended{winner: "Ann", after: 13, final: [2]int{57 + 100 + 7*20, 45 + 5*20}, net: 152, closed: true},
		},
		{
			name: "GV6", rules: "classic", hands: gv6Args,
			running: [][2]int{5: {95, 92}, 6: {95, 107}}, totals: [2]int{95, 107},
			result: &ended{winner: "Bob", after: 7, final: [2]int{95 + 3*20, 107 + 100 + 4*20}, net: 132},
		},
		{
			name: "GV6", rules: "modern", hands: gv6Args, totals: [2]int{95, 127},
			result: &ended{winner: "Bob", after: 7, final: [2]int{95 + 3*25, 127 + 100 + 4*25}, net: 157},
		},
		{
			name: "GV7", rules: "oklahoma", hands: gv7Args,
			points: []int{24, 86, 25, 94, 17, 32}, totals: [2]int{150, 128},
			result: &ended{winner: "Ann", after: 6, final: [2]int{150 + 100 + 3*25, 128 + 3*25}, net: 122},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.rules, func(t *testing.T) {
			g := newSheetGame(t, tt.rules)
			played := len(tt.hands) - tt.refused
			for i, h := range tt.hands {
				r := g.add(h)
				if refused := i >= played; refused != (r.code == ExitError) {
					t.Fatalf("hand %d: exit %d %s", i+1, r.code, r.stderr)
				}
			}
			if tt.close {
				g.mustRun("sheet", "close")
			}
			sc := g.show()
			if len(sc.Hands) != played {
				t.Fatalf("%d hands on the sheet, want %d", len(sc.Hands), played)
			}
			for i, want := range tt.points {
				if sc.Hands[i].Points != want {
					t.Errorf("hand %d scored %d, want %d", i+1, sc.Hands[i].Points, want)
				}
			}
			for i, want := range tt.running {
				if want != [2]int{} && pair(sc.Hands[i].Totals) != want {
					t.Errorf("after hand %d: %v, want %v", i+1, pair(sc.Hands[i].Totals), want)
				}
			}
			if pair(sc.Totals) != tt.totals {
				t.Errorf("totals %v, want %v", pair(sc.Totals), tt.totals)
			}
			tt.result.check(t, "the game", sc.Result)
		})
	}
}

func TestSheetWhoDeals(t *testing.T) {
	t.Parallel()
	// GV5: the hands are won by A, B, A, (drawn), A, B.
	hands := [][]string{knockArgs("a", 2, 12), knockArgs("b", 3, 14), knockArgs("a", 5, 10), drawArgs(), knockArgs("a", 2, 14), knockArgs("b", 6, 10)}
	for _, tt := range []struct {
		rules   string
		dealers string
		next    string
	}{
		{"classic", "Ann Bob Ann Bob Bob Ann", "Bob"},
		{"preset: classic\ndealer: loser\n", "Ann Bob Ann Bob Bob Bob", "Ann"},
	} {
		g := newSheetGame(t, tt.rules)
		for _, h := range hands {
			g.add(h)
		}
		sc := g.show()
		var dealers []string
		for _, h := range sc.Hands {
			dealers = append(dealers, h.Dealer)
		}
		if got := strings.Join(dealers, " "); got != tt.dealers || sc.NextDealer != tt.next {
			t.Errorf("%q: dealers %s, next %s; want %s, next %s", tt.rules, got, sc.NextDealer, tt.dealers, tt.next)
		}
	}
}

func TestSheetHollywood(t *testing.T) {
	t.Parallel()
	g := newSheetGame(t, "hollywood")
	for _, h := range hollywoodArgs {
		if r := g.add(h); r.code != ExitOK {
			t.Fatalf("%v: %s", h, r.stderr)
		}
	}
	sc := g.show()
	// The running totals of each game after hands 4, 7 and 9, where the
	// example's games end.
	wantGames := [][2]int{{107, 0}, {103, 47}, {58, 108}}
	games := []ended{
		{winner: "Ann", after: 4, final: [2]int{107*2 + 100 + 4*25, 0}, net: 414, shutout: true},
		{winner: "Ann", after: 7, final: [2]int{103 + 100 + 4*25, 47 + 2*25}, net: 206},
		{winner: "Bob", after: 9, final: [2]int{58 + 3*25, 108 + 100 + 3*25}, net: 150},
	}
	if len(sc.Games) != 3 {
		t.Fatalf("%d games, want 3", len(sc.Games))
	}
	for i, want := range games {
		if pair(sc.Games[i].Totals) != wantGames[i] {
			t.Errorf("game %d: %v, want %v", i+1, pair(sc.Games[i].Totals), wantGames[i])
		}
		want.check(t, "game "+strconv.Itoa(i+1), sc.Games[i].Result)
	}
	match := ended{winner: "Ann", after: 9, net: 414 + 206 - 150}
	for i := range games {
		for p := range 2 {
			match.final[p] += games[i].final[p]
		}
	}
	match.check(t, "the match", sc.Result)
	if r := g.add(drawArgs()); r.code != ExitError || !strings.Contains(r.stderr, "the match is over (Ann won 850–380); start the next match") {
		t.Errorf("an add after the match: exit %d %q", r.code, r.stderr)
	}
	// Taking back the hand that ended it opens the match, not a game.
	if out := g.mustRun("sheet", "undo").stdout; !strings.Contains(out, "\n            The match is open again.\n") {
		t.Errorf("undoing the match's last hand:\n%s", out)
	}
}

func TestSheetCards(t *testing.T) {
	t.Parallel()
	// Ann knocks with 5 (the 5♦); Bob melds 7-8-9♣ and 4-5-6♠ and keeps
	// Q♥ Q♠ J♦ 10♦ = 40: Ann scores 35. Bob then knocks with eleven cards,
	// throws the Q♦ and knocks with the 2♥; Ann lays the 10♠ on his
	// 7-8-9♠ and keeps 4♦ 6♣ J♥ = 20: Bob scores 18.
	g := newSheetGame(t, "classic")
	g.add([]string{"--by", "a", "--knocker", "7H 8h 9h KC Kd Ks 2c 3c 4c 5d", "--defender", "Qh,Qs,Jd,10♦,9c,8c,7c,6s,5s,4s"})
	g.add([]string{"--by", "b", "--knocker", "As 2s 3s 7s 8s 9s 5h 5c 5d 2h Qd", "--defender", "Ts 4d 6c Kh Kc Kd 7d 8d 9d Jh"})
	sc := g.show()
	if len(sc.Hands) != 2 {
		t.Fatalf("%d hands, want 2", len(sc.Hands))
	}
	for i, want := range []struct {
		scorer string
		points int
		k, d   int
		layoff string
	}{{"Ann", 35, 5, 40, ""}, {"Bob", 18, 2, 20, "Ts"}} {
		h := sc.Hands[i]
		if h.Scorer != want.scorer || h.Points != want.points || h.Spread == nil ||
			h.Spread.KnockerDeadwood != want.k || h.Spread.DefenderDeadwood != want.d {
			t.Errorf("hand %d: %+v, want %+v", i+1, h, want)
			continue
		}
		if got := len(h.Spread.Layoffs) > 0; got != (want.layoff != "") || got && h.Spread.Layoffs[0].Card != want.layoff {
			t.Errorf("hand %d: layoffs %+v, want %q", i+1, h.Spread.Layoffs, want.layoff)
		}
	}
	if f := g.file(); !strings.Contains(f, "knocker: 2c 3c 4c Kc 5d Kd 7h 8h 9h Ks\n") {
		t.Errorf("the sheet does not keep the cards:\n%s", f)
	}
}

func TestSheetErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules string
		hands [][]string // played before the command
		args  []string
		err   string // stderr after "gin: "; PATH is the sheet
	}{
		{"new without players over an open game", "classic", [][]string{drawArgs()}, []string{"sheet", "new"},
			"PATH: the game on this sheet is not finished; finish it (gin sheet close ends it now), or start over with --force (a copy is kept as .bak), or use --sheet FILE for another"},
		{"new over a sheet", "classic", [][]string{drawArgs()}, []string{"sheet", "new", "--players", "Cy,Di"},
			"PATH: the game on this sheet is not finished; finish it (gin sheet close ends it now), or start over with --force (a copy is kept as .bak), or use --sheet FILE for another"},
		{"new with one player", "", nil, []string{"sheet", "new", "--players", "Ann"},
			"--players: a sheet has two players, this one has 1"},
		{"new with a dealer not playing", "", nil, []string{"sheet", "new", "--players", "Ann,Bob", "--dealer", "Cy"},
			`--dealer: "Cy" is not a player on this sheet (Ann, Bob)`},
		{"new with two players of one name", "", nil, []string{"sheet", "new", "--players", "Ann,ann"},
			`--players: both players are called "Ann"`},
		{"new with unknown rules", "", nil, []string{"sheet", "new", "--players", "Ann,Bob", "--rules", "bridge"},
			`--rules: unknown rules preset "bridge" (want one of classic, modern, scorepad, oklahoma, hollywood), or a YAML rules file`},
		{"add to no sheet", "", nil, []string{"sheet", "add", "--draw"},
			"PATH: no score sheet here; start one with 'gin sheet new --players NAME,NAME'"},
		{"add nothing", "classic", nil, []string{"sheet", "add"},
			"sheet add: say how the hand ended: --knock N, --gin, --big-gin, --knocker CARDS, --draw, or --winner NAME (see gin sheet add --help)"},
		{"add two forms", "classic", nil, []string{"sheet", "add", "--by", "a", "--gin", "--draw", "--deadwood", "3"},
			"--gin and --draw: a hand ends one way; give one of them"},
		{"add no deadwood", "classic", nil, []string{"sheet", "add", "--by", "a", "--knock", "2"},
			"--knock: give the defender's deadwood too: --deadwood N"},
		{"add no knocker", "classic", nil, []string{"sheet", "add", "--knock", "2", "--deadwood", "30"},
			"--knock: say who knocked: --by NAME"},
		{"add a draw by someone", "classic", nil, []string{"sheet", "add", "--draw", "--by", "a"},
			"--draw: a drawn hand has no knocker; leave out --by"},
		{"add a winner without points", "classic", nil, []string{"sheet", "add", "--winner", "a"},
			"--winner NAME and --points N go together: who scored, and how much"},
		{"add a winner and a knock", "classic", nil, []string{"sheet", "add", "--winner", "a", "--points", "5", "--knock", "3"},
			"--winner and --knock: a hand is scored by hand or played out, not both"},
		{"add an empty upcard", "oklahoma", nil, append([]string{"sheet", "add", "--upcard", " "}, knockArgs("a", 3, 20)...),
			`--upcard "": empty`},
		{"add an empty --by", "classic", nil, []string{"sheet", "add", "--by", "", "--knock", "3", "--deadwood", "20"},
			"--by: the name is empty"},
		{"add a draw with an empty --by", "classic", nil, []string{"sheet", "add", "--draw", "--by", " "},
			"--by: the name is empty"},
		{"add an empty --winner", "classic", nil, []string{"sheet", "add", "--winner", "", "--points", "5"},
			"--winner: the name is empty"},
		{"add no knocker's cards", "classic", nil, []string{"sheet", "add", "--by", "a", "--knocker", "", "--defender", "Qh Qs Jd Td 9c 8c 7c 6s 5s 4s"},
			"give both hands: --knocker CARDS --defender CARDS"},
		{"add one hand of cards", "classic", nil, []string{"sheet", "add", "--by", "a", "--knocker", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d"},
			"give both hands: --knocker CARDS --defender CARDS"},
		{"add an upcard classic does not use", "classic", nil, append([]string{"sheet", "add", "--upcard", "5s"}, knockArgs("a", 3, 20)...),
			"--upcard: no upcard needed: the classic rules of this sheet do not use the upcard"},

		{"add over the knock limit", "classic", nil, append([]string{"sheet", "add"}, knockArgs("a", 11, 20)...),
			"knock with 11 is over the knock limit of 10"},
		{"add by a stranger", "classic", nil, append([]string{"sheet", "add"}, knockArgs("carl", 5, 20)...),
			`"carl" is not a player on this sheet (Ann, Bob)`},
		{"add without the upcard", "oklahoma", nil, append([]string{"sheet", "add"}, knockArgs("a", 3, 20)...),
			"the rules of this sheet need the upcard: give --upcard CARD"},
		{"add a bad card", "classic", nil, []string{"sheet", "add", "--by", "a", "--knocker", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5x", "--defender", "Qh Qs Jd Td 9c 8c 7c 6s 5s 4s"},
			`knocker: card 10 "5x": unknown suit "x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"add after the end", "classic", gv1Args, []string{"sheet", "add", "--draw"},
			"the game is over (Ann won 260–55); start the next game with the same players and rules: gin sheet new --sheet PATH (this one is kept under a dated name)"},
		{"undo on no hands", "classic", nil, []string{"sheet", "undo"},
			"nothing to undo: the sheet has no hands"},
		{"close on no hands", "classic", nil, []string{"sheet", "close"},
			"cannot close the game: the score is tied at 0–0 (a closed game goes to the leader)"},
		{"close level", "classic", [][]string{{"--winner", "a", "--points", "20"}, {"--winner", "b", "--points", "20"}}, []string{"sheet", "close"},
			"cannot close the game: the score is tied at 20–20 (a closed game goes to the leader)"},
		{"an argument", "classic", nil, []string{"sheet", "show", "Ann"},
			`sheet show: unexpected argument "Ann" (see gin sheet show --help)`},
		{"the sheet as an argument", "classic", nil, []string{"sheet", "show", "other game.yaml"},
			`sheet show: unexpected argument "other game.yaml" (to name the sheet, give --sheet 'other game.yaml')`},
		{"a .yml file as an argument", "classic", nil, []string{"sheet", "undo", "old.yml"},
			`sheet undo: unexpected argument "old.yml" (to name the sheet, give --sheet old.yml)`},
		{"the players not as one list", "", nil, []string{"sheet", "new", "--players", "Ann", "Alex"},
			`sheet new: unexpected argument "Alex" (the players are one list: --players Ann,Alex)`},
		{"a space after the comma", "", nil, []string{"sheet", "new", "--players", "Ann,", "Alex"},
			`sheet new: unexpected argument "Alex" (the players are one list: --players Ann,Alex)`},
		{"a third player", "", nil, []string{"sheet", "new", "--players", "Ann,Bob", "Alex"},
			`sheet new: unexpected argument "Alex" (see gin sheet new --help)`},
		{"a bad colour", "classic", nil, []string{"sheet", "show", "--color", "red"},
			`--color "red": want auto, always or never`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g *sheetGame
			if tt.rules != "" {
				g = newSheetGame(t, tt.rules)
				for _, h := range tt.hands {
					g.add(h)
				}
			} else {
				g = &sheetGame{t, filepath.Join(t.TempDir(), sheets.DefaultPath)}
			}
			var before []byte
			if tt.rules != "" {
				before = []byte(g.file())
			}
			r := g.run(tt.args...)
			want := "gin: " + strings.NewReplacer("PATH", g.path).Replace(tt.err) + "\n"
			if r.code != ExitError || r.stdout != "" || r.stderr != want {
				t.Errorf("gin %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), r.code, r.stdout, r.stderr, want)
			}
			after, err := os.ReadFile(g.path)
			if tt.rules == "" && err == nil {
				t.Errorf("a refused command wrote a sheet")
			}
			if tt.rules != "" && string(after) != string(before) {
				t.Errorf("a refused command changed the sheet")
			}
		})
	}
}

// gin sheet alone opens the score pad, as a score-keeping app opens on the
// game; --help stays the help, and with no sheet it says how to start one.
//
// It runs alone, not in parallel, in its folder (t.Chdir): it sets
// $GIN_SHEET and $GIN_TODAY (t.Setenv), which the process shares.
func TestSheetAlone(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GIN_SHEET", "")
	r := run(t, "", "sheet")
	wantErr := "No score sheet here (gin-sheet.yaml). Start one with:\n  gin sheet new --players NAME,NAME\n" +
		"The sheet commands: new, add, edit, show, undo, close, list, export (gin sheet --help says more).\n"
	if r.code != ExitError || r.stdout != "" || r.stderr != wantErr {
		t.Errorf("gin sheet with no sheet: exit %d, stdout %q, stderr\n%s\nwant exit 2 and\n%s", r.code, r.stdout, r.stderr, wantErr)
	}
	r = run(t, "", "sheet", "--help")
	if r.code != ExitOK || !strings.Contains(r.stdout, "COMMANDS:\n   new ") || r.stderr != "" {
		t.Errorf("gin sheet --help: exit %d, stderr %q, stdout\n%s; want the help", r.code, r.stderr, r.stdout)
	}

	// Ann deals hand 1 and knocks with 5 against 20: Ann 15. Bob deals
	// hand 2 and goes gin against 23: Bob 20 + 23 = 43. Ann deals next
	// (classic: the deal alternates); a box each.
	t.Setenv("GIN_TODAY", "2026-11-20")
	for _, args := range [][]string{{"new", "--players", "Ann,Bob"}, knockArgs("Ann", 5, 20), ginArgs("Bob", 23)} {
		if args[0] != "new" {
			args = append([]string{"add"}, args...)
		}
		if r := run(t, "", append([]string{"sheet"}, args...)...); r.code != ExitOK {
			t.Fatalf("gin sheet %s: %s", strings.Join(args, " "), r.stderr)
		}
	}
	r = run(t, "", "sheet")
	for _, want := range []string{
		"Sheet:      gin-sheet.yaml, Ann and Bob, started 2026-11-20\n",
		"Rules:      classic, game to 100\n",
		"1  Ann     Ann knocks with 5, Bob has 20  Ann 15   15    0\n",
		"2  Bob     Bob goes gin, Ann has 23       Bob 43   15   43\n",
		"Score:      Ann 15 (1 box), Bob 43 (1 box)\nNext deal:  Ann\n",
		"Next hand:  gin sheet add --by NAME --knock N --deadwood N\n",
	} {
		if r.code != ExitOK || r.stderr != "" || !strings.Contains(r.stdout, want) {
			t.Errorf("gin sheet: exit %d, stderr %q, stdout\n%s\nwant it to hold %q", r.code, r.stderr, r.stdout, want)
		}
	}
	if j := run(t, "", "sheet", "--json"); j.code != ExitOK || decodeScore(t, j.stdout).NextDealer != "Ann" {
		t.Errorf("gin sheet --json: exit %d, %s", j.code, j.stdout)
	}
	// Named with --sheet, the pad names it in the next command; a game
	// over offers the next game.
	if err := os.Rename(sheets.DefaultPath, "friday.yaml"); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "", "sheet", "close", "--sheet", "friday.yaml"); r.code != ExitOK {
		t.Fatal(r.stderr)
	}
	r = run(t, "", "sheet", "--sheet", "friday.yaml")
	if want := "Next game:  gin sheet new --sheet friday.yaml (this one is kept)\n"; r.code != ExitOK || !strings.HasSuffix(r.stdout, want) {
		t.Errorf("gin sheet --sheet friday.yaml on a game over: exit %d, stderr %q, stdout\n%s\nwant it to end %q", r.code, r.stderr, r.stdout, want)
	}
	r = run(t, "", "sheet")
	wantErr = "No score sheet here (gin-sheet.yaml). Start one with:\n  gin sheet new --players NAME,NAME\n" +
		"This folder has 1 other sheet: gin sheet list lists it.\n" +
		"The sheet commands: new, add, edit, show, undo, close, list, export (gin sheet --help says more).\n"
	if r.code != ExitError || r.stderr != wantErr {
		t.Errorf("gin sheet beside another sheet: exit %d, stderr\n%s\nwant\n%s", r.code, r.stderr, wantErr)
	}
	// The pad's flags before a subcommand would be lost on it.
	r = run(t, "", "sheet", "--sheet", "friday.yaml", "show")
	if want := "gin: --sheet before show: it goes after the subcommand: gin sheet show --sheet friday.yaml\n"; r.code != ExitError || r.stderr != want {
		t.Errorf("gin sheet --sheet friday.yaml show: exit %d, stderr %q; want %q", r.code, r.stderr, want)
	}
	r = run(t, "", "sheet", "shwo")
	if want := "gin: unknown command \"sheet shwo\"; did you mean \"sheet show\"?\n"; r.code != ExitError || r.stderr != want {
		t.Errorf("gin sheet shwo: exit %d, stderr %q; want %q", r.code, r.stderr, want)
	}
}

func TestSheetBadFixtures(t *testing.T) {
	t.Parallel()
	bad, err := filepath.Glob(filepath.Join("..", "testdata", "sheets", "bad-*.yaml"))
	if err != nil || len(bad) == 0 {
		t.Fatalf("no malformed sheets: %v", err)
	}
	for _, fixture := range bad {
		t.Run(filepath.Base(fixture), func(t *testing.T) {
			data, err := os.ReadFile(fixture)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), filepath.Base(fixture))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			// The package's own tests check each message; here, that the
			// command line gives it as it is, with the file and the line.
			_, loadErr := sheets.Read(path)
			if loadErr == nil || !strings.HasPrefix(loadErr.Error(), path+":") {
				t.Fatalf("the fixture loads, or its error does not name it: %v", loadErr)
			}
			want := "gin: " + loadErr.Error() + "\n"
			for _, args := range [][]string{
				{"sheet", "show"}, {"sheet", "show", "--json"},
				{"sheet", "add", "--draw"}, {"sheet", "add", "--by", "a", "--knock", "3", "--deadwood", "20"},
				{"sheet", "undo"}, {"sheet", "close"},
			} {
				r := run(t, "", append(args, "--sheet", path)...)
				if r.code != ExitError || r.stdout != "" || r.stderr != want {
					t.Errorf("gin %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(args, " "), r.code, r.stdout, r.stderr, want)
				}
				if got, _ := os.ReadFile(path); string(got) != string(data) {
					t.Fatalf("gin %s changed the file", strings.Join(args, " "))
				}
			}
		})
	}
}

func TestSheetHandEdited(t *testing.T) {
	t.Parallel()
	// GV6 under classic three hands in, by hand: comments, "ann" for Ann,
	// the first hand's deadwood corrected and the sections after the hands
	// stale. Ann 30, Bob 20 + 20 = 40, Ann 35 more: 65–40.
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sheets", "good-hand-edited.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	g := &sheetGame{t, filepath.Join(t.TempDir(), "edited.yaml")}
	if err := os.WriteFile(g.path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if sc := g.show(); pair(sc.Totals) != [2]int{65, 40} || sc.NextDealer != "Bob" {
		t.Errorf("the edited sheet shows %v, next %s; want 65–40, Bob", pair(sc.Totals), sc.NextDealer)
	}
	if g.file() != string(data) {
		t.Error("show changed the sheet")
	}
	text := g.mustRun("sheet", "show").stdout
	if !strings.Contains(text, "Ann knocks with 1, Bob has 36") {
		t.Errorf("the hand by \"ann\" is not shown as Ann's:\n%s", text)
	}
	// Bob knocks with 4, Ann has 26: 22 more for Bob.
	g.mustRun(append([]string{"sheet", "add"}, knockArgs("b", 4, 26)...)...)
	saved := g.file()
	for _, want := range []string{
		"# Saturday at the club, GV6 of the scoring examples so far.\n",
		"  - Bob # visiting\n",
		"  # Bob had 32, not 22: corrected by hand after the game.\n",
		"  - by: ann\n    knock: 1\n    deadwood: 36\n  - by: Bob\n    knock: 4\n    deadwood: 26\n",
		"totals:\n  Ann: 65\n  Bob: 62\n",
		"boxes:\n  Ann: 2\n  Bob: 2\n",
		"next_dealer: Ann\n",
	} {
		if !strings.Contains(saved, want) {
			t.Errorf("the rewritten sheet lacks %q:\n%s", want, saved)
		}
	}
}

// It runs alone, not in parallel, in its folder (t.Chdir): it sets
// $GIN_SHEET (t.Setenv), which the process shares.
func TestSheetPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("GIN_SHEET", "")

	// No --sheet and no $GIN_SHEET: ./gin-sheet.yaml.
	run(t, "", "sheet", "new", "--players", "Ann,Bob")
	run(t, "", "sheet", "add", "--winner", "a", "--points", "10")

	// $GIN_SHEET names another; --sheet wins over it.
	t.Setenv("GIN_SHEET", "env.yaml")
	run(t, "", "sheet", "new", "--players", "Cy,Di")
	run(t, "", "sheet", "add", "--winner", "c", "--points", "20")
	run(t, "", "sheet", "new", "--players", "Ed,Flo", "--sheet", "flag.yaml")
	run(t, "", "sheet", "add", "--winner", "e", "--points", "30", "--sheet", "flag.yaml")

	for file, want := range map[string]string{
		sheets.DefaultPath: "totals:\n  Ann: 10\n  Bob: 0\n",
		"env.yaml":         "totals:\n  Cy: 20\n  Di: 0\n",
		"flag.yaml":        "totals:\n  Ed: 30\n  Flo: 0\n",
	} {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil || !strings.Contains(string(data), want) {
			t.Errorf("%s: %v\n%s\nwant %q", file, err, data, want)
		}
	}
	if r := run(t, "", "sheet", "undo"); r.code != ExitOK || !strings.Contains(r.stdout, "Cy scored 20") {
		t.Errorf("undo with $GIN_SHEET: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

func TestSheetPlayerPrefixes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, sheets.DefaultPath)
	run(t, "", "sheet", "new", "--players", "Ann,Anna", "--dealer", "anna", "--sheet", path)
	for _, tt := range []struct {
		args   []string
		scorer string
		err    string
	}{
		{knockArgs("ANN", 2, 12), "Ann", ""},
		{knockArgs("anN", 2, 12), "Ann", ""},
		{knockArgs("Anna", 2, 12), "Anna", ""},
		{knockArgs("anna", 2, 12), "Anna", ""},
		{[]string{"--winner", "ANNA", "--points", "5"}, "Anna", ""},
		{knockArgs("an", 2, 12), "", `gin: "an" could be Ann or Anna: type more of the name` + "\n"},
		{knockArgs("b", 2, 12), "", `gin: "b" is not a player on this sheet (Ann, Anna)` + "\n"},
	} {
		r := run(t, "", append(append([]string{"sheet", "add", "--json"}, tt.args...), "--sheet", path)...)
		if tt.err != "" {
			if r.code != ExitError || r.stderr != tt.err {
				t.Errorf("%v: exit %d %q, want %q", tt.args, r.code, r.stderr, tt.err)
			}
			continue
		}
		sc := decodeScore(t, r.stdout)
		if h := sc.Hands[len(sc.Hands)-1]; h.Scorer != tt.scorer {
			t.Errorf("%v: the hand went to %s, want %s", tt.args, h.Scorer, tt.scorer)
		}
	}
	sc := decodeScore(t, run(t, "", "sheet", "show", "--json", "--sheet", path).stdout)
	if sc.Dealer != "Anna" || sc.Hands[0].By != "Ann" || sc.Hands[2].By != "Anna" {
		t.Errorf("names not spelled out: dealer %s, by %s and %s", sc.Dealer, sc.Hands[0].By, sc.Hands[2].By)
	}
}

func TestSheetJSONOnEveryCommand(t *testing.T) {
	t.Parallel()
	// Each command that changes the sheet prints, with --json, the object
	// that 'gin sheet show --json' prints afterwards.
	g := newSheetGame(t, "classic")
	steps := [][]string{
		{"sheet", "new", "--players", "Ann,Bob", "--force"},
		append([]string{"sheet", "add"}, knockArgs("a", 2, 32)...),
		append([]string{"sheet", "add"}, ginArgs("b", 15)...),
		append([]string{"sheet", "edit", "1"}, knockArgs("a", 3, 32)...),
		{"sheet"},
		{"sheet", "undo"},
		{"sheet", "close"},
		{"sheet", "close"},
		{"sheet", "undo"},
	}
	for _, args := range steps {
		r := g.run(append(args, "--json")...)
		// --force over a sheet says on stderr what became of the old one.
		if r.code != ExitOK || r.stderr != "" && !strings.HasPrefix(r.stderr, "The sheet that was there is kept as ") && r.stderr != "The sheet that was there had no hands: it was replaced.\n" {
			t.Fatalf("gin %s --json: exit %d: %s", strings.Join(args, " "), r.code, r.stderr)
		}
		got := r.stdout
		want := g.mustRun("sheet", "show", "--json").stdout
		if got != want {
			t.Errorf("gin %s --json:\n%s\nshow --json afterwards:\n%s", strings.Join(args, " "), got, want)
		}
		decodeScore(t, got)
	}
	sc := g.show()
	if len(sc.Hands) != 1 || sc.Result != nil {
		t.Errorf("after the steps: %d hands, result %+v; want one hand and the game open", len(sc.Hands), sc.Result)
	}
}

func TestSheetUndoAndClose(t *testing.T) {
	t.Parallel()
	g := newSheetGame(t, "classic")
	for _, h := range gv4Args {
		g.add(h)
	}
	// Under classic GV4 leaves the game open at 57–45; close ends it.
	first := g.mustRun("sheet", "close")
	again := g.mustRun("sheet", "close")
	if !strings.HasPrefix(again.stdout, "The game was over already.\n") ||
		strings.TrimPrefix(again.stdout, "The game was over already.\n") != first.stdout {
		t.Errorf("closing again prints:\n%s\nwant the note and then:\n%s", again.stdout, first.stdout)
	}
	if r := g.add(drawArgs()); r.code != ExitError || !strings.Contains(r.stderr, "the game is over (Ann won 297–145); start the next game with the same players and rules: gin sheet new --sheet ") {
		t.Errorf("an add after the close: exit %d %q", r.code, r.stderr)
	}
	// Undo takes back the close, then the hands, one by one.
	if out := g.mustRun("sheet", "undo").stdout; !strings.HasPrefix(out, "Undone:     the close after hand 13\n            The game is open again.\n") {
		t.Errorf("undoing the close:\n%s", out)
	}
	if sc := g.show(); len(sc.Hands) != 13 || sc.Result != nil {
		t.Errorf("after undoing the close: %d hands, result %+v", len(sc.Hands), sc.Result)
	}
	if out := g.mustRun("sheet", "undo").stdout; !strings.HasPrefix(out, "Undone:     hand 13, Ann knocks with 6, Bob has 16\n            — Ann scored 10 (deadwood difference 10)\n") {
		t.Errorf("undoing a hand:\n%s", out)
	}
	if sc := g.show(); len(sc.Hands) != 12 || pair(sc.Totals) != [2]int{57 - 10, 45} {
		t.Errorf("after undoing hand 13: %d hands, totals %v", len(sc.Hands), pair(sc.Totals))
	}
}

func TestSheetEndedByAHandReopens(t *testing.T) {
	t.Parallel()
	g := newSheetGame(t, "classic")
	for _, h := range gv1Args {
		g.add(h)
	}
	out := g.mustRun("sheet", "undo").stdout
	if !strings.Contains(out, "The game is open again.\n") || !strings.HasSuffix(out, "Next deal:  Bob\n") {
		t.Errorf("undoing the last hand of GV1:\n%s", out)
	}
	if r := g.add(gv1Args[3]); r.code != ExitOK || !strings.Contains(r.stdout, "Game over:  Ann wins by 205 after hand 4\n") {
		t.Errorf("adding it again: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(g.file(), "\nresult:\n") {
		t.Errorf("the ended sheet has no result:\n%s", g.file())
	}
}

// It runs alone, not in parallel: it sets $NO_COLOR (t.Setenv), which the
// process shares.
func TestSheetColor(t *testing.T) {
	g := newSheetGame(t, "oklahoma")
	for _, h := range gv7Args {
		g.add(h)
	}
	const red, green, bold = "\x1b[31m", "\x1b[32m", "\x1b[1m"
	plain := g.mustRun("sheet", "show").stdout
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("colour without a terminal:\n%s", plain)
	}
	colored := g.mustRun("sheet", "show", "--color", "always").stdout
	for _, want := range []string{red + "8♥", green + "Ann wins by 122", bold + "dealer"} {
		if !strings.Contains(colored, want) {
			t.Errorf("--color always lacks %q:\n%s", want, colored)
		}
	}
	t.Setenv("NO_COLOR", "1")
	if r := g.mustRun("sheet", "show", "--color", "always"); r.stdout != colored {
		t.Error("--color always does not override NO_COLOR")
	}
	if strings.Contains(g.mustRun("sheet", "show", "--plain").stdout, "♥") {
		t.Error("--plain prints suit symbols")
	}
}

// TestSheetGolden plays whole sessions in a folder of their own, so that
// the sheet is ./gin-sheet.yaml, and compares what each command prints
// with the files in testdata/golden.
func TestSheetGolden(t *testing.T) {
	parallelAbove(t)
	add := func(hand []string) []string { return append([]string{"sheet", "add"}, hand...) }
	session := func(rules string, hands [][]string, after ...[]string) [][]string {
		s := [][]string{{"sheet", "new", "--players", "Ann,Bob", "--rules", rules}}
		for _, h := range hands {
			s = append(s, add(h))
		}
		return append(s, after...)
	}
	tests := []struct {
		name     string
		commands [][]string
	}{
		{"sheet-classic", append(session("classic", gv1Args[:1], []string{"sheet", "show", "--json"}), append(
			[][]string{add(gv1Args[1]), add(gv1Args[2]), add(gv1Args[3])},
			add(drawArgs()),
			[]string{"sheet", "show"},
			[]string{"sheet", "undo"},
			[]string{"sheet", "close"},
			[]string{"sheet", "close"},
			[]string{"sheet", "undo"},
			[]string{"sheet", "show"},
		)...)},
		{"sheet-cards", session("classic", [][]string{
			{"--by", "a", "--knocker", "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d", "--defender", "Qh Qs Jd Td 9c 8c 7c 6s 5s 4s"},
			{"--by", "b", "--knocker", "As 2s 3s 7s 8s 9s 5h 5c 5d 2h Qd", "--defender", "Ts 4d 6c Kh Kc Kd 7d 8d 9d Jh", "--plain"},
			{"--by", "a", "--big-gin", "--deadwood", "15"},
			{"--winner", "b", "--points", "12"},
		}, []string{"sheet", "undo"}, []string{"sheet", "show"})},
		{"sheet-scorepad", session("scorepad", gv4Args, []string{"sheet", "show"})},
		{"sheet-oklahoma", session("oklahoma", gv7Args, []string{"sheet", "show"})},
		{"sheet-hollywood", session("hollywood", hollywoodArgs[:5], append(
			[][]string{{"sheet", "show"}, {"sheet", "close"}, {"sheet", "undo"}},
			append(mapSlice(hollywoodArgs[5:], add), []string{"sheet", "show"})...)...)},
	}
	golden, err := filepath.Abs(filepath.Join("..", "testdata", "golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			parallelIn(t, t.TempDir())
			var got strings.Builder
			for _, args := range tt.commands {
				r := run(t, "", args...)
				got.WriteString("$ gin " + shellLine(args) + "\n" + r.stdout)
				if r.stderr != "" {
					got.WriteString("--- stderr\n" + r.stderr)
				}
				got.WriteString("--- exit status " + strconv.Itoa(r.code) + "\n")
			}
			compareGolden(t, filepath.Join(golden, tt.name+".txt"), got.String())
		})
	}
}

func mapSlice[T, U any](s []T, f func(T) U) []U {
	out := make([]U, len(s))
	for i, v := range s {
		out[i] = f(v)
	}
	return out
}

// shellLine writes args as a shell would take them, quoting those with spaces.
func shellLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if strings.ContainsAny(a, " \t'\"$") {
			quoted[i] = `"` + a + `"`
		}
	}
	return strings.Join(quoted, " ")
}

// An empty --sheet is most likely a variable that was not set: refused, so
// that a hand cannot go to another sheet than meant.
func TestEmptySheetFlag(t *testing.T) {
	parallelIn(t, t.TempDir())
	for _, sub := range []string{"new", "add", "show", "undo", "close"} {
		r := run(t, "", "sheet", sub, "--sheet", "")
		if r.code != ExitError || r.stderr != "gin: --sheet: the file name is empty\n" {
			t.Errorf("gin sheet %s --sheet \"\": exit %d, stderr %q", sub, r.code, r.stderr)
		}
	}
	if _, err := os.Stat(sheets.DefaultPath); err == nil {
		t.Error("a sheet was written to the default file")
	}
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--dealer", ""); r.code != ExitError || r.stderr != "gin: --dealer: the name is empty\n" {
		t.Errorf("gin sheet new --dealer \"\": exit %d, stderr %q", r.code, r.stderr)
	}
}

// An empty file name given for a hand record or a sheet to read is refused
// as one, as an empty --sheet is, not looked for as a file called "".
func TestEmptyFileNames(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"sheet", "add", "--hand", ""}, "gin: --hand: the file name is empty\n"},
		{[]string{"sheet", "edit", "1", "--hand", ""}, "gin: --hand: the file name is empty\n"},
		{[]string{"review", ""}, "gin: review: a file name is empty: give the hand records to review, files or folders\n"},
		{[]string{"review", "gin-sheet.yaml", ""}, "gin: review: a file name is empty: give the hand records to review, files or folders\n"},
		{[]string{"stats", ""}, "gin: stats: a file name is empty: give the files of score sheets\n"},
		{[]string{"stats", "gin-sheet.yaml", ""}, "gin: stats: a file name is empty: give the files of score sheets\n"},
	} {
		if r := run(t, "", tt.args...); r.code != ExitError || r.stderr != tt.want || r.stdout != "" {
			t.Errorf("gin %q: exit %d, stdout %q, stderr %q, want %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// A big gin given as cards is told as a big gin even where the rules score it
// as gin, as one given with --big-gin is.
func TestSheetBigGinFromCards(t *testing.T) {
	t.Parallel()
	g := newSheetGame(t, "classic")
	// Ann melds all eleven: 7-8-9-10♥, the kings, 2-3-4-5♣. Bob melds 5-6-7♦
	// and keeps J♥ Q♥ Q♠ 2♦ 9♠ 4♥ A♣ = 10+10+10+2+9+4+1 = 46. Classic has no
	// big-gin bonus: gin 20 + 46 = 66.
	r := g.run("sheet", "add", "--by", "a", "--knocker", "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", "--defender", "5d 6d 7d Qh Jh Qs 2d 9s 4h Ac")
	if want := "Hand 1:     Ann goes big gin, Bob has 46 — Ann scores 66 (gin bonus for a big\n            gin 20 + defender's deadwood 46)\n"; r.code != 0 || !strings.HasPrefix(r.stdout, want) {
		t.Errorf("exit %d, output\n%s%s; want it to start\n%s", r.code, r.stdout, r.stderr, want)
	}
}
