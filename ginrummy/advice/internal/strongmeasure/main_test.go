package main

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/advice/internal/strongtables"
)

// knocksOf draws n knocks whose chances said are spread over 1% to 40%,
// their deadwood over 0 to 10 and their stock over 0 to 10 cards beyond
// the stretch's first, each undercut with the chance the line l reads of
// it (written out here, not by l.read).
func knocksOf(rng *rand.Rand, n int, l line) []said {
	out := make([]said, n)
	for i := range out {
		p, d, st := 0.01+0.39*rng.Float64(), rng.IntN(11), rng.IntN(11)
		z := l.shift + l.slope*math.Log(p/(1-p)) + l.perDeadwood*float64(d) + l.perStock*float64(st)
		out[i] = said{p, d, st, rng.Float64() < 1/(1+math.Exp(-z))}
	}
	return out
}

// The logistic fit finds the line the knocks were drawn by (within what
// 20,000 knocks can tell); a line flatter than minSlope in the chance said
// is held at it, its shift, per-deadwood and per-stock fitted beside it;
// knocks all
// undercut, or none, or said certain, fit no line.
func TestFitLogistic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, want := range []line{{-0.5, 0.3, 0, 0}, {0.2, 0.8, -0.05, 0.03}, {-1.5, 0.25, 0.1, -0.08}, {-2, 1, 0.15, 0}} {
		got, ok := fitLogistic(knocksOf(rng, 20000, want), minSlope, 1)
		if !ok || math.Abs(got.shift-want.shift) > 0.15 || math.Abs(got.slope-want.slope) > 0.06 || math.Abs(got.perDeadwood-want.perDeadwood) > 0.02 ||
			math.Abs(got.perStock-want.perStock) > 0.02 {
			t.Errorf("drawn by %+v: fitted %+v (%v)", want, got, ok)
		}
	}
	// Undercut by the deadwood alone, whatever was said: flat in the
	// chance said, the deadwood's share found.
	flat := knocksOf(rng, 20000, line{-2, 0, 0.13, -0.06})
	got, ok := fitLogistic(flat, minSlope, 1)
	if !ok || got.slope != minSlope || math.Abs(got.perDeadwood-0.13) > 0.02 || math.Abs(got.perStock+0.06) > 0.02 {
		t.Fatalf("knocks flat in the chance said: fitted %+v (%v), want the slope held at %v, per-deadwood 0.13, per-stock -0.06", got, ok, minSlope)
	}
	// A slope between minSlope and least, or above most, is held at the
	// bound.
	if got, ok := fitLogistic(knocksOf(rng, 20000, line{-0.5, 0.3, 0.05, 0}), 1, 2); !ok || got.slope != 1 {
		t.Errorf("drawn at slope 0.3, held from 1: fitted %+v (%v)", got, ok)
	}
	if got, ok := fitLogistic(knocksOf(rng, 20000, line{0.2, 0.8, 0, 0}), minSlope, 0.5); !ok || got.slope != 0.5 {
		t.Errorf("drawn at slope 0.8, held to 0.5: fitted %+v (%v)", got, ok)
	}
	// Held at a slope of 1 (a line read after one of slope minSlope), the
	// shift, per-deadwood and per-stock still fit the share undercut.
	if held, ok := fitLogistic(flat, 1, 2); !ok || held.slope != 1 {
		t.Errorf("knocks flat in the chance said, held at slope 1: fitted %+v (%v)", held, ok)
	} else {
		share, want := 0.0, 0.0
		for _, k := range flat {
			share += held.read(k.chance, k.beyond, k.deadwood)
			want += 1 / (1 + math.Exp(-(-2 + 0.13*float64(k.deadwood) - 0.06*float64(k.beyond))))
		}
		if math.Abs(share-want)/float64(len(flat)) > 0.005 {
			t.Errorf("held at slope 1: the line reads the knocks %.4f undercut on average, drawn %.4f", share/float64(len(flat)), want/float64(len(flat)))
		}
	}
	for d := 0; d <= 10; d += 5 {
		for st := 0; st <= 10; st += 10 {
			share, n, want := 0.0, 0, 1/(1+math.Exp(-(-2+0.13*float64(d)-0.06*float64(st))))
			for _, k := range flat {
				if k.deadwood == d && k.beyond == st {
					share += got.read(k.chance, st, d)
					n++
				}
			}
			if share /= float64(n); math.Abs(share-want) > 0.02 {
				t.Errorf("flat knocks of deadwood %d, stock %d: the line reads them %.3f undercut on average, want %.3f", d, st, share, want)
			}
		}
	}
	// Knocks all made at one stock (or of one deadwood) cannot tell that
	// term from the shift: it stays 0, and the others still fit.
	one := knocksOf(rng, 20000, line{-1.5, 0.25, 0.1, 0})
	for i := range one {
		one[i].beyond = 4
	}
	if got, ok := fitLogistic(one, minSlope, 1); !ok || got.perStock != 0 || math.Abs(got.slope-0.25) > 0.06 || math.Abs(got.perDeadwood-0.1) > 0.02 {
		t.Errorf("knocks at one stock: fitted %+v (%v), want per-stock 0, slope 0.25, per-deadwood 0.1", got, ok)
	}
	for i := range one {
		one[i].deadwood = 7
	}
	if got, ok := fitLogistic(one, minSlope, 1); !ok || got.perStock != 0 || got.perDeadwood != 0 || math.Abs(got.slope-0.25) > 0.06 {
		t.Errorf("knocks at one stock and deadwood: fitted %+v (%v), want per-stock and per-deadwood 0, slope 0.25", got, ok)
	}
	for name, knocks := range map[string][]said{
		"none undercut": {{0.1, 3, 0, false}, {0.2, 5, 1, false}},
		"all undercut":  {{0.1, 3, 0, true}, {0.2, 5, 1, true}},
		"said certain":  {{0, 3, 0, true}, {1, 5, 1, false}, {0, 4, 2, false}},
	} {
		if l, ok := fitLogistic(knocks, minSlope, 1); ok {
			t.Errorf("%s: fitted %+v, want no line", name, l)
		}
	}
}

// -seed takes seeds with a comma between two, each once; the headers say
// them so.
func TestSeeds(t *testing.T) {
	got, err := parseSeeds("1,2, 3")
	if err != nil || len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("1,2, 3: %v %v", got, err)
	}
	if w := seedWords([]uint64{5, 6}); w != "seeds 5 and 6" {
		t.Errorf("two seeds: %q", w)
	}
	if w := seedWords(got); w != "seeds 1, 2 and 3" {
		t.Errorf("words %q", w)
	}
	if f := seedFlag(got); f != "1,2,3" {
		t.Errorf("flag %q", f)
	}
	if w := seedWords([]uint64{4}); w != "seed 4" {
		t.Errorf("one seed: %q", w)
	}
	for _, bad := range []string{"", "1,,2", "1,x", "-1", "2,2"} {
		if s, err := parseSeeds(bad); err == nil {
			t.Errorf("%q: %v, want an error", bad, s)
		}
	}
}

// The lines written are lines of the model's own chance: knocks whose
// chance said was read by the lines before (old) from the model's chance,
// and undercut as the line want reads the model's chance, are written as
// want (within what 200,000 knocks can tell), each held within minSlope and
// 1; a stretch whose knocks fit no line keeps old's.
func TestLinesComposed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	old := []line{{-1.5, 0.3, 0.1, 0.05}, {0.5, 0.5, -0.05, 0.04}, {0.2, 1, 0, 0}}
	// The middle stretch's knocks are flat in the model's chance: written
	// at minSlope exactly (the fit held at minSlope over old's slope).
	want := []line{{-1, 0.6, 0.08, -0.1}, {-2, 0, 0.13, 0.02}, {0.3, 0.9, 0.02, 0}}
	m := &measure{said: make([][]said, len(stockBands))}
	for i := range stockBands {
		if i == 2 {
			// Too few knocks, though they could fit a line: old's kept.
			for k := range 99 {
				m.said[i] = append(m.said[i], said{0.05 + 0.003*float64(k), k % 11, k % 7, k%3 == 0})
			}
			continue
		}
		for range 200000 {
			p, d, st := 0.01+0.39*rng.Float64(), rng.IntN(11), rng.IntN(8)
			m.said[i] = append(m.said[i], said{old[i].read(p, st, d), d, st, rng.Float64() < want[i].read(p, st, d)})
		}
	}
	text, _ := m.lines(old, []int{70, 80, 90}, 600, []uint64{1, 2, 3})
	path := t.TempDir() + "/strongundercuts.txt"
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	got, knocks, err := readLines(path)
	if err != nil {
		t.Fatal(err)
	}
	want[1].slope, want[2] = minSlope, old[2]
	for i, w := range want {
		g := got[i]
		if math.Abs(g.shift-w.shift) > 0.15 || math.Abs(g.slope-w.slope) > 0.04 || math.Abs(g.perDeadwood-w.perDeadwood) > 0.015 ||
			math.Abs(g.perStock-w.perStock) > 0.02 {
			t.Errorf("stock %v: wrote %+v, want %+v", stockBands[i], g, w)
		}
	}
	// The stretch kept is written with the knocks old was measured on.
	if knocks[0] != 200000 || knocks[1] != 200000 || knocks[2] != 90 {
		t.Errorf("knocks written %v, want 200000, 200000 and old's 90", knocks)
	}
	if got[1].slope != minSlope {
		t.Errorf("flat knocks: slope written %v, want %v", got[1].slope, minSlope)
	}
	header := strings.ReplaceAll(string(text), "\n# ", " ")
	for _, w := range []string{"go run ./internal/strongmeasure -games 600 -seed 1,2,3,", "--games 600 --seed S at seeds 1, 2 and 3 (classic rules)"} {
		if !strings.Contains(header, w) {
			t.Errorf("the header does not say %q:\n%s", w, text)
		}
	}
}

// A knock's stretch of the stock and the cards beyond its first are those
// of strongundercuts.txt's lines (written out here from the file), the
// stock being the one after the knocker's draw; and each stretch the
// producer fits is a line of the file the package embeds.
func TestStretch(t *testing.T) {
	for _, tt := range []struct{ stock, i, beyond int }{
		{31, 0, 10}, {21, 0, 0}, {20, 1, 7}, {13, 1, 0}, {12, 2, 12}, {0, 2, 0},
	} {
		if i, beyond, ok := stretch(tt.stock); !ok || i != tt.i || beyond != tt.beyond {
			t.Errorf("stock %d: stretch %d, %d beyond (%v), want %d, %d", tt.stock, i, beyond, ok, tt.i, tt.beyond)
		}
	}
	if _, _, ok := stretch(32); ok {
		t.Error("stock 32: in a stretch, want none (a deal leaves 31 at most)")
	}
	_, knocks, err := readLines("../../strongundercuts.txt")
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range knocks {
		if k == 0 {
			t.Errorf("stretch %v: no line of strongundercuts.txt (or one measured on no knocks)", stockBands[i])
		}
	}
}

// A line fitted on the chances old said, read after old, reads as the one
// line after makes of it; bounded holds each term but the slope within
// advice's bounds.
func TestAfter(t *testing.T) {
	fit, old := line{0.4, 0.7, -0.03, 0.05}, line{-1.2, 0.5, 0.1, -0.08}
	got := fit.after(old)
	for _, p := range []float64{0.05, 0.2, 0.6} {
		for _, beyond := range []int{0, 4, 10} {
			for _, d := range []int{0, 5, 10} {
				want := fit.read(old.read(p, beyond, d), beyond, d)
				if r := got.read(p, beyond, d); math.Abs(r-want) > 1e-12 {
					t.Errorf("said %v, %d beyond, deadwood %d: read %v, want %v", p, beyond, d, r, want)
				}
			}
		}
	}
	if b := (line{9, 0.5, -3, 2}).bounded(); b != (line{strongtables.MaxShift, 0.5, -strongtables.MaxPerDeadwood, strongtables.MaxPerStock}) {
		t.Errorf("bounded %+v", b)
	}
	if b := (line{-9, 0.5, 3, -2}).bounded(); b != (line{-strongtables.MaxShift, 0.5, strongtables.MaxPerDeadwood, -strongtables.MaxPerStock}) {
		t.Errorf("bounded %+v", b)
	}
	if l := (line{0.3, 0.5, 0.1, -0.2}); l.bounded() != l {
		t.Errorf("bounded moved %+v to %+v", l, l.bounded())
	}
}

// readLines reads a line of seven fields, each within the bounds advice
// reads the file by (strongtables), and refuses any other with the file and
// line.
func TestReadLines(t *testing.T) {
	path := t.TempDir() + "/strongundercuts.txt"
	read := func(text string) ([]line, []int, error) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return readLines(path)
	}
	got, knocks, err := read("# a comment\n0 12 0.5 0.4 0.03 -0.2 700\n")
	if err != nil || got[2] != (line{0.5, 0.4, 0.03, -0.2}) || knocks[2] != 700 || got[0] != (line{0, 1, 0, 0}) || knocks[0] != 0 {
		t.Errorf("a line of 0 to 12: %+v %v %v", got, knocks, err)
	}
	for _, bad := range []string{"0 12 0.5 0.4 0.03 700", "0 12 0.5 0.4 0.03 1.01 700", "0 12 0.5 0.4 0.03 -1.01 700", "0 12 0.5 0.4 0.03 NaN 700",
		"0 12 0.5 0.4 1.01 0 700", "0 12 5.01 0.4 0 0 700", "0 12 0.5 0 0 0 700", "0 12 0.5 1.01 0 0 700", "0 12 0.5 0.4 0 0 -1", "0 12 0.5 0.4 0 0 x"} {
		if _, _, err := read("# a comment\n" + bad + "\n"); err == nil || !strings.Contains(err.Error(), path+": line 2:") {
			t.Errorf("%q: %v, want an error at %s, line 2", bad, err, path)
		}
	}
}
