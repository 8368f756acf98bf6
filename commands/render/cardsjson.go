package render

import (
	"math/bits"
	"strconv"

	"github.com/gin-rummy/gin/ginrummy"
)

// The JSON appenders write canonical card notation from a table, without
// reflection, so that JSON Lines output keeps up with the analyzer.

// cardJSON holds each card as a JSON string, "Th", indexed by ginrummy.Card.
var cardJSON [64][4]byte

func init() {
	for c := range ginrummy.FullDeck.All() {
		copy(cardJSON[c][:], `"`+c.String()+`"`)
	}
}

// AppendCardJSON appends a card as a JSON string: "Th".
func AppendCardJSON(b []byte, c ginrummy.Card) []byte {
	return append(b, cardJSON[c&63][:]...)
}

// AppendCardsJSON appends the cards of h, in the order of h.All, as a JSON
// array of strings. It walks the bits itself: a card is its bit's index.
func AppendCardsJSON(b []byte, h ginrummy.Hand) []byte {
	b = append(b, '[')
	for x := uint64(h); x != 0; x &= x - 1 {
		b = append(b, cardJSON[bits.TrailingZeros64(x)][:]...)
		b = append(b, ',')
	}
	if h != 0 {
		b = b[:len(b)-1]
	}
	return append(b, ']')
}

// AppendMeldsJSON appends melds as a JSON array of arrays of cards.
func AppendMeldsJSON(b []byte, melds []ginrummy.Meld) []byte {
	b = append(b, '[')
	for i, m := range melds {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendCardsJSON(b, m.Cards())
	}
	return append(b, ']')
}

// AppendKey appends a comma and a JSON object key.
func AppendKey(b []byte, key string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// AppendIntField appends a comma and "key":n.
func AppendIntField(b []byte, key string, n int) []byte {
	return strconv.AppendInt(AppendKey(b, key), int64(n), 10)
}

// AppendBoolField appends a comma and "key":true or false.
func AppendBoolField(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(AppendKey(b, key), v)
}
