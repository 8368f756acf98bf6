package commands

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// sheetCommand is 'gin sheet', which gathers the commands that keep a score
// sheet: new, add, show, undo and close.
func sheetCommand() *cli.Command {
	return &cli.Command{
		Name:  "sheet",
		Usage: "keep score in a YAML sheet: new, add, edit, show, undo, close, …",
		Description: describe("Keeps the score of one game in a YAML file that people can read and edit: the hands are\n"+
			"the record, and the totals, boxes, next dealer and result are worked out from them on every\n"+
			"save. The file is ./"+sheets.DefaultPath+" unless --sheet FILE or $GIN_SHEET names another.\n\n"+
			"Alone, gin sheet opens the score pad: the players, the hands so far with the running score,\n"+
			"the boxes, who deals next (or the result), and the command for the next hand. With no sheet\n"+
			"there it says how to start one, exit status 2.",
			example{"start a game between Ann and Bob under the classic rules, Ann dealing first", "gin sheet new --players Ann,Bob"},
			example{"record a knock: Ann knocked with 5, Bob had 20", "gin sheet add --by ann --knock 5 --deadwood 20"},
			example{"open the score pad", "gin sheet"},
		),
		Flags:  append(sheetFlags(), plainFlag()),
		Before: runFlagsAfterSubcommand,
		Action: runSheetPad,
		Subcommands: []*cli.Command{
			sheetNewCommand(),
			sheetAddCommand(),
			sheetEditCommand(),
			sheetShowCommand(),
			sheetUndoCommand(),
			sheetCloseCommand(),
			sheetListCommand(),
			sheetExportCommand(),
		},
	}
}

// runFlagsAfterSubcommand refuses the flags of gin sheet given before one of
// its subcommands, which would read them no more than the other way round
// (gin sheet --sheet friday.yaml show would show the default sheet): it
// says where they go.
func runFlagsAfterSubcommand(c *cli.Context) error {
	sub := c.Command.Command(c.Args().First())
	set := c.LocalFlagNames()
	if sub == nil || len(set) == 0 {
		return nil
	}
	seen := map[string]bool{}
	line := c.Command.HelpName + " " + sub.Name
	var names []string
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if !slices.Contains(set, name) || seen[name] {
			continue
		}
		seen[name] = true
		names = append(names, "--"+name)
		if _, ok := f.(*cli.BoolFlag); ok {
			line += " --" + name
		} else {
			line += " --" + name + " " + render.ShellQuote(c.String(name))
		}
	}
	return fmt.Errorf("%s before %s: %s after the subcommand: %s", render.JoinList(names, "and"), sub.Name, render.Plural(len(names), "it goes", "they go"), line)
}

// runSheetPad is gin sheet alone: the score pad, as a score-keeping app
// opens on the game, with the command that records the next hand (or starts
// the next game); or, with no sheet there, how to start one.
func runSheetPad(c *cli.Context) error {
	if c.Args().Present() {
		return unknownSubcommand(c.App.Name, c.Command, c.Args().First())
	}
	o, err := sheetOptionsOf(c, 0)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(o.path); errors.Is(err, fs.ErrNotExist) {
		if _, err := c.App.ErrWriter.Write(render.AppendNoPad(nil, o.path, o.named, sheetsIn(filepath.Dir(o.path)), commandNames(c.Command.Subcommands))); err != nil {
			return err
		}
		return errReported
	}
	sc, err := sheets.Show(o.path)
	if err != nil {
		return err
	}
	sheetArg := ""
	if o.named {
		sheetArg = " --sheet " + render.ShellQuote(o.path)
	}
	return o.out.score(sc, func() []byte { return o.view.AppendPad(nil, o.path, sheetArg, sc) })
}

// sheetsIn counts the files of a folder that gin sheet list would list,
// without reading them whole.
func sheetsIn(dir string) int {
	names, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, d := range names {
		if ext := filepath.Ext(d.Name()); !d.IsDir() && (ext == ".yaml" || ext == ".yml") && sheets.LooksLikeSheet(filepath.Join(dir, d.Name())) {
			n++
		}
	}
	return n
}

func sheetNewCommand() *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "players", Usage: "the two players, as `NAME,NAME`"},
		&cli.StringFlag{Name: "dealer", Usage: "who deals the first hand, `NAME` (any unique prefix)", DefaultText: "the first player"},
		boolFlag("force", "replace a sheet that is not finished (a copy is kept beside it, ending .bak)"),
	}
	return &cli.Command{
		Name:  "new",
		Usage: "start a score sheet",
		Description: describe("Starts a score sheet for two players under a rules preset or a rules file, with any rule\n"+
			"changed by a flag. A finished game already on the sheet is moved aside to a dated name\n"+
			"beside it (gin-sheet-2026-11-22-Ann-Bob.yaml) and kept; a sheet with no hands is replaced;\n"+
			"a game not finished is never replaced unless --force is given, which keeps a copy as\n"+
			"FILE.bak. Without --players, the\n"+
			"players and rules of the sheet there are used, or else of the most recent sheet in the\n"+
			"folder, and the output says so.",
			example{"a game between Ann and Bob under the classic rules, Ann dealing first", "gin sheet new --players Ann,Bob"},
			example{"Hollywood, Bob dealing first, on a sheet of its own", "gin sheet new --players Ann,Bob --rules hollywood --dealer bob --sheet hollywood.yaml"},
			example{"modern rules played to 250, the loser of a hand dealing the next", "gin sheet new --players Ann,Bob --rules modern --target 250 --dealer-rule loser --force"},
		),
		Flags:  append(append(flags, ruleFlags(func(ruleField) bool { return true })...), sheetFlags()...),
		Action: runSheetNew,
	}
}

// sheetHandFlags are the flags that give a hand of a sheet: add's and edit's.
func sheetHandFlags() []cli.Flag {
	// The same flags as gin score say how the hand ended.
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "by", Usage: "the player who knocked or went gin, `NAME` (any unique prefix)"},
	}, handFlags()...)
	return append(flags,
		&cli.StringFlag{Name: "winner", Usage: "a hand scored by hand: the player, `NAME`, who scored --points"},
		numberFlag("points", "with --winner, the `N` points the hand scored"),
		upcardFlag("the first upcard, `CARD`, which rules like oklahoma need"),
		&cli.StringFlag{Name: "hand", Usage: "score the hand a hand record `FILE` followed to its end (gin hand), with no number typed", TakesFile: true},
	)
}

func sheetAddCommand() *cli.Command {
	flags := sheetHandFlags()
	return &cli.Command{
		Name:  "add",
		Usage: "record a hand and print the running score",
		Description: describe("Records one hand: a knock, a gin or big gin, two hands of cards, a drawn hand, or points\n"+
			"scored by hand. Players may be named by any unique prefix. The hand that takes a player to\n"+
			"the target, or reaches the hand limit, ends the game and settles its bonuses.",
			example{"Ann knocked with 5 and Bob had 20 after laying off", "gin sheet add --by ann --knock 5 --deadwood 20"},
			example{"Bob went gin and Ann had 23", "gin sheet add --by b --gin --deadwood 23"},
			example{"Ann knocked; gin works out the melds and layoffs from the cards", `gin sheet add --by a --knocker "7h 8h 9h Kc Kd Ks 2c 3c 4c 5d" --defender "Qh Qs Jd Td 9c 8c 7c 6s 5s 4s"`},
			example{"nobody knocked before the stock ran down", "gin sheet add --draw"},
			example{"the hand gin hand followed", "gin sheet add --hand gin-hand.txt"},
		),
		Flags:  append(append(flags, sheetFlags()...), plainFlag()),
		Action: runSheetAdd,
	}
}

func sheetEditCommand() *cli.Command {
	flags := append(sheetHandFlags(), boolFlag("drop-later", "when the hand as given ends the game before later hands, take those out (kept in the sheet as comments)"))
	return &cli.Command{
		Name:      "edit",
		Usage:     "fix any hand: replace hand N and rescore the game",
		ArgsUsage: "N",
		Description: describe("Replaces hand N with the hand given, in the same flags as gin sheet add, and scores the\n"+
			"game again from it: the totals, boxes, dealers and result that follow. The comments on the\n"+
			"hand stay. A game that now ends earlier or later says so, and a game that ended is open\n"+
			"again when the edit undoes its end. When the hand as given ends the game before hands\n"+
			"played after it, the edit is refused unless --drop-later takes those hands out of the game\n"+
			"(they stay in the sheet as comments). As add, it holds the sheet's lock and never saves\n"+
			"over a change it did not read.",
			example{"hand 3 was a knock with 5 against 30, not 20", "gin sheet edit 3 --by ann --knock 5 --deadwood 30"},
			example{"hand 2 was Bob's gin, not a knock", "gin sheet edit 2 --by b --gin --deadwood 23"},
		),
		Flags:  append(append(flags, sheetFlags()...), plainFlag()),
		Action: runSheetEdit,
	}
}

func sheetShowCommand() *cli.Command {
	return &cli.Command{
		Name:  "show",
		Usage: "print the score sheet: every hand, the running totals, and who deals next",
		Description: describe("Prints the score sheet as a table, one row per hand with its dealer, what happened, the\n"+
			"points and the running totals, then the boxes and who deals next, or the result.",
			example{"the sheet in ./" + sheets.DefaultPath, "gin sheet show"},
			example{"another sheet, as JSON", "gin sheet show --sheet friday.yaml --json"},
			example{"each player's running score as a chart", "gin sheet show --chart"},
		),
		Flags:  append(sheetFlags(), plainFlag(), boolFlag("chart", "draw each player's running score across the hands, and the target")),
		Action: runSheetShow,
	}
}

func sheetUndoCommand() *cli.Command {
	return &cli.Command{
		Name:  "undo",
		Usage: "take back the last hand, or the close",
		Description: describe("Takes back the last thing done to the sheet: the close when 'gin sheet close' ended the\n"+
			"game, else the last hand, which re-opens the game if that hand ended it.",
			example{"take back the hand just added", "gin sheet undo"},
			example{"the same on another sheet, printing the score as JSON", "gin sheet undo --sheet friday.yaml --json"},
		),
		Flags:  append(sheetFlags(), plainFlag()),
		Action: runSheetUndo,
	}
}

func sheetCloseCommand() *cli.Command {
	return &cli.Command{
		Name:  "close",
		Usage: "end the game (Hollywood: the match) now: the leader wins, bonuses settled",
		Description: describe("Ends the game after the last hand: the leader wins and the game, box and shutout bonuses are\n"+
			"settled as if the leader had reached the target. Refused when the totals are level. On a game\n"+
			"that is over already it changes nothing and prints the result again.",
			example{"stop for the night and settle up", "gin sheet close"},
			example{"settle another sheet and print the score as JSON", "gin sheet close --sheet friday.yaml --json"},
		),
		Flags:  sheetFlags(),
		Action: runSheetClose,
	}
}

// sheetFlags are the flags every sheet command has: --sheet, --json, --color.
func sheetFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "sheet", Usage: "the score sheet `FILE`", DefaultText: "$GIN_SHEET, else ./" + sheets.DefaultPath, TakesFile: true},
	}, outputFlags("print the score sheet as one JSON object (see docs/json.md)")...)
}

// sheetPath is the sheet a command works on: --sheet, else $GIN_SHEET,
// else ./gin-sheet.yaml. An empty --sheet is refused: it is most likely a
// variable that was not set, and the hand must not go to another sheet.
func sheetPath(c *cli.Context) (string, error) {
	if c.IsSet("sheet") {
		if p := c.String("sheet"); p != "" {
			return p, nil
		}
		return "", errors.New("--sheet: the file name is empty")
	}
	return defaultSheetPath()
}

// defaultSheetPath is the sheet when no --sheet names one: $GIN_SHEET, else
// ./gin-sheet.yaml.
func defaultSheetPath() (string, error) {
	if p := os.Getenv("GIN_SHEET"); p != "" {
		return p, nil
	}
	return sheets.DefaultPath, nil
}

// sheetOptions are the flags every sheet command reads: the sheet, and how
// to print.
type sheetOptions struct {
	view  *render.SheetView
	path  string
	named bool // --sheet named the sheet
	out   scoreOutput
}

// scoreOutput is where a sheet command prints the score: one JSON object
// with --json, else text fitted to the terminal.
type scoreOutput struct {
	json bool
	w    io.Writer          // the app's writer
	text func([]byte) error // writes text to w, fitted to its width
}

// score prints the score as one JSON object with --json, else the text
// that text renders.
func (out scoreOutput) score(sc *sheets.Score, text func() []byte) error {
	if !out.json {
		return out.text(text())
	}
	return render.WriteJSON(out.w, sc)
}

// sheetOptionsOf reads what every sheet command reads before it touches
// the sheet: no arguments past its first skip, which it reads itself, a
// good --color, and the sheet's path.
func sheetOptionsOf(c *cli.Context, skip int) (sheetOptions, error) {
	// A sheet is read into a tree of nodes: collecting garbage twice as
	// often costs little time and keeps the peak memory of a long sheet
	// near what it holds; not where the app keeps the settings (App.KeepGC).
	keepGC, _ := c.App.Metadata[keepGCKey].(bool)
	if !keepGC {
		debug.SetGCPercent(50)
	}
	if c.Args().Len() > skip {
		name, arg := strings.TrimPrefix(c.Command.HelpName, c.App.Name+" "), c.Args().Get(skip)
		hint := fmt.Sprintf("see %s --help", c.Command.HelpName)
		if h := switchNumber(handArgs{gin: c.Bool("gin"), bigGin: c.Bool("big-gin"), draw: c.Bool("draw"), deadwoodSet: c.IsSet("deadwood")}, arg); h != "" {
			hint = h
		} else if ext := filepath.Ext(arg); ext == ".yaml" || ext == ".yml" || sheets.LooksLikeSheet(arg) {
			hint = "to name the sheet, give --sheet " + render.ShellQuote(arg)
		} else if one := strings.Trim(c.String("players"), ", "); c.IsSet("players") && one != "" && !strings.Contains(one, ",") && strings.Trim(arg, ", ") != "" {
			// One name given, the other apart: "--players Ann Bob", "Ann, Bob".
			hint = "the players are one list: --players " + render.ShellQuote(one+","+strings.Trim(arg, ", "))
		}
		return sheetOptions{}, fmt.Errorf("%s: unexpected argument %q (%s)", name, arg, hint)
	}
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return sheetOptions{}, err
	}
	path, err := sheetPath(c)
	if err != nil {
		return sheetOptions{}, err
	}
	if !keepGC {
		boundMemory(path)
	}
	out := scoreOutput{json: c.Bool("json"), w: c.App.Writer, text: func(b []byte) error { return render.WriteTo(c.App.Writer, b) }}
	return sheetOptions{view: &render.SheetView{Style: s}, path: path, named: c.IsSet("sheet"), out: out}, nil
}

// boundMemory asks the garbage collector to keep the heap near what a sheet
// of this size needs: a sheet is held as a tree of nodes, twice during a
// save (the tree written and the one read back), and without a bound the
// heap grows to twice that. A soft limit (the runtime may exceed it rather
// than stall) of 40 bytes per byte of the sheet and 18 MiB: with the
// program's own pages (some 11 MB), a command stays within 40 bytes a byte
// of the sheet and 30 MB.
func boundMemory(path string) {
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() && info.Size() <= sheets.MaxSheetSize {
		debug.SetMemoryLimit(40*info.Size() + 18<<20)
	}
}

// newOptions are the flags of gin sheet new.
type newOptions struct {
	sheetOptions
	players    []string       // --players; nil: those of the last sheet
	dealer     string         // --dealer
	dealerSet  bool           // --dealer was given
	rules      rulesfile.Spec // --rules and the rule flags
	rulesNamed bool           // --rules was given
	changed    []string       // the rule flags given, as --name
	// withFlags sets the rule flags given on the rules of another sheet.
	withFlags func(rulesfile.Spec) (rulesfile.Spec, error)
	force     bool
}

func runSheetNew(c *cli.Context) error {
	so, err := sheetOptionsOf(c, 0)
	if err != nil {
		return err
	}
	o := newOptions{sheetOptions: so, dealer: c.String("dealer"), dealerSet: c.IsSet("dealer"), rulesNamed: c.IsSet("rules"), force: c.Bool("force")}
	if o.dealerSet && strings.TrimSpace(o.dealer) == "" {
		return errors.New("--dealer: the name is empty")
	}
	if o.rules, err = readRuleArgs(c).spec(); err != nil {
		return err
	}
	if c.IsSet("players") {
		o.players = strings.Split(c.String("players"), ",")
	}
	for _, f := range ruleFields() {
		if c.IsSet(f.name) {
			o.changed = append(o.changed, "--"+f.name)
		}
	}
	o.withFlags = func(spec rulesfile.Spec) (rulesfile.Spec, error) {
		for _, f := range ruleFields() {
			if c.IsSet(f.name) {
				if err := f.set(c, &spec); err != nil {
					return rulesfile.Spec{}, err
				}
			}
		}
		return spec, nil
	}
	sc, note, err := startSheet(o)
	if err != nil {
		return err
	}
	if note != "" {
		// Before the new sheet on stdout; on stderr with --json, which must
		// stay one JSON object.
		w := c.App.Writer
		if o.out.json {
			w = c.App.ErrWriter
		}
		if _, err := w.Write([]byte(note)); err != nil {
			return savedButNotPrinted(err, "the sheet %s was started", yamlfile.Printable(o.path))
		}
	}
	err = o.out.score(sc, func() []byte { return o.view.AppendNew(nil, o.path, sc) })
	return savedButNotPrinted(err, "the sheet %s was started", yamlfile.Printable(o.path))
}

// startSheet starts the sheet o gives, and says where its players and
// rules came from when --players did not name them, and what became of the
// sheet that was there.
func startSheet(o newOptions) (*sheets.Score, string, error) {
	path := o.path
	sheet := sheets.Sheet{Rules: o.rules, Dealer: o.dealer}
	var note, from string
	if o.players != nil {
		sheet.Players = o.players
	} else {
		var last sheets.Sheet
		var ok bool
		last, from, ok = latestPlayers(path)
		if !ok {
			return nil, "", errors.New("sheet new: name the two players with --players NAME,NAME")
		}
		sheet.Players = last.Players
		if !o.rulesNamed {
			// The last sheet's rules, with any rule flag given.
			var err error
			if sheet.Rules, err = o.withFlags(last.Rules); err != nil {
				return nil, "", err
			}
		}
	}
	sc, moved, err := sheets.New(path, sheet, o.force)
	if fe, ok := errors.AsType[*sheets.FieldError](err); ok && (fe.Key == "players" && o.players != nil || fe.Key == "dealer" && o.dealerSet) {
		return nil, "", fmt.Errorf("--%s: %w", fe.Key, fe.Err) // the flag gave it, not a file
	}
	if err != nil {
		return nil, "", err
	}
	if o.players == nil {
		of := "as on " + yamlfile.Printable(from)
		if from == path && moved.To != "" {
			of = "of the finished game" // moved aside, as the next line says
		}
		// Only what was taken from the sheet: the rules given are not.
		switch {
		case o.rulesNamed:
			note = fmt.Sprintf("Players %s (give --players for others).\n", of)
		case len(o.changed) > 0:
			note = fmt.Sprintf("Players and rules %s, but for %s (give --players and --rules for others).\n", of, render.JoinList(o.changed, "and"))
		default:
			note = fmt.Sprintf("Players and rules %s (give --players and --rules for others).\n", of)
		}
	}
	switch {
	case moved.Replaced:
		note += "The sheet that was there had no hands: it was replaced.\n"
	case moved.To != "":
		note += fmt.Sprintf("The finished game was moved to %s.\n", yamlfile.Printable(moved.To))
	case moved.Backup != "":
		note += fmt.Sprintf("The sheet that was there is kept as %s.\n", yamlfile.Printable(moved.Backup))
	}
	return sc, note, nil
}

// handOptions are the flags that give a hand to gin sheet add or edit:
// as flags, or as a hand record followed to its end.
type handOptions struct {
	sheetOptions
	form     sheets.HandRecord // the hand the flags give; none with --hand
	record   string            // --hand: the hand record to score; "" when none
	helpName string            // the command as typed in full, "gin sheet add"
	name     string            // the command without the program's name, "sheet add"
}

// handOptionsOf reads the flags of gin sheet add or edit, whose first
// skip arguments the command reads itself.
func handOptionsOf(c *cli.Context, skip int) (handOptions, error) {
	so, err := sheetOptionsOf(c, skip)
	if err != nil {
		return handOptions{}, err
	}
	o := handOptions{sheetOptions: so, helpName: c.Command.HelpName, name: strings.TrimPrefix(c.Command.HelpName, c.App.Name+" ")}
	if c.IsSet("hand") {
		for _, name := range []string{"by", "knock", "gin", "big-gin", "draw", "deadwood", "knocker", "defender", "winner", "points", "upcard"} {
			if c.IsSet(name) {
				return handOptions{}, fmt.Errorf("--hand and --%s: the record says how the hand ended; drop --%s", name, name)
			}
		}
		o.record, err = handPath(c)
		return o, err
	}
	// The hand for the sheet to read: the numbers that were given, and
	// the rest left out.
	o.form = sheets.HandRecord{
		By:            c.String("by"),
		Gin:           c.Bool("gin"),
		BigGin:        c.Bool("big-gin"),
		KnockerCards:  c.String("knocker"),
		DefenderCards: c.String("defender"),
		Draw:          c.Bool("draw"),
		Winner:        c.String("winner"),
	}
	for _, name := range []string{"by", "winner"} {
		if c.IsSet(name) && strings.TrimSpace(c.String(name)) == "" {
			return handOptions{}, fmt.Errorf("--%s: the name is empty", name) // most likely a variable not set
		}
	}
	if c.IsSet("upcard") {
		up, err := cardFlag("upcard", c.String("upcard"), c.IsSet("upcard"))
		if err != nil {
			return handOptions{}, err
		}
		o.form.Upcard = up.String()
	}
	for name, field := range map[string]**int{"knock": &o.form.Knock, "deadwood": &o.form.Deadwood, "points": &o.form.Points} {
		if c.IsSet(name) {
			*field = new(number(c, name))
		}
	}
	return o, nil
}

func runSheetAdd(c *cli.Context) error {
	o, err := handOptionsOf(c, 0)
	if err != nil {
		return err
	}
	return o.add()
}

// add records the hand o gives on its sheet and prints the hand and the
// score: gin sheet add, and the prompt of gin hand scoring a hand that
// ended.
func (o handOptions) add() error {
	sc, err := addHand(o)
	if werr, ok := handGivenError(o, err); ok {
		return werr
	} else if err != nil {
		return gameOverHint(o.named, playerHint(err))
	}
	last := sc.Hands[len(sc.Hands)-1]
	err = o.out.score(sc, func() []byte { return o.view.AppendAdded(nil, sc, last) })
	return savedButNotPrinted(err, "hand %d was recorded in %s", last.Number, yamlfile.Printable(o.path))
}

// addHand records the hand o gives at the end of its sheet, which reads
// itself once: a hand record is checked against it there.
func addHand(o handOptions) (*sheets.Score, error) {
	if o.record == "" {
		return sheets.Add(o.path, o.form)
	}
	p, err := sheetHandOfRecord(o.record)
	if err != nil {
		return nil, err
	}
	sc, err := sheets.AddPlayed(o.path, p)
	return sc, recordRefused(err, p, o.path)
}

// editHand puts the hand o gives in place of hand n of its sheet.
func editHand(o handOptions, n int, dropLater bool) (*sheets.Score, sheets.Edited, error) {
	if o.record == "" {
		return sheets.Edit(o.path, n, o.form, dropLater)
	}
	p, err := sheetHandOfRecord(o.record)
	if err != nil {
		return nil, sheets.Edited{}, err
	}
	sc, edited, err := sheets.EditPlayed(o.path, n, p, dropLater)
	return sc, edited, recordRefused(err, p, o.path)
}

// recordRefused words the refusal of the hand record p by the sheet at
// sheetPath: not one of its hands, or not ended.
func recordRefused(err error, p sheets.Played, sheetPath string) error {
	quoted := render.ShellQuote(p.Path)
	if e, ok := errors.AsType[*sheets.RecordSheetError](err); ok {
		return fmt.Errorf("%s: the hand is for the sheet %s, not %s: give --sheet %s", quoted, render.ShellQuote(e.Named), render.ShellQuote(sheetPath), render.ShellQuote(e.Named))
	}
	if e, ok := errors.AsType[*sheets.RecordPlayerError](err); ok {
		return fmt.Errorf("%s: %s plays in the record but not on the sheet %s (%s and %s)", quoted, e.Name, render.ShellQuote(sheetPath), e.Players[0], e.Players[1])
	}
	if e, ok := errors.AsType[*sheets.RecordRulesError](err); ok {
		return fmt.Errorf("%s: the hand was played by other rules than the sheet's: %s against %s", quoted, render.RulesWords(rulesfile.Of(e.Record)), render.RulesWords(rulesfile.Of(e.Sheet)))
	}
	if _, ok := errors.AsType[*sheets.RecordScoredError](err); ok {
		return fmt.Errorf("%s: %w", quoted, err)
	}
	if e, ok := errors.AsType[*sheets.RecordDealerError](err); ok {
		which := "the next hand"
		if !e.Next {
			which = fmt.Sprintf("hand %d", e.Hand)
		}
		return fmt.Errorf("%s: the hand was dealt by %s, but %s deals %s on the sheet: is it a record of another hand?", quoted, e.Dealt, e.Deals, which)
	}
	if e, ok := errors.AsType[*sheets.RecordScoreError](err); ok {
		which := "the next hand"
		if !e.Next {
			which = fmt.Sprintf("hand %d", e.Hand)
		}
		return fmt.Errorf("%s: the record says the score before the hand was %s, but the sheet has %s before %s: correct the record's score and boxes lines, or delete them", quoted, tallyWords(e.Record, e.HasBoxes), tallyWords(e.Sheet, e.HasBoxes), which)
	}
	switch {
	case errors.Is(err, sheets.ErrHandNotEnded):
		return fmt.Errorf("%s: the hand has not ended: record the moves to its knock, gin or drawn end with gin hand", quoted)
	case errors.Is(err, sheets.ErrShownMissing):
		return fmt.Errorf("%s: the hand ended, but the cards shown are missing: %s", quoted, strings.TrimSpace(waitingFor(p.Round, p.Record)))
	}
	return err
}

// tallyWords is a score before a hand, the record's players in order:
// "50-20", with boxes "50-20 (boxes 2-1)", a game after another.
func tallyWords(ts []ginrummy.Tally, boxes bool) string {
	var w []string
	for _, t := range ts {
		s := fmt.Sprintf("%d-%d", t.Points[0], t.Points[1])
		if boxes {
			s += fmt.Sprintf(" (boxes %d-%d)", t.Boxes[0], t.Boxes[1])
		}
		w = append(w, s)
	}
	return strings.Join(w, ", ")
}

// handGivenError words, in the flags of add and edit, an error of the sheet
// about the hand given (not one in the file); ok is false for any other.
func handGivenError(o handOptions, err error) (werr error, ok bool) {
	_, refused := errors.AsType[*sheets.NewHandError](err)
	switch ferr, isForm := errors.AsType[*sheets.FormError](err); {
	case refused && isForm:
		return formError(o, ferr), true
	case refused && errors.Is(err, ginrummy.ErrNeedUpcard):
		return errors.New("the rules of this sheet need the upcard: give --upcard CARD"), true
	case errors.Is(err, sheets.ErrUpcardUnused):
		return fmt.Errorf("--upcard: %w", err), true
	case refused && (errors.Is(err, ginrummy.ErrKnockerSize) || errors.Is(err, ginrummy.ErrDefenderSize)):
		knocker, _ := ginrummy.ParseHand(o.form.KnockerCards)
		defender, _ := ginrummy.ParseHand(o.form.DefenderCards)
		return cardsError(knocker, defender, err), true
	case refused:
		var h handArgs // whether --knock and --deadwood were swapped
		if k, d := o.form.Knock, o.form.Deadwood; k != nil && d != nil {
			h = handArgs{knock: *k, deadwood: *d, knockSet: true, deadwoodSet: true}
		}
		return swappedHint(h, err), true
	}
	return err, false
}

func runSheetEdit(c *cli.Context) error {
	n, err := handNumber(c.Args().Slice())
	if err != nil {
		return err
	}
	o, err := handOptionsOf(c, 1)
	if err != nil {
		return err
	}
	sc, edited, err := editHand(o, n, c.Bool("drop-later"))
	if werr, ok := handGivenError(o, err); ok {
		return werr
	}
	switch {
	case err != nil:
		if eerr, ok := errors.AsType[*sheets.EndsEarlierError](err); ok {
			return fmt.Errorf("%w: if the game did end there, give --drop-later to take %s", err, render.Plural(eerr.Later, "that hand out of it (it stays in the sheet as a comment)", "those hands out of it (they stay in the sheet as comments)"))
		}
		if merr, ok := errors.AsType[*sheets.RecordMisfitError](err); ok {
			// Either the edit or the later record is wrong: the record says
			// who dealt, so only taking the later hands off can change it.
			return fmt.Errorf("%w (if hand %d is right as given, gin sheet undo back to it, edit it, and add the later hands again)", err, merr.N)
		}
		return playerHint(err)
	}
	err = o.out.score(sc, func() []byte { return o.view.AppendEdited(nil, sc, n, edited) })
	return savedButNotPrinted(err, "hand %d was changed in %s", n, o.path)
}

// handNumber reads the N of gin sheet edit N: a whole number from 1.
func handNumber(args []string) (int, error) {
	if len(args) == 0 {
		return 0, errors.New("sheet edit: give the number of the hand to change: gin sheet edit N --by NAME … (gin sheet shows the numbers)")
	}
	arg := args[0]
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("sheet edit: %q is not a hand number: give a whole number from 1 (gin sheet shows the numbers)", arg)
	}
	return n, nil
}

// savedButNotPrinted says, when printing failed after a change was saved,
// that the change was saved: a script or a person that saw only the error
// would make it again (add the hand twice, take back a second one).
func savedButNotPrinted(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s; could not print: %w", fmt.Sprintf(format, args...), err)
}

// formError words, in flags, what is wrong with the form of the hand the
// flags of gin sheet add or edit give.
func formError(o handOptions, err *sheets.FormError) error {
	flag := func(key string) string { return "--" + strings.ReplaceAll(key, "_", "-") }
	switch err.Problem {
	case sheets.TwoForms:
		if err.ByHand() {
			return fmt.Errorf("%s and %s: a hand is scored by hand or played out, not both", flag(err.Keys[0]), flag(err.Others[0]))
		}
		return fmt.Errorf("%s and %s: give the hand as numbers or as cards, not both", flag(err.Keys[0]), flag(err.Others[0]))
	case sheets.TwoEndings:
		flags := make([]string, len(err.Keys))
		for i, k := range err.Keys {
			flags[i] = flag(k)
		}
		return fmt.Errorf("%s: a hand ends one way; give one of them", render.JoinList(flags, "and"))
	case sheets.NoEnding:
		return errors.New("--deadwood: say how the hand ended too: --knock N, --gin or --big-gin")
	case sheets.HalfPair:
		if err.ByHand() {
			return errors.New("--winner NAME and --points N go together: who scored, and how much")
		}
		return errors.New("give both hands: --knocker CARDS --defender CARDS")
	case sheets.Extra:
		switch {
		case err.Keys[0] == "winner":
			return errors.New("a hand scored by hand takes only --winner NAME and --points N")
		case err.Keys[1] == "deadwood":
			return errors.New("--draw scores nothing: it does not go with --deadwood")
		}
		return errors.New("--draw: a drawn hand has no knocker; leave out --by")
	case sheets.NoDeadwood:
		return fmt.Errorf("%s: give the defender's deadwood too: --deadwood N", flag(err.Keys[0]))
	case sheets.NoKnocker:
		return fmt.Errorf("%s: say who knocked: --by NAME", flag(err.Keys[0]))
	}
	return fmt.Errorf("%s: say how the hand ended: --knock N, --gin, --big-gin, --knocker CARDS, --draw, or --winner NAME (see %s --help)", o.name, o.helpName)
}

func runSheetShow(c *cli.Context) error {
	o, err := sheetOptionsOf(c, 0)
	if err != nil {
		return err
	}
	v, path := o.view, o.path
	sc, err := sheets.Show(path)
	if err != nil {
		return err
	}
	if c.Bool("chart") {
		if o.out.json {
			return errors.New("--chart and --json: the chart is a drawing; give one")
		}
		_, err := c.App.Writer.Write(v.AppendChart(nil, sc))
		return err
	}
	return o.out.score(sc, func() []byte { return v.AppendSheet(nil, sc) })
}

func runSheetUndo(c *cli.Context) error {
	o, err := sheetOptionsOf(c, 0)
	if err != nil {
		return err
	}
	v, path := o.view, o.path
	sc, undone, err := sheets.Undo(path)
	if err != nil {
		return err
	}
	err = o.out.score(sc, func() []byte { return v.AppendUndone(nil, sc, undone) })
	if undone.Hand != nil {
		return savedButNotPrinted(err, "hand %d was taken back in %s", undone.Hand.Number, yamlfile.Printable(path))
	}
	return savedButNotPrinted(err, "the close was taken back in %s", yamlfile.Printable(path))
}

func runSheetClose(c *cli.Context) error {
	o, err := sheetOptionsOf(c, 0)
	if err != nil {
		return err
	}
	v, path := o.view, o.path
	sc, wasOver, err := sheets.Close(path)
	if err != nil {
		return err
	}
	err = o.out.score(sc, func() []byte { return v.AppendClosed(nil, sc, wasOver) })
	if wasOver {
		return err // nothing was changed that a retry could change twice
	}
	return savedButNotPrinted(err, "the game was closed in %s", yamlfile.Printable(path))
}

// playerHint adds the player most likely meant to the refusal of a name
// that is not on the sheet (--by dda: did you mean "Dan"?).
func playerHint(err error) error {
	var perr *sheets.PlayerError
	if !errors.As(err, &perr) {
		return err
	}
	if name := nameHint(perr.Name, perr.Players); name != "" {
		return fmt.Errorf("%w; did you mean %q?", err, name)
	}
	return err
}

// oldestFirst orders a folder's sheets as gin sheet list lists them, the
// oldest game first: by the day each started, then by when its file was
// last written (gin sheet new keeps a finished game's time on the copy it
// keeps), then by name with the number gin sheet new adds to a name already
// taken read as a number (gin-sheet-…-Bob, then -2, … -10), then by name.
// sheets.Folder orders by the names' bytes, where -2 came before the
// unnumbered name it followed.
func oldestFirst(entries []sheets.Entry) {
	written := make(map[string]int64, len(entries))
	for _, e := range entries {
		if info, err := os.Stat(e.Path); err == nil {
			written[e.Path] = info.ModTime().UnixNano()
		}
	}
	slices.SortStableFunc(entries, func(a, b sheets.Entry) int {
		if c := strings.Compare(string(a.Sheet.Started), string(b.Sheet.Started)); c != 0 {
			return c
		}
		if c := cmpInt(written[a.Path], written[b.Path]); c != 0 {
			return c
		}
		as, an := numberedName(a.Path)
		bs, bn := numberedName(b.Path)
		if c := strings.Compare(as, bs); c != 0 {
			return c
		}
		if c := cmpInt(an, bn); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
}

func cmpInt[T int | int64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// numberedName is a path without its extension and the number after its
// last dash (gin-sheet-…-Bob-2: 2), or 1 when it has none, as the first of
// the names that gin sheet new numbers.
func numberedName(path string) (stem string, n int) {
	stem = strings.TrimSuffix(path, filepath.Ext(path))
	i := strings.LastIndexByte(stem, '-')
	if i < 0 || i+1 == len(stem) || stem[i+1] == '0' || len(stem)-i > 10 {
		return stem, 1
	}
	n, err := strconv.Atoi(stem[i+1:])
	if err != nil {
		return stem, 1
	}
	return stem[:i], n
}
