package ginrummy

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Rank is a card's rank, Ace (low) to King.
type Rank uint8

// The thirteen ranks, in order. The ace is low only.
const (
	Ace Rank = iota
	Two
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	// NumRanks is the number of ranks.
	NumRanks = 13
)

// Suit is a card's suit.
type Suit uint8

// The four suits, in the order cards are listed.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
	// NumSuits is the number of suits.
	NumSuits = 4
)

const rankLetters = "A23456789TJQK"
const suitLetters = "cdhs"

var suitSymbols = [NumSuits]string{"♣", "♦", "♥", "♠"}

// String returns the rank's letter: A 2 … 9 T J Q K.
func (r Rank) String() string {
	if r >= NumRanks {
		return "?"
	}
	return rankLetters[r : r+1]
}

// Value is the deadwood value of a card of this rank: ace 1, pips, court cards 10.
func (r Rank) Value() int {
	return rankValue[r&15]
}

// rankValue is indexed by rank; the padding keeps Value branch-free.
var rankValue = [16]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10}

// String returns the suit's lowercase letter: c d h s.
func (s Suit) String() string {
	if s >= NumSuits {
		return "?"
	}
	return suitLetters[s : s+1]
}

// Symbol returns the suit's symbol: ♣ ♦ ♥ ♠.
func (s Suit) Symbol() string {
	if s >= NumSuits {
		return "?"
	}
	return suitSymbols[s]
}

// IsRed reports whether the suit is hearts or diamonds.
func (s Suit) IsRed() bool { return s == Diamonds || s == Hearts }

// Card is one playing card as a small integer: suit<<4 | rank. The same number
// is the card's bit in a Hand. NoCard is the invalid card.
type Card uint8

// NoCard is the zero-information card returned alongside errors.
const NoCard Card = 0xFF

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card {
	return Card(s)<<4 | Card(r)
}

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Value is the card's deadwood value: ace 1, pips, court cards 10.
func (c Card) Value() int { return rankValue[c&15] }

// IsValid reports whether c is one of the 52 cards.
func (c Card) IsValid() bool { return c&15 < NumRanks && c>>4 < NumSuits }

// String returns the canonical notation: rank letter and lowercase suit, "Th".
func (c Card) String() string {
	if !c.IsValid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// Unicode returns the notation for people: "10♥", "K♣".
func (c Card) Unicode() string {
	if !c.IsValid() {
		return "??"
	}
	r := c.Rank().String()
	if c.Rank() == Ten {
		r = "10"
	}
	return r + c.Suit().Symbol()
}

// MarshalText returns the canonical notation, and nothing for NoCard.
func (c Card) MarshalText() ([]byte, error) {
	switch {
	case c == NoCard:
		return []byte{}, nil
	case !c.IsValid():
		return nil, fmt.Errorf("ginrummy: invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText parses one card in any accepted notation; nothing is NoCard.
func (c *Card) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*c = NoCard
		return nil
	}
	card, err := ParseCard(string(text))
	if err != nil {
		return err
	}
	*c = card
	return nil
}

// The reasons a card or a list of cards does not parse; a *ParseError wraps one.
var (
	ErrUnknownRank = errors.New("unknown rank")
	ErrUnknownSuit = errors.New("unknown suit")
	ErrDuplicate   = errors.New("duplicate")
	ErrEmpty       = errors.New("empty")
)

// ParseError says which card of an input could not be read and why.
type ParseError struct {
	Token  string // the card as typed
	Pos    int    // 1-based position of the card in the input; 0 for a whole input
	Detail string // the offending part, when there is one (the "1" of "1h")
	First  int    // for a duplicate, the 1-based position of the first copy; 0 when it is not known
	Err    error  // the reason: ErrUnknownRank, ErrUnknownSuit, ErrDuplicate or ErrEmpty
	// Meant is the card probably meant, when one can be told (see Guess);
	// nil when none can.
	Meant []Card
}

func (e *ParseError) Error() string {
	var b strings.Builder
	if e.Pos > 0 {
		fmt.Fprintf(&b, "card %d %q: ", e.Pos, e.Token)
	}
	b.WriteString(e.Err.Error())
	if e.Detail != "" {
		fmt.Fprintf(&b, " %q", e.Detail)
	}
	if e.First > 0 {
		fmt.Fprintf(&b, " of card %d", e.First)
	}
	if h := e.hint(); h != "" {
		b.WriteString("; " + h)
	} else if errors.Is(e.Err, ErrUnknownRank) || errors.Is(e.Err, ErrUnknownSuit) {
		b.WriteString("; " + Spellings)
		if word := rankWord(e.Token); word != "" {
			fmt.Fprintf(&b, "; %s is written %s", word, spelt(word))
		}
		if len(e.Meant) == 1 {
			fmt.Fprintf(&b, "; did you mean %s?", e.Meant[0])
		}
	}
	return b.String()
}

// Spellings says how a card is written, for an error that reads a card
// wrong: the ranks, the suits and a card in each notation.
const Spellings = "ranks are A 2-9 T J Q K, suits c d h s (Th, 10h, T♥)"

// Guess fills in Meant, the card meant by a token that is not one, when
// one card can be told: the token and the next one, next, are one card
// split by a space ("t h", "10 ♥"); or only one card is a letter off the
// token (one added, dropped, changed or two swapped: "7hh", "100h"). Where
// many are as near ("hh" is a letter off Ah, 2h, … Kh) it guesses none.
// next is "" where no token follows or the input is one card. It never
// names a card of known, the cards already read in the list being parsed
// (or held, for a card drawn), which the token cannot have meant.
func (e *ParseError) Guess(next string, known Hand) {
	if !errors.Is(e.Err, ErrUnknownRank) && !errors.Is(e.Err, ErrUnknownSuit) {
		return
	}
	if e.Err == errMissingSuit && next != "" {
		if c, err := parseToken(e.Token + next); err == nil {
			if _, ok := suitOf(next); ok && !known.Has(c) {
				e.Meant = []Card{c}
				return
			}
		}
	}
	var near []Card
	tok := []rune(strings.ToLower(cutPresentation(e.Token)))
	for c := range Card(NumSuits << 4) {
		if !c.IsValid() || known.Has(c) {
			continue
		}
		for _, sp := range spellingsOf(c) {
			if oneEditApart(tok, []rune(sp)) {
				near = append(near, c)
				break
			}
		}
	}
	if len(near) == 1 {
		e.Meant = near
	}
}

// spellingsOf is every way of writing c, in lower case: its rank as a
// letter or, for a ten, 10; its suit as a letter or a symbol.
func spellingsOf(c Card) []string {
	ranks := []string{strings.ToLower(c.Rank().String())}
	if c.Rank() == Ten {
		ranks = append(ranks, "10")
	}
	var out []string
	for _, r := range ranks {
		out = append(out, r+c.Suit().String(), r+c.Suit().Symbol(), r+[NumSuits]string{"♧", "♢", "♡", "♤"}[c.Suit()])
	}
	return out
}

// oneEditApart reports whether a and b differ by exactly one letter added,
// dropped or changed, or two next to each other swapped.
func oneEditApart(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch {
	case len(b)-len(a) > 1:
		return false
	case len(b) > len(a): // one added
		return string(a[i:]) == string(b[i+1:])
	case i == len(a): // the same
		return false
	case string(a[i+1:]) == string(b[i+1:]): // one changed
		return true
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && string(a[i+2:]) == string(b[i+2:]) // two swapped
}

// rankWord is the rank a token spells out in English ("ten", "Queens"),
// or "".
func rankWord(tok string) string {
	tok = strings.ToLower(tok)
	for _, w := range []string{"ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"} {
		if strings.HasPrefix(tok, w) {
			return w
		}
	}
	return ""
}

// spelt is how a rank's word is written in a card.
func spelt(word string) string {
	switch word {
	case "ten":
		return "T or 10"
	case "two", "three", "four", "five", "six", "seven", "eight", "nine":
		return strconv.Itoa(2 + slices.Index([]string{"two", "three", "four", "five", "six", "seven", "eight", "nine"}, word))
	}
	return strings.ToUpper(word[:1])
}

// hint says what was probably meant, for the mistakes people make.
func (e *ParseError) hint() string {
	switch {
	case strings.ContainsAny(e.Token, ";|/+"):
		return "separate cards with spaces or commas"
	case e.Err == ErrUnknownRank && e.Detail == "1":
		if suit := strings.TrimPrefix(e.Token, "1"); suit != e.Token {
			if _, ok := suitOf(suit); ok {
				return fmt.Sprintf("did you mean 10%s or A%s?", suit, suit)
			}
		}
		return "a ten is T or 10, an ace A"
	case e.Err == ErrUnknownRank && (e.Detail == "11" || e.Detail == "12" || e.Detail == "13"):
		return "court cards are J, Q and K"
	case e.Err == ErrUnknownSuit && runTogether(e.Token):
		return "separate cards with spaces or commas"
	case e.Err == ErrUnknownRank && e.Detail != "" && strings.HasPrefix(e.Token, e.Detail):
		// The suit first: "♥7" for 7♥.
		if swapped := e.Token[len(e.Detail):] + e.Detail; parses(swapped) {
			return fmt.Sprintf("did you mean %s? the rank comes first", swapped)
		}
	}
	return ""
}

// parses reports whether tok is a card.
func parses(tok string) bool {
	_, err := parseToken(tok)
	return err == nil
}

// runTogether reports whether tok is two cards or more written without a
// separator: "7h8h9h".
func runTogether(tok string) bool {
	n := 0
	for tok != "" {
		read := false
		// A card is two or three runes ("10h"); its suit may be a symbol.
		for _, runes := range []int{3, 2} {
			end, i := 0, 0
			for ; i < runes && end < len(tok); i++ {
				_, size := utf8.DecodeRuneInString(tok[end:])
				end += size
			}
			if i < runes {
				continue
			}
			if parses(tok[:end]) {
				tok, read = tok[end:], true
				break
			}
		}
		if !read {
			return false
		}
		n++
	}
	return n >= 2
}

// Unwrap returns the reason, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Err }

// ParseCard reads one card: a rank (A 2–9 T 10 J Q K) then a suit (c d h s or
// ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤), in any case. A returned error is a *ParseError with Pos 1.
func ParseCard(s string) (Card, error) {
	c, err := parseToken(s)
	if err != nil {
		err.Pos = 1
		err.Guess("", 0)
		return NoCard, err
	}
	return c, nil
}

// parseToken reads one card; the caller fills in the position of an error.
func parseToken(tok string) (Card, *ParseError) {
	if tok == "" {
		return NoCard, &ParseError{Token: tok, Err: ErrEmpty}
	}
	var r Rank
	var rest string // what follows the rank
	switch {
	case len(tok) >= 2 && tok[0] == '1' && tok[1] == '0':
		r, rest = Ten, tok[2:]
	default:
		ch, size := utf8.DecodeRuneInString(tok)
		var ok bool
		if r, ok = rankOf(ch); !ok {
			detail := tok[:size]
			// "11h" or "1h": show the whole number the player typed.
			if ch >= '0' && ch <= '9' {
				end := 0
				for end < len(tok) && tok[end] >= '0' && tok[end] <= '9' {
					end++
				}
				detail = tok[:end]
			}
			return NoCard, &ParseError{Token: tok, Detail: detail, Err: ErrUnknownRank}
		}
		rest = tok[size:]
	}
	s, ok := suitOf(rest)
	if !ok {
		if rest == "" {
			return NoCard, &ParseError{Token: tok, Detail: "", Err: errMissingSuit}
		}
		return NoCard, &ParseError{Token: tok, Detail: rest, Err: ErrUnknownSuit}
	}
	return NewCard(r, s), nil
}

// errMissingSuit reads "unknown suit" for errors.Is and says more to people.
var errMissingSuit = missingSuit{}

type missingSuit struct{}

func (missingSuit) Error() string        { return "no suit" }
func (missingSuit) Is(target error) bool { return target == ErrUnknownSuit }

// The variation selectors that ask for a character's text (U+FE0E) or
// emoji (U+FE0F) presentation: a phone's keyboard types ♥ as ♥ and U+FE0F.
// A card's suit may carry one, which the card parser drops.
const (
	textPresentation  = "\uFE0E"
	emojiPresentation = "\uFE0F"
)

// SuitPresentation reports whether r is a presentation selector (U+FE0E,
// U+FE0F) right after prev, a suit's symbol (♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤): part of
// a card as typed on a phone (7♥️), which the card parser reads as the
// suit, for a reader that otherwise refuses such a selector as invisible.
func SuitPresentation(prev, r rune) bool {
	if string(r) != textPresentation && string(r) != emojiPresentation {
		return false
	}
	return strings.ContainsRune("♣♦♥♠♧♢♡♤", prev)
}

// cutPresentation is s without one presentation selector at its end.
func cutPresentation(s string) string {
	if t, ok := strings.CutSuffix(s, textPresentation); ok {
		return t
	}
	return strings.TrimSuffix(s, emojiPresentation)
}

func rankOf(ch rune) (Rank, bool) {
	switch {
	case ch >= '2' && ch <= '9':
		return Rank(ch-'2') + Two, true
	}
	switch ch {
	case 'A', 'a':
		return Ace, true
	case 'T', 't':
		return Ten, true
	case 'J', 'j':
		return Jack, true
	case 'Q', 'q':
		return Queen, true
	case 'K', 'k':
		return King, true
	}
	return 0, false
}

// suitOf reads a whole suit: one letter or one symbol, which may carry a
// presentation selector (presentation): the emoji one that phones add (♥️).
func suitOf(s string) (Suit, bool) {
	switch cutPresentation(s) {
	case "c", "C", "♣", "♧":
		return Clubs, true
	case "d", "D", "♦", "♢":
		return Diamonds, true
	case "h", "H", "♥", "♡":
		return Hearts, true
	case "s", "S", "♠", "♤":
		return Spades, true
	}
	return 0, false
}
