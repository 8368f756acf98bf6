package commands

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/stats"
)

func statsCommand() *cli.Command {
	return &cli.Command{
		Name:      "stats",
		Usage:     "add up many score sheets: wins, gins, undercuts, head to head",
		ArgsUsage: "[FILE... | -]",
		Description: describe("Reads score sheets and prints, per player, the games played, won and lost, the hands played\n"+
			"and won, knocks, gins, big gins, undercuts made and suffered, hand points, final points and\n"+
			"shutouts, then the record of every pair who met. With no FILE it reads the sheets in the\n"+
			"current folder; a - among the files reads a list of paths from stdin, one a line. Each file\n"+
			"counts once, however it is named. A file that does not load is reported and the others are\n"+
			"still counted (exit status 1; 2 when none loads).",
			example{"the sheets in this folder", "gin stats"},
			example{"Ann's November, as JSON", "gin stats --player Ann --since 2026-11-01 --until 2026-11-30 --json"},
			example{"the sheets a file lists, one path a line", "gin stats - < sheets.txt"},
		),
		Flags: append(outputFlags("print the statistics as one JSON object"),
			&cli.StringFlag{Name: "player", Usage: "count only the sheets `NAME` played in, and show only NAME"},
			&cli.StringFlag{Name: "since", Usage: "count only sheets started on or after `DATE` (YYYY-MM-DD); undated sheets are kept"},
			&cli.StringFlag{Name: "until", Usage: "count only sheets started on or before `DATE` (YYYY-MM-DD); undated sheets are kept"},
			boolFlag("chart", "draw each player's net points, added up over the finished games in date order"),
		),
		Action: runStats,
	}
}

func runStats(c *cli.Context) error {
	s, err := newStyle(c)
	if err != nil {
		return err
	}
	since, until := c.String("since"), c.String("until")
	for _, d := range []struct{ flag, day string }{{"since", since}, {"until", until}} {
		if !c.IsSet(d.flag) {
			continue
		}
		if _, err := time.Parse(time.DateOnly, d.day); err != nil {
			return fmt.Errorf("--%s %q: give a day as YYYY-MM-DD", d.flag, d.day)
		}
	}
	if since != "" && until != "" && since > until {
		return fmt.Errorf("--since %s is after --until %s: no sheet can start in between; give --since the earlier day", since, until)
	}
	if c.IsSet("player") && strings.TrimSpace(c.String("player")) == "" {
		return errors.New("--player: the name is empty")
	}
	player := ginrummy.PlayerName(c.String("player")) // as the sheets hold their players
	// Each sheet is counted as it is read, so that no sheet's hands are
	// kept after it.
	var tally stats.Tally
	entries, err := statsEntries(c, func(e *sheets.Entry) {
		if e.Err != nil {
			return
		}
		day := string(e.Sheet.Started)
		if day != "" && (since != "" && day < since || until != "" && day > until) {
			return
		}
		if player != "" && !slices.Contains(e.Score.Players[:], player) {
			return
		}
		tally.Add(e.Score)
	})
	if err != nil {
		return err
	}
	failed := 0
	for _, e := range entries {
		if e.Err != nil {
			failed++
			if _, err := io.WriteString(c.App.ErrWriter, errorLine(e.Err)); err != nil {
				return err
			}
		}
	}
	if failed > 0 && failed == len(entries) {
		return fmt.Errorf("no sheet could be read (%d tried)", failed)
	}
	if player != "" && !slices.ContainsFunc(entries, func(e sheets.Entry) bool {
		return e.Err == nil && slices.Contains(e.Score.Players[:], player)
	}) {
		return noSuchPlayer(player, entries)
	}
	st, games := tally.Stats()
	if player != "" {
		st.Players = slices.DeleteFunc(st.Players, func(p stats.Player) bool { return p.Name != player })
	}
	switch {
	case c.Bool("json") && c.Bool("chart"):
		return errors.New("--chart and --json: the chart is a drawing; give one")
	case c.Bool("json"):
		err = writeJSON(c.App.Writer, st)
	case c.Bool("chart"):
		_, err = c.App.Writer.Write(s.appendNetChart(nil, st, games))
	default:
		err = writeText(c, s.appendStats(nil, st))
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return errCheckNo // the others were counted: status 1
	}
	return nil
}

// statsEntries reads the sheets the command line names, each through each
// as it is read (sheets.LoadFiles): the files given, with the paths on stdin
// in the place of -, or the sheets of the current folder; each file once, a
// name that repeats one already read said on stderr.
func statsEntries(c *cli.Context, each func(*sheets.Entry)) ([]sheets.Entry, error) {
	args := c.Args().Slice()
	if len(args) == 0 {
		entries, err := sheets.Folder(".", each)
		if err == nil && len(entries) == 0 {
			return nil, errors.New("stats: no score sheets in this folder; name them (gin stats FILE...) or list them on stdin (gin stats -)")
		}
		return entries, err
	}
	if len(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a != "-" })) > 1 {
		return nil, errors.New("stats: - is given twice: stdin holds one list of paths; give - once")
	}
	var paths []string
	for _, arg := range args {
		if arg != "-" {
			paths = append(paths, arg)
			continue
		}
		listed, err := readPaths(c.App.Reader)
		if err != nil {
			return nil, err
		}
		paths = append(paths, listed...)
	}
	entries, repeats := sheets.LoadFiles(paths, each)
	for i, e := range entries {
		if na, ok := errors.AsType[*sheets.NotASheetError](e.Err); ok {
			// stats has no --sheet, and a missing file is not one to start.
			entries[i].Err = &sheets.NotASheetError{Path: na.Path, Problem: na.Problem, Remedy: "name the files of score sheets"}
		}
	}
	for _, r := range repeats {
		note := fmt.Sprintf("gin: %s is given again: counted once\n", sheets.ShellQuote(r.Path))
		if r.Path != r.Same {
			note = fmt.Sprintf("gin: %s is the same file as %s: counted once\n", sheets.ShellQuote(r.Path), sheets.ShellQuote(r.Same))
		}
		if _, err := io.WriteString(c.App.ErrWriter, note); err != nil {
			return nil, err
		}
	}
	return entries, nil
}

// readPaths reads one path a line, skipping blank lines; a line longer
// than a path can be is refused rather than read whole.
func readPaths(r io.Reader) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 4096)
	var paths []string
	line := 0
	for sc.Scan() {
		line++
		if p := strings.TrimSpace(sc.Text()); p != "" {
			paths = append(paths, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("stdin line %d: %w (one path a line)", line+1, err)
	}
	if len(paths) == 0 {
		return nil, errors.New("stats -: no paths on stdin")
	}
	return paths, nil
}

// appendStats writes the statistics as two tables and the head-to-head
// records, in 80 columns.
func (s *style) appendStats(b []byte, st stats.Stats) []byte {
	b = fmt.Appendf(b, "%d %s: %d finished %s, %d unfinished", st.Sheets, plural(st.Sheets, "sheet", "sheets"), st.Games, plural(st.Games, "game", "games"), st.Unfinished)
	if st.Undated > 0 {
		b = fmt.Appendf(b, ", %d undated", st.Undated)
	}
	b = append(b, "\n\n"...)
	if len(st.Players) == 0 {
		return append(b, "No players.\n"...)
	}
	games := table{head: []string{"player", "games", "wins", "losses", "final points", "shutouts"}, right: []bool{false, true, true, true, true, true}, paintHead: s.emphasis, width: s.width}
	hands := table{head: []string{"player", "hands", "won", "knocks", "gins", "big gins", "undercut", "undercut by", "points"}, right: []bool{false, true, true, true, true, true, true, true, true}, paintHead: s.emphasis, width: s.width}
	// A name is cut short only when a table must, to fit.
	games.cut, hands.cut = []bool{true}, []bool{true}
	num := func(n int) cell { return cell{text: strconv.Itoa(n)} }
	for _, p := range st.Players {
		name := cell{text: p.Name}
		games.rows = append(games.rows, []cell{name, num(p.Games), num(p.Wins), num(p.Losses), num(p.FinalPoints), num(p.Shutouts)})
		hands.rows = append(hands.rows, []cell{name, num(p.Hands), num(p.HandsWon), num(p.Knocks), num(p.Gins), num(p.BigGins), num(p.UndercutsMade), num(p.UndercutsSuffered), num(p.HandPoints)})
	}
	b = append(games.appendTo(b), '\n')
	b = append(hands.appendTo(b), '\n')
	b = append(b, "\"undercut\": hands the player undercut the knocker;\n\"undercut by\": knocks of theirs undercut.\n"...)
	if len(st.HeadToHead) > 0 {
		b = append(b, '\n')
		b = append(b, s.emphasis("Head to head")...)
		b = append(b, '\n')
		for _, h := range st.HeadToHead {
			a, z := h.Players[0], h.Players[1]
			b = fmt.Appendf(b, "%s v %s: %d %s, %s %d–%d, net %s %+d\n", a, z, h.Games, plural(h.Games, "game", "games"), a, h.Wins[a], h.Wins[z], a, h.Net[a])
		}
	}
	return b
}

// appendNetChart draws each player's net points, added up over the finished
// games in date order.
func (s *style) appendNetChart(b []byte, st stats.Stats, games []stats.Game) []byte {
	if len(games) == 0 {
		return append(b, "No finished games: nothing to draw.\n"...)
	}
	var names []string
	for _, p := range st.Players {
		names = append(names, p.Name)
	}
	series := make([][]float64, len(names))
	for i, name := range names {
		total := 0.0
		series[i] = []float64{0}
		for _, g := range games {
			if mine, ok := g.Final[name]; ok {
				for other, theirs := range g.Final {
					if other != name {
						total += float64(mine - theirs)
					}
				}
			}
			series[i] = append(series[i], total)
		}
	}
	return append(b, s.plot(series, names, fmt.Sprintf("net points over %d finished %s, oldest first", len(games), plural(len(games), "game", "games")))...)
}

// noSuchPlayer is the error for a --player that no sheet read names: the
// name is matched exactly, so it suggests the name meant (nameHint).
func noSuchPlayer(player string, entries []sheets.Entry) error {
	var names []string
	for _, e := range entries {
		if e.Err == nil {
			for _, name := range e.Score.Players {
				if !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
	}
	err := fmt.Errorf("--player %q: no sheet read names that player (names match exactly, case included)", player)
	if m := nameHint(player, names); m != "" {
		return fmt.Errorf("%w; did you mean %q?", err, m)
	}
	return err
}
