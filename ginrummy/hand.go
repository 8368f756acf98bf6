package ginrummy

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
)

// Hand is a set of cards: bit c is set when the hand holds card c. Each suit
// occupies 16 bits, of which the low 13 are its ranks, ace first; the other
// bits are not cards, and a Hand with any of them set is not valid (IsValid).
type Hand uint64

// FullDeck holds all 52 cards.
const FullDeck Hand = suitMask | suitMask<<16 | suitMask<<32 | suitMask<<48

const suitMask = 1<<NumRanks - 1

// NewHand returns the hand holding the given cards. It panics on a card
// that is not one of the 52, as NoCard.
func NewHand(cards ...Card) Hand {
	var h Hand
	for _, c := range cards {
		h = h.With(c)
	}
	return h
}

// IsValid reports whether every bit of the hand is one of the 52 cards.
func (h Hand) IsValid() bool { return h&^FullDeck == 0 }

// Len returns the number of cards in the hand.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// Has reports whether the hand holds card c.
func (h Hand) Has(c Card) bool { return c.IsValid() && h&(1<<c) != 0 }

// With returns the hand with card c added. It panics on a card that is not
// one of the 52, as NoCard.
func (h Hand) With(c Card) Hand {
	if !c.IsValid() {
		panic(fmt.Sprintf("ginrummy: Hand.With(%d): not a card", uint8(c)))
	}
	return h | 1<<c
}

// Without returns the hand with card c removed.
func (h Hand) Without(c Card) Hand { return h &^ (1 << c) }

// Suit returns the ranks held in suit s as a 13-bit pattern, ace in bit 0.
func (h Hand) Suit(s Suit) uint16 { return uint16(h>>(16*s)) & suitMask }

// cardCount says how many cards, in words: "1 card", "9 cards".
func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// Value returns the total deadwood value of the cards.
func (h Hand) Value() int {
	v := 0
	for s := range Suit(NumSuits) {
		v += suitValue(h.Suit(s))
	}
	return v
}

// suitValue is the value of the ranks in a 13-bit pattern.
func suitValue(p uint16) int {
	courts := bits.OnesCount16(p &^ (1<<Ten - 1))
	v := courts * 10
	for low := p & (1<<Ten - 1); low != 0; low &= low - 1 {
		v += bits.TrailingZeros16(low) + 1
	}
	return v
}

// All yields the cards in order: by suit (♣ ♦ ♥ ♠), then by rank.
func (h Hand) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for x := uint64(h); x != 0; x &= x - 1 {
			if !yield(Card(bits.TrailingZeros64(x))) {
				return
			}
		}
	}
}

// Cards returns the cards in the order of All.
func (h Hand) Cards() []Card {
	cards := make([]Card, 0, h.Len())
	for c := range h.All() {
		cards = append(cards, c)
	}
	return cards
}

// String returns the cards in canonical notation, separated by spaces.
func (h Hand) String() string { return h.format(Card.String) }

// Unicode returns the cards in the notation for people, separated by spaces.
func (h Hand) Unicode() string { return h.format(Card.Unicode) }

func (h Hand) format(card func(Card) string) string {
	var b strings.Builder
	for c := range h.All() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(card(c))
	}
	return b.String()
}

// MarshalText returns the canonical notation of the hand; nothing for no cards.
func (h Hand) MarshalText() ([]byte, error) {
	if !h.IsValid() {
		return nil, fmt.Errorf("ginrummy: hand %#x holds bits that are not cards", uint64(h))
	}
	return []byte(h.String()), nil
}

// UnmarshalText parses a hand as ParseHand does; nothing is no cards.
func (h *Hand) UnmarshalText(text []byte) error {
	if strings.TrimFunc(string(text), isCardSep) == "" {
		*h = 0
		return nil
	}
	hand, err := ParseHand(string(text))
	if err != nil {
		return err
	}
	*h = hand
	return nil
}

// isCardSep reports whether r separates cards: spaces, tabs and commas, and
// the ends of lines.
func isCardSep(r rune) bool {
	return r == ' ' || r == '\t' || r == ',' || r == '\n' || r == '\r'
}

// Parse reads cards separated by spaces, tabs or commas, in the order given.
// A card given twice is an error; so is an input with no cards. Errors are
// *ParseError values naming the card and its 1-based position.
func Parse(s string) ([]Card, error) {
	cards := make([]Card, 0, 16)
	_, err := parseInto(s, 0, 0, &cards)
	return cards, err
}

// ParseHand reads cards as Parse does and returns them as a hand.
func ParseHand(s string) (Hand, error) {
	return parseInto(s, 0, 0, nil)
}

// ParseHandBytes is ParseHand for a line of bytes, as read from a stream. It
// allocates nothing unless the line is wrong.
func ParseHandBytes(b []byte) (Hand, error) {
	return parseInto(b, 0, 0, nil)
}

// Lines of hands are nearly always two-character ASCII cards ("7h Kd"); these
// tables read those at a glance. Any other token goes to parseToken, which
// reads every notation and explains every mistake.
var (
	asciiRank [256]uint8 // rank+1 of an ASCII rank character, 0 if none
	asciiSuit [256]uint8 // suit+1 of an ASCII suit letter, 0 if none
)

func init() {
	for b := range 128 {
		if r, ok := rankOf(rune(b)); ok {
			asciiRank[b] = uint8(r) + 1
		}
		if s, ok := suitOf(string(rune(b))); ok {
			asciiSuit[b] = uint8(s) + 1
		}
	}
}

// parseInto adds the cards of s to a hand that already holds seen (cards
// counted before position first), appending them to out when out is not nil.
// It allocates nothing unless it fails or meets a card in another notation.
func parseInto[S ~string | ~[]byte](s S, seen Hand, first int, out *[]Card) (Hand, error) {
	var h Hand
	pos := first
	for i := 0; i < len(s); {
		for i < len(s) && isCardSepByte(s[i]) {
			i++
		}
		if i == len(s) {
			break
		}
		j := i
		for j < len(s) && !isCardSepByte(s[j]) {
			j++
		}
		pos++
		var c Card
		if j-i == 2 && asciiRank[s[i]] != 0 && asciiSuit[s[i+1]] != 0 {
			c = NewCard(Rank(asciiRank[s[i]]-1), Suit(asciiSuit[s[i+1]]-1))
		} else {
			var perr *ParseError
			if c, perr = parseToken(string(s[i:j])); perr != nil {
				perr.Pos = pos
				k := j // the next token, which may be the rest of the card
				for k < len(s) && isCardSepByte(s[k]) {
					k++
				}
				l := k
				for l < len(s) && !isCardSepByte(s[l]) {
					l++
				}
				perr.Guess(string(s[k:l]), h|seen)
				return 0, perr
			}
		}
		bit := Hand(1) << c
		if (h|seen)&bit != 0 {
			perr := &ParseError{Token: string(s[i:j]), Pos: pos, Err: ErrDuplicate}
			if h&bit != 0 {
				perr.First = firstPosition(string(s), c) + first
			}
			return 0, perr
		}
		h |= bit
		if out != nil {
			*out = append(*out, c)
		}
		i = j
	}
	if pos == first {
		return 0, &ParseError{Err: errNoCards}
	}
	return h, nil
}

// The separators are all ASCII, so the byte test is exact on UTF-8 input.
func isCardSepByte(b byte) bool { return b < 0x80 && isCardSep(rune(b)) }

// errNoCards reads "empty" for errors.Is and says more to people.
var errNoCards = noCards{}

type noCards struct{}

func (noCards) Error() string        { return "no cards" }
func (noCards) Is(target error) bool { return target == ErrEmpty }

// firstPosition is the 1-based position of card c's first copy in s, for
// the error that names a duplicate.
func firstPosition(s string, c Card) int {
	for i, tok := range strings.FieldsFunc(s, isCardSep) {
		if d, err := parseToken(tok); err == nil && d == c {
			return i + 1
		}
	}
	return 0
}
