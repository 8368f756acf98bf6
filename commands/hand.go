package commands

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/table"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/handfile"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

func handFileFlag() cli.Flag {
	return &cli.StringFlag{Name: "hand", Usage: "the hand record `FILE`", DefaultText: "$GIN_HAND, else ./" + handfile.DefaultPath, TakesFile: true}
}

// handEffortFlags are the advice's flags that gin hand advise takes.
func handEffortFlags() []cli.Flag {
	return []cli.Flag{
		numberFlag("samples", fmt.Sprintf("opponent hands to sample, `N` (default %d)", advice.DefaultSamples)),
		numberFlag("playouts", fmt.Sprintf("plays of the rest of the hand per option on average, `N` (default %d; the options that can still be best get more)", advice.DefaultPlayouts)),
		numberFlag("seed", "the seed of the random choices, `N`: the same seed gives the same advice (default 1)"),
	}
}

func handCommand() *cli.Command {
	flags := append([]cli.Flag{handFileFlag()}, outputFlags("print the advice as one JSON object")...)
	flags = append(flags, plainFlag())
	flags = append(flags, handEffortFlags()...)
	return &cli.Command{
		Name:      "hand",
		Usage:     "follow a hand as it is played: record each move, see the position, ask for advice",
		ArgsUsage: "[NAME] MOVE...",
		Description: describe("Keeps one hand as it is played at a real table, in a hand record (docs/hands.md):\n"+
			"start it with gin hand new, then give each move as it happens, with short words: your\n"+
			"draw and its card, a take, a throw, a knock; the other player's take, draw, throw or\n"+
			"pass. A move without a name is the move of the player whose turn it is. Each move is\n"+
			"checked against the rules of play and written at once; a move that is refused writes\n"+
			"nothing. A move says what it did and whose move is next (gin hand show shows the whole\n"+
			"position), and when a decision of yours is due at a terminal, the advice. With no move\n"+
			"given it reads moves from stdin, a line each, with show, undo, advise and quit as words\n"+
			"of their own, and shows the position after each.",
			example{"start a hand: your ten cards and the face-up card (players, rules and dealer from the score sheet)", "gin hand new --me Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --upcard 5s"},
			example{"the other player passes the first upcard", "gin hand pass"},
			example{"you draw the 6♥ and throw the 9♦", "gin hand draw 6h throw 9d"},
			example{"Bob takes the 9♦ and throws the Q♠", "gin hand Bob take throw Qs"},
		),
		Flags:  flags,
		Before: runFlagsAfterSubcommand,
		Action: runHand,
		Subcommands: []*cli.Command{
			handNewCommand(),
			handWord(cli.Command{
				Name:  "show",
				Usage: "show the hand: your cards in melds, the pile, what the other player took, threw and passed, the stock, whose turn",
				Description: describe("Shows the hand as you see it now, from the hand record: your cards in melds and their\n"+
					"deadwood, the face-up card and the pile under it, what the other player took, threw and\n"+
					"passed, the stock, and whose move it is; after the end, how the hand was laid down\n"+
					"(melds, layoffs, deadwood) and scored.",
					example{"the hand now", "gin hand show"},
					example{"a hand kept in another file", "gin hand show --hand gin-hand-2.txt"},
				),
				Flags: []cli.Flag{handFileFlag(), plainFlag(), colorFlag()},
			}),
			handWord(cli.Command{
				Name:  "undo",
				Usage: "take back the last line of moves written to the hand record",
				Description: describe("Takes back the moves of the last line written, as if they had not been entered (a draw\n"+
					"with its card and the throw typed with it, a knock, the cards shown), and shows the\n"+
					"hand as it was before them.",
					example{"take back the last move", "gin hand undo"},
					example{"in another record", "gin hand undo --hand gin-hand-2.txt"},
				),
				Flags: []cli.Flag{handFileFlag(), plainFlag(), colorFlag()},
			}),
			handWord(cli.Command{
				Name:  "advise",
				Usage: "advise at the hand's last point: take or draw, what to throw, knock or not",
				Description: describe("Advises you at the hand's last point, as gin advise does with every flag of the position\n"+
					"filled in from the record: what you hold, the pile, what the other player took, threw\n"+
					"and passed, the stock. The same as gin advise --hand FILE.",
					example{"advise now", "gin hand advise"},
					example{"as one JSON object, with more samples", "gin hand advise --json --samples 5000"},
				),
				Flags: append(append([]cli.Flag{handFileFlag(), plainFlag()}, outputFlags("print the advice as one JSON object")...), handEffortFlags()...),
			}),
		},
	}
}

// handWord is a subcommand that does what its name does as a line of gin
// hand (show, undo, advise).
func handWord(cmd cli.Command) *cli.Command {
	cmd.Action = func(c *cli.Context) error {
		// show at a terminal glances at the advice when a decision is
		// yours, as a move typed there does.
		return handLine(c, []string{cmd.Name}, lineMode{whole: true, advise: (cmd.Name == "show" || cmd.Name == "undo") && render.IsTerminal(c.App.Writer)})
	}
	return &cmd
}

// colorFlag is --color alone, for commands that print no JSON.
func colorFlag() cli.Flag { return outputFlags("")[1] }

func handNewCommand() *cli.Command {
	flags := []cli.Flag{
		handFileFlag(),
		&cli.StringFlag{Name: "upcard", Usage: "the first face-up `CARD`"},
		&cli.StringFlag{Name: "me", Usage: "which player you are, `NAME` (any unique prefix)"},
		&cli.StringFlag{Name: "players", Usage: "the two players, `NAME,NAME` (default: the score sheet's)"},
		&cli.StringFlag{Name: "dealer", Usage: "who dealt, `NAME` (default: who deals next on the score sheet)"},
		&cli.StringFlag{Name: "rules", Usage: "the rules, a preset `NAME` or a rules file (default: the score sheet's preset, else classic)", TakesFile: true},
		&cli.StringFlag{Name: "sheet", Usage: "the score sheet `FILE` the players, rules and dealer come from", DefaultText: "$GIN_SHEET, else ./" + sheets.DefaultPath, TakesFile: true},
		boolFlag("force", "start a new hand over one still in play, which is kept with .bak added to its name"),
		plainFlag(), colorFlag(),
	}
	return &cli.Command{
		Name:      "new",
		Usage:     "start following a hand: your ten cards and the face-up card",
		ArgsUsage: "CARDS...",
		Description: describe("Starts a hand record from the ten cards you were dealt and the face-up card. The players,\n"+
			"the rules and the dealer come from the score sheet (the dealer is who deals next there),\n"+
			"or from --players, --rules and --dealer. A record of a hand that has ended is kept under\n"+
			"a free name beside it (gin-hand-1.txt, -2, …) for gin review; one still in play is kept\n"+
			"only with --force.",
			example{"start a hand", "gin hand new --me Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --upcard 5s"},
			example{"without a score sheet", "gin hand new --players Ann,Bob --dealer Bob --me Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --upcard 5s"},
		),
		Flags:  flags,
		Action: runHandNew,
	}
}

// handPath is the hand record a command works on: --hand, else $GIN_HAND,
// else ./gin-hand.txt.
func handPath(c *cli.Context) (string, error) {
	if c.IsSet("hand") {
		if p := c.String("hand"); p != "" {
			return p, nil
		}
		return "", errors.New("--hand: the file name is empty")
	}
	if p := os.Getenv("GIN_HAND"); p != "" {
		return p, nil
	}
	return handfile.DefaultPath, nil
}

func runHandNew(c *cli.Context) error {
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	path, err := handPath(c)
	if err != nil {
		return err
	}
	if !c.Args().Present() {
		return errors.New("hand new: give the ten cards you were dealt, and --upcard CARD")
	}
	deal, err := ginrummy.ParseHand(strings.Join(c.Args().Slice(), " "))
	if err != nil {
		return err
	}
	if n := deal.Len(); n != table.DealtCards {
		return fmt.Errorf("hand new: %d cards given: give the ten you were dealt", n)
	}
	if !c.IsSet("upcard") {
		return errors.New("hand new: give the face-up card with --upcard CARD")
	}
	upcard, err := cardFlag("upcard", c.String("upcard"), c.IsSet("upcard"))
	if err != nil {
		return err
	}
	rec := &record.Record{Upcard: upcard, Dealer: -1}
	var sc *sheets.Score
	sheetFile, err := sheetPath(c)
	if err != nil {
		return err
	}
	if got, err := sheets.Show(sheetFile); err == nil {
		sc = got
		rec.Sheet = relativeTo(path, sheetFile) // the sheet the hand is for
	} else if c.IsSet("sheet") {
		return err
	}
	switch {
	case c.IsSet("players"):
		names := strings.Split(c.String("players"), ",")
		if len(names) != 2 {
			return fmt.Errorf("--players %s: give two names, NAME,NAME", render.ShellQuote(c.String("players")))
		}
		for i, n := range names {
			rec.Players[i] = ginrummy.PlayerName(strings.TrimSpace(n)) // as a sheet holds it
		}
	case sc != nil:
		rec.Players = sc.Players
	default:
		return errors.New("hand new: no score sheet here to take the players from: give --players NAME,NAME and --dealer NAME")
	}
	for _, n := range rec.Players {
		if err := record.NameError(n); err != nil {
			return fmt.Errorf("--players: %w", err)
		}
	}
	if ginrummy.SameName(rec.Players[0], rec.Players[1]) {
		return fmt.Errorf("--players: both players are %q: give two names", rec.Players[0])
	}
	player := func(flag, name string) (int, error) { return namedPlayer(rec, flag, name) }
	switch {
	case c.IsSet("dealer"):
		if rec.Dealer, err = player("dealer", c.String("dealer")); err != nil {
			return err
		}
	case sc != nil && sc.Result == nil:
		if rec.Dealer, err = player("dealer", sc.NextDealer); err != nil {
			return err
		}
	default:
		return errors.New("hand new: say who dealt: --dealer NAME")
	}
	sc.Carry(rec) // so that the record, read anywhere, is valued by the game
	if !c.IsSet("me") {
		return fmt.Errorf("hand new: say which player you are: --me %s or --me %s", render.ShellQuote(rec.Players[0]), render.ShellQuote(rec.Players[1]))
	}
	me, err := player("me", c.String("me"))
	if err != nil {
		return err
	}
	rec.Deals[me] = deal
	switch {
	case c.IsSet("rules"):
		rec.Rules = c.String("rules")
		if _, err := rulesfile.LoadSpec(rec.Rules); err != nil {
			return fmt.Errorf("--rules: %w", err)
		}
		// A rules file as typed here, named from the record's folder.
		if info, err := os.Stat(rec.Rules); err == nil && info.Mode().IsRegular() {
			rec.Rules = relativeTo(path, rec.Rules)
		}
	case sc != nil:
		rec.Rules = sc.Rules.Preset
		sheetRules, err := sc.Rules.Resolve()
		preset, perr := ginrummy.Preset(rec.Rules)
		if err == nil && perr == nil && !sheetRules.PlaysAlike(preset) {
			return fmt.Errorf("hand new: the sheet's rules change how a hand is played or scored (%s), which a hand record names only as a rules file: give --rules FILE (gin rules show writes one)", strings.Join(sc.Rules.Changes(), ", "))
		}
	}
	sess, err := handfile.OpenRecord(rec, path)
	if err != nil {
		return err
	}
	rules, round := sess.Rules, sess.Round()
	if rec.Rules == "" {
		rec.Rules = rules.Name
	}
	unscored := false // the record replaced ended, scored, and is not on the sheet
	kept, err := handfile.Create(path, record.Format(rec), c.Bool("force"), func(old *record.Session) bool {
		r := old.Round()
		if r.Scored() && sc != nil && sheets.ForSheet(old.Record, path, sheetFile) {
			// Scored on this sheet, or on its game before, which the
			// next game's sheet put beside it.
			where, _ := sheets.ScoredAs(sheetFile, sc, record.Digest(old.Record))
			unscored = where == ""
		}
		return r.Ended()
	})
	if errors.Is(err, handfile.ErrInPlay) {
		return fmt.Errorf("%w: finish it, or give --force to keep it as %s and start anew", err, render.ShellQuote(path+".bak"))
	}
	if err != nil {
		return err
	}
	b := render.AppendKept(nil, kept)
	if unscored && kept != "" {
		_, _ = fmt.Fprintf(c.App.ErrWriter, "gin: the last hand was not scored on the sheet: gin sheet add --hand %s%s\n", render.ShellQuote(kept), sheetFlag(sheetFile))
	}
	b = s.AppendRound(b, rec, round, me, scoreItLine(rec, round, path))
	if err := render.WriteTo(c.App.Writer, b); err != nil {
		return err
	}
	// The first decision is yours as the non-dealer (the upcard's first
	// offer): its advice now, as after a move that leaves one to you.
	if decisionDue(round, me) {
		return shortAdvice(readAdviceArgs(c), s, rules, round.View(me), recordGameOf(rec, path, me))
	}
	return nil
}

// relativeTo is file as the folder of the record at path names it.
func relativeTo(path, file string) string {
	abs, err1 := filepath.Abs(file)
	dir, err2 := filepath.Abs(filepath.Dir(path))
	if err1 != nil || err2 != nil {
		return file
	}
	if rel, err := filepath.Rel(dir, abs); err == nil {
		return rel
	}
	return abs
}

// sheetFlag is " --sheet FILE" for a sheet other than the default one.
func sheetFlag(sheet string) string {
	if sheet == "" || sheet == sheets.DefaultPath && os.Getenv("GIN_SHEET") == "" {
		return ""
	}
	return " --sheet " + render.ShellQuote(sheet)
}

// readRecord reads the record at path, opened to its last point.
func readRecord(path string) (*record.Record, ginrummy.Rules, *table.Round, error) {
	sess, err := handfile.Open(path)
	if err != nil {
		return nil, ginrummy.Rules{}, nil, handHint(err)
	}
	return sess.Record, sess.Rules, sess.Round(), nil
}

// recordFiles is how gin hand reaches its record's file, opened once into
// a session: handfile.Open, Change and Undo (recordFilesOf),
// which a test wraps to count the reads of a line.
type recordFiles struct {
	open   func(path string) (*record.Session, error)
	change func(path string, change func(*record.Session) ([]byte, bool, error)) error
	undo   func(path string) (*record.Session, []record.Move, error)
}

// sheetsFiles is the record files as sheets keeps them.
func sheetsFiles() recordFiles {
	return recordFiles{handfile.Open, handfile.Change, handfile.Undo}
}

func runHand(c *cli.Context) error {
	if c.Args().Present() {
		return handLine(c, c.Args().Slice(), lineMode{advise: render.IsTerminal(c.App.Writer)})
	}
	if c.App.Reader == os.Stdin && render.IsTerminal(os.Stdin) && render.IsTerminal(c.App.Writer) {
		return handPrompt(c)
	}
	return handLines(c, c.App.Reader)
}

// handLines reads moves and words from r, a line each, until the end or
// quit; a line refused is reported and the next is read, and the exit
// status says that one was. A line longer than maxLine is refused as one
// and read past, so that memory stays bounded whatever the input.
func handLines(c *cli.Context, r io.Reader) error {
	lines := newLineReader(r, maxLine)
	failed := 0
	for n := 1; ; n++ {
		line, err := lines.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, errLineTooLong) {
			failed++
			_, _ = io.WriteString(c.App.ErrWriter, errorLine(fmt.Errorf("stdin line %d: longer than %d KiB, refused: give a move a line", n, maxLine>>10)))
			continue
		}
		if err != nil {
			return fmt.Errorf("stdin line %d: %w", n, err)
		}
		if n == 1 {
			// A byte-order mark, as some editors write at the start of
			// UTF-8 and as a record file may begin with.
			line = strings.TrimPrefix(line, "\ufeff")
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == "quit" || line == "exit" {
			break
		}
		w, err := record.Fields(line)
		if err == nil {
			err = handLine(c, w, lineMode{whole: true, advise: true})
		}
		if err != nil {
			failed++
			_, _ = io.WriteString(c.App.ErrWriter, errorLine(fmt.Errorf("stdin line %d: %w", n, err)))
		}
	}
	if failed > 0 {
		return &exitError{fmt.Sprintf("%d %s of stdin refused", failed, render.Plural(failed, "line", "lines"))}
	}
	return nil
}

// errLineTooLong is a line longer than a lineReader takes.
var errLineTooLong = errors.New("line too long")

// lineReader reads lines of at most max bytes, in a buffer of that size:
// a longer line is read past to its end and given as errLineTooLong.
type lineReader struct{ r *bufio.Reader }

func newLineReader(r io.Reader, max int) lineReader {
	return lineReader{bufio.NewReaderSize(r, max+1)} // the line and its newline
}

// next is the next line without its newline; io.EOF after the last.
func (l lineReader) next() (string, error) {
	b, err := l.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = l.r.ReadSlice('\n')
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		return "", errLineTooLong
	}
	if errors.Is(err, io.EOF) && len(b) > 0 {
		err = nil // the last line, without a newline
	}
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(b), "\n"), nil
}

// exitError is an error already reported: only the exit status is left.
type exitError struct{ what string }

func (e *exitError) Error() string { return e.what }

// handLine does what one line of gin hand says: a move, or show, undo or
// advise.
// lineMode is how much gin hand shows after a line: the whole hand or the
// move and whose turn it is, and the advice when a decision is due.
type lineMode struct{ whole, advise bool }

func handLine(c *cli.Context, w []string, mode lineMode) error {
	_, err := handLineIn(c, sheetsFiles(), w, mode)
	return err
}

// handLineIn is handLine on the record files files, and gives the session
// the line left, opened once for the line: what the prompt asks of the
// hand after it (scoreDue) is asked of that session. nil when the line
// did nothing or failed.
func handLineIn(c *cli.Context, files recordFiles, w []string, mode lineMode) (*record.Session, error) {
	if len(w) == 0 {
		return nil, nil // a line of only a comment
	}
	adviseAfter := mode.advise
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return nil, err
	}
	path, err := handPath(c)
	if err != nil {
		return nil, err
	}
	var b []byte
	var after func() error
	var sess *record.Session
	switch strings.ToLower(w[0]) {
	case "show":
		if len(w) > 1 {
			return nil, fmt.Errorf("show takes nothing after it, not %q", w[1])
		}
		if sess, err = files.open(path); err != nil {
			return nil, handHint(err)
		}
		rec, rules, round := sess.Record, sess.Rules, sess.Round()
		b = s.AppendRound(nil, rec, round, viewerOf(rec, round), scoreItLine(rec, round, path))
		if v := viewerOf(rec, round); adviseAfter && decisionDue(round, v) && rec.Deals[v] != 0 {
			rg := recordGameOf(rec, path, v)
			after = func() error { return shortAdvice(readAdviceArgs(c), s, rules, round.View(v), rg) }
		}
	case "advise":
		if sess, err = files.open(path); err != nil {
			return nil, handHint(err)
		}
		return sess, adviseRecord(readAdviceArgs(c), s, sess, path, "")
	case "undo":
		var taken []record.Move
		sess, taken, err = files.undo(path)
		if errors.Is(err, record.ErrNoMoves) {
			return nil, errors.New("undo: the hand has no move to take back (gin hand new starts another)")
		}
		if err == nil {
			rec, rules, round := sess.Record, sess.Rules, sess.Round()
			b = s.AppendTookBack(b, rec, taken)
			b = s.AppendRound(b, rec, round, viewerOf(rec, round), scoreItLine(rec, round, path))
			// The decision taken back is yours again: its advice, as after
			// a move that leaves one to you.
			if v := viewerOf(rec, round); adviseAfter && decisionDue(round, v) && rec.Deals[v] != 0 {
				rg := recordGameOf(rec, path, v)
				after = func() error { return shortAdvice(readAdviceArgs(c), s, rules, round.View(v), rg) }
			}
		}
	default:
		var next *table.View // the viewer's, when a decision of theirs is due
		var rg recordGame    // the viewer's game, for the advice
		err = files.change(path, func(opened *record.Session) ([]byte, bool, error) {
			rec, round := opened.Record, opened.Round()
			p, acts, err := movesOf(rec, round, w, flagHint{c.Command.Flags, mode.whole})
			if err != nil {
				return nil, false, err
			}
			line, err := opened.Play(p, acts)
			if err != nil {
				return nil, false, recordIllegal(rec, err)
			}
			sess = opened
			moves := rec.Moves[len(rec.Moves)-len(acts):]
			viewer := viewerOf(rec, round)
			if mode.whole {
				b = s.AppendMoves(b, rec, moves)
				b = s.AppendRound(b, rec, round, viewer, scoreItLine(rec, round, path))
			} else {
				b = s.AppendEnd(s.AppendMoves(b, rec, moves), rec, round)
				b = append(b, render.RoundState(rec, round, viewer, scoreItLine(rec, round, path))...)
			}
			if viewer >= 0 && decisionDue(round, viewer) {
				v := round.View(viewer)
				next = &v
				rg = recordGameOf(rec, path, viewer)
			}
			return line, false, nil
		})
		if err == nil && next != nil && adviseAfter {
			rules := sess.Rules
			after = func() error { return shortAdvice(readAdviceArgs(c), s, rules, *next, rg) }
		}
	}
	if err != nil {
		return nil, handHint(err)
	}
	if err := render.WriteTo(c.App.Writer, b); err != nil {
		return sess, err
	}
	if after != nil {
		return sess, after()
	}
	return sess, nil
}

// handHint says what to do when there is no hand record.
func handHint(err error) error {
	if errors.Is(err, handfile.ErrNoHand) {
		return fmt.Errorf("%w: start one with gin hand new --me NAME CARDS --upcard CARD", err)
	}
	return err
}

func recordIllegal(rec *record.Record, err error) error {
	var ie *table.IllegalError
	if errors.As(err, &ie) {
		return fmt.Errorf("%s: %s", rec.Players[ie.Player], strings.ReplaceAll(ie.Move, "the other player", rec.Players[1-ie.Player]))
	}
	return err
}

// viewerOf is the player whose cards the record knows, or whose move is due
// in a record of both.
func viewerOf(rec *record.Record, round *table.Round) int {
	if v := rec.Viewer(round); v >= 0 {
		return v
	}
	return 1 - round.Dealer()
}

// flagHint says what to do with a flag typed among the words of a move:
// the flags of gin hand (flags), and whether the words are a line read by
// the prompt or from a pipe (line), where no flag is read.
type flagHint struct {
	flags []cli.Flag
	line  bool
}

// err is the error for the flag w[i]: not one of gin hand's, a flag on a
// line of moves, or one given after the move, with the command that puts
// it (and its value, when it takes one) before the move.
func (h flagHint) err(w []string, i int) error {
	x := w[i]
	name, _, hasValue := strings.Cut(strings.TrimLeft(x, "-"), "=")
	var flag cli.Flag
	for _, f := range h.flags {
		if slices.Contains(f.Names(), name) {
			flag = f
		}
	}
	switch {
	case flag == nil:
		return fmt.Errorf("%s is not a flag of gin hand (see gin hand --help)", x)
	case h.line:
		return fmt.Errorf("%s on a line of moves: flags are given when gin hand starts (gin hand %s …)", x, x)
	}
	n := 1 // the flag, and its value when it takes one
	if _, isSwitch := flag.(*cli.BoolFlag); !isSwitch && !hasValue && i+1 < len(w) {
		n = 2
	}
	rest := slices.Delete(slices.Clone(w), i, i+n)
	return fmt.Errorf("%s after the move: flags go before it (gin hand %s %s)", x, strings.Join(w[i:i+n], " "), strings.Join(rest, " "))
}

// decisionDue reports whether player p has a decision to make now.
func decisionDue(round *table.Round, p int) bool {
	return !round.Ended() && round.Turn() == p && !round.MustDraw()
}

// movesOf reads the words of a move: an optional player's name, then the
// actions, as a hand record writes them. The short form fills in what is
// known: the face-up card a take takes. What is not (the card you drew) is
// asked for.
func movesOf(rec *record.Record, round *table.Round, w []string, flags flagHint) (int, []table.Action, error) {
	if round.Ended() && !containsFold(w, "shows") {
		return 0, nil, errors.New("the hand has ended: only the cards a player shows may follow (NAME shows CARDS)")
	}
	for i, x := range w {
		if strings.HasPrefix(x, "--") {
			return 0, nil, flags.err(w, i)
		}
	}
	p := round.Turn()
	words := w
	name := strings.Trim(w[0], `"`)
	if act := table.ParseAct(strings.ToLower(w[0])); act == 0 || strings.HasPrefix(w[0], `"`) {
		q, err := ginrummy.MatchName(rec.Players[:], name)
		if err != nil || q < 0 {
			err := fmt.Errorf("%q is neither a move (pass, take, draw, throw, knock, big-gin, shows) nor one of the players, %s and %s", name, rec.Players[0], rec.Players[1])
			return 0, nil, withSuggestion(err, name, append(moveWords[:len(moveWords):len(moveWords)], strings.ToLower(rec.Players[0]), strings.ToLower(rec.Players[1]))...)
		}
		p, w = q, w[1:]
	}
	if len(w) == 0 {
		return 0, nil, fmt.Errorf("%s does nothing: give pass, take, draw, throw, knock, big-gin or shows", rec.Players[p])
	}
	own := rec.Deals[p] != 0
	var held ginrummy.Hand // a card drawn is none of these, which a hint never names
	if own {
		held = round.View(p).Hand()
	}
	acts, err := record.ParseActionsHeld(lowerActs(w), held)
	if err != nil {
		if typo := moveTypo(w); typo != nil {
			return 0, nil, typo // "thorw" read as a card would be named as a card
		}
		return 0, nil, err
	}
	for i, a := range acts {
		switch {
		case a.Act == table.Take && a.Card == ginrummy.NoCard:
			acts[i].Card = round.View(p).Upcard()
		case a.Act == table.Draw && a.Card == ginrummy.NoCard && own:
			return 0, nil, &needCardError{rec.Players[p], words, drawAt(words)}
		case a.Act == table.Draw && a.Card != ginrummy.NoCard && !own:
			return 0, nil, fmt.Errorf("it is %s's turn, whose draw is face down: record it as draw, without a card (was a move of %s's missed?)", rec.Players[p], rec.Players[p])
		}
	}
	return p, acts, nil
}

// moveWords are the words of a move a player types after the player's name.
var moveWords = []string{"pass", "take", "draw", "throw", "knock", "big-gin", "shows", "melds"}

// moveTypo is the error for the first word of w that is neither a move
// word nor a card but a typo or two from a move word ("thorw"), saying
// which was likely meant; nil when there is none.
func moveTypo(w []string) error {
	for _, x := range w {
		l := strings.ToLower(x)
		if table.ParseAct(l) != 0 || l == "melds" {
			continue
		}
		if _, err := ginrummy.ParseCard(x); err == nil {
			continue
		}
		if s := suggest(l, moveWords); s != "" {
			return fmt.Errorf("%q is not a move: did you mean %q?", x, s)
		}
	}
	return nil
}

// lowerActs joins the words of a move typed, the words of the record
// (draw, throw, melds, …) in lower case, as a record writes them, and the
// cards as typed, so that an error echoes a card as it was typed ("Q", not
// "q"); the card parser reads a card in any case.
func lowerActs(w []string) string {
	out := make([]string, len(w))
	for i, x := range w {
		if l := strings.ToLower(x); table.ParseAct(l) != 0 || l == "melds" {
			x = l
		}
		out[i] = x
	}
	return strings.Join(out, " ")
}

// drawAt is the index of the first word draw.
func drawAt(w []string) int {
	for i, x := range w {
		if strings.EqualFold(x, "draw") {
			return i
		}
	}
	return len(w) - 1
}

func containsFold(w []string, s string) bool {
	for _, x := range w {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// namedPlayer is the player of the record a flag names, as a score sheet
// matches a name typed: in full or by a prefix only one name begins, in any
// case (ginrummy.MatchName).
func namedPlayer(rec *record.Record, flag, name string) (int, error) {
	p, err := ginrummy.MatchName(rec.Players[:], name)
	switch {
	case strings.TrimSpace(name) == "":
		return 0, fmt.Errorf("--%s: the name is empty: give one of the players, %s or %s", flag, rec.Players[0], rec.Players[1])
	case err != nil:
		return 0, fmt.Errorf("--%s %w", flag, err)
	case p < 0:
		return 0, fmt.Errorf("--%s %s: not one of the players, %s and %s", flag, render.ShellQuote(name), rec.Players[0], rec.Players[1])
	}
	return p, nil
}

// adviseRecord advises the viewer (or the player named as) at the record's
// last point.
func adviseRecord(args adviceArgs, s *render.Style, sess *record.Session, path, as string) error {
	rec, rules, round := sess.Record, sess.Rules, sess.Round()
	viewer := rec.Viewer(round)
	if as != "" {
		var err error
		if viewer, err = namedPlayer(rec, "as", as); err != nil {
			return err
		}
		if rec.Deals[viewer] == 0 {
			return fmt.Errorf("--as %s: the record does not know %s's cards", render.ShellQuote(as), rec.Players[viewer])
		}
	}
	switch {
	case round.Ended():
		return errors.New("the hand has ended: there is no decision left to advise")
	case viewer < 0 || round.Turn() != viewer:
		return fmt.Errorf("it is %s's move: the advice is for %s's decisions", rec.Players[round.Turn()], rec.Players[max(viewer, 0)])
	case round.MustDraw():
		return fmt.Errorf("%s draws from the stock: both passed the first upcard, so there is no choice", rec.Players[viewer])
	}
	dealt := 1
	if round.Dealer() == viewer {
		dealt = 0
	}
	return args.advisePosition(s, advice.PositionOf(round.View(viewer)), rules, dealt, recordGameOf(rec, path, viewer))
}

// adviseHand is gin advise --hand FILE.
func adviseHand(c *cli.Context, s *render.Style) error {
	if c.Args().Present() {
		return fmt.Errorf("--hand: the record gives the cards; drop %q", c.Args().First())
	}
	for _, name := range []string{"upcard", "from-pile", "discards", "took", "threw", "passed", "stock", "first-upcard", "offer", "rules"} {
		if c.IsSet(name) {
			return fmt.Errorf("--hand and --%s: the record gives the whole position; drop --%s", name, name)
		}
	}
	path := c.String("hand")
	sess, err := handfile.Open(path)
	if err != nil {
		return err
	}
	return adviseRecord(readAdviceArgs(c), s, sess, path, c.String("as"))
}

// scoreItLine is what to do with the hand of the record at path once it
// has ended: the command that scores it, or, once scored, where it was
// (scoredLine, which reads the sheet).
func scoreItLine(rec *record.Record, round *table.Round, path string) string {
	scoreIt := "Score it: gin sheet add --hand " + render.ShellQuote(path) + sheetFlag(sheets.RecordSheet(rec, path))
	if round.Scored() || round.Ended() && round.Result().Ending == ginrummy.Drawn {
		scoreIt = scoredLine(rec, path, scoreIt)
	}
	return scoreIt
}

// scoredLine is what to do with a hand that has ended: scoreIt, or, where
// the sheet the record is for holds it already (or one of that sheet's
// earlier games), where it was scored.
func scoredLine(rec *record.Record, path, scoreIt string) string {
	if path == "" {
		return scoreIt
	}
	sheet := sheets.RecordSheet(rec, path)
	if sheet == "" {
		var err error
		if sheet, err = defaultSheetPath(); err != nil {
			return scoreIt
		}
	}
	sc, err := sheets.Show(sheet)
	if err != nil {
		return scoreIt
	}
	on, n := sheets.ScoredAs(sheet, sc, record.Digest(rec))
	switch {
	case n == 0:
		return scoreIt
	case on == sheet:
		return fmt.Sprintf("Scored on the sheet as hand %d.", n)
	}
	return fmt.Sprintf("Scored as hand %d of %s.", n, render.ShellQuote(on))
}

// sheetHandOfRecord reads the hand record at path, replayed to its last
// move, for gin sheet add --hand and edit --hand: the sheet, which reads
// itself once, says whether the record is one of its hands
// (sheets.AddPlayed), and recordRefused words its refusal.
func sheetHandOfRecord(path string) (sheets.Played, error) {
	rec, _, round, err := readRecord(path)
	if err != nil {
		return sheets.Played{}, err
	}
	return sheets.Played{Path: path, Record: rec, Round: round}, nil
}

// waitingFor is what the record waits for, in words.
func waitingFor(round *table.Round, rec *record.Record) string {
	return render.RoundState(rec, round, 0, scoreItLine(rec, round, ""))
}
