package table

import (
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
)

// View is what one player sees of a hand in play, and nothing more. Its
// fields are unexported: a Player can only ask it the questions below. It
// shows the hand as it stands during the call it is passed to.
type View struct {
	r    *Round
	seat int
}

// Hand is the player's own cards.
func (v View) Hand() ginrummy.Hand { return v.r.hands[v.seat] }

// Upcard is the face-up card on the discard pile; NoCard when the pile is
// empty (its only card was taken).
func (v View) Upcard() ginrummy.Card {
	if len(v.r.pile) == 0 {
		return ginrummy.NoCard
	}
	return v.r.top()
}

// Pile is the discard pile, the face-up card last.
func (v View) Pile() []ginrummy.Card { return append([]ginrummy.Card(nil), v.r.pile...) }

// Dead is every card seen going into the pile that is out of play: the pile
// but its face-up card, as a hand.
func (v View) Dead() ginrummy.Hand {
	var h ginrummy.Hand
	for _, c := range v.r.pile[:max(len(v.r.pile)-1, 0)] {
		h = h.With(c)
	}
	return h
}

// Taken is the card the player just took from the pile, which may not be
// thrown this turn; NoCard after a draw from the stock.
func (v View) Taken() ginrummy.Card { return v.r.taken }

// Stock is how many cards are left in the stock.
func (v View) Stock() int { return v.r.stockLen }

// OpponentTook is the cards the opponent took from the pile and still holds.
func (v View) OpponentTook() ginrummy.Hand { return v.r.took[1-v.seat] }

// OpponentThrew is the cards the opponent discarded.
func (v View) OpponentThrew() ginrummy.Hand { return v.r.threw[1-v.seat] }

// OpponentPassed is the face-up cards the opponent declined to take.
func (v View) OpponentPassed() ginrummy.Hand { return v.r.passed[1-v.seat] }

// Rules is the rules of the game.
func (v View) Rules() ginrummy.Rules { return v.r.rules }

// KnockLimit is the knock limit of this hand (under Oklahoma, set by the
// first upcard).
func (v View) KnockLimit() int { return v.r.limit }

// FirstUpcard is the hand's first upcard.
func (v View) FirstUpcard() ginrummy.Card { return v.r.firstUpcard }

// Shown is a hand as both players saw it end: who laid down, and the cards
// laid down at the showdown. A drawn hand shows no cards.
type Shown struct {
	Mine     bool // this player knocked or went gin
	Ending   ginrummy.Ending
	Knocked  ginrummy.Hand // the cards laid down by whoever ended the hand
	Defender ginrummy.Hand // the other player's cards, spread to meld and lay off
	Limit    int           // the knock limit of the hand
	Stock    int           // the cards left in the stock
	// OpponentTook is the cards the opponent took from the pile and still
	// held at the end, as View.OpponentTook was then.
	OpponentTook ginrummy.Hand
	// Game tells the hands of one game from those of another: hands of
	// the same number were played in one game, and 0 is the game being
	// played (View.Earlier). A player who knocks early in one game and
	// waits in another may change style between games; one who does both
	// in one game plays both ways (advice.LearnStyle).
	Game int
}

// Earlier is the game's hands before this one, in order.
func (v View) Earlier() []Shown {
	out := make([]Shown, 0, len(v.r.earlier))
	for _, h := range v.r.earlier {
		out = append(out, h.Shown(v.seat))
	}
	return out
}

// Shown is the hand as player seat saw it end.
func (h Played) Shown(seat int) Shown {
	s := Shown{Mine: h.Knocker == seat, Ending: h.Ending, Limit: h.Limit, Stock: h.Stock, OpponentTook: h.Took[1-seat]}
	if h.Ending != ginrummy.Drawn {
		s.Knocked, s.Defender = h.Knocked, h.Defender
	}
	return s
}

// Score is the game's score before this hand, from this player's side
// (index 0 the player): the hand points and hands won of the game's earlier
// hands, as ginrummy.Rules.ScoreMatch scores them; under Hollywood, the
// first game's (Games gives each). Nothing before the game's first hand.
func (v View) Score() ginrummy.Tally { return v.Games()[0] }

// Games is the score before this hand of each game of the match, from this
// player's side, as Score is the first's: one game, or Hollywood's three.
func (v View) Games() []ginrummy.Tally {
	out := make([]ginrummy.Tally, max(v.r.rules.GamesAtOnce, 1))
	scores := v.r.scores // as the match scored them, a hand at a time
	if len(scores) != len(out) {
		return out
	}
	for i, t := range scores {
		if v.seat == 1 {
			t.Points[0], t.Points[1] = t.Points[1], t.Points[0]
			t.Boxes[0], t.Boxes[1] = t.Boxes[1], t.Boxes[0]
		}
		out[i] = t
	}
	return out
}

// FirstOffer reports whether the hand is at the first upcard offer: the
// player takes the face-up card or passes it.
func (v View) FirstOffer() bool { return v.r.phase == Offer }

// Dealt reports whether the player dealt the hand.
func (v View) Dealt() bool { return v.r.dealer == v.seat }

// Legal is the moves the rules allow the player when it is their move
// (Round.Legal), a draw naming no card (what the stock gives is not seen);
// nil when it is not their move, or when their cards are not all known (a
// record of the other player's deal, where Round.Legal lists the moves
// with each card they may hold).
func (v View) Legal() []Action {
	if v.r.turn != v.seat || v.r.phase == Over || !v.r.Known(v.seat) {
		return nil
	}
	out := v.r.Legal()
	for i := range out {
		if out[i].Act == Draw {
			out[i].Card = ginrummy.NoCard
		}
	}
	return out
}

// May reports whether Legal lists a (a draw naming no card), asking of one
// move without listing the rest.
func (v View) May(a Action) bool {
	if v.r.turn != v.seat || v.r.phase == Over || !v.r.Known(v.seat) {
		return false
	}
	if a.Act == Draw {
		return a.Card == ginrummy.NoCard && slices.ContainsFunc(v.Legal(), func(b Action) bool { return b.Act == Draw })
	}
	return v.r.situation().May(a)
}

// Throwable is the cards the rules let the player throw now: the throws
// Legal lists; none when it is not their move to throw.
func (v View) Throwable() ginrummy.Hand {
	if v.r.turn != v.seat || v.r.phase != Discarding || !v.r.Known(v.seat) {
		return 0
	}
	return v.r.situation().throwable()
}
