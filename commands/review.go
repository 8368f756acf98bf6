package commands

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/equity"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/handfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

func reviewCommand() *cli.Command {
	flags := append(outputFlags("print the review as one JSON object"), plainFlag(),
		boolFlag("all", "list every decision, not only those tagged (that lost points beyond their error), each with its options ranked"),
		boolFlag("practice", "ask again the decisions that lost most, worst first: answer each in gin hand's words (draw, take throw 9d, throw Kc, knock 9d)"),
		&cli.StringFlag{Name: "player", Usage: "with --practice, the decisions of the player `NAME` only"},
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
			"10. A line is printed for each, with a chart of the hand (each player's value turn by\n"+
			"turn, the costly turns marked), then each player's decisions, points lost, tags,\n"+
			"accuracy and luck (what the cards drawn gave against what the stock was expected to\n"+
			"give), over all the records given. A folder gives every record (*.txt) in it.\n"+
			"--practice asks again the decisions that lost most, each position as gin hand shows it.\n"+
			"docs/review.md says how a loss is computed. With the game's score before a hand (read from the sheet a record\n"+
			"was scored on with gin sheet add --hand, or --score A-B, the record's players in\n"+
			"order; or carried by the record, as gin hand new writes it for a sheet), its decisions\n"+
			"are valued by the game, as gin advise values them; the first line names the yardstick.\n"+
			"Each record is printed as soon as it is reviewed; Ctrl-C stops the review and prints\n"+
			"what was done.",
			example{"the hand just played", "gin review gin-hand.txt"},
			example{"an evening's hands, every decision, as JSON", "gin review --all --json hands/"},
			example{"practise Ann's worst decisions of the evening", "gin review --practice --player Ann hands/"},
		),
		Flags:        flags,
		Action:       runReview,
		BashComplete: runReviewArgs,
	}
}

// runReviewArgs completes gin review's arguments: the hand records (*.txt) in
// the folder of the word typed, with the folders left to the shell.
func runReviewArgs(c *cli.Context) {
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

// listed is a record to review as the first pass keeps it, to choose the
// yardstick before the first is valued: its path, rules and score, and no
// more, so that what is held does not grow with the records' moves. Its
// turn opens the record again (handfile.Begin).
type listed struct {
	path  string
	sheet string // the sheet the record names, as a path from here
	rules ginrummy.Rules
	score *ginrummy.Tally // the game's before the hand, the record's players in order; nil when not known
	// header is the record's score statement when the score is its own:
	// an error about it is the record's, at its line.
	header *scoreHeader
	// opponents is, for each player of the record, how the other plays as
	// the records of its folder reviewed before it show it (earlierHands);
	// nil where they show nothing.
	opponents [2]*advice.Style
	// digest is the record's as listed: it is read again at its turn (to
	// keep memory flat), and must be the record listed.
	digest string
}

// open reads the record listed again, at its turn: the record as listed,
// with the score and what was learnt of the players from the listing. A
// record changed meanwhile (a move played at another terminal) is refused,
// as its score and what was learnt were the record's as listed.
func (h listed) open() (review.Recorded, error) {
	sess, err := handfile.Begin(h.path)
	if err != nil {
		return review.Recorded{}, err
	}
	if record.Digest(sess.Record) != h.digest {
		return review.Recorded{}, &handfile.Error{Path: h.path, Err: errors.New("the record changed while the review ran (a move added or taken back?): nothing more is reviewed; run gin review again")}
	}
	return review.Recorded{Session: sess, Score: h.score, Opponents: h.opponents}, nil
}

// earlierHands is what the records of one folder read so far show of how
// each player plays: each hand whose end a record shows, as the other
// player saw it end (record.Shown), oldest first, at most the latest
// handfile.MaxHistoryFiles records' (as gin advise --hand reads at most);
// a record held twice (the same digest) counts once.
type earlierHands struct {
	hands   []shownHand
	records int
	digests map[string]bool
}

// shownHand is a hand of the player named, as the other player saw it end.
type shownHand struct {
	record int // the record's place among the folder's read
	name   string
	seen   table.Shown
}

// styleOf is how the player named plays, as the hands so far show it
// (advice.LearnStyle, the latest first as handfile.ReadHistory gives them);
// nil when none shows their play.
func (e *earlierHands) styleOf(name string) *advice.Style {
	var seen []table.Shown
	for k := len(e.hands) - 1; k >= 0; k-- {
		if ginrummy.SameName(e.hands[k].name, name) {
			seen = append(seen, e.hands[k].seen)
		}
	}
	if len(seen) == 0 {
		return nil
	}
	st := advice.LearnStyle(seen)
	return &st
}

// add counts the hand of the session sess, carried out to its end: each
// player's, where the record shows its end.
func (e *earlierHands) add(sess *record.Session) {
	d := record.Digest(sess.Record)
	if e.digests[d] || sess.Forward() != nil {
		return // counted, or breaking a rule of play: the review says so in its turn
	}
	e.digests[d] = true
	e.records++
	for p, name := range sess.Record.Players {
		if s, ok := record.Shown(sess.Round(), 1-p); ok {
			e.hands = append(e.hands, shownHand{e.records, name, s})
		}
	}
	if first := e.records - handfile.MaxHistoryFiles; first > 0 {
		e.hands = slices.DeleteFunc(e.hands, func(h shownHand) bool { return h.record <= first })
	}
}

// listRecords reads every record at paths first (parsed, its rules
// resolved, its moves carried out), so that one that does not read stops
// the review before anything is printed, and its score is known before the
// first is valued (unless scoreGiven: --score gives it); only its path,
// rules and score are kept, and its turn reads it again, so that what is
// held does not grow with the records' moves.
//
// Each record's players are advised with how the other plays, as the
// records of the same folder before it show it (earlierHands): a folder's
// records come in the order of their names, numbers by value, the order
// gin hand and gin arena --record number the hands in.
func listRecords(paths []string, scoreGiven bool) ([]listed, error) {
	hands := make([]listed, len(paths))
	sheetsRead := map[string]*sheets.Score{}
	folders := map[string]*earlierHands{}
	for i, path := range paths {
		sess, err := handfile.Begin(path)
		if err != nil {
			return nil, err
		}
		rec, rules := sess.Record, sess.Rules
		hands[i] = listed{path: path, sheet: sheets.RecordSheet(rec, path), rules: rules, digest: record.Digest(rec)}
		if err := headerGames(rec, rules); err != nil {
			return nil, &handfile.Error{Path: path, Err: err}
		}
		dir := filepath.Dir(path)
		earlier := folders[dir]
		if earlier == nil {
			earlier = &earlierHands{digests: map[string]bool{}}
			folders[dir] = earlier
		}
		for p := range rec.Players {
			if rec.Deals[p] != 0 {
				hands[i].opponents[p] = earlier.styleOf(rec.Players[1-p])
			}
		}
		earlier.add(sess)
		if scoreGiven {
			continue
		}
		// The sheet a record is scored on has its score before the hand,
		// as edited since; the record's own says it elsewhere.
		hands[i].score = sheetScore(sheetsRead, rec, path)
		if hands[i].score == nil {
			hands[i].score = recordScore(rec, rules)
			if hands[i].score != nil {
				hands[i].header = &scoreHeader{players: rec.Players, line: rec.ScoreLine, words: headerWords(rec)}
			}
		}
	}
	return hands, nil
}

// scoreHeader is a record's score statement, for an error about it.
type scoreHeader struct {
	players [2]string
	line    int
	words   string // as headerWords writes it
}

func runReview(c *cli.Context) error {
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	if !c.Args().Present() {
		return errors.New("review: give the hand records to review, files or folders (gin review gin-hand.txt)")
	}
	if slices.Contains(c.Args().Slice(), "") {
		return errors.New("review: a file name is empty: give the hand records to review, files or folders")
	}
	var pr *practice
	switch {
	case c.Bool("practice") && c.Bool("json"):
		return errors.New("--practice asks its questions in text: give it without --json")
	case c.Bool("practice"):
		pr = &practice{player: c.String("player")}
		if c.IsSet("player") && strings.TrimSpace(pr.player) == "" {
			return errors.New("--player: the name is empty: give the player whose decisions to practise")
		}
	case c.IsSet("player"):
		return errors.New("--player goes with --practice: the decisions of that player, asked again")
	}
	paths, repeats, err := reviewPaths(c.Args().Slice())
	if err != nil {
		return err
	}
	for _, r := range repeats {
		_, _ = io.WriteString(c.App.ErrWriter, repeatNote(r, "reviewed once")) // a note: nothing to do if stderr is gone
	}
	hands, err := listRecords(paths, c.IsSet("score"))
	if err != nil {
		return err
	}
	set, err := readAdviceArgs(c).settings(ginrummy.Rules{})
	if err != nil {
		return err
	}
	if set.Objective, err = reviewGame(c, hands); err != nil {
		return err
	}
	rs := review.Settings{Advice: set}
	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C ends gin at once, as it ends any program
	}()
	// The bar counts the records, or the positions of a lone record.
	var bar *progress
	if len(hands) == 1 {
		var once sync.Once
		rs.Progress = func(done, total int) {
			once.Do(func() { bar = newProgressOn(c.App.ErrWriter, total, "positions") })
			bar.Set(done, total)
		}
	} else {
		bar = newProgressOn(c.App.ErrWriter, len(hands), "records")
	}
	out := reviewOutput{w: c.App.Writer, s: s, set: set, all: c.Bool("all"), json: c.Bool("json"), bar: bar}
	next := 0
	err = review.Stream(ctx, func() (review.Recorded, bool, error) {
		if next == len(hands) {
			return review.Recorded{}, false, nil
		}
		h := hands[next]
		next++
		r, err := h.open()
		return r, err == nil, err
	}, rs, func(i int, h review.Recorded, ds []review.Decision) error {
		if pr != nil {
			pr.add(hands[i].path, h, ds)
			bar.Add(1)
			return nil
		}
		return out.hand(render.ReviewedHand{Path: hands[i].path, Hand: h}, i, ds)
	})
	bar.Finish()
	var re *review.Error
	switch {
	case ctx.Err() != nil: // stopped by Ctrl-C: what was done is printed
	case errors.As(err, &re):
		return &handfile.Error{Path: hands[re.Hand].path, Err: err}
	case err != nil:
		return err
	}
	if pr != nil {
		if ctx.Err() != nil {
			return exitStatus(ExitInterrupted)
		}
		stop() // the review is done: Ctrl-C at a question is the prompt's (the line typed rubbed out, at a terminal), else ends gin
		return pr.ask(c.App.Writer, c.App.ErrWriter, s, c.App.Reader)
	}
	if err := out.end(len(hands), ctx.Err() != nil); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return exitStatus(ExitInterrupted)
	}
	return nil
}

// reviewOutput prints a review as its hands are reviewed: a hand's lines
// (or its JSON) as soon as it is done, the players' table at the end.
type reviewOutput struct {
	w         io.Writer // the app's writer
	s         *render.Style
	set       advice.Settings
	all, json bool
	bar       *progress // wiped before each hand is printed, then drawn again

	begun    bool // the first line is printed
	listed   bool // a decision was listed
	reviewed int  // the hands reviewed
	players  review.Roster
}

// begin prints, once, what comes before the first hand: the JSON's
// opening, or the line that names the objective, the yardstick of every
// loss. It waits for the first hand reviewed, so that a review stopped by
// its first record prints nothing.
func (o *reviewOutput) begin() error {
	if o.begun {
		return nil
	}
	o.begun = true
	if !o.json {
		return render.WriteTo(o.w, []byte(render.Yardstick(o.set.Objective)+"\n"))
	}
	head, err := render.ReviewJSONHead(o.set)
	if err != nil {
		return err
	}
	_, err = o.w.Write(head)
	return err
}

// hand prints hand h, the i-th, reviewed, and counts its decisions.
func (o *reviewOutput) hand(h render.ReviewedHand, i int, ds []review.Decision) error {
	o.players.Add(h.Hand.Record, ds)
	o.reviewed++
	defer o.bar.Add(1)
	o.bar.Clear()
	if err := o.begin(); err != nil {
		return err
	}
	if o.json {
		b, err := render.ReviewJSONHand(h, i, ds, o.set)
		if err != nil {
			return err
		}
		o.bar.Clear()
		_, err = o.w.Write(b)
		return err
	}
	if render.ListsAny(ds, o.all) {
		if sess, err := record.Open(h.Hand.Record, h.Hand.Rules); err == nil {
			h.End = sess.Round()
		}
	}
	b := o.s.AppendReviewedHand(nil, h, ds, o.all, o.set.Objective)
	if len(b) == 0 {
		return nil
	}
	if o.listed {
		b = append([]byte{'\n'}, b...) // a hand's chart ends it: a line apart from the next
	}
	o.listed = true
	o.bar.Clear()
	return render.WriteTo(o.w, b)
}

// end prints what comes after the last hand reviewed (of total): the
// players' summaries; stopped says the review was stopped before the end.
func (o *reviewOutput) end(total int, stopped bool) error {
	if stopped && o.reviewed == 0 && !o.json {
		// Nothing was measured: no yardstick, no table of nobody.
		return render.WriteTo(o.w, o.s.AppendReviewStopped(nil, 0, total))
	}
	if err := o.begin(); err != nil {
		return err
	}
	players := o.players.Players()
	if o.json {
		tail, err := render.ReviewJSONEnd(players, stopped)
		if err != nil {
			return err
		}
		_, err = o.w.Write(tail)
		return err
	}
	var b []byte
	if stopped {
		b = o.s.AppendReviewStopped(b, o.reviewed, total)
	}
	return render.WriteTo(o.w, o.s.AppendReviewEnd(b, players, o.listed, o.set.Objective))
}

// reviewGame reads gin review's objective and the game's score before each
// hand: given with --score for one record, or, for records scored on the
// sheet they name (gin sheet add --hand), read from that sheet. By the game
// is the default when every record has its score.
func reviewGame(c *cli.Context, hands []listed) (equity.Objective, error) {
	scored := 0
	for _, h := range hands {
		if h.score != nil {
			scored++
		}
	}
	obj := equity.Hand
	if c.IsSet("score") || scored == len(hands) {
		obj = equity.Game
	}
	if c.IsSet("objective") {
		word := c.String("objective")
		if err := obj.UnmarshalText([]byte(word)); err != nil {
			return 0, withSuggestion(fmt.Errorf("--objective %s: give game, net or hand", render.ShellQuote(word)), word, equity.ObjectiveNames()...)
		}
	}
	switch {
	case c.IsSet("boxes") && !c.IsSet("score"):
		return 0, errors.New("--boxes goes with --score A-B")
	case obj == equity.Hand && !c.IsSet("objective") && scored > 0:
		// Records of two yardsticks: one for them all, said.
		var unscored []string
		for _, h := range hands {
			if h.score == nil {
				unscored = append(unscored, yamlfile.Printable(h.path))
			}
		}
		if len(unscored) > 3 {
			unscored = append(unscored[:3], fmt.Sprintf("%s more", render.Thousands(len(unscored)-3)))
		}
		_, _ = fmt.Fprintf(c.App.ErrWriter, "gin: note: records of two yardsticks: %s of the %s carry the game's score before the hand, and could be valued by the game, but %s do not (%s): all are valued by the hand's points; review those with a score apart to value them by the game\n",
			render.Thousands(scored), render.Thousands(len(hands)), render.Thousands(len(hands)-scored), strings.Join(unscored, ", ")) // a note: nothing to do if stderr is gone
		fallthrough
	case obj == equity.Hand:
		for i := range hands {
			hands[i].score = nil
		}
		return obj, nil
	case !c.IsSet("score") && scored == len(hands):
		for _, h := range hands {
			if err := checkGame(obj, h, h.sheet); err != nil {
				return 0, err
			}
		}
		return obj, nil
	case !c.IsSet("score"):
		for _, h := range hands {
			if h.rules.GamesAtOnce > 1 {
				return 0, fmt.Errorf("%s: %w", yamlfile.Printable(h.path), checkGame(obj, h, ""))
			}
			if h.score == nil {
				return 0, fmt.Errorf("--objective %s values the game from its score before the hand: %s is not scored on a score sheet, nor carries its score (a score statement, as gin hand new writes for a sheet; or a record names its sheet, and gin sheet add --hand scores it there); give --score A-B for one record, the hand points before the hand of the record's first player, then the second's", obj, yamlfile.Printable(h.path))
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
		t.Boxes = defaultBoxes(t.Points)
	}
	hands[0].score = &t
	return obj, checkGame(obj, hands[0], "")
}

// checkGame checks that the game's value is known at a record's score:
// a score the record carries (h.header) that no game can be at is the
// record's error, at its score statement.
func checkGame(obj equity.Objective, h listed, sheet string) error {
	rules := h.rules
	if rules.GamesAtOnce > 1 {
		return fmt.Errorf("--objective %s: a review by the game keeps one game's score, and the record is played under Hollywood's %d games at once; give --objective hand (gin advise --score values a position by the match)", obj, rules.GamesAtOnce)
	}
	g := gameSetting{objective: obj, state: equity.State{Points: h.score.Points, Boxes: h.score.Boxes}, sheet: sheet}
	tab, err := equity.For(rules)
	if err == nil {
		err = tab.Check(g.state)
	}
	if err == nil {
		return nil
	}
	if h.header != nil {
		if herr := headerError(h, err); herr != nil {
			return herr
		}
	}
	return gameError(g, rules, err)
}

// headerGames refuses a record whose score statement gives the scores of
// a number of games the rules do not play at once (one, or Hollywood's
// three), at the statement's line.
func headerGames(rec *record.Record, rules ginrummy.Rules) error {
	games := max(rules.GamesAtOnce, 1)
	if len(rec.Score) == 0 || len(rec.Score) == games {
		return nil
	}
	what := "one game at a time: give one pair (score 30 55)"
	if games > 1 {
		what = fmt.Sprintf("%d games at once: give a pair for each game (score 30 55, 10 0, 0 0)", games)
	}
	return fmt.Errorf("line %d: %s: the scores of %d %s, but the rules (%s) play %s", rec.ScoreLine, headerWords(rec),
		len(rec.Score), render.Plural(len(rec.Score), "game", "games"), yamlfile.Printable(rules.Name), what)
}

// headerWords is a record's score statement, with its boxes, as written:
// "score 30 55, boxes 2 3".
func headerWords(rec *record.Record) string {
	pairs := func(f func(ginrummy.Tally) [2]int) string {
		var w []string
		for _, t := range rec.Score {
			p := f(t)
			w = append(w, fmt.Sprintf("%d %d", p[0], p[1]))
		}
		return strings.Join(w, ", ")
	}
	out := "score " + pairs(func(t ginrummy.Tally) [2]int { return t.Points })
	if rec.HasBoxes {
		out += "; boxes " + pairs(func(t ginrummy.Tally) [2]int { return t.Boxes })
	}
	return out
}

// headerError words err, the game's table refusing the score a record
// carries (h.header), as the record's, at its score statement: the score
// no game can be at, by the record's players; nil for an error that is
// not the score's.
func headerError(h listed, err error) error {
	rules, t := h.rules, h.score
	name := func(p int) string { return yamlfile.Printable(h.header.players[p]) }
	var what string
	be, isBoxes := errors.AsType[*equity.BoxesError](err)
	se, isState := errors.AsType[*equity.StateError](err)
	switch {
	case errors.Is(err, equity.ErrGameOver):
		who := name(0) + " has"
		switch {
		case min(t.Points[0], t.Points[1]) >= rules.Target:
			who = name(0) + " and " + name(1) + " have"
		case t.Points[1] >= rules.Target:
			who = name(1) + " has"
		}
		what = fmt.Sprintf("%s reached the target of %d: the game was over before this hand", who, rules.Target)
	case errors.Is(err, equity.ErrHandLimit):
		what = fmt.Sprintf("%d hands have been won and a player leads: the game ended at the hand limit of %d", t.Boxes[0]+t.Boxes[1], rules.HandLimit)
	case isBoxes && errors.Is(err, equity.ErrPointsNoHand):
		what = fmt.Sprintf("%s has %d points, so has won a hand or more, not 0", name(be.Player), be.Points)
	case isBoxes:
		least := be.Boxes * be.Least
		what = fmt.Sprintf("%s has won %d %s, each worth %d %s or more by these rules, so has %d %s or more, not %d", name(be.Player),
			be.Boxes, render.Plural(be.Boxes, "hand", "hands"), be.Least, render.Plural(be.Least, "point", "points"), least, render.Plural(least, "point", "points"), be.Points)
	case isState:
		what = fmt.Sprintf("the %s: %v", se.Field, se.Err)
	default:
		return nil
	}
	return &handfile.Error{Path: h.path, Err: fmt.Errorf("line %d: %s: %s: correct the record's score and boxes lines, or delete them", h.header.line, h.header.words, what)}
}

// recordScore is the game's score before the hand that record rec carries
// (its score and boxes statements, as gin hand new writes them for a
// sheet), in the record's order of players; nil when it carries none, or
// under Hollywood (several games at once: a review by the game keeps one).
// Without boxes, each player with points has won one hand, as --score
// takes it.
func recordScore(rec *record.Record, rules ginrummy.Rules) *ginrummy.Tally {
	if len(rec.Score) != 1 || rules.GamesAtOnce > 1 {
		return nil
	}
	t := rec.Score[0]
	if !rec.HasBoxes {
		t.Boxes = defaultBoxes(t.Points)
	}
	return &t
}

// defaultBoxes is the hands won that a score implies at least: one for each
// player with points.
func defaultBoxes(points [2]int) [2]int {
	var b [2]int
	for p := range 2 {
		if points[p] > 0 {
			b[p] = 1
		}
	}
	return b
}

// sheetScore is the game's score before the hand of record rec, at
// path, when it is scored on the sheet it names (the sheet holds a hand
// with the record's digest), in the record's order of players: the running
// totals of the hand before it, and the hands each had won. Sheets are
// read, never written, each once (read keeps them by path); a record that
// names none, whose sheet does not load, that the sheet does not hold, or
// under Hollywood (three games at once), gets none: nil.
func sheetScore(read map[string]*sheets.Score, rec *record.Record, path string) *ginrummy.Tally {
	sheet := sheets.RecordSheet(rec, path)
	if sheet == "" {
		return nil
	}
	sc, ok := read[sheet]
	if !ok {
		sc, _ = sheets.Show(sheet) // nil when it does not load: no score
		read[sheet] = sc
	}
	if sc == nil || sc.Games != nil {
		return nil
	}
	if t, ok := sc.BeforeRecord(rec); ok {
		return &t[0]
	}
	return nil
}

// reviewPaths lists the records the arguments name: a file itself, a
// folder every regular file in it whose name ends in .txt, in the order of
// their names with numbers by value (hand-2 before hand-10). Each file is
// listed once, by its first name: a name that is a file already listed (a
// file given twice, or written two ways, dup/a.txt and ./dup/a.txt, or in
// a folder given too) is returned as a Repeat.
func reviewPaths(args []string) ([]string, []sheets.Repeat, error) {
	var out []string
	var repeats []sheets.Repeat
	type stamp struct{ size, modified int64 } // files that differ here are not the same
	seen := map[stamp][]int{}                 // the files listed of each stamp
	var infos []fs.FileInfo                   // each listed file's
	add := func(path string, info fs.FileInfo) {
		k := stamp{info.Size(), info.ModTime().UnixNano()}
		for _, i := range seen[k] {
			if os.SameFile(infos[i], info) {
				repeats = append(repeats, sheets.Repeat{Path: path, Same: out[i]})
				return
			}
		}
		seen[k] = append(seen[k], len(out))
		out, infos = append(out, path), append(infos, info)
	}
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, nil, fmt.Errorf("%s: no such file or folder", yamlfile.Printable(arg))
			}
			return nil, nil, err
		}
		if !info.IsDir() {
			add(arg, info)
			continue
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, nil, err
		}
		var files []fs.DirEntry
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".txt") {
				files = append(files, e)
			}
		}
		if len(files) == 0 {
			return nil, nil, fmt.Errorf("%s: a folder with no hand records in it (files named *.txt)", yamlfile.Printable(arg))
		}
		slices.SortFunc(files, func(a, b fs.DirEntry) int { return naturalCompare(a.Name(), b.Name()) })
		for _, e := range files {
			info, err := e.Info()
			if err != nil {
				return nil, nil, err
			}
			add(filepath.Join(arg, e.Name()), info)
		}
	}
	return out, repeats, nil
}

// repeatNote is the note on stderr of a file named again (r), left out:
// once says what is done with it ("counted once").
func repeatNote(r sheets.Repeat, once string) string {
	if r.Path != r.Same {
		return fmt.Sprintf("gin: %s is the same file as %s: %s\n", render.ShellQuote(r.Path), render.ShellQuote(r.Same), once)
	}
	return fmt.Sprintf("gin: %s is given again: %s\n", render.ShellQuote(r.Path), once)
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
