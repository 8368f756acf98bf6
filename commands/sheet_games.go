package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/sheets"
)

// The commands that look past one game: the sheets of a folder, a sheet
// exported for a spreadsheet, and the running score as a chart.

func sheetListCommand() *cli.Command {
	return &cli.Command{
		Name:      "list",
		Usage:     "list the score sheets in a folder: date, players, rules, score, finished or not",
		ArgsUsage: "[FOLDER]",
		Description: describe("Lists the score sheets in a folder (the current one unless named): every .yaml or .yml\n"+
			"file with players in it, oldest game first (by the day it started, then by when the file\n"+
			"was last written, then by name: -2 before -10), with the day it started, the players, the\n"+
			"rules, the score (the final one, bonuses and all, once the game is over) and whether the\n"+
			"game is over.\n"+
			"A sheet that does not load is listed as such, and gin sheet show says why (--json: with its\n"+
			"error).",
			example{"the sheets in this folder", "gin sheet list"},
			example{"another folder, as JSON", "gin sheet list ~/gin --json"},
		),
		Flags:  outputFlags("print one JSON object per sheet, a line each"),
		Action: runSheetList,
	}
}

func runSheetList(c *cli.Context) error {
	if _, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer); err != nil {
		return err
	}
	if c.Args().Len() > 1 {
		return fmt.Errorf("sheet list: one folder at most, not %q (see gin sheet list --help)", c.Args().Get(1))
	}
	dir := "."
	if c.Args().Present() {
		dir = c.Args().First()
	}
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("sheet list: no folder %q: name a folder of score sheets", dir)
	} else if err == nil && !fi.IsDir() {
		return fmt.Errorf("sheet list: %q is a file, not a folder: name the folder it is in (gin sheet show --sheet FILE shows one sheet)", dir)
	}
	entries, err := sheets.Folder(dir, nil)
	if err != nil {
		return err
	}
	oldestFirst(entries)
	failed, err := render.WriteSheetList(c.App.Writer, entries, dir, c.Bool("json"), message)
	if err != nil {
		return err
	}
	if failed > 0 {
		return errReported
	}
	return nil
}

func sheetExportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "print a score sheet as CSV, a row per hand, for a spreadsheet",
		Description: describe("Prints the sheet as CSV: a header row, then one row per hand with its number, dealer, who\n"+
			"knocked, what it scored as, both deadwoods, who scored and the points, and a running total\n"+
			"per player (in Hollywood, per player and game: \"Ann game 1\"). A finished game ends with a\n"+
			"row per bonus, the totals running on, and a final row: the winner, the margin and the\n"+
			"final scores.",
			example{"the sheet as CSV", "gin sheet export"},
			example{"into a file a spreadsheet opens", "gin sheet export --sheet friday.yaml > friday.csv"},
		),
		Flags: []cli.Flag{
			boolFlag("csv", "print CSV (the default, and the only format so far)"),
			&cli.StringFlag{Name: "sheet", Usage: "the score sheet `FILE`", DefaultText: "$GIN_SHEET, else ./" + sheets.DefaultPath, TakesFile: true},
		},
		Action: runSheetExport,
	}
}

func runSheetExport(c *cli.Context) error {
	if c.Args().Present() {
		return fmt.Errorf("sheet export: unexpected argument %q (see gin sheet export --help)", c.Args().First())
	}
	path, err := sheetPath(c)
	if err != nil {
		return err
	}
	sc, err := sheets.Show(path)
	if err != nil {
		return err
	}
	return render.WriteSheetCSV(c.App.Writer, sc)
}

// latestPlayers is the players and rules for gin sheet new without
// --players: those of the sheet at path, which the new game replaces (the
// next game of the same players, as a finished game's refusal suggests),
// or else of the most recent sheet beside it.
func latestPlayers(path string) (sheets.Sheet, string, bool) {
	e := sheets.LoadFile(path)
	if e.Err != nil {
		var ok bool
		if e, ok = sheets.Latest(filepath.Dir(path)); !ok {
			return sheets.Sheet{}, "", false
		}
	}
	return sheets.Sheet{Players: append([]string(nil), e.Sheet.Players...), Rules: e.Sheet.Rules}, e.Path, true
}
