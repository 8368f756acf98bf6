package commands

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// laidOff is gin layoff --json, decoded.
type laidOff struct {
	Hand                   []string   `json:"hand"`
	Melds                  [][]string `json:"melds"`
	Layoffs                []layoff   `json:"layoffs"`
	DeadwoodCards          []string   `json:"deadwood_cards"`
	Deadwood               int        `json:"deadwood"`
	DeadwoodWithoutLayoffs int        `json:"deadwood_without_layoffs"`
	Gin                    bool       `json:"gin"`
	BigGin                 bool       `json:"big_gin"`
	KnockerMelds           [][]string `json:"knocker_melds"`
	Knocker                *laidDown  `json:"knocker"`
}

// layoff is one card laid off and the knocker's meld it joins.
type layoff struct {
	Card string   `json:"card"`
	Meld []string `json:"meld"`
}

// laidDown is the knocker's hand as it was laid down.
type laidDown struct {
	Hand          []string   `json:"hand"`
	Discard       string     `json:"discard"`
	Melds         [][]string `json:"melds"`
	DeadwoodCards []string   `json:"deadwood_cards"`
	Deadwood      int        `json:"deadwood"`
}

// decodeStrict decodes one JSON object into v, refusing unknown fields, and
// checks that nothing follows it.
func decodeStrict(t *testing.T, out string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("bad JSON %v in:\n%s", err, out)
	}
	if dec.More() {
		t.Fatalf("more than one object in:\n%s", out)
	}
}

// meldList reads melds written as "7h 8h 9h | Ks Kd Kc"; "" is none.
func meldList(s string) [][]string {
	melds := [][]string{}
	if s == "" {
		return melds
	}
	for _, m := range strings.Split(s, "|") {
		melds = append(melds, fields(strings.TrimSpace(m)))
	}
	return melds
}

// layoffList reads layoffs written as "Th>7h 8h 9h, Jh>7h 8h 9h"; "" is none.
func layoffList(s string) []layoff {
	layoffs := []layoff{}
	if s == "" {
		return layoffs
	}
	for _, l := range strings.Split(s, ",") {
		card, meld, _ := strings.Cut(strings.TrimSpace(l), ">")
		layoffs = append(layoffs, layoff{Card: card, Meld: fields(meld)})
	}
	return layoffs
}

func TestLayoffJSON(t *testing.T) {
	t.Parallel()
	const defender = "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"
	tests := []struct {
		name    string
		args    string
		want    laidOff // all but the hand, the melds and the layoffs
		melds   string
		layoffs string
		knocker *laidDown
	}{
		{
			// The defender melds its clubs; 10♥ then J♥ chain on to the hearts.
			// Left: A♣ 2♦ 4♥ 9♠ Q♠ = 1 + 2 + 4 + 9 + 10 = 26; without the
			// layoffs 10♥ and J♥ stay too: 26 + 20 = 46.
			name: "melds as declared",
			args: defender + ` --melds "7h 8h 9h | Ks Kd Kc"`,
			want: laidOff{
				DeadwoodCards: fields("Ac 2d 4h 9s Qs"), Deadwood: 26, DeadwoodWithoutLayoffs: 46,
				KnockerMelds: meldList("7h 8h 9h | Kc Kd Ks"),
			},
			melds:   "5c 6c 7c",
			layoffs: "Th>7h 8h 9h, Jh>7h 8h 9h",
		},
		{
			// The fourth eight goes on the set or on the run; the 9♠ needs it on
			// the run. Left: K♣ = 10; without layoffs 8 + 9 + 10 = 27.
			name: "a card extends a run past a set's fourth card",
			args: `8s 9s 2d 3d 4d Kc --melds "8c 8d 8h; 5s 6s 7s"`,
			want: laidOff{
				DeadwoodCards: fields("Kc"), Deadwood: 10, DeadwoodWithoutLayoffs: 27,
				KnockerMelds: meldList("8c 8d 8h | 5s 6s 7s"),
			},
			melds:   "2d 3d 4d",
			layoffs: "8s>5s 6s 7s, 9s>5s 6s 7s",
		},
		{
			name: "the fourth card of a set",
			args: `Ks --melds "Kc Kd Kh"`,
			want: laidOff{
				DeadwoodCards: []string{}, Deadwood: 0, DeadwoodWithoutLayoffs: 10,
				KnockerMelds: meldList("Kc Kd Kh"),
			},
			layoffs: "Ks>Kc Kd Kh",
		},
		{
			// The knocker's only arrangement of least deadwood leaves 9♦ = 9.
			// The A♣ goes below 2♣ 3♣ 4♣ as well: 26 − 1 = 25 left.
			name: "the knocker's hand",
			args: defender + ` --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"`,
			want: laidOff{
				DeadwoodCards: fields("2d 4h 9s Qs"), Deadwood: 25, DeadwoodWithoutLayoffs: 46,
				KnockerMelds: meldList("Kc Kd Ks | 2c 3c 4c | 7h 8h 9h"),
			},
			melds:   "5c 6c 7c",
			layoffs: "Ac>2c 3c 4c, Th>7h 8h 9h, Jh>7h 8h 9h",
			knocker: &laidDown{
				Hand:  fields("2c 3c 4c Kc 9d Kd 7h 8h 9h Ks"),
				Melds: meldList("Kc Kd Ks | 2c 3c 4c | 7h 8h 9h"), DeadwoodCards: fields("9d"), Deadwood: 9,
			},
		},
		{
			// Eleven cards: the K♦ goes. 3♣ 3♦ 3♥ with 2♥ 4♥ left, or 2♥ 3♥ 4♥
			// with 3♣ 3♦ left: 6 either way. Against the run the defender lays off
			// A♥ and keeps 2♠ 3♠ = 5; against the set it would lay off 3♠ and keep
			// A♥ 2♠ = 3. Gin lays down the run: J♣ K♣ Q♦ 2♠ 3♠ = 35 left, and
			// 35 + 1 + 8 = 44 without the layoffs.
			name: "eleven cards: the discard, then the most deadwood for the defender",
			args: `3s 8s Kc Qd Jc 5d 6d 7d 2s Ah --knocker "3c 3d 3h 2h 4h 9s Ts Js Qs Ks Kd"`,
			want: laidOff{
				DeadwoodCards: fields("Jc Kc Qd 2s 3s"), Deadwood: 35, DeadwoodWithoutLayoffs: 44,
				KnockerMelds: meldList("2h 3h 4h | 9s Ts Js Qs Ks"),
			},
			melds:   "5d 6d 7d",
			layoffs: "Ah>2h 3h 4h, 8s>9s Ts Js Qs Ks",
			knocker: &laidDown{
				Hand: fields("3c 3d Kd 2h 3h 4h 9s Ts Js Qs Ks"), Discard: "Kd",
				Melds: meldList("2h 3h 4h | 9s Ts Js Qs Ks"), DeadwoodCards: fields("3c 3d"), Deadwood: 6,
			},
		},
		{
			// Ten cards melded: gin. Nothing is laid off, though 6♣ would go on
			// 2♣–5♣. Left: A♣ 2♦ 4♥ 10♥ J♥ 9♠ Q♠ = 1 + 2 + 4 + 10 + 10 + 9 + 10 = 46.
			name: "declared gin",
			args: `6c 7c 8c Th Jh Qs 2d 9s 4h Ac --melds "7h 8h 9h | Ks Kd Kc | 2c 3c 4c 5c"`,
			want: laidOff{
				DeadwoodCards: fields("Ac 2d 4h Th Jh 9s Qs"), Deadwood: 46, DeadwoodWithoutLayoffs: 46, Gin: true,
				KnockerMelds: meldList("7h 8h 9h | Kc Kd Ks | 2c 3c 4c 5c"),
			},
			melds: "6c 7c 8c",
		},
		{
			// Eleven cards melded: big gin, with no discard. Left: A♣ 2♦ 4♥ J♥ Q♥
			// 9♠ Q♠ = 1 + 2 + 4 + 10 + 10 + 9 + 10 = 46.
			name: "big gin",
			args: `5d 6d 7d Qh Jh Qs 2d 9s 4h Ac --knocker "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c"`,
			want: laidOff{
				DeadwoodCards: fields("Ac 2d 4h Jh Qh 9s Qs"), Deadwood: 46, DeadwoodWithoutLayoffs: 46, Gin: true, BigGin: true,
				KnockerMelds: meldList("Kc Kd Ks | 2c 3c 4c 5c | 7h 8h 9h Th"),
			},
			melds: "5d 6d 7d",
			knocker: &laidDown{
				Hand:  fields("2c 3c 4c 5c Kc Kd 7h 8h 9h Th Ks"),
				Melds: meldList("Kc Kd Ks | 2c 3c 4c 5c | 7h 8h 9h Th"), DeadwoodCards: []string{}, Deadwood: 0,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, "", append([]string{"layoff", "--json"}, shellFields(tt.args)...)...)
			if r.code != ExitOK || r.stderr != "" {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			var got laidOff
			decodeStrict(t, r.stdout, &got)
			defender, _, _ := strings.Cut(tt.args, " --")
			if !slices.Equal(sorted(got.Hand), sorted(fields(defender))) {
				t.Errorf("hand %v, want %s", got.Hand, defender)
			}
			got.Hand = nil
			want := tt.want
			want.Melds, want.Layoffs, want.Knocker = meldList(tt.melds), layoffList(tt.layoffs), tt.knocker
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

func TestLayoffErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ args, err string }{
		{"", "gin: layoff: give the defender's cards (see gin layoff --help)"},
		{"5c", `gin: layoff: give the knocker's melds (--melds "7h 8h 9h | Ks Kd Kc") or whole hand (--knocker CARDS)`},
		{`5c --melds "7h 8h 9h" --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"`, "gin: --melds and --knocker both give the knocker's cards: give one"},
		{`5c 1h --melds "7h 8h 9h"`, `gin: card 2 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{`5c 5C --melds "7h 8h 9h"`, `gin: card 2 "5C": duplicate of card 1`},
		{`5c --melds ""`, `gin: --melds: meld 1 "": empty`},
		{`5c --melds "7h 8h 9h |"`, `gin: --melds: meld 2 "": empty`},
		{`5c --melds "7h 8h 9h | Qh Kh Ah"`, `gin: --melds: meld 2 "Qh Kh Ah": not a set or a run`},
		{`5c --melds "7h 8h"`, `gin: --melds: meld 1 "7h 8h": not a set or a run; a meld has three cards or more: give the melds as one quoted argument, "7h 8h 9h | Ks Kd Kc"`},
		{`5c --melds 7h 8h 9h`, `gin: --melds: meld 1 "7h": not a set or a run; a meld has three cards or more: give the melds as one quoted argument, "7h 8h 9h | Ks Kd Kc"`},
		{`5c --melds "7h 8h 9h, Ks Kd Kc"`, `gin: --melds: meld 1 "7h 8h 9h, Ks Kd Kc": not a set or a run; separate melds with | or ; ("7h 8h 9h | Ks Kd Kc"), not commas`},
		{`5c --melds "7h 8h 9h | 7c 7d 7h"`, `gin: --melds: meld 2 "7c 7d 7h": card 6 "7h": duplicate`},
		{`5c --melds "7h 8h 1h"`, `gin: --melds: meld 1 "7h 8h 1h": card 3 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{`5c --melds "Ac 2c 3c | 4c 5c 6c | 7c 8c 9c | Tc Jc Qc"`, "gin: --melds: the knocker's melds hold 12 cards, more than a hand"},
		{`7h 2c --melds "7c 7d 7h"`, "gin: card 7h: held by the knocker and the defender"},
		{`5c --knocker 7h 8h 9h`, `gin: --knocker: 1 card, but a knocker holds ten, or eleven before the discard (quote the cards: --knocker "7h 8h 9h …")`},
		{`5c --knocker "7h 8h 9h"`, "gin: --knocker: 3 cards, but a knocker holds ten, or eleven before the discard"},
		{`5c --knocker "Ac 2c 3c 4c 6c 7c 8c 9c Tc Jc Qc Kc"`, "gin: --knocker: 12 cards, but a knocker holds ten, or eleven before the discard"},
		{`5c --knocker "7h 8h 1h"`, `gin: --knocker: card 3 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{`7h 2c --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"`, "gin: card 2c: held by the knocker and the defender"},
		{`5c --melds "7h 8h 9h" --color rainbow`, `gin: --color "rainbow": want auto, always or never`},
		{`5c --melds "7h 8h 9h" --knock-limit 5`, "gin: unknown flag --knock-limit (see gin layoff --help)"},
		{`5c --melds`, "gin: flag needs an argument: --melds (see gin layoff --help)"},
	}
	for _, tt := range tests {
		r := run(t, "", append([]string{"layoff"}, shellFields(tt.args)...)...)
		if r.stdout != "" || r.stderr != tt.err+"\n" || r.code != ExitError {
			t.Errorf("gin layoff %s:\nstdout %q\nstderr %q\nexit %d\nwant stderr %q, exit 2", tt.args, r.stdout, r.stderr, r.code, tt.err)
		}
	}
}

func TestLayoffFlagsAfterCards(t *testing.T) {
	t.Parallel()
	before := run(t, "", "layoff", "--json", "--melds", "7h 8h 9h", "Th", "2c")
	after := run(t, "", "layoff", "Th", "--melds", "7h 8h 9h", "2c", "--json")
	if before.code != ExitOK || before.stdout != after.stdout || after.code != ExitOK {
		t.Errorf("flags before the cards: %q exit %d; after: %q exit %d", before.stdout, before.code, after.stdout, after.code)
	}
}

// It runs alone, not in parallel: it sets $NO_COLOR (t.Setenv), which the
// process shares.
func TestLayoffColor(t *testing.T) {
	const red, reset = "\x1b[31m", "\x1b[0m"
	args := []string{"layoff", "Th", "2c", "--melds", "7h 8h 9h"}
	t.Setenv("NO_COLOR", "1")
	if r := run(t, "", append(args, "--color", "always")...); !strings.Contains(r.stdout, red+"10♥"+reset+" → "+red+"7♥"+reset) {
		t.Errorf("--color always: %q, want red hearts", r.stdout)
	}
	for _, mode := range []string{"auto", "never"} {
		if r := run(t, "", append(args, "--color", mode)...); strings.Contains(r.stdout, "\x1b[") || !strings.Contains(r.stdout, "10♥ → 7♥ 8♥ 9♥") {
			t.Errorf("--color %s: %q, want no colour", mode, r.stdout)
		}
	}
}
