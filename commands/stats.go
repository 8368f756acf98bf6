package commands

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
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
			example{"Ann's November, as JSON", "gin stats --player ann --since 2026-11-01 --until 2026-11-30 --json"},
			example{"month by month", "gin stats --by month"},
			example{"a row per game, for a spreadsheet", "gin stats --csv > games.csv"},
			example{"the sheets a file lists, one path a line", "gin stats - < sheets.txt"},
		),
		Flags: append(outputFlags("print the statistics as one JSON object"),
			&cli.StringFlag{Name: "player", Usage: "count only the sheets `NAME` played in, and show only NAME (any case, any unique prefix)"},
			&cli.StringFlag{Name: "since", Usage: "count only sheets started on or after `DATE` (YYYY-MM-DD); undated sheets are kept"},
			&cli.StringFlag{Name: "until", Usage: "count only sheets started on or before `DATE` (YYYY-MM-DD); undated sheets are kept"},
			&valuesFlag{
				StringFlag: cli.StringFlag{Name: "by", Usage: "the same figures for each `PERIOD` a sheet started in: day, week (ISO), month or year"},
				values:     periodValues,
			},
			boolFlag("chart", "draw each player's net points, added up over the finished games in date order"),
			boolFlag("csv", "print one CSV row per game: file, day, players, winner, hands, hand points, each bonus, final score"),
		),
		Action: runStats,
	}
}

// periodValues are the values of gin stats --by.
func periodValues() []candidate {
	var values []candidate
	for _, name := range stats.PeriodNames() {
		values = append(values, candidate{name, "by the " + name + " a sheet started"})
	}
	return values
}

// statsCounts is what gin stats counts of the sheets it selects: the
// figures by period, and each game for --csv.
type statsCounts struct {
	periods stats.Periods
	games   []render.StatsGame
}

func (n *statsCounts) add(e *sheets.Entry, csv bool) {
	n.periods.Add(e.Score)
	if csv {
		for _, g := range stats.Summaries(e.Score) {
			n.games = append(n.games, render.StatsGame{Path: e.Path, Summary: g})
		}
	}
}

// statsPlayer is one player whose name --player could mean, and the sheets
// of theirs counted.
type statsPlayer struct {
	name   string
	counts statsCounts
}

// statsArgs is what gin stats's flags and arguments say, read once.
type statsArgs struct {
	player, since, until, by             string
	playerSet, sinceSet, untilSet, bySet bool
	json, chart, csv                     bool
	files                                []string // the arguments: files, and - for a list on stdin
}

// statsResult is what gin stats counted: notes for stderr (the files given
// again, the sheets that did not load) and the figures to print.
type statsResult struct {
	repeats []sheets.Repeat
	failed  []error // the sheets that did not load
	by      stats.Period
	periods []stats.PeriodStats
	games   []stats.FinalScore // the finished games in date order, for --chart
	rows    []render.StatsGame // each game, for --csv
}

func runStats(c *cli.Context) error {
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	o := statsArgs{
		player: c.String("player"), since: c.String("since"), until: c.String("until"), by: c.String("by"),
		playerSet: c.IsSet("player"), sinceSet: c.IsSet("since"), untilSet: c.IsSet("until"), bySet: c.IsSet("by"),
		json: c.Bool("json"), chart: c.Bool("chart"), csv: c.Bool("csv"),
		files: c.Args().Slice(),
	}
	res, err := statsOf(o, c.App.Reader)
	if res != nil {
		if werr := writeStatsNotes(c.App.ErrWriter, res); werr != nil {
			return werr
		}
	}
	if err != nil {
		return err
	}
	switch w := c.App.Writer; {
	case o.csv:
		err = render.WriteStatsCSV(w, res.rows)
	case o.json && res.by != stats.All:
		err = render.WriteJSON(w, render.StatsByJSON{By: res.by.String(), Periods: res.periods})
	case o.json:
		err = render.WriteJSON(w, res.periods[0].Stats)
	case o.chart:
		_, err = w.Write(s.AppendNetChart(nil, res.periods[0].Stats, res.games))
	case res.by != stats.All:
		err = render.WriteTo(w, s.AppendPeriods(nil, res.by, res.periods))
	default:
		err = render.WriteTo(w, s.AppendStats(nil, res.periods[0].Stats))
	}
	if err != nil {
		return err
	}
	if len(res.failed) > 0 {
		return errCheckNo // the others were counted: status 1
	}
	return nil
}

// writeStatsNotes says on w (stderr) which files were given again, and
// which sheets did not load.
func writeStatsNotes(w io.Writer, res *statsResult) error {
	for _, r := range res.repeats {
		if _, err := io.WriteString(w, repeatNote(r, "counted once")); err != nil {
			return err
		}
	}
	for _, err := range res.failed {
		if _, werr := io.WriteString(w, errorLine(err)); werr != nil {
			return werr
		}
	}
	return nil
}

// check checks the flags, and returns the period that --by names.
func (o statsArgs) check() (stats.Period, error) {
	for _, d := range []struct {
		flag, day string
		set       bool
	}{{"since", o.since, o.sinceSet}, {"until", o.until, o.untilSet}} {
		if !d.set {
			continue
		}
		if _, err := time.Parse(time.DateOnly, d.day); err != nil {
			return stats.All, fmt.Errorf("--%s %q: give a day as YYYY-MM-DD", d.flag, d.day)
		}
	}
	if o.since != "" && o.until != "" && o.since > o.until {
		return stats.All, fmt.Errorf("--since %s is after --until %s: no sheet can start in between; give --since the earlier day", o.since, o.until)
	}
	if o.playerSet && strings.TrimSpace(o.player) == "" {
		return stats.All, errors.New("--player: the name is empty")
	}
	by := stats.All
	if o.bySet {
		var ok bool
		if by, ok = stats.ParsePeriod(strings.ToLower(strings.TrimSpace(o.by))); !ok {
			return stats.All, fmt.Errorf("--by %q: give a period: %s", o.by, render.JoinList(stats.PeriodNames(), "or"))
		}
	}
	var forms []string
	for _, f := range []struct {
		flag string
		on   bool
	}{{"--json", o.json}, {"--chart", o.chart}, {"--csv", o.csv}} {
		if f.on {
			forms = append(forms, f.flag)
		}
	}
	if len(forms) > 1 {
		return stats.All, fmt.Errorf("%s and %s: give one form of output", forms[0], forms[1])
	}
	switch {
	case by != stats.All && o.chart:
		return stats.All, errors.New("--by and --chart: the chart draws every game in date order; leave out --by")
	case by != stats.All && o.csv:
		return stats.All, errors.New("--by and --csv: each row of the CSV has its game's day; leave out --by")
	}
	return by, nil
}

// statsOf reads the sheets that o names (with the list of paths on stdin
// for -) and adds them up. Once sheets were read, the result comes back
// with its notes even with an error: none loaded, or --player means no one.
func statsOf(o statsArgs, stdin io.Reader) (*statsResult, error) {
	by, err := o.check()
	if err != nil {
		return nil, err
	}
	since, until := o.since, o.until
	typed := strings.TrimSpace(o.player)
	// Each sheet is counted as it is read, so that no sheet's hands are
	// kept after it. With --player, a sheet is counted for each of its
	// players the name could mean, the one meant known only when every
	// sheet has been read: the name in full, or the one name it begins.
	all := statsCounts{periods: stats.Periods{By: by}}
	var players []*statsPlayer
	entries, repeats, err := statsEntries(o.files, stdin, func(e *sheets.Entry) {
		if e.Err != nil {
			return
		}
		day := string(e.Sheet.Started)
		if day != "" && (since != "" && day < since || until != "" && day > until) {
			return
		}
		if typed == "" {
			all.add(e, o.csv)
			return
		}
		for _, name := range e.Score.Players {
			if !ginrummy.SameName(name, typed) && !ginrummy.NameStartsWith(name, typed) {
				continue
			}
			i := slices.IndexFunc(players, func(p *statsPlayer) bool { return ginrummy.SameName(p.name, name) })
			if i < 0 {
				i = len(players)
				players = append(players, &statsPlayer{name: name, counts: statsCounts{periods: stats.Periods{By: by}}})
			}
			players[i].counts.add(e, o.csv)
		}
	})
	if err != nil {
		return nil, err
	}
	res := &statsResult{repeats: repeats, by: by}
	for _, e := range entries {
		if e.Err != nil {
			res.failed = append(res.failed, e.Err)
		}
	}
	if len(res.failed) > 0 && len(res.failed) == len(entries) {
		return res, fmt.Errorf("no sheet could be read (%d tried)", len(res.failed))
	}
	counts, player := &all, ""
	if typed != "" {
		if player, err = statsPlayerMeant(typed, entries); err != nil {
			return res, err
		}
		counts = &statsCounts{periods: stats.Periods{By: by}} // none of theirs in the dates
		for _, p := range players {
			if ginrummy.SameName(p.name, player) {
				counts = &p.counts
			}
		}
	}
	periods, games := counts.periods.Stats()
	switch {
	case len(periods) == 0 && by == stats.All:
		none, _ := (&stats.Tally{}).Stats()
		periods = []stats.PeriodStats{{Stats: none}}
	case len(periods) == 0:
		periods = []stats.PeriodStats{} // JSON: [], not null
	}
	if player != "" {
		for i := range periods {
			periods[i].Players = slices.DeleteFunc(periods[i].Players, func(p stats.Player) bool { return !ginrummy.SameName(p.Name, player) })
		}
	}
	res.periods, res.games, res.rows = periods, games, counts.games
	return res, nil
}

// statsEntries reads the sheets that args name, each through each as it
// is read (sheets.LoadFiles): the files given, with the paths on stdin in
// the place of -, or the sheets of the current folder; each file once, the
// names that repeat one already read returned as repeats.
func statsEntries(args []string, stdin io.Reader, each func(*sheets.Entry)) ([]sheets.Entry, []sheets.Repeat, error) {
	if len(args) == 0 {
		entries, err := sheets.Folder(".", each)
		if err == nil && len(entries) == 0 {
			return nil, nil, errors.New("stats: no score sheets in this folder; name them (gin stats FILE...) or list them on stdin (gin stats -)")
		}
		return entries, nil, err
	}
	if slices.Contains(args, "") {
		return nil, nil, errors.New("stats: a file name is empty: give the files of score sheets")
	}
	if len(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a != "-" })) > 1 {
		return nil, nil, errors.New("stats: - is given twice: stdin holds one list of paths; give - once")
	}
	var paths []string
	for _, arg := range args {
		if arg != "-" {
			paths = append(paths, arg)
			continue
		}
		listed, err := readPaths(stdin)
		if err != nil {
			return nil, nil, err
		}
		paths = append(paths, listed...)
	}
	entries, repeats := sheets.LoadFiles(paths, each)
	for i, e := range entries {
		if _, ok := errors.AsType[*sheets.NotASheetError](e.Err); ok {
			// stats has no --sheet, and a missing file is not one to start.
			entries[i].Err = withRemedy(e.Err, "name the files of score sheets")
		}
	}
	return entries, repeats, nil
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

// statsPlayerMeant is the player of the sheets read that --player means,
// as a name is matched everywhere (ginrummy.MatchName): the name in full, in
// any case, or the one name it begins. A name that begins two players'
// names is an error naming both; a name no sheet has, one that suggests
// the name meant (nameHint).
func statsPlayerMeant(typed string, entries []sheets.Entry) (string, error) {
	var names []string
	for _, e := range entries {
		if e.Err == nil {
			for _, name := range e.Score.Players {
				if !slices.ContainsFunc(names, func(n string) bool { return ginrummy.SameName(n, name) }) {
					names = append(names, name)
				}
			}
		}
	}
	i, err := ginrummy.MatchName(names, typed)
	if amb, ok := errors.AsType[*ginrummy.AmbiguousNameError](err); ok {
		return "", fmt.Errorf("--player %q could be %s, players of the sheets read: type more of the name", amb.Name, render.JoinList(amb.Players, "or"))
	}
	switch {
	case err != nil:
		return "", err
	case i < 0:
		err := fmt.Errorf("--player %q: no sheet read has a player of that name, or whose name begins so", typed)
		if m := nameHint(typed, names); m != "" {
			return "", fmt.Errorf("%w; did you mean %q?", err, m)
		}
		return "", err
	}
	return names[i], nil
}
