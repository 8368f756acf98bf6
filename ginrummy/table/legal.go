package table

import "github.com/gin-rummy/gin/ginrummy"

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
func (r *Round) Legal() []Action {
	p := r.turn
	switch r.phase {
	case Offer:
		return []Action{{Act: Pass, Card: ginrummy.NoCard}, {Act: Take, Card: r.top()}}
	case Drawing:
		var out []Action
		if !r.mustDraw && len(r.pile) > 0 {
			out = append(out, Action{Act: Take, Card: r.top()})
		}
		if r.stockLen > ginrummy.StockLeft {
			c := ginrummy.NoCard
			if r.stock != nil {
				c = r.stock[0]
			}
			out = append(out, Action{Act: Draw, Card: c})
		}
		return out
	case Discarding:
		may := r.hands[p]
		if !r.Known(p) {
			may |= ginrummy.FullDeck &^ r.located()
		}
		if r.taken != ginrummy.NoCard {
			may = may.Without(r.taken)
		}
		out := make([]Action, 0, 2*may.Len()+1)
		for c := range may.All() {
			out = append(out, Action{Act: Throw, Card: c})
		}
		for c := range may.All() {
			if r.checkLayDown(p, c, nil) == nil {
				out = append(out, Action{Act: Knock, Card: c})
			}
		}
		if r.checkBigGin(p) == nil {
			out = append(out, Action{Act: BigGin, Card: ginrummy.NoCard})
		}
		return out
	}
	return nil
}
