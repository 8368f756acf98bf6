package advice_test

import (
	"math"
	"slices"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

func styleHand(t *testing.T, s string) ginrummy.Hand {
	t.Helper()
	c, err := ginrummy.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return ginrummy.NewHand(c...)
}

func knockRate(seen []table.Shown) float64 { return advice.LearnStyle(seen).KnockRate }

func tookMelds(seen []table.Shown) float64 { return advice.LearnStyle(seen).TookMelds }

// The knock rate learnt: 3 to 2 before anything is seen, as at the
// command line (advice.DefaultKnockRate); each hand that shows the
// opponent knocking early (a knock with deadwood early in the stock)
// multiplies the odds by 50, each that shows them waiting (cards shown at
// the bot's own knock that could have knocked, by that hand's limit)
// divides them by 50; a drawn hand, a gin and a late knock say nothing; and
// an opponent seen both ways knocks early in the share of the hands that
// showed it, the prior 0.6 counting as one hand.
func TestLearnStyleKnockRate(t *testing.T) {
	t.Parallel()
	h := func(s string) ginrummy.Hand { return styleHand(t, s) }
	knock := table.Shown{Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h Kd"), Defender: h("Kc Qd Jh Ts 8s 7s 6s 5s 4s 3s"), Limit: 10, Stock: 20}
	late := knock
	late.Stock = 15 // the first half of the stock is gone: not early
	gin := table.Shown{Ending: ginrummy.WentGin, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h 9c"), Defender: knock.Defender, Limit: 10, Stock: 20}
	// The defender's cards (deadwood 1: A♥) could have knocked.
	waited := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: knock.Knocked, Defender: h("2d 3d 4d 5s 6s 7s 9c Tc Jc Ah"), Limit: 10, Stock: 20}
	// The same cards in an Oklahoma hand whose limit (an ace up) is 0
	// could not.
	aceUp := waited
	aceUp.Limit = 0
	drawn := table.Shown{Ending: ginrummy.Drawn}
	chance := func(odds float64) float64 { return odds / (1 + odds) }
	for _, tt := range []struct {
		name    string
		earlier []table.Shown
		want    float64
	}{
		{"nothing seen", nil, chance(1.5)},
		{"drawn, late knock, gin, a defender over that hand's limit", []table.Shown{drawn, late, gin, aceUp}, chance(1.5)},
		{"an early knock", []table.Shown{knock}, chance(1.5 * 50)},
		{"two early knocks", []table.Shown{knock, drawn, knock}, chance(1.5 * 50 * 50)},
		{"waited", []table.Shown{waited}, chance(1.5 / 50)},
		{"waited twice", []table.Shown{waited, waited}, chance(1.5 / 50 / 50)},
		{"both ways", []table.Shown{knock, waited}, (1 + 0.6) / 3},
		{"early three times, waited once", []table.Shown{knock, waited, knock, knock}, (3 + 0.6) / 5},
		{"early once, waited four times", []table.Shown{waited, waited, knock, waited, waited}, (1 + 0.6) / 6},
	} {
		if got := knockRate(tt.earlier); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	// However many hands were seen, the rate stays a chance strictly
	// between 0 and 1, which the advice needs (a rate of 1 would weigh
	// every hand that could knock at nothing).
	for _, one := range []table.Shown{knock, waited} {
		many := make([]table.Shown, 500)
		for i := range many {
			many[i] = one
		}
		if got := knockRate(many); !(got > 0 && got < 1) {
			t.Errorf("500 hands like %v: rate %v, want strictly between 0 and 1", one.Mine, got)
		}
	}
	if got := knockRate(nil); math.Abs(got-advice.DefaultKnockRate) > 1e-12 {
		t.Errorf("before anything is seen: %v, the command line's default %v", got, advice.DefaultKnockRate)
	}
}

// TestLearnStyleTookMelds learns from cards the opponent took and showed: even odds
// before anything is seen, and each card shown melded multiplies the odds
// by 0.97/0.7, each shown alone by 0.03/0.3, worked out here by hand.
func TestLearnStyleTookMelds(t *testing.T) {
	t.Parallel()
	h := func(s string) ginrummy.Hand { return styleHand(t, s) }
	// They knocked holding 7h 8h 9h, having taken 8h (melded) and Kd (alone).
	theirKnock := table.Shown{Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 7h 8h 9h 9s 9d 9c Kd"), Defender: h("Kc Qd Jh Ts 8s 7s 6s 5s 4s 3s"),
		OpponentTook: h("8h Kd")}
	// They defended against our knock holding 5s 5d 5c, having taken 5d.
	ourKnock := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: h("2d 3d 4d Ah 2h 3h 9c Tc Jc Ks"), Defender: h("5s 5d 5c 7s 8s Qc Qh Jd 6h 4h"),
		OpponentTook: h("5d")}
	drawn := table.Shown{Ending: ginrummy.Drawn, OpponentTook: h("Qs")} // no cards shown: no evidence
	odds := func(melded, alone int) float64 {
		o := math.Pow(0.97/0.7, float64(melded)) * math.Pow(0.03/0.3, float64(alone))
		return o / (1 + o)
	}
	for _, tt := range []struct {
		name    string
		earlier []table.Shown
		want    float64
	}{
		{"nothing seen", nil, 0.5},
		{"a drawn hand", []table.Shown{drawn}, 0.5},
		{"their knock: one melded, one alone", []table.Shown{theirKnock}, odds(1, 1)},
		{"our knock: one melded", []table.Shown{ourKnock}, odds(1, 0)},
		{"both", []table.Shown{theirKnock, drawn, ourKnock}, odds(2, 1)},
	} {
		if got := tookMelds(tt.earlier); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	// However many cards were seen, the chance stays a chance strictly
	// between 0 and 1 (0 would ask the advice for its default).
	alone := table.Shown{Ending: ginrummy.Knocked, Knocked: theirKnock.Knocked, Defender: theirKnock.Defender, OpponentTook: h("Kd")}
	for _, tt := range []struct {
		name string
		one  table.Shown
	}{{"alone", alone}, {"melded", ourKnock}} {
		got := tookMelds(slices.Repeat([]table.Shown{tt.one}, 2000))
		if !(got > 0 && got < 1) {
			t.Errorf("2000 hands, a card taken %s in each: %v, want a chance between 0 and 1", tt.name, got)
		}
	}
}

// A style says what it was learnt from: every hand seen (drawn ones too),
// the early knocks and the hands that waited among them, and the cards
// taken to a showdown with those that melded there, counted here from the
// hands as written.
func TestLearnStyleCounts(t *testing.T) {
	t.Parallel()
	h := func(s string) ginrummy.Hand { return styleHand(t, s) }
	// An early knock of theirs (deadwood 10, 20 cards in the stock), having
	// taken the 8♥ (melded) and the K♦ (alone).
	early := table.Shown{Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 7h 8h 9h 9s 9d 9c Kd"), Defender: h("Kc Qd Jh Ts 8s 7s 6s 5s 4s 3s"), Limit: 10, Stock: 20, OpponentTook: h("8h Kd")}
	// At our knock their cards (deadwood 1, the A♥) could have knocked: they
	// waited, holding the 5♦ they took, melded.
	waited := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h Kd"), Defender: h("2d 3d 4d 5d 5s 6s 7s 8s 5c Ah"), Limit: 10, Stock: 20, OpponentTook: h("5d")}
	drawn := table.Shown{Ending: ginrummy.Drawn, OpponentTook: h("Qs")}
	got := advice.LearnStyle([]table.Shown{early, drawn, waited, early})
	want := advice.Style{Hands: 4, Early: 2, Waited: 1, Taken: 5, Melded: 3, Strong: true} // both ways: strong
	got.KnockRate, got.TookMelds = 0, 0
	if got != want {
		t.Errorf("counts %+v, want %+v", got, want)
	}
	// Nothing seen: the priors, the command line's defaults.
	if got := advice.LearnStyle(nil); math.Abs(got.KnockRate-advice.DefaultKnockRate) > 1e-12 || math.Abs(got.TookMelds-advice.DefaultTookMelds) > 1e-12 || got.Hands != 0 {
		t.Errorf("nothing seen: %+v, want the defaults and no hands", got)
	}
}

// A player seen to play both ways, to knock early and to wait for gin, is
// learnt as one who plays as the advice does (Style.Strong), not as a
// mixture of two players; one seen only to knock early, or only to wait,
// however often, or nothing at all, is not.
func TestLearnStyleStrong(t *testing.T) {
	h := func(s string) ginrummy.Hand { return styleHand(t, s) }
	knock := table.Shown{Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h Kd"), Defender: h("Kc Qd Jh Ts 8s 7s 6s 5s 4s 3s"), Limit: 10, Stock: 20}
	waited := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: knock.Knocked, Defender: h("2d 3d 4d 5s 6s 7s 9c Tc Jc Ah"), Limit: 10, Stock: 20}
	drawn := table.Shown{Ending: ginrummy.Drawn}
	for _, tt := range []struct {
		name    string
		earlier []table.Shown
		strong  bool
	}{
		{"nothing seen", nil, false},
		{"a drawn hand", []table.Shown{drawn}, false},
		{"early knocks only", []table.Shown{knock, knock, knock, knock, knock, knock, knock, knock}, false},
		{"waited only", []table.Shown{waited, waited, waited}, false},
		{"both ways", []table.Shown{knock, drawn, waited}, true},
		{"early many times, waited once", []table.Shown{knock, knock, knock, knock, waited, knock}, true},
	} {
		if got := advice.LearnStyle(tt.earlier).Strong; got != tt.strong {
			t.Errorf("%s: strong %v, want %v", tt.name, got, tt.strong)
		}
	}
}

// A player seen to knock early in one game and to wait in another, never
// both in one game, changes style between games (Style.Changes, the arena's
// mixed bot), and is not taken for one who plays as the advice does: their
// knock rate is the odds of the earlier games that showed each way, the
// prior (3 to 2) counting as one game, times 50 for each hand of the game
// being played (game 0) that shows a way, and for each that shows neither
// (a drawn hand, our knock against cards that could not knock) by how soon
// the earlier games of each way showed it.
// Both ways in one game, earlier or this one, is a strong player's.
func TestLearnStyleByGame(t *testing.T) {
	t.Parallel()
	h := func(s string) ginrummy.Hand { return styleHand(t, s) }
	knock := table.Shown{Ending: ginrummy.Knocked, Knocked: h("2c 3c 4c 5h 6h 7h 9s 9d 9h Kd"), Defender: h("Kc Qd Jh Ts 8s 7s 6s 5s 4s 3s"), Limit: 10, Stock: 20}
	waited := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: knock.Knocked, Defender: h("2d 3d 4d 5s 6s 7s 9c Tc Jc Ah"), Limit: 10, Stock: 20}
	// At our knock their cards could not have knocked (deadwood 40).
	ours := table.Shown{Mine: true, Ending: ginrummy.Knocked, Knocked: knock.Knocked, Defender: knock.Defender, Limit: 10, Stock: 20}
	drawn := table.Shown{Ending: ginrummy.Drawn}
	in := func(s table.Shown, game int) table.Shown { s.Game = game; return s }
	odds := func(early, waited float64) float64 { return early / (early + waited) }
	for _, tt := range []struct {
		name            string
		seen            []table.Shown
		strong, changes bool
		rate            float64
	}{
		{"early in game 1, waited in game 2, nothing yet in this one", []table.Shown{in(knock, 1), in(waited, 2)}, false, true, odds(1+0.6, 1+0.4)},
		{"and an early knock in this game", []table.Shown{in(knock, 1), in(waited, 2), in(knock, 0)}, false, true, odds((1+0.6)*50, 1+0.4)},
		{"and a wait in this game", []table.Shown{in(knock, 1), in(waited, 2), in(waited, 0)}, false, true, odds(1+0.6, (1+0.4)*50)},
		// Game 1 showed its way at its third hand, game 2 at its first: a
		// hand of an early game shows it (2+1)/(5+3) of the time, of a
		// waiting one (1+1)/(5+1), the measured 0.4 and 0.2 counting as
		// five hands.
		{"and two hands of this game that show neither", []table.Shown{in(ours, 1), in(drawn, 1), in(knock, 1), in(waited, 2), in(drawn, 0), in(ours, 0)}, false, true,
			odds((1+0.6)*(1-3.0/8)/(1-2.0/6)*(1-3.0/8)/(1-2.0/6), 1+0.4)},
		{"two early games, one waiting", []table.Shown{in(knock, 1), in(knock, 1), in(knock, 3), in(waited, 2)}, false, true, odds(2+0.6, 1+0.4)},
		{"early in game 1, waited in this one", []table.Shown{in(knock, 1), in(waited, 0)}, false, true, odds(1+0.6, 0.4*50)},
		{"both in game 3", []table.Shown{in(knock, 1), in(waited, 2), in(knock, 3), in(waited, 3)}, true, false, (2 + 0.6) / 5},
		{"both in this game", []table.Shown{in(knock, 0), in(waited, 0)}, true, false, (1 + 0.6) / 3},
		{"early in two games only", []table.Shown{in(knock, 1), in(knock, 2)}, false, false, odds(0.6*50*50, 0.4)},
	} {
		st := advice.LearnStyle(tt.seen)
		if st.Strong != tt.strong || st.Changes != tt.changes || math.Abs(st.KnockRate-tt.rate) > 1e-9 {
			t.Errorf("%s: strong %v, changes %v, knock rate %.6f; want %v, %v, %.6f", tt.name, st.Strong, st.Changes, st.KnockRate, tt.strong, tt.changes, tt.rate)
		}
	}
}

// Into sets every chance a style learns, so that no user of a learnt style
// (the bots, the review, the advice from records) misses one.
func TestStyleInto(t *testing.T) {
	st := advice.Style{KnockRate: 0.3, TookMelds: 0.8, Strong: true}
	var p advice.Position
	st.Into(&p)
	if p.KnockRate != 0.3 || p.TookMelds != 0.8 || !p.Strong {
		t.Errorf("Into set knock rate %v, takes to meld %v, strong %v; want 0.3, 0.8, true", p.KnockRate, p.TookMelds, p.Strong)
	}
}
