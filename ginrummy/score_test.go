package ginrummy

import (
	"encoding"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The hands of scoring-examples.md, as a person would say them.
func knock(k, d int) Showdown { return Showdown{Knocked, k, d, NoCard} }
func gin(d int) Showdown      { return Showdown{WentGin, 0, d, NoCard} }
func bigGin(d int) Showdown   { return Showdown{WentBigGin, 0, d, NoCard} }
func drawn() Showdown         { return Showdown{Ending: Drawn, Upcard: NoCard} }

// on returns the hand dealt with the given upcard.
func on(t testing.TB, upcard string, s Showdown) Showdown {
	t.Helper()
	c, err := ParseCard(upcard)
	if err != nil {
		t.Fatal(err)
	}
	s.Upcard = c
	return s
}

func mustPreset(t testing.TB, name string) Rules {
	t.Helper()
	r, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// result is a score in the notation of scoring-examples.md: "K+15" means the
// knocker scores 15, "D+29" the defender 29, followed by the kind of score;
// "none" is a drawn hand and "error" a refused one.
func result(hs HandScore, err error) string {
	switch {
	case err != nil:
		return "error"
	case hs.Scorer == Nobody:
		return "none " + hs.Kind.String()
	}
	return fmt.Sprintf("%s+%d %v", strings.ToUpper(hs.Scorer.String()[:1]), hs.Points, hs.Kind)
}

// checkBreakdown fails when the lines of a score do not add up to its points.
func checkBreakdown(t *testing.T, what string, hs HandScore) {
	t.Helper()
	sum := 0
	for _, it := range hs.Breakdown {
		sum += it.Points
	}
	if sum != hs.Points {
		t.Errorf("%s: breakdown %v adds up to %d, not %d", what, hs.Breakdown, sum, hs.Points)
	}
}

func TestScoreHandExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id                        string
		hand                      Showdown
		classic, modern, scorepad string
	}{
		{"H1", knock(5, 20), "K+15 knock", "K+15 knock", "K+15 knock"},
		{"H2", knock(10, 11), "K+1 knock", "K+1 knock", "K+1 knock"},
		{"H3", knock(7, 3), "D+14 undercut", "D+29 undercut", "D+29 undercut"},
		{"H4", knock(6, 6), "D+10 undercut", "D+25 undercut", "K+0 knock"},
		{"H5", knock(4, 0), "D+14 undercut", "D+29 undercut", "D+29 undercut"},
		{"H6", gin(23), "K+43 gin", "K+48 gin", "K+48 gin"},
		{"H7", gin(0), "K+20 gin", "K+25 gin", "K+25 gin"},
		{"H8", bigGin(15), "K+35 gin", "K+46 big_gin", "K+40 gin"},
		{"H9", bigGin(0), "K+20 gin", "K+31 big_gin", "K+25 gin"},
		{"H10", knock(3, 1), "D+12 undercut", "D+27 undercut", "D+27 undercut"},
		{"H11", knock(11, 20), "error", "error", "error"},
		{"H12", drawn(), "none draw", "none draw", "none draw"},
	}
	for _, tt := range tests {
		for preset, want := range map[string]string{"classic": tt.classic, "modern": tt.modern, "scorepad": tt.scorepad} {
			hs, err := mustPreset(t, preset).ScoreHand(tt.hand)
			if got := result(hs, err); got != want {
				t.Errorf("%s under %s: %s (%v), want %s", tt.id, preset, got, err, want)
			}
			checkBreakdown(t, tt.id+" "+preset, hs)
		}
	}
}

func TestScoreHandOklahomaExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id   string
		hand Showdown
		want string
	}{
		{"O1", on(t, "7h", knock(7, 19)), "K+12 knock"},
		{"O2", on(t, "7s", knock(5, 19)), "K+28 knock"},
		{"O3", on(t, "Qs", gin(12)), "K+74 gin"},
		{"O4", on(t, "4d", knock(6, 20)), "error"},
		{"O5", on(t, "Ac", knock(1, 20)), "error"},
		{"O6", on(t, "Ac", gin(30)), "K+55 gin"},
		{"O7", on(t, "As", gin(9)), "K+68 gin"},
		{"O8", on(t, "9s", knock(8, 5)), "D+56 undercut"},
		{"O9", on(t, "Td", knock(10, 10)), "D+25 undercut"},
	}
	oklahoma := mustPreset(t, "oklahoma")
	for _, tt := range tests {
		hs, err := oklahoma.ScoreHand(tt.hand)
		if got := result(hs, err); got != tt.want {
			t.Errorf("%s: %s (%v), want %s", tt.id, got, err, tt.want)
		}
		checkBreakdown(t, tt.id, hs)
	}
}

// line is an Item as printed: its words and points.
type line struct {
	label  string
	points int
}

func labelled(items []Item) []line {
	var out []line
	for _, it := range items {
		out = append(out, line{it.Label(), it.Points})
	}
	return out
}

func TestScoreHandBreakdown(t *testing.T) {
	t.Parallel()
	tests := []struct {
		preset string
		hand   Showdown
		want   []line
	}{
		{"classic", knock(5, 20), []line{{"deadwood difference", 15}}},
		{"modern", knock(7, 3), []line{{"undercut bonus", 25}, {"deadwood difference", 4}}},
		{"scorepad", knock(6, 6), []line{{"tie goes to the knocker", 0}}},
		{"modern", gin(23), []line{{"gin bonus", 25}, {"defender's deadwood", 23}}},
		{"modern", knock(0, 23), []line{{"gin bonus", 25}, {"defender's deadwood", 23}}},
		{"modern", bigGin(15), []line{{"big gin bonus", 31}, {"defender's deadwood", 15}}},
		{"classic", bigGin(15), []line{
			{"gin bonus for a big gin", 20},
			{"defender's deadwood", 15},
		}},
		{"oklahoma", on(t, "7s", knock(5, 19)), []line{{"deadwood difference", 14}, {"spade upcard doubles", 14}}},
		{"oklahoma", on(t, "Qs", gin(12)), []line{
			{"gin bonus", 25}, {"defender's deadwood", 12}, {"spade upcard doubles", 37},
		}},
		{"oklahoma", on(t, "9s", knock(8, 5)), []line{
			{"undercut bonus", 25}, {"deadwood difference", 3}, {"spade upcard doubles", 28},
		}},
		{"classic", drawn(), nil},
	}
	for _, tt := range tests {
		hs, err := mustPreset(t, tt.preset).ScoreHand(tt.hand)
		if err != nil || !slices.Equal(labelled(hs.Breakdown), tt.want) {
			t.Errorf("%s %+v: breakdown %v, %v; want %v", tt.preset, tt.hand, hs.Breakdown, err, tt.want)
		}
	}
}

func TestScoreHandErrors(t *testing.T) {
	t.Parallel()
	classic, oklahoma := mustPreset(t, "classic"), mustPreset(t, "oklahoma")
	spades := classic
	spades.SpadeDoubles = true
	noBigGin := mustPreset(t, "modern")
	noBigGin.BigGin = false
	tests := []struct {
		rules Rules
		hand  Showdown
		is    error
		msg   string
	}{
		{classic, knock(11, 20), ErrOverKnockLimit, "knock with 11 is over the knock limit of 10"},
		{oklahoma, on(t, "4d", knock(6, 20)), ErrOverKnockLimit, "knock with 6 is over the knock limit of 4 set by the upcard 4d"},
		{oklahoma, on(t, "Ac", knock(1, 20)), ErrOverKnockLimit, "knock with 1 is over the knock limit of 0: an ace upcard allows gin only"},
		{oklahoma, knock(3, 20), ErrNeedUpcard, "these rules need the upcard"},
		{oklahoma, gin(20), ErrNeedUpcard, "these rules need the upcard"},
		{spades, knock(3, 20), ErrNeedUpcard, "these rules need the upcard"},
		{classic, knock(-1, 20), ErrNegativeDeadwood, "the knocker's deadwood -1: deadwood cannot be negative"},
		{classic, knock(5, -3), ErrNegativeDeadwood, "the defender's deadwood -3: deadwood cannot be negative"},
		{classic, gin(-3), ErrNegativeDeadwood, "the defender's deadwood -3: deadwood cannot be negative"},
		{classic, gin(230), ErrTooMuchDeadwood, "the defender's deadwood 230: ten cards hold at most 98 deadwood"},
		{classic, Showdown{WentGin, 4, 20, NoCard}, ErrGinDeadwood, "gin with deadwood 4: a gin hand has no deadwood"},
		{classic, Showdown{WentBigGin, 2, 20, NoCard}, ErrGinDeadwood, "big gin with deadwood 2: a gin hand has no deadwood"},
		{noBigGin, Showdown{WentBigGin, 0, 20, NoCard}, ErrNoBigGin, "big gin is not played under these rules (big_gin: false)"},
		{classic, Showdown{Ending(9), 2, 20, NoCard}, nil, "unknown hand ending 9"},
	}
	for _, tt := range tests {
		_, err := tt.rules.ScoreHand(tt.hand)
		if err == nil || err.Error() != tt.msg || tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s %+v: error %v, want %q (%v)", tt.rules.Name, tt.hand, err, tt.msg, tt.is)
		}
	}
}

func TestScoreHandEdges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		preset string
		hand   Showdown
		want   string
		why    string
	}{
		{"classic", knock(10, 98), "K+88 knock", "98 is the most deadwood ten cards hold"},
		{"classic", on(t, "7s", knock(5, 20)), "K+15 knock", "a spade upcard doubles only in Oklahoma"},
		{"classic", on(t, "2d", knock(10, 20)), "K+10 knock", "the upcard sets the limit only in Oklahoma"},
		{"oklahoma", drawn(), "none draw", "a drawn hand needs no upcard"},
		{"oklahoma", on(t, "Ah", knock(0, 12)), "K+37 gin", "a knock with no deadwood is gin, allowed on an ace"},
		{"oklahoma", on(t, "Ks", bigGin(10)), "K+82 big_gin", "(31 + 10) × 2"},
	}
	for _, tt := range tests {
		hs, err := mustPreset(t, tt.preset).ScoreHand(tt.hand)
		if got := result(hs, err); got != tt.want {
			t.Errorf("%s %+v: %s (%v), want %s (%s)", tt.preset, tt.hand, got, err, tt.want, tt.why)
		}
	}
}

func TestMaxDeadwood(t *testing.T) {
	t.Parallel()
	h := mustHand(t, "9c 9d Th Ts Jc Jd Qh Qs Kc Kd")
	if got := h.Deadwood(); got != maxDeadwood {
		t.Errorf("%v: deadwood %d, want %d", h, got, maxDeadwood)
	}
}

func TestScoreNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v    encoding.TextMarshaler
		want string
	}{
		{Knocked, "knock"}, {WentGin, "gin"}, {WentBigGin, "big_gin"}, {Drawn, "draw"},
		{Nobody, "nobody"}, {Knocker, "knocker"}, {Defender, "defender"},
		{Kind{Ending: Drawn}, "draw"}, {Kind{Ending: Knocked}, "knock"}, {Kind{Ending: Knocked, Undercut: true}, "undercut"},
		{Kind{Ending: WentGin}, "gin"}, {Kind{Ending: WentBigGin}, "big_gin"}, {Kind{ByHand: true}, "scored_by_hand"},
	}
	for _, tt := range tests {
		if b, err := tt.v.MarshalText(); err != nil || string(b) != tt.want {
			t.Errorf("%#v: %q, %v; want %q", tt.v, b, err, tt.want)
		}
	}
	for _, e := range []Ending{Knocked, WentGin, WentBigGin, Drawn} {
		var got Ending
		if err := got.UnmarshalText([]byte(e.String())); err != nil || got != e {
			t.Errorf("%v: read back as %v, %v", e, got, err)
		}
	}
	var e Ending
	if err := e.UnmarshalText([]byte("schneider")); err == nil ||
		err.Error() != `unknown hand ending "schneider" (want one of knock, gin, big_gin, draw)` {
		t.Errorf("UnmarshalText(schneider): %v", err)
	}
	if _, err := (Kind{Ending: 7}).MarshalText(); err == nil {
		t.Error("Kind{Ending: 7} marshals")
	}
}

func TestScoreCards(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name              string
		rules             string
		knocker, defender string
		upcard            string
		ending            Ending
		k, d, withoutLaid int
		scorer            Side
		points            int
		laid              string
	}{
		{
			// K = 9 (the 9♦). The defender lays 10♥ J♥ on the hearts and 5♣ on
			// the clubs, melds 2-3-4♦, and keeps 9♠ 9♣ Q♠ Q♦ = 38.
			name: "knock with layoffs", rules: "classic",
			knocker: "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", defender: "Th Jh 5c 9s 9c 2d 3d 4d Qs Qd",
			ending: Knocked, k: 9, d: 38, withoutLaid: 63, scorer: Knocker, points: 29, laid: "5c Th Jh",
		},
		{
			// Gin: nothing is laid off; the defender keeps 10♥ J♥ 6♣ 9♠ 9♣ Q♠ Q♦ = 64.
			name: "gin", rules: "classic",
			knocker: "7h 8h 9h Ks Kd Kc 2c 3c 4c 5c", defender: "Th Jh 6c 9s 9c 2d 3d 4d Qs Qd",
			ending: WentGin, k: 0, d: 64, withoutLaid: 64, scorer: Knocker, points: 84,
		},
		{
			// All eleven meld: big gin, 31 + 55 under modern, scored as gin (20 + 55) under classic.
			name: "big gin, modern", rules: "modern",
			knocker: "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", defender: "Jh 6c 9s 9c 2d 3d 4d Qs Qd As",
			ending: WentBigGin, d: 55, withoutLaid: 55, scorer: Knocker, points: 86,
		},
		{
			name: "big gin, classic", rules: "classic",
			knocker: "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c", defender: "Jh 6c 9s 9c 2d 3d 4d Qs Qd As",
			ending: WentBigGin, d: 55, withoutLaid: 55, scorer: Knocker, points: 75,
		},
		{
			// Eleven cards: the knocker throws the Q♦ and knocks with the 4♦.
			// Oklahoma, 5♠ up: limit 5; the defender keeps 9♠ 9♣ 2♦ 3♦ 5♦ Q♠ J♦
			// = 48 after laying off 10♥ J♥ 5♣; (48 − 4) × 2 for the spade.
			name: "eleven cards, Oklahoma spade", rules: "oklahoma", upcard: "5s",
			knocker: "7h 8h 9h Ks Kd Kc 2c 3c 4c 4d Qd", defender: "Th Jh 5c 9s 9c 2d 3d 5d Qs Jd",
			ending: Knocked, k: 4, d: 48, withoutLaid: 73, scorer: Knocker, points: 88, laid: "5c Th Jh",
		},
		{
			// K = 4, and the defender gets down to 3 (A♥ 2♠) after laying off
			// 10♥ J♥: undercut. Its 5-6-7♣ could go on the clubs too, but it is
			// a meld of its own already, and the fewest layoffs win the tie.
			name: "undercut after layoffs", rules: "modern",
			knocker: "7h 8h 9h Ks Kd Kc 2c 3c 4c 4d", defender: "Th Jh 5c 6c 7c 9s 9c 9d Ah 2s",
			ending: Knocked, k: 4, d: 3, withoutLaid: 23, scorer: Defender, points: 26, laid: "Th Jh",
		},
	}
	for _, tt := range tests {
		r, err := Preset(tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		up := NoCard
		if tt.upcard != "" {
			up, _ = ParseCard(tt.upcard)
		}
		cs, err := r.ScoreCards(mustHand(t, tt.knocker), mustHand(t, tt.defender), up)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		sd := cs.Showdown
		if sd.Ending != tt.ending || sd.KnockerDeadwood != tt.k || sd.DefenderDeadwood != tt.d ||
			cs.Spread.Defender.WithoutLayoffs != tt.withoutLaid {
			t.Errorf("%s: %v K=%d D=%d (without layoffs %d), want %v K=%d D=%d (%d)", tt.name,
				sd.Ending, sd.KnockerDeadwood, sd.DefenderDeadwood, cs.Spread.Defender.WithoutLayoffs,
				tt.ending, tt.k, tt.d, tt.withoutLaid)
		}
		if cs.Score.Scorer != tt.scorer || cs.Score.Points != tt.points {
			t.Errorf("%s: %v scores %d, want %v %d", tt.name, cs.Score.Scorer, cs.Score.Points, tt.scorer, tt.points)
		}
		var laid Hand
		for _, l := range cs.Spread.Defender.Layoffs {
			laid = laid.With(l.Card)
		}
		if want := Hand(0); tt.laid != "" {
			want = mustHand(t, tt.laid)
			if laid != want {
				t.Errorf("%s: laid off %v, want %v", tt.name, laid, want)
			}
		} else if laid != 0 {
			t.Errorf("%s: laid off %v, want nothing", tt.name, laid)
		}
	}
}

func TestScoreCardsErrors(t *testing.T) {
	t.Parallel()
	classic := DefaultRules()
	tests := []struct {
		knocker, defender string
		reason            error
		msg               string
	}{
		{"7h 8h 9h Ks Kd Kc 2c 3c Qs Qd", "Th Jh 5c 9s 9c 2d 3d 4d 4s 5s", ErrOverKnockLimit, "knock with 25 is over the knock limit of 10"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "Th Jh 5c 9s 9c 2d 3d 4d Qs", ErrDefenderSize, "the defender holds 9 cards, not ten"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c", "Th Jh 5c 9s 9c 2d 3d 4d Qs Qd", ErrKnockerSize, "the knocker holds 9 cards, not ten or eleven"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "Th", ErrDefenderSize, "the defender holds 1 card, not ten"},
		{"7h", "Th", ErrKnockerSize, "the knocker holds 1 card, not ten or eleven"},
		{"7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", "9d Jh 5c 9s 9c 2d 3d 4d Qs Qd", ErrSharedCard, "card 9d: held by the knocker and the defender"},
	}
	for _, tt := range tests {
		_, err := classic.ScoreCards(mustHand(t, tt.knocker), mustHand(t, tt.defender), NoCard)
		if !errors.Is(err, tt.reason) || err.Error() != tt.msg {
			t.Errorf("%s / %s: %v, want %q", tt.knocker, tt.defender, err, tt.msg)
		}
	}
}

// Every item kind has its words, distinct, and no other value marshals.
func TestItemKindNames(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for k := range ItemKind(len(itemKindNames)) {
		b, err := k.MarshalText()
		if err != nil || len(b) == 0 || seen[string(b)] || string(b) != k.String() {
			t.Errorf("ItemKind(%d): %q, %v", k, b, err)
		}
		seen[string(b)] = true
	}
	if _, err := ItemKind(len(itemKindNames)).MarshalText(); err == nil {
		t.Error("an item kind past the last marshals")
	}
}

// TestKindIsTheEndingAsScored: what a hand scored as is told in the one
// vocabulary of endings, as the rules score it (SPEC, Scoring a hand): a
// knock with no deadwood is gin; a big gin is gin where the rules have no
// big-gin bonus (classic), big gin where they do (modern); an undercut is a
// knock the defender scores; a drawn hand, a draw.
func TestKindIsTheEndingAsScored(t *testing.T) {
	t.Parallel()
	classic, modern := mustPreset(t, "classic"), mustPreset(t, "modern")
	tests := []struct {
		rules Rules
		sd    Showdown
		want  Kind
		name  string
	}{
		{classic, knock(0, 20), Kind{Ending: WentGin}, "gin"},
		{classic, knock(5, 20), Kind{Ending: Knocked}, "knock"},
		{classic, knock(5, 3), Kind{Ending: Knocked, Undercut: true}, "undercut"},
		{classic, gin(20), Kind{Ending: WentGin}, "gin"},
		{classic, Showdown{Ending: WentBigGin, DefenderDeadwood: 15, Upcard: NoCard}, Kind{Ending: WentGin}, "gin"},
		{modern, Showdown{Ending: WentBigGin, DefenderDeadwood: 15, Upcard: NoCard}, Kind{Ending: WentBigGin}, "big_gin"},
		{classic, Showdown{Ending: Drawn, Upcard: NoCard}, Kind{Ending: Drawn}, "draw"},
	}
	for _, tt := range tests {
		hs, err := tt.rules.ScoreHand(tt.sd)
		if err != nil || hs.Kind != tt.want || hs.Kind.String() != tt.name || hs.Kind.Undercut != (hs.Scorer == Defender) {
			t.Errorf("%s %+v: %+v (%s), scorer %v, %v; want %+v (%s)", tt.rules.Name, tt.sd, hs.Kind, hs.Kind, hs.Scorer, err, tt.want, tt.name)
		}
	}
}
