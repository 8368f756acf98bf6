package advice

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// strongText is how often the advise bots knocked with the deadwood and
// stock they could knock with, in the games of gin arena at a tuning seed
// (strongknocks.txt says how); read by parseStrong. The command below
// measures it again, the bots playing by the table it replaces: run it
// until no chance moves by 0.02 (it says by how much they moved).
//
//go:generate go run ./internal/strongmeasure -games 90 -seed 1 -o strongknocks.txt
//go:embed strongknocks.txt
var strongText string

// strongBand is a line of strongknocks.txt: the chance of knocking with
// deadwood lo..hi while the stock held from..to cards.
type strongBand struct {
	from, to, lo, hi int
	chance           float64
}

var strongBands = sync.OnceValue(func() []strongBand {
	b, err := parseStrong(strongText)
	if err != nil {
		panic(fmt.Sprintf("advice: strongknocks.txt: %v", err)) // embedded: its test reads it
	}
	return b
})

// parseStrong reads the bands of strongknocks.txt: a line per band, the
// stock from and to, the deadwood from and to, the chance of knocking and
// the decisions it was measured on; # opens a comment.
func parseStrong(text string) ([]strongBand, error) {
	var out []strongBand
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 6 {
			return nil, fmt.Errorf("line %d: %d fields, not stock-from stock-to deadwood-from deadwood-to chance decisions", i+1, len(f))
		}
		var n [4]int
		for j := range n {
			v, err := strconv.Atoi(f[j])
			if err != nil || v < 0 {
				return nil, fmt.Errorf("line %d: field %d %q is not a count", i+1, j+1, f[j])
			}
			n[j] = v
		}
		c, err := strconv.ParseFloat(f[4], 64)
		if err != nil || !(c >= 0 && c <= 1) {
			return nil, fmt.Errorf("line %d: chance %q is not between 0 and 1", i+1, f[4])
		}
		out = append(out, strongBand{from: n[0], to: n[1], lo: n[2], hi: n[3], chance: c})
	}
	return out, nil
}

// strongKnocks is the chance that a player who plays as the advice does
// knocks with deadwood d (within the knock limit) at a turn that ended with
// stock cards in the stock: gin always, and otherwise as the advise bots
// did (strongknocks.txt, whose bands hold every stock and deadwood up to
// the classic limit; beyond them, as under a higher limit, at even odds).
func strongKnocks(d, stock int) float64 {
	if d == 0 {
		return strongGin
	}
	for _, b := range strongBands() {
		if stock >= b.from && stock <= b.to && d >= b.lo && d <= b.hi {
			return b.chance
		}
	}
	return 0.5
}

// strongGin is the chance they go gin when they can: the advise bots always
// did, but no chance is sure.
const strongGin = 0.98

// strongThrowNear is the weight of a card a strong player threw near the
// hand they kept: none. They throw what is safe (a card dead in the pile, one
// the other player will not take), near their hand or not; weighed as
// another player's throw (× 0.5), the model ruled out the good hands they
// hold at a knock, and its knocks were undercut far more often than it said
// (docs/advise.md, "When they play as the advice does").
const strongThrowNear = 1.0

// strongThrowMelds is the weight of a card a strong player threw that melds
// with the hand they hold now: none either. A hand late in the stock was
// mostly drawn after the throws, and a player who holds many melds then
// holds many cards that meld with what they threw long before; at × 0.1
// (tempered after five turns, as for anyone), the model ruled out the good
// hands a strong player holds late, and knocks it said 10-20% likely with
// 19 cards or fewer in the stock were undercut 37 to 45% of the time (the
// tuning seed 1, four runs; docs/advise.md, "When they play as the advice
// does"). The cards they passed still say what they held then.
const strongThrowMelds = 1.0
