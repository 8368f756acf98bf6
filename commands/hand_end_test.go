package commands

import (
	"os"
	"strings"
	"testing"
)

// A followed hand's end shows how it was laid down, as gin score shows a
// knock: it said only who scored. Ann knocks with 2♦ (2) over K♣ K♦ K♠,
// 2♣ 3♣ 4♣ and 7♥ 8♥ 9♥; Bob melds 3♦ 4♦ 5♦ and 10♠ J♠ Q♠, lays off K♥ on
// the kings, 5♣ on the clubs and 6♥ on the hearts, and keeps 8♣: 8, where
// without layoffs he kept 6♥ K♥ 5♣ 8♣, 29. Ann scores 8 − 2 = 6.
func TestHandEndShowsTheLayDown(t *testing.T) {
	parallelAbove(t)
	for _, tc := range []struct {
		name, knock, melds, layoffs string
	}{
		{"melds chosen", "Ann draw 2d knock 9d\n", "Kc Kd Ks | 2c 3c 4c | 7h 8h 9h (chosen for least deadwood)\n",
			"Kh -> Kc Kd Ks\n            5c -> 2c 3c 4c\n            6h -> 7h 8h 9h\n"},
		// In the order named, each card laid off by the meld it joins.
		{"melds named", "Ann draw 2d knock 9d melds 7h 8h 9h / Ks Kd Kc / 2c 3c 4c\n", "7h 8h 9h | Kc Kd Ks | 2c 3c 4c\n",
			"6h -> 7h 8h 9h\n            Kh -> Kc Kd Ks\n            5c -> 2c 3c 4c\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parallelIn(t, t.TempDir())
			rec := "players Ann Bob\ndealer Bob\nrules classic\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\nBob pass\n" + tc.knock
			if err := os.WriteFile("gin-hand.txt", []byte(rec), 0o644); err != nil {
				t.Fatal(err)
			}
			want := "Knocker:    2c 3c 4c Kc 2d Kd 7h 8h 9h Ks\n" +
				"  Melds:    " + tc.melds +
				"  Deadwood: 2d = 2\n" +
				"Defender:   5c 8c 3d 4d 5d 6h Kh Ts Js Qs\n" +
				"  Melds:    3d 4d 5d | Ts Js Qs\n" +
				"  Lays off: " + tc.layoffs +
				"  Deadwood: 8c = 8 (29 without layoffs)\n" +
				"Ann knocked: Ann scores 6.\n"
			// The move that ends the hand, and the hand shown after it.
			r := run(t, "", "hand", "--plain", "bob", "shows", "6h", "Kh", "5c", "Qs", "Js", "Ts", "3d", "4d", "5d", "8c")
			if r.code != 0 || !strings.Contains(r.stdout, want) {
				t.Errorf("the last move: exit %d, stdout\n%s\nstderr %s\nwant it to hold\n%s", r.code, r.stdout, r.stderr, want)
			}
			r = run(t, "", "hand", "show", "--plain")
			if r.code != 0 || !strings.Contains(r.stdout, want) {
				t.Errorf("gin hand show: exit %d, stdout\n%s\nstderr %s\nwant it to hold\n%s", r.code, r.stdout, r.stderr, want)
			}
		})
	}
}

// Before the end, and at a drawn hand's, there is nothing laid down to show.
func TestHandNoLayDownBeforeTheEnd(t *testing.T) {
	parallelIn(t, t.TempDir())
	rec := "players Ann Bob\ndealer Bob\nrules classic\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\nBob pass\nAnn draw 2d knock 9d\n"
	if err := os.WriteFile("gin-hand.txt", []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "hand", "show", "--plain")
	if r.code != 0 || strings.Contains(r.stdout, "Knocker:") || strings.Contains(r.stdout, "Lays off:") {
		t.Errorf("exit %d, stdout\n%s\nwant no lay-down before Bob shows his cards", r.code, r.stdout)
	}
}
