package bots

import (
	"math/rand/v2"

	"github.com/gin-rummy/gin/ginrummy/table"
)

// MixedStyles are the styles the mixed bot plays, one a game: the fixed
// bots of those names.
func MixedStyles() []string { return []string{"simple", "knocker", "gin-hunter"} }

// Mixed, the bot named mixed, plays each game as one of the fixed styles
// (MixedStyles), chosen at random, each as likely, by the game's deal
// (AdviseOptions.DealSeed), and keeps it to the game's end: an opponent who
// is not one fixed bot, so that what the advise bot learnt of them in
// earlier games may be stale. Both games of a deal are played in one
// style, so that the luck of the cards still cancels.
type Mixed struct {
	table.Player
	style string
}

// mixedStream keeps the mixed bot's choice apart from any other draw made
// from the same seed.
const mixedStream = 0x6d69786564 // "mixed"

// NewMixed returns the mixed bot of the deal of that seed.
func NewMixed(dealSeed uint64) Mixed {
	styles := MixedStyles()
	style := styles[rand.New(rand.NewPCG(dealSeed, mixedStream)).IntN(len(styles))]
	p, err := New(style, AdviseOptions{})
	if err != nil {
		panic(err) // MixedStyles names bots that are
	}
	return Mixed{Player: p, style: style}
}

// Style is the name of the fixed bot it plays the game as.
func (m Mixed) Style() string { return m.style }
