package commands

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands/render"
)

const (
	adviseEleven = `advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --discards "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d" --took 8s --threw "Kc Qh 8d" --passed 7d --playouts 50`
	adviseTen    = `advise 7h 8h Ks Kd Kc 2c 3c 4c 5d Qd --upcard 9h --discards "Ah 2h 3s Jc Td 9s" --took 6c --threw "Jd Qs" --passed 7c --playouts 50`
)

func TestAdviseJSON(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		command string
		take    bool // a ten-card position: take is true or false, not null
	}{{adviseEleven, false}, {adviseTen, true}} {
		r := run(t, "", shellFields(tt.command+" --json")...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%s: exit %d, stderr %q", tt.command, r.code, r.stderr)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("%s: %v\n%s", tt.command, err, r.stdout)
		}
		for _, key := range []string{"hand", "upcard", "model", "unseen", "stock", "stock_estimated", "opponent_hands", "exact", "options", "advice"} {
			if _, ok := got[key]; !ok {
				t.Errorf("%s: no %q in %s", tt.command, key, r.stdout)
			}
		}
		if got["model"] != "evidence" {
			t.Errorf("model %v, want evidence", got["model"])
		}
		options := got["options"].([]any)
		knocks := 0
		for _, o := range options {
			o := o.(map[string]any)
			for _, key := range []string{"take", "discard", "deadwood", "can_knock", "knock", "play_on"} {
				if _, ok := o[key]; !ok {
					t.Errorf("%s: option without %q: %v", tt.command, key, o)
				}
			}
			if _, isBool := o["take"].(bool); isBool != tt.take {
				t.Errorf("%s: option take = %v", tt.command, o["take"])
			}
			if (o["knock"] != nil) != o["can_knock"].(bool) {
				t.Errorf("%s: knock %v with can_knock %v", tt.command, o["knock"], o["can_knock"])
			}
			if k, ok := o["knock"].(map[string]any); ok {
				knocks++
				u := k["undercut"].(float64)
				if u < 0 || u > 1 {
					t.Errorf("undercut %v is not a probability", u)
				}
				for _, key := range []string{"undercut_error", "points", "points_error", "gin", "deadwood", "melds", "alternative"} {
					if _, ok := k[key]; !ok {
						t.Errorf("knock without %q: %v", key, k)
					}
				}
			}
		}
		if knocks == 0 {
			t.Errorf("%s: no option knocks", tt.command)
		}
		adv := got["advice"].(map[string]any)
		if _, isBool := adv["take"].(bool); isBool != tt.take {
			t.Errorf("%s: advice take = %v", tt.command, adv["take"])
		}
		if _, ok := adv["knock"].(bool); !ok {
			t.Errorf("%s: advice knock = %v", tt.command, adv["knock"])
		}
	}
}

func TestAdviseText(t *testing.T) {
	t.Parallel()
	r := run(t, "", shellFields(adviseEleven)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// Throwing the K♦ leaves 6 deadwood and every other throw 13 or more;
	// whether to knock with it or play on is the model's call, close here.
	if last := lastParagraph(r.stdout); !strings.HasPrefix(last, "Throw K♦ and knock: undercut risk ") && !strings.HasPrefix(last, "Throw K♦ and play on: worth ") {
		t.Errorf("the advice line: %q", last)
	}
	if n := strings.Count(r.stdout, "\nthrow "); n != 11 {
		t.Errorf("%d option lines, want one per card of eleven:\n%s", n, r.stdout)
	}
	// No throw of this hand can knock: no opponent hands were weighed, and
	// the position line does not count them.
	r = run(t, "", "advise", "2s", "5s", "8s", "Jc", "9d", "3h", "Kh", "Qd", "4c", "7c", "6h", "--playouts", "10")
	if r.code != 0 || !strings.Contains(r.stdout, "no throw can knock") || strings.Contains(r.stdout, "weighed over") {
		t.Errorf("a hand that cannot knock: exit %d, %q", r.code, r.stdout)
	}
}

// Every position that cannot be is exit status 2, one line on stderr that
// names the card or the count, and nothing on stdout.
func TestAdviseBadPositions(t *testing.T) {
	t.Parallel()
	const eleven = "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"
	for _, tt := range []struct{ args, want string }{
		{"advise", "give your cards"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d", "the hand has 9 cards"},
		{"advise " + eleven + " Qh", "the hand has 12 cards"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac", "the hand has 10 cards: give the face-up card with --upcard"},
		{"advise " + eleven + " --upcard Qh", "--upcard is for 10 cards"},
		{"advise " + eleven + " 4s", `card 12 "4s": duplicate`},
		{"advise " + eleven + " --discards 4s", "4s is in your hand and in --discards"},
		{"advise " + eleven + ` --discards "Qh Qh"`, `--discards: card 2 "Qh": duplicate`},
		{"advise " + eleven + " --discards Qh --discards Qh", `--discards: card 2 "Qh": duplicate`},
		{"advise " + eleven + " --took Qh --discards Qh", "Qh is in --discards and in --took"},
		{"advise " + eleven + " --took Kd", "Kd is in your hand and in --took"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard 4s", "4s is in your hand and in --upcard"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard Kd --took Kd", "Kd is in --took and in --upcard"},
		// 52 − 11 in hand − 33 discards: 8 unseen, fewer than the
		// opponent's 10.
		{"advise " + eleven + ` --discards "2c 3c 4c 5c 6c 7c 8c Tc Jc Qc Kc Ad 2d 4d 5d 6d 7d 8d Td Jd Qd Ah 3h 4h 5h 6h 7h 8h Th Jh Qh Kh As"`,
			"only 8 cards are unseen, fewer than the 10 the opponent holds besides --took: a card is named that cannot be out of play"},
		// 52 − 11 − 30 discards: 11 unseen, 10 of them the opponent's.
		{"advise " + eleven + ` --discards "2c 3c 4c 5c 6c 7c 8c Tc Jc Qc Kc Ad 2d 4d 5d 6d 7d 8d Td Jd Qd Ah 3h 4h 5h 6h 7h 8h Th Jh"`,
			"the cards named leave 1 in the stock: the hand is over, drawn once a discard leaves 2 cards or fewer in the stock; with 11 cards in hand the stock holds 2 or more"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard Qh --discards Qh", "Qh is in --discards and in --upcard"},
		{"advise " + eleven + " --from-pile Qh", "--from-pile Qh is not in your hand"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard Qh --from-pile 4s", "--from-pile 4s: the hand has 10 cards"},
		{"advise " + eleven + " --from-pile 4x", `--from-pile "4x"`},
		{"advise --hand game.hand --from-pile Kd", "--hand and --from-pile: the record gives the whole position; drop --from-pile"},
		{"advise " + eleven + ` --took "Ah Kh Qh Jh Th 8h 7h 6h 5h 4h 3h"`, "--took names 11 cards"},
		{"advise " + eleven + " --stock 40", "--stock 40: the stock can hold 2 to 31"},
		{"advise " + eleven + " --stock -1", "--stock -1: the stock holds 0 cards or more"},
		{"advise " + eleven + " --stock 1", "--stock 1: the hand is over"},
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard Qh --stock 2", "--stock 2: the hand is over, drawn once a discard leaves 2 cards or fewer in the stock; with 10 cards in hand the stock holds 3 or more"},
		{"advise " + eleven + " --discards 1h", `--discards: card 1 "1h"`},
		{"advise " + eleven + " --opponent clever", `--opponent`},
		{"advise " + eleven + " --samples 0", "--samples 0: give 1 to"},
		{"advise " + eleven + " --rules oklahoma", "the oklahoma rules take the knock limit from the deal's first upcard (upcard_limit) and double a hand's score when it is a spade (spade_doubles): give --first-upcard CARD"},
		// Issue 21 point 12: these said the rules take the knock limit
		// from the first upcard, which they do not.
		{"advise " + eleven + " --rules modern --spade-doubles", "the modern rules double a hand's score when the deal's first upcard is a spade (spade_doubles): give --first-upcard CARD"},
		{"advise " + eleven + " --rules oklahoma --knock-limit 9", "the oklahoma rules double a hand's score when the deal's first upcard is a spade (spade_doubles): give --first-upcard CARD"},
		{"advise " + eleven + " --upcard-limit", "the classic rules take the knock limit from the deal's first upcard (upcard_limit): give --first-upcard CARD"},
		{"advise " + eleven + " --first-upcard 7c", "the classic rules do not use the first upcard"},
		{"advise " + eleven + " --first-upcard 7x --rules oklahoma", `--first-upcard "7x"`},
		{"advise " + eleven + " --exact --opponent uniform --discards Qc", "more than the 3000000 that --exact enumerates"},
		{"advise " + eleven + " --exact --discards Qc", "add --opponent uniform"},
		{"advise " + eleven + " --opponent uniform --opponent-takes melds", "--opponent-takes: the uniform model weighs every hand alike"},
		{"advise " + eleven + " --opponent-knocks waits --opponent uniform", "--opponent-knocks: the uniform model weighs every hand alike"},
	} {
		r := run(t, "", shellFields(tt.args)...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tt.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("gin %s: exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, one line saying %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// An opponent seen to wait for gin may hold a hand that could knock, one
// who knocks early may not: the undercut chance of knocking is higher
// against the first. A value other than early or waits is refused.
func TestAdviseOpponentKnocks(t *testing.T) {
	t.Parallel()
	undercut := func(when string) float64 {
		t.Helper()
		return knockUndercut(t, "--opponent-knocks", when)
	}
	if early, waits := undercut("early"), undercut("waits"); !(waits > early) {
		t.Errorf("undercut chance: %.4f when they wait for gin, %.4f when they knock early; want it higher when they wait", waits, early)
	}
	if r := run(t, "", append(shellFields(adviseEleven), "--opponent-knocks", "late")...); r.code != ExitError || !strings.Contains(r.stderr, `--opponent-knocks "late": give early or waits`) {
		t.Errorf("--opponent-knocks late: exit %d %q", r.code, r.stderr)
	}
	// A value in capitals is the value.
	if r := run(t, "", append(shellFields(adviseEleven), "--opponent-knocks", "Early", "--opponent-takes", "MELDS")...); r.code != 0 {
		t.Errorf("--opponent-knocks Early --opponent-takes MELDS: exit %d %q", r.code, r.stderr)
	}
	// A misspelt value gets the one meant.
	for _, tt := range []struct{ flag, value, want string }{
		{"--opponent-knocks", "erly", `gin: --opponent-knocks "erly": give early or waits; did you mean "early"?` + "\n"},
		{"--opponent-takes", "meld", `gin: --opponent-takes "meld": give melds or any; did you mean "melds"?` + "\n"},
		{"--opponent", "unifrom", `gin: --opponent: unknown opponent model "unifrom": use evidence or uniform; did you mean "uniform"?` + "\n"},
	} {
		if r := run(t, "", append(shellFields(adviseEleven), tt.flag, tt.value)...); r.code != ExitError || r.stderr != tt.want {
			t.Errorf("%s %s: exit %d %q, want %q", tt.flag, tt.value, r.code, r.stderr, tt.want)
		}
	}
}

// An opponent who waits for gin but knocks as soon as they can once the
// stock is down to --opponent-knocks-from, and has not knocked, holds no
// hand that could knock: the knock is safer than against one who waits
// throughout. Their last turn came with one card more in the stock than
// now (the README's first position has 13 left after the draw), so 13 does
// not reach it and 14 does.
func TestAdviseOpponentKnocksFrom(t *testing.T) {
	t.Parallel()
	waits := knockUndercut(t, "--opponent-knocks", "waits")
	notYet := knockUndercut(t, "--opponent-knocks", "waits", "--opponent-knocks-from", "13")
	late := knockUndercut(t, "--opponent-knocks", "waits", "--opponent-knocks-from", "14")
	if notYet != waits || !(late < waits/2) {
		t.Errorf("undercut chance: %.4f when they wait, %.4f when they knock from 13, %.4f from 14; want the first two alike and the last under half of them", waits, notYet, late)
	}
	for _, tt := range []struct{ value, want string }{
		{"1", "gin: --opponent-knocks-from 1: give the cards left in the stock from which they knock as soon as they can, 2 to 31\n"},
		{"32", "gin: --opponent-knocks-from 32: give the cards left in the stock from which they knock as soon as they can, 2 to 31\n"},
		{"-3", "gin: --opponent-knocks-from -3: give the cards left in the stock from which they knock as soon as they can, 2 to 31\n"},
	} {
		if r := run(t, "", append(shellFields(adviseEleven), "--opponent-knocks-from", tt.value)...); r.code != ExitError || r.stderr != tt.want {
			t.Errorf("--opponent-knocks-from %s: exit %d %q, want %q", tt.value, r.code, r.stderr, tt.want)
		}
	}
	if r := run(t, "", append(shellFields(adviseEleven), "--opponent-knocks-from", "12", "--opponent", "uniform")...); r.code != ExitError || !strings.Contains(r.stderr, "--opponent-knocks-from: the uniform model weighs every hand alike") {
		t.Errorf("--opponent-knocks-from with --opponent uniform: exit %d %q", r.code, r.stderr)
	}
}

// An opponent seen to take only cards that make a meld holds those melds,
// so the undercut chance of a knock is higher than against one who takes
// any card that lowers their deadwood.
func TestAdviseOpponentTakes(t *testing.T) {
	t.Parallel()
	melds, some := knockUndercut(t, "--opponent-takes", "melds"), knockUndercut(t, "--opponent-takes", "any")
	if !(melds > some) {
		t.Errorf("undercut chance: %.4f when they take to meld, %.4f when they take any card; want it higher when they take to meld", melds, some)
	}
	if r := run(t, "", append(shellFields(adviseEleven), "--opponent-takes", "some")...); r.code != ExitError || !strings.Contains(r.stderr, `--opponent-takes "some": give melds or any`) {
		t.Errorf("--opponent-takes some: exit %d %q", r.code, r.stderr)
	}
}

// knockUndercut is the undercut chance of knocking after throwing Kd in the
// README's first position, with more flags.
func knockUndercut(t *testing.T, flags ...string) float64 {
	t.Helper()
	r := run(t, "", append(append(shellFields(adviseEleven), "--json"), flags...)...)
	if r.code != 0 {
		t.Fatalf("%v: exit %d %s", flags, r.code, r.stderr)
	}
	var got struct {
		Options []struct {
			Discard string `json:"discard"`
			Knock   *struct {
				Undercut float64 `json:"undercut"`
			} `json:"knock"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err)
	}
	for _, o := range got.Options {
		if o.Discard == "Kd" && o.Knock != nil {
			return o.Knock.Undercut
		}
	}
	t.Fatalf("%v: no knock throwing Kd in %s", flags, r.stdout)
	return 0
}

// docs/advise.md shows the README's first example with --json: its figures
// are the ones gin prints.
func TestAdviseJSONDocExample(t *testing.T) {
	t.Parallel()
	args := shellFields(strings.TrimSuffix(adviseEleven, " --playouts 50"))
	r := run(t, "", append(args, "--json")...)
	var got struct {
		Options []struct {
			Knock *struct {
				Undercut float64 `json:"undercut"`
				Points   float64 `json:"points"`
			} `json:"knock"`
			PlayOn struct {
				Points float64 `json:"points"`
			} `json:"play_on"`
		} `json:"options"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil || len(got.Options) < 2 || got.Options[0].Knock == nil {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "advise.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		fmt.Sprintf(`"undercut": %v,`, got.Options[0].Knock.Undercut),
		fmt.Sprintf(`"points": %v,`, got.Options[0].Knock.Points),
		fmt.Sprintf(`"play_on": {"points": %v,`, got.Options[0].PlayOn.Points),
		fmt.Sprintf(`"play_on": {"points": %v,`, got.Options[1].PlayOn.Points),
	} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/advise.md's JSON example lacks %s: run gin %s --json and copy its figures", want, strings.Join(args, " "))
		}
	}
}

// --threw names every card the opponent threw, wherever it is now: on the
// pile (named by --discards too), the face-up card, your hand. Each is a
// position that can be, and the card is seen once.
func TestAdviseThrewOverlaps(t *testing.T) {
	t.Parallel()
	const eleven = "4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd"
	for _, tt := range []struct {
		args   string
		unseen int
	}{
		{"advise " + eleven + ` --discards "Th 2c" --threw "Th Qh"`, 38},                         // 52 − 11 − Th 2c Qh
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard 7c --threw 7c", 41},                      // 52 − 10 − 7c
		{"advise " + eleven + ` --threw "Kd Qh" --from-pile Kd`, 40},                             // 52 − 11 − Qh
		{"advise " + eleven + ` --took Qh --threw Qh --discards "Jh Js"`, 38},                    // taken back: 52 − 11 − Qh Jh Js
		{"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard 7c --threw \"7c Ac\" --discards 7c", -1}, // the pile is under the face-up card
	} {
		r := run(t, "", append(shellFields(tt.args), "--playouts", "10", "--samples", "200", "--json")...)
		if tt.unseen < 0 {
			if r.code != 2 || !strings.Contains(r.stderr, "7c is in --discards and in --upcard") {
				t.Errorf("gin %s: exit %d %q, want the pile and the face-up card refused", tt.args, r.code, r.stderr)
			}
			continue
		}
		var got struct {
			Unseen int `json:"unseen"`
		}
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil || got.Unseen != tt.unseen {
			t.Errorf("gin %s: exit %d, %d unseen, %q; want %d unseen", tt.args, r.code, got.Unseen, r.stderr, tt.unseen)
		}
	}
}

// --from-pile is the card just taken: no option throws it back, and the
// JSON advice names the melds of the knock and their arrangement.
func TestAdviseFromPile(t *testing.T) {
	t.Parallel()
	r := run(t, "", append(shellFields(adviseEleven), "--from-pile", "Kd", "--json")...)
	var got struct {
		Options []struct {
			Discard *string `json:"discard"`
		} `json:"options"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	if len(got.Options) != 10 {
		t.Errorf("%d options, want 10: eleven cards less the K♦ just taken", len(got.Options))
	}
	for _, o := range got.Options {
		if o.Discard != nil && *o.Discard == "Kd" {
			t.Errorf("an option throws back the K♦ just taken: %s", r.stdout)
		}
	}
}

// The advice of a knock names the melds to lay down and which arrangement
// they are; of playing on, none.
func TestAdviseJSONMelds(t *testing.T) {
	t.Parallel()
	type advice struct {
		Discard     *string    `json:"discard"`
		BigGin      bool       `json:"big_gin"`
		Knock       bool       `json:"knock"`
		Melds       [][]string `json:"melds"`
		Deadwood    *int       `json:"deadwood"`
		Arrangement *string    `json:"arrangement"`
	}
	get := func(args string) advice {
		t.Helper()
		r := run(t, "", append(shellFields(args), "--json")...)
		var got struct {
			Advice advice `json:"advice"`
		}
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil {
			t.Fatalf("gin %s: exit %d: %s%s", args, r.code, r.stdout, r.stderr)
		}
		return got.Advice
	}
	// Gin after throwing the K♦: 4♠–7♠, the three nines, A♣ 2♣ 3♣ (under
	// classic rules, where playing on cannot end in more than gin).
	a := get("advise 4s 5s 6s 7s 9c 9d 9h Ac 2c 3c Kd")
	want := []string{"[4s 5s 6s 7s]", "[9c 9d 9h]", "[Ac 2c 3c]"}
	var melds []string
	for _, m := range a.Melds {
		melds = append(melds, fmt.Sprint(m))
	}
	slices.Sort(melds)
	if !a.Knock || a.Discard == nil || *a.Discard != "Kd" || !slices.Equal(melds, want) || a.Deadwood == nil || *a.Deadwood != 0 || a.Arrangement == nil || *a.Arrangement != "least_deadwood" {
		t.Errorf("gin after the K♦: %+v, want knock true, melds %v, deadwood 0, least_deadwood", a, want)
	}
	// All eleven: big gin, every card laid down.
	a = get("advise 4s 5s 6s 7s 9c 9d 9h Ac 2c 3c 8s --rules modern")
	if !a.Knock || !a.BigGin || a.Discard != nil || len(a.Melds) != 3 || a.Arrangement == nil || *a.Arrangement != "big_gin" {
		t.Errorf("big gin: %+v, want the melds of all eleven cards", a)
	}
	// No throw can knock: no melds.
	a = get("advise 2s 5s 8s Jc 9d 3h Kh Qd 4c 7c 6h")
	if a.Knock || a.Melds != nil || a.Deadwood != nil || a.Arrangement != nil {
		t.Errorf("a hand that cannot knock: %+v, want no melds", a)
	}
}

// Issue 21 point 8: ten cards and a face-up card that melds all eleven:
// taking it to lay down big gin is the advice, worth more than taking it
// and throwing a card for gin.
func TestAdviseTakeForBigGin(t *testing.T) {
	t.Parallel()
	r := run(t, "", "advise", "As", "2s", "3s", "4s", "5c", "5d", "5h", "9h", "9d", "9c", "--upcard", "9s", "--rules", "modern", "--playouts", "20")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || !strings.HasPrefix(lines[len(lines)-1], "Take the 9♠ and go big gin: lay down all eleven cards, worth +") {
		t.Errorf("exit %d, advice %q; want to take the 9♠ for big gin", r.code, lines[len(lines)-1])
	}
	if !strings.Contains(r.stdout, "\ntake 9♠, big gin ") {
		t.Errorf("no option line takes the 9♠ for big gin:\n%s", r.stdout)
	}
}

// Eleven cards and nothing of the hand's history: one line on stderr says
// the figures are a fresh deal's, and how to give the history; with any of
// it, or with ten cards and the face-up card (a fresh deal's first
// decision), nothing.
func TestAdviseNoHistoryNote(t *testing.T) {
	t.Parallel()
	const eleven = "advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --playouts 10"
	want := "gin: no history given: the figures assume a fresh deal (stock 31, no card seen but yours); give what has been played with --discards, --threw, --took, --passed and --stock\n"
	if r := run(t, "", shellFields(eleven)...); r.code != 0 || r.stderr != want {
		t.Errorf("eleven cards, no history: exit %d, stderr %q, want %q", r.code, r.stderr, want)
	}
	for _, args := range []string{
		eleven + " --discards Qh", eleven + " --threw Qh", eleven + " --took Qh", eleven + " --passed Qh", eleven + " --stock 20",
		"advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac --upcard Qh --playouts 10",
	} {
		if r := run(t, "", shellFields(args)...); r.code != 0 || r.stderr != "" {
			t.Errorf("gin %s: exit %d, stderr %q, want nothing", args, r.code, r.stderr)
		}
	}
}

// Played without big gin (--big-gin=false), no option lays down eleven
// cards, from eleven all melded or from ten and a face-up card that melds
// them all.
func TestAdviseWithoutBigGin(t *testing.T) {
	t.Parallel()
	for _, args := range []string{
		"advise As 2s 3s 4s 5c 5d 5h 9h 9d 9c 9s --discards Kc",
		"advise As 2s 3s 4s 5c 5d 5h 9h 9d 9c --upcard 9s",
	} {
		with := run(t, "", append(shellFields(args), "--rules", "modern", "--playouts", "10")...)
		without := run(t, "", append(shellFields(args), "--rules", "modern", "--big-gin=false", "--playouts", "10")...)
		if with.code != 0 || !strings.Contains(with.stdout, "big gin  ") {
			t.Errorf("gin %s --rules modern: exit %d, no big gin option:\n%s%s", args, with.code, with.stdout, with.stderr)
		}
		if without.code != 0 || strings.Contains(without.stdout, "big gin") {
			t.Errorf("gin %s --rules modern --big-gin=false: exit %d, want no big gin option:\n%s%s", args, without.code, without.stdout, without.stderr)
		}
	}
}

// Without --opponent-knocks the opponent's style is not known: a knock is
// valued against a player who waits for gin too, in the text and the JSON's
// if_waits; with it, once. A player who waits undercuts more.
func TestAdviseUnknownStyle(t *testing.T) {
	t.Parallel()
	type knock struct {
		Undercut float64 `json:"undercut"`
	}
	type option struct {
		Knock   *knock `json:"knock"`
		IfWaits *struct {
			Knock  *knock          `json:"knock"`
			PlayOn json.RawMessage `json:"play_on"`
		} `json:"if_waits"`
		IfEarly *struct {
			Knock *knock `json:"knock"`
		} `json:"if_early"`
	}
	advise := func(extra ...string) (string, []option) {
		t.Helper()
		text := run(t, "", append(shellFields(strings.TrimSuffix(adviseEleven, " --playouts 50")), extra...)...)
		r := run(t, "", append(append(shellFields(strings.TrimSuffix(adviseEleven, " --playouts 50")), extra...), "--json")...)
		var got struct{ Options []option }
		if text.code != 0 || r.code != 0 || json.Unmarshal([]byte(r.stdout), &got) != nil {
			t.Fatalf("%v: exit %d %d: %s%s", extra, text.code, r.code, r.stdout, r.stderr)
		}
		return text.stdout, got.Options
	}
	text, opts := advise()
	if opts[0].Knock == nil || opts[0].IfWaits == nil || opts[0].IfWaits.Knock == nil || opts[0].IfWaits.PlayOn == nil {
		t.Fatalf("style not known: the knocking option has no if_waits: %+v", opts[0])
	}
	if w, u := opts[0].IfWaits.Knock.Undercut, opts[0].Knock.Undercut; !(w > u) {
		t.Errorf("undercut %.4f if they wait, %.4f not knowing; want it higher if they wait", w, u)
	}
	if opts[0].IfEarly == nil || opts[0].IfEarly.Knock == nil {
		t.Fatalf("style not known: the knocking option has no if_early: %+v", opts[0])
	}
	// The text gives the range over the two styles (issue 45 point 3).
	e, w := render.Percent(opts[0].IfEarly.Knock.Undercut, 0), render.Percent(opts[0].IfWaits.Knock.Undercut, 0)
	if want := fmt.Sprintf("%s–%s (%s if they knock early, %s if they wait for gin)", strings.TrimSuffix(e, "%"), w, e, w); !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
		t.Errorf("the text does not say %q:\n%s", want, text)
	}
	for _, when := range []string{"early", "waits"} {
		text, opts := advise("--opponent-knocks", when)
		for _, o := range opts {
			if o.IfWaits != nil || o.IfEarly != nil {
				t.Errorf("--opponent-knocks %s: an option has if_waits or if_early", when)
			}
		}
		if strings.Contains(text, "if they wait") {
			t.Errorf("--opponent-knocks %s: the text speaks of a player who waits:\n%s", when, text)
		}
	}
}

// lastParagraph is the last line of out that does not start with a space,
// with the lines after it that do and are not blank (the text wrapped under
// its label)
// joined to it by single spaces, as it reads unwrapped.
func lastParagraph(out string) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	i := len(lines) - 1
	for i > 0 && strings.HasPrefix(lines[i], " ") && strings.TrimSpace(lines[i]) != "" {
		i--
	}
	return unwrapped(lines[i:])
}

// unwrapped joins a line and its indented continuations by single spaces.
func unwrapped(lines []string) string {
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = strings.TrimSpace(l)
	}
	return strings.Join(parts, " ")
}

// labelled is the text after label (as "Advice:") at the start of a line
// of out, its wrapped continuations joined to it by single spaces; false
// when no line starts with label.
func labelled(out, label string) (string, bool) {
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, label) {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.HasPrefix(lines[j], " ") && strings.TrimSpace(lines[j]) != "" {
			j++
		}
		return strings.TrimSpace(strings.TrimPrefix(unwrapped(lines[i:j]), label)), true
	}
	return "", false
}

// Issue 46: the list never contradicts the advice. The advised option,
// first, has the highest figure of those the options were chosen on (Play
// on; play_on_ranked where play_on was valued again after the choosing),
// and its figure valued again is given apart (Again; play_on).
func TestAdviseListAgreesWithAdvice(t *testing.T) {
	t.Parallel()
	args := shellFields(`advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --discards "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d" --took 8s --threw "Kc Qh 8d" --passed 7d --playouts 100 --json`)
	r := run(t, "", args...)
	type figure struct {
		Points float64 `json:"points"`
	}
	var out struct {
		Options []struct {
			Knock *struct {
				Points float64 `json:"points"`
			} `json:"knock"`
			PlayOn       *figure `json:"play_on"`
			PlayOnRanked *figure `json:"play_on_ranked"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	first := out.Options[0]
	if first.PlayOnRanked == nil {
		t.Fatalf("the advised option has no play_on_ranked: %s", r.stdout)
	}
	top := first.PlayOnRanked.Points
	if first.Knock != nil {
		top = max(top, first.Knock.Points)
	}
	for i, o := range out.Options[1:] {
		if o.PlayOnRanked != nil || o.PlayOn.Points > top {
			t.Errorf("option %d: play_on %v, ranked %v, over the advised option's %v", i+2, o.PlayOn, o.PlayOnRanked, top)
		}
	}
	text := run(t, "", args[:len(args)-1]...).stdout
	if !strings.Contains(text, "Play on     Again\n") {
		t.Errorf("no Again column:\n%s", text)
	}
}

// Issue 46: the glance at gin hand's prompt says what is at stake: how much
// less the next best is worth than the advised option, in points by the
// hand (percentage points by the game), the difference of the two figures
// shown.
func TestHandGlanceSaysTheStakes(t *testing.T) {
	parallelIn(t, t.TempDir())
	if r := run(t, "", "hand", "new", "--me", "Ann", "--players", "Ann,Bob", "--dealer", "Ann", "7h", "8h", "9h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "9d", "--upcard", "5s"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := run(t, "bob pass\n", "hand", "--playouts", "40", "--samples", "200")
	advice, _ := labelled(r.stdout, "Advice:")
	next, _ := labelled(r.stdout, "Next best:")
	am := regexp.MustCompile(`worth ([+-]\d+\.\d) points$`).FindStringSubmatch(advice)
	nm := regexp.MustCompile(`^take 5♠, throw \S+, ([+-]\d+\.\d), (\d+\.\d) points (less|more) than passing`).FindStringSubmatch(next)
	if r.code != 0 || am == nil || nm == nil {
		t.Fatalf("exit %d; advice %q, next best %q: want the pass advised, worth points, and the next best so many points less than passing", r.code, advice, next)
	}
	best, _ := strconv.ParseFloat(am[1], 64)
	other, _ := strconv.ParseFloat(nm[1], 64)
	d, _ := strconv.ParseFloat(nm[2], 64)
	if nm[3] == "more" {
		d = -d
	}
	if math.Abs(best-other-d) > 0.1+1e-9 {
		t.Errorf("%+.1f and %+.1f, said %.1f apart", best, other, d)
	}
}
