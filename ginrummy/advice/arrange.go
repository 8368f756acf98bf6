package advice

import (
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
)

// arrangement is one way to lay ten cards down: some melds, the rest deadwood.
type arrangement struct {
	melds    []ginrummy.Meld
	deadwood int
	minimal  bool // no arrangement has less deadwood
	open     int  // unseen cards that could be laid off on the melds
}

// maxAlternatives is how many arrangements with more than the least deadwood
// a knock weighs: those leaving the defender the fewest places to lay off.
const maxAlternatives = 4

// knockArrangements returns the ways to knock with hand under the knock
// limit: every arrangement of the least deadwood, then at most
// maxAlternatives others that leave fewer unseen cards to lay off than the
// least-deadwood ones do, fewest first.
func knockArrangements(hand ginrummy.Hand, limit int, unseen ginrummy.Hand) []arrangement {
	least := hand.Deadwood()
	all := meldsOf(hand)
	var minimal, others []arrangement
	var chosen []ginrummy.Meld
	var walk func(from int, used ginrummy.Hand)
	walk = func(from int, used ginrummy.Hand) {
		if d := (hand &^ used).Value(); d <= limit {
			a := arrangement{melds: slices.Clone(chosen), deadwood: d, minimal: d == least, open: openCards(chosen, unseen)}
			if a.minimal {
				minimal = append(minimal, a)
			} else {
				others = append(others, a)
			}
		}
		for i := from; i < len(all); i++ {
			if ginrummy.Hand(all[i])&used == 0 {
				chosen = append(chosen, all[i])
				walk(i+1, used|ginrummy.Hand(all[i]))
				chosen = chosen[:len(chosen)-1]
			}
		}
	}
	walk(0, 0)
	fewest := unseen.Len()
	for _, a := range minimal {
		fewest = min(fewest, a.open)
	}
	others = slices.DeleteFunc(others, func(a arrangement) bool { return a.open >= fewest })
	slices.SortStableFunc(others, func(a, b arrangement) int {
		if a.open != b.open {
			return a.open - b.open
		}
		return a.deadwood - b.deadwood
	})
	return append(minimal, others[:min(len(others), maxAlternatives)]...)
}

// meldsOf lists every meld in hand: each set of three or four cards of a
// rank, and each run of three or more cards of a suit.
func meldsOf(hand ginrummy.Hand) []ginrummy.Meld {
	var melds []ginrummy.Meld
	for r := range ginrummy.Rank(ginrummy.NumRanks) {
		var rank ginrummy.Hand
		for s := range ginrummy.Suit(ginrummy.NumSuits) {
			if c := ginrummy.NewCard(r, s); hand.Has(c) {
				rank = rank.With(c)
			}
		}
		switch rank.Len() {
		case 4:
			melds = append(melds, ginrummy.Meld(rank))
			for c := range rank.All() {
				melds = append(melds, ginrummy.Meld(rank.Without(c)))
			}
		case 3:
			melds = append(melds, ginrummy.Meld(rank))
		}
	}
	for s := range ginrummy.Suit(ginrummy.NumSuits) {
		for lo := range ginrummy.Rank(ginrummy.NumRanks) {
			var run ginrummy.Hand
			for r := lo; r < ginrummy.NumRanks && hand.Has(ginrummy.NewCard(r, s)); r++ {
				run = run.With(ginrummy.NewCard(r, s))
				if run.Len() >= 3 {
					melds = append(melds, ginrummy.Meld(run))
				}
			}
		}
	}
	return melds
}

// openCards counts the unseen cards that could be laid off on the melds:
// the fourth card of a three-card set, and the cards just beyond a run.
func openCards(melds []ginrummy.Meld, unseen ginrummy.Hand) int {
	var open ginrummy.Hand
	for _, m := range melds {
		cards := ginrummy.Hand(m).Cards()
		if m.IsSet() {
			if len(cards) == 3 {
				for s := range ginrummy.Suit(ginrummy.NumSuits) {
					open = open.With(ginrummy.NewCard(cards[0].Rank(), s))
				}
			}
			continue
		}
		lo, hi := cards[0], cards[len(cards)-1]
		if lo.Rank() > ginrummy.Ace {
			open = open.With(ginrummy.NewCard(lo.Rank()-1, lo.Suit()))
		}
		if hi.Rank() < ginrummy.King {
			open = open.With(ginrummy.NewCard(hi.Rank()+1, hi.Suit()))
		}
	}
	return (open & unseen).Len()
}

// arrangeMelds returns the melds of hand's least-deadwood arrangement.
func arrangeMelds(hand ginrummy.Hand) []ginrummy.Meld {
	a := hand.Arrange()
	return slices.Clone(a.Melds())
}
