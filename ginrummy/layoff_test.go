package ginrummy

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func mustMelds(t testing.TB, s string) []Meld {
	t.Helper()
	if s == "" {
		return nil
	}
	melds, err := ParseMelds(s)
	if err != nil {
		t.Fatalf("ParseMelds(%q): %v", s, err)
	}
	return melds
}

// handOf parses a hand that may be empty.
func handOf(t testing.TB, s string) Hand {
	t.Helper()
	if s == "" {
		return 0
	}
	return mustHand(t, s)
}

func TestLayOffByRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		knocker  string   // the knocker's melds as declared
		defender string   // the defender's hand
		onto     []string // the cards laid off on each knocker meld
		melds    string   // the defender's melds
		deadwood int      // the defender's deadwood after layoffs
		without  int      // and without
		gin      bool
		bigGin   bool
	}{
		{
			// 7s completes the set; 9d + Kh = 19 is left, 7 + 9 + 10 = 26 without.
			name:    "a set takes its fourth card",
			knocker: "7c 7d 7h", defender: "7s 9d Kh",
			onto: []string{"7s"}, deadwood: 19, without: 26,
		},
		{
			// 4s then 3s below 5s, 8s then 9s above 7s; Kd is left. 3+4+8+9+10 = 34.
			name:    "a run takes chains at both ends",
			knocker: "5s 6s 7s", defender: "3s 4s 8s 9s Kd",
			onto: []string{"3s 4s 8s 9s"}, deadwood: 10, without: 34,
		},
		{
			// 4h goes above 3h; there is nothing below an ace, so Kh stays: 5 + 10.
			name:    "nothing below an ace",
			knocker: "Ah 2h 3h", defender: "Kh 4h 5d",
			onto: []string{"4h"}, deadwood: 15, without: 19,
		},
		{
			// Td goes below Jd; there is nothing above a king, so Ad stays: 1 + 2.
			name:    "nothing above a king",
			knocker: "Jd Qd Kd", defender: "Ad Td 2c",
			onto: []string{"Td"}, deadwood: 3, without: 13,
		},
		{
			// The ace goes below the two, 5c then 6c above the four; 9h is left.
			name:    "an ace below a two",
			knocker: "2c 3c 4c", defender: "Ac 5c 6c 9h",
			onto: []string{"Ac 5c 6c"}, deadwood: 9, without: 21,
		},
		{
			// 8s is the set's fourth card, but 9s can only chain on it on the run,
			// so both go to the run and 2d is left. 8 + 9 + 2 = 19 without.
			name:    "a set's fourth card extends a run and carries a chain",
			knocker: "8c 8d 8h | 5s 6s 7s", defender: "8s 9s 2d",
			onto: []string{"", "8s 9s"}, deadwood: 2, without: 19,
		},
		{
			// 8s could extend the run, but nothing chains on it: it goes to its set.
			name:    "a lone fourth card goes to its set",
			knocker: "8c 8d 8h | 5s 6s 7s", defender: "8s 2d",
			onto: []string{"8s", ""}, deadwood: 2, without: 10,
		},
		{
			// 8s extends the run; 9s, at the end of the chain, is the nines' fourth card.
			name:    "a fourth card at the end of a chain goes to its set",
			knocker: "9c 9d 9h | 5s 6s 7s", defender: "8s 9s 2d",
			onto: []string{"9s", "8s"}, deadwood: 2, without: 19,
		},
		{
			// Without layoffs the set of nines beats the club run: 7 + 8 = 15
			// against 9 + 9 = 18. Laying 9s off breaks the set, melds 7c 8c 9c
			// and leaves 9d alone: 9.
			name:    "a layoff breaks the defender's set",
			knocker: "6s 7s 8s", defender: "7c 8c 9c 9d 9s",
			onto: []string{"9s"}, melds: "7c 8c 9c", deadwood: 9, without: 15,
		},
		{
			// 6h and 7h fill the gap from 5h up to 8h; the first run takes both.
			name:    "two runs of one suit with a gap the defender fills",
			knocker: "3h 4h 5h | 8h 9h Th", defender: "6h 7h Kc",
			onto: []string{"6h 7h", ""}, deadwood: 10, without: 23,
		},
		{
			// Without layoffs 8c 8d 8h and 6h 7h dead (13) beat 6h 7h 8h and 8c 8d
			// dead (16). Laying off 6h and 7h keeps the set and leaves nothing.
			name:    "layoffs into a gap keep the defender's set",
			knocker: "3h 4h 5h | 9h Th Jh", defender: "6h 7h 8h 8c 8d",
			onto: []string{"6h 7h", ""}, melds: "8c 8d 8h", deadwood: 0, without: 13,
		},
		{
			// Laying off 8s 9s Ts or melding them both leave 2c: the fewest cards
			// laid off wins.
			name:    "nothing is laid off that the defender can meld as well",
			knocker: "5s 6s 7s", defender: "8s 9s Ts 2c",
			onto: []string{""}, melds: "8s 9s Ts", deadwood: 2, without: 2,
		},
		{
			// 9h Th on the hearts or 9s Ts on the spades both leave a set of
			// nines and one ten (10); laying off both leaves 9c 9d (18). Of the
			// two ties, 9h comes first in card order. Without: the four nines
			// and Ts Th, 20.
			name:    "a tie goes to the cards first in card order",
			knocker: "6s 7s 8s | 6h 7h 8h", defender: "9c 9d 9h 9s Ts Th",
			onto: []string{"", "9h Th"}, melds: "9c 9d 9s", deadwood: 10, without: 20,
		},
		{
			name:    "a knocker with no melds takes nothing",
			knocker: "", defender: "7c 8h",
			onto: []string{}, deadwood: 15, without: 15,
		},
		{
			// 5c would complete the set and Kd extend the run, but the knocker is gin.
			name:    "nothing is laid off on gin",
			knocker: "2c 3c 4c | 5h 5d 5s | 9d Td Jd Qd", defender: "5c Kd 8h",
			onto: []string{"", "", ""}, deadwood: 23, without: 23, gin: true,
		},
		{
			name:    "nothing is laid off on big gin",
			knocker: "2c 3c 4c | 5h 5d 5s | 9d Td Jd Qd Kd", defender: "5c 8d",
			onto: []string{"", "", ""}, deadwood: 13, without: 13, gin: true, bigGin: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			knocker := mustMelds(t, tt.knocker)
			defender := mustHand(t, tt.defender)
			res, err := DefenderReply(knocker, defender)
			if err != nil {
				t.Fatal(err)
			}
			checkReply(t, knocker, defender, res)
			got := make([]string, len(knocker))
			for i := range knocker {
				var onto Hand
				for _, l := range res.Layoffs {
					if l.Meld == i {
						onto = onto.With(l.Card)
					}
				}
				got[i] = onto.String()
			}
			for i, want := range tt.onto {
				if got[i] != handOf(t, want).String() {
					t.Errorf("laid off on %v: %q, want %q", knocker[i], got[i], want)
				}
			}
			if want := mustMelds(t, tt.melds); !slices.Equal(res.Melds(), want) {
				t.Errorf("defender melds %v, want %v", res.Melds(), want)
			}
			if res.Deadwood != tt.deadwood || res.WithoutLayoffs != tt.without {
				t.Errorf("deadwood %d (%d without layoffs), want %d (%d)",
					res.Deadwood, res.WithoutLayoffs, tt.deadwood, tt.without)
			}
			if res.Gin != tt.gin || res.BigGin != tt.bigGin {
				t.Errorf("gin %v big gin %v, want %v %v", res.Gin, res.BigGin, tt.gin, tt.bigGin)
			}
		})
	}
}

func TestLayOffErrors(t *testing.T) {
	t.Parallel()
	c := func(s string) Card {
		card, err := ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		return card
	}
	meld := func(cards ...string) Meld {
		var h Hand
		for _, s := range cards {
			h = h.With(c(s))
		}
		return Meld(h)
	}
	tests := []struct {
		name     string
		knocker  []Meld
		defender string
		want     error
		text     string // part of the message
	}{
		{"a card in both hands", []Meld{meld("7c", "7d", "7h")}, "2c 7h", ErrSharedCard, "card 7h"},
		{"a card in two melds", []Meld{meld("7c", "7d", "7h"), meld("7h", "8h", "9h")}, "2c", ErrMeldsOverlap, "card 7h"},
		{"Q-K-A is no run", []Meld{meld("Qh", "Kh", "Ah")}, "2c", ErrNotMeld, `meld 1 "Ah Qh Kh"`},
		{"K-A-2 is no run", []Meld{meld("7c", "7d", "7h"), meld("Kh", "Ah", "2h")}, "2c", ErrNotMeld, `meld 2 "Ah 2h Kh"`},
		{"an empty meld", []Meld{0}, "2c", ErrNotMeld, "meld 1"},
		{
			"twelve cards melded",
			[]Meld{meld("Ac", "2c", "3c", "4c", "5c", "6c"), meld("7d", "8d", "9d"), meld("Th", "Jh", "Qh")},
			"2s", ErrKnockerSize, "12 cards",
		},
	}
	for _, tt := range tests {
		_, err := DefenderReply(tt.knocker, mustHand(t, tt.defender))
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.text) {
			t.Errorf("%s: error %q does not say %q", tt.name, err, tt.text)
		}
	}
	var cerr *CardError
	if _, err := DefenderReply([]Meld{meld("7c", "7d", "7h")}, mustHand(t, "7h")); !errors.As(err, &cerr) || cerr.Card != c("7h") {
		t.Errorf("shared card: error %v, want a *CardError for 7h", err)
	}
}

// checkReply checks that a reply is a legal play: the layoffs keep every
// knocker meld a set or a run, a card goes to a run only when the run needs it,
// and the defender's melds, layoffs and deadwood share out its hand.
func checkReply(t *testing.T, knocker []Meld, defender Hand, res Reply) {
	t.Helper()
	grown := make([]Hand, len(knocker))
	var fourths Hand // the cards that would make a three-card set four
	for i, m := range knocker {
		grown[i] = Hand(m)
		if m.Len() == 3 && m.IsSet() {
			r := Hand(m).Cards()[0].Rank()
			for s := range Suit(NumSuits) {
				if c := NewCard(r, s); !Hand(m).Has(c) {
					fourths = fourths.With(c)
				}
			}
		}
	}
	var laid Hand
	for i, l := range res.Layoffs {
		if i > 0 {
			prev := res.Layoffs[i-1]
			if prev.Meld > l.Meld || prev.Meld == l.Meld && prev.Card >= l.Card {
				t.Fatalf("%v against %v: layoffs %v out of order", defender, knocker, res.Layoffs)
			}
		}
		if !defender.Has(l.Card) || laid.Has(l.Card) || l.Meld < 0 || l.Meld >= len(knocker) {
			t.Fatalf("%v against %v: bad layoff %v", defender, knocker, l)
		}
		laid = laid.With(l.Card)
		grown[l.Meld] = grown[l.Meld].With(l.Card)
	}
	if res.Gin && laid != 0 {
		t.Fatalf("%v against %v: laid off %v on gin", defender, knocker, laid)
	}
	for i, g := range grown {
		if !Meld(g).IsValid() {
			t.Fatalf("%v against %v: meld %v grew to %v", defender, knocker, knocker[i], g)
		}
	}
	for _, l := range res.Layoffs {
		g := grown[l.Meld]
		if fourths.Has(l.Card) && Meld(g).IsRun() && (g.Cards()[0] == l.Card || g.Cards()[g.Len()-1] == l.Card) {
			t.Fatalf("%v against %v: %v goes to the run %v, but nothing chains on it", defender, knocker, l.Card, g)
		}
	}
	checkArrangement(t, defender&^laid, res.Arrangement, res.Deadwood)
}

// bruteLayoffGroups lists every group of the defender's cards that can be laid
// off on the knocker's melds: each card is given to one meld, and every meld
// with the cards it is given must still be a set or a run. It gives each meld
// in turn every subset of the cards left that keeps it one.
func bruteLayoffGroups(knocker []Meld, defender Hand) []Hand {
	groups := []Hand{0}
	for _, m := range knocker {
		var next []Hand
		for _, g := range groups {
			left := defender &^ g
			for sub := left; ; sub = (sub - 1) & left {
				if sub == 0 || Meld(Hand(m)|sub).IsValid() {
					next = append(next, g|sub)
				}
				if sub == 0 {
					break
				}
			}
		}
		groups = next
	}
	slices.Sort(groups)
	return slices.Compact(groups)
}

// bruteLayOff is the defender's least deadwood against the knocker's melds by
// exhaustive search, and the cards it lays off, ties broken as DefenderReply says:
// the fewest cards, then the first cards in card order.
func bruteLayOff(knocker []Meld, defender Hand) (int, Hand) {
	var melded Hand
	for _, m := range knocker {
		melded |= Hand(m)
	}
	if melded.Len() >= 10 {
		return bruteDeadwood(defender), 0
	}
	best, bestLaid := 1<<30, Hand(0)
	for _, laid := range bruteLayoffGroups(knocker, defender) {
		d := bruteDeadwood(defender &^ laid)
		switch {
		case d < best:
		case d > best:
			continue
		case laid.Len() > bestLaid.Len():
			continue
		case laid.Len() == bestLaid.Len() && slices.Compare(laid.Cards(), bestLaid.Cards()) > 0:
			continue
		}
		best, bestLaid = d, laid
	}
	return best, bestLaid
}

// checkLayOffAgainstBrute compares DefenderReply with the brute force on one deal.
func checkLayOffAgainstBrute(t *testing.T, knocker []Meld, defender Hand) {
	t.Helper()
	res, err := DefenderReply(knocker, defender)
	if err != nil {
		t.Fatalf("%v against %v: %v", defender, knocker, err)
	}
	checkReply(t, knocker, defender, res)
	want, wantLaid := bruteLayOff(knocker, defender)
	var laid Hand
	for _, l := range res.Layoffs {
		laid = laid.With(l.Card)
	}
	if res.Deadwood != want || laid != wantLaid {
		t.Fatalf("%v against %v: deadwood %d laying off %v, brute force %d laying off %v",
			defender, knocker, res.Deadwood, laid, want, wantLaid)
	}
	if w := bruteDeadwood(defender); res.WithoutLayoffs != w {
		t.Fatalf("%v against %v: %d without layoffs, brute force %d", defender, knocker, res.WithoutLayoffs, w)
	}
}

// dealFrom deals n cards from the deck, or all of it when it holds fewer.
func dealFrom(rng *rand.Rand, deck Hand, n int) Hand {
	cards := deck.Cards()
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	return NewHand(cards[:min(n, len(cards))]...)
}

// layoffDeal deals a knocker and a defender ten cards each: from the whole
// deck, or, meld-rich, from the cards of five to seven adjacent ranks, where
// the defender's cards often fit the knocker's melds.
func layoffDeal(rng *rand.Rand, rich bool) (knocker, defender Hand) {
	deck := FullDeck
	if rich {
		k := 5 + rng.IntN(3)
		lo := rng.IntN(NumRanks - k + 1)
		deck = 0
		for r := lo; r < lo+k; r++ {
			deck |= rankBits << r
		}
	}
	knocker = dealFrom(rng, deck, 10)
	return knocker, dealFrom(rng, deck&^knocker, 10)
}

func TestLayOffAgainstBruteForce(t *testing.T) {
	t.Parallel()
	n := trials(20000, 2000)
	for _, rich := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(11, 12))
		for range n {
			knocker, defender := layoffDeal(rng, rich)
			a := knocker.Arrange()
			checkLayOffAgainstBrute(t, a.Melds(), defender)
		}
	}
}

// bruteKnockerMelds lists an arrangement's melds: its sets by rank and its
// runs as whole blocks of consecutive cards. A knocker who splits a long run
// changes no layoff: the inner ends of the two parts touch each other.
func bruteKnockerMelds(a bruteArrangement) []Meld {
	var melds []Meld
	for r := range NumRanks {
		if set := a.sets & (rankBits << r); set != 0 {
			melds = append(melds, Meld(set))
		}
	}
	for runs := a.runs; runs != 0; {
		low := runs.Cards()[0]
		var run Hand
		for r := low.Rank(); r < NumRanks && runs.Has(NewCard(r, low.Suit())); r++ {
			run = run.With(NewCard(r, low.Suit()))
		}
		melds = append(melds, Meld(run))
		runs &^= run
	}
	return melds
}

// bruteLayDown is the knocker's least deadwood, the best discards from eleven
// cards, and the most deadwood any optimal arrangement leaves the defender
// after its best reply, all by exhaustive search.
func bruteLayDown(knocker, defender Hand) (k int, discards Hand, d int) {
	hands := []Hand{knocker}
	if knocker.Len() == 11 && bruteDeadwood(knocker) != 0 {
		best := bruteAfterDiscard(knocker)
		hands = nil
		for c := range knocker.All() {
			if bruteDeadwood(knocker.Without(c)) == best {
				hands = append(hands, knocker.Without(c))
				discards = discards.With(c)
			}
		}
	}
	d = -1
	for _, h := range hands {
		k = bruteDeadwood(h)
		for _, a := range bruteOptimal(h) {
			reply, _ := bruteLayOff(bruteKnockerMelds(a), defender)
			d = max(d, reply)
		}
	}
	return k, discards, d
}

// checkLayDownAgainstBrute compares LayDown with the brute force on one deal.
func checkLayDownAgainstBrute(t *testing.T, knocker, defender Hand) {
	t.Helper()
	s, err := LayDown(knocker, defender)
	if err != nil {
		t.Fatalf("%v against %v: %v", knocker, defender, err)
	}
	k, discards, d := bruteLayDown(knocker, defender)
	kept := knocker
	if discards != 0 {
		if !discards.Has(s.Discard) {
			t.Fatalf("%v against %v: discard %v, brute force discards %v", knocker, defender, s.Discard, discards)
		}
		kept = knocker.Without(s.Discard)
	} else if s.Discard != NoCard {
		t.Fatalf("%v against %v: discard %v from %d cards", knocker, defender, s.Discard, knocker.Len())
	}
	checkArrangement(t, kept, s.Knocker, k)
	reply, err := DefenderReply(s.Knocker.Melds(), defender)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(reply.Layoffs, s.Defender.Layoffs) || reply.Deadwood != s.Defender.Deadwood ||
		reply.Gin != s.Defender.Gin || reply.BigGin != s.Defender.BigGin {
		t.Fatalf("%v against %v: reply %+v, DefenderReply on its melds %+v", knocker, defender, s.Defender, reply)
	}
	if s.Defender.Deadwood != d {
		t.Fatalf("%v against %v: defender left %d, brute force %d", knocker, defender, s.Defender.Deadwood, d)
	}
}

func TestLayDownAgainstBruteForce(t *testing.T) {
	t.Parallel()
	n := trials(1500, 150)
	for _, rich := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(13, 14))
		for i := range n {
			knocker, defender := layoffDeal(rng, rich)
			if i%2 == 1 {
				knocker |= dealFrom(rng, FullDeck&^knocker&^defender, 1)
			}
			checkLayDownAgainstBrute(t, knocker, defender)
		}
	}
}

func TestLayDownByRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		knocker  string
		defender string
		melds    string // the knocker's melds
		discard  string
		deadwood int    // the knocker's
		onto     string // the cards laid off
		left     int    // the defender's deadwood
		gin      bool
		bigGin   bool
	}{
		{
			// 3c 3d 3h with 2h 4h dead, or 2h 3h 4h with 3c 3d dead: 6 either way.
			// Against the set the defender lays off 3s and 8s (30 left); against
			// the heart run only 8s (33 left). The knocker takes the run.
			name:     "the arrangement that leaves the defender most",
			knocker:  "3c 3d 3h 2h 4h 9s Ts Js Qs Ks",
			defender: "3s 8s Kc Qd Jc", melds: "2h 3h 4h | 9s Ts Js Qs Ks",
			deadwood: 6, onto: "8s", left: 33,
		},
		{
			// As above after throwing Kh, the only discard that keeps 6.
			name:     "eleven cards: the discard, then the arrangement",
			knocker:  "3c 3d 3h 2h 4h 9s Ts Js Qs Ks Kh",
			defender: "3s 8s Kc Qd Jc", melds: "2h 3h 4h | 9s Ts Js Qs Ks", discard: "Kh",
			deadwood: 6, onto: "8s", left: 33,
		},
		{
			name:     "gin takes no layoffs",
			knocker:  "2c 3c 4c 5h 5d 5s 9d Td Jd Qd",
			defender: "5c Kd 8h", melds: "5d 5h 5s | 2c 3c 4c | 9d Td Jd Qd", left: 23, gin: true,
		},
		{
			name:     "eleven cards to gin",
			knocker:  "2c 3c 4c 5h 5d 5s 9d Td Jd Qd Ks",
			defender: "5c Kd 8h", melds: "5d 5h 5s | 2c 3c 4c | 9d Td Jd Qd", discard: "Ks", left: 23, gin: true,
		},
		{
			name:     "big gin keeps all eleven",
			knocker:  "2c 3c 4c 5h 5d 5s 9d Td Jd Qd Kd",
			defender: "5c 8d", melds: "5d 5h 5s | 2c 3c 4c | 9d Td Jd Qd Kd", left: 13, gin: true, bigGin: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := LayDown(mustHand(t, tt.knocker), mustHand(t, tt.defender))
			if err != nil {
				t.Fatal(err)
			}
			if want := mustMelds(t, tt.melds); !slices.Equal(s.Knocker.Melds(), want) {
				t.Errorf("knocker melds %v, want %v", s.Knocker.Melds(), want)
			}
			discard := NoCard
			if tt.discard != "" {
				discard, _ = ParseCard(tt.discard)
			}
			if s.Discard != discard || s.Knocker.Deadwood != tt.deadwood {
				t.Errorf("discard %v deadwood %d, want %v %d", s.Discard, s.Knocker.Deadwood, discard, tt.deadwood)
			}
			var laid Hand
			for _, l := range s.Defender.Layoffs {
				laid = laid.With(l.Card)
			}
			if laid != handOf(t, tt.onto) || s.Defender.Deadwood != tt.left {
				t.Errorf("defender lays off %v and keeps %d, want %v and %d", laid, s.Defender.Deadwood, tt.onto, tt.left)
			}
			if s.Defender.Gin != tt.gin || s.Defender.BigGin != tt.bigGin {
				t.Errorf("gin %v big gin %v, want %v %v", s.Defender.Gin, s.Defender.BigGin, tt.gin, tt.bigGin)
			}
		})
	}
}

func TestLayDownErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		knocker, defender string
		want              error
		text              string
	}{
		{"2c 3c 4c 5h 5d 5s 9d Td Jd", "Kh", ErrKnockerSize, "9 cards"},
		{"2c 3c 4c 5h 5d 5s 9d Td Jd Qd Kd Ad", "Kh", ErrKnockerSize, "12 cards"},
		{"2c 3c 4c 5h 5d 5s 9d Td Jd Qd", "Kh Jd", ErrSharedCard, "card Jd"},
	}
	for _, tt := range tests {
		_, err := LayDown(mustHand(t, tt.knocker), mustHand(t, tt.defender))
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.text) {
			t.Errorf("LayDown(%s, %s): error %v, want %v saying %q", tt.knocker, tt.defender, err, tt.want, tt.text)
		}
	}
}

func FuzzLayoff(f *testing.F) {
	seeds := [][2]string{
		{"7c 7d 7h 2s 3s 4s 9h 9d Kc Qd", "7s 5s Ah Td"},
		{"8c 8d 8h 5s 6s 7s Kd Qh Jc 2d", "8s 9s Ts 4s 3d"},
		{"3h 4h 5h 9h Th Jh Ac 2d Kc Qs", "6h 7h 8h 8c 8d"},
		{"6s 7s 8s 6h 7h 8h Kc Qc Jd 2c", "9c 9d 9h 9s Ts Th"},
		{"3c 3d 3h 2h 4h 9s Ts Js Qs Ks Kh", "3s 8s Kc Qd Jc"},
		{"2c 3c 4c 5h 5d 5s 9d Td Jd Qd Kd", "5c 8d 8s"},
	}
	for _, s := range seeds {
		f.Add(fuzzBytes(mustHand(f, s[0])), fuzzBytes(mustHand(f, s[1])))
	}
	f.Fuzz(func(t *testing.T, k, d []byte) {
		knocker := fuzzHand(k, 11, 0)
		defender := fuzzHand(d, 10, knocker)
		a := knocker.Arrange()
		checkLayOffAgainstBrute(t, a.Melds(), defender)
		if n := knocker.Len(); n == 10 || n == 11 {
			checkLayDownAgainstBrute(t, knocker, defender)
		}
	})
}

func BenchmarkDefenderReply(b *testing.B) {
	type deal struct {
		melds    []Meld
		defender Hand
	}
	deals := func(rich bool) []deal {
		rng := rand.New(rand.NewPCG(2026, 12))
		ds := make([]deal, 1<<12)
		for i := range ds {
			knocker, defender := layoffDeal(rng, rich)
			a := knocker.Arrange()
			ds[i] = deal{slices.Clone(a.Melds()), defender}
		}
		return ds
	}
	for _, c := range []struct {
		name  string
		deals []deal
	}{
		{"random", deals(false)},
		{"meldrich", deals(true)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				d := c.deals[i&(len(c.deals)-1)]
				res, err := DefenderReply(d.melds, d.defender)
				if err != nil {
					b.Fatal(err)
				}
				sink += res.Deadwood
			}
		})
	}
}

func BenchmarkLayDown(b *testing.B) {
	rng := rand.New(rand.NewPCG(2026, 13))
	type deal struct{ knocker, defender Hand }
	deals := make([]deal, 1<<10)
	for i := range deals {
		knocker, defender := layoffDeal(rng, true)
		deals[i] = deal{knocker, defender}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d := deals[i&(len(deals)-1)]
		s, err := LayDown(d.knocker, d.defender)
		if err != nil {
			b.Fatal(err)
		}
		sink += s.Defender.Deadwood
	}
}

func TestLayoffRefusesBitsThatAreNoCards(t *testing.T) {
	t.Parallel()
	knocker := mustHand(t, "Ac 2c 3c 4d 5d 6d 7h 8h 9h") | 1<<13
	defender := mustHand(t, "Ts Js Qs Ks 2s 3s 4s 5s 6s 7s")
	if _, err := LayDown(knocker, defender); !errors.Is(err, ErrInvalidHand) {
		t.Errorf("LayDown with a knocker of nine cards and a stray bit: %v, want ErrInvalidHand", err)
	}
	if _, err := DefaultRules().ScoreCards(knocker, defender, NoCard); !errors.Is(err, ErrInvalidHand) {
		t.Errorf("ScoreCards: %v, want ErrInvalidHand", err)
	}
	if _, err := DefenderReply(nil, defender|1<<14); !errors.Is(err, ErrInvalidHand) {
		t.Errorf("DefenderReply with a stray bit in the defender: %v, want ErrInvalidHand", err)
	}
}
