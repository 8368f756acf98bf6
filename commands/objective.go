package commands

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/sheets"
)

// objectiveFlags are the flags that value the advice by the game: what it
// maximises, and the game's score, given or from a sheet.
func objectiveFlags() []cli.Flag {
	return []cli.Flag{
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "objective", Usage: "what the advice maximises, `WHAT`: game (the chance to win the game), net (the game's expected final difference, every bonus counted) or hand (the hand's points)", DefaultText: "game with a score, else hand"},
			values:     objectiveValues,
		},
		&cli.StringFlag{Name: "score", Usage: "the game's score before this hand, `ME-THEM`: your hand points toward the target, then the other player's (45-70); under Hollywood each game's, ME-THEM,ME-THEM,ME-THEM"},
		&cli.StringFlag{Name: "boxes", Usage: "with --score, the hands each player has won, `ME-THEM` (under Hollywood, in each game)", DefaultText: "one for each player with points"},
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "dealer", Usage: "with --score, who dealt this hand, `WHO`: me or them", DefaultText: "from --offer, else them"},
			values:     dealerValues,
		},
		&cli.StringFlag{Name: "sheet", Usage: "the game's score, boxes, rules and dealer from the score sheet `FILE` (read, never written); with --me", TakesFile: true},
		&cli.StringFlag{Name: "me", Usage: "with --sheet, your `NAME` on the sheet"},
	}
}

// objectiveValues are the values of --objective.
func objectiveValues() []candidate {
	return []candidate{
		{equity.Game.String(), "the chance to win the game"},
		{equity.Net.String(), "the game's expected final difference, every bonus counted"},
		{equity.Hand.String(), "the hand's expected points"},
	}
}

// dealerValues are the values of --dealer.
func dealerValues() []candidate {
	return []candidate{{"me", "you dealt this hand"}, {"them", "the other player dealt it"}}
}

// gameSetting is what the objective flags say: the objective, the game's
// state from the player's side, and, from a sheet, its rules.
type gameSetting struct {
	objective equity.Objective
	state     equity.State
	rules     *ginrummy.Rules // the sheet's; nil without --sheet
	sheet     string          // the sheet's path, with --sheet
	games     int             // how many games' scores were given: under Hollywood, three
	// fewest is set when --score was given without --boxes: each game's
	// boxes are then the fewest hands won its points need (fewestBoxes).
	fewest bool
	// given is the flags that gave the score, as typed ("--score 0-0
	// --boxes 5-5"), for the errors; empty from a sheet.
	given string
	// fromRecord is set when no objective was asked for and the game is
	// valued because the hand record names a sheet that gives its score:
	// if the game cannot be valued after all, the advice is by the hand.
	fromRecord bool
}

// scoreSyntax is ME-THEM: two whole numbers.
var scoreSyntax = regexp.MustCompile(`^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*$`)

// The forms of a --score or --boxes value: gin advise's, from the player's
// side, and gin review's, in the record's order.
const (
	mineFirst   = "ME-THEM, yours then the other player's"
	recordOrder = "A-B, the record's first player's then the second's"
)

// parsePair reads the value of --name, a --score or --boxes value of one
// game, given in the form (gin review's).
func parsePair(name, value, what, form string) ([2]int, error) {
	pairs, err := parsePairs(name, value, what, form, 1)
	if err != nil {
		return [2]int{}, err
	}
	return pairs[0], nil
}

// maxGames is the most games scored at once (Hollywood's three).
const maxGames = 3

// parsePairs reads a --score or --boxes value given in the form: a pair,
// or, where games allows more than one, a pair per game (Hollywood's),
// separated by commas.
func parsePairs(name, value, what, form string, games int) ([][2]int, error) {
	parts := []string{value}
	hint := ""
	if games > 1 {
		parts = strings.Split(value, ",")
		hint = "; under Hollywood one such pair for each game, separated by commas (45-70,20-35,0-10)"
	}
	if len(parts) > games {
		return nil, fmt.Errorf("--%s %s: %d games; at most %d are scored at once (Hollywood)", name, render.ShellQuote(value), len(parts), games)
	}
	out := make([][2]int, len(parts))
	for i, part := range parts {
		m := scoreSyntax.FindStringSubmatch(part)
		if m == nil {
			return nil, fmt.Errorf("--%s %s: give %s as %s, two whole numbers (such as 45-70)%s", name, render.ShellQuote(value), what, form, hint)
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		out[i] = [2]int{a, b}
	}
	return out, nil
}

// given is the text of a flag and whether the command line gave it.
type given struct {
	text string
	set  bool
}

// gameArgs are the objective flags of a command line, read once with the
// advice's (readAdviceArgs), with what the sheet's own rules conflict with: the rule
// flags and --rules.
type gameArgs struct {
	objective, score, boxes, dealer, sheet, me given
	hand                                       given // gin advise --hand: the record the sheet's rules must play like
	rules                                      ruleArgs
	rulesSet                                   bool      // --rules was given
	notes                                      io.Writer // where a note goes: the app's stderr
}

// recordGame is what a hand record says of its game: the sheet it names
// (its path from here; empty for none) and the player advised; and the
// record's path and the other player, whose style the records beside it
// show (learnOpponent).
type recordGame struct {
	sheet, me    string
	record, them string
}

// recordGameOf is the game of the record rec at path, for the player in
// seat: the sheet it names, and the two players from that seat.
func recordGameOf(rec *record.Record, path string, seat int) recordGame {
	return recordGame{sheet: sheets.RecordSheet(rec, path), me: rec.Players[seat], record: path, them: rec.Players[1-seat]}
}

// game is the game the objective flags say. dealt is who dealt the hand,
// from the player's side, when the position says (a hand record); -1 when
// it does not. A record that names a sheet gives the game's objectives its
// score, with --objective game or net and no score given.
func (a gameArgs) game(dealt int, rg recordGame) (gameSetting, error) {
	var g gameSetting
	given := a.score.set || a.sheet.set
	for _, f := range []struct {
		name string
		set  bool
	}{{"boxes", a.boxes.set}, {"dealer", a.dealer.set}} {
		if f.set && !a.score.set {
			return g, fmt.Errorf("--%s goes with --score ME-THEM", f.name)
		}
	}
	switch {
	case a.score.set && a.sheet.set:
		return g, errors.New("--score and --sheet: the sheet gives the score; drop one")
	case a.me.set && !a.sheet.set:
		return g, errors.New("--me goes with --sheet FILE: the sheet names the players")
	case a.sheet.set && !a.me.set:
		return g, errors.New("--sheet: say which player you are with --me NAME")
	}
	if given {
		g.objective = equity.Game
	}
	if a.objective.set {
		word := a.objective.text
		if err := g.objective.UnmarshalText([]byte(word)); err != nil {
			return g, withSuggestion(fmt.Errorf("--objective %s: give game, net or hand", render.ShellQuote(word)), word, equity.ObjectiveNames()...)
		}
		if g.objective != equity.Hand && !given && rg.sheet != "" {
			return g, g.fromSheet(a, rg.sheet, rg.me, dealt)
		}
		if g.objective != equity.Hand && !given {
			return g, fmt.Errorf("--objective %s values the game from its score: give --score ME-THEM (and --boxes ME-THEM), or --sheet FILE --me NAME", g.objective)
		}
	}
	switch {
	case a.score.set:
		return g, g.fromFlags(a, dealt)
	case a.sheet.set:
		path := a.sheet.text
		if path == "" {
			return g, errors.New("--sheet: the file name is empty")
		}
		return g, g.fromSheet(a, path, a.me.text, dealt)
	case !a.objective.set:
		if rg, ok := a.recordSheetGame(rg, dealt); ok {
			return rg, nil
		}
	}
	return g, nil
}

// recordSheetGame is the game by its score on the sheet a hand record names
// (gin hand new writes the sheet's name in the record), when no objective
// and no score were given: a score is then given, so the advice is by the
// game. When the sheet cannot give this hand's score (it is not there, its
// game is over, it is at another hand), the advice is by the hand, and a
// note on stderr says why.
func (a gameArgs) recordSheetGame(rg recordGame, dealt int) (gameSetting, bool) {
	if rg.sheet == "" {
		return gameSetting{}, false
	}
	g := gameSetting{objective: equity.Game, fromRecord: true}
	if err := g.fromSheet(a, rg.sheet, rg.me, dealt); err != nil {
		byTheHand(a.notes, err)
		return gameSetting{}, false
	}
	return g, true
}

// gameSettings is the advice's settings, for a hand played by rules, with
// the game g: under the sheet's rules where a sheet gave the score (its
// target, bonuses and all). A game that a hand record's sheet gave and that
// cannot be valued (the sheet plays a hand otherwise, Hollywood, rules with
// no measured hands) falls back to the hand's points, with a note; one that
// was asked for is refused.
func (a adviceArgs) gameSettings(g gameSetting, rules ginrummy.Rules) (advice.Settings, *render.GameView, error) {
	if g.rules != nil {
		switch {
		case g.fromRecord && !rules.PlaysAlike(*g.rules):
			byTheHand(a.game.notes, fmt.Errorf("the sheet %s plays a hand by other rules than the record", render.ShellQuote(g.sheet)))
			g = gameSetting{}
		case a.game.hand.set && !rules.PlaysAlike(*g.rules):
			return advice.Settings{}, nil, fmt.Errorf("the sheet %s plays a hand by other rules than the record %s", render.ShellQuote(g.sheet), render.ShellQuote(a.game.hand.text))
		default:
			rules = *g.rules
		}
	}
	set, err := a.settings(rules)
	if err != nil {
		return set, nil, err
	}
	gv, err := g.apply(&set)
	if err != nil && g.fromRecord {
		byTheHand(a.game.notes, err)
		return set, nil, nil
	}
	return set, gv, err
}

// byTheHand notes on stderr (w) that the advice is by the hand, though the
// record names a sheet, and why.
func byTheHand(w io.Writer, why error) {
	_, _ = fmt.Fprintf(w, "gin: note: advice by the hand's points, not the game: %v\n", why) // a note: nothing to do if stderr is gone
}

// inGame is " in game N" of game i (0 first) of n, or nothing for one game.
func inGame(n, i int) string {
	if n == 1 {
		return ""
	}
	return fmt.Sprintf(" in game %d", i+1)
}

// fromFlags reads --score, --boxes and --dealer.
func (g *gameSetting) fromFlags(a gameArgs, dealt int) error {
	points, err := parsePairs("score", a.score.text, "the hand points", mineFirst, maxGames)
	if err != nil {
		return err
	}
	g.given = "--score " + render.ShellQuote(a.score.text)
	games := make([]ginrummy.Tally, len(points))
	for i := range games {
		games[i].Points = points[i]
	}
	if a.boxes.set {
		boxes, err := parsePairs("boxes", a.boxes.text, "the hands won", mineFirst, maxGames)
		if err != nil {
			return err
		}
		if len(boxes) != len(points) {
			return fmt.Errorf("--score %s --boxes %s: give as many games' boxes as scores", a.score.text, a.boxes.text)
		}
		for i := range games {
			games[i].Boxes = boxes[i]
		}
		g.given += " --boxes " + render.ShellQuote(a.boxes.text)
	} else {
		for i := range games {
			for p := range 2 {
				if games[i].Points[p] > 0 {
					games[i].Boxes[p] = 1
				}
			}
		}
		g.fewest = true
	}
	g.games = len(games)
	g.state = equity.StateOf(games, 1)
	switch {
	case a.dealer.set:
		switch strings.ToLower(a.dealer.text) {
		case "me":
			g.state.Dealer = 0
		case "them":
		default:
			word := a.dealer.text
			return withSuggestion(fmt.Errorf("--dealer %s: give me or them", render.ShellQuote(word)), word, "me", "them")
		}
		if dealt >= 0 && dealt != g.state.Dealer {
			who := "you"
			if dealt == 1 {
				who = "the other player"
			}
			return fmt.Errorf("--dealer %s: the position says %s dealt (--offer, or the hand record); drop --dealer", render.ShellQuote(a.dealer.text), who)
		}
	case dealt >= 0:
		g.state.Dealer = dealt
	}
	return nil
}

// fromSheet reads the sheet --sheet names, never writing it: the score and
// boxes before the hand in play, its dealer (who deals next on the sheet),
// and its rules.
func (g *gameSetting) fromSheet(a gameArgs, path, meName string, dealt int) error {
	for _, f := range ruleFields() {
		if _, ok := a.rules.given[f.name]; ok {
			return fmt.Errorf("--sheet and --%s: the sheet gives the rules; drop --%s", f.name, f.name)
		}
	}
	if a.rulesSet {
		return errors.New("--sheet and --rules: the sheet gives the rules; drop --rules")
	}
	sc, err := sheets.Show(path)
	if err != nil {
		return err
	}
	g.sheet = path
	me := sc.Seat(meName)
	if me < 0 {
		return fmt.Errorf("--me %s: not a player on the sheet %s, whose players are %s and %s", render.ShellQuote(meName), render.ShellQuote(path), render.ShellQuote(sc.Players[0]), render.ShellQuote(sc.Players[1]))
	}
	if sc.Result != nil {
		return fmt.Errorf("the sheet %s: the game is over; start a new one with gin sheet new", render.ShellQuote(path))
	}
	rules, err := sc.Rules.Resolve()
	if err != nil {
		return fmt.Errorf("the sheet %s: %w", render.ShellQuote(path), err)
	}
	g.rules = &rules
	games := sc.Before(len(sc.Hands)+1, me) // the next hand's, from my side: a tally per game
	g.games = len(games)
	g.state = equity.StateOf(games, 1)
	if ginrummy.SameName(sc.NextDealer, sc.Players[me]) {
		g.state.Dealer = 0
	}
	if dealt >= 0 && dealt != g.state.Dealer {
		return fmt.Errorf("the sheet %s: %s deals next on it, but the other player dealt this hand: is the sheet at this hand?", render.ShellQuote(path), render.ShellQuote(sc.NextDealer))
	}
	return nil
}

// gameError words an error of the game's table for the command line.
func gameError(g gameSetting, rules ginrummy.Rules, err error) error {
	var se *equity.StateError
	at := fmt.Sprintf("at %d-%d", g.state.Points[0], g.state.Points[1])
	if g.sheet != "" {
		at += " on the sheet " + render.ShellQuote(g.sheet)
	}
	switch {
	case errors.Is(err, equity.ErrTooLong):
		return fmt.Errorf("--objective %s: %v (a target of %d); give --objective hand", g.objective, err, rules.Target)
	case errors.Is(err, equity.ErrNoMeasure):
		return fmt.Errorf("--objective %s: no measured hands fit these rules (%v); give --objective hand", g.objective, err)
	case errors.Is(err, equity.ErrGameOver) && rules.GamesAtOnce > 1:
		return fmt.Errorf("the game's score: each of the %d games has been won: the match is over", rules.GamesAtOnce)
	case errors.Is(err, equity.ErrGameOver):
		return fmt.Errorf("--score %s: a player has reached the target of %d: the game is over", at[3:], rules.Target)
	case errors.Is(err, equity.ErrHandLimit):
		return fmt.Errorf("--boxes: %d hands have been won and a player leads %s: the game ended at the hand limit of %d", g.state.Boxes[0]+g.state.Boxes[1], at, rules.HandLimit)
	case errors.As(err, new(*equity.BoxesError)):
		return boxesError(g, err)
	case errors.As(err, &se):
		return fmt.Errorf("the game's %s %s: %w", se.Field, at, se.Err)
	}
	return err
}

// boxesError words a game's points and boxes that cannot go together
// (an *equity.BoxesError) with the flags or the sheet that gave them;
// other errors as they are.
func boxesError(g gameSetting, err error) error {
	be, ok := errors.AsType[*equity.BoxesError](err)
	if !ok {
		return err
	}
	from := g.given
	if g.sheet != "" {
		from = "the sheet " + render.ShellQuote(g.sheet)
	}
	who, they, your := "you have", "you have", "your"
	if be.Player == 1 {
		who, they, your = "the other player has", "they have", "their"
	}
	in, there := inGame(g.games, be.Game), ""
	if in != "" {
		there = " in it"
	}
	if errors.Is(err, equity.ErrPointsNoHand) {
		return fmt.Errorf("%s: %s %d points%s, so %s won a hand or more%s: give %s hands won, 1 or more, with --boxes ME-THEM", from, who, be.Points, in, they, there, your)
	}
	fix := "give the points and the hands won that go together"
	switch {
	case g.sheet != "":
		fix = "a hand on it was scored for fewer points than a hand won scores"
	case g.fewest:
		fix = "give the hands won in each game with --boxes"
	}
	least := be.Boxes * be.Least
	return fmt.Errorf("%s: %s won %d %s%s, each worth %d %s or more by these rules, so %s %d %s or more%s, not %d: %s", from, who,
		be.Boxes, render.Plural(be.Boxes, "hand", "hands"), in, be.Least, render.Plural(be.Least, "point", "points"), they, least, render.Plural(least, "point", "points"), there, be.Points, fix)
}

// apply sets the advice's objective and score, checked against the
// game's table; the view is nil by the hand.
func (g gameSetting) apply(set *advice.Settings) (*render.GameView, error) {
	if g.objective == equity.Hand {
		if g.games == 0 {
			return nil, nil
		}
		// A score that is not used is still checked: its boxes and points
		// go together.
		return nil, boxesError(g, equity.CheckBoxes(set.Rules, g.state.Games(g.games)))
	}
	n := set.Rules.GamesAtOnce
	if g.games != n {
		return nil, gamesError(g, n)
	}
	if g.fewest && n > 1 {
		dealer := g.state.Dealer
		g.state = equity.StateOf(fewestBoxes(g.state.Games(n), set.Rules), dealer)
	}
	t, err := equity.For(set.Rules)
	if err == nil {
		err = t.Check(g.state)
	}
	if err != nil {
		return nil, gameError(g, set.Rules, err)
	}
	set.Objective, set.Score, set.Equity = g.objective, g.state, t
	return &render.GameView{Objective: g.objective, State: g.state, Rules: set.Rules, Sheet: g.sheet, Before: t.Before(g.state)}, nil
}

// fewestBoxes is the games' scores with the fewest hands won that their
// points need, from one for each player with points in a game: while a
// game is open, each of a player's wins goes into it, and the one that
// entered him in the next game into it alone, so he has one hand more in
// it than in the next game he has entered.
func fewestBoxes(games []ginrummy.Tally, r ginrummy.Rules) []ginrummy.Tally {
	for i := len(games) - 2; i >= 0; i-- {
		for p := range 2 {
			if games[i].Points[p] > 0 && games[i+1].Boxes[p] > 0 && !r.Ends(games[i]) {
				games[i].Boxes[p] = max(games[i].Boxes[p], games[i+1].Boxes[p]+1)
			}
		}
	}
	return games
}

// gamesError says that the score gives another number of games than the
// rules score at once.
func gamesError(g gameSetting, n int) error {
	if n == 1 {
		return fmt.Errorf("--score: %d games' scores, but the rules score one game: give ME-THEM", g.games)
	}
	hollywood := ""
	if n == 3 {
		hollywood = " (Hollywood)"
	}
	return fmt.Errorf("--score: the rules score %d games at once%s: give each game's score, first game first, as %s (0-0 for a game nobody has won a hand in), and --boxes alike", n, hollywood, strings.TrimSuffix(strings.Repeat("ME-THEM,", n), ","))
}
