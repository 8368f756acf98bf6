package equity_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/equity"
)

// measuredSum is the SHA-256 of measuredDump over the measured hands as the
// Go source that held them before measured.txt (measured.go, written by the
// former TestGenerate) parsed: taken by running measuredDump over that
// source's values before it was deleted, so the data file is held to the
// very values the advice used.
const measuredSum = "43f4a97dfd5ce5d41c528a6583cf4ff65c27c28b1cbaa7ee808b7858da955418"

// measuredDump writes every field of every measured hand, numbers as numbers.
func measuredDump(ms []equity.Measured) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "%s|%s|%d|%d\n", m.Preset, m.Bots, m.Hands, m.Seed)
		for _, sd := range m.Showdowns {
			fmt.Fprintf(&b, "%t %d %d %d %d %d\n", sd.ByDealer, sd.Ending, sd.KnockerDeadwood, sd.DefenderDeadwood, sd.Upcard, sd.Count)
		}
	}
	return b.String()
}

// TestMeasuredFile holds the embedded measured.txt to the values measured.go
// had, and to the form the generator writes.
func TestMeasuredFile(t *testing.T) {
	t.Parallel()
	ms, err := equity.MeasuredHands()
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%x", sha256.Sum256([]byte(measuredDump(ms)))); got != measuredSum {
		t.Errorf("measured hands' checksum %s, want %s (the values of the former measured.go)", got, measuredSum)
	}
	if got := equity.FormatMeasured(ms); !bytes.Equal(got, equity.MeasuredText) {
		t.Error("FormatMeasured of the parsed measured.txt differs from measured.txt: the generator would write another file")
	}
	// Each preset's first and last result as measured.go's text had them,
	// and its counts adding up to its hands.
	want := []struct {
		preset      string
		lines       int
		first, last equity.Showdown
	}{
		{"classic", 588, sd(t, true, ginrummy.Knocked, 1, 0, "", 1), sd(t, false, ginrummy.Drawn, 0, 0, "", 23)},
		{"modern", 343, sd(t, true, ginrummy.Knocked, 1, 0, "", 1), sd(t, false, ginrummy.Drawn, 0, 0, "", 81)},
		{"scorepad", 385, sd(t, true, ginrummy.Knocked, 1, 0, "", 3), sd(t, false, ginrummy.Drawn, 0, 0, "", 48)},
		{"oklahoma", 874, sd(t, true, ginrummy.Knocked, 1, 1, "2c", 1), sd(t, false, ginrummy.Drawn, 0, 0, "Ks", 3)},
	}
	if len(ms) != len(want) {
		t.Fatalf("%d presets measured, want %d", len(ms), len(want))
	}
	for i, w := range want {
		m := ms[i]
		if m.Preset != w.preset || m.Hands != 1000 || m.Seed != 1 || m.Bots != "advise-hand against advise-hand" {
			t.Errorf("preset %d: %s %d hands seed %d by %q, want %s 1000 hands seed 1 by advise-hand against advise-hand",
				i, m.Preset, m.Hands, m.Seed, m.Bots, w.preset)
		}
		if len(m.Showdowns) != w.lines {
			t.Fatalf("%s: %d results, want %d", m.Preset, len(m.Showdowns), w.lines)
		}
		if got := m.Showdowns[0]; got != w.first {
			t.Errorf("%s: first result %+v, want %+v", m.Preset, got, w.first)
		}
		if got := m.Showdowns[len(m.Showdowns)-1]; got != w.last {
			t.Errorf("%s: last result %+v, want %+v", m.Preset, got, w.last)
		}
		total := 0
		for _, s := range m.Showdowns {
			total += s.Count
		}
		if total != m.Hands {
			t.Errorf("%s: results count %d hands, want %d", m.Preset, total, m.Hands)
		}
	}
}

func sd(t *testing.T, byDealer bool, e ginrummy.Ending, knocker, defender int, upcard string, count int) equity.Showdown {
	t.Helper()
	s := equity.Showdown{ByDealer: byDealer, Count: count}
	s.Ending, s.KnockerDeadwood, s.DefenderDeadwood, s.Upcard = e, knocker, defender, ginrummy.NoCard
	if upcard != "" {
		c, err := ginrummy.ParseCard(upcard)
		if err != nil {
			t.Fatal(err)
		}
		s.Upcard = c
	}
	return s
}

// TestParseMeasuredErrors: a line that cannot be read is named by its number.
func TestParseMeasuredErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		line int
	}{
		{"d knock 1 0 - 1\n", 1},
		{"# note\npreset classic 10 1\n", 2},
		{"preset classic ten 1 bots\n", 1},
		{"preset classic 10 1 bots\n\nx knock 1 0 - 1\n", 3},
		{"preset classic 10 1 bots\nd knock 1 0 - \n", 2},
		{"preset classic 10 1 bots\nd knock 1 -2 - 1\n", 2},
		{"preset classic 10 1 bots\nd knock 1 0 Zz 1\n", 2},
		{"preset classic 10 1 bots\nd knack 1 0 - 1\n", 2},
	} {
		_, err := equity.ParseMeasured([]byte(tc.text))
		var me *equity.MeasuredError
		if !errors.As(err, &me) || me.Line != tc.line {
			t.Errorf("ParseMeasured(%q) = %v, want an error at line %d", tc.text, err, tc.line)
		}
	}
}

// Rules no game could be played with (a target of 0, a number of games
// out of 1 to 3) are refused by every way a valuer is built, with the
// rules' own *ginrummy.RuleError, before any other reason.
func TestBadRulesRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		preset string
		change func(*ginrummy.Rules)
	}{
		{"classic", func(r *ginrummy.Rules) { r.Target = 0 }},
		{"hollywood", func(r *ginrummy.Rules) { r.Target = 0 }},
		{"classic", func(r *ginrummy.Rules) { r.GamesAtOnce = 0 }},
		{"hollywood", func(r *ginrummy.Rules) { r.GamesAtOnce = 4 }},
		{"modern", func(r *ginrummy.Rules) { r.Shutout = 9 }},
	} {
		r, err := ginrummy.Preset(tc.preset)
		if err != nil {
			t.Fatal(err)
		}
		tc.change(&r)
		builds := map[string]func() error{
			"ResultsFor": func() error { _, err := equity.ResultsFor(r); return err },
			"NewTable":   func() error { _, err := equity.NewTable(r); return err },
			"NewMatch":   func() error { _, err := equity.NewMatch(r); return err },
			"For":        func() error { _, err := equity.For(r); return err },
		}
		for name, build := range builds {
			if _, ok := errors.AsType[*ginrummy.RuleError](build()); !ok {
				t.Errorf("%s of %s changed (%+v): %v, want a *ginrummy.RuleError", name, tc.preset, r, build())
			}
		}
	}
}
