package ginrummy

import (
	"errors"
	"fmt"
	"slices"
)

// The rules of play that end a hand with no score, kept by gin arena's
// table (ginrummy/table) and by the advice's play-outs alike.
const (
	// StockLeft is the stock at which a hand is drawn: when a discard
	// leaves this many cards or fewer in the stock and nobody knocked, the
	// hand ends with no score (the common rule; the last two cards are
	// never drawn).
	StockLeft = 2
	// MaxTurns ends a hand as drawn after this many turns, so that two
	// players who only ever take from the pile cannot play forever.
	MaxTurns = 500
)

// NoPlayer stands for no player: the winner of a game still open, or of a
// match whose games cancel out.
const NoPlayer = -1

// Outcome is one hand as a game's record keeps it: a drawn hand, or the
// player (0 or 1) who won it and the points scored. Every hand that is not
// drawn is a hand won, for boxes and shutouts, even when it scores 0.
type Outcome struct {
	Drawn  bool // nobody knocked: no score, and the same dealer deals again
	Winner int  // the player who scored
	Points int  // what he scored, from ScoreHand or given by hand
}

// Outcome is the hand as a game's record keeps it, given which player
// (0 or 1) knocked.
func (hs HandScore) Outcome(knocker int) Outcome {
	switch hs.Scorer {
	case Knocker:
		return Outcome{Winner: knocker, Points: hs.Points}
	case Defender:
		return Outcome{Winner: 1 - knocker, Points: hs.Points}
	}
	return Outcome{Drawn: true}
}

// Tally is a game's score so far: each player's points and boxes (hands won).
type Tally struct {
	Points [2]int
	Boxes  [2]int
}

// Settlement is how a finished game was settled: who won, and each player's
// final score with its game, box and shutout bonuses.
type Settlement struct {
	Winner  int
	Shutout bool
	Lines   [2][]Item // each player's hand points and bonuses
	Final   [2]int    // each player's total of Lines
	Net     int       // the winner's final score less the loser's
}

// Game is one game of a match, played to the target: the only one, or one of
// Hollywood's three.
type Game struct {
	Tally
	EndedAfter int         // the number of the hand after which the game ended; 0 while open
	Void       bool        // closed before anybody entered it: it has no result
	Result     *Settlement // the settlement once the game has ended, nil while open or void
}

// Over reports whether the game has ended.
func (g Game) Over() bool { return g.EndedAfter > 0 }

// Deal is one hand of a match as replayed.
type Deal struct {
	Dealer  int
	Outcome Outcome
	Games   []int   // the games the win was entered in, 0 first; none for a drawn hand
	Tallies []Tally // every game's score after the hand
}

// Match is everything a record of hands says of the match it keeps, a
// series of games: one game, or Hollywood's three played at once; the
// running score, who deals next, and once it is over, the settlement of
// each game and of the match.
type Match struct {
	Rules      Rules
	Deals      []Deal
	Games      []Game // one per game of the match: Rules.GamesAtOnce of them
	Boxes      [2]int // hands won by each player over the whole record
	NextDealer int
	EndedAfter int  // the number of the hand after which the match ended; 0 while open
	Closed     bool // ended early by Close
	Winner     int  // the player ahead over the settled games, once the match is over; else NoPlayer
	Net        int  // the winner's lead: the sum of the games' nets, counted for or against him
}

// Over reports whether the match has ended.
func (g Match) Over() bool { return g.EndedAfter > 0 }

// The reasons a game's record cannot be played or a game cannot be closed.
var (
	ErrNoSuchPlayer = errors.New("players are 0 and 1")
	ErrBadPoints    = errors.New("impossible points")
	ErrGameOver     = errors.New("the game is over")
	ErrTied         = errors.New("the score is tied")
)

// HandError says which hand of a game's record could not be played, and why.
type HandError struct {
	Hand int   // the hand's 1-based position in the record
	Err  error // the reason: ErrGameOver, ErrNoSuchPlayer or ErrBadPoints
}

// Error names the hand and the reason.
func (e *HandError) Error() string { return fmt.Sprintf("hand %d: %v", e.Hand, e.Err) }

// Unwrap returns the reason, for errors.Is.
func (e *HandError) Unwrap() error { return e.Err }

// ScoreMatch plays a match's record from its first deal and returns
// everything it says.
//
// The deal alternates, or goes to the loser of the last hand under
// LoserDeals; a drawn hand is dealt again by the same dealer. A win goes into
// every open game the winner has entered and the next open game he has
// not; with one game, that is every win. A game ends when the winner of
// a hand reaches the target (boxes do not count), or when HandLimit scored
// hands have gone into it and one player leads; level at the hand limit,
// play goes on until a hand breaks the tie. A game that ends is settled at
// once, and the match is over when every game is. A hand recorded after
// that is an error, as is a hand with no such winner or impossible points.
func (r Rules) ScoreMatch(firstDealer int, record []Outcome) (Match, error) {
	if err := r.Validate(); err != nil {
		return Match{}, err
	}
	if firstDealer != 0 && firstDealer != 1 {
		return Match{}, fmt.Errorf("first dealer %d: %w", firstDealer, ErrNoSuchPlayer)
	}
	g := Match{Rules: r, Games: make([]Game, r.GamesAtOnce), NextDealer: firstDealer, Winner: NoPlayer}
	for _, o := range record {
		if err := g.Play(o); err != nil {
			return Match{}, err
		}
	}
	return g, nil
}

// Play adds hand o to the match g, as ScoreMatch adds each hand of its
// record, in place: g is ScoreMatch's, or Play's, with every hand before o.
// A hand played a hand at a time need not score the whole record again
// after each. Errors are *HandError values, as ScoreMatch's.
func (g *Match) Play(o Outcome) error {
	if err := g.play(o); err != nil {
		return &HandError{Hand: len(g.Deals) + 1, Err: err}
	}
	return nil
}

// play adds one hand to the game.
func (g *Match) play(o Outcome) error {
	if g.Over() {
		return fmt.Errorf("%w: it ended with hand %d", ErrGameOver, g.EndedAfter)
	}
	switch {
	case o.Drawn && o.Points != 0:
		return fmt.Errorf("%w: a drawn hand scores nothing, not %d", ErrBadPoints, o.Points)
	case o.Drawn:
	case o.Winner != 0 && o.Winner != 1:
		return fmt.Errorf("winner %d: %w", o.Winner, ErrNoSuchPlayer)
	case o.Points < 0:
		return fmt.Errorf("%w: %d is negative", ErrBadPoints, o.Points)
	case o.Points > g.Rules.MaxHandPoints():
		return fmt.Errorf("%w: %d is more than a hand can score under these rules (%d)", ErrBadPoints, o.Points, g.Rules.MaxHandPoints())
	}
	n := len(g.Deals) + 1
	d := Deal{Dealer: g.NextDealer, Outcome: o}
	if !o.Drawn {
		w := o.Winner
		g.Boxes[w]++
		d.Games = Entries(g.Games, w, nil)
		for _, i := range d.Games {
			c := &g.Games[i]
			c.Points[w] += o.Points
			c.Boxes[w]++
			if g.Rules.Ends(c.Tally) {
				g.settle(c, n)
			}
		}
	}
	g.NextDealer = g.Rules.DealsNext(g.NextDealer, o)
	d.Tallies = make([]Tally, len(g.Games))
	for i, c := range g.Games {
		d.Tallies[i] = c.Tally
	}
	g.Deals = append(g.Deals, d)
	g.finish(n)
	return nil
}

// Entries appends to into the games (their indexes) that a win by player w
// goes into, and returns it: every open game he has entered, and the first
// open game he has not. With one game, that is the game while it is open.
func Entries(games []Game, w int, into []int) []int {
	fresh := false
	for i := range games {
		c := &games[i]
		switch {
		case c.Over():
		case c.Boxes[w] > 0:
			into = append(into, i)
		case !fresh:
			into = append(into, i)
			fresh = true
		}
	}
	return into
}

// DealsNext is who deals the hand after the hand dealer dealt ended with o:
// the same dealer after a drawn hand; else the other player, or under
// LoserDeals the loser.
func (r Rules) DealsNext(dealer int, o Outcome) int {
	switch {
	case o.Drawn:
		return dealer
	case r.Dealer == LoserDeals:
		return 1 - o.Winner
	}
	return 1 - dealer
}

// Ends reports whether a game at the tally t, just after a hand won, is
// over: the winner has reached the target (boxes do not count), or HandLimit
// scored hands have gone into it and one player leads.
func (r Rules) Ends(t Tally) bool {
	return t.Points[0] >= r.Target || t.Points[1] >= r.Target ||
		r.HandLimit > 0 && t.Boxes[0]+t.Boxes[1] >= r.HandLimit && t.Points[0] != t.Points[1]
}

// Close ends an open match now, after its last hand. Each open game is won
// by its leader and settled with its bonuses as if it had ended; in
// Hollywood, a game nobody has entered yet is void. Close is refused when
// a game to settle is level, which includes a match in which nobody has
// won a hand. A match already over is returned as it is.
func (g Match) Close() (Match, error) {
	if g.Over() {
		return g, nil
	}
	n := len(g.Deals)
	g.Games = slices.Clone(g.Games)
	for i := range g.Games {
		c := &g.Games[i]
		switch {
		case c.Over():
		case i > 0 && c.Boxes == [2]int{}:
			// A first win enters the first open game, so the first
			// game is empty only when nobody has won a hand: a tie.
			c.EndedAfter, c.Void = n, true
		case c.Points[0] == c.Points[1]:
			err := fmt.Errorf("%w at %d–%d", ErrTied, c.Points[0], c.Points[1])
			if len(g.Games) > 1 {
				err = fmt.Errorf("game %d: %w", i+1, err)
			}
			return Match{}, err
		default:
			g.settle(c, n)
		}
	}
	g.Closed = true
	g.finish(n)
	return g, nil
}

// settle ends game c after hand n, won by its leader.
func (g *Match) settle(c *Game, n int) {
	c.EndedAfter, c.Result = n, g.Rules.Settle(c.Tally)
}

// Settle is how a game that ends at the tally t is settled under the rules:
// won by the player ahead on points (player 0 when they are level), with
// the game, box and shutout bonuses.
func (r Rules) Settle(t Tally) *Settlement {
	var won [5]Item
	var lost [2]Item
	w, n, shutout := r.settleItems(t, &won, &lost)
	l := 1 - w
	s := &Settlement{Winner: w, Shutout: shutout}
	s.Lines[w] = append([]Item(nil), won[:n]...)
	s.Lines[l] = append([]Item(nil), lost[:]...)
	for p, lines := range s.Lines {
		for _, it := range lines {
			s.Final[p] += it.Points
		}
	}
	s.Net = s.Final[w] - s.Final[l]
	return s
}

// SettleNet is Settle's winner and net alone, without allocating: for the
// many settlements of a game's equity (ginrummy/equity).
func (r Rules) SettleNet(t Tally) (winner, net int) {
	var won [5]Item
	var lost [2]Item
	w, n, _ := r.settleItems(t, &won, &lost)
	for _, it := range won[:n] {
		net += it.Points
	}
	for _, it := range lost {
		net -= it.Points
	}
	return w, net
}

// settleItems writes the winner's and the loser's lines of a game that ends
// at the tally t, and returns the winner, the count of his lines and
// whether the game is a shutout.
func (r Rules) settleItems(t Tally, won *[5]Item, lost *[2]Item) (w, n int, shutout bool) {
	if t.Points[1] > t.Points[0] {
		w = 1
	}
	l := 1 - w
	switch r.ShutoutWhen {
	case LoserScoredNothing:
		shutout = t.Points[l] == 0
	case LoserWonNoHands, WinnerWonEveryHand:
		// The same thing: a drawn hand is neither won nor lost.
		shutout = t.Boxes[l] == 0
	}
	shutout = shutout && r.Shutout != ShutoutNone
	add := func(it Item) { won[n] = it; n++ }
	add(Item{HandPoints, t.Points[w]})
	if shutout && r.Shutout == ShutoutDoubleHandPoints {
		add(Item{ShutoutHandPoints, t.Points[w]})
	}
	add(Item{GameBonus, r.GameBonus})
	if shutout && r.Shutout == ShutoutDoubleGameBonus {
		add(Item{ShutoutGameBonus, r.GameBonus})
	}
	add(Item{BoxBonus, t.Boxes[w] * r.BoxBonus})
	if shutout && r.Shutout == ShutoutAddBonus {
		add(Item{ShutoutBonus, r.ShutoutBonus})
	}
	*lost = [2]Item{{HandPoints, t.Points[l]}, {BoxBonus, t.Boxes[l] * r.BoxBonus}}
	return w, n, shutout
}

// finish ends the match after hand n when every game has ended.
func (g *Match) finish(n int) {
	lead := 0 // player 0's lead over player 1
	for _, c := range g.Games {
		switch {
		case !c.Over():
			return
		case c.Void:
		case c.Result.Winner == 0:
			lead += c.Result.Net
		default:
			lead -= c.Result.Net
		}
	}
	g.EndedAfter = n
	switch {
	case lead > 0:
		g.Winner, g.Net = 0, lead
	case lead < 0:
		g.Winner, g.Net = 1, -lead
	}
}
