package advice

import "github.com/gin-rummy/gin/ginrummy"

// PlayOut plays option o of position p out once, as simulate does, against
// the opponent's hand opp and the stock in the order it is drawn, and
// returns the points the player scores.
func PlayOut(p Position, s Settings, o Option, opp ginrummy.Hand, stock []ginrummy.Card) (float64, error) {
	limit, err := s.Rules.KnockLimitFor(p.FirstUpcard)
	if err != nil {
		return 0, err
	}
	e := &engine{p: p, s: s, limit: limit}
	if e.val, err = s.values(); err != nil {
		return 0, err
	}
	if e.table, err = newScoreTable(s.Rules, limit, p.FirstUpcard, e.val); err != nil {
		return 0, err
	}
	return e.playOut(e.startOf(o), opp, stock), nil
}
