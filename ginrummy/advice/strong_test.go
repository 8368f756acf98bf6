package advice

import (
	"errors"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice/internal/strongtables"
)

// bandChance is the chance strongknocks.txt gives on its line for the
// stock and deadwood band, read from the file's text.
func bandChance(t *testing.T, band string) float64 {
	t.Helper()
	for line := range strings.Lines(strongText) {
		if strings.HasPrefix(line, band+" ") {
			c, err := strconv.ParseFloat(strings.Fields(line)[4], 64)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	t.Fatalf("no line %q in strongknocks.txt", band)
	return 0
}

// Against a player who plays as the advice does, a hand that could have
// knocked and did not weighs by how often the advise bots waited with its
// deadwood and the stock of the opponent's last turn (strongknocks.txt), not
// by the knock rate; a hand at gin, which they always went, all but not at
// all; a hand that could not knock in full; and a card thrown near the hand
// kept, or one that melds with it, weighs nothing against it, unlike against
// another player (safe throws say little, and a long hand's throws were made
// about other cards).
func TestStrongLikelihood(t *testing.T) {
	four := hand(t, "2c 3c 4c 5h 6h 7h 9s 9d 9h 4d")  // deadwood 4
	eight := hand(t, "2c 3c 4c 5h 6h 7h 9s 9d 9h 8d") // deadwood 8
	gin := hand(t, "2c 3c 4c 5h 6h 7h 9s 9d 9h 9c")   // deadwood 0
	far := hand(t, "2c 3c 4c 5h 6h 7h 9s 9d Kh Qs")   // deadwood 29: cannot knock
	for _, tt := range []struct {
		name  string
		hand  ginrummy.Hand
		stock int
		want  float64
	}{
		{"deadwood 4, stock 25", four, 25, 1 - bandChance(t, "21 31 1 5")},
		{"deadwood 8, stock 25", eight, 25, 1 - bandChance(t, "21 31 6 10")},
		{"deadwood 4, stock 15", four, 15, 1 - bandChance(t, "13 20 1 5")},
		{"deadwood 8, stock 15", eight, 15, 1 - bandChance(t, "13 20 6 10")},
		{"deadwood 4, stock 5", four, 5, 1 - bandChance(t, "0 12 1 5")},
		{"deadwood 8, stock 5", eight, 5, 1 - bandChance(t, "0 12 6 10")},
	} {
		// The knock rate, 0.6, weighs nothing against a strong player.
		e := evidence{turns: 3, knockRate: 0.6, limit: 10, strong: true, stock: tt.stock, tookMelds: 0.5}
		if got := e.likelihood(tt.hand); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	e := evidence{turns: 3, knockRate: 0.6, limit: 10, strong: true, stock: 15, tookMelds: 0.5}
	if got, want := e.likelihood(gin), 1-0.98; math.Abs(got-want) > 1e-12 {
		t.Errorf("gin not gone: %v, want %v", got, want)
	}
	if got := e.likelihood(far); got != 1 {
		t.Errorf("a hand that could not knock: %v, want 1", got)
	}
	// Before their first turn they had no chance to knock.
	e.turns = 0
	if got := e.likelihood(four); got != 1 {
		t.Errorf("before their first turn: %v, want 1", got)
	}
	// A thrown 5♠ is near the 5♥ of a hand that cannot knock.
	e = evidence{threw: hand(t, "5s"), turns: 3, knockRate: 0.6, limit: 10, strong: true, stock: 15, tookMelds: 0.5}
	if got, want := e.likelihood(far), 1.0; math.Abs(got-want) > 1e-12 {
		t.Errorf("a throw near the hand: %v, want %v", got, want)
	}
	e.strong = false
	if got, want := e.likelihood(far), 0.5; math.Abs(got-want) > 1e-12 {
		t.Errorf("a throw near the hand, not strong: %v, want %v", got, want)
	}
	// A thrown 4♣ makes a run with the 2♣ 3♣ of a hand that cannot knock:
	// against a strong player it weighs nothing, against another × 0.1.
	e = evidence{threw: hand(t, "4c"), turns: 3, knockRate: 0.6, limit: 10, strong: true, stock: 15, tookMelds: 0.5}
	melds := hand(t, "2c 3c 7d 5h 6h 7h 9s 9d Kh Qs") // deadwood 50: cannot knock
	if got, want := e.likelihood(melds), 1.0; math.Abs(got-want) > 1e-12 {
		t.Errorf("a throw that melds with the hand: %v, want %v", got, want)
	}
	e.strong = false
	if got, want := e.likelihood(melds), 0.1; math.Abs(got-want) > 1e-12 {
		t.Errorf("a throw that melds with the hand, not strong: %v, want %v", got, want)
	}
}

// strongknocks.txt reads (strongtables.ParseKnocks), and every stock a
// deal can leave and every deadwood up to the classic limit is in one band.
func TestParseStrong(t *testing.T) {
	b, err := strongtables.ParseKnocks(strongText)
	if err != nil || len(b) == 0 {
		t.Fatalf("strongknocks.txt: %d bands, %v", len(b), err)
	}
	for stock := range 32 {
		for d := 1; d <= 10; d++ {
			n := 0
			for _, x := range b {
				if stock >= x.From && stock <= x.To && d >= x.Lo && d <= x.Hi {
					n++
				}
			}
			if n != 1 {
				t.Errorf("stock %d, deadwood %d: in %d bands, want 1", stock, d, n)
			}
		}
	}
}

// strongundercuts.txt reads (strongtables.ParseUndercuts), each stock of a
// deal in one band.
func TestParseStrongUndercuts(t *testing.T) {
	b, err := strongtables.ParseUndercuts(strongUndercutText)
	if err != nil || len(b) == 0 {
		t.Fatalf("strongundercuts.txt: %d bands, %v", len(b), err)
	}
	for stock := range 32 {
		n := 0
		for _, x := range b {
			if stock >= x.From && stock <= x.To {
				n++
			}
		}
		if n != 1 {
			t.Errorf("stock %d: in %d bands, want 1", stock, n)
		}
	}
}

// undercutLine is the stock-from, shift, slope, per-deadwood and per-stock
// strongundercuts.txt gives on its line for the stock band, read from the
// file's text.
func undercutLine(t *testing.T, band string) (from int, shift, slope, perDeadwood, perStock float64) {
	t.Helper()
	for line := range strings.Lines(strongUndercutText) {
		if f := strings.Fields(line); strings.HasPrefix(line, band+" ") && len(f) == 7 {
			from, err0 := strconv.Atoi(f[0])
			a, err1 := strconv.ParseFloat(f[2], 64)
			b, err2 := strconv.ParseFloat(f[3], 64)
			c, err3 := strconv.ParseFloat(f[4], 64)
			d, err4 := strconv.ParseFloat(f[5], 64)
			if err := errors.Join(err0, err1, err2, err3, err4); err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			return from, a, b, c, d
		}
	}
	t.Fatalf("no line %q in strongundercuts.txt", band)
	return 0, 0, 0, 0, 0
}

// Against a player who plays as the advice does, a knock's chance of an
// undercut is the one its stock's line of strongundercuts.txt makes of the
// model's (its log-odds times the slope, plus the shift, plus per-deadwood
// for each of the knock's 3 points, plus per-stock for each card of the
// stock beyond the band's first); against another player, or under the
// uniform model, it is the model's. The knock's points are the model's
// either way: the advice chooses by them, and the lines are measured on
// the knocks it makes when it does. The weights are written here: three
// hands of defender deadwood 2, 4 and 20 against a knock of 3 (the 2
// undercuts: the model says 1 in 6).
func TestStrongUndercutTilt(t *testing.T) {
	rules, err := ginrummy.Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	val, err := Settings{Rules: rules}.values()
	if err != nil {
		t.Fatal(err)
	}
	logit := math.Log(0.5 / 2.5)
	read := func(band string, stock int) (q, slope float64) {
		from, a, b, c, d := undercutLine(t, band)
		return 1 / (1 + math.Exp(-(a + b*logit + 3*c + float64(stock-from)*d))), b
	}
	// The model's error: one hand in each of the three bins (weights
	// squared), the share undercut 1/6, sqrt(Σ w² (y - 1/6)²) / Σ w.
	p := 1.0 / 6
	modelErr := math.Sqrt(0.25*(1-p)*(1-p)+(1+2.25)*p*p) / 3
	for _, tt := range []struct {
		name   string
		strong bool
		model  Model
		stock  int
		band   string // the line read, or none
	}{
		{"strong, early", true, Evidence, 25, "21 31"},
		{"strong, middle", true, Evidence, 15, "13 20"},
		{"strong, late", true, Evidence, 5, "0 12"},
		{"not strong", false, Evidence, 5, ""},
		{"uniform", true, Uniform, 5, ""},
	} {
		// The error said is the model's carried through the line: its
		// slope times the change of the chance read for a change of the
		// model's, q(1-q) / p(1-p).
		want, wantErr := p, modelErr
		if tt.band != "" {
			q, slope := read(tt.band, tt.stock)
			want, wantErr = q, slope*q*(1-q)/(p*(1-p))*modelErr
		}
		for _, exact := range []bool{true, false} {
			e := &engine{s: Settings{Rules: rules, Model: tt.model}, stock: tt.stock, val: val}
			e.ev.strong = tt.strong
			c := &candidate{ending: ginrummy.Knocked, dw: 3}
			c.hist[2], c.hist[4], c.hist[20] = 0.5, 1, 1.5
			c.hist2[2], c.hist2[4], c.hist2[20] = 0.25, 1, 2.25
			k, err := e.value(c, &c.hist, &c.hist2, exact)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(k.Undercut-want) > 1e-12 {
				t.Errorf("%s (exact %v): undercut %v, want %v", tt.name, exact, k.Undercut, want)
			}
			if !exact && math.Abs(k.UndercutErr-wantErr) > 1e-12 {
				t.Errorf("%s: undercut's error %v, want %v", tt.name, k.UndercutErr, wantErr)
			}
			// The knock's points are the model's, whatever the chance said:
			// the knock of 3 wins 1 point against 4 and 17 against 20, and is
			// undercut by the 2 for 1 point and the undercut bonus.
			points := (val.Won[1]*1 + val.Won[17]*1.5 + val.Lost[1+rules.UndercutBonus]*0.5) / 3
			if math.Abs(k.Points-points) > 1e-9 {
				t.Errorf("%s (exact %v): points %v, want %v", tt.name, exact, k.Points, points)
			}
		}
	}
	// A chance all but sure, read by the steepest line a file may hold,
	// stays short of 1 and of 0: the weights it sets stay finite.
	steep := strongtables.UndercutLine{From: 0, To: 31, Shift: strongtables.MaxShift, Slope: 1, PerDeadwood: strongtables.MaxPerDeadwood, PerStock: strongtables.MaxPerStock}
	if q := chance(steep.LogOdds(1-1e-16, 31, 10)); !(q < 1) {
		t.Errorf("1 - 1e-16 read by shift %v, slope 1: %v, want less than 1", strongtables.MaxShift, q)
	}
	flat := strongtables.UndercutLine{From: 0, To: 31, Shift: -strongtables.MaxShift, Slope: 1, PerDeadwood: -strongtables.MaxPerDeadwood, PerStock: -strongtables.MaxPerStock}
	if q := chance(flat.LogOdds(1e-300, 31, 10)); !(q > 0) {
		t.Errorf("1e-300 read by shift -%v, slope 1: %v, want more than 0", strongtables.MaxShift, q)
	}
	// The lines are real: late in the stock, a chance said of 1 in 6 is
	// read as more.
	if q, _ := read("0 12", 5); !(q > 1.0/6) {
		t.Errorf("late in the stock 1 in 6 read as %v, want more", q)
	}
	// In the middle of the stock a knock that keeps more deadwood is the
	// likelier undercut, whatever the model says.
	if _, _, _, c, _ := undercutLine(t, "13 20"); !(c > 0) {
		t.Errorf("in the middle of the stock a point of deadwood adds %v to the log-odds, want more than 0", c)
	}
	// In each stretch, the fewer cards left, the likelier an undercut: the
	// defender has had more turns to lay their hand low.
	for _, band := range []string{"21 31", "13 20", "0 12"} {
		if _, _, _, _, d := undercutLine(t, band); !(d < 0) {
			t.Errorf("stock %s: a card more in the stock adds %v to the log-odds, want less than 0", band, d)
		}
	}
}

// strongknocks.txt and strongundercuts.txt each say how they were made: by
// the producer (internal/strongmeasure) at tuning seeds (1 to 3: the report
// seeds 4 to 6 are never tuned on), playing the games of gin arena.
// strongundercuts.txt is what the command go generate runs (strong.go's
// //go:generate line) writes; the table may be kept from an earlier run,
// under an earlier command (docs/advise.md says which). Each band was
// measured on enough decisions or knocks.
func TestStrongMade(t *testing.T) {
	src, err := os.ReadFile("strong.go")
	if err != nil {
		t.Fatal(err)
	}
	gen := regexp.MustCompile(`(?m)^//go:generate go run (\./internal/strongmeasure -games (\d+) -seed ([\d,]+)) -o strongknocks\.txt -undercuts strongundercuts\.txt$`).FindSubmatch(src)
	if gen == nil {
		t.Fatal("strong.go has no //go:generate line that runs ./internal/strongmeasure into strongknocks.txt and strongundercuts.txt")
	}
	tuning := func(name, seeds string) {
		for _, s := range strings.Split(seeds, ",") {
			if seed, _ := strconv.Atoi(s); seed < 1 || seed > 3 {
				t.Errorf("%s: seed %q, not a tuning seed (1 to 3)", name, s)
			}
		}
	}
	tuning("//go:generate", string(gen[3]))
	made := regexp.MustCompile(`Made by go generate \./ginrummy/advice: go run (\./internal/strongmeasure -games (\d+) -seed ([\d,]+)), which plays the games of gin arena --bots advise,advise-hand --games (\d+) --seed`)
	for name, text := range map[string]string{"strongknocks.txt": strongText, "strongundercuts.txt": strongUndercutText} {
		header := strings.Join(strings.Fields(strings.NewReplacer("#", "", "\n", " ").Replace(text)), " ")
		m := made.FindStringSubmatch(header)
		if m == nil {
			t.Errorf("%s does not say it was made by go run ./internal/strongmeasure, playing the games of gin arena: %q", name, header)
			continue
		}
		if m[2] != m[4] {
			t.Errorf("%s: -games %s, but gin arena --games %s", name, m[2], m[4])
		}
		tuning(name, m[3])
		if name == "strongundercuts.txt" && m[1] != string(gen[1]) {
			t.Errorf("%s says it was made by %q, not by go generate's %q", name, m[1], gen[1])
		}
	}
	for line := range strings.Lines(strongUndercutText) {
		f := strings.Fields(line)
		if len(f) == 7 && !strings.HasPrefix(f[0], "#") {
			if n, err := strconv.Atoi(f[6]); err != nil || n < 50 {
				t.Errorf("undercut band %s measured on %q knocks, want a count of 50 or more", strings.Join(f[:2], " "), f[6])
			}
		}
	}
	for line := range strings.Lines(strongText) {
		f := strings.Fields(line)
		if len(f) == 6 && !strings.HasPrefix(f[0], "#") {
			if n, err := strconv.Atoi(f[5]); err != nil || n < 50 {
				t.Errorf("band %s measured on %q decisions, want a count of 50 or more", strings.Join(f[:4], " "), f[5])
			}
		}
	}
}
