package commands

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// scored is gin score --json, decoded.
type scored struct {
	Scorer           string    `json:"scorer"`
	Points           int       `json:"points"`
	Kind             string    `json:"kind"`
	Breakdown        []item    `json:"breakdown"`
	KnockerDeadwood  *int      `json:"knocker_deadwood"`
	DefenderDeadwood *int      `json:"defender_deadwood"`
	Knocker          *laidDown `json:"knocker"`
	Defender         *laidOff  `json:"defender"` // the fields of the defender's reply
}

// item is one line of a breakdown.
type item struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
}

// scoreOne runs gin score --json and decodes the object.
func scoreOne(t *testing.T, args string) scored {
	t.Helper()
	r := run(t, "", append([]string{"score", "--json"}, shellFields(args)...)...)
	if r.code != ExitOK || r.stderr != "" {
		t.Fatalf("gin score %s: exit %d, stderr %q", args, r.code, r.stderr)
	}
	var s scored
	decodeStrict(t, r.stdout, &s)
	return s
}

// result writes a score as scoring-examples.md does: "K+15", "D+29", or
// "no score".
func (s scored) result() string {
	switch s.Scorer {
	case "knocker":
		return fmt.Sprintf("K+%d", s.Points)
	case "defender":
		return fmt.Sprintf("D+%d", s.Points)
	}
	return "no score"
}

// TestScoreSingleHands plays the single hands of scoring-examples.md, H1 to
// H12 under classic, modern and scorepad, O1 to O9 under oklahoma.
func TestScoreSingleHands(t *testing.T) {
	t.Parallel()
	const overLimit = "knock with 11 is over the knock limit of 10"
	tests := []struct {
		id, args string
		want     map[string]string // by preset: a result, or the error
	}{
		{"H1", "--knock 5 --deadwood 20", map[string]string{"classic": "K+15", "modern": "K+15", "scorepad": "K+15"}},
		{"H2", "--knock 10 --deadwood 11", map[string]string{"classic": "K+1", "modern": "K+1", "scorepad": "K+1"}},
		{"H3", "--knock 7 --deadwood 3", map[string]string{"classic": "D+14", "modern": "D+29", "scorepad": "D+29"}},
		{"H4", "--knock 6 --deadwood 6", map[string]string{"classic": "D+10", "modern": "D+25", "scorepad": "K+0"}},
		{"H5", "--knock 4 --deadwood 0", map[string]string{"classic": "D+14", "modern": "D+29", "scorepad": "D+29"}},
		{"H6", "--gin --deadwood 23", map[string]string{"classic": "K+43", "modern": "K+48", "scorepad": "K+48"}},
		{"H7", "--gin --deadwood 0", map[string]string{"classic": "K+20", "modern": "K+25", "scorepad": "K+25"}},
		{"H8", "--big-gin --deadwood 15", map[string]string{"classic": "K+35", "modern": "K+46", "scorepad": "K+40"}},
		{"H9", "--big-gin --deadwood 0", map[string]string{"classic": "K+20", "modern": "K+31", "scorepad": "K+25"}},
		{"H10", "--knock 3 --deadwood 1", map[string]string{"classic": "D+12", "modern": "D+27", "scorepad": "D+27"}},
		{"H11", "--knock 11 --deadwood 20", map[string]string{"classic": overLimit, "modern": overLimit, "scorepad": overLimit}},
		{"H12", "--draw", map[string]string{"classic": "no score", "modern": "no score", "scorepad": "no score"}},
		{"O1", "--upcard 7h --knock 7 --deadwood 19", map[string]string{"oklahoma": "K+12"}},
		{"O2", "--upcard 7s --knock 5 --deadwood 19", map[string]string{"oklahoma": "K+28"}},
		{"O3", "--upcard Qs --gin --deadwood 12", map[string]string{"oklahoma": "K+74"}},
		{"O4", "--upcard 4d --knock 6 --deadwood 20", map[string]string{"oklahoma": "knock with 6 is over the knock limit of 4 set by the upcard 4d"}},
		{"O5", "--upcard Ac --knock 1 --deadwood 20", map[string]string{"oklahoma": "knock with 1 is over the knock limit of 0: an ace upcard allows gin only"}},
		{"O6", "--upcard Ac --gin --deadwood 30", map[string]string{"oklahoma": "K+55"}},
		{"O7", "--upcard As --gin --deadwood 9", map[string]string{"oklahoma": "K+68"}},
		{"O8", "--upcard 9s --knock 8 --deadwood 5", map[string]string{"oklahoma": "D+56"}},
		{"O9", "--upcard Td --knock 10 --deadwood 10", map[string]string{"oklahoma": "D+25"}},
	}
	for _, tt := range tests {
		for rules, want := range tt.want {
			args := tt.args + " --rules " + rules
			r := run(t, "", append([]string{"score", "--json"}, shellFields(args)...)...)
			if !strings.HasPrefix(want, "K+") && !strings.HasPrefix(want, "D+") && want != "no score" {
				if r.stdout != "" || r.stderr != "gin: "+want+"\n" || r.code != ExitError {
					t.Errorf("%s %s: stdout %q stderr %q exit %d; want error %q, exit 2", tt.id, args, r.stdout, r.stderr, r.code, want)
				}
				continue
			}
			var s scored
			decodeStrict(t, r.stdout, &s)
			sum := 0
			for _, it := range s.Breakdown {
				sum += it.Points
			}
			if got := s.result(); got != want || r.code != ExitOK || sum != s.Points {
				t.Errorf("%s %s: %s (breakdown %v), exit %d; want %s", tt.id, args, got, s.Breakdown, r.code, want)
			}
		}
	}
}

func TestScoreBreakdown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args string
		want scored
	}{
		{"H1: the difference", "--knock 5 --deadwood 20", scored{
			Scorer: "knocker", Points: 15, Kind: "knock", // 20 − 5
			Breakdown:       []item{{"deadwood difference", 15}},
			KnockerDeadwood: ptr(5), DefenderDeadwood: ptr(20),
		}},
		{"H3 modern: an undercut", "--knock 7 --deadwood 3 --rules modern", scored{
			Scorer: "defender", Points: 29, Kind: "undercut", // 25 + (7 − 3)
			Breakdown:       []item{{"undercut bonus", 25}, {"deadwood difference", 4}},
			KnockerDeadwood: ptr(7), DefenderDeadwood: ptr(3),
		}},
		{"H4 scorepad: a tie goes to the knocker", "--knock 6 --deadwood 6 --rules scorepad", scored{
			Scorer: "knocker", Points: 0, Kind: "knock",
			Breakdown:       []item{{"tie goes to the knocker", 0}},
			KnockerDeadwood: ptr(6), DefenderDeadwood: ptr(6),
		}},
		{"H8 classic: big gin scored as gin", "--big-gin --deadwood 15", scored{
			Scorer: "knocker", Points: 35, Kind: "gin", // 20 + 15
			Breakdown:       []item{{"gin bonus for a big gin", 20}, {"defender's deadwood", 15}},
			KnockerDeadwood: ptr(0), DefenderDeadwood: ptr(15),
		}},
		{"H8 modern: big gin", "--big-gin --deadwood 15 --rules modern", scored{
			Scorer: "knocker", Points: 46, Kind: "big_gin", // 31 + 15
			Breakdown:       []item{{"big gin bonus", 31}, {"defender's deadwood", 15}},
			KnockerDeadwood: ptr(0), DefenderDeadwood: ptr(15),
		}},
		{"a knock with no deadwood is gin", "--knock 0 --deadwood 7", scored{
			Scorer: "knocker", Points: 27, Kind: "gin", // 20 + 7
			Breakdown:       []item{{"gin bonus", 20}, {"defender's deadwood", 7}},
			KnockerDeadwood: ptr(0), DefenderDeadwood: ptr(7),
		}},
		{"O3: gin doubled by a spade, bonus included", "--gin --deadwood 12 --rules oklahoma --upcard Qs", scored{
			Scorer: "knocker", Points: 74, Kind: "gin", // (25 + 12) × 2
			Breakdown:       []item{{"gin bonus", 25}, {"defender's deadwood", 12}, {"spade upcard doubles", 37}},
			KnockerDeadwood: ptr(0), DefenderDeadwood: ptr(12),
		}},
		{"H12: a drawn hand", "--draw", scored{Scorer: "nobody", Points: 0, Kind: "draw", Breakdown: []item{}}},
	}
	for _, tt := range tests {
		if got := scoreOne(t, tt.args); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: gin score %s\n%+v, want\n%+v", tt.name, tt.args, got, tt.want)
		}
	}
}

func TestScoreRuleFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args string
		want string
	}{
		{"--knock 6 --deadwood 6 --tie-is-undercut=false", "K+0"},
		{"--knock 6 --deadwood 6 --rules scorepad --tie-is-undercut", "D+25"},           // 25 + 0
		{"--knock 7 --deadwood 3 --undercut-bonus 0", "D+4"},                            // 0 + (7 − 3)
		{"--gin --deadwood 10 --gin-bonus 50", "K+60"},                                  // 50 + 10
		{"--big-gin --deadwood 0 --big-gin-bonus 40", "K+40"},                           // classic has none; now 40
		{"--big-gin --deadwood 5 --rules modern --big-gin-bonus 0", "K+30"},             // scored as gin: 25 + 5
		{"--knock 8 --deadwood 20 --knock-limit 8", "K+12"},                             // 20 − 8, at the limit
		{"--knock 9 --deadwood 5 --rules oklahoma --knock-limit 9 --upcard 9s", "D+58"}, // (25 + 4) × 2
		{"--knock 7 --deadwood 19 --upcard-limit --upcard 7h", "K+12"},                  // classic, limit 7
		{"--knock 5 --deadwood 19 --spade-doubles --upcard 7s", "K+28"},                 // 14 × 2
		{"--knock 5 --deadwood 19 --rules oklahoma --spade-doubles=false --upcard 7s", "K+14"},
		{"--gin --deadwood 5 --rules oklahoma --upcard-limit=false --spade-doubles=false", "K+30"}, // no upcard needed
	}
	for _, tt := range tests {
		if got := scoreOne(t, tt.args); got.result() != tt.want {
			t.Errorf("gin score %s: %s %+v, want %s", tt.args, got.result(), got.Breakdown, tt.want)
		}
	}
}

func TestScoreFromCards(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args string
		want string
		k, d int // the knocker's and the defender's deadwood
	}{
		// The knocker keeps 9♦ = 9. The defender melds 5♣ 6♣ 7♣ and lays off
		// A♣, 10♥ and J♥: 2♦ 4♥ 9♠ Q♠ = 25 left. 25 − 9 = 16.
		{"a knock", `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"`, "K+16", 9, 25},
		// The same after throwing the Q♦ from eleven.
		{"eleven cards", `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"`, "K+16", 9, 25},
		// Oklahoma, nine of spades: the limit is 9, and the 16 is doubled.
		{"oklahoma", `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac" --rules oklahoma --upcard 9s`, "K+32", 9, 25},
		// H5 from the cards: the knocker keeps 4♦ = 4; the defender's 6♥ is
		// its only deadwood until it goes under 7♥ 8♥ 9♥. 10 + (4 − 0) = 14.
		{"an undercut by laying off", `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 4d" --defender "6h Th Jh Qh 5c 6c 7c As 2s 3s"`, "D+14", 4, 0},
		// Gin: nothing is laid off, though 6♣ would go on 2♣–5♣. The defender
		// keeps A♣ 2♦ 4♥ 10♥ J♥ 9♠ Q♠ = 46: 20 + 46 = 66.
		{"gin", `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 5c" --defender "6c 7c 8c Th Jh Qs 2d 9s 4h Ac"`, "K+66", 0, 46},
		// Big gin under modern: 31 + 46.
		{"big gin", `--knocker "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c" --defender "5d 6d 7d Qh Jh Qs 2d 9s 4h Ac" --rules modern`, "K+77", 0, 46},
	}
	for _, tt := range tests {
		s := scoreOne(t, tt.args)
		if s.result() != tt.want || !equalPtr(s.KnockerDeadwood, &tt.k) || !equalPtr(s.DefenderDeadwood, &tt.d) {
			t.Errorf("%s: %s with K%d D%d, want %s with K%d D%d", tt.name, s.result(), *s.KnockerDeadwood, *s.DefenderDeadwood, tt.want, tt.k, tt.d)
		}
		if s.Knocker == nil || s.Defender == nil || s.Knocker.Deadwood != tt.k || s.Defender.Deadwood != tt.d {
			t.Errorf("%s: knocker %+v defender %+v, want deadwood %d and %d", tt.name, s.Knocker, s.Defender, tt.k, tt.d)
		}
	}

	// The whole object for the eleven cards: the knocker's side as it was
	// laid down, the defender's as gin layoff prints it.
	s := scoreOne(t, `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"`)
	knocker := &laidDown{
		Hand: fields("2c 3c 4c Kc 9d Qd Kd 7h 8h 9h Ks"), Discard: "Qd",
		Melds: meldList("Kc Kd Ks | 2c 3c 4c | 7h 8h 9h"), DeadwoodCards: fields("9d"), Deadwood: 9,
	}
	if !reflect.DeepEqual(s.Knocker, knocker) {
		t.Errorf("knocker %+v, want %+v", s.Knocker, knocker)
	}
	d := s.Defender
	if !reflect.DeepEqual(d.Hand, fields("Ac 5c 6c 7c 2d 4h Th Jh 9s Qs")) || !reflect.DeepEqual(d.Melds, meldList("5c 6c 7c")) ||
		!reflect.DeepEqual(d.Layoffs, layoffList("Ac>2c 3c 4c, Th>7h 8h 9h, Jh>7h 8h 9h")) ||
		!reflect.DeepEqual(d.DeadwoodCards, fields("2d 4h 9s Qs")) || d.DeadwoodWithoutLayoffs != 46 {
		t.Errorf("defender %+v", d)
	}
	if want := []item{{"deadwood difference", 16}}; s.Kind != "knock" || !reflect.DeepEqual(s.Breakdown, want) {
		t.Errorf("kind %s breakdown %v, want knock %v", s.Kind, s.Breakdown, want)
	}
}

func TestScoreErrors(t *testing.T) {
	t.Parallel()
	const (
		knocker  = `--knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"`
		defender = `--defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"`
	)
	// Oklahoma without its upcard rules: --rules oklahoma would not help.
	noUpcard := filepath.Join(t.TempDir(), "no-upcard.yaml")
	if err := os.WriteFile(noUpcard, []byte("preset: oklahoma\nknock_limit: 7\nspade_doubles: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ args, err string }{
		{"", "score: give the hand as numbers (--knock N, --gin or --big-gin with --deadwood N, or --draw) or as cards (--knocker CARDS --defender CARDS)"},
		{"--knock 5", "--knock: give the defender's deadwood too: --deadwood N"},
		{"--gin", "--gin: give the defender's deadwood too: --deadwood N"},
		{"--big-gin", "--big-gin: give the defender's deadwood too: --deadwood N"},
		{"--deadwood 20", "--deadwood: say how the hand ended too: --knock N, --gin or --big-gin"},
		{"--knock 5 --gin --deadwood 20", "--knock and --gin: a hand ends one way; give one of them"},
		{"--gin --big-gin --draw --deadwood 20", "--gin, --big-gin and --draw: a hand ends one way; give one of them"},
		{"--draw --deadwood 20", "--draw scores nothing: it does not go with --deadwood"},
		{"--knock 5 --deadwood 20 " + knocker, "--knock and --knocker: give the hand as numbers or as cards, not both"},
		{"--deadwood 20 " + defender, "--deadwood and --defender: give the hand as numbers or as cards, not both"},
		{knocker, "give both hands: --knocker CARDS --defender CARDS"},
		{defender, "give both hands: --knocker CARDS --defender CARDS"},
		{"7h 8h 9h", `score: unexpected "7h": the hand goes in flags (see gin score --help)`},
		{"--knock 5 --deadwood 20 7h", `score: unexpected "7h": the hand goes in flags (see gin score --help)`},
		{"--knock five --deadwood 20", `invalid value "five" for flag --knock: not a whole number (see gin score --help)`},
		{"--knock 5 --deadwood", "flag needs an argument: --deadwood (see gin score --help)"},
		{"--knock -1 --deadwood 20", "the knocker's deadwood -1: deadwood cannot be negative"},
		{"--knock 5 --deadwood -2", "the defender's deadwood -2: deadwood cannot be negative"},
		{"--gin --deadwood 99", "the defender's deadwood 99: ten cards hold at most 98 deadwood"},
		{"--knock 11 --deadwood 20", "knock with 11 is over the knock limit of 10"},
		{"--knock 6 --deadwood 20 --knock-limit 5", "knock with 6 is over the knock limit of 5"},
		{"--knock 5 --deadwood 20 --rules oklahoma", "the oklahoma rules need the upcard: give --upcard CARD"},
		{"--gin --deadwood 20 --rules oklahoma", "the oklahoma rules need the upcard: give --upcard CARD"},
		{"--knock 5 --deadwood 20 --upcard 7s", "--upcard: the classic rules do not use the upcard (try --rules oklahoma)"},
		{"--knock 5 --deadwood 20 --upcard 7s --rules " + noUpcard, "--upcard: the oklahoma rules with knock_limit 7, upcard_limit false, spade_doubles false do not use the upcard"},
		{"--knock 5 --deadwood 20 --rules oklahoma --upcard 7x", `--upcard "7x": unknown suit "x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"--knock 5 --deadwood 20 --rules nope", "--rules: " + loadRulesError(t, "nope")},
		{"--knock 5 --deadwood 20 --gin-bonus -5", "--gin-bonus -5: the gin bonus cannot be negative"},
		{"--knock 5 --deadwood 20 --knock-limit 5 --upcard-limit", "--knock-limit does nothing with --upcard-limit, as the upcard sets the limit: give one"},
		{"--knock 5 --deadwood 20 --target 250", "unknown flag --target (see gin score --help)"},
		{"--knock 5 --deadwood 20 --color sometimes", `--color "sometimes": want auto, always or never`},
		{`--knocker "7h 8h 1h" ` + defender, `--knocker: card 3 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{knocker + ` --defender "5c 5c"`, `--defender: card 2 "5c": duplicate of card 1`},
		{`--knocker 7h 8h ` + defender, `score: unexpected "8h": the hand goes in flags (see gin score --help)`},
		{`--knocker 7h ` + defender, `--knocker: 1 card, but a knocker holds ten, or eleven before the discard (quote the cards: --knocker "7h 8h 9h …")`},
		{knocker + ` --defender "5c 6c 7c Th Jh Qs 2d 9s 4h"`, "--defender: 9 cards, but the defender holds ten"},
		{knocker + ` --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac 8c"`, "--defender: 11 cards, but the defender holds ten"},
		{knocker + ` --defender "5c 6c 7c Th Jh Qs 2d 9s 4h 9d"`, "card 9d: held by the knocker and the defender"},
		{`--knocker "2c 5d 8h Js Qd Kc 3h 6s 9c Td" --defender "Ac 2d 4s 5c 6d 7h 8s 9d Th Jc"`, "knock with 73 is over the knock limit of 10"},
		{knocker + " " + defender + " --rules oklahoma", "the oklahoma rules need the upcard: give --upcard CARD"},
		{knocker + " " + defender + " --rules oklahoma --upcard 8s", "knock with 9 is over the knock limit of 8 set by the upcard 8s"},
	}
	for _, tt := range tests {
		r := run(t, "", append([]string{"score"}, shellFields(tt.args)...)...)
		if r.stdout != "" || r.stderr != "gin: "+tt.err+"\n" || r.code != ExitError {
			t.Errorf("gin score %s:\nstdout %q\nstderr %q\nexit %d\nwant stderr %q, exit 2", tt.args, r.stdout, r.stderr, r.code, "gin: "+tt.err+"\n")
		}
	}
}

// It runs alone, not in parallel: it sets $NO_COLOR (t.Setenv), which the
// process shares.
func TestScoreColor(t *testing.T) {
	const bold, red = "\x1b[1m", "\x1b[31m"
	t.Setenv("NO_COLOR", "1")
	args := []string{"score", "--knocker", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "--defender", "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"}
	r := run(t, "", append(args, "--color", "always")...)
	if !strings.Contains(r.stdout, bold+"Knock: the knocker scores 16.") || !strings.Contains(r.stdout, red+"9♦") {
		t.Errorf("--color always: %q, want a bold headline and red diamonds", r.stdout)
	}
	for _, mode := range []string{"auto", "never"} {
		if r := run(t, "", append(args, "--color", mode)...); strings.Contains(r.stdout, "\x1b[") {
			t.Errorf("--color %s: %q, want no colour", mode, r.stdout)
		}
	}
}

// Under rules without big gin a hand recorded as big gin is refused, by gin
// score (whose --big-gin is the hand's ending, not the rule) and by a sheet,
// which is left as it was.
func TestBigGinRefusedWhereNotPlayed(t *testing.T) {
	parallelIn(t, t.TempDir())
	if err := os.WriteFile("no-big-gin.yaml", []byte("preset: modern\nbig_gin: false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "gin: big gin is not played under these rules (big_gin: false)\n"
	if r := run(t, "", "score", "--rules", "no-big-gin.yaml", "--big-gin", "--deadwood", "4"); r.code != 2 || r.stderr != want || r.stdout != "" {
		t.Errorf("gin score --big-gin under big_gin: false: exit %d, %q %q; want exit 2, %q", r.code, r.stdout, r.stderr, want)
	}
	if r := run(t, "", "sheet", "new", "--players", "Ann,Bob", "--rules", "modern", "--big-gin=false"); r.code != 0 {
		t.Fatalf("sheet new --big-gin=false: %+v", r)
	}
	before, err := os.ReadFile("gin-sheet.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if r := run(t, "", "sheet", "add", "--by", "Ann", "--big-gin", "--deadwood", "10"); r.code != 2 || r.stderr != want {
		t.Errorf("sheet add --big-gin under big_gin: false: exit %d, %q; want exit 2, %q", r.code, r.stderr, want)
	}
	if after, _ := os.ReadFile("gin-sheet.yaml"); !bytes.Equal(before, after) {
		t.Errorf("the refused hand changed the sheet:\n%s", after)
	}
}
