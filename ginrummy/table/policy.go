package table

import "github.com/gin-rummy/gin/ginrummy"

// PlayOutPolicy is the one play-out policy: how both players play the rest
// of a hand in the advice's play-outs, whose fast loop calls its methods,
// and a Player, so that the table's tests and the play-outs' guard test
// (that the fast loop plays exactly as the table would) play by the same
// rules. It takes the face-up card when it makes a meld (at the first
// offer, passes it otherwise), else draws from the stock; lays down big gin
// where the rules score it above gin; otherwise throws the card that leaves
// the least deadwood, never the card just taken (ginrummy.Hand.BestDiscard:
// the highest of equals), and knocks as soon as the knock limit allows (gin
// with no deadwood).
type PlayOutPolicy struct{}

// Takes reports whether the policy takes the face-up card u into the ten
// cards of hand.
func (PlayOutPolicy) Takes(hand ginrummy.Hand, u ginrummy.Card) bool { return hand.MakesMeld(u) }

// BigGin reports whether the policy lays down the eleven cards of hand as
// big gin under rules.
func (PlayOutPolicy) BigGin(rules ginrummy.Rules, hand ginrummy.Hand) bool {
	return rules.BigGin && rules.BigGinBonus > 0 && hand.IsGin()
}

// Throw is the card the policy throws from the eleven cards of hand, never
// taken, the card just taken from the pile (NoCard for none).
func (PlayOutPolicy) Throw(hand ginrummy.Hand, taken ginrummy.Card) ginrummy.Card {
	return hand.BestDiscard(taken)
}

// ThrowLeaving is Throw with the deadwood the throw leaves, for the
// play-outs, which would count it next.
func (PlayOutPolicy) ThrowLeaving(hand ginrummy.Hand, taken ginrummy.Card) (ginrummy.Card, int) {
	return hand.BestDiscardLeaving(taken)
}

// Knocks reports whether the policy knocks keeping deadwood under the knock
// limit: as soon as it may.
func (PlayOutPolicy) Knocks(deadwood, limit int) bool { return deadwood <= limit }

// Take takes the face-up card as Takes does.
func (p PlayOutPolicy) Take(v View) bool { return p.Takes(v.Hand(), v.Upcard()) }

// Play lays down big gin, or throws and knocks, as BigGin, Throw and Knocks do.
func (p PlayOutPolicy) Play(v View) Play {
	h := v.Hand()
	if p.BigGin(v.Rules(), h) {
		return Play{BigGin: true}
	}
	c := p.Throw(h, v.Taken())
	return Play{Discard: c, Knock: p.Knocks(h.Without(c).Deadwood(), v.KnockLimit())}
}
