package advice

import (
	"math"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Style is how the opponent plays, as learnt from hands seen to their end
// (LearnStyle): the two chances the evidence model weighs their hands by
// (Position.KnockRate and Position.TookMelds), and what they were learnt
// from.
type Style struct {
	KnockRate float64 // the chance they knock as soon as they can
	TookMelds float64 // the chance they take a face-up card only to meld it
	Hands     int     // the hands seen, drawn ones included
	Early     int     // of them, the hands they knocked early (with deadwood, while the stock held more than half its cards)
	Waited    int     // the hands their cards could have knocked at the other player's knock, and had not
	Taken     int     // the cards they took from the pile and held to a showdown
	Melded    int     // of those, the cards that melded there
	// Strong is set when they were seen to play both ways in one game,
	// to knock early and to wait: not a mixture of a player who knocks
	// early and one who waits, but one who knocks by value, as the advice
	// does (Position.Strong).
	Strong bool
	// Changes is set when they were seen to play both ways, but never in
	// one game: a player who knocks early in some games and waits in
	// others, whose style in this game is learnt from this game's hands
	// first (LearnStyle). EarlyGames and WaitedGames are the earlier games
	// that showed each way.
	Changes                 bool
	EarlyGames, WaitedGames int
}

// Into sets in p how the opponent plays, as st learnt it: the chance they
// knock as soon as they can, whether they play as the advice does, and the
// chance they take only to meld. The one place a learnt style becomes a
// position's, for the bots, the review and the advice from records.
func (st Style) Into(p *Position) {
	p.KnockRate, p.Strong, p.TookMelds = st.KnockRate, st.Strong, st.TookMelds
}

// How far one hand that shows the opponent's style moves the odds that they
// knock as soon as they can, and the stock above which a knock is early:
// the first half of the cards the stock starts with (15 of 31).
const (
	styleOdds  = 50
	earlyStock = table.FullStock / 2
)

// How often a hand shows a player's style, as LearnStyle reads it: an early
// knock, of a player who knocks as soon as they can, and a wait, of one who
// waits for gin (simple and knocker, and gin-hunter, against the advise bot
// at the tuning seed 1: 0.39 to 0.41 and 0.21 of their hands). A hand of
// the game being played that shows neither says a little of a player who
// changes style between games: it is likelier of one who waits, 0.8 to
// 0.6. Against the mixed bot the games still unknown after a hand or two
// were mostly of a player who waits (gin-hunter shows its way more
// slowly), and the knocks made in them were undercut more often than said;
// this evidence alone moved that little (seed 1, docs/arena.md: learning
// what they take game by game did more).
//
// Those are the rates before anything is seen of the player, counted as
// showsPrior hands; the games they played one way show their own: the
// games over their hands until each showed its way (the hand that showed it
// counted). Those rates, with the bot playing as it does before it knows
// the game's style (warily: advice's wary), are what the hands of a game
// still unknown say.
const (
	showsEarly   = 0.4
	showsWaiting = 0.2
	showsPrior   = 5
)

// How often a card taken from the pile and held to a showdown is shown
// unmelded there: now and then by a player who takes the face-up card only
// to meld it (gin-hunter, simple), far more often by one who takes any card
// that lowers their deadwood (knocker). Measured with gin arena; chosen by
// its calibration against the three (docs/arena.md).
const (
	unmeldedByMelder = 0.03
	unmeldedByOthers = 0.3
)

// LearnStyle is the opponent's style as learnt from the hands seen, each as
// the learner saw it end (table.Played.Shown), in any order; the hands of
// one game share a number (table.Shown.Game), 0 the game being played.
//
// The knock rate: a hand shows them knocking early when they knocked with
// deadwood while the stock held more than earlyStock cards (a player who
// waits would not have knocked yet), and waiting when the cards they
// showed at the learner's own knock could have knocked (each hand judged by
// its own knock limit). Before anything is seen it is 3 to 2, as at the
// command line (DefaultKnockRate): even odds left the first hands against
// early knockers judged riskier than they were, and 4 to 1 left those
// against a player who waits for gin badly judged. A player seen to play
// one way only is taken to be of that style: each hand that shows it
// multiplies the odds by styleOdds, so one hand all but settles it.
// Counting hands instead (each weighing eight times the prior) kept a few
// hundredths of the weight on hands that could have knocked against simple,
// who never holds one, and its knocks were judged riskier than they were.
//
// A player seen to play both ways in one game plays as the advice does
// (Style.Strong): the knock rate is the share of the hands that showed
// knocking early, the prior counting as one hand, and the evidence model
// weighs them by how the advice knocks instead (strongKnocks). One seen
// both ways, but each game one way only, changes style between games
// (Style.Changes, the arena's mixed bot): the odds are those of the
// earlier games that showed each way, the prior counting as one game,
// times styleOdds for each hand of the game being played that shows a
// way, so that this game's first hand that shows it all but settles it,
// and for each that shows neither, by how often each style's hands show
// it (showsEarly, showsWaiting).
// Taking such a player for a strong one, as was done before games were
// told apart, weighed a player who waits by how the advice knocks, and
// against mixed the knocks said 10-20% likely to be undercut were undercut
// 5.9 points more often than said (docs/arena.md). A strong player shows
// both ways in one game often enough to be told from one who changes: in
// about a third of the games that show a way at all (advise-hand at the
// tuning seeds 1 to 3, docs/advise.md), so that of the hundred hands the
// arena's bot is shown, some fourteen games, one shows both all but surely.
// Chosen by gin arena --calibration against the three other bots
// (docs/arena.md), none of whom plays both ways.
//
// The chance they take only to meld: even odds before anything is seen,
// then each card they took and held to a showdown weighs for it when it
// melds there (in their arrangement, or with the rest of their cards) and
// against it when it does not, by the rates above.
func LearnStyle(seen []table.Shown) Style {
	st := Style{Hands: len(seen)}
	// A game's hands that showed each way, or neither, and of them the
	// hands up to the first that showed a way (until: how long its style
	// went unseen).
	type shows struct{ early, waited, none, until, taken, melded int }
	games := map[int]*shows{}
	for _, s := range seen {
		g := games[s.Game]
		if g == nil {
			g = &shows{}
			games[s.Game] = g
		}
		if g.early+g.waited == 0 {
			g.until++
		}
		switch {
		case s.Ending == ginrummy.Drawn:
			g.none++
			continue
		case !s.Mine && s.Ending == ginrummy.Knocked && s.Knocked.Deadwood() > 0 && s.Stock > earlyStock:
			st.Early++
			g.early++
		case s.Mine && s.Defender.Deadwood() <= s.Limit:
			st.Waited++
			g.waited++
		default:
			g.none++
		}
		theirs := s.Knocked
		if s.Mine {
			theirs = s.Defender
		}
		unmelded := theirs.Arrange().Unmelded
		for c := range s.OpponentTook.All() {
			st.Taken++
			g.taken++
			if !unmelded.Has(c) || theirs.Without(c).MakesMeld(c) {
				st.Melded++
				g.melded++
			}
		}
	}
	// How soon the earlier games of one way showed it: the games over
	// their hands until then, from the measured rates counted as
	// showsPrior hands.
	shown := [2]float64{showsEarly * showsPrior, showsWaiting * showsPrior}
	until := [2]float64{showsPrior, showsPrior}
	for n, g := range games {
		switch {
		case g.early > 0 && g.waited > 0:
			st.Strong = true
		case n == 0: // the game being played counts by its hands
		case g.early > 0:
			st.EarlyGames++
			shown[0]++
			until[0] += float64(g.until)
		case g.waited > 0:
			st.WaitedGames++
			shown[1]++
			until[1] += float64(g.until)
		}
	}
	st.Changes = !st.Strong && st.Early > 0 && st.Waited > 0
	this := shows{}
	if g := games[0]; g != nil {
		this = *g
	}
	st.KnockRate = st.knockRate(this.early, this.waited, this.none, shown[0]/until[0], shown[1]/until[1])
	st.TookMelds = tookMelds(st.Taken, st.Melded)
	if st.Changes {
		// What they take is learnt, too, from the games of the way this
		// one shows and this one's own hands: against the mixed bot, the
		// takes of the games it knocked early in (knocker takes any card
		// that lowers its deadwood) left a game it waited in (gin-hunter
		// takes only to meld) judged by takes that say nothing, and its
		// knocks there said 11% likely were undercut 24% of the time (seed
		// 1; docs/arena.md). While this game shows no way, the chances of
		// the two ways are mixed by the knock rate.
		var taken, melded [2]int // in the games that knocked early, and those that waited
		for n, g := range games {
			way := -1
			switch {
			case n == 0 && this.early > 0, n != 0 && g.early > 0 && g.waited == 0:
				way = 0
			case n == 0 && this.waited > 0, n != 0 && g.waited > 0 && g.early == 0:
				way = 1
			}
			if way >= 0 {
				taken[way] += g.taken
				melded[way] += g.melded
			}
		}
		early, waits := tookMelds(taken[0], melded[0]), tookMelds(taken[1], melded[1])
		switch {
		case this.early > 0:
			st.TookMelds = early
		case this.waited > 0:
			st.TookMelds = waits
		default:
			st.TookMelds = st.KnockRate*early + (1-st.KnockRate)*waits
		}
	}
	return st
}

// tookMelds is the chance they take only to meld, from the cards they took
// and held to a showdown, and those that melded there (LearnStyle).
func tookMelds(taken, melded int) float64 {
	return chance(float64(melded)*math.Log((1-unmeldedByMelder)/(1-unmeldedByOthers)) +
		float64(taken-melded)*math.Log(unmeldedByMelder/unmeldedByOthers))
}

// knockRate is the chance they knock as soon as they can, from the hands
// that showed it, early, waited and none (neither) of them in the game
// being played, a hand of a game of each way showing it at the rates
// showsE and showsW until it did (LearnStyle).
func (st Style) knockRate(early, waited, none int, showsE, showsW float64) float64 {
	switch {
	case st.Strong:
		return (float64(st.Early) + DefaultKnockRate) / float64(st.Early+st.Waited+1)
	case st.Changes:
		prior := math.Log((float64(st.EarlyGames) + DefaultKnockRate) / (float64(st.WaitedGames) + 1 - DefaultKnockRate))
		return chance(prior + float64(early-waited)*math.Log(styleOdds) + float64(none)*math.Log((1-showsE)/(1-showsW)))
	}
	prior := math.Log(DefaultKnockRate / (1 - DefaultKnockRate))
	return chance(prior + float64(st.Early-st.Waited)*math.Log(styleOdds))
}

// chance is the chance of the log-odds, kept inside (0, 1) however much was
// seen: the odds themselves would overflow, a chance of 0 would ask the
// advice for its default, and a knock rate of 1 would weigh every hand that
// could knock at nothing.
func chance(logOdds float64) float64 {
	return min(max(1/(1+math.Exp(-logOdds)), surest), 1-surest)
}

// surest is the nearest a learnt chance comes to 0 or 1.
const surest = 1e-6

// restyled is the weight w of hand under e (evidence.likelihood) had the
// opponent's knock rate been rate: only a hand that could have knocked,
// and did not, weighs by the knock rate.
func (e evidence) restyled(w float64, hand ginrummy.Hand, rate float64) float64 {
	if e.turns > 0 && hand.Deadwood() <= e.limit {
		return w * (1 - rate) / (1 - e.knockRate)
	}
	return w
}
