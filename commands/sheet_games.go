package commands

import (
	"encoding/base64"
	"encoding/csv"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
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
	var b []byte
	failed := 0
	if c.Bool("json") {
		for _, e := range entries {
			j := sheetListJSON{Path: e.Path}
			if !utf8.ValidString(e.Path) {
				// JSON text is UTF-8: path has U+FFFD for each byte that
				// is not, and path_base64 the name's bytes, to open it by.
				j.PathBase64 = base64.StdEncoding.EncodeToString([]byte(e.Path))
			}
			if e.Err != nil {
				failed++
				j.Error = message(e.Err)
			} else {
				j.Started, j.Players, j.Rules = string(e.Sheet.Started), e.Score.Players[:], e.Score.Rules.Preset
				j.Changed = e.Score.Rules.Changes()
				j.Totals, j.Finished = e.Score.Totals, e.Score.Result != nil
				if e.Score.Result != nil {
					j.Final, j.Winner = e.Score.Result.Final, e.Score.Result.Winner
				}
			}
			data, err := jsonLine(j)
			if err != nil {
				return err
			}
			b = append(b, data...)
		}
	} else {
		t := render.Table{Head: []string{"sheet", "started", "players", "rules", "score", "status"}, Right: make([]bool, 6), PaintHead: func(s string) string { return s }, Width: render.OutputWidth(c.App.Writer)}
		var bad []string // the sheets that do not load, said after the table
		anyChanged := false
		for _, e := range entries {
			if e.Err != nil {
				failed++
				t.Rows = append(t.Rows, []render.Cell{{Text: render.Shorten(yamlfile.Printable(e.Path), 40)}, {Text: "-"}, {Text: "does not load"}})
				bad = append(bad, render.ShellQuote(e.Path))
				continue
			}
			day := string(e.Sheet.Started)
			if day == "" {
				day = "undated"
			}
			sc := e.Score
			// The score in the order of the players column: "Ann–Bob  104–0"
			// while the game is open, the final score, bonuses and all, as gin
			// stats counts it, once it is over.
			score := fmt.Sprintf("%d–%d", sc.Totals.Values[0], sc.Totals.Values[1])
			state := "open"
			if sc.Result != nil {
				score = fmt.Sprintf("%d–%d", sc.Result.Final.Values[0], sc.Result.Final.Values[1])
				state = "over"
				if sc.Result.Winner != "" {
					state = "won by " + render.Shorten(sc.Result.Winner, listName)
				}
			}
			rules, changed := rulesName(sc.Rules)
			anyChanged = anyChanged || changed
			t.Rows = append(t.Rows, []render.Cell{{Text: render.Shorten(yamlfile.Printable(e.Path), 40)}, {Text: day}, {Text: render.Shorten(sc.Players[0], listName) + "–" + render.Shorten(sc.Players[1], listName)}, {Text: rules}, {Text: score}, {Text: state}})
		}
		if len(entries) == 0 {
			where := "this folder"
			if dir != "." {
				where = render.ShellQuote(dir)
			}
			b = fmt.Appendf(b, "No score sheets in %s.\n", where)
		} else {
			b = t.AppendTo(b)
		}
		if anyChanged {
			b = append(b, changedMark+" rules changed from the preset: gin sheet show names them.\n"...)
		}
		for _, path := range bad {
			b = fmt.Appendf(b, "%s does not load: gin sheet show --sheet %s says why.\n", path, path)
		}
	}
	if c.Bool("json") {
		// JSON lines as they are: fitting them to the width would wrap a
		// long error inside its string.
		if _, err := c.App.Writer.Write(b); err != nil {
			return err
		}
	} else if err := render.WriteTo(c.App.Writer, b); err != nil {
		return err
	}
	if failed > 0 {
		return errReported
	}
	return nil
}

// sheetListJSON is one sheet of gin sheet list --json.
type sheetListJSON struct {
	Path       string               `json:"path"`
	PathBase64 string               `json:"path_base64,omitempty"` // the path's bytes, when they are not UTF-8
	Started    string               `json:"started,omitempty"`
	Players    []string             `json:"players,omitempty"`
	Rules      string               `json:"rules,omitempty"`
	Changed    []string             `json:"changed,omitempty"` // the rules that differ from the preset, as "key value"
	Totals     sheets.ByPlayer[int] `json:"totals,omitzero"`   // hand points
	Final      sheets.ByPlayer[int] `json:"final,omitzero"`    // hand points and bonuses, once finished
	Finished   bool                 `json:"finished"`
	Winner     string               `json:"winner,omitempty"`
	Error      string               `json:"error,omitempty"`
}

// rulesName is a sheet's preset, marked with changedMark when any rule
// differs from it (gin sheet show names each), and whether it is.
func rulesName(r rulesfile.Spec) (string, bool) {
	if len(r.Changes()) > 0 {
		return r.Preset + changedMark, true
	}
	return r.Preset, false
}

// changedMark marks the rules of a sheet that differ from its preset.
const changedMark = "*"

// listName is the most of a player's name gin sheet list shows, so that a
// line fits 80 columns.
const listName = 9

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
	w := csv.NewWriter(c.App.Writer)
	// Text cells, the names above all, go through csvText; numbers do not.
	head := []string{"hand", "dealer", "by", "kind", "knocker_deadwood", "defender_deadwood", "scorer", "points"}
	games := len(sc.Games)
	if games == 0 {
		head = append(head, render.CSVText(sc.Players[0]), render.CSVText(sc.Players[1]))
	} else {
		for _, p := range sc.Players {
			for g := range games {
				head = append(head, render.CSVText(fmt.Sprintf("%s game %d", p, g+1)))
			}
		}
	}
	if err := w.Write(head); err != nil {
		return err
	}
	num := func(n *int) string {
		if n == nil {
			return ""
		}
		return strconv.Itoa(*n)
	}
	for _, h := range sc.Hands {
		row := []string{strconv.Itoa(h.Number), render.CSVText(h.Dealer), render.CSVText(h.By), render.CSVText(h.Kind.String()), num(h.KnockerDeadwood), num(h.DefenderDeadwood), render.CSVText(h.Scorer), strconv.Itoa(h.Points)}
		if games == 0 {
			row = append(row, strconv.Itoa(h.Totals.Values[0]), strconv.Itoa(h.Totals.Values[1]))
		} else {
			for p := range 2 {
				for g := range games {
					row = append(row, strconv.Itoa(h.GameTotals[g].Values[p]))
				}
			}
		}
		if err := w.Write(row); err != nil {
			return err
		}
	}
	if sc.Result != nil {
		for _, row := range settlementRows(sc) {
			if err := w.Write(row); err != nil {
				return err
			}
		}
	}
	w.Flush()
	return w.Error()
}

// settlementRows are the rows that end a finished game's CSV: one per kind
// of bonus (game, box, shutout),
// with the totals running on through them in the players' columns, and a
// final row with the winner, the margin and the final scores, which the
// running totals reach. In Hollywood each game's column settles with its
// own bonuses; the final row's winner and margin are the match's.
func settlementRows(sc *sheets.Score) [][]string {
	// The columns: a player's, or in Hollywood a player's in one game.
	type column struct {
		total   int
		bonuses sheets.Amounts
		final   int
	}
	var cols []column
	if len(sc.Games) == 0 {
		for p := range 2 {
			cols = append(cols, column{sc.Totals.Values[p], sc.Result.Bonuses.Values[p], sc.Result.Final.Values[p]})
		}
	} else {
		for p := range 2 {
			for _, g := range sc.Games {
				col := column{total: g.Totals.Values[p], final: g.Totals.Values[p]}
				if g.Result != nil { // a void game has none
					col.bonuses, col.final = g.Result.Bonuses.Values[p], g.Result.Final.Values[p]
				}
				cols = append(cols, col)
			}
		}
	}
	var kinds []ginrummy.ItemKind // in the order of the rules: the shutout's doubling by what it doubles
	for _, col := range cols {
		for _, it := range col.bonuses {
			if !slices.Contains(kinds, it.Kind) {
				kinds = append(kinds, it.Kind)
			}
		}
	}
	slices.Sort(kinds)
	var rows [][]string
	for _, kind := range kinds {
		row := []string{render.CSVText("bonus"), "", "", render.CSVText(kind.String()), "", "", "", ""}
		for i := range cols {
			for _, it := range cols[i].bonuses {
				if it.Kind == kind {
					cols[i].total += it.Points
				}
			}
			row = append(row, strconv.Itoa(cols[i].total))
		}
		rows = append(rows, row)
	}
	final := []string{render.CSVText("final"), "", "", render.CSVText("result"), "", "", render.CSVText(sc.Result.Winner), strconv.Itoa(sc.Result.Net)}
	for _, col := range cols {
		final = append(final, strconv.Itoa(col.final))
	}
	return append(rows, final)
}

// appendChart draws each player's running score across the hands, and the
// target as a line (not in Hollywood, whose three games it adds up).
func (v *sheetView) appendChart(b []byte, sc *sheets.Score) []byte {
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
	return append(b, v.Plot(render.Chart{Series: series, Legends: legends, Caption: caption, Mark: mark})...)
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

// jsonLine is one value as a line of JSON.
func jsonLine(v any) ([]byte, error) {
	var b strings.Builder
	if err := render.WriteJSON(&b, v); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}
