package table

import (
	"errors"
	"reflect"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

func cards(t *testing.T, s string) []ginrummy.Card {
	t.Helper()
	c, err := ginrummy.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func preset(t *testing.T, name string) ginrummy.Rules {
	t.Helper()
	r, err := ginrummy.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// deck lays out a deal for dealer 0: the non-dealer (player 1) gets the
// even cards of the first twenty, the dealer the odd ones, then the upcard
// and the stock.
func deck(t *testing.T, dealer, other, upcard, stock string) []ginrummy.Card {
	t.Helper()
	d, o := cards(t, dealer), cards(t, other)
	var out []ginrummy.Card
	for i := range 10 {
		out = append(out, o[i], d[i])
	}
	out = append(out, cards(t, upcard)...)
	out = append(out, cards(t, stock)...)
	seen := map[ginrummy.Card]bool{}
	for _, c := range out {
		if seen[c] {
			t.Fatalf("%v dealt twice", c)
		}
		seen[c] = true
	}
	for c := range ginrummy.FullDeck.All() {
		if !seen[c] {
			out = append(out, c)
		}
	}
	return out
}

// script plays the moves it is given, then draws and throws its highest card.
type script struct {
	takes []bool
	plays []Play
	seen  []seen
}

// seen is what a View showed when the player was asked to take or draw.
type seen struct {
	hand, took, threw ginrummy.Hand
	upcard            ginrummy.Card
	stock             int
}

func (s *script) Take(v View) bool {
	s.seen = append(s.seen, seen{v.Hand(), v.OpponentTook(), v.OpponentThrew(), v.Upcard(), v.Stock()})
	if len(s.takes) == 0 {
		return false
	}
	t := s.takes[0]
	s.takes = s.takes[1:]
	return t
}

func (s *script) Play(v View) Play {
	if len(s.plays) == 0 {
		cs := v.Hand().Without(v.Taken()).Cards()
		return Play{Discard: cs[len(cs)-1]}
	}
	p := s.plays[0]
	s.plays = s.plays[1:]
	return p
}

const (
	dealerCards = "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"
	otherCards  = "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"
	stockCards  = "Qd Jd Td 8d 7d 6d 5d 4d 3d Ad 2h 3h 5h 6h Qh 2s 3s 4s 5s 6s 7s 8s Ts Js As 8c 9c Tc Jc Qc"
)

// The player who takes the first upcard may not throw it back.
func TestTakenCardMayNotBeThrown(t *testing.T) {
	t.Parallel()
	d := deck(t, dealerCards, otherCards, "Ah", stockCards)
	other := &script{takes: []bool{true}, plays: []Play{{Discard: cards(t, "Ah")[0]}}}
	_, err := PlayDealt(preset(t, "classic"), [2]Player{&script{}, other}, 0, d)
	var ierr *IllegalError
	if !errors.As(err, &ierr) || ierr.Player != 1 {
		t.Fatalf("throwing back the card just taken: %v", err)
	}
}

// Big gin, with the face-up card taken at the first offer, is played where
// the rules play it and refused where they do not.
func TestBigGinOnlyWhereTheRulesPlayIt(t *testing.T) {
	t.Parallel()
	for _, played := range []bool{true, false} {
		// The dealer's 5♥ 7♥ 8♥ 9♥ K♠ K♦ K♣ 2♣ 3♣ 4♣ and the 6♥ taken
		// all meld.
		d := deck(t, "7h 8h 9h Ks Kd Kc 2c 3c 4c 5h", otherCards, "6h", "2s Qd 3s")
		dealer := &script{takes: []bool{true}, plays: []Play{{BigGin: true}}}
		other := &script{takes: []bool{false}}
		rules := preset(t, "modern")
		rules.BigGin = played
		h, err := PlayDealt(rules, [2]Player{dealer, other}, 0, d)
		var ierr *IllegalError
		switch {
		case played && (err != nil || h.Ending != ginrummy.WentBigGin || h.Knocker != 0):
			t.Errorf("big gin played: %+v, %v", h, err)
		case !played && (!errors.As(err, &ierr) || ierr.Player != 0):
			t.Errorf("big gin not played: %v, want an IllegalError of the dealer", err)
		}
	}
}

// A knock over the limit is refused; under Oklahoma the first upcard sets
// the limit.
func TestKnockLimit(t *testing.T) {
	t.Parallel()
	// The non-dealer passes the upcard and so does the dealer; the
	// non-dealer draws 2s and throws it; the dealer draws Qd, throws it and
	// knocks with 9♦ alone.
	for _, tt := range []struct {
		rules, upcard string
		legal         bool
	}{{"classic", "Kh", true}, {"oklahoma", "9c", true}, {"oklahoma", "5h", false}, {"oklahoma", "Ah", false}} {
		d := deck(t, dealerCards, otherCards, tt.upcard, "2s Qd 3s 4s 5s 6s 7s 8s Ts Js")
		dealer := &script{takes: []bool{false, false}, plays: []Play{{Discard: cards(t, "Qd")[0], Knock: true}}}
		other := &script{takes: []bool{false}, plays: []Play{{Discard: cards(t, "2s")[0]}}}
		h, err := PlayDealt(preset(t, tt.rules), [2]Player{dealer, other}, 0, d)
		var ierr *IllegalError
		switch {
		case tt.legal && err != nil:
			t.Errorf("%s, upcard %s: knocking with 9: %v", tt.rules, tt.upcard, err)
		case !tt.legal && (!errors.As(err, &ierr) || ierr.Player != 0):
			t.Errorf("%s, upcard %s: knocking with 9 over the limit: %v, want an IllegalError", tt.rules, tt.upcard, err)
		case tt.legal:
			// 9♦ alone against Ac 5c 6c 7c 2d 4h Th Jh 9s Qs: the defender
			// lays off A♣ and 5♣ 6♣ 7♣ on 2♣ 3♣ 4♣, T♥ J♥ on 7♥ 8♥ 9♥,
			// and keeps 2♦ 4♥ 9♠ Q♠ = 25: the knocker scores 25 − 9.
			if h.Ending != ginrummy.Knocked || h.Knocker != 0 || h.Score.Kind != (ginrummy.Kind{Ending: ginrummy.Knocked}) || h.Score.Points != 25-9 && tt.rules == "classic" {
				t.Errorf("%s: %+v", tt.rules, h)
			}
		}
	}
}

// The knocker chooses the melds laid down: melding more deadwood than the
// least, within the knock limit, to leave the defender a card they cannot
// lay off. Melds that are not melds, not held, sharing a card or leaving
// deadwood over the limit are refused.
func TestKnockerChoosesMelds(t *testing.T) {
	t.Parallel()
	// The dealer knocks with Ac 2c 3c 4c 5c Ks Kd Kc 2d 3h after throwing
	// Qd; the defender holds 6c 7h 8s 9d Jh Qs 4h 5s 6d Ah, no meld, 66.
	melds := func(s string) []ginrummy.Meld {
		if s == "" {
			return nil
		}
		m, err := ginrummy.ParseMelds(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	for _, tt := range []struct {
		melds           string
		overlap         bool // and 3c 3h 3d, 3c twice
		knocker, points int  // 0 points: refused
	}{
		{"", false, 5, 66 - 6 - 5},                     // Ac–5c: 6c lays off
		{"Ac 2c 3c 4c | Ks Kd Kc", false, 10, 66 - 10}, // 5c kept: 6c cannot
		{"2c 3c 4c 5c | Ks Kd Kc", false, 6, 66 - 6 - 6},
		{"Ac 2c 3c | Ks Kd Kc", false, 0, 0},       // 4c 5c 2d 3h = 14, over 10
		{"Ac 2c 3c 4c 5c | Ks Kd Kh", false, 0, 0}, // Kh is not in the hand
		{"Ac 2c 3c 4c 5c | Kc Kd Ks", true, 0, 0},
	} {
		ms := melds(tt.melds)
		if tt.overlap {
			// ParseMelds refuses a card twice; the overlap is added here.
			ms = append(ms, ginrummy.Meld(ginrummy.NewHand(cards(t, "3c 3h 3d")...)))
		}
		d := deck(t, "Ac 2c 3c 4c 5c Ks Kd Kc 2d 3h", "6c 7h 8s 9d Jh Qs 4h 5s 6d Ah", "Td", "2s Qd 3s 4s 7s 8c 9c Tc Jc Qc")
		dealer := &script{takes: []bool{false, false}, plays: []Play{{Discard: cards(t, "Qd")[0], Knock: true, Melds: ms}}}
		other := &script{takes: []bool{false}, plays: []Play{{Discard: cards(t, "2s")[0]}}}
		h, err := PlayDealt(preset(t, "classic"), [2]Player{dealer, other}, 0, d)
		if tt.points == 0 {
			var ierr *IllegalError
			if !errors.As(err, &ierr) || ierr.Player != 0 {
				t.Errorf("melds %q: %v, want an IllegalError", tt.melds, err)
			}
			continue
		}
		if err != nil || h.Ending != ginrummy.Knocked || h.Knocker != 0 || h.Score.Kind != (ginrummy.Kind{Ending: ginrummy.Knocked}) || h.Score.Points != tt.points {
			t.Errorf("melds %q: %+v, %v; want a knock with %d for %d points", tt.melds, h.Score, err, tt.knocker, tt.points)
		}
	}
}

// The stock running down: when a discard leaves two cards in the stock and
// nobody knocked, the hand is drawn.
func TestStockRunsDown(t *testing.T) {
	t.Parallel()
	d := deck(t, dealerCards, otherCards, "Kh", stockCards)
	h, err := PlayDealt(preset(t, "classic"), [2]Player{&script{}, &script{}}, 0, d)
	if err != nil {
		t.Fatal(err)
	}
	// 31 cards in the stock, one drawn a turn: 29 turns leave 2.
	if h.Ending != ginrummy.Drawn || h.Turns != 29 || h.Endless {
		t.Errorf("ending %v after %d turns (endless %v), want drawn after 29", h.Ending, h.Turns, h.Endless)
	}
}

// A player sees its own cards and what the table shows, and nothing of the
// opponent's hand or the stock: View has no field a Player can read and no
// method that returns them (a compile-time fact; this checks what the
// methods return).
func TestViewShowsWhatTheTableShows(t *testing.T) {
	t.Parallel()
	d := deck(t, dealerCards, otherCards, "Kh", stockCards)
	dealer := &script{}
	other := &script{takes: []bool{true}, plays: []Play{{Discard: cards(t, "Ac")[0]}}}
	if _, err := PlayDealt(preset(t, "classic"), [2]Player{dealer, other}, 0, d); err != nil {
		t.Fatal(err)
	}
	v := dealer.seen[0] // the dealer's first question: the 2nd turn's take, after the non-dealer took Kh and threw A♣
	if v.upcard != cards(t, "Ac")[0] || v.took != ginrummy.NewHand(cards(t, "Kh")...) || v.threw != ginrummy.NewHand(cards(t, "Ac")...) || v.stock != 31 {
		t.Errorf("the dealer sees upcard %v, took %v, threw %v, stock %d", v.upcard, v.took, v.threw, v.stock)
	}
	if v.hand != ginrummy.NewHand(cards(t, dealerCards)...) {
		t.Errorf("the dealer's own hand: %v", v.hand)
	}
	if n := reflect.TypeOf(View{}).NumField(); n != 2 || reflect.TypeOf(View{}).Field(0).IsExported() || reflect.TypeOf(View{}).Field(1).IsExported() {
		t.Error("View has exported fields: a Player could read the hidden cards")
	}
}

// A dealt game replays identically from its seed.
func TestGameReplaysFromSeed(t *testing.T) {
	t.Parallel()
	play := func() []Played {
		var hands []Played
		_, err := Match(preset(t, "modern"), [2]Player{&script{}, &script{}}, 42, func(h Played) { hands = append(hands, h) })
		if err != nil && !errors.Is(err, ErrEndless) {
			t.Fatal(err)
		}
		return hands
	}
	a, b := play(), play()
	if len(a) == 0 || !reflect.DeepEqual(a, b) {
		t.Errorf("two games from seed 42 differ: %d and %d hands", len(a), len(b))
	}
}

// eager plays by the play-out policy; it notes what View.Earlier showed at
// each decision.
type eager struct {
	PlayOutPolicy
	earlier [][]Shown
	took    map[int]ginrummy.Hand // by hand: the cards it took and has not thrown since
	limit   map[int]int           // by hand: the knock limit it was told
}

func (e *eager) Take(v View) bool {
	e.earlier = append(e.earlier, v.Earlier())
	if !e.PlayOutPolicy.Take(v) {
		return false
	}
	n := len(v.Earlier())
	e.took[n] = e.took[n].With(v.Upcard())
	return true
}

func (e *eager) Play(v View) Play {
	play := e.PlayOutPolicy.Play(v)
	n := len(v.Earlier())
	e.limit[n] = v.KnockLimit()
	if !play.BigGin {
		e.took[n] = e.took[n].Without(play.Discard)
	}
	return play
}

// Earlier shows each player the game's finished hands, as the watcher saw
// them, from the player's side, with the knock limit each player was told in
// that hand (under Oklahoma, set by its first upcard); a drawn hand shows no
// cards.
func TestEarlierShowsTheGamesHands(t *testing.T) {
	t.Parallel()
	for _, rules := range []string{"classic", "oklahoma"} {
		t.Run(rules, func(t *testing.T) { testEarlier(t, rules) })
	}
}

func testEarlier(t *testing.T, rules string) {
	players := [2]*eager{{took: map[int]ginrummy.Hand{}, limit: map[int]int{}}, {took: map[int]ginrummy.Hand{}, limit: map[int]int{}}}
	var hands []Played
	var asked [2][]int // how many hands had ended each time a player was asked
	watch := func(h Played) { hands = append(hands, h) }
	p := [2]Player{players[0], players[1]}
	if _, err := Match(preset(t, rules), p, 11, watch); err != nil {
		t.Fatal(err)
	}
	if len(hands) < 2 {
		t.Fatalf("the game had %d hands; the test needs two or more", len(hands))
	}
	tookSome := false
	for seat, pl := range players {
		for _, e := range pl.earlier {
			asked[seat] = append(asked[seat], len(e))
			for i, s := range e {
				h := hands[i]
				want := Shown{Mine: h.Knocker == seat, Ending: h.Ending, Limit: pl.limit[i], Stock: h.Stock, OpponentTook: h.Took[1-seat]}
				if h.Ending != ginrummy.Drawn {
					want.Knocked, want.Defender = h.Knocked, h.Defender
					// What the opponent took and held, they held at the end.
					theirs := h.Defender
					if !want.Mine {
						theirs = h.Knocked
					}
					if s.OpponentTook&^theirs != 0 {
						t.Errorf("seat %d, hand %d: the opponent took %v but ended holding %v", seat, i, s.OpponentTook, theirs)
					}
				}
				// What the opponent took, by its own count.
				if other := players[1-seat].took[i]; s.OpponentTook != other {
					t.Errorf("seat %d, hand %d: shown the opponent took %v; it took and kept %v", seat, i, s.OpponentTook, other)
				}
				if s.OpponentTook != 0 {
					tookSome = true
				}
				if s != want {
					t.Fatalf("seat %d, hand %d shown as %+v, want %+v", seat, i, s, want)
				}
			}
		}
		if last := asked[seat][len(asked[seat])-1]; last != len(hands)-1 {
			t.Errorf("seat %d saw %d earlier hands in the last hand, want %d", seat, last, len(hands)-1)
		}
	}
	if !tookSome {
		t.Error("no player kept a card taken from the pile: the test shows nothing of OpponentTook")
	}
	limits := map[int]bool{}
	for _, l := range players[0].limit {
		limits[l] = true
	}
	if rules == "oklahoma" && len(limits) < 2 {
		t.Errorf("every hand had the knock limit %v: the test shows nothing of a limit set hand by hand", limits)
	}
}

// MatchMoves plays the match Match plays, and each hand's deal and moves,
// applied to a round started from that deal, end it as it ended.
func TestMatchMovesReplay(t *testing.T) {
	t.Parallel()
	rules := preset(t, "oklahoma")
	players := func() [2]Player {
		return [2]Player{&eager{took: map[int]ginrummy.Hand{}, limit: map[int]int{}}, &eager{took: map[int]ginrummy.Hand{}, limit: map[int]int{}}}
	}
	var plain, kept []Played
	a, errA := Match(rules, players(), 7, func(h Played) { plain = append(plain, h) })
	b, errB := MatchMoves(rules, players(), 7, func(h Played) { kept = append(kept, h) })
	if !reflect.DeepEqual(a, b) || (errA == nil) != (errB == nil) || len(plain) != len(kept) || len(kept) == 0 {
		t.Fatalf("Match and MatchMoves differ: %+v %v and %+v %v", a, errA, b, errB)
	}
	for i, h := range kept {
		if plain[i].Moves != nil || len(h.Moves) == 0 {
			t.Fatalf("hand %d: Match kept %d moves, MatchMoves %d", i, len(plain[i].Moves), len(h.Moves))
		}
		r, err := Start(rules, h.Dealer, h.Deal, h.Upcard)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range h.Moves {
			if err := r.Apply(m.Player, m.Action); err != nil {
				t.Fatalf("hand %d: %v", i, err)
			}
		}
		got := r.Result()
		if got.Ending != h.Ending || got.Knocker != h.Knocker || !reflect.DeepEqual(got.Score, h.Score) || got.Turns != h.Turns {
			t.Errorf("hand %d replayed: %v by %d, %+v; played: %v by %d, %+v", i, got.Ending, got.Knocker, got.Score, h.Ending, h.Knocker, h.Score)
		}
	}
}
