package render

import (
	"encoding/base64"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// The sheets of a folder, and a sheet exported for a spreadsheet.

// WriteSheetList writes the sheets of a folder as gin sheet list shows
// them: a table (a sheet that does not load said after it), or asJSON a
// line of JSON each, a sheet's error worded by errText. It returns how many
// sheets did not load.
func WriteSheetList(w io.Writer, entries []sheets.Entry, dir string, asJSON bool, errText func(error) string) (failed int, err error) {
	var b []byte
	if asJSON {
		for _, e := range entries {
			j := sheetListJSON{Path: e.Path}
			if !utf8.ValidString(e.Path) {
				// JSON text is UTF-8: path has U+FFFD for each byte that
				// is not, and path_base64 the name's bytes, to open it by.
				j.PathBase64 = base64.StdEncoding.EncodeToString([]byte(e.Path))
			}
			if e.Err != nil {
				failed++
				j.Error = errText(e.Err)
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
				return failed, err
			}
			b = append(b, data...)
		}
	} else {
		t := columns{Head: []string{"sheet", "started", "players", "rules", "score", "status"}, Right: make([]bool, 6), PaintHead: func(s string) string { return s }, Width: OutputWidth(w)}
		var bad []string // the sheets that do not load, said after the table
		anyChanged := false
		for _, e := range entries {
			if e.Err != nil {
				failed++
				t.Rows = append(t.Rows, []cell{{Text: shorten(yamlfile.Printable(e.Path), 40)}, {Text: "-"}, {Text: "does not load"}})
				bad = append(bad, ShellQuote(e.Path))
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
					state = "won by " + shorten(sc.Result.Winner, listName)
				}
			}
			rules, changed := rulesName(sc.Rules)
			anyChanged = anyChanged || changed
			t.Rows = append(t.Rows, []cell{{Text: shorten(yamlfile.Printable(e.Path), 40)}, {Text: day}, {Text: shorten(sc.Players[0], listName) + "–" + shorten(sc.Players[1], listName)}, {Text: rules}, {Text: score}, {Text: state}})
		}
		if len(entries) == 0 {
			where := "this folder"
			if dir != "." {
				where = ShellQuote(dir)
			}
			b = fmt.Appendf(b, "No score sheets in %s.\n", where)
		} else {
			b = t.appendTo(b)
		}
		if anyChanged {
			b = append(b, changedMark+" rules changed from the preset: gin sheet show names them.\n"...)
		}
		for _, path := range bad {
			b = fmt.Appendf(b, "%s does not load: gin sheet show --sheet %s says why.\n", path, path)
		}
	}
	if asJSON {
		// JSON lines as they are: fitting them to the width would wrap a
		// long error inside its string.
		if _, err := w.Write(b); err != nil {
			return failed, err
		}
	} else if err := WriteTo(w, b); err != nil {
		return failed, err
	}
	return failed, nil
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

// WriteSheetCSV writes a sheet as CSV for a spreadsheet: a row per hand
// with the running totals, and for a finished game the rows that settle it.
func WriteSheetCSV(w io.Writer, sc *sheets.Score) error {
	cw := csv.NewWriter(w)
	// Text cells, the names above all, go through csvText; numbers do not.
	head := []string{"hand", "dealer", "by", "kind", "knocker_deadwood", "defender_deadwood", "scorer", "points"}
	games := len(sc.Games)
	if games == 0 {
		head = append(head, csvText(sc.Players[0]), csvText(sc.Players[1]))
	} else {
		for _, p := range sc.Players {
			for g := range games {
				head = append(head, csvText(fmt.Sprintf("%s game %d", p, g+1)))
			}
		}
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	num := func(n *int) string {
		if n == nil {
			return ""
		}
		return strconv.Itoa(*n)
	}
	for _, h := range sc.Hands {
		row := []string{strconv.Itoa(h.Number), csvText(h.Dealer), csvText(h.By), csvText(h.Kind.String()), num(h.KnockerDeadwood), num(h.DefenderDeadwood), csvText(h.Scorer), strconv.Itoa(h.Points)}
		if games == 0 {
			row = append(row, strconv.Itoa(h.Totals.Values[0]), strconv.Itoa(h.Totals.Values[1]))
		} else {
			for p := range 2 {
				for g := range games {
					row = append(row, strconv.Itoa(h.GameTotals[g].Values[p]))
				}
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	if sc.Result != nil {
		for _, row := range settlementRows(sc) {
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
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
		row := []string{csvText("bonus"), "", "", csvText(kind.String()), "", "", "", ""}
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
	final := []string{csvText("final"), "", "", csvText("result"), "", "", csvText(sc.Result.Winner), strconv.Itoa(sc.Result.Net)}
	for _, col := range cols {
		final = append(final, strconv.Itoa(col.final))
	}
	return append(rows, final)
}
