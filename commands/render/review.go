package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mattn/go-runewidth"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// ReviewedHand is a record reviewed: its path, and the record with its rules
// and score, as the review was given it.
type ReviewedHand struct {
	Path string
	Hand review.Recorded
	End  *table.Round // the hand at its last move, for its chart; nil when not known
}

// AppendReviewedHand writes, under a line naming hand h by its file (not by
// its place among the files reviewed: gin review gin-hand-4.txt is no
// hand 1 of the evening), a line for each of its costly decisions ds (each
// decision with all); nothing when none is listed.
func (s *Style) AppendReviewedHand(b []byte, h ReviewedHand, ds []review.Decision, all bool, obj equity.Objective) []byte {
	header := false
	for _, d := range ds {
		if !listsDecision(d, all) {
			continue
		}
		if !header {
			rec := h.Hand.Record
			b = fmt.Appendf(b, "%s: %s v %s\n", yamlfile.Printable(h.Path), yamlfile.Printable(rec.Players[0]), yamlfile.Printable(rec.Players[1]))
			b = s.appendOpponents(b, h)
			header = true
		}
		b = append(b, "  "...)
		b = s.appendDecision(b, h.Hand.Record, d)
		b = append(b, '\n')
		if all {
			b = s.appendRanked(b, d)
		}
	}
	if header {
		b = s.appendHandChart(b, h, ds, obj)
	}
	return b
}

// listsDecision reports whether a review lists decision d: a costly one, or with
// all any.
func listsDecision(d review.Decision, all bool) bool { return d.Tag != review.None || all }

// ListsAny reports whether a review lists any of the decisions ds.
func ListsAny(ds []review.Decision, all bool) bool {
	return slices.ContainsFunc(ds, func(d review.Decision) bool { return listsDecision(d, all) })
}

// appendOpponents writes, for each player whose positions were advised
// with the other's style learnt from the earlier records reviewed, what
// was learnt, in the words of gin advise --hand's Opponent line.
func (s *Style) appendOpponents(b []byte, h ReviewedHand) []byte {
	rec := h.Hand.Record
	for p, st := range h.Hand.Opponents {
		if st == nil {
			continue
		}
		o := Opponent{Name: rec.Players[1-p], Style: *st}
		if !o.Said(advice.Evidence) {
			continue
		}
		text := fmt.Sprintf("%s's opponent: %s", yamlfile.Printable(rec.Players[p]), o.Words())
		width := s.Width
		if width <= 0 {
			width = DefaultWidth
		}
		for i, line := range WrapWords(text, width-2, width-4) {
			b = append(append(b, "    "[:2+2*min(i, 1)]...), line...)
			b = append(b, '\n')
		}
	}
	return b
}

// appendHandChart draws the value of each player's position through the
// hand from their own side (handChart), with a mark under each turn of a
// costly decision (tagged).
func (s *Style) appendHandChart(b []byte, h ReviewedHand, ds []review.Decision, obj equity.Objective) []byte {
	ch, costly, turns := handChart(h.Hand.Record, h.End, ds, obj)
	if len(ch.Series) == 0 {
		return b
	}
	plot := s.plot(ch)
	if len(costly) > 0 {
		plot = markTurns(plot, costly, turns, costlyMark)
		plot = strings.TrimRight(plot, "\n") + "   " + costlyMark + " a costly decision\n"
	}
	return append(append(b, '\n'), plot...)
}

// handChart is the chart of a hand's values, from each player's own side:
// at 0 the value of their position before their first decision, then
// after each turn of theirs what its moves were worth (held through the
// other's turns), to the hand's last turn (end's, when end is known: a
// quick gin by the other player after one's first turn still draws);
// after the last, when the hand is over and its value known (by the hand,
// a scored hand's points), that value. It returns the turns of the costly
// decisions and the last turn charted.
func handChart(rec *record.Record, end *table.Round, ds []review.Decision, obj equity.Objective) (ch chart, costly []int, turns int) {
	for _, d := range ds {
		turns = max(turns, d.Turn)
	}
	if end != nil {
		turns = max(turns, end.Turns())
	}
	result, known := handResult(end, obj)
	for p := range 2 {
		xs := make([]float64, turns+1)
		for t := range xs {
			xs[t] = math.NaN()
		}
		at := -1 // the turn of the value last drawn
		for _, d := range ds {
			if d.Player != p {
				continue
			}
			if d.Tag != review.None && !slices.Contains(costly, d.Turn) {
				costly = append(costly, d.Turn)
			}
			if at < 0 {
				xs[0] = d.Value // before the first decision
			}
			// After the turn, what its moves were worth: its last
			// decision's value less what that one lost.
			at = d.Turn
			for t := at; t <= turns; t++ {
				xs[t] = d.Value - d.Loss
			}
		}
		if at > 0 {
			if known && turns > 0 {
				xs[turns] = result[p]
			}
			ch.Series = append(ch.Series, xs)
			ch.Legends = append(ch.Legends, yamlfile.Printable(rec.Players[p]))
		}
	}
	ch.Caption = valueUnits(obj) + " after each turn, from each player's side"
	return ch, costly, turns
}

// handResult is the value of an ended hand to each player, from their own
// side, where the objective's value of it is known without valuing the
// game: by the hand, a scored hand's points, the scorer's and less them
// the other's (nothing for a drawn hand).
func handResult(end *table.Round, obj equity.Objective) (v [2]float64, known bool) {
	if end == nil || obj != equity.Hand || !end.Ended() || !end.Scored() {
		return v, false
	}
	res := end.Result()
	if res.Ending == ginrummy.Drawn {
		return v, true
	}
	scorer := res.Knocker
	switch res.Score.Scorer {
	case ginrummy.Nobody:
		return v, true
	case ginrummy.Defender:
		scorer = 1 - res.Knocker
	}
	v[scorer], v[1-scorer] = float64(res.Score.Points), -float64(res.Score.Points)
	return v, true
}

// AppendReviewEnd writes what follows the hands: that no decision was
// listed, unless listed, and the players' summaries.
func (s *Style) AppendReviewEnd(b []byte, players []review.Player, listed bool, obj equity.Objective) []byte {
	if !listed {
		b = append(b, "No decision lost points beyond its error.\n"...)
	}
	b = append(b, '\n')
	t := columns{Head: []string{"player", "decisions", "lost", "per decision", "inaccuracies", "mistakes", "blunders"},
		Right: []bool{false, true, true, true, true, true, true}, PaintHead: s.Emphasis, Width: s.Width}
	var played []string
	for _, p := range players {
		played = append(played, fmt.Sprintf("%s played %.1f ±%.1f, luck %+.1f ±%.1f", yamlfile.Printable(p.Name), p.Accuracy(), p.AccuracyStdErr(), p.Luck, p.LuckStdErr()))
		t.Rows = append(t.Rows, []cell{
			{Text: yamlfile.Printable(p.Name)}, {Text: strconv.Itoa(p.Decisions)}, {Text: fmt.Sprintf("%.1f", p.Lost)},
			{Text: fmt.Sprintf("%.2f ±%.2f", p.Mean(), p.MeanStdErr())},
			{Text: strconv.Itoa(p.Tags[review.Inaccuracy])}, {Text: strconv.Itoa(p.Tags[review.Mistake])}, {Text: strconv.Itoa(p.Tags[review.Blunder])},
		})
	}
	b = t.appendTo(b)
	lost := "expected points of the hand"
	switch obj {
	case equity.Game:
		lost = "percentage points of the chance to win the game"
	case equity.Net:
		lost = "expected points of the game's final difference"
	}
	for _, line := range played {
		b = append(append(b, line...), '\n')
	}
	if len(players) > 0 {
		b = s.AppendProse(b, "Played: the accuracy, 100 for no loss (from the loss per decision, as Lichess maps one). Luck: what the cards drawn from the stock gave against what was expected of them, and, where a record shows both hands, the other's cards at the knock; in the units of the loss.")
	}
	// One paragraph wrapped at its spaces, as the one above: a line broken
	// by hand would go on under "Lost:" as a labelled line's text does.
	return s.AppendProse(b, fmt.Sprintf("Lost: %s against the best move. Tagged beyond %g errors: inaccuracy from %g points, mistake from %g, blunder from %g (docs/review.md).",
		lost, review.Sure, review.InaccuracyAt, review.MistakeAt, review.BlunderAt))
}

// valueUnits is what a position's value is in, by the objective: what the
// hand's chart draws.
func valueUnits(obj equity.Objective) string {
	switch obj {
	case equity.Game:
		return "chance to win the game (%)"
	case equity.Net:
		return "expected points of the game's final difference"
	}
	return "expected points of the hand"
}

// costlyMark marks a turn of a costly decision under a hand's chart (in
// box-drawing characters, as the chart's axes are, --plain or not).
const costlyMark = "▲"

// markTurns writes, under the x axis of a chart plotted of the turns 0 to
// n, a line with mark under each of the turns.
func markTurns(plot string, turns []int, n int, mark string) string {
	lines := strings.Split(plot, "\n")
	axis := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "└") })
	if axis < 0 || axis+1 >= len(lines) {
		return plot
	}
	var ticks []int // the columns of the axis's ticks
	for col, r := range []rune(lines[axis]) {
		if r == '┬' {
			ticks = append(ticks, col)
		}
	}
	_, end := xAxis(n)
	if len(ticks) < 2 || end == 0 {
		return plot
	}
	first, last := ticks[0], ticks[len(ticks)-1]
	row := []rune(strings.Repeat(" ", last+1))
	for _, t := range turns {
		col := first + int(math.Round(float64((last-first)*t)/float64(end)))
		if col >= 0 && col < len(row) {
			row[col] = []rune(mark)[0]
		}
	}
	marked := strings.TrimRight(string(row), " ")
	return strings.Join(slices.Insert(lines, axis+2, marked), "\n")
}

// Yardstick is the first line of a review in text: what every loss is
// measured by.
func Yardstick(obj equity.Objective) string {
	switch obj {
	case equity.Game:
		return "By the game: each loss in percentage points of the chance to win the game."
	case equity.Net:
		return "By the game's net: each loss in expected points of the game's final difference."
	}
	return "By the hand: each loss in expected points of the hand."
}

// appendDecision writes a decision in words: "turn 7, Ann: threw 5♣ and
// played on; knocking for gin was worth 23.4 ±0.7 more: blunder".
func (s *Style) appendDecision(b []byte, rec *record.Record, d review.Decision) []byte {
	b = fmt.Appendf(b, "turn %d, %s: ", d.Turn, yamlfile.Printable(rec.Players[d.Player]))
	b = append(b, s.madeWords(d)...)
	if d.Loss == 0 && d.StdErr == 0 {
		return append(b, ", the best"...)
	}
	b = append(b, "; "...)
	b = append(b, s.bestWords(d)...)
	b = fmt.Appendf(b, " was worth %.1f", d.Loss)
	if d.StdErr > 0 {
		b = fmt.Appendf(b, " ±%.1f", d.StdErr)
	}
	b = append(b, " more"...)
	if d.Tag != review.None {
		b = append(b, ": "+d.Tag.String()...)
	}
	return b
}

func (s *Style) Card(c ginrummy.Card) string { return s.Cards[c] }

// madeWords is the move made, in the past.
func (s *Style) madeWords(d review.Decision) string {
	m := d.Made
	switch d.Kind {
	case review.TakeOrDraw:
		switch {
		case m.Take:
			return "took " + s.Card(m.Upcard)
		case m.Pass:
			return "passed " + s.Card(m.Upcard)
		}
		return "drew, leaving " + s.Card(m.Upcard)
	case review.Discard:
		if m.BigGin {
			return "laid down big gin"
		}
		return "threw " + s.Card(m.Discard)
	}
	switch {
	case m.Gin:
		return "threw " + s.Card(m.Discard) + " and went gin"
	case m.Knock:
		return "threw " + s.Card(m.Discard) + " and knocked"
	}
	return "threw " + s.Card(m.Discard) + " and played on"
}

// bestWords is the best move, as a gerund.
func (s *Style) bestWords(d review.Decision) string {
	o := d.Best
	knock := ""
	switch {
	case o.Gin:
		knock = " and knocking for gin"
	case o.Knock:
		knock = " and knocking"
	}
	switch {
	case o.BigGin && o.Take:
		return "taking " + s.Card(o.Upcard) + " and laying down big gin"
	case o.BigGin:
		return "laying down big gin"
	case d.Kind == review.KnockOrPlayOn && o.Knock:
		return strings.TrimPrefix(knock, " and ")
	case d.Kind == review.KnockOrPlayOn:
		return "playing on"
	case o.Take:
		return "taking " + s.Card(o.Upcard) + " and throwing " + s.Card(o.Discard) + knock
	case o.Pass:
		return "passing " + s.Card(o.Upcard)
	case o.Draw:
		return "drawing"
	}
	return "throwing " + s.Card(o.Discard) + knock
}

// actionWords is a choice in the hand record's words: "take 5s throw Qd",
// "draw", "knock 5c".
func actionWords(c review.Choice) string { return choiceWords(c, ginrummy.Card.String) }

// choiceWords is a choice in the hand record's words, each card as card
// writes it.
func choiceWords(c review.Choice, card func(ginrummy.Card) string) string {
	var w []string
	switch {
	case c.Pass:
		return "pass"
	case c.Draw:
		return "draw"
	case c.Take:
		w = append(w, "take", card(c.Upcard))
	}
	switch {
	case c.BigGin:
		w = append(w, "big-gin")
	case c.Knock:
		w = append(w, "knock", card(c.Discard))
	case c.Discard != ginrummy.NoCard:
		w = append(w, "throw", card(c.Discard))
	}
	return strings.Join(w, " ")
}

// rankedShown is how many of a decision's options are shown, best first:
// with the move made, when it is not among them.
const rankedShown = 3

// shownOptions are the options of a decision that are shown, with each
// one's rank (1-based): the rankedShown best, the move made, and those
// also named.
func shownOptions(d review.Decision, also ...review.Choice) (opts []review.Option, ranks []int) {
	for k, o := range d.Options {
		if k < rankedShown || o.Made || slices.Contains(also, o.Choice) {
			opts, ranks = append(opts, o), append(ranks, k+1)
		}
	}
	return opts, ranks
}

// appendRanked writes the ranked options of decision d under it, as GNU
// Backgammon lists the moves of a position: the rank, the move (the one
// made marked *), its value and what it loses against the best; the moves
// also named are listed wherever they rank.
func (s *Style) appendRanked(b []byte, d review.Decision, also ...review.Choice) []byte {
	opts, ranks := shownOptions(d, also...)
	words := make([]string, len(opts))
	widths := make([]int, len(opts))
	width := 0
	for k, o := range opts {
		words[k] = choiceWords(o.Choice, s.Card)
		widths[k] = runewidth.StringWidth(choiceWords(o.Choice, func(c ginrummy.Card) string { return s.Bare[c] }))
		width = max(width, widths[k])
	}
	for k, o := range opts {
		mark := ' '
		if o.Made {
			mark = '*'
		}
		b = fmt.Appendf(b, "    %c %d. %s%s  %6.1f ±%.1f", mark, ranks[k], words[k], strings.Repeat(" ", width-widths[k]), o.Value, o.StdErr)
		if !o.Best {
			b = fmt.Appendf(b, "  %+.1f", -o.Loss)
		}
		b = append(b, '\n')
	}
	return b
}

// The JSON of gin review; its fields are documented in docs/review.md.
type (
	reviewJSON struct {
		Objective  string             `json:"objective"` // game, net or hand
		Thresholds thresholdsJSON     `json:"thresholds"`
		Samples    int                `json:"samples"`
		Playouts   int                `json:"playouts"`
		Seed       uint64             `json:"seed"`
		Hands      []reviewHandJSON   `json:"hands"`
		Players    []reviewPlayerJSON `json:"players"`
	}
	thresholdsJSON struct {
		Errors     float64 `json:"errors"`
		Inaccuracy float64 `json:"inaccuracy"`
		Mistake    float64 `json:"mistake"`
		Blunder    float64 `json:"blunder"`
	}
	reviewHandJSON struct {
		File    string    `json:"file"`
		Players [2]string `json:"players"`
		Rules   string    `json:"rules"`
		// Score and Boxes are the game's score before the hand, the
		// players in order, when it is reviewed by the game.
		Score *[2]int `json:"score,omitempty"`
		Boxes *[2]int `json:"boxes,omitempty"`
		// Opponents is, for each player reviewed whose opponent's style the
		// folder's earlier records show, that style.
		Opponents []reviewOpponentJSON `json:"opponents,omitempty"`
		Decisions []decisionJSON       `json:"decisions"`
	}
	// reviewOpponentJSON is an opponent's style learnt, in the words of
	// gin advise --json's opponent (OpponentJSON).
	reviewOpponentJSON struct {
		Player      string  `json:"player"` // whose positions are advised with it
		Name        string  `json:"name"`   // the opponent's
		Hands       int     `json:"hands"`
		KnocksEarly int     `json:"knocks_early"`
		Waited      int     `json:"waited"`
		Taken       int     `json:"taken"`
		Melded      int     `json:"melded"`
		KnockRate   float64 `json:"knock_rate"`
		TookMelds   float64 `json:"took_melds"`
	}
	decisionJSON struct {
		Player    string  `json:"player"`
		Turn      int     `json:"turn"`
		Line      int     `json:"line"`
		Kind      string  `json:"kind"`
		Made      string  `json:"made"`
		Best      string  `json:"best"`
		Loss      float64 `json:"loss"`
		LossError float64 `json:"loss_error"`
		Tag       string  `json:"tag"`
		// Value is the position's before the decision, from the player's side.
		Value      float64 `json:"value"`
		ValueError float64 `json:"value_error"`
		Luck       float64 `json:"luck"`
		LuckError  float64 `json:"luck_error"`
		// Options are the three best moves, and the one made.
		Options []rankedJSON `json:"options"`
	}
	rankedJSON struct {
		Rank       int     `json:"rank"`
		Move       string  `json:"move"`
		Value      float64 `json:"value"`
		ValueError float64 `json:"value_error"`
		Loss       float64 `json:"loss"`
		LossError  float64 `json:"loss_error"`
		Best       bool    `json:"best,omitempty"`
		Made       bool    `json:"made,omitempty"`
	}
	reviewPlayerJSON struct {
		Name          string  `json:"name"`
		Decisions     int     `json:"decisions"`
		Lost          float64 `json:"lost"`
		MeanLoss      float64 `json:"mean_loss"`
		MeanLossError float64 `json:"mean_loss_error"`
		Accuracy      float64 `json:"accuracy"`
		AccuracyError float64 `json:"accuracy_error"`
		Inaccuracies  int     `json:"inaccuracies"`
		Mistakes      int     `json:"mistakes"`
		Blunders      int     `json:"blunders"`
		Luck          float64 `json:"luck"`
		LuckError     float64 `json:"luck_error"`
	}
)

// reviewEndJSON is the end of gin review's JSON, after its hands.
type reviewEndJSON struct {
	Players     []reviewPlayerJSON `json:"players"`
	Interrupted bool               `json:"interrupted,omitempty"` // stopped by Ctrl-C: the hands reviewed before
}

// reviewJSONOf is gin review's JSON with no hand and no player: what
// precedes the hands, as they are written one at a time.
func reviewJSONOf(set advice.Settings) reviewJSON {
	j := reviewJSON{
		Thresholds: thresholdsJSON{review.Sure, review.InaccuracyAt, review.MistakeAt, review.BlunderAt},
		Samples:    orDefault(set.Samples, advice.DefaultSamples), Playouts: orDefault(set.Playouts, advice.DefaultPlayouts), Seed: set.Seed,
		Hands: []reviewHandJSON{}, Players: []reviewPlayerJSON{}, Objective: set.Objective.String(),
	}
	return j
}

// reviewHandJSONOf is a hand reviewed, as JSON.
func reviewHandJSONOf(h ReviewedHand, decisions []review.Decision, set advice.Settings) reviewHandJSON {
	rec := h.Hand.Record
	hj := reviewHandJSON{File: h.Path, Players: rec.Players, Rules: h.Hand.Rules.Name, Decisions: []decisionJSON{}}
	if t := h.Hand.Score; t != nil && set.Objective != equity.Hand {
		hj.Score, hj.Boxes = &t.Points, &t.Boxes
	}
	for p, st := range h.Hand.Opponents {
		if st != nil {
			hj.Opponents = append(hj.Opponents, reviewOpponentJSON{
				Player: rec.Players[p], Name: rec.Players[1-p], Hands: st.Hands, KnocksEarly: st.Early, Waited: st.Waited,
				Taken: st.Taken, Melded: st.Melded, KnockRate: Round(st.KnockRate, 4), TookMelds: Round(st.TookMelds, 4),
			})
		}
	}
	for _, d := range decisions {
		dj := decisionJSON{
			Player: rec.Players[d.Player], Turn: d.Turn, Line: d.Line, Kind: d.Kind.String(),
			Made: actionWords(d.Made), Best: actionWords(d.Best),
			Loss: Round(d.Loss, 3), LossError: Round(d.StdErr, 3), Tag: d.Tag.String(),
			Value: Round(d.Value, 3), ValueError: Round(d.ValueErr, 3),
			Luck: Round(d.Luck, 3), LuckError: Round(d.LuckErr, 3), Options: []rankedJSON{},
		}
		opts, ranks := shownOptions(d)
		for k, o := range opts {
			dj.Options = append(dj.Options, rankedJSON{
				Rank: ranks[k], Move: actionWords(o.Choice), Value: Round(o.Value, 3), ValueError: Round(o.StdErr, 3),
				Loss: Round(o.Loss, 3), LossError: Round(o.LossErr, 3), Best: o.Best, Made: o.Made,
			})
		}
		hj.Decisions = append(hj.Decisions, dj)
	}
	return hj
}

// reviewPlayersJSONOf is the players' summaries, as JSON.
func reviewPlayersJSONOf(players []review.Player) []reviewPlayerJSON {
	out := []reviewPlayerJSON{}
	for _, p := range players {
		out = append(out, reviewPlayerJSON{
			Name: p.Name, Decisions: p.Decisions, Lost: Round(p.Lost, 3), MeanLoss: Round(p.Mean(), 4), MeanLossError: Round(p.MeanStdErr(), 4),
			Accuracy: Round(p.Accuracy(), 2), AccuracyError: Round(p.AccuracyStdErr(), 2),
			Inaccuracies: p.Tags[review.Inaccuracy], Mistakes: p.Tags[review.Mistake], Blunders: p.Tags[review.Blunder],
			Luck: Round(p.Luck, 3), LuckError: Round(p.LuckStdErr(), 3),
		})
	}
	return out
}

// orDefault is n, or def when n is 0.
func orDefault(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// AppendVerdict says whether option o, answered to decision d, was the
// best, what it would have cost, and the moves ranked.
func (s *Style) AppendVerdict(b []byte, d review.Decision, o review.Option) []byte {
	words := choiceWords(o.Choice, s.Card)
	switch {
	case o.Best:
		b = fmt.Appendf(b, "Right: %s is the best, worth %.1f ±%.1f.", words, o.Value, o.StdErr)
	case o.Loss == 0:
		b = fmt.Appendf(b, "Right: %s is as good as the best, worth %.1f ±%.1f.", words, o.Value, o.StdErr)
	default:
		bestWords := ""
		for _, x := range d.Options {
			if x.Best {
				bestWords = choiceWords(x.Choice, s.Card)
			}
		}
		b = fmt.Appendf(b, "Not the best: %s would have cost %.1f ±%.1f against %s.", words, o.Loss, o.LossErr, bestWords)
	}
	if o.Made {
		b = append(b, " It is the move made."...)
	} else {
		for _, x := range d.Options {
			if x.Made {
				b = fmt.Appendf(b, " The move made: %s, which cost %.1f.", choiceWords(x.Choice, s.Card), x.Loss)
			}
		}
	}
	return s.appendRanked(s.AppendProse(nil, string(b)), d, o.Choice)
}

// ReviewJSONHead is what gin review --json writes before its first hand:
// the review's settings and the opening of its list of hands.
func ReviewJSONHead(set advice.Settings) ([]byte, error) {
	head, err := json.Marshal(reviewJSONOf(set))
	if err != nil {
		return nil, err
	}
	cut := bytes.LastIndex(head, []byte(`[],"players":[]}`))
	return escapeJSON(head[:cut+1]), nil
}

// ReviewJSONHand is hand h, the i-th reviewed, in gin review --json's list
// of hands.
func ReviewJSONHand(h ReviewedHand, i int, ds []review.Decision, set advice.Settings) ([]byte, error) {
	b, err := json.Marshal(reviewHandJSONOf(h, ds, set))
	if err != nil {
		return nil, err
	}
	if i > 0 {
		b = append([]byte{','}, b...)
	}
	return escapeJSON(b), nil
}

// ReviewJSONEnd is what gin review --json writes after its last hand: the
// players' summaries, and whether the review was stopped.
func ReviewJSONEnd(players []review.Player, stopped bool) ([]byte, error) {
	tail, err := json.Marshal(reviewEndJSON{Players: reviewPlayersJSONOf(players), Interrupted: stopped})
	if err != nil {
		return nil, err
	}
	return append(escapeJSON(append([]byte{']', ','}, tail[1:]...)), '\n'), nil
}

// AppendReviewStopped says that a review was stopped after the first
// reviewed of total records.
func (s *Style) AppendReviewStopped(b []byte, reviewed, total int) []byte {
	if reviewed == 0 {
		return s.AppendProse(b, "Stopped before any record was reviewed.")
	}
	return s.AppendProse(b, fmt.Sprintf("Stopped: the review of the first %s of the %s records, whose decisions are above and in the table.", Thousands(reviewed), Thousands(total)))
}

// AppendQuestion writes a decision gin review --practice asks again, the
// k-th of n: where it comes from (the record at path, and its decision
// d), and the position, round, as gin hand show shows it to the player;
// scoreIt as AppendRound takes it.
func (s *Style) AppendQuestion(b []byte, path string, rec *record.Record, round *table.Round, d review.Decision, k, n int, scoreIt string) []byte {
	b = fmt.Appendf(b, "\nQuestion %d of %d: %s, turn %d, %s to play\n", k+1, n, yamlfile.Printable(path), d.Turn, yamlfile.Printable(rec.Players[d.Player]))
	if d.Kind == review.KnockOrPlayOn {
		b = fmt.Appendf(b, "(throwing %s: knock %s, or throw %s and play on?)\n", s.Card(d.Made.Discard), d.Made.Discard, d.Made.Discard)
	}
	return s.AppendRound(b, rec, round, d.Player, scoreIt)
}
