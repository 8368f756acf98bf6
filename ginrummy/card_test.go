package ginrummy

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseCardNotations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		rank Rank
		suit Suit
	}{
		{"7h", Seven, Hearts},
		{"7H", Seven, Hearts},
		{"KS", King, Spades},
		{"ks", King, Spades},
		{"Ac", Ace, Clubs},
		{"aD", Ace, Diamonds},
		{"Th", Ten, Hearts},
		{"tH", Ten, Hearts},
		{"10h", Ten, Hearts},
		{"10♥", Ten, Hearts},
		{"T♣", Ten, Clubs},
		{"Q♦", Queen, Diamonds},
		{"J♠", Jack, Spades},
		{"2♧", Two, Clubs},
		{"3♢", Three, Diamonds},
		{"4♡", Four, Hearts},
		{"5♤", Five, Spades},
		{"9♥\uFE0F", Nine, Hearts},
		{"9♥\uFE0E", Nine, Hearts}, // text presentation
		{"K♠\uFE0E", King, Spades},
	}
	for _, tt := range tests {
		c, err := ParseCard(tt.in)
		if err != nil {
			t.Errorf("ParseCard(%q): %v", tt.in, err)
			continue
		}
		if c.Rank() != tt.rank || c.Suit() != tt.suit {
			t.Errorf("ParseCard(%q) = %v, want rank %v suit %v", tt.in, c, tt.rank, tt.suit)
		}
	}
}

func TestCardFormats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		card             Card
		canonical, human string
		value            int
	}{
		{NewCard(Ten, Hearts), "Th", "10♥", 10},
		{NewCard(King, Clubs), "Kc", "K♣", 10},
		{NewCard(Ace, Spades), "As", "A♠", 1},
		{NewCard(Seven, Diamonds), "7d", "7♦", 7},
		{NoCard, "??", "??", 0},
	}
	for _, tt := range tests {
		if got := tt.card.String(); got != tt.canonical {
			t.Errorf("String() = %q, want %q", got, tt.canonical)
		}
		if got := tt.card.Unicode(); got != tt.human {
			t.Errorf("Unicode() = %q, want %q", got, tt.human)
		}
		if tt.card.IsValid() {
			if got := tt.card.Value(); got != tt.value {
				t.Errorf("%v: Value() = %d, want %d", tt.card, got, tt.value)
			}
		}
	}
	if text, err := NoCard.MarshalText(); err != nil || len(text) != 0 {
		t.Errorf("NoCard.MarshalText() = %q, %v; want nothing", text, err)
	}
	var back Card
	if err := back.UnmarshalText(nil); err != nil || back != NoCard {
		t.Errorf("UnmarshalText of nothing = %v, %v; want NoCard", back, err)
	}
	if _, err := Card(13).MarshalText(); err == nil {
		t.Error("Card(13).MarshalText() succeeded: 13 is no card")
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		reason error
		pos    int
		msg    string
	}{
		{"7h 8h 1h", ErrUnknownRank, 3, `card 3 "1h": unknown rank "1"; did you mean 10h or Ah?`},
		{"11h", ErrUnknownRank, 1, `card 1 "11h": unknown rank "11"; court cards are J, Q and K`},
		{"Xh", ErrUnknownRank, 1, `card 1 "Xh": unknown rank "X"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"7h 7x", ErrUnknownSuit, 2, `card 2 "7x": unknown suit "x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"7", ErrUnknownSuit, 1, `card 1 "7": no suit; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"7hh", ErrUnknownSuit, 1, `card 1 "7hh": unknown suit "hh"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean 7h?`},
		{"100h", ErrUnknownSuit, 1, `card 1 "100h": unknown suit "0h"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean Th?`},
		{"7h;8h;9h", ErrUnknownSuit, 1, `card 1 "7h;8h;9h": unknown suit "h;8h;9h"; separate cards with spaces or commas`},
		{"1", ErrUnknownRank, 1, `card 1 "1": unknown rank "1"; a ten is T or 10, an ace A`},
		{"7h 8h 9h Ks Kd Kc Kd", ErrDuplicate, 7, `card 7 "Kd": duplicate of card 5`},
		{"7h 7H", ErrDuplicate, 2, `card 2 "7H": duplicate of card 1`},
		{"Th 10h", ErrDuplicate, 2, `card 2 "10h": duplicate of card 1`},
		{"", ErrEmpty, 0, `no cards`},
		{" ,\t, ", ErrEmpty, 0, `no cards`},
		{"♥7", ErrUnknownRank, 1, `card 1 "♥7": unknown rank "♥"; did you mean 7♥? the rank comes first`},
		{"h10", ErrUnknownRank, 1, `card 1 "h10": unknown rank "h"; did you mean 10h? the rank comes first`},
		{"♥X", ErrUnknownRank, 1, `card 1 "♥X": unknown rank "♥"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"7h8h10♠Kd", ErrUnknownSuit, 1, `card 1 "7h8h10♠Kd": unknown suit "h8h10♠Kd"; separate cards with spaces or commas`},
		{"7h8x", ErrUnknownSuit, 1, `card 1 "7h8x": unknown suit "h8x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		// The typos of issue 46: each says how cards are written, and the card
		// meant where one can be told.
		{"hh", ErrUnknownRank, 1, `card 1 "hh": unknown rank "h"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`}, // Ah … Kh all a letter off
		{"ten", ErrUnknownSuit, 1, `card 1 "ten": unknown suit "en"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); ten is written T or 10`},
		{"Queen", ErrUnknownSuit, 1, `card 1 "Queen": unknown suit "ueen"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); queen is written Q`},
		{"7h t h", ErrUnknownSuit, 2, `card 2 "t": no suit; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean Th?`},
		{"10 ♥ 7h", ErrUnknownSuit, 1, `card 1 "10": no suit; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean Th?`},
		{"7 7h", ErrUnknownSuit, 1, `card 1 "7": no suit; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},            // 7h is a card, not a suit
		{"Qsh", ErrUnknownSuit, 1, `card 1 "Qsh": unknown suit "sh"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`}, // Qs or Qh
		{"Kdd", ErrUnknownSuit, 1, `card 1 "Kdd": unknown suit "dd"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean Kd?`},
		{"h7s", ErrUnknownRank, 1, `card 1 "h7s": unknown rank "h"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean 7s?`}, // an h too many
		{"Kh2", ErrUnknownSuit, 1, `card 1 "Kh2": unknown suit "h2"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥); did you mean Kh?`},
	}
	for _, tt := range tests {
		_, err := ParseHand(tt.in)
		var perr *ParseError
		if !errors.As(err, &perr) {
			t.Errorf("ParseHand(%q) = %v, want a *ParseError", tt.in, err)
			continue
		}
		if !errors.Is(err, tt.reason) || perr.Pos != tt.pos || err.Error() != tt.msg {
			t.Errorf("ParseHand(%q) = %q (pos %d), want %q (pos %d, %v)", tt.in, err, perr.Pos, tt.msg, tt.pos, tt.reason)
		}
	}
}

func TestParseSeparatorsAndOrder(t *testing.T) {
	t.Parallel()
	cards, err := Parse("Kc,7h\t10♦ , 2s")
	if err != nil {
		t.Fatal(err)
	}
	want := []Card{NewCard(King, Clubs), NewCard(Seven, Hearts), NewCard(Ten, Diamonds), NewCard(Two, Spades)}
	if !slices.Equal(cards, want) {
		t.Errorf("Parse kept %v, want %v in the order given", cards, want)
	}
	h := NewHand(want...)
	if got := h.String(); got != "Kc Td 7h 2s" {
		t.Errorf("Hand.String() = %q, want cards by suit then rank", got)
	}
	if got := h.Unicode(); got != "K♣ 10♦ 7♥ 2♠" {
		t.Errorf("Hand.Unicode() = %q", got)
	}
}

func TestHandBasics(t *testing.T) {
	t.Parallel()
	if FullDeck.Len() != 52 {
		t.Fatalf("FullDeck has %d cards", FullDeck.Len())
	}
	if FullDeck.Value() != 4*(1+2+3+4+5+6+7+8+9+10+10+10+10) {
		t.Errorf("FullDeck.Value() = %d", FullDeck.Value())
	}
	c := NewCard(Queen, Diamonds)
	h := NewHand(c)
	if !h.Has(c) || h.Without(c) != 0 || Hand(0).With(c) != h || h.Has(NoCard) {
		t.Error("With, Without and Has disagree")
	}
	var back Hand
	if err := back.UnmarshalText([]byte("Qd, 2c")); err != nil || back != NewHand(c, NewCard(Two, Clubs)) {
		t.Errorf("UnmarshalText: %v, %v", back, err)
	}
}

func TestInvalidHands(t *testing.T) {
	t.Parallel()
	for _, c := range []Card{NoCard, Card(13), Card(15), Card(64)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewHand(%d) did not panic", uint8(c))
				}
			}()
			NewHand(c)
		}()
	}
	bad := mustHand(t, "Qc Kc") | 1<<13
	if bad.IsValid() || !mustHand(t, "Qc Kc").IsValid() || !FullDeck.IsValid() {
		t.Error("IsValid is wrong")
	}
	if _, err := bad.MarshalText(); err == nil {
		t.Error("a hand with a bit that is no card marshalled")
	}
	if Meld(1<<13|1<<29|1<<45).IsSet() || Meld(bad).IsRun() {
		t.Error("bits that are no cards made a meld")
	}
	var h Hand = 5
	if err := h.UnmarshalText([]byte(" ")); err != nil || h != 0 {
		t.Errorf("UnmarshalText of nothing = %v, %v; want no cards", h, err)
	}
	if text, err := Hand(0).MarshalText(); err != nil || len(text) != 0 {
		t.Errorf("no cards marshal to %q, %v", text, err)
	}
}

func TestParseMelds(t *testing.T) {
	t.Parallel()
	melds, err := ParseMelds("7h 8h 9h | Ks Kd Kc; 2c 3c 4c 5c")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"7h 8h 9h", "Kc Kd Ks", "2c 3c 4c 5c"}
	if len(melds) != len(want) {
		t.Fatalf("got %d melds, want %d", len(melds), len(want))
	}
	for i, m := range melds {
		if m.String() != want[i] {
			t.Errorf("meld %d = %v, want %v", i+1, m, want[i])
		}
	}
	if !melds[1].IsSet() || melds[1].IsRun() || !melds[0].IsRun() || melds[0].IsSet() {
		t.Error("set and run kinds wrong")
	}
}

func TestParseMeldsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		reason error
		msg    string
	}{
		{"7h 8h Ts", ErrNotMeld, `meld 1 "7h 8h Ts": not a set or a run`},
		{"7h 8h 9h | Qh Kh Ah", ErrNotMeld, `meld 2 "Qh Kh Ah": not a set or a run`},
		// How to give the melds on a command line is the command's to say
		// (commands' TestLayoffErrors).
		{"7h 8h", ErrNotMeld, `meld 1 "7h 8h": not a set or a run; a meld has three cards or more`},
		{"7h 8h 9h, Ks Kd Kc", ErrNotMeld, `meld 1 "7h 8h 9h, Ks Kd Kc": not a set or a run; separate melds with | or ; ("7h 8h 9h | Ks Kd Kc"), not commas`},
		{"Ks Kd Kc Kh Ks", ErrDuplicate, `meld 1 "Ks Kd Kc Kh Ks": card 5 "Ks": duplicate of card 1`},
		{"7h 8h 9h | 9h 9s 9d", ErrDuplicate, `meld 2 "9h 9s 9d": card 4 "9h": duplicate`},
		{"7h 8h 9h | Ks Kd Kx", ErrUnknownSuit, `meld 2 "Ks Kd Kx": card 6 "Kx": unknown suit "x"; ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)`},
		{"7h 8h 9h || Ks Kd Kc", ErrEmpty, `meld 2 "": empty`},
		{"", ErrEmpty, `meld 1 "": empty`},
		{"Kh Ah 2h", ErrNotMeld, `meld 1 "Kh Ah 2h": not a set or a run`},
	}
	for _, tt := range tests {
		_, err := ParseMelds(tt.in)
		var merr *MeldError
		if !errors.As(err, &merr) || !errors.Is(err, tt.reason) || err.Error() != tt.msg {
			t.Errorf("ParseMelds(%q) = %v, want %q (%v)", tt.in, err, tt.msg, tt.reason)
		}
	}
}

func TestMeldKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cards    string
		set, run bool
		why      string
	}{
		{"Ah 2h 3h", false, true, "ace low"},
		{"Jh Qh Kh", false, true, "king high"},
		{"Qh Kh Ah", false, false, "no wrap"},
		{"Kc As 2c", false, false, "no wrap across suits"},
		{"Kc Ad 2d", false, false, "K♣ then A♦ is no run: suits do not join"},
		{"7c 7d 7h 7s", true, false, "four of a kind"},
		{"7c 7d", false, false, "two"},
		{"2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", false, true, "a long run"},
		{"3h 4h 6h", false, false, "a gap"},
		{"3h 4h 5s", false, false, "two suits"},
	}
	for _, tt := range tests {
		m := Meld(mustHand(t, tt.cards))
		if m.IsSet() != tt.set || m.IsRun() != tt.run {
			t.Errorf("%s: IsSet %v IsRun %v, want %v %v (%s)", tt.cards, m.IsSet(), m.IsRun(), tt.set, tt.run, tt.why)
		}
	}
}

// A card typed wrong carries the card meant, where one can be told, for a
// caller to word: one card a letter off; none where many are.
func TestParseCardMeant(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in    string
		meant []Card
	}{
		{"7hh", []Card{NewCard(Seven, Hearts)}},
		{"Jdd", []Card{NewCard(Jack, Diamonds)}},
		{"10hh", []Card{NewCard(Ten, Hearts)}},
		{"hh", nil},  // Ah, 2h … Kh
		{"7x", nil},  // 7c, 7d, 7h, 7s
		{"ten", nil}, // no suit to go by
	} {
		_, err := ParseCard(tc.in)
		perr, ok := errors.AsType[*ParseError](err)
		if !ok {
			t.Errorf("ParseCard(%q) = %v, want a *ParseError", tc.in, err)
			continue
		}
		if !slices.Equal(perr.Meant, tc.meant) {
			t.Errorf("ParseCard(%q) meant %v, want %v", tc.in, perr.Meant, tc.meant)
		}
	}
}

// The hint of a card mistyped never names a card already in the list
// being parsed, which the token cannot have meant (review finding: "7hh"
// after 7h was "did you mean 7h?").
func TestHintNamesNoCardOfTheList(t *testing.T) {
	t.Parallel()
	_, err := Parse("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d 7hh")
	if err == nil || !strings.Contains(err.Error(), `card 11 "7hh"`) || strings.Contains(err.Error(), "did you mean 7h") {
		t.Errorf("7hh after 7h: %v; want card 11 refused naming no card given", err)
	}
	_, err = Parse("8h Th t h")
	if err == nil || strings.Contains(err.Error(), "did you mean Th") {
		t.Errorf("t h split after Th: %v; want no hint Th", err)
	}
	// Where the card is not in the list, it is the hint.
	if _, err := Parse("8h 9h 7hh"); err == nil || !strings.Contains(err.Error(), "did you mean 7h?") {
		t.Errorf("7hh without 7h: %v; want the hint 7h", err)
	}
}
