package table

import (
	"fmt"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
)

// Phase is what a round waits for next.
type Phase uint8

// The phases of a round, in the order a turn passes through them.
const (
	// Offer is the first upcard offer: the player to move takes the
	// face-up card or passes (the non-dealer first, then the dealer).
	Offer Phase = iota
	// Drawing: the player to move, with ten cards, takes the face-up card or
	// draws from the stock.
	Drawing
	// Discarding: the player to move, with eleven cards, throws a card (and
	// may knock), or lays down big gin.
	Discarding
	// Over: the hand has ended; only the cards still unknown may be shown.
	Over
)

// Round is one hand in play, with the rules of play: who moves, what they
// may do, and what every move changes. Each move is a method that refuses
// what the rules do not allow with an *IllegalError and changes nothing
// then. The table plays a round with every card known; a hand record
// replays one in which some are not (the opponent's cards, the stock's
// order): an unknown card is counted, and becomes known when it is thrown
// or shown.
type Round struct {
	rules       ginrummy.Rules
	limit       int
	dealer      int
	firstUpcard ginrummy.Card
	dealt       [2]ginrummy.Hand // the cards each player was dealt, where known
	hands       [2]ginrummy.Hand // the known cards each player holds
	held        [2]int           // how many cards each player holds, known or not
	stock       []ginrummy.Card  // the stock in the order it is drawn, when known
	stockLen    int              // how many cards are in the stock
	pile        []ginrummy.Card  // the discard pile, the face-up card last
	took        [2]ginrummy.Hand
	threw       [2]ginrummy.Hand
	passed      [2]ginrummy.Hand
	taken       ginrummy.Card // the card the player to move took from the pile this turn; NoCard
	turn        int           // the player to move
	phase       Phase
	mustDraw    bool // both passed the first upcard: the non-dealer draws from the stock
	turns       int  // turns completed (a turn ends with a discard)
	earlier     []Played
	scores      []ginrummy.Tally // the games' tallies after earlier, player 0's side, when the match gave them
	drawn       ginrummy.Card    // the card last drawn from the stock; NoCard when not known
	down        ginrummy.Card    // the card laid face down at a knock, out of play; NoCard before
	keep        bool             // keep the moves
	moves       []Move

	// The end, once Over.
	ending  ginrummy.Ending
	knocker int
	melds   []ginrummy.Meld // the knocker's melds as laid down; nil for the least deadwood
	endless bool
	scored  bool
	score   ginrummy.HandScore
	sd      ginrummy.Showdown // what the hand was scored from
	knocked ginrummy.Hand     // the knocker's cards as laid down
}

// Cards dealt to each player and the stock a hand starts with.
const (
	DealtCards = 10
	FullStock  = 52 - 2*DealtCards - 1
)

// Deal starts a round from a deck in the order it is dealt: ten cards to
// each player (the non-dealer first, one at a time), the upcard, then the
// stock. Every card is known.
func Deal(rules ginrummy.Rules, dealer int, deck []ginrummy.Card) (*Round, error) {
	var hands [2]ginrummy.Hand
	first := 1 - dealer
	for i := range 2 * DealtCards {
		p := first
		if i%2 == 1 {
			p = dealer
		}
		hands[p] = hands[p].With(deck[i])
	}
	r, err := newRound(rules, dealer, hands, deck[2*DealtCards])
	if err != nil {
		return nil, err
	}
	r.stock = append([]ginrummy.Card(nil), deck[2*DealtCards+1:]...)
	return r, nil
}

// Start starts a round whose deal is known only in part: hands[p] is the
// ten cards player p was dealt, or empty when they are not known; the
// stock's order is not known. A card dealt twice, or the upcard dealt, is
// an *IllegalError.
func Start(rules ginrummy.Rules, dealer int, hands [2]ginrummy.Hand, upcard ginrummy.Card) (*Round, error) {
	for p, h := range hands {
		if n := h.Len(); n != 0 && n != DealtCards {
			return nil, &IllegalError{p, fmt.Sprintf("dealt %d cards, not %d", n, DealtCards)}
		}
	}
	if both := hands[0] & hands[1]; both != 0 {
		return nil, &IllegalError{1, fmt.Sprintf("dealt %v, which the other player was dealt", firstCard(both))}
	}
	for p, h := range hands {
		if h.Has(upcard) {
			return nil, &IllegalError{p, fmt.Sprintf("dealt %v, the upcard", upcard)}
		}
	}
	return newRound(rules, dealer, hands, upcard)
}

func newRound(rules ginrummy.Rules, dealer int, hands [2]ginrummy.Hand, upcard ginrummy.Card) (*Round, error) {
	if dealer != 0 && dealer != 1 {
		return nil, fmt.Errorf("table: dealer %d: give player 0 or 1", dealer)
	}
	if !upcard.IsValid() {
		return nil, fmt.Errorf("table: the upcard %v is not a card", upcard)
	}
	limit, err := rules.KnockLimitFor(upcard)
	if err != nil {
		return nil, err
	}
	return &Round{
		rules: rules, limit: limit, dealer: dealer, firstUpcard: upcard,
		dealt: hands, hands: hands, held: [2]int{DealtCards, DealtCards}, stockLen: FullStock,
		pile: []ginrummy.Card{upcard}, taken: ginrummy.NoCard, down: ginrummy.NoCard,
		turn: 1 - dealer, knocker: ginrummy.NoPlayer,
	}, nil
}

func firstCard(h ginrummy.Hand) ginrummy.Card {
	for c := range h.All() {
		return c
	}
	return ginrummy.NoCard
}

// Turn is the player to move: whose offer, draw or discard it is.
func (r *Round) Turn() int { return r.turn }

// Phase is what the round waits for.
func (r *Round) Phase() Phase { return r.phase }

// MustDraw reports that the player to move may not take the face-up card:
// both players passed it at the first offer.
func (r *Round) MustDraw() bool { return r.mustDraw }

// Dealer is the player who dealt.
func (r *Round) Dealer() int { return r.dealer }

// Turns is how many turns have been played: a turn ends with a discard.
func (r *Round) Turns() int { return r.turns }

// View is what player p sees of the round.
func (r *Round) View(p int) View { return View{r, p} }

// Known reports whether every card player p holds is known.
func (r *Round) Known(p int) bool { return r.hands[p].Len() == r.held[p] }

// located is every card whose place is known: in a known hand, the pile,
// or face down at the knock.
func (r *Round) located() ginrummy.Hand {
	h := r.hands[0] | r.hands[1]
	if r.down != ginrummy.NoCard {
		h = h.With(r.down)
	}
	for _, c := range r.pile {
		h = h.With(c)
	}
	return h
}

func (r *Round) top() ginrummy.Card { return r.pile[len(r.pile)-1] }

// mover checks that it is player p's move in one of the phases given.
func (r *Round) mover(p int, what string, phases ...Phase) error {
	if r.phase == Over {
		return &IllegalError{p, what + " after the hand has ended"}
	}
	if p != r.turn {
		return &IllegalError{p, what + " out of turn: it is the other player's move"}
	}
	for _, ph := range phases {
		if r.phase == ph {
			return nil
		}
	}
	switch r.phase {
	case Offer:
		return &IllegalError{p, what + " at the first upcard offer, where the player takes the face-up card or passes"}
	case Drawing:
		return &IllegalError{p, what + " before taking the face-up card or drawing"}
	default:
		return &IllegalError{p, what + " after drawing, where the player throws a card"}
	}
}

// Pass declines the first upcard. When both have passed, the non-dealer
// draws from the stock.
func (r *Round) Pass(p int) error {
	if err := r.mover(p, "passing", Offer); err != nil {
		if r.phase == Drawing && p == r.turn {
			return &IllegalError{p, "passing after the first upcard offer: take the face-up card or draw"}
		}
		return err
	}
	r.passed[p] = r.passed[p].With(r.top())
	r.turn = 1 - p
	if p == r.dealer {
		r.phase, r.mustDraw = Drawing, true
	}
	return nil
}

// Take takes the face-up card. A card given (not NoCard) must be it.
func (r *Round) Take(p int, c ginrummy.Card) error {
	if err := r.mover(p, "taking the face-up card", Offer, Drawing); err != nil {
		return err
	}
	switch {
	case r.mustDraw:
		return &IllegalError{p, "taking the face-up card that both players passed: the non-dealer draws from the stock"}
	case len(r.pile) == 0:
		return &IllegalError{p, "taking the face-up card from an empty pile"}
	case c != ginrummy.NoCard && c != r.top():
		return &IllegalError{p, fmt.Sprintf("taking %v, but the face-up card is %v", c, r.top())}
	}
	c = r.top()
	r.pile = r.pile[:len(r.pile)-1]
	r.hands[p] = r.hands[p].With(c)
	r.held[p]++
	r.took[p] = r.took[p].With(c)
	r.taken = c
	r.phase, r.mustDraw = Discarding, false
	return nil
}

// Draw draws from the stock: its next card when the stock's order is
// known, else c, or a card nobody knows when c is NoCard. Declining the
// face-up card after the first offer passes it.
func (r *Round) Draw(p int, c ginrummy.Card) error {
	if err := r.mover(p, "drawing", Drawing); err != nil {
		return err
	}
	if r.stockLen <= ginrummy.StockLeft {
		return &IllegalError{p, "drawing from a stock that is used up"}
	}
	if r.stock != nil {
		if c != ginrummy.NoCard && c != r.stock[0] {
			return &IllegalError{p, fmt.Sprintf("drawing %v, but the stock's next card is %v", c, r.stock[0])}
		}
		c = r.stock[0]
		r.stock = r.stock[1:]
	} else if c != ginrummy.NoCard {
		if !c.IsValid() {
			return &IllegalError{p, "drawing a card that is not a card"}
		}
		if r.located().Has(c) {
			return &IllegalError{p, fmt.Sprintf("drawing %v, which is %s", c, r.where(p, c))}
		}
	}
	if !r.mustDraw && len(r.pile) > 0 {
		r.passed[p] = r.passed[p].With(r.top())
	}
	if c != ginrummy.NoCard {
		r.hands[p] = r.hands[p].With(c)
	}
	r.drawn = c
	r.held[p]++
	r.stockLen--
	r.taken = ginrummy.NoCard
	r.phase, r.mustDraw = Discarding, false
	return nil
}

// where says where a located card is, for errors about player p's move.
func (r *Round) where(p int, c ginrummy.Card) string {
	switch {
	case r.hands[p].Has(c):
		return "in the player's own hand"
	case r.hands[1-p].Has(c):
		return "in the other player's hand"
	case c == r.down:
		return "the card laid face down at the knock"
	}
	if len(r.pile) > 0 && r.top() == c {
		return "the face-up card"
	}
	return "in the discard pile"
}

// checkDiscard checks that player p may put card c out of their hand.
func (r *Round) checkDiscard(p int, c ginrummy.Card, what string) error {
	if err := r.mover(p, strings.TrimSuffix(what, " with"), Discarding); err != nil {
		return err
	}
	switch {
	case !c.IsValid():
		return &IllegalError{p, what + " a card that is not a card"}
	case c == r.taken:
		return &IllegalError{p, fmt.Sprintf("%s %v, the card just taken from the pile", what, c)}
	case r.hands[p].Has(c):
	case r.held[p] > r.hands[p].Len() && !r.located().Has(c): // one of the cards not known
	case r.located().Has(c):
		return &IllegalError{p, fmt.Sprintf("%s %v, which is %s", what, c, r.where(p, c))}
	default:
		return &IllegalError{p, fmt.Sprintf("%s %v, which is not in the hand", what, c)}
	}
	return nil
}

// discard puts card c, checked by checkDiscard, on the pile.
func (r *Round) discard(p int, c ginrummy.Card) {
	r.hands[p] = r.hands[p].Without(c)
	r.held[p]--
	r.pile = append(r.pile, c)
	r.threw[p] = r.threw[p].With(c)
	r.took[p] = r.took[p].Without(c)
	r.taken = ginrummy.NoCard
}

// Throw discards c face up, ending the turn; the hand is drawn when the
// stock is down to ginrummy.StockLeft cards, or after ginrummy.MaxTurns
// turns.
func (r *Round) Throw(p int, c ginrummy.Card) error {
	if err := r.checkDiscard(p, c, "throwing"); err != nil {
		return err
	}
	r.discard(p, c)
	r.turns++
	switch {
	case r.stockLen <= ginrummy.StockLeft:
		r.end(ginrummy.Drawn, ginrummy.NoPlayer)
	case r.turns >= ginrummy.MaxTurns:
		r.end(ginrummy.Drawn, ginrummy.NoPlayer)
		r.endless = true
	default:
		r.turn, r.phase = 1-p, Drawing
	}
	return nil
}

// Knock discards c face down and lays the other ten cards down: a knock,
// or gin when they all meld. melds are the melds laid down, nil for the
// arrangement of least deadwood. When the knocker's cards are not all
// known, the knock is checked once they are shown (Show).
func (r *Round) Knock(p int, c ginrummy.Card, melds []ginrummy.Meld) error {
	if err := r.checkDiscard(p, c, "knocking with"); err != nil {
		return err
	}
	if err := r.checkLayDown(p, c, melds); err != nil {
		return err
	}
	r.discard(p, c)
	r.turns++
	r.pile = r.pile[:len(r.pile)-1] // face down: out of the pile, and out of play
	r.threw[p] = r.threw[p].Without(c)
	r.down = c
	r.melds = melds
	r.end(ginrummy.Knocked, p)
	return r.showdown()
}

// checkLayDown checks that player p, knocking with c, may lay down the other
// ten cards as melds (nil: the least deadwood) within the knock limit. Ten
// cards not all known are checked when they are shown; they are known when
// the one card of the eleven not known is c.
func (r *Round) checkLayDown(p int, c ginrummy.Card, melds []ginrummy.Meld) error {
	if !tenKnown(r.hands[p], r.held[p], c) {
		return nil
	}
	_, d, err := layDown(p, r.hands[p].Without(c), melds)
	if err != nil {
		return err
	}
	if !withinLimit(d, r.limit) {
		return r.overLimit(p, d)
	}
	return nil
}

// overLimit is a knock with deadwood d over the knock limit.
func (r *Round) overLimit(p, d int) error {
	if r.limit == 0 {
		return &IllegalError{p, fmt.Sprintf("knocking with %d, where only gin may be laid down (the first upcard was an ace)", d)}
	}
	return &IllegalError{p, fmt.Sprintf("knocking with %d, over the knock limit of %d", d, r.limit)}
}

// layDown checks melds (nil: the least deadwood) against hand and returns
// them with the deadwood they leave.
func layDown(p int, hand ginrummy.Hand, melds []ginrummy.Meld) ([]ginrummy.Meld, int, error) {
	if melds == nil {
		a := hand.Arrange()
		return a.Melds(), a.Deadwood, nil
	}
	var melded ginrummy.Hand
	for _, m := range melds {
		switch {
		case !m.IsValid():
			return nil, 0, &IllegalError{p, fmt.Sprintf("laying down %v, which is not a meld", m)}
		case m.Cards()&^hand != 0:
			return nil, 0, &IllegalError{p, fmt.Sprintf("laying down %v, but %v is not in the hand", m, m.Cards()&^hand)}
		case m.Cards()&melded != 0:
			return nil, 0, &IllegalError{p, fmt.Sprintf("laying down %v, which shares a card with another meld", m)}
		}
		melded |= m.Cards()
	}
	return melds, (hand &^ melded).Value(), nil
}

// BigGin lays down all eleven cards, all melded, where the rules play big gin.
func (r *Round) BigGin(p int) error {
	if err := r.mover(p, "laying down big gin", Discarding); err != nil {
		return err
	}
	if err := r.checkBigGin(p); err != nil {
		return err
	}
	r.turns++
	r.end(ginrummy.WentBigGin, p)
	return r.showdown()
}

// checkBigGin checks that the rules play big gin and that player p's eleven
// cards all meld, where they are known.
func (r *Round) checkBigGin(p int) error {
	switch {
	case r.situation().mayBigGin():
		return nil
	case !r.rules.BigGin:
		return &IllegalError{p, "big gin, which these rules do not play"}
	}
	return &IllegalError{p, "big gin with cards that do not all meld"}
}

// Action is the play as a move.
func (play Play) Action() Action {
	switch {
	case play.BigGin:
		return Action{Act: BigGin, Card: ginrummy.NoCard}
	case play.Knock:
		return Action{Act: Knock, Card: play.Discard, Melds: play.Melds}
	}
	return Action{Act: Throw, Card: play.Discard}
}

func (r *Round) end(e ginrummy.Ending, knocker int) {
	r.phase, r.ending, r.knocker = Over, e, knocker
	r.taken = ginrummy.NoCard // big gin keeps the card taken, but the turn is over
}

// Show makes known the cards player p holds at the end of the hand, where
// they were not: they must be all the cards p holds, agreeing with what is
// known. A knock is checked, and the hand scored, once both hands are
// known.
func (r *Round) Show(p int, cards ginrummy.Hand) error {
	if r.phase != Over {
		return &IllegalError{p, "showing cards before the hand has ended"}
	}
	if n := cards.Len(); n != r.held[p] {
		return &IllegalError{p, fmt.Sprintf("showing %d cards, but the player holds %d", n, r.held[p])}
	}
	if miss := r.hands[p] &^ cards; miss != 0 {
		return &IllegalError{p, fmt.Sprintf("showing cards without %v, which the player holds", firstCard(miss))}
	}
	if clash := cards &^ r.hands[p] & r.located(); clash != 0 {
		c := firstCard(clash)
		return &IllegalError{p, fmt.Sprintf("showing %v, which is %s", c, r.where(p, c))}
	}
	if r.ending == ginrummy.Drawn {
		r.hands[p] = cards
		return nil
	}
	if p == r.knocker {
		switch r.ending {
		case ginrummy.WentBigGin:
			if cards.Deadwood() != 0 {
				return &IllegalError{p, "big gin with cards that do not all meld"}
			}
		default:
			if _, d, err := layDown(p, cards, r.melds); err != nil {
				return err
			} else if !withinLimit(d, r.limit) {
				return r.overLimit(p, d)
			}
		}
	}
	r.hands[p] = cards
	return r.showdown()
}

// showdown scores the hand once both players' cards are known.
func (r *Round) showdown() error {
	if !r.Known(0) || !r.Known(1) || r.ending == ginrummy.Drawn {
		return nil
	}
	p := r.knocker
	knocker, defender := r.hands[p], r.hands[1-p]
	ending := r.ending
	var deadwood ginrummy.Hand
	melds := r.melds
	if ending == ginrummy.WentBigGin {
		a := knocker.Arrange()
		melds = a.Melds()
	} else {
		var d int
		var err error
		melds, d, err = layDown(p, knocker, melds)
		if err != nil {
			return err
		}
		if d == 0 {
			ending = ginrummy.WentGin
		}
	}
	deadwood = knocker
	for _, m := range melds {
		deadwood &^= m.Cards()
	}
	sd := ginrummy.Showdown{Ending: ending, KnockerDeadwood: deadwood.Value(), Upcard: r.firstUpcard}
	if ending == ginrummy.Knocked {
		sd.DefenderDeadwood = ginrummy.DefenderDeadwood(melds, defender)
	} else {
		sd.DefenderDeadwood = defender.Deadwood()
	}
	hs, err := r.rules.ScoreHand(sd)
	if err != nil {
		return err
	}
	r.ending, r.melds, r.score, r.knocked, r.scored, r.sd = ending, melds, hs, knocker, true, sd
	return nil
}

// Ended reports whether the hand is over.
func (r *Round) Ended() bool { return r.phase == Over }

// Scored reports whether the hand is over and scored: ended by a knock,
// gin or big gin with both hands known, or drawn.
func (r *Round) Scored() bool {
	return r.phase == Over && (r.scored || r.ending == ginrummy.Drawn)
}

// Result is how the hand ended, once Over; the score is set when Scored.
func (r *Round) Result() Played {
	h := Played{Dealer: r.dealer, Ending: r.ending, Knocker: r.knocker, Turns: r.turns, Limit: r.limit, Took: r.took, Endless: r.endless, Deal: r.dealt, Upcard: r.firstUpcard, Moves: r.moves}
	if r.phase != Over {
		return h
	}
	switch {
	case r.ending == ginrummy.Drawn:
		if !r.endless {
			h.Stock = r.stockLen
			h.Defender = r.hands[1-r.turn]
		}
		if r.endless {
			h.Turns = ginrummy.MaxTurns
		}
	case r.scored:
		h.Score, h.Knocked, h.Defender = r.score, r.knocked, r.hands[1-r.knocker]
		h.Stock = r.stockLen
	}
	return h
}

// Showdown is what a scored hand was scored from: how it ended, the
// knocker's deadwood, and the defender's after layoffs.
func (r *Round) Showdown() ginrummy.Showdown { return r.sd }

// Melds is the knocker's melds as laid down, once Scored: as named at the
// knock, else the arrangement it was scored by; nil on a drawn hand.
func (r *Round) Melds() []ginrummy.Meld {
	if !r.scored {
		return nil
	}
	return r.melds
}

// Act is a kind of move.
type Act uint8

// The moves of a turn, and the showing of cards after the end.
const (
	Pass   Act = iota + 1 // declines the first upcard
	Take                  // takes the face-up card
	Draw                  // draws from the stock
	Throw                 // discards a card face up
	Knock                 // discards a card face down and lays down: a knock, or gin
	BigGin                // lays down all eleven cards
	Show                  // after the end: makes known the cards the player holds
)

var actWords = [...]string{Pass: "pass", Take: "take", Draw: "draw", Throw: "throw", Knock: "knock", BigGin: "big-gin", Show: "shows"}

// String is the act's word in the hand record.
func (a Act) String() string {
	if int(a) < len(actWords) && actWords[a] != "" {
		return actWords[a]
	}
	return fmt.Sprintf("Act(%d)", uint8(a))
}

// ParseAct is the act a hand record's word names, or 0.
func ParseAct(word string) Act {
	for a, w := range actWords {
		if w != "" && w == word {
			return Act(a)
		}
	}
	return 0
}

// Action is a move by one player.
type Action struct {
	Act   Act
	Card  ginrummy.Card   // the card taken, drawn, thrown or knocked with; NoCard where not known
	Melds []ginrummy.Meld // a knock's melds as laid down; nil for the least deadwood
	Cards ginrummy.Hand   // the cards shown
}

// Move is an action and the player who made it.
type Move struct {
	Player int
	Action
}

// Apply carries out player p's action.
func (r *Round) Apply(p int, a Action) error {
	var err error
	switch a.Act {
	case Pass:
		err = r.Pass(p)
	case Take:
		err = r.Take(p, a.Card)
	case Draw:
		err = r.Draw(p, a.Card)
	case Throw:
		err = r.Throw(p, a.Card)
	case Knock:
		err = r.Knock(p, a.Card, a.Melds)
	case BigGin:
		err = r.BigGin(p)
	case Show:
		err = r.Show(p, a.Cards)
	default:
		err = &IllegalError{p, fmt.Sprintf("an unknown move %v", a.Act)}
	}
	if err == nil && r.keep {
		switch a.Act {
		case Take:
			a.Card = r.taken
		case Draw:
			a.Card = r.drawn
		}
		r.moves = append(r.moves, Move{p, a})
	}
	return err
}

// keepMoves has the round keep every move applied from now on, in Played.Moves.
func (r *Round) keepMoves() { r.keep = true }

// Rules is the rules the hand is played by.
func (r *Round) Rules() ginrummy.Rules { return r.rules }

// FirstUpcard is the hand's first face-up card.
func (r *Round) FirstUpcard() ginrummy.Card { return r.firstUpcard }

// Hand is the cards player p holds, as far as they are known.
func (r *Round) Hand(p int) ginrummy.Hand { return r.hands[p] }

// Resume starts a round in the middle of a hand, every card known: the
// players' hands, the discard pile (the face-up card last), the stock in
// the order it is drawn, and the player to move, who takes the face-up card
// or draws. The knock limit is the rules' for the first upcard. It is for
// playing a position out, as the advice does, by the table's own rules.
func Resume(rules ginrummy.Rules, firstUpcard ginrummy.Card, hands [2]ginrummy.Hand, pile, stock []ginrummy.Card, turn int) (*Round, error) {
	seen := hands[0] | hands[1]
	for _, c := range append(append([]ginrummy.Card(nil), pile...), stock...) {
		if seen.Has(c) || !c.IsValid() {
			return nil, fmt.Errorf("table: %v is in two places", c)
		}
		seen = seen.With(c)
	}
	if hands[0].Len() != DealtCards || hands[1].Len() != DealtCards || len(pile) == 0 {
		return nil, fmt.Errorf("table: a round resumes with ten cards in each hand and a face-up card")
	}
	r, err := newRound(rules, 1-turn, hands, firstUpcard)
	if err != nil {
		return nil, err
	}
	r.pile = append([]ginrummy.Card(nil), pile...)
	r.stock = append([]ginrummy.Card(nil), stock...)
	r.stockLen = len(stock)
	r.turn, r.phase = turn, Drawing
	return r, nil
}
