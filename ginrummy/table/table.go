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
//
// A Round owns the rules of play: each move is an Action, Apply carries it
// out or refuses it with an *IllegalError and changes nothing, and Legal
// lists the moves of the player to move, per phase as OpenSpiel's gin rummy
// does (the first offer, the draw, the discard and knock), so that whatever
// chooses a move (a bot, the advice, a review) chooses from that list
// rather than writing the rules again. Apply accepts exactly the moves
// Legal lists.
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
	BigGin  bool          // lay down all eleven cards, all melded where the rules play it (scored as gin where they have no big-gin bonus)
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

// BadInput marks a move the rules do not allow as wrong input
// (ginrummy.InputError).
func (e *IllegalError) BadInput() {}

// ErrEndless is a game that did not end within MaxHands hands.
var ErrEndless = errors.New("the game did not end")

// Played is one hand as the table played it out and how it ended: a
// deal, seen whole (ginrummy.Deal is the same deal as a match's record
// replays it).
type Played struct {
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
	// Deal is the ten cards each player was dealt, and Upcard the first
	// face-up card.
	Deal   [2]ginrummy.Hand
	Upcard ginrummy.Card
	// Moves is the hand's moves, each card as it became known, when the
	// match was played by MatchMoves (what a hand record keeps); nil
	// otherwise.
	Moves []Move
}

// Outcome is the hand as a game's record keeps it.
func (h Played) Outcome() ginrummy.Outcome {
	if h.Ending == ginrummy.Drawn {
		return ginrummy.Outcome{Drawn: true}
	}
	return h.Score.Outcome(h.Knocker)
}

// Watcher is told every hand as it ends, and may see everything: it is for
// the arena's statistics, never given to a Player.
type Watcher func(h Played)

// Match plays a whole match (one game to the rules' target; Hollywood's
// three games at once) between two players, player 0 dealing first, from
// the seed: the same seed and players, the same match.
func Match(rules ginrummy.Rules, players [2]Player, seed uint64, watch Watcher) (ginrummy.Match, error) {
	return match(rules, players, seed, watch, false)
}

// MatchMoves plays a match as Match does, and gives watch each hand with
// its moves (Played.Moves): the same seed and players, the same match.
func MatchMoves(rules ginrummy.Rules, players [2]Player, seed uint64, watch Watcher) (ginrummy.Match, error) {
	return match(rules, players, seed, watch, true)
}

func match(rules ginrummy.Rules, players [2]Player, seed uint64, watch Watcher, keep bool) (ginrummy.Match, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var earlier []Played
	var game ginrummy.Match // scored a hand at a time (Match.Play), not the whole record after each
	dealer := 0
	for n := 0; n < MaxHands; n++ {
		h, err := playHand(rules, players, dealer, shuffled(rng), earlier, tallies(game), keep)
		if err != nil {
			return ginrummy.Match{}, err
		}
		if watch != nil {
			watch(h)
		}
		earlier = append(earlier, h)
		if n == 0 {
			if game, err = rules.ScoreMatch(0, nil); err != nil {
				return ginrummy.Match{}, err
			}
		}
		if err := game.Play(h.Outcome()); err != nil {
			return ginrummy.Match{}, err
		}
		if game.Over() {
			return game, nil
		}
		dealer = game.NextDealer
	}
	return game, ErrEndless
}

// PlayHand deals and plays one hand. The deck is shuffled by rng.
func PlayHand(rules ginrummy.Rules, players [2]Player, dealer int, rng *rand.Rand) (Played, error) {
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
func PlayDealt(rules ginrummy.Rules, players [2]Player, dealer int, deck []ginrummy.Card) (Played, error) {
	return playHand(rules, players, dealer, deck, nil, nil, false)
}

// PlayDealtMoves plays a hand as PlayDealt does, and returns its moves too,
// each card as it was drawn or taken: what a hand record keeps.
func PlayDealtMoves(rules ginrummy.Rules, players [2]Player, dealer int, deck []ginrummy.Card) (Played, []Move, error) {
	r, err := Deal(rules, dealer, deck)
	if err != nil {
		return Played{}, nil, err
	}
	r.keepMoves()
	h, err := r.Finish(players)
	return h, r.moves, err
}

// playHand plays a hand after the game's earlier hands, which scored the
// games' tallies (nil before the first hand). With keep, the hand keeps
// its moves.
func playHand(rules ginrummy.Rules, players [2]Player, dealer int, deck []ginrummy.Card, earlier []Played, scores []ginrummy.Tally, keep bool) (Played, error) {
	r, err := Deal(rules, dealer, deck)
	if err != nil {
		return Played{}, err
	}
	r.earlier, r.scores, r.keep = earlier, scores, keep
	return r.Finish(players)
}

// tallies is each game's tally of the match g, nil before its first hand.
func tallies(g ginrummy.Match) []ginrummy.Tally {
	if len(g.Deals) == 0 {
		return nil
	}
	out := make([]ginrummy.Tally, len(g.Games))
	for i, c := range g.Games {
		out[i] = c.Tally
	}
	return out
}

// Finish asks each player in turn for a move and carries it out on the round,
// which keeps the rules of play, until the hand ends.
func (r *Round) Finish(players [2]Player) (Played, error) {
	var err error
	for r.phase == Offer {
		p := r.turn
		if players[p].Take(View{r, p}) {
			err = r.Apply(p, Action{Act: Take, Card: ginrummy.NoCard})
		} else {
			err = r.Apply(p, Action{Act: Pass, Card: ginrummy.NoCard})
		}
		if err != nil {
			return r.Result(), err
		}
	}
	for r.phase != Over {
		p := r.turn
		if r.phase == Drawing {
			if !r.mustDraw && players[p].Take(View{r, p}) {
				err = r.Apply(p, Action{Act: Take, Card: ginrummy.NoCard})
			} else {
				err = r.Apply(p, Action{Act: Draw, Card: ginrummy.NoCard})
			}
			if err != nil {
				return r.Result(), err
			}
		}
		if err := r.Apply(p, players[p].Play(View{r, p}).Action()); err != nil {
			return r.Result(), err
		}
	}
	return r.Result(), nil
}
