package commands

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

func reviewCommand() *cli.Command {
	flags := append(outputFlags("print the review as one JSON object"), plainFlag(),
		boolFlag("all", "list every decision, not only those tagged (that lost points beyond their error)"),
	)
	flags = append(flags, handEffortFlags()...)
	flags = append(flags,
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "objective", Usage: "what a decision is valued by, `WHAT`: game (the chance to win the game), net (the game's expected final difference) or hand (the hand's points)", DefaultText: "game with the score, else hand"},
			values:     objectiveValues,
		},
		&cli.StringFlag{Name: "score", Usage: "the game's score before the hand, `A-B`: the hand points of the record's first player, then the second's (one record only; a record scored on its sheet has it there)"},
		&cli.StringFlag{Name: "boxes", Usage: "with --score, the hands each player has won, `A-B`", DefaultText: "one for each player with points"},
	)
	return &cli.Command{
		Name:      "review",
		Usage:     "what each decision of played hands cost: inaccuracies, mistakes, blunders",
		ArgsUsage: "FILE-OR-FOLDER...",
		Description: describe("Reviews hand records (docs/hands.md): for every decision of each player whose cards a\n"+
			"record knows (take or draw, the discard, knock or play on), it values every option from\n"+
			"what the player could see then, with the advice of gin advise, and says what the move\n"+
			"made lost against the best, in expected points of the hand, with its standard error. A\n"+
			"loss beyond two errors is an inaccuracy from 2 points, a mistake from 5, a blunder from\n"+
			"10. A line is printed for each, then each player's decisions, points lost and tags, over\n"+
			"all the records given. A folder gives every record (*.txt) in it. docs/review.md says how\n"+
			"a loss is computed. With the game's score before a hand (read from the sheet a record\n"+
			"was scored on with gin sheet add --hand, or --score A-B, the record's players in\n"+
			"order), its decisions are valued by the game, as gin advise values them.",
			example{"the hand just played", "gin review gin-hand.txt"},
			example{"an evening's hands, every decision, as JSON", "gin review --all --json hands/"},
		),
		Flags:        flags,
		Action:       runReview,
		BashComplete: reviewArgs,
	}
}

// reviewArgs completes gin review's arguments: the hand records (*.txt) in
// the folder of the word typed, with the folders left to the shell.
func reviewArgs(c *cli.Context) {
	word, _ := c.App.Metadata[completingWord].(string)
	comp := completion{dirs: true}
	dir, base := filepath.Split(word)
	if entries, err := os.ReadDir(cmp.Or(dir, ".")); err == nil {
		for _, e := range entries {
			name := e.Name()
			if e.Type().IsRegular() && strings.HasSuffix(name, ".txt") && (!strings.HasPrefix(name, ".") || strings.HasPrefix(base, ".")) {
				comp.candidates = append(comp.candidates, candidate{dir + name, "hand record"})
			}
		}
	}
	_ = writeCompletion(c.App.Writer, comp) // a shell asking: no one to tell
}

// reviewed is one record read for review.
type reviewed struct {
	path string
	hand review.Recorded
}

func runReview(c *cli.Context) error {
	s, err := newStyle(c)
	if err != nil {
		return err
	}
	if !c.Args().Present() {
		return errors.New("review: give the hand records to review, files or folders (gin review gin-hand.txt)")
	}
	if slices.Contains(c.Args().Slice(), "") {
		return errors.New("review: a file name is empty: give the hand records to review, files or folders")
	}
	paths, err := reviewPaths(c.Args().Slice())
	if err != nil {
		return err
	}
	var hands []reviewed
	for _, path := range paths {
		rec, _, err := sheets.ReadHand(path)
		if err != nil {
			return err
		}
		rules, err := recordRules(rec, path)
		if err != nil {
			return err
		}
		hands = append(hands, reviewed{path, review.Recorded{Record: rec, Rules: rules}})
	}
	set, err := readAdviceArgs(c).settings(ginrummy.Rules{})
	if err != nil {
		return err
	}
	if set.Objective, err = reviewGame(c, hands); err != nil {
		return err
	}
	rs := review.Settings{Advice: set}
	var bar *progress // wiped before the review is printed
	var once sync.Once
	rs.Progress = func(done, total int) {
		once.Do(func() { bar = newProgress(c, total, "positions") })
		bar.Set(done, total)
	}
	in := make([]review.Recorded, len(hands))
	for i, h := range hands {
		in[i] = h.hand
	}
	decisions, err := review.Review(in, rs)
	bar.Finish()
	if err != nil {
		var re *review.Error
		if errors.As(err, &re) {
			return &sheets.HandFileError{Path: hands[re.Hand].path, Err: err}
		}
		return err
	}
	players := review.Players(in, decisions)
	if c.Bool("json") {
		return writeJSON(c.App.Writer, reviewJSONOf(hands, decisions, players, set))
	}
	return writeText(c, s.appendReview(nil, hands, decisions, players, c.Bool("all"), set.Objective))
}

// reviewGame reads gin review's objective and the game's score before each
// hand: given with --score for one record, or, for records scored on the
// sheet they name (gin sheet add --hand), read from that sheet. By the game
// is the default when every record has its score.
func reviewGame(c *cli.Context, hands []reviewed) (equity.Objective, error) {
	scored := 0
	if !c.IsSet("score") {
		scored = sheetScores(hands)
	}
	obj := equity.Hand
	if c.IsSet("score") || scored == len(hands) {
		obj = equity.Game
	}
	if c.IsSet("objective") {
		word := c.String("objective")
		if err := obj.UnmarshalText([]byte(word)); err != nil {
			return 0, withSuggestion(fmt.Errorf("--objective %s: give game, net or hand", shellQuote(word)), word, equity.ObjectiveNames()...)
		}
	}
	switch {
	case c.IsSet("boxes") && !c.IsSet("score"):
		return 0, errors.New("--boxes goes with --score A-B")
	case obj == equity.Hand:
		for i := range hands {
			hands[i].hand.Score = nil
		}
		return obj, nil
	case !c.IsSet("score") && scored == len(hands):
		for _, h := range hands {
			if err := checkGame(obj, h.hand, sheetName(h)); err != nil {
				return 0, err
			}
		}
		return obj, nil
	case !c.IsSet("score"):
		for _, h := range hands {
			if h.hand.Rules.GamesAtOnce > 1 {
				return 0, fmt.Errorf("%s: %w", yamlfile.Printable(h.path), checkGame(obj, h.hand, ""))
			}
			if h.hand.Score == nil {
				return 0, fmt.Errorf("--objective %s values the game from its score before the hand: %s is not scored on a score sheet (a record names its sheet, and gin sheet add --hand scores it there); give --score A-B for one record, the hand points before the hand of the record's first player, then the second's", obj, yamlfile.Printable(h.path))
			}
		}
	case len(hands) != 1:
		return 0, fmt.Errorf("--score is the score before one hand: review one record with it, not %d", len(hands))
	}
	var t ginrummy.Tally
	var err error
	if t.Points, err = parsePair("score", c.String("score"), "the hand points", recordOrder); err != nil {
		return 0, err
	}
	if c.IsSet("boxes") {
		if t.Boxes, err = parsePair("boxes", c.String("boxes"), "the hands won", recordOrder); err != nil {
			return 0, err
		}
	} else {
		for p := range 2 {
			if t.Points[p] > 0 {
				t.Boxes[p] = 1
			}
		}
	}
	h := &hands[0].hand
	h.Score = &t
	return obj, checkGame(obj, *h, "")
}

// checkGame checks that the game's value is known at a record's score.
func checkGame(obj equity.Objective, h review.Recorded, sheet string) error {
	if h.Rules.GamesAtOnce > 1 {
		return fmt.Errorf("--objective %s: a review by the game keeps one game's score, and the record is played under Hollywood's %d games at once; give --objective hand (gin advise --score values a position by the match)", obj, h.Rules.GamesAtOnce)
	}
	g := gameSetting{objective: obj, state: equity.State{Points: h.Score.Points, Boxes: h.Score.Boxes}, sheet: sheet}
	tab, err := equity.For(h.Rules)
	if err == nil {
		err = tab.Check(g.state)
	}
	if err != nil {
		return gameError(g, h.Rules, err)
	}
	return nil
}

// sheetName is the sheet a record names, as a path from here.
func sheetName(h reviewed) string { return recordSheet(h.hand.Record, h.path) }

// sheetScores gives each record that is scored on the sheet it names (the
// sheet holds a hand with the record's digest) the game's score before that
// hand, in the record's order of players: the running totals of the hand
// before it, and the hands each had won. Sheets are read, never written,
// each once; a record that names none, whose sheet does not load, that the
// sheet does not hold, or under Hollywood (three games at once), gets no
// score. It returns how many got one.
func sheetScores(hands []reviewed) int {
	read := map[string]*sheets.Score{}
	n := 0
	for i := range hands {
		h := &hands[i]
		path := sheetName(*h)
		if path == "" {
			continue
		}
		sc, ok := read[path]
		if !ok {
			sc, _ = sheets.Show(path) // nil when it does not load: no score
			read[path] = sc
		}
		if sc == nil || sc.Games != nil {
			continue
		}
		if t, ok := scoreBefore(sc, h.hand.Record); ok {
			h.hand.Score = &t
			n++
		}
	}
	return n
}

// scoreBefore is the game's score on sheet sc before the hand record rec
// was scored, in the record's order of players: the sheet's score after the
// hand before it. It is false when the sheet does not hold the record or
// its players are others.
func scoreBefore(sc *sheets.Score, rec *record.Record) (ginrummy.Tally, bool) {
	var t ginrummy.Tally
	var seat [2]int // the sheet's index of each of the record's players
	for p, name := range rec.Players {
		seat[p] = slices.IndexFunc(sc.Players[:], func(s string) bool { return ginrummy.SameName(s, name) })
		if seat[p] < 0 {
			return t, false
		}
	}
	digest := record.Digest(rec)
	at := slices.IndexFunc(sc.Hands, func(h sheets.ScoredHand) bool { return h.Record == digest })
	if at < 0 {
		return t, false
	}
	if at > 0 {
		prev := sc.Hands[at-1].Tally
		for p := range 2 {
			t.Points[p], t.Boxes[p] = prev.Points[seat[p]], prev.Boxes[seat[p]]
		}
	}
	return t, true
}

// reviewPaths lists the records the arguments name: a file itself, a
// folder every regular file in it whose name ends in .txt, in the order of
// their names with numbers by value (hand-2 before hand-10).
func reviewPaths(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("%s: no such file or folder", yamlfile.Printable(arg))
			}
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, arg)
			continue
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".txt") {
				names = append(names, e.Name())
			}
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("%s: a folder with no hand records in it (files named *.txt)", yamlfile.Printable(arg))
		}
		slices.SortFunc(names, naturalCompare)
		for _, n := range names {
			out = append(out, filepath.Join(arg, n))
		}
	}
	return out, nil
}

// naturalCompare orders names as people do: runs of digits by their value.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			x, y := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := len(x) - len(y); c != 0 {
				return c
			}
			if c := strings.Compare(x, y); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && unicode.IsDigit(rune(s[n])) {
		n++
	}
	return n
}

// appendReview writes a line for each costly decision (each decision with
// all), under its hand, then the players' summaries.
func (s *style) appendReview(b []byte, hands []reviewed, decisions [][]review.Decision, players []review.Player, all bool, obj equity.Objective) []byte {
	listed := false
	for i, h := range hands {
		header := false
		for _, d := range decisions[i] {
			if d.Tag == review.None && !all {
				continue
			}
			if !header {
				rec := h.hand.Record
				b = fmt.Appendf(b, "Hand %d, %s: %s v %s\n", i+1, yamlfile.Printable(h.path), yamlfile.Printable(rec.Players[0]), yamlfile.Printable(rec.Players[1]))
				header = true
			}
			b = append(b, "  "...)
			b = s.appendDecision(b, h.hand.Record, d)
			b = append(b, '\n')
			listed = true
		}
	}
	if !listed {
		b = append(b, "No decision lost points beyond its error.\n"...)
	}
	b = append(b, '\n')
	t := columns{head: []string{"player", "decisions", "lost", "per decision", "inaccuracies", "mistakes", "blunders"},
		right: []bool{false, true, true, true, true, true, true}, paintHead: s.emphasis, width: s.width}
	for _, p := range players {
		t.rows = append(t.rows, []cell{
			{text: yamlfile.Printable(p.Name)}, {text: strconv.Itoa(p.Decisions)}, {text: fmt.Sprintf("%.1f", p.Lost)},
			{text: fmt.Sprintf("%.2f ±%.2f", p.Mean(), p.MeanStdErr())},
			{text: strconv.Itoa(p.Tags[review.Inaccuracy])}, {text: strconv.Itoa(p.Tags[review.Mistake])}, {text: strconv.Itoa(p.Tags[review.Blunder])},
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
	return fmt.Appendf(b, "Lost: %s against the best move. Tagged beyond %g errors:\ninaccuracy from %g points, mistake from %g, blunder from %g (docs/review.md).\n",
		lost, review.Sure, review.InaccuracyAt, review.MistakeAt, review.BlunderAt)
}

// appendDecision writes a decision in words: "turn 7, Ann: threw 5♣ and
// played on; knocking for gin was worth 23.4 ±0.7 more: blunder".
func (s *style) appendDecision(b []byte, rec *record.Record, d review.Decision) []byte {
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

func (s *style) card(c ginrummy.Card) string { return s.cards[c] }

// madeWords is the move made, in the past.
func (s *style) madeWords(d review.Decision) string {
	m := d.Made
	switch d.Kind {
	case review.TakeOrDraw:
		switch {
		case m.Take:
			return "took " + s.card(m.Upcard)
		case m.Pass:
			return "passed " + s.card(m.Upcard)
		}
		return "drew, leaving " + s.card(m.Upcard)
	case review.Discard:
		if m.BigGin {
			return "laid down big gin"
		}
		return "threw " + s.card(m.Discard)
	}
	switch {
	case m.Gin:
		return "threw " + s.card(m.Discard) + " and went gin"
	case m.Knock:
		return "threw " + s.card(m.Discard) + " and knocked"
	}
	return "threw " + s.card(m.Discard) + " and played on"
}

// bestWords is the best move, as a gerund.
func (s *style) bestWords(d review.Decision) string {
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
		return "taking " + s.card(o.Upcard) + " and laying down big gin"
	case o.BigGin:
		return "laying down big gin"
	case d.Kind == review.KnockOrPlayOn && o.Knock:
		return strings.TrimPrefix(knock, " and ")
	case d.Kind == review.KnockOrPlayOn:
		return "playing on"
	case o.Take:
		return "taking " + s.card(o.Upcard) + " and throwing " + s.card(o.Discard) + knock
	case o.Pass:
		return "passing " + s.card(o.Upcard)
	case o.Draw:
		return "drawing"
	}
	return "throwing " + s.card(o.Discard) + knock
}

// actionWords is a choice in the hand record's words: "take 5s throw Qd",
// "draw", "knock 5c".
func actionWords(c review.Choice) string {
	var w []string
	switch {
	case c.Pass:
		return "pass"
	case c.Draw:
		return "draw"
	case c.Take:
		w = append(w, "take", c.Upcard.String())
	}
	switch {
	case c.BigGin:
		w = append(w, "big-gin")
	case c.Knock:
		w = append(w, "knock", c.Discard.String())
	case c.Discard != ginrummy.NoCard:
		w = append(w, "throw", c.Discard.String())
	}
	return strings.Join(w, " ")
}

// The JSON of gin review; its fields are documented in docs/review.md.
type (
	reviewJSON struct {
		Objective  string             `json:"objective,omitempty"` // game or net; absent by the hand
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
		Score     *[2]int        `json:"score,omitempty"`
		Boxes     *[2]int        `json:"boxes,omitempty"`
		Decisions []decisionJSON `json:"decisions"`
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
	}
	reviewPlayerJSON struct {
		Name          string  `json:"name"`
		Decisions     int     `json:"decisions"`
		Lost          float64 `json:"lost"`
		MeanLoss      float64 `json:"mean_loss"`
		MeanLossError float64 `json:"mean_loss_error"`
		Inaccuracies  int     `json:"inaccuracies"`
		Mistakes      int     `json:"mistakes"`
		Blunders      int     `json:"blunders"`
	}
)

func reviewJSONOf(hands []reviewed, decisions [][]review.Decision, players []review.Player, set advice.Settings) reviewJSON {
	j := reviewJSON{
		Thresholds: thresholdsJSON{review.Sure, review.InaccuracyAt, review.MistakeAt, review.BlunderAt},
		Samples:    orDefault(set.Samples, advice.DefaultSamples), Playouts: orDefault(set.Playouts, advice.DefaultPlayouts), Seed: set.Seed,
		Hands: []reviewHandJSON{}, Players: []reviewPlayerJSON{},
	}
	if set.Objective != equity.Hand {
		j.Objective = set.Objective.String()
	}
	for i, h := range hands {
		rec := h.hand.Record
		hj := reviewHandJSON{File: h.path, Players: rec.Players, Rules: h.hand.Rules.Name, Decisions: []decisionJSON{}}
		if t := h.hand.Score; t != nil && set.Objective != equity.Hand {
			hj.Score, hj.Boxes = &t.Points, &t.Boxes
		}
		for _, d := range decisions[i] {
			hj.Decisions = append(hj.Decisions, decisionJSON{
				Player: rec.Players[d.Player], Turn: d.Turn, Line: d.Line, Kind: d.Kind.String(),
				Made: actionWords(d.Made), Best: actionWords(d.Best),
				Loss: round(d.Loss, 3), LossError: round(d.StdErr, 3), Tag: d.Tag.String(),
			})
		}
		j.Hands = append(j.Hands, hj)
	}
	for _, p := range players {
		j.Players = append(j.Players, reviewPlayerJSON{
			Name: p.Name, Decisions: p.Decisions, Lost: round(p.Lost, 3), MeanLoss: round(p.Mean(), 4), MeanLossError: round(p.MeanStdErr(), 4),
			Inaccuracies: p.Tags[review.Inaccuracy], Mistakes: p.Tags[review.Mistake], Blunders: p.Tags[review.Blunder],
		})
	}
	return j
}

// orDefault is n, or def when n is 0.
func orDefault(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}
