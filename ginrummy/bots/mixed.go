package bots

import (
	"math/rand/v2"

	"github.com/gin-rummy/gin/ginrummy/table"
)

// mixedStyles are the fixed bots the mixed bot plays as, one a game, by
// name.
var mixedStyles = []struct {
	name   string
	player table.Player
}{{"simple", Simple{}}, {"knocker", Eager{}}, {"gin-hunter", GinHunter{}}}

// MixedStyles are the names of the styles the mixed bot plays, one a game:
// the fixed bots of those names.
func MixedStyles() []string {
	names := make([]string, len(mixedStyles))
	for i, s := range mixedStyles {
		names[i] = s.name
	}
	return names
}

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
	s := mixedStyles[rand.New(rand.NewPCG(dealSeed, mixedStream)).IntN(len(mixedStyles))]
	return Mixed{Player: s.player, style: s.name}
}

// Style is the name of the fixed bot it plays the game as.
func (m Mixed) Style() string { return m.style }
