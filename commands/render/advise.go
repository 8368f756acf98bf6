package render

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
)

// GameView is the game as the advice valued it, for the output.
type GameView struct {
	Objective equity.Objective
	State     equity.State
	Rules     ginrummy.Rules
	Sheet     string
	Before    equity.Value // the game's value before this hand
}

// appendWords says what the advice maximises, at what score.
func (gv *GameView) appendWords(b []byte) []byte {
	st := gv.State
	n := gv.Rules.GamesAtOnce
	what := "game"
	if n > 1 {
		what = fmt.Sprintf("match of %d games at once", n)
	}
	if gv.Objective == equity.Game {
		b = append(b, "win the "+what...)
	} else {
		b = append(b, "the "+what+"'s final difference, every bonus counted"...)
	}
	games := st.Games(n)
	b = append(b, ", at "...)
	for i, t := range games {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "%d-%d", t.Points[0], t.Points[1])
	}
	b = fmt.Appendf(b, " to %d (boxes ", gv.Rules.Target)
	for i, t := range games {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "%d-%d", t.Boxes[0], t.Boxes[1])
	}
	b = append(b, "), "...)
	if st.Dealer == 0 {
		b = append(b, "you dealt"...)
	} else {
		b = append(b, "the other player dealt"...)
	}
	if gv.Objective == equity.Game {
		b = fmt.Appendf(b, "; %s before this hand", Percent(gv.Before.Win, gv.Before.WinErr))
	} else {
		b = fmt.Appendf(b, "; %s before this hand", points(gv.Before.Net, gv.Before.NetErr))
	}
	return b
}

// What is the game the advice values, for its words: "match" under
// several games at once, else "game" (also by the hand, where gv is nil).
func (gv *GameView) What() string {
	if gv != nil && gv.Rules.GamesAtOnce > 1 {
		return "match"
	}
	return "game"
}

// appendSampled says how the values the advice used were sampled, under
// Hollywood; nothing for a game valued exactly.
func appendSampled(b []byte, v *equity.Values) []byte {
	if v == nil || v.Matches == 0 {
		return b
	}
	err := strconv.FormatFloat(v.StdErr, 'f', 1, 64)
	if v.Objective == equity.Game {
		err = strconv.FormatFloat(100*v.StdErr, 'f', 1, 64) + " percentage points"
	}
	b = appendLabel(b, "Sampled:")
	return fmt.Appendf(b, "each way this hand can end is valued by the same %s plays of the rest of the match, standard error up to %s\n", Thousands(v.Matches), err)
}

// gameJSON is the game the advice was valued by, in gin advise --json.
type gameJSON struct {
	Score  [2]int  `json:"score"` // yours, then the other player's (under Hollywood, the first game's)
	Boxes  [2]int  `json:"boxes"`
	Target int     `json:"target"`
	Dealer string  `json:"dealer"` // me or them
	Win    float64 `json:"win"`    // the chance to win the game, before this hand
	Net    float64 `json:"net"`    // the game's expected final difference, before this hand
	// Under Hollywood: every game's score, and the sampling of the
	// match's values (absent for one game, valued exactly).
	Games       []gameScoreJSON `json:"games,omitempty"`
	WinErr      float64         `json:"win_error,omitempty"`
	NetErr      float64         `json:"net_error,omitempty"`
	Matches     int             `json:"matches,omitempty"`      // plays of the rest of the match behind each value
	ValuesError float64         `json:"values_error,omitempty"` // the largest standard error of a value of the hand's ends
}

// gameScoreJSON is one game's score, yours then the other player's.
type gameScoreJSON struct {
	Score [2]int `json:"score"`
	Boxes [2]int `json:"boxes"`
}

// json is the game in gin advise --json, with how the values the advice
// used were sampled (v), under Hollywood.
func (gv *GameView) JSON(v *equity.Values) *gameJSON {
	if gv == nil {
		return nil
	}
	dealer := "them"
	if gv.State.Dealer == 0 {
		dealer = "me"
	}
	j := &gameJSON{Score: gv.State.Points, Boxes: gv.State.Boxes, Target: gv.Rules.Target, Dealer: dealer, Win: Round(gv.Before.Win, 5), Net: Round(gv.Before.Net, 3)}
	if n := gv.Rules.GamesAtOnce; n > 1 {
		for _, t := range gv.State.Games(n) {
			j.Games = append(j.Games, gameScoreJSON{t.Points, t.Boxes})
		}
		j.WinErr, j.NetErr = Round(gv.Before.WinErr, 5), Round(gv.Before.NetErr, 3)
		if v != nil {
			j.Matches, j.ValuesError = v.Matches, Round(v.StdErr, 5)
		}
	}
	return j
}

// AppendAdvice writes the position, the game's score when the advice is
// by the game, one line per option and the advice.
func (s *Style) AppendAdvice(b []byte, p advice.Position, a *advice.Advice, gv *GameView) []byte {
	if gv != nil {
		b = appendLabel(b, "Objective:")
		b = append(gv.appendWords(b), '\n')
		b = appendSampled(b, a.Values)
	}
	b = appendLabel(b, "Hand:")
	b = append(s.appendCards(b, p.Hand), '\n')
	b = appendLabel(b, "Position:")
	b = fmt.Appendf(b, "%d unseen, stock %d", a.Unseen, a.Stock)
	if a.StockEstimated {
		b = append(b, " (estimated)"...)
	}
	switch {
	case a.Hands == 0:
		b = append(b, "; no throw can knock (play-outs sampled, ± one standard error)"...)
	case a.Exact:
		b = fmt.Appendf(b, "; knocks weighed over %s opponent hands", Thousands(a.Hands))
		b = append(b, " (all of them)"...)
	default:
		b = fmt.Appendf(b, "; knocks weighed over %s opponent hands (sampled, ± one standard error)", Thousands(a.Hands))
	}
	b = fmt.Appendf(b, ", %s model\n\n", a.Model)
	rows := [][]string{{"Option", "Deadwood", "Undercut", "Knock now", "Play on"}}
	again := slices.ContainsFunc(a.Options, func(o advice.Option) bool { return o.Ranked != nil })
	if again {
		rows[0] = append(rows[0], "Again")
	}
	var plain [][]string
	plain = append(plain, rows[0])
	for _, o := range a.Options {
		row, bare := s.optionCells(a.Objective, p, o, again)
		rows, plain = append(rows, row), append(plain, bare)
	}
	widths := make([]int, len(rows[0]))
	for _, r := range plain {
		for i, cell := range r {
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for i, r := range rows {
		start := len(b)
		for j, cell := range r {
			b = append(b, cell...)
			if j < len(r)-1 {
				b = append(b, strings.Repeat(" ", widths[j]-len([]rune(plain[i][j]))+2)...)
			}
		}
		b = b[:start+len(bytes.TrimRight(b[start:], " "))] // an option with no Again ends at Play on
		b = append(b, '\n')
	}
	b = append(b, '\n')
	best := a.Best()
	if best.Knocks() {
		k := best.Knock
		if k.Alternative != nil {
			k = k.Alternative
		}
		b = appendLabel(b, "Lay down:")
		b = s.appendMelds(b, k.Melds)
		if k.Deadwood > 0 {
			b = fmt.Appendf(b, "%sdeadwood %d", s.Dash, k.Deadwood)
		}
		b = append(b, '\n')
	}
	return append(append(b, s.Emphasis(s.adviceWords(a.Objective, gv.What(), p, best))...), '\n')
}

// optionCells returns an option's row, as printed and without colour:
// under Play on, the figure the option was chosen on, and with again, under
// Again, the figure of playing on valued again after the choosing, where
// there is one (advice.Option.Ranked).
func (s *Style) optionCells(obj equity.Objective, p advice.Position, o advice.Option, again bool) (row, bare []string) {
	var what, whatBare string
	switch {
	case o.BigGin && o.Take:
		what = "take " + s.Cards[p.Upcard] + ", big gin"
		whatBare = "take " + s.Bare[p.Upcard] + ", big gin"
	case o.BigGin:
		what = "big gin"
		whatBare = what
	case o.Draw && p.Offer != advice.NoOffer:
		what = "pass"
		whatBare = what
	case o.Draw:
		what = "draw"
		whatBare = what
	case o.Take:
		what = "take " + s.Cards[p.Upcard] + ", throw " + s.Cards[o.Discard]
		whatBare = "take " + s.Bare[p.Upcard] + ", throw " + s.Bare[o.Discard]
	default:
		what = "throw " + s.Cards[o.Discard]
		whatBare = "throw " + s.Bare[o.Discard]
	}
	dw := strconv.Itoa(o.Deadwood)
	if o.Draw {
		dw = "-"
	}
	under, knock, play := "-", "-", "-"
	if o.Knock != nil {
		k := o.Knock
		if k.Alternative != nil {
			k = k.Alternative
		}
		under = Percent(k.Undercut, k.UndercutErr)
		knock = figure(obj, k.Points, k.StdErr)
		if k.Gin {
			knock += " gin"
		}
	}
	fresh := ""
	switch {
	case o.Ranked != nil:
		play = figure(obj, o.Ranked.Points, o.Ranked.StdErr)
		fresh = figure(obj, o.PlayOn.Points, o.PlayOn.StdErr)
	case o.PlayOn != nil:
		play = figure(obj, o.PlayOn.Points, o.PlayOn.StdErr)
	}
	bare = []string{whatBare, dw, under, knock, play}
	if again {
		bare = append(bare, fresh)
	}
	row = append([]string{what}, bare[1:]...)
	return row, bare
}

// adviceWords says what to do in words, with the option's figures by the
// objective.
func (s *Style) adviceWords(obj equity.Objective, what string, p advice.Position, o advice.Option) string {
	var do string
	switch {
	case o.BigGin && o.Take:
		return fmt.Sprintf("Take the %s and go big gin: lay down all eleven cards, %s", s.Bare[p.Upcard], worth(obj, what, o.Knock.Points))
	case o.BigGin:
		return fmt.Sprintf("Big gin: lay down all eleven cards, %s", worth(obj, what, o.Knock.Points))
	case o.Draw && p.Offer == advice.FirstOffer:
		return fmt.Sprintf("Pass the %s (then the dealer may take it, and you draw): %s", s.Bare[p.Upcard], worth(obj, what, o.PlayOn.Points))
	case o.Draw && p.Offer == advice.DealerOffer:
		return fmt.Sprintf("Pass the %s (the other player draws first): %s", s.Bare[p.Upcard], worth(obj, what, o.PlayOn.Points))
	case o.Draw:
		return fmt.Sprintf("Draw from the stock: %s", worth(obj, what, o.PlayOn.Points))
	case o.Take:
		do = fmt.Sprintf("Take the %s, throw %s", s.Bare[p.Upcard], s.Bare[o.Discard])
	default:
		do = "Throw " + s.Bare[o.Discard]
	}
	if o.Knocks() {
		k := o.Knock
		if k.Alternative != nil {
			k = k.Alternative
		}
		verb := "knock"
		if k.Gin {
			verb = "go gin"
		}
		text := fmt.Sprintf("%s and %s: ", do, verb)
		if obj != equity.Hand {
			// The objective first: what the game is worth.
			text += fmt.Sprintf("%s (playing on: %s)", worth(obj, what, k.Points), Short(obj, o.PlayOn.Points))
			if !k.Gin {
				text += ", undercut risk " + undercutWords(o)
			}
			return text
		}
		if !k.Gin {
			text += "undercut risk " + undercutWords(o) + ", "
		}
		return text + fmt.Sprintf("worth %s points (playing on: %s)", signed(k.Points), signed(o.PlayOn.Points))
	}
	text := fmt.Sprintf("%s and play on: %s", do, worth(obj, what, o.PlayOn.Points))
	if o.Knock != nil {
		k := o.Knock.Best()
		if WaitingDecided(o) {
			w := o.IfWaits
			return text + fmt.Sprintf(" (knocking now: %s, undercut risk %s; but against a player who waits for gin %s, undercut risk %s, to playing on's %s)",
				Short(obj, k.Points), Percent(k.Undercut, 0), Short(obj, w.Knock.Best().Points), Percent(w.Knock.Best().Undercut, 0), Short(obj, w.PlayOn.Points))
		}
		text += fmt.Sprintf(" (knocking now: %s)", Short(obj, k.Points))
	}
	return text
}

// undercutWords is a knock's undercut risk; when the opponent's style is
// not known, the range over the two styles the model mixes, "0.9–3.1%
// (0.9% if they knock early, 3.1% if they wait for gin)", where the two
// read differently.
func undercutWords(o advice.Option) string {
	text := Percent(o.Knock.Best().Undercut, 0)
	if o.IfWaits == nil {
		return text
	}
	w := Percent(o.IfWaits.Knock.Best().Undercut, 0)
	if o.IfEarly == nil {
		if w != text {
			text += fmt.Sprintf(" (%s if they wait for gin)", w)
		}
		return text
	}
	if e := Percent(o.IfEarly.Undercut, 0); e != w {
		return fmt.Sprintf("%s–%s (%s if they knock early, %s if they wait for gin)", strings.TrimSuffix(e, "%"), w, e, w)
	}
	return text
}

// worth says what an option is worth by the objective: "worth +5.2
// points", "wins the game 63.1%", "worth +41.0 in the game's final
// difference". what is the game valued: "game", or under several games
// at once "match" (GameView.what).
func worth(obj equity.Objective, what string, x float64) string {
	switch obj {
	case equity.Game:
		return "wins the " + what + " " + Percent(x, 0)
	case equity.Net:
		return "worth " + signed(x) + " in the " + what + "'s final difference"
	}
	return "worth " + signed(x) + " points"
}

// Short is an option's figure by the objective, as a number alone.
func Short(obj equity.Objective, x float64) string {
	if obj == equity.Game {
		return Percent(x, 0)
	}
	return signed(x)
}

// figure is an option's figure by the objective, with its error when
// sampled: points, or a chance to win the game.
func figure(obj equity.Objective, x, err float64) string {
	if obj == equity.Game {
		return Percent(x, err)
	}
	return points(x, err)
}

// Percent writes a probability as a percentage, with its error when sampled.
func Percent(p, err float64) string {
	places := 1
	if p > 0 && p < 0.01 {
		places = 2 // a small risk still shows
	}
	text := strconv.FormatFloat(100*p, 'f', places, 64) + "%"
	if err > 0 {
		text += " ±" + strconv.FormatFloat(100*err, 'f', places, 64)
	}
	return text
}

// points writes expected points with a sign, and the error when sampled.
func points(x, err float64) string {
	text := signed(x)
	if err > 0 {
		text += " ±" + strconv.FormatFloat(err, 'f', 1, 64)
	}
	return text
}

// signed writes x to one decimal with its sign.
func signed(x float64) string {
	x = math.Round(x*10) / 10
	if x == 0 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// The JSON of gin advise; its fields are documented in docs/advise.md.
type (
	adviceJSON struct {
		Hand           CardsJSON         `json:"hand"`
		Upcard         *ginrummy.Card    `json:"upcard"`
		Offer          string            `json:"offer,omitempty"` // first or second: at the first upcard offer, not taking passes
		Model          string            `json:"model"`
		Objective      string            `json:"objective,omitempty"` // game or net; absent by the hand
		Game           *gameJSON         `json:"game,omitempty"`
		Unseen         int               `json:"unseen"`
		Stock          int               `json:"stock"`
		StockEstimated bool              `json:"stock_estimated"`
		OpponentHands  int               `json:"opponent_hands"`
		Exact          bool              `json:"exact"`
		Options        []optionJSON      `json:"options"`
		Advice         adviceSummaryJSON `json:"advice"`
		Opponent       *OpponentJSON     `json:"opponent,omitempty"` // from a hand record: the opponent learnt from the records beside it
	}
	optionJSON struct {
		Take     *bool          `json:"take"`
		Discard  *ginrummy.Card `json:"discard"`
		BigGin   bool           `json:"big_gin,omitempty"`
		Deadwood int            `json:"deadwood"`
		CanKnock bool           `json:"can_knock"`
		Knock    *knockJSON     `json:"knock"`
		PlayOn   *estimateJSON  `json:"play_on"`
		// PlayOnRanked is the figure of playing on the option was chosen
		// on, when play_on was valued again after the choosing.
		PlayOnRanked *estimateJSON `json:"play_on_ranked,omitempty"`
		IfWaits      *ifWaitsJSON  `json:"if_waits,omitempty"` // the style not known: against a player who waits for gin
		IfEarly      *ifEarlyJSON  `json:"if_early,omitempty"` // and against one who knocks as soon as they can
	}
	ifWaitsJSON struct {
		Knock  *knockJSON    `json:"knock"`
		PlayOn *estimateJSON `json:"play_on"`
	}
	ifEarlyJSON struct {
		Knock *knockJSON `json:"knock"`
	}
	knockJSON struct {
		Undercut      float64 `json:"undercut"`
		UndercutError float64 `json:"undercut_error"`
		figuresJSON
		Gin         bool       `json:"gin"`
		Deadwood    int        `json:"deadwood"`
		Melds       MeldsJSON  `json:"melds"`
		Alternative *knockJSON `json:"alternative"`
	}
	estimateJSON struct {
		figuresJSON
	}
	// figuresJSON is an option's figures: the hand's points, or by the
	// game, the chance to win it or its final difference.
	figuresJSON struct {
		Points      *float64 `json:"points,omitempty"`
		PointsError *float64 `json:"points_error,omitempty"`
		Win         *float64 `json:"win,omitempty"`
		WinError    *float64 `json:"win_error,omitempty"`
		Net         *float64 `json:"net,omitempty"`
		NetError    *float64 `json:"net_error,omitempty"`
	}
	adviceSummaryJSON struct {
		Take        *bool          `json:"take"`
		Discard     *ginrummy.Card `json:"discard"`
		BigGin      bool           `json:"big_gin"`
		Knock       bool           `json:"knock"`
		Melds       *MeldsJSON     `json:"melds"`       // to lay down, on a knock; null otherwise
		Deadwood    *int           `json:"deadwood"`    // the deadwood laid down with them
		Arrangement *string        `json:"arrangement"` // which: least_deadwood, alternative or big_gin
	}
)

func AdviceJSONOf(p advice.Position, a *advice.Advice, gv *GameView) adviceJSON {
	j := adviceJSON{
		Hand: CardsJSON(p.Hand), Model: a.Model.String(), Unseen: a.Unseen, Stock: a.Stock,
		StockEstimated: a.StockEstimated, OpponentHands: a.Hands, Exact: a.Exact, Game: gv.JSON(a.Values),
	}
	if a.Objective != equity.Hand {
		j.Objective = a.Objective.String()
	}
	if p.Upcard != ginrummy.NoCard {
		j.Upcard = &p.Upcard
	}
	j.Offer = OfferWords[p.Offer]
	for _, o := range a.Options {
		oj := optionJSON{Deadwood: o.Deadwood, CanKnock: o.Knock != nil, BigGin: o.BigGin, Knock: knockJSONOf(a.Objective, o.Knock)}
		if p.Upcard != ginrummy.NoCard {
			oj.Take = &o.Take
		}
		if o.Discard != ginrummy.NoCard {
			oj.Discard = &o.Discard
		}
		if o.PlayOn != nil {
			oj.PlayOn = &estimateJSON{figuresOf(a.Objective, o.PlayOn.Points, o.PlayOn.StdErr)}
		}
		if o.Ranked != nil {
			oj.PlayOnRanked = &estimateJSON{figuresOf(a.Objective, o.Ranked.Points, o.Ranked.StdErr)}
		}
		if w := o.IfWaits; w != nil {
			oj.IfWaits = &ifWaitsJSON{Knock: knockJSONOf(a.Objective, w.Knock), PlayOn: &estimateJSON{figuresOf(a.Objective, w.PlayOn.Points, w.PlayOn.StdErr)}}
		}
		if o.IfEarly != nil {
			oj.IfEarly = &ifEarlyJSON{Knock: knockJSONOf(a.Objective, o.IfEarly)}
		}
		j.Options = append(j.Options, oj)
	}
	best := j.Options[0]
	j.Advice = adviceSummaryJSON{Take: best.Take, Discard: best.Discard, BigGin: best.BigGin, Knock: a.Best().Knocks()}
	if o := a.Best(); o.Knocks() {
		k := o.Knock.Best()
		arrangement := "least_deadwood"
		switch {
		case o.BigGin:
			arrangement = "big_gin"
		case k != o.Knock:
			arrangement = "alternative"
		}
		melds := MeldsJSON(k.Melds)
		j.Advice.Melds, j.Advice.Deadwood, j.Advice.Arrangement = &melds, &k.Deadwood, &arrangement
	}
	return j
}

func knockJSONOf(obj equity.Objective, k *advice.Knock) *knockJSON {
	if k == nil {
		return nil
	}
	return &knockJSON{
		Undercut: Round(k.Undercut, 5), UndercutError: Round(k.UndercutErr, 5),
		figuresJSON: figuresOf(obj, k.Points, k.StdErr),
		Gin:         k.Gin, Deadwood: k.Deadwood, Melds: k.Melds, Alternative: knockJSONOf(obj, k.Alternative),
	}
}

// figuresOf is a figure and its error under the objective, in the field
// that names it.
func figuresOf(obj equity.Objective, x, err float64) figuresJSON {
	switch obj {
	case equity.Game:
		x, err = Round(x, 5), Round(err, 5)
		return figuresJSON{Win: &x, WinError: &err}
	case equity.Net:
		x, err = Round(x, 3), Round(err, 3)
		return figuresJSON{Net: &x, NetError: &err}
	}
	x, err = Round(x, 3), Round(err, 3)
	return figuresJSON{Points: &x, PointsError: &err}
}

// OfferWords names the offers, as --offer and the JSON give them.
var OfferWords = map[advice.Offer]string{advice.FirstOffer: "first", advice.DealerOffer: "second"}

// WaitingDecided reports whether the option plays on only because
// knocking is worth less against a player who waits for gin.
func WaitingDecided(o advice.Option) bool {
	return !o.Knocks() && o.Knock != nil && o.PlayOn != nil && o.IfWaits != nil && o.Knock.Best().Points >= o.PlayOn.Points
}

// AppendShortAdvice writes the advice at a position in a glance, as gin
// hand's prompt shows it: the best option, and the next best with "close
// call" when the two are within two standard errors of each other; what is
// the game valued ("game", "match": GameView.What).
func (s *Style) AppendShortAdvice(b []byte, p advice.Position, a *advice.Advice, what string) []byte {
	best := a.Best()
	b = appendLabel(b, "Advice:")
	b = append(b, s.Emphasis(s.adviceWords(a.Objective, what, p, best))...)
	b = append(b, '\n')
	if len(a.Options) < 2 {
		return b
	}
	next := a.Options[1]
	b = appendLabel(b, "Next best:")
	if best.Ranked == nil {
		b = fmt.Appendf(b, "%s, %s, %s", s.optionWords(p, next), Short(a.Objective, next.ChosenValue()), s.stakes(a.Objective, p, next, best))
	} else {
		// The advised figure above was valued again after the choosing, on
		// fresh play-outs: the two are compared on the figures they were
		// chosen on, both given, so that no figure of another kind stands
		// beside them.
		b = fmt.Appendf(b, "%s, %s on the play-outs they were chosen on (%s against %s; the figure above is %s valued again)",
			s.optionWords(p, next), s.stakes(a.Objective, p, next, best), Short(a.Objective, next.ChosenValue()), Short(a.Objective, best.ChosenValue()), s.doing(p, next, best))
	}
	if closeCall(best, next) {
		b = append(b, ": a close call, within their errors"...)
	}
	return append(b, '\n')
}

// stakes says how much less the next best option is worth than the
// advised one, by the figures the two were chosen on
// (advice.Option.ChosenValue): "1.2 less than drawing", in percentage
// points of the chance to win by the game, in points otherwise.
func (s *Style) stakes(obj equity.Objective, p advice.Position, next, best advice.Option) string {
	d := best.ChosenValue() - next.ChosenValue()
	unit := " points"
	if obj == equity.Game {
		d, unit = 100*d, ""
	}
	less := "less"
	if d < 0 {
		d, less = -d, "more"
	}
	if math.Round(d*10) == 0 {
		return "about as much as " + s.doing(p, next, best)
	}
	return fmt.Sprintf("%s%s %s than %s", strconv.FormatFloat(d, 'f', 1, 64), unit, less, s.doing(p, next, best))
}

// doing names option o as a thing done, as much as tells it from other:
// "taking the 5♠" against a draw, "throwing 9♦" against another take or
// throw, "drawing".
func (s *Style) doing(p advice.Position, other, o advice.Option) string {
	var do string
	switch {
	case o.BigGin:
		return "big gin"
	case o.Draw && p.Offer != advice.NoOffer:
		return "passing"
	case o.Draw:
		return "drawing"
	case o.Take && !other.Take:
		do = "taking the " + s.Bare[p.Upcard]
	default:
		do = "throwing " + s.Bare[o.Discard]
	}
	if o.Knocks() {
		if o.Knock.Best().Gin {
			return do + " and going gin"
		}
		return do + " and knocking"
	}
	return do
}

// closeCall reports whether two options' values, by the figures they were
// chosen on, are within two standard errors of their difference.
func closeCall(a, b advice.Option) bool {
	return a.ChosenValue()-b.ChosenValue() <= 2*math.Hypot(chosenErr(a), chosenErr(b))
}

// chosenErr is the standard error of an option's value by the figures it
// was chosen on (advice.Option.ChosenValue).
func chosenErr(o advice.Option) float64 {
	if o.Ranked != nil {
		o.PlayOn = o.Ranked
	}
	if o.Knocks() {
		return o.Knock.Best().StdErr
	}
	return o.PlayOn.StdErr
}

// optionWords names an option in a few words.
func (s *Style) optionWords(p advice.Position, o advice.Option) string {
	var do string
	switch {
	case o.BigGin:
		return "big gin"
	case o.Draw && p.Offer != advice.NoOffer:
		return "pass"
	case o.Draw:
		return "draw"
	case o.Take:
		do = "take " + s.Bare[p.Upcard] + ", throw " + s.Bare[o.Discard]
	default:
		do = "throw " + s.Bare[o.Discard]
	}
	if o.Knocks() {
		if o.Knock.Best().Gin {
			return do + " and go gin"
		}
		return do + " and knock"
	}
	return do
}
