package advice

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/gin-rummy/gin/ginrummy/advice/internal/strongtables"
)

// strongText is how often the advise bots knocked with the deadwood and
// stock they could knock with, in the games of gin arena at tuning seeds
// (strongknocks.txt says how); read by strongtables.ParseKnocks. The command below
// measures it again, with strongundercuts.txt, at the tuning seeds 1 to 3
// pooled, the bots playing by the table it replaces (it says by how much
// each chance moved: the table changes how the model weighs such a
// player's hands, and so the knocks the advice makes, and the lines
// measured on them must be measured again under a new table).
//
//go:generate go run ./internal/strongmeasure -games 1200 -seed 1,2,3 -o strongknocks.txt -undercuts strongundercuts.txt
//go:embed strongknocks.txt
var strongText string

var strongBands = embedded("strongknocks.txt", strongText, strongtables.ParseKnocks)

// embedded is the lines of an embedded table, named name, as parse reads
// its text, read once when first asked for; it cannot fail, as the table's
// test reads it.
func embedded[T any](name, text string, parse func(string) ([]T, error)) func() []T {
	return sync.OnceValue(func() []T {
		b, err := parse(text)
		if err != nil {
			panic(fmt.Sprintf("advice: %s: %v", name, err))
		}
		return b
	})
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
		if stock >= b.From && stock <= b.To && d >= b.Lo && d <= b.Hi {
			return b.Chance
		}
	}
	return 0.5
}

// strongUndercutText is how the advise bots' knocks against each other were
// undercut against what the model said and the knocker's deadwood, by the
// stock at the knock, in the games of gin arena at tuning seeds
// (strongundercuts.txt says how); read by strongtables.ParseUndercuts and
// made by the same command as strongText, which composes what it measures
// with the lines it replaces (the chance said was read by them).
//
//go:embed strongundercuts.txt
var strongUndercutText string

var undercutBands = embedded("strongundercuts.txt", strongUndercutText, strongtables.ParseUndercuts)

// strongUndercut is the chance that a knock keeping deadwood points of
// deadwood, made with stock cards in the stock, is undercut by a player who
// plays as the advice does, where the model says p (strictly between 0 and
// 1): the log-odds of p times the band's slope, plus its shift, plus its
// per-deadwood for each point of deadwood, plus its per-stock for each card
// of the stock beyond the band's first (strongundercuts.txt; p itself
// beyond its bands), kept within surest of 0 and 1 (chance), so that the
// weights it sets stay finite however nearly sure p is.
//
// The hands the model samples for such a player are worse than the hands
// they hold, and it tells their good hands from their bad ones less well
// than it says: they keep the cards that would lay off on the knocker's
// melds (a throw the other player could use is not safe) and, late in the
// stock, wait with low deadwood for gin or an undercut, and neither their
// throws nor their not knocking say which. Pooled over the advise bots'
// knocks at the tuning seeds 1 to 3 (2,070), knocks the model said 11.5%
// likely to be undercut while the stock held 13 to 20 cards were undercut
// 24.5% of the time, and with 12 or fewer, said 11.0%, 42.9%; and within
// each stretch of the stock the knocks it said least likely were undercut
// nearly as often as the others of the same deadwood, which did order
// them (docs/advise.md, "When they play as the advice does"): the line
// weighs the knocker's deadwood and the stock beside the model's chance, as
// a logistic fit of what happened on the three gives it (the fewer cards
// left, the more turns the defender has had to lay their hand low, which
// the model's chance, made at the knock, weighs too little). It reads only
// the chance said, never the knock's points, by which the advice chooses:
// weighed into them, each line changed the knocks it was measured on (read
// flat in the model's chance, the bots knocked where the model said 50%
// and were undercut 49% of the time), and no line held.
//
// The slope is returned too: the chance read moves by slope times as much,
// in log-odds, as the model's.
func strongUndercut(p float64, stock, deadwood int) (q, slope float64) {
	for _, b := range undercutBands() {
		if stock >= b.From && stock <= b.To {
			return chance(b.LogOdds(p, stock, deadwood)), b.Slope
		}
	}
	return p, 1
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
