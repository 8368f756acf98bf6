package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// SheetView renders a score sheet's Score as text. It only reads: every
// number it prints was worked out by the sheets package.
type SheetView struct {
	*Style
}

// AppendNew describes a sheet just started.
func (v *SheetView) AppendNew(b []byte, path string, sc *sheets.Score) []byte {
	b = append(appendLabel(b, "New sheet:"), yamlfile.Printable(path)...)
	b = append(appendLabel(append(b, '\n'), "Players:"), strings.Join(sc.Players[:], ", ")...)
	b = append(appendLabel(append(b, '\n'), "Rules:"), RulesWords(sc.Rules)...)
	b = append(appendLabel(append(b, '\n'), "First deal:"), sc.Dealer...)
	return append(b, '\n')
}

// RulesWords names the rules and says how a game ends: "classic, game to 100".
func RulesWords(r rulesfile.Spec) string {
	rules, err := r.Resolve()
	if err != nil {
		return r.Preset
	}
	games := "game"
	switch n := rules.GamesAtOnce; {
	case n == 3:
		games = "three games"
	case n > 1:
		games = strconv.Itoa(n) + " games"
	}
	w := fmt.Sprintf("%s, %s to %d", r.Preset, games, rules.Target)
	if rules.HandLimit > 0 {
		w += fmt.Sprintf(" or %d scored hands", rules.HandLimit)
	}
	if changed := r.Changes("target", "hand_limit", "games_at_once"); len(changed) > 0 {
		w += "; changed: " + strings.Join(changed, ", ")
	}
	return w
}

// AppendAdded describes hand h just added, and where the game stands: the
// bonuses of a game it ended spelled out.
func (v *SheetView) AppendAdded(b []byte, sc *sheets.Score, h sheets.ScoredHand) []byte {
	b = v.appendHand(b, sc, h)
	return v.appendStanding(b, sc, func(r *sheets.Settlement) bool { return r.EndedAfter == h.Number })
}

// appendHand describes a hand: what happened and what it
// scored, and for a hand given as cards how both players laid down.
func (v *SheetView) appendHand(b []byte, sc *sheets.Score, h sheets.ScoredHand) []byte {
	b = appendLabel(b, "Hand "+strconv.Itoa(h.Number)+":")
	b = append(b, handWords(sc, h)...)
	if h.Upcard != "" {
		b = append(append(b, ", upcard "...), v.card(h.Upcard)...)
	}
	b = append(append(b, v.Dash...), scoreWords(h, false)...)
	if len(h.Entered) > 0 {
		b = append(append(b, " in "...), gamesWords(h.Entered)...)
	}
	b = append(b, '\n')
	if sp := h.Spread; sp != nil {
		knocker, defender := knockerAndDefender(sc, h.By)
		b = appendLabel(b, knocker+":")
		k, d := sp.Knocker, sp.Defender
		if sp.Discard.IsValid() {
			b = append(append(append(b, "discards "...), v.Cards[sp.Discard]...), v.Dash...)
		}
		b = v.appendMelds(b, k.Melds())
		b = v.appendDeadwood(append(b, v.Dash+"deadwood "...), k.Unmelded, k.Deadwood)
		b = appendLabel(append(b, '\n'), defender+":")
		b = v.appendMelds(b, d.Melds())
		for i, l := range d.Layoffs {
			if i == 0 {
				b = append(append(b, v.Dash...), "lays off "...)
			} else {
				b = append(b, ", "...)
			}
			b = append(append(b, v.Cards[l.Card]...), " on "...)
			b = v.appendCards(b, k.Melds()[l.Meld].Cards())
		}
		b = v.appendDeadwood(append(b, v.Dash+"deadwood "...), d.Unmelded, d.Deadwood)
		if len(d.Layoffs) > 0 {
			b = fmt.Appendf(b, " (%d without layoffs)", d.WithoutLayoffs)
		}
		b = append(b, '\n')
	}
	return b
}

// handWords says what happened in a hand, as the table would report it:
// "Ann knocks with 2, Bob has 32".
func handWords(sc *sheets.Score, h sheets.ScoredHand) string {
	switch {
	case h.Kind.ByHand:
		return "scored by hand"
	case h.Kind.Ending == ginrummy.Drawn:
		return "a drawn hand"
	}
	knocker, defender := knockerAndDefender(sc, h.By)
	k, d := *h.KnockerDeadwood, *h.DefenderDeadwood
	switch *h.Ending {
	case ginrummy.WentBigGin:
		// A big gin is told as such even under rules that score it as gin.
		return fmt.Sprintf("%s goes big gin, %s has %d", knocker, defender, d)
	case ginrummy.WentGin:
		return fmt.Sprintf("%s goes gin, %s has %d", knocker, defender, d)
	}
	return fmt.Sprintf("%s knocks with %d, %s has %d", knocker, k, defender, d)
}

// scoreWords says who scored what and why, "Ann scores 30 (deadwood
// difference 30)", or in the past tense "Ann scored 30 (…)".
func scoreWords(h sheets.ScoredHand, past bool) string {
	verb, undercut := "scores", "undercuts for"
	if past {
		verb, undercut = "scored", "undercut for"
	}
	switch {
	case h.Kind.ByHand:
		return fmt.Sprintf("%s %s %d", h.Scorer, verb, h.Points)
	case h.Kind.Ending == ginrummy.Drawn:
		return "nobody " + verb
	case h.Kind.Undercut:
		verb = undercut
	}
	return fmt.Sprintf("%s %s %d (%s)", h.Scorer, verb, h.Points, amountsWords(h.Breakdown))
}

// knockerAndDefender returns the full names of the player a hand's "by"
// names, which a hand-edited sheet may spell in another case or Unicode
// form (sheets.Score.Seat), and of the other.
func knockerAndDefender(sc *sheets.Score, by string) (knocker, defender string) {
	if sc.Seat(by) == 1 {
		return sc.Players[1], sc.Players[0]
	}
	return sc.Players[0], sc.Players[1]
}

// amountsWords lists labelled points: "gin bonus 20 + defender's deadwood 15".
func amountsWords(a sheets.Amounts) string {
	parts := make([]string, len(a))
	for i, it := range a {
		parts[i] = it.Label() + " " + strconv.Itoa(it.Points)
	}
	return strings.Join(parts, " + ")
}

// gamesWords names Hollywood games: "game 1", "games 1, 2 and 3".
func gamesWords(games []int) string {
	if len(games) == 1 {
		return "game " + strconv.Itoa(games[0])
	}
	nums := make([]string, len(games))
	for i, g := range games {
		nums[i] = strconv.Itoa(g)
	}
	return "games " + JoinList(nums, "and")
}

// card renders a card the sheet holds in canonical form.
func (v *SheetView) card(text string) string {
	c, err := ginrummy.ParseCard(text)
	if err != nil {
		return text
	}
	return v.Cards[c]
}

// AppendEdited says what an edit changed: the hand as it was and as it is,
// and how the end of the game moved; then where the game stands.
func (v *SheetView) AppendEdited(b []byte, sc *sheets.Score, n int, e sheets.Edited) []byte {
	was := e.Was
	b = fmt.Appendf(appendLabel(b, "Was:"), "hand %d, %s", n, handWords(sc, was))
	if was.Upcard != "" {
		b = append(append(b, ", upcard "...), v.card(was.Upcard)...)
	}
	b = append(append(append(b, v.Dash...), scoreWords(was, true)...), '\n')
	b = v.appendHand(b, sc, sc.Hands[n-1])
	now, before := sc.Result, e.Before
	what := gameOrMatch(sc)
	switch {
	case now == nil && before != nil:
		b = fmt.Appendf(appendLabel(b, ""), "The %s is open again (it ended after hand %d).\n", what, before.EndedAfter)
	case now != nil && before == nil:
		b = fmt.Appendf(appendLabel(b, ""), "The %s now ends after hand %d: %s.\n", what, now.EndedAfter, v.winnerWords(now))
	case now != nil && now.EndedAfter != before.EndedAfter:
		b = fmt.Appendf(appendLabel(b, ""), "The %s now ends after hand %d (it ended after hand %d): %s.\n", what, now.EndedAfter, before.EndedAfter, v.winnerWords(now))
	case now != nil && now.Winner != before.Winner:
		b = fmt.Appendf(appendLabel(b, ""), "The %s still ends after hand %d: %s now (%s before).\n", what, now.EndedAfter, v.winnerWords(now), winnerPast(before))
	}
	if e.Dropped > 0 {
		first := len(sc.Hands) + 1
		hands := fmt.Sprintf("Hands %d–%d", first, first+e.Dropped-1)
		if e.Dropped == 1 {
			hands = fmt.Sprintf("Hand %d", first)
		}
		b = fmt.Appendf(appendLabel(b, ""), "%s came after the end: kept in the sheet as comments.\n", hands)
	}
	return v.appendStanding(b, sc, func(*sheets.Settlement) bool { return true })
}

// winnerWords says who won a game that ended: "Ann wins", "level".
func (v *SheetView) winnerWords(r *sheets.Settlement) string {
	if r.Winner == "" {
		return "level"
	}
	return v.Good(r.Winner + " wins")
}

// winnerPast is winnerWords in the past, without colour: "Ann won", "it
// was level".
func winnerPast(r *sheets.Settlement) string {
	if r.Winner == "" {
		return "it was level"
	}
	return r.Winner + " won"
}

// gameOrMatch is what a sheet keeps: a game, or Hollywood's match of three.
func gameOrMatch(sc *sheets.Score) string {
	if sc.Games != nil {
		return "match"
	}
	return "game"
}

// AppendClosed says where a game closed stands, said to have been over
// already when wasOver.
func (v *SheetView) AppendClosed(b []byte, sc *sheets.Score, wasOver bool) []byte {
	if wasOver {
		b = append(b, "The game was over already.\n"...)
	}
	return v.appendStanding(b, sc, func(*sheets.Settlement) bool { return true })
}

// AppendUndone says what an undo took back, and where the game stands.
func (v *SheetView) AppendUndone(b []byte, sc *sheets.Score, u sheets.Undone) []byte {
	b = appendLabel(b, "Undone:")
	if h := u.Hand; h != nil {
		b = fmt.Appendf(b, "hand %d, %s", h.Number, handWords(sc, *h))
		if h.Upcard != "" {
			b = append(append(b, ", upcard "...), v.card(h.Upcard)...)
		}
		b = append(append(b, v.Dash...), scoreWords(*h, true)...)
	} else {
		b = fmt.Appendf(b, "the close after hand %d", len(sc.Hands))
	}
	b = append(b, '\n')
	if u.Reopened {
		b = fmt.Appendf(appendLabel(b, ""), "The %s is open again.\n", gameOrMatch(sc))
	}
	return v.appendStanding(b, sc, func(*sheets.Settlement) bool { return false })
}

// appendStanding appends where the game stands: the totals and boxes, then
// who deals next or the result. Hollywood gets a line per game; the bonuses
// of a game that has ended are spelled out when settled says so.
func (v *SheetView) appendStanding(b []byte, sc *sheets.Score, settled func(*sheets.Settlement) bool) []byte {
	if sc.Games == nil {
		b = appendTotals(appendLabel(b, "Score:"), sc.Totals, sc.Boxes)
		b = append(b, '\n')
		if sc.Result != nil {
			b = append(append(appendLabel(b, "Game over:"), v.outcomeWords(sc.Result)...), '\n')
			b = v.appendFinal(b, sc.Totals, sc.Result)
		}
	}
	for i, g := range sc.Games {
		b = appendTotals(appendLabel(b, "Game "+strconv.Itoa(i+1)+":"), g.Totals, g.Boxes)
		switch {
		case g.Void:
			b = append(append(b, v.Dash...), "void: nobody had won a hand in it when the match was closed"...)
		case g.Result != nil:
			b = append(append(b, v.Dash...), v.outcomeWords(g.Result)...)
		}
		b = append(b, '\n')
		if g.Result != nil && settled(g.Result) {
			b = v.appendFinal(b, g.Totals, g.Result)
		}
	}
	switch {
	case sc.Games != nil && sc.Result != nil:
		b = append(append(appendLabel(b, "Match:"), v.outcomeWords(sc.Result)...), '\n')
		b = v.appendFinal(b, sc.Totals, sc.Result)
	case sc.Result == nil:
		b = append(append(appendLabel(b, "Next deal:"), sc.NextDealer...), '\n')
	}
	return b
}

// appendTotals appends "Ann 30 (1 box), Bob 35 (1 box)".
func appendTotals(b []byte, totals, boxes sheets.ByPlayer[int]) []byte {
	for p, name := range totals.Players {
		if p > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "%s %d (%d %s)", name, totals.Values[p], boxes.Values[p], Plural(boxes.Values[p], "box", "boxes"))
	}
	return b
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// appendFinal appends each player's final score in a game that has ended,
// and what it is made of: the hand points, then the bonuses.
func (v *SheetView) appendFinal(b []byte, totals sheets.ByPlayer[int], r *sheets.Settlement) []byte {
	for p, name := range r.Final.Players {
		label := ""
		if p == 0 {
			label = "Final:"
		}
		b = fmt.Appendf(appendLabel(b, label), "%s %d = hand points %d", name, r.Final.Values[p], totals.Values[p])
		if bonuses := r.Bonuses.Values[p]; len(bonuses) > 0 {
			b = append(append(b, " + "...), amountsWords(bonuses)...)
		}
		b = append(b, '\n')
	}
	return b
}

// outcomeWords says who won a game and when: "Ann wins by 205 after hand 4".
func (v *SheetView) outcomeWords(r *sheets.Settlement) string {
	w := "level"
	if r.Winner != "" {
		w = v.Good(fmt.Sprintf("%s wins by %d", r.Winner, r.Net))
	}
	if r.Closed {
		w += fmt.Sprintf(", closed after hand %d", r.EndedAfter)
	} else {
		w += fmt.Sprintf(" after hand %d", r.EndedAfter)
	}
	if r.Shutout {
		w += ", a shutout"
	}
	return w
}

// AppendNoPad says that there is no sheet at path yet, how to start one
// (naming the sheet when named, as --sheet did), how many other sheets its
// folder has, and what the sheet commands are (commands).
func AppendNoPad(b []byte, path string, named bool, others int, commands []string) []byte {
	start := "gin sheet new --players NAME,NAME"
	if named {
		start += " --sheet " + ShellQuote(path)
	}
	b = fmt.Appendf(b, "No score sheet here (%s). Start one with:\n  %s\n", yamlfile.Printable(path), start)
	if others > 0 {
		b = fmt.Appendf(b, "This folder has %d other %s: gin sheet list lists %s.\n", others, Plural(others, "sheet", "sheets"), Plural(others, "it", "them"))
	}
	return fmt.Appendf(b, "The sheet commands: %s (gin sheet --help says more).\n", strings.Join(commands, ", "))
}

// AppendPad appends the score pad: which sheet and who plays, the whole
// sheet, and the command for what comes next, naming the sheet with
// sheetArg (" --sheet FILE") when the sheet was named so.
func (v *SheetView) AppendPad(b []byte, path, sheetArg string, sc *sheets.Score) []byte {
	b = fmt.Appendf(appendLabel(b, "Sheet:"), "%s, %s and %s", yamlfile.Printable(path), sc.Players[0], sc.Players[1])
	if sc.Started != "" {
		b = fmt.Appendf(b, ", started %s", sc.Started)
	}
	b = v.AppendSheet(append(b, '\n'), sc)
	if sc.Result != nil {
		return fmt.Appendf(appendLabel(b, "Next game:"), "gin sheet new%s (this one is kept)\n", sheetArg)
	}
	upcard := ""
	if r, err := sc.Rules.Resolve(); err == nil && r.UsesUpcard() {
		upcard = " --upcard CARD"
	}
	return fmt.Appendf(appendLabel(b, "Next hand:"), "gin sheet add%s --by NAME --knock N --deadwood N%s\n", sheetArg, upcard)
}

// AppendSheet appends the whole sheet: the rules, a table of the hands with
// the running totals, and where the game stands.
func (v *SheetView) AppendSheet(b []byte, sc *sheets.Score) []byte {
	b = append(append(appendLabel(b, "Rules:"), RulesWords(sc.Rules)...), "\n\n"...)
	if len(sc.Hands) == 0 {
		b = append(b, "No hands yet.\n"...)
	} else {
		b = v.handTable(sc).appendTo(b)
	}
	b = append(b, '\n')
	return v.appendStanding(b, sc, func(*sheets.Settlement) bool { return true })
}

// handTable lays out one row per hand: its number, dealer, upcard where the
// sheet has upcards, what happened, who scored what, the games it went into
// in Hollywood, and the running totals (each game's in Hollywood).
func (v *SheetView) handTable(sc *sheets.Score) *columns {
	upcards := false
	for _, h := range sc.Hands {
		upcards = upcards || h.Upcard != ""
	}
	t := &columns{PaintHead: v.Emphasis, Width: v.Width}
	t.column("#", true)
	t.column("dealer", false)
	if upcards {
		t.column("upcard", false)
	}
	t.column("hand", false)
	t.Wrap, t.WrapMin = len(t.Head), 12 // the hand's words wrap
	t.column("points", false)
	points := len(t.Head) - 1
	if sc.Games != nil {
		t.column("games", false)
	}
	t.Cut = make([]bool, len(t.Head))
	t.Cut[1] = true      // the dealer's name
	t.Cut[points] = true // the scorer's name, never the points
	perGame := max(1, len(sc.Games))
	for g := range perGame {
		if sc.Games != nil {
			t.span(len(t.Head), 2, "game "+strconv.Itoa(g+1))
		}
		for _, name := range sc.Players {
			t.column(shorten(name, maxNameWidth), true)
			t.Cut = append(t.Cut, true)
		}
	}
	for _, h := range sc.Hands {
		row := []cell{{Text: strconv.Itoa(h.Number)}, {Text: shorten(h.Dealer, maxNameWidth)}}
		if upcards {
			row = append(row, v.cardCell(h.Upcard))
		}
		row = append(row, cell{Text: handWords(sc, h)})
		points := "no score"
		if h.Scorer != "" {
			points = shorten(h.Scorer, maxNameWidth) + " " + strconv.Itoa(h.Points)
		}
		row = append(row, cell{Text: points})
		totals := []sheets.ByPlayer[int]{h.Totals}
		if sc.Games != nil {
			entered := make([]string, len(h.Entered))
			for i, g := range h.Entered {
				entered[i] = strconv.Itoa(g)
			}
			row = append(row, cell{Text: strings.Join(entered, " ")})
			totals = h.GameTotals
		}
		for _, tot := range totals {
			for _, n := range tot.Values {
				row = append(row, cell{Text: strconv.Itoa(n)})
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// maxNameWidth is the most of a player's name a table shows: longer names
// are cut short with an ellipsis, so that the table fits.
const maxNameWidth = 10

// cardCell is a card of the sheet as a table cell, measured without its colour.
func (v *SheetView) cardCell(text string) cell {
	c, err := ginrummy.ParseCard(text)
	if err != nil {
		return cell{Text: text}
	}
	painted := v.Cards[c]
	return cell{Text: v.Bare[c], Paint: func(string) string { return painted }}
}

// AppendChart draws each player's running score across the hands, and the
// target as a line (not in Hollywood, whose three games it adds up).
func (v *SheetView) AppendChart(b []byte, sc *sheets.Score) []byte {
	if len(sc.Hands) == 0 {
		return append(b, "No hands yet: nothing to draw.\n"...)
	}
	series := [][]float64{{0}, {0}}
	for _, h := range sc.Hands {
		for p := range 2 {
			series[p] = append(series[p], float64(h.Totals.Values[p]))
		}
	}
	legends := []string{sc.Players[0], sc.Players[1]}
	// The target is each game's: drawn against Hollywood's three games
	// added up it would mislead.
	var mark *int
	if t, ok := sc.Rules.Get("target"); ok && len(sc.Games) == 0 {
		n := t.(int)
		target := make([]float64, len(series[0]))
		for i := range target {
			target[i] = float64(n)
		}
		series = append(series, target)
		legends = append(legends, "target "+strconv.Itoa(n))
		mark = &n
	}
	caption := "running score after each hand"
	if len(sc.Games) > 0 {
		caption += " (all three games added up)"
	}
	return append(b, v.plot(chart{Series: series, Legends: legends, Caption: caption, Mark: mark})...)
}
