package table

import (
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
)

// Legal is the moves the rules allow the player to move (Turn), each once,
// in this order:
//
//   - at the first upcard offer: pass, then take the face-up card;
//   - with ten cards: take the face-up card (unless both passed it at the
//     first offer), then draw from the stock (unless it is used up);
//   - with eleven cards: throw each card held but the one just taken from
//     the pile, in card order; then knock with each such card whose
//     discard leaves ten cards that lay down within the knock limit (gin
//     included); then big gin, where the rules play it and the eleven all
//     meld;
//   - once the hand is over: none (the cards still unknown are shown,
//     which is not a move of the turn).
//
// A take names the face-up card. A draw names the stock's next card when
// the stock's order is known, and is NoCard when it is not: a draw of
// whatever card the stock gives. A knock lays down the arrangement of least
// deadwood (Melds nil); Apply also takes the same knock with other melds
// that are melds of the hand.
//
// Where the player's cards are not all known (a record of the other
// player's deal), the throws and knocks are with each card the player may
// hold: a known card, or one whose place is not known; a knock is listed
// for each and big gin wherever the rules play it, as the round checks
// them only when the cards are shown.
//
// Every move Legal lists, Apply accepts; every move Apply accepts is one
// Legal lists (a take or draw given as NoCard being the one listed).
func (r *Round) Legal() []Action { return r.situation().Legal() }

// situation is what the rules of play look at in the round, for the
// player to move.
func (r *Round) situation() Situation {
	p := r.turn
	s := Situation{
		Rules: r.rules, Limit: r.limit, Phase: r.phase, Hand: r.hands[p], Hidden: r.held[p] - r.hands[p].Len(),
		FaceUp: ginrummy.NoCard, Taken: r.taken, MustDraw: r.mustDraw, Stock: r.stockLen, Next: ginrummy.NoCard,
	}
	if len(r.pile) > 0 {
		s.FaceUp = r.top()
	}
	if s.Hidden > 0 {
		s.Unplaced = ginrummy.FullDeck &^ r.located()
	}
	if len(r.stock) > 0 {
		s.Next = r.stock[0]
	}
	return s
}

// Situation is what the rules of play look at to list the moves of the
// player to move: the round's (Round.Legal), or a position someone
// describes with no round (the advice's, from its cards), or one a move
// would lead to (the advice's take, then a throw), so that the rules of
// play are written once, in Legal.
type Situation struct {
	Rules ginrummy.Rules
	Limit int   // the knock limit of the hand
	Phase Phase // what the player is to do: take or pass at the first offer, take or draw, or throw
	Hand  ginrummy.Hand
	// Hidden is how many of the cards the player holds are not known (a
	// record of the other player's deal), Hand being the others; 0 when
	// every card is known. A card not known may be any of Unplaced.
	Hidden   int
	Unplaced ginrummy.Hand
	FaceUp   ginrummy.Card // the face-up card; NoCard when the pile is empty
	Taken    ginrummy.Card // with eleven cards, the card just taken from the pile, which may not go back; NoCard
	MustDraw bool          // both players passed the first upcard: the non-dealer draws from the stock
	Stock    int           // the cards in the stock
	Next     ginrummy.Card // the stock's next card, when its order is known; NoCard
}

// Legal is the moves the rules allow at s, in Round.Legal's order.
func (s Situation) Legal() []Action {
	switch s.Phase {
	case Offer:
		return []Action{{Act: Pass, Card: ginrummy.NoCard}, {Act: Take, Card: s.FaceUp}}
	case Drawing:
		var out []Action
		if !s.MustDraw && s.FaceUp != ginrummy.NoCard {
			out = append(out, Action{Act: Take, Card: s.FaceUp})
		}
		if s.Stock > ginrummy.StockLeft {
			out = append(out, Action{Act: Draw, Card: s.Next})
		}
		return out
	case Discarding:
		may := s.throwable()
		out := make([]Action, 0, 2*may.Len()+1)
		for c := range may.All() {
			out = append(out, Action{Act: Throw, Card: c})
		}
		for c := range may.All() {
			if s.mayKnock(c) {
				out = append(out, Action{Act: Knock, Card: c})
			}
		}
		if s.mayBigGin() {
			out = append(out, Action{Act: BigGin, Card: ginrummy.NoCard})
		}
		return out
	}
	return nil
}

// throwable is the cards the player may put down with eleven cards: those
// held, or that may be held where not all are known, but the card just
// taken from the pile.
func (s Situation) throwable() ginrummy.Hand {
	may := s.Hand
	if s.Hidden > 0 {
		may |= s.Unplaced
	}
	if s.Taken != ginrummy.NoCard {
		may = may.Without(s.Taken)
	}
	return may
}

// May reports whether Legal lists a, without listing the rest: a throw,
// knock or big gin is judged alone, for a player (a bot) that asks of one
// move at a time.
func (s Situation) May(a Action) bool {
	if s.Phase != Discarding {
		return a.Melds == nil && slices.ContainsFunc(s.Legal(), func(b Action) bool { return b.Act == a.Act && b.Card == a.Card })
	}
	switch a.Act {
	case Throw:
		return s.throwable().Has(a.Card)
	case Knock:
		return a.Melds == nil && s.throwable().Has(a.Card) && s.mayKnock(a.Card)
	case BigGin:
		return a.Card == ginrummy.NoCard && a.Melds == nil && s.mayBigGin()
	}
	return false
}

// mayKnock reports whether the player may knock with c: the ten cards kept
// lay down within the knock limit (gin included), or are not all known
// and are checked when they are shown.
func (s Situation) mayKnock(c ginrummy.Card) bool {
	if !tenKnown(s.Hand, s.Hand.Len()+s.Hidden, c) {
		return true
	}
	return withinLimit(s.Hand.Without(c).Deadwood(), s.Limit)
}

// tenKnown reports whether the ten cards a player holding held cards, hand
// of them known, keeps when putting c down are all known: a knock is then
// checked at once, else when they are shown.
func tenKnown(hand ginrummy.Hand, held int, c ginrummy.Card) bool {
	return hand.Without(c).Len() == held-1
}

// withinLimit reports whether a knock may lay down deadwood d: the knock
// limit, for Legal and for the round's own checks of a knock.
func withinLimit(d, limit int) bool { return d <= limit }

// mayBigGin reports whether the player may lay down big gin: the rules play
// it, and the eleven cards all meld, or are not all known.
func (s Situation) mayBigGin() bool {
	return s.Rules.BigGin && (s.Hidden > 0 || s.Hand.Deadwood() == 0)
}
