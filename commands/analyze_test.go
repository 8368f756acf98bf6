package commands

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands/render"
)

// analyzed is one JSON object of gin analyze, decoded.
type analyzed struct {
	Line          int        `json:"line"`
	Hand          []string   `json:"hand"`
	Melds         [][]string `json:"melds"`
	DeadwoodCards []string   `json:"deadwood_cards"`
	Deadwood      int        `json:"deadwood"`
	KnockLimit    *int       `json:"knock_limit"`
	CanKnock      *bool      `json:"can_knock"`
	Gin           *bool      `json:"gin"`
	BigGin        *bool      `json:"big_gin"`
	BestDiscards  []string   `json:"best_discards"`
	Discards      []struct {
		Card     string `json:"card"`
		Deadwood int    `json:"deadwood"`
	} `json:"discards"`
	Outs *struct {
		Knock  []string `json:"knock"`
		Gin    []string `json:"gin"`
		Unseen int      `json:"unseen"`
	} `json:"outs"`
	Arrangements []struct {
		Discard       string     `json:"discard"`
		Melds         [][]string `json:"melds"`
		DeadwoodCards []string   `json:"deadwood_cards"`
	} `json:"arrangements"`
}

// decode reads JSON Lines strictly: every field must be known to analyzed.
func decode(t *testing.T, out string) []analyzed {
	t.Helper()
	var all []analyzed
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	for dec.More() {
		var a analyzed
		if err := dec.Decode(&a); err != nil {
			t.Fatalf("bad JSON %v in:\n%s", err, out)
		}
		all = append(all, a)
	}
	return all
}

// analyzeOne runs gin analyze --json on one hand and decodes the object.
func analyzeOne(t *testing.T, args ...string) analyzed {
	t.Helper()
	r := run(t, "", append([]string{"analyze", "--json"}, args...)...)
	if r.code != ExitOK || r.stderr != "" {
		t.Fatalf("gin analyze --json %q: exit %d, stderr %q", args, r.code, r.stderr)
	}
	all := decode(t, r.stdout)
	if len(all) != 1 {
		t.Fatalf("gin analyze --json %q printed %d objects, want 1", args, len(all))
	}
	return all[0]
}

// sameMelds compares lists of melds, each given as a string of cards, in any order.
func sameMelds(got [][]string, want []string) bool {
	var g, w []string
	for _, m := range got {
		g = append(g, strings.Join(m, " "))
	}
	for _, m := range want {
		w = append(w, strings.Join(fields(m), " "))
	}
	slices.Sort(g)
	slices.Sort(w)
	return slices.Equal(g, w)
}

func ptr[T any](v T) *T { return &v }

func equalPtr[T comparable](a, b *T) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

func TestAnalyzeJSONTenCards(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     string
		melds    []string
		dead     string
		deadwood int
		limit    int
		canKnock bool
		gin      bool
	}{
		{"knock with the nine", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 10, true, false},
		{"gin", "Th Jh Qh Kh As 2s 3s 5d 5c 5s",
			[]string{"5c 5d 5s", "Th Jh Qh Kh", "As 2s 3s"}, "", 0, 10, true, true},
		{"nothing melds", "2c 5d 8h Js Qd Kc 3h 6s 9c Td",
			nil, "2c 9c Kc 5d Td Qd 3h 8h 6s Js", 2 + 5 + 8 + 10 + 10 + 10 + 3 + 6 + 9 + 10, 10, false, false},
		{"the ace is low only", "Qh Kh Ah 2c 3c 4c 5c 7d 7s 7h",
			[]string{"2c 3c 4c 5c", "7d 7h 7s"}, "Ah Qh Kh", 1 + 10 + 10, 10, false, false},
		{"ten on the nose", "7h 8h 9h Ks Kd Kc 2c 3c 4c Td",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "Td", 10, 10, true, false},
		{"a lower knock limit", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --knock-limit 5",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 5, false, false},
		{"notation: tens, symbols, commas, case", "10♥,J♥,q♥ KH as 2♤ 3♠ 5d 5C 5s",
			[]string{"5c 5d 5s", "Th Jh Qh Kh", "As 2s 3s"}, "", 0, 10, true, true},
		{"cards in one argument", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 10, true, false},
		{"oklahoma: a five upcard limits the knock to 5", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --rules oklahoma --upcard 5h",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 5, false, false},
		{"oklahoma: a king upcard is worth 10", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --rules oklahoma --upcard Ks",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 10, true, false},
		{"oklahoma: an ace upcard allows gin only", "7h 8h 9h Ks Kd Kc 2c 3c 4c Ad --upcard ad --rules oklahoma",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "Ad", 1, 0, false, false},
		{"oklahoma with an explicit limit", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --rules oklahoma --knock-limit 9",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 9, true, false},
		{"modern rules keep the limit at 10", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --rules modern",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, 10, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := strings.Fields(tt.args)
			if tt.name == "cards in one argument" {
				args = []string{tt.args}
			}
			a := analyzeOne(t, args...)
			if !sameMelds(a.Melds, tt.melds) {
				t.Errorf("melds %v, want %v", a.Melds, tt.melds)
			}
			if !slices.Equal(sorted(a.DeadwoodCards), sorted(fields(tt.dead))) || a.Deadwood != tt.deadwood {
				t.Errorf("deadwood %v = %d, want %s = %d", a.DeadwoodCards, a.Deadwood, tt.dead, tt.deadwood)
			}
			if !equalPtr(a.KnockLimit, &tt.limit) || !equalPtr(a.CanKnock, &tt.canKnock) || !equalPtr(a.Gin, &tt.gin) {
				t.Errorf("limit %v can_knock %v gin %v, want %d %v %v", *a.KnockLimit, *a.CanKnock, *a.Gin, tt.limit, tt.canKnock, tt.gin)
			}
			if len(a.Hand) != 10 || a.BigGin != nil || a.Discards != nil || a.BestDiscards != nil || a.Line != 0 {
				t.Errorf("hand %v, big_gin %v, discards %v, best %v, line %d: want 10 cards and no 11-card fields",
					a.Hand, a.BigGin, a.Discards, a.BestDiscards, a.Line)
			}
		})
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

func TestAnalyzeJSONElevenCards(t *testing.T) {
	t.Parallel()
	type discard struct {
		card     string
		deadwood int
	}
	tests := []struct {
		name     string
		hand     string
		best     string
		melds    []string
		dead     string
		deadwood int
		canKnock bool
		gin      bool
		bigGin   bool
		first    []discard // the start of the ranking
	}{
		{"throw the queen, keep the nine", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd", "Qd",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "9d", 9, true, false, false,
			[]discard{{"Qd", 9}, {"9d", 10}, {"4c", 9 + 10 + 2 + 3}}},
		{"two queens tie, listed in card order", "7h 8h 9h Ks Kd Kc 2c 3c 4c Qs Qd", "Qd Qs",
			[]string{"Kc Kd Ks", "2c 3c 4c", "7h 8h 9h"}, "Qs", 10, true, false, false,
			[]discard{{"Qd", 10}, {"Qs", 10}}},
		{"gin after the discard", "7h 8h 9h Ks Kd Kc 2c 3c 4c 5c Qd", "Qd",
			[]string{"Kc Kd Ks", "2c 3c 4c 5c", "7h 8h 9h"}, "", 0, true, true, false,
			[]discard{{"Qd", 0}}},
		{"big gin: all eleven meld", "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", "2c 5c 7h Th",
			[]string{"Kc Kd Ks", "2c 3c 4c 5c", "7h 8h 9h Th"}, "", 0, true, true, true,
			[]discard{{"2c", 0}, {"5c", 0}, {"7h", 0}, {"Th", 0}}},
		{"cannot knock even after the best discard", "2c 5d 8h Js Qd Kc 3h 6s 9c Td 4h", "Kc Td Qd Js",
			nil, "2c 9c 5d Td Qd 3h 4h 8h 6s Js", 2 + 9 + 5 + 10 + 10 + 3 + 4 + 8 + 6 + 10, false, false, false,
			[]discard{{"Kc", 67}, {"Td", 67}, {"Qd", 67}, {"Js", 67}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := analyzeOne(t, strings.Fields(tt.hand)...)
			if !slices.Equal(a.BestDiscards, fields(tt.best)) {
				t.Errorf("best_discards %v, want %s", a.BestDiscards, tt.best)
			}
			if !sameMelds(a.Melds, tt.melds) {
				t.Errorf("melds %v, want %v", a.Melds, tt.melds)
			}
			if !slices.Equal(sorted(a.DeadwoodCards), sorted(fields(tt.dead))) || a.Deadwood != tt.deadwood {
				t.Errorf("deadwood %v = %d, want %s = %d", a.DeadwoodCards, a.Deadwood, tt.dead, tt.deadwood)
			}
			if !equalPtr(a.CanKnock, &tt.canKnock) || !equalPtr(a.Gin, &tt.gin) || !equalPtr(a.BigGin, &tt.bigGin) {
				t.Errorf("can_knock %v gin %v big_gin %v, want %v %v %v", *a.CanKnock, *a.Gin, *a.BigGin, tt.canKnock, tt.gin, tt.bigGin)
			}
			if len(a.Hand) != 11 || len(a.Discards) != 11 {
				t.Fatalf("hand %v, %d discards: want 11 of each", a.Hand, len(a.Discards))
			}
			for i, d := range tt.first {
				if a.Discards[i].Card != d.card || a.Discards[i].Deadwood != d.deadwood {
					t.Errorf("discard %d is %+v, want %+v", i, a.Discards[i], d)
				}
			}
			for i := 1; i < len(a.Discards); i++ {
				if a.Discards[i].Deadwood < a.Discards[i-1].Deadwood {
					t.Errorf("discards not ranked by deadwood: %+v", a.Discards)
				}
			}
		})
	}
}

func TestAnalyzeJSONOtherSizes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hand     string
		melds    []string
		dead     string
		deadwood int
	}{
		{"Ah 2h 3h", []string{"Ah 2h 3h"}, "", 0},
		{"Kd", nil, "Kd", 10},
		{"5c 5d 5h 5s 6s 7s", []string{"5c 5d 5h", "5s 6s 7s"}, "", 0},
		{"Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc", []string{"Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc"}, "", 0},
	}
	for _, tt := range tests {
		a := analyzeOne(t, strings.Fields(tt.hand)...)
		if !sameMelds(a.Melds, tt.melds) || !slices.Equal(a.DeadwoodCards, fields(tt.dead)) || a.Deadwood != tt.deadwood {
			t.Errorf("%s: melds %v deadwood %v = %d, want %v %s = %d", tt.hand, a.Melds, a.DeadwoodCards, a.Deadwood, tt.melds, tt.dead, tt.deadwood)
		}
		if a.CanKnock != nil || a.Gin != nil || a.KnockLimit != nil || a.BigGin != nil || a.Discards != nil {
			t.Errorf("%s: a hand of %d cards has knock fields: %+v", tt.hand, len(a.Hand), a)
		}
	}
}

func TestAnalyzeOuts(t *testing.T) {
	t.Parallel()
	// With 9♦ the only deadwood, every draw still lets the hand knock (throw
	// the drawn card or the 9♦), and gin comes from a card that melds the
	// hand once the 9♦ is thrown: A♣ or 5♣ on the clubs, 6♥ or 10♥ on the
	// hearts, K♥ for four kings.
	const hand = "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"
	tests := []struct {
		seen   string
		gin    string
		unseen int
	}{
		{"", "Ac 5c 6h Th Kh", 42},
		{"5c,6d", "Ac 6h Th Kh", 40},
		{"5c 6d 2s", "Ac 6h Th Kh", 39},
	}
	for _, tt := range tests {
		args := append(strings.Fields(hand), "--outs")
		if tt.seen != "" {
			args = append(args, "--seen", tt.seen)
		}
		a := analyzeOne(t, args...)
		if a.Outs == nil {
			t.Fatalf("--seen %q: no outs in the output", tt.seen)
		}
		if !slices.Equal(sorted(a.Outs.Gin), sorted(fields(tt.gin))) {
			t.Errorf("--seen %q: gin outs %v, want %s", tt.seen, a.Outs.Gin, tt.gin)
		}
		if len(a.Outs.Knock) != tt.unseen || a.Outs.Unseen != tt.unseen {
			t.Errorf("--seen %q: %d knock outs of %d unseen, want all %d", tt.seen, len(a.Outs.Knock), a.Outs.Unseen, tt.unseen)
		}
		for _, c := range append(fields(strings.ReplaceAll(tt.seen, ",", " ")), fields(hand)...) {
			if slices.Contains(a.Outs.Knock, c) {
				t.Errorf("--seen %q: %s is seen or held, yet an out", tt.seen, c)
			}
		}
	}

	// 16 of deadwood (2♣ 3♣ 5♦ 6♦) and no gin. A card that melds two of them
	// leaves 5 or 6 once the other pair's high card goes; a card that joins a
	// meld (6♥, 10♥, K♥) lets the 6♦ go, leaving 10.
	a := analyzeOne(t, "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "5d", "6d", "--outs")
	if want := "Ac 4c 4d 7d 6h Th Kh"; !slices.Equal(sorted(a.Outs.Knock), sorted(fields(want))) || len(a.Outs.Gin) != 0 {
		t.Errorf("knock outs %v gin outs %v, want %s and none", a.Outs.Knock, a.Outs.Gin, want)
	}
}

func TestAnalyzeAll(t *testing.T) {
	t.Parallel()
	// The 4♥ melds in the run 3♥ 4♥ 5♥ or in the set of fours; either way
	// two cards worth 8 are left over.
	a := analyzeOne(t, "3h", "4h", "5h", "4c", "4s", "Kc", "Kd", "Ks", "8c", "Jd", "--all")
	want := []struct {
		melds []string
		dead  string
	}{
		{[]string{"4c 4h 4s", "Kc Kd Ks"}, "8c Jd 3h 5h"},
		{[]string{"Kc Kd Ks", "3h 4h 5h"}, "4c 8c Jd 4s"},
	}
	if len(a.Arrangements) != len(want) {
		t.Fatalf("%d arrangements, want %d: %+v", len(a.Arrangements), len(want), a.Arrangements)
	}
	for i, w := range want {
		got := a.Arrangements[i]
		if !sameMelds(got.Melds, w.melds) || !slices.Equal(sorted(got.DeadwoodCards), sorted(fields(w.dead))) || got.Discard != "" {
			t.Errorf("arrangement %d: %+v, want %v with %s", i, got, w.melds, w.dead)
		}
	}
	if !sameMelds(a.Melds, want[0].melds) {
		t.Errorf("melds %v are not the first arrangement %v", a.Melds, want[0].melds)
	}

	// Eleven cards: the arrangements after each best discard.
	a = analyzeOne(t, "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "Qs", "Qd", "--all")
	var discards []string
	for _, arr := range a.Arrangements {
		discards = append(discards, arr.Discard)
	}
	if !slices.Equal(discards, []string{"Qd", "Qs"}) {
		t.Errorf("arrangements after discards %v, want Qd then Qs", discards)
	}

	// Big gin: the arrangements of all eleven cards, with no discard.
	a = analyzeOne(t, "7h", "8h", "9h", "Th", "Ks", "Kd", "Kc", "2c", "3c", "4c", "5c", "--all")
	if len(a.Arrangements) != 1 || a.Arrangements[0].Discard != "" || len(a.Arrangements[0].DeadwoodCards) != 0 {
		t.Errorf("big gin arrangements %+v, want one with no discard", a.Arrangements)
	}
}

func TestAnalyzeCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		stdin string
		args  string
		code  int
		err   string
	}{
		{"can knock", "", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check", ExitOK, ""},
		{"gin", "", "--check Th Jh Qh Kh As 2s 3s 5d 5c 5s", ExitOK, ""},
		{"cannot knock", "", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check --knock-limit 8", ExitNo, ""},
		{"eleven: knock after the discard", "", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd --check", ExitOK, ""},
		{"eleven: no discard is enough", "", "2c 5d 8h Js Qd Kc 3h 6s 9c Td 4h --check", ExitNo, ""},
		{"oklahoma ace: only gin", "", "7h 8h 9h Ks Kd Kc 2c 3c 4c Ad --check --rules oklahoma --upcard Ac", ExitNo, ""},
		{"three cards", "", "Ah 2h 3h --check", ExitError, "gin: --check needs 10 cards, or 11 before the discard, not 3\n"},
		{"stdin: all knock", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nTh Jh Qh Kh As 2s 3s 5d 5c 5s\n", "--check", ExitOK, ""},
		{"stdin: one cannot", "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\n2c 5d 8h Js Qd Kc 3h 6s 9c Td\n", "--check", ExitNo, ""},
		{"stdin: an error outranks a no", "2c 5d 8h Js Qd Kc 3h 6s 9c Td\n7h 8h\n", "--check", ExitError,
			"gin: line 2: --check needs 10 cards, or 11 before the discard, not 2\n"},
		{"stdin: no hands", "", "--check", ExitError, "gin: --check: no hands on stdin (only blank lines or comments, or nothing): nothing to answer\n"},
		{"stdin: only comments", "# none\n\n   \n", "--check", ExitError, "gin: --check: no hands on stdin (only blank lines or comments, or nothing): nothing to answer\n"},
		{"with --json", "", "7h --check --json", ExitError, "gin: --check prints nothing: it does not go with --json\n"},
		{"with --outs", "", "7h --check --outs", ExitError, "gin: --check prints nothing: it does not go with --outs\n"},
		{"with --all", "", "7h --check --all", ExitError, "gin: --check prints nothing: it does not go with --all\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.stdin, append([]string{"analyze"}, strings.Fields(tt.args)...)...)
			if r.stdout != "" || r.stderr != tt.err || r.code != tt.code {
				t.Errorf("stdout %q stderr %q exit %d; want nothing, %q, %d", r.stdout, r.stderr, r.code, tt.err, tt.code)
			}
		})
	}
}

func TestAnalyzeErrors(t *testing.T) {
	t.Parallel()
	rulesFile := filepath.Join(t.TempDir(), "bad-rules.yaml")
	if err := os.WriteFile(rulesFile, []byte("preset: modern\nknock_limt: 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Oklahoma with the knock limit fixed: --rules oklahoma would not help.
	fixedLimit := filepath.Join(t.TempDir(), "fixed.yaml")
	if err := os.WriteFile(fixedLimit, []byte("preset: oklahoma\nknock_limit: 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args string
		err  string
	}{
		{"7h 8h 1h", `gin: card 3 "1h": unknown rank "1"; did you mean 10h or Ah?` + "\n"},
		{"7h 8h 9x", `gin: card 3 "9x": unknown suit "x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)` + "\n"},
		{"7h 8h 9", `gin: card 3 "9": no suit; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)` + "\n"},
		{"7h 8h 7H", `gin: card 3 "7H": duplicate of card 1` + "\n"},
		{", ,", "gin: no cards\n"},
		{"7h - 8h", `gin: "-" reads hands from stdin: give it alone, without cards` + "\n"},
		{"7h --seen 8h", "gin: --seen only matters with --outs\n"},
		{"7h --outs --seen 8h,1s", `gin: --seen: card 2 "1s": unknown rank "1"; did you mean 10s or As?` + "\n"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --outs --seen 5c,9d,Kd", "gin: --seen 9d Kd: in the hand, so not out of play\n"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd --outs", "gin: --outs needs 10 cards, not 11\n"},
		{"7h --color sometimes", `gin: --color "sometimes": want auto, always or never` + "\n"},
		{"7h --rules nope", `gin: --rules: unknown rules preset "nope" (want one of classic, modern, scorepad, oklahoma, hollywood), or a YAML rules file` + "\n"},
		{"7h --rules " + rulesFile, "gin: --rules: " + rulesFile + ":2:1: unknown field \"knock_limt\" in rules: the fields are preset, knock_limit, upcard_limit, gin_bonus, big_gin, big_gin_bonus, undercut_bonus, tie_is_undercut, box_bonus, game_bonus, shutout, shutout_bonus, shutout_when, target, hand_limit, spade_doubles, games_at_once, dealer_rule\n"},
		{"7h --rules oklahoma", "gin: the oklahoma rules take the knock limit from the upcard: give --upcard CARD\n"},
		{"7h --upcard 5h", "gin: --upcard: the classic rules do not take the knock limit from the upcard (try --rules oklahoma)\n"},
		{"7h --upcard 5h --rules " + fixedLimit, "gin: --upcard: the oklahoma rules with knock_limit 7, upcard_limit false do not take the knock limit from the upcard\n"},
		{"7h --rules oklahoma --upcard 1h", `gin: --upcard "1h": unknown rank "1"; did you mean 10h or Ah?` + "\n"},
		{"7h --rules oklahoma --upcard 5h --knock-limit 5", "gin: --knock-limit and --upcard both set the knock limit: give one\n"},
		{"7h --knock-limit -1", "gin: --knock-limit -1: the knock limit cannot be negative\n"},
		// A file named as the cards: say how to read it.
		{rulesFile, fmt.Sprintf("gin: %q is a file, not cards: gin analyze reads a file's hands on stdin: gin analyze < %s\n", rulesFile, rulesFile)},
	}
	for _, tt := range tests {
		r := run(t, "", append([]string{"analyze"}, strings.Fields(tt.args)...)...)
		if r.stdout != "" || r.stderr != tt.err || r.code != ExitError {
			t.Errorf("gin analyze %s:\nstdout %q\nstderr %q\nexit %d\nwant stderr %q, exit 2", tt.args, r.stdout, r.stderr, r.code, tt.err)
		}
	}
}

func TestAnalyzeStdinJSONLines(t *testing.T) {
	t.Parallel()
	stdin := "# a comment\n" +
		"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\n" +
		"\n" +
		"   \t\n" +
		"  # an indented comment\n" +
		"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd\r\n" +
		"7h 8h 9h Ks Kd Kc 2c 3c 4c Kd\n" +
		"Ah 2h 3h\n" +
		"Th Jh Qh Kh As 2s 3s 5d 5c 1s\n" +
		"Th Jh Qh Kh As 2s 3s 5d 5c 5s"
	r := run(t, stdin, "analyze", "--json")
	want := "gin: line 7: card 10 \"Kd\": duplicate of card 5\n" +
		"gin: line 9: card 10 \"1s\": unknown rank \"1\"; did you mean 10s or As?\n"
	if r.stderr != want || r.code != ExitError {
		t.Errorf("stderr %q exit %d, want %q and 2", r.stderr, r.code, want)
	}
	all := decode(t, r.stdout)
	var lines, sizes, deadwood []int
	for _, a := range all {
		lines = append(lines, a.Line)
		sizes = append(sizes, len(a.Hand))
		deadwood = append(deadwood, a.Deadwood)
	}
	if want := []int{2, 6, 8, 10}; !slices.Equal(lines, want) {
		t.Errorf("lines %v, want %v", lines, want)
	}
	if want := []int{10, 11, 3, 10}; !slices.Equal(sizes, want) {
		t.Errorf("hand sizes %v, want %v", sizes, want)
	}
	if want := []int{9, 9, 0, 0}; !slices.Equal(deadwood, want) {
		t.Errorf("deadwood %v, want %v", deadwood, want)
	}

	// "-" reads stdin too, and a clean input exits 0.
	r = run(t, "Ah 2h 3h\n", "analyze", "-", "--json")
	if a := decode(t, r.stdout); len(a) != 1 || a[0].Line != 1 || r.code != ExitOK || r.stderr != "" {
		t.Errorf("gin analyze - --json: %q %q exit %d", r.stdout, r.stderr, r.code)
	}
	// No input, no output.
	if r = run(t, "", "analyze"); r.stdout != "" || r.stderr != "" || r.code != ExitOK {
		t.Errorf("empty stdin: %q %q exit %d", r.stdout, r.stderr, r.code)
	}
}

func TestAnalyzeRulesFile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "rules.yaml")
	if err := os.WriteFile(file, []byte("preset: modern\nknock_limit: 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := analyzeOne(t, "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--rules", file)
	if !equalPtr(a.KnockLimit, ptr(7)) || !equalPtr(a.CanKnock, ptr(false)) {
		t.Errorf("knock_limit %v can_knock %v, want 7 and false", *a.KnockLimit, *a.CanKnock)
	}
}

// TestAnalyzeFits holds gin analyze's text to 80 columns when it does not go
// to a terminal: a long list of outs goes on under its label, from the
// arguments and from stdin, and no word is lost.
func TestAnalyzeFits(t *testing.T) {
	t.Parallel()
	hand := "3s Tc Jc 2c Ts As Th 3d Jd Js"
	for _, r := range []result{
		run(t, "", append(append([]string{"analyze"}, strings.Fields(hand)...), "--outs")...),
		run(t, hand+"\n"+hand+"\n", "analyze", "--outs"),
	} {
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		for _, line := range strings.Split(r.stdout, "\n") {
			if render.DisplayWidth(line) > 80 {
				t.Errorf("%d columns: %q", render.DisplayWidth(line), line)
			}
		}
		if !strings.Contains(r.stdout, "Knock outs: A♣ 3♣") || !strings.Contains(strings.Join(strings.Fields(r.stdout), " "), "Q♠ K♠ (42 of 42 unseen)") {
			t.Errorf("the outs are not all there:\n%s", r.stdout)
		}
	}
}
