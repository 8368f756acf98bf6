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

// appendCardJSON appends a card as a JSON string: "Th".
func appendCardJSON(b []byte, c ginrummy.Card) []byte {
	return append(b, cardJSON[c&63][:]...)
}

// appendCardsJSON appends the cards of h, in the order of h.All, as a JSON
// array of strings. It walks the bits itself: a card is its bit's index.
func appendCardsJSON(b []byte, h ginrummy.Hand) []byte {
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

// appendMeldsJSON appends melds as a JSON array of arrays of cards.
func appendMeldsJSON(b []byte, melds []ginrummy.Meld) []byte {
	b = append(b, '[')
	for i, m := range melds {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCardsJSON(b, m.Cards())
	}
	return append(b, ']')
}

// appendKey appends a comma and a JSON object key.
func appendKey(b []byte, key string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// appendIntField appends a comma and "key":n.
func appendIntField(b []byte, key string, n int) []byte {
	return strconv.AppendInt(appendKey(b, key), int64(n), 10)
}

// appendBoolField appends a comma and "key":true or false.
func appendBoolField(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(appendKey(b, key), v)
}
