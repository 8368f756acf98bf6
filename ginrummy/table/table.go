// Package table plays Gin Rummy between two players, with no I/O: the deal
// (shuffled from a seed), the first upcard offer, draws from the stock or
// the discard pile, discards, knocks, gin and big gin, layoffs, the drawn
// hand when the stock runs down, and the scoring of hands and games by the
// rules, Hollywood included.
//
// A Player sees the hand only through a View: its own cards, the discard
// pile, the cards the opponent took from the pile, threw and passed, the
// size of the stock. View's fields are unexported and its methods return
// only those, so no Player can look at the opponent's cards or the stock:
// the compiler, not a convention, keeps the game fair.
package table

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/gin-rummy/gin/ginrummy"
)

// Player chooses a player's moves.
type Player interface {
	// Take says, with ten cards, whether to take the face-up card on the
	// discard pile (View.Upcard) rather than draw from the stock. At the
	// first upcard offer, not taking it passes.
	Take(v View) bool
	// Play says, with eleven cards, what to do: the card to throw and
	// whether to knock (with no deadwood that is gin), or big gin.
	Play(v View) Play
}

// Play is a move after the draw.
type Play struct {
	Discard ginrummy.Card // the card thrown; ignored on BigGin
	Knock   bool          // lay down after the discard: a knock, or gin with no deadwood
	BigGin  bool          // lay down all eleven cards, all melded (scored as gin where the rules have no big-gin bonus)
	// Melds, on a knock, are the melds laid down, the rest of the ten cards
	// deadwood: a knocker may meld for more deadwood than the least, to
	// leave the defender fewer cards to lay off. Nil lays down the
	// arrangement with the least deadwood.
	Melds []ginrummy.Meld
}

// The rules of play this engine keeps, beyond ginrummy's scoring and its
// drawn hand (ginrummy.StockLeft, ginrummy.MaxTurns).
const (
	// MaxHands ends a game that has not ended after this many hands.
	MaxHands = 1000
)

// IllegalError is a move the rules do not allow: a card not held, the card
// just taken from the pile thrown back, a knock over the knock limit, a big
// gin that is not one. It names the player (0 or 1) and the move.
type IllegalError struct {
	Player int
	Move   string
}

func (e *IllegalError) Error() string {
	return fmt.Sprintf("player %d: illegal move: %s", e.Player, e.Move)
}

// ErrEndless is a game that did not end within MaxHands hands.
var ErrEndless = errors.New("the game did not end")

// Hand is how one hand ended.
type Hand struct {
	Dealer   int
	Ending   ginrummy.Ending
	Knocker  int // who knocked or went gin; NoPlayer on a drawn hand
	Score    ginrummy.HandScore
	Knocked  ginrummy.Hand // the knocker's cards as laid down (ten, or eleven on big gin)
	Defender ginrummy.Hand // the other's cards
	Turns    int
	Limit    int  // the knock limit of the hand
	Stock    int  // the cards left in the stock when it ended
	Endless  bool // drawn because it reached ginrummy.MaxTurns
	// Took is, for each player, the cards they took from the discard pile
	// and still held when it ended: what both players saw them take and
	// not throw again.
	Took [2]ginrummy.Hand
}

// Outcome is the hand as a game's record keeps it.
func (h Hand) Outcome() ginrummy.Outcome {
	if h.Ending == ginrummy.Drawn {
		return ginrummy.Outcome{Drawn: true}
	}
	return h.Score.Outcome(h.Knocker)
}

// Watcher is told every hand as it ends, and may see everything: it is for
// the arena's statistics, never given to a Player.
type Watcher func(h Hand)

// Match plays a whole match (one game to the rules' target; Hollywood's
// three games at once) between two players, player 0 dealing first, from
// the seed: the same seed and players, the same match.
func Match(rules ginrummy.Rules, players [2]Player, seed uint64, watch Watcher) (ginrummy.Match, error) {
	if err := rules.Validate(); err != nil {
		return ginrummy.Match{}, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var record []ginrummy.Outcome
	var earlier []Hand
	game := ginrummy.Match{}
	dealer := 0
	for n := 0; n < MaxHands; n++ {
		h, err := playHand(rules, players, dealer, shuffled(rng), earlier)
		if err != nil {
			return ginrummy.Match{}, err
		}
		if watch != nil {
			watch(h)
		}
		record = append(record, h.Outcome())
		earlier = append(earlier, h)
		if game, err = rules.ScoreMatch(0, record); err != nil {
			return ginrummy.Match{}, err
		}
		if game.Over() {
			return game, nil
		}
		dealer = game.NextDealer
	}
	return game, ErrEndless
}

// round is one hand in play: everything, seen and hidden.
type round struct {
	rules       ginrummy.Rules
	limit       int
	firstUpcard ginrummy.Card
	hands       [2]ginrummy.Hand
	stock       []ginrummy.Card // drawn from the front
	pile        []ginrummy.Card // the discard pile, the face-up card last
	took        [2]ginrummy.Hand
	threw       [2]ginrummy.Hand
	passed      [2]ginrummy.Hand
	taken       ginrummy.Card // the card the player to move took from the pile this turn; NoCard
	earlier     []Hand        // the game's hands before this one
}

// PlayHand deals and plays one hand. The deck is shuffled by rng.
func PlayHand(rules ginrummy.Rules, players [2]Player, dealer int, rng *rand.Rand) (Hand, error) {
	return PlayDealt(rules, players, dealer, shuffled(rng))
}

// shuffled is a deck shuffled by rng.
func shuffled(rng *rand.Rand) []ginrummy.Card {
	deck := ginrummy.FullDeck.Cards()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// PlayDealt plays a hand from a deck in the order it is dealt: ten cards to
// each player (the non-dealer first, one at a time), the upcard, then the
// stock. It replays a hand whose deal is known.
func PlayDealt(rules ginrummy.Rules, players [2]Player, dealer int, deck []ginrummy.Card) (Hand, error) {
	return playHand(rules, players, dealer, deck, nil)
}

// playHand plays a hand after the game's earlier hands.
func playHand(rules ginrummy.Rules, players [2]Player, dealer int, deck []ginrummy.Card, earlier []Hand) (Hand, error) {
	r := &round{rules: rules, taken: ginrummy.NoCard, earlier: earlier}
	first := 1 - dealer
	for i := range 20 {
		p := first
		if i%2 == 1 {
			p = dealer
		}
		r.hands[p] = r.hands[p].With(deck[i])
	}
	r.firstUpcard = deck[20]
	r.pile = []ginrummy.Card{deck[20]}
	r.stock = append([]ginrummy.Card(nil), deck[21:]...)
	limit, err := rules.KnockLimitFor(r.firstUpcard)
	if err != nil {
		return Hand{}, err
	}
	r.limit = limit
	h := Hand{Dealer: dealer, Knocker: ginrummy.NoPlayer, Limit: limit}
	// The first upcard offer: the non-dealer, then the dealer, may take it;
	// if both pass, the non-dealer draws from the stock.
	turn := first
	offered := false
	for _, p := range []int{first, dealer} {
		if players[p].Take(View{r, p}) {
			turn, offered = p, true
			break
		}
		r.passed[p] = r.passed[p].With(r.top())
	}
	for h.Turns = 1; h.Turns <= ginrummy.MaxTurns; h.Turns++ {
		p := turn
		if offered {
			r.takeUpcard(p)
			offered = false
		} else if h.Turns > 1 && players[p].Take(View{r, p}) {
			r.takeUpcard(p)
		} else {
			if h.Turns > 1 {
				r.passed[p] = r.passed[p].With(r.top())
			}
			r.hands[p] = r.hands[p].With(r.stock[0])
			r.stock = r.stock[1:]
			r.taken = ginrummy.NoCard
		}
		play := players[p].Play(View{r, p})
		done, err := r.play(p, play, &h)
		h.Took = r.took
		if err != nil || done {
			return h, err
		}
		if len(r.stock) <= ginrummy.StockLeft {
			h.Ending, h.Stock = ginrummy.Drawn, len(r.stock)
			h.Defender = r.hands[1-p]
			return h, nil
		}
		turn = 1 - p
	}
	h.Turns, h.Ending, h.Endless, h.Took = ginrummy.MaxTurns, ginrummy.Drawn, true, r.took
	return h, nil
}

func (r *round) top() ginrummy.Card { return r.pile[len(r.pile)-1] }

// takeUpcard moves the face-up card into player p's hand.
func (r *round) takeUpcard(p int) {
	c := r.top()
	r.pile = r.pile[:len(r.pile)-1]
	r.hands[p] = r.hands[p].With(c)
	r.took[p] = r.took[p].With(c)
	r.taken = c
}

// play carries out player p's move after the draw, and reports whether it
// ended the hand.
func (r *round) play(p int, play Play, h *Hand) (bool, error) {
	hand := r.hands[p]
	if play.BigGin {
		if hand.Deadwood() != 0 {
			return false, &IllegalError{p, "big gin with cards that do not all meld"}
		}
		a := hand.Arrange()
		return true, r.showdown(p, ginrummy.WentBigGin, hand, a.Melds(), h)
	}
	c := play.Discard
	switch {
	case !hand.Has(c):
		return false, &IllegalError{p, fmt.Sprintf("throwing %v, which is not in the hand", c)}
	case c == r.taken:
		return false, &IllegalError{p, fmt.Sprintf("throwing %v, the card just taken from the pile", c)}
	}
	hand = hand.Without(c)
	r.hands[p] = hand
	r.pile = append(r.pile, c)
	r.threw[p] = r.threw[p].With(c)
	r.took[p] = r.took[p] &^ ginrummy.NewHand(c)
	r.taken = ginrummy.NoCard
	if !play.Knock {
		return false, nil
	}
	melds := play.Melds
	if melds == nil {
		a := hand.Arrange()
		melds = a.Melds()
	}
	var melded ginrummy.Hand
	for _, m := range melds {
		switch {
		case !m.IsValid():
			return false, &IllegalError{p, fmt.Sprintf("laying down %v, which is not a meld", m)}
		case m.Cards()&^hand != 0:
			return false, &IllegalError{p, fmt.Sprintf("laying down %v, which is not in the hand", m)}
		case m.Cards()&melded != 0:
			return false, &IllegalError{p, fmt.Sprintf("laying down %v, which shares a card with another meld", m)}
		}
		melded |= m.Cards()
	}
	d := (hand &^ melded).Value()
	switch {
	case d == 0:
		return true, r.showdown(p, ginrummy.WentGin, hand, melds, h)
	case d > r.limit:
		return false, &IllegalError{p, fmt.Sprintf("knocking with %d, over the knock limit of %d", d, r.limit)}
	}
	return true, r.showdown(p, ginrummy.Knocked, hand, melds, h)
}

// showdown lays the knocker's hand down in melds, lets the defender meld
// and lay off, and scores the hand.
func (r *round) showdown(p int, ending ginrummy.Ending, knocker ginrummy.Hand, melds []ginrummy.Meld, h *Hand) error {
	defender := r.hands[1-p]
	deadwood := knocker
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
	h.Ending, h.Knocker, h.Score, h.Knocked, h.Defender = ending, p, hs, knocker, defender
	h.Stock = len(r.stock)
	return nil
}
