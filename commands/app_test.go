package commands

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestAppsRunAtOnce runs apps side by side in one process, as the tests
// do, each command over and over: each prints the help it prints alone.
// urfave/cli shares one --help flag and one help command among apps, and
// applying the flag or running the command wrote to it, which go test
// -race reports.
func TestAppsRunAtOnce(t *testing.T) {
	t.Parallel()
	commands := [][]string{{"--help"}, {"analyze", "--help"}, {"sheet", "add", "-h"}, {"help", "hand"}, {"help"}, {"h"}, {"help", "-h"}, {"__complete", "sheet", "show", "--"}}
	alone := make([]result, len(commands))
	for i, args := range commands {
		alone[i] = run(t, "", args...)
	}
	var wg sync.WaitGroup
	for i, args := range commands {
		wg.Go(func() {
			for range 10 {
				if r := run(t, "", args...); r != alone[i] || r.code != 0 {
					t.Errorf("gin %s run beside others: %+v; alone: %+v", strings.Join(args, " "), r, alone[i])
					return
				}
			}
		})
	}
	wg.Wait()
}

// A sheet command tunes the garbage collector to its sheet, a GC percent
// of 50 and a soft memory limit of 40 bytes a byte of the sheet and 18 MiB,
// but not in an app that keeps the settings (App.KeepGC), as an app among
// others in one process (the tests) must.
//
// It runs alone, not in parallel: it sets the process's garbage collector.
func TestKeepGC(t *testing.T) {
	sheet := filepath.Join(t.TempDir(), "s.yaml")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	gin := func(keep bool, args ...string) {
		app := NewApp()
		app.KeepGC = keep
		app.Writer, app.ErrWriter = io.Discard, io.Discard
		if err := app.Run(append([]string{"gin"}, args...)); err != nil {
			t.Fatalf("gin %s: %v", strings.Join(args, " "), err)
		}
	}
	gin(true, "sheet", "new", "--sheet", sheet, "--players", "Ann,Bob")
	info, err := os.Stat(sheet)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		keep           bool
		percent, limit int64
	}{
		{true, 100, math.MaxInt64},
		{false, 50, 40*info.Size() + 18<<20},
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		gin(tt.keep, "sheet", "show", "--sheet", sheet)
		if percent, limit := int64(debug.SetGCPercent(100)), debug.SetMemoryLimit(-1); percent != tt.percent || limit != tt.limit {
			t.Errorf("KeepGC %v: GC percent %d, memory limit %d; want %d, %d", tt.keep, percent, limit, tt.percent, tt.limit)
		}
	}
}

func TestExitCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  error
		want int
	}{
		{nil, ExitOK},
		{errCheckNo, ExitNo},
		{fmt.Errorf("wrapped: %w", errCheckNo), ExitNo},
		{errReported, ExitError},
		{errors.New("anything else"), ExitError},
	}
	for _, tt := range tests {
		if got := ExitCode(tt.err); got != tt.want {
			t.Errorf("ExitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

func TestHoistFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args, want string
	}{
		{"gin analyze 7h 8h --json", "gin analyze --json 7h 8h"},
		{"gin analyze --json 7h 8h", "gin analyze --json 7h 8h"},
		{"gin analyze 7h 9h --seen 8h", "gin analyze --seen 8h 7h 9h"},
		{"gin analyze 7h --seen=8h --outs 9h", "gin analyze --seen=8h --outs 7h 9h"},
		{"gin analyze 7h -knock-limit 5 --all 8h", "gin analyze -knock-limit 5 --all 7h 8h"},
		{"gin analyze 7h --knock-limit -1", "gin analyze --knock-limit -1 7h"},
		{"gin analyze 7h -- --json 8h", "gin analyze -- 7h --json 8h"},
		{"gin analyze - --json", "gin analyze --json -"},
		{"gin analyze 7h 8h --seen", "gin analyze --seen"},
		{"gin analyze 7h --nope 8h", "gin analyze --nope 7h 8h"},
		{"gin analyze 7h 8h --help", "gin analyze --help"},
		{"gin analyze -h 7h", "gin analyze -h"},
		{"gin analyze 7h 8h --rules h", "gin analyze --rules h 7h 8h"},
		{"gin layoff 5c 6c --melds help", "gin layoff --melds help 5c 6c"},
		{"gin layoff 5c --melds 7h,8h,9h 6c --json", "gin layoff --melds 7h,8h,9h --json 5c 6c"},
		{"gin score --knock 5 --tie-is-undercut=false --deadwood 5", "gin score --knock 5 --tie-is-undercut=false --deadwood 5"},
		{"gin score --gin --deadwood -3", "gin score --gin --deadwood -3"},
		{"gin rules show classic --json", "gin rules show --json classic"},
		{"gin rules --json show classic", "gin rules --json show classic"},
		{"gin --version", "gin --version"},
		{"gin foo analyze --json", "gin foo analyze --json"},
		{"gin rules shwo --json classic", "gin rules shwo --json classic"},
		{"gin rules --json shwo --color never", "gin rules --json shwo --color never"},
		{"gin __complete analyze 7h --ru", "gin __complete analyze 7h --ru"},
		{"gin __complete analyze --help", "gin __complete analyze --help"},
		{"gin", "gin"},
	}
	commands := commandList()
	for _, tt := range tests {
		got, err := hoistFlags(commands, strings.Fields(tt.args))
		if err != nil {
			t.Errorf("hoistFlags(%q): %v", tt.args, err)
		}
		if want := strings.Fields(tt.want); !slices.Equal(got, want) {
			t.Errorf("hoistFlags(%q) = %q, want %q", tt.args, got, want)
		}
	}
	if got, _ := hoistFlags(commands, nil); len(got) != 0 {
		t.Errorf("hoistFlags(nil) = %q", got)
	}
}

func TestApp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		args   []string
		stdout string // a line the output must hold
		stderr string // all of stderr
		code   int
	}{
		{"no command shows help", nil, "COMMANDS:", "", ExitOK},
		{"help", []string{"help"}, "analyze", "", ExitOK},
		{"help for a command", []string{"help", "analyze"}, "gin analyze [command options] [CARDS...]", "", ExitOK},
		{"--help after cards", []string{"analyze", "7h", "--help"}, "--knock-limit N", "", ExitOK},
		{"version", []string{"--version"}, "gin devel", "", ExitOK},
		{"unknown command", []string{"deal"}, "", "gin: unknown command \"deal\" (see gin --help)\n", ExitError},
		{"mistyped command", []string{"anlyze", "7h", "--json"}, "", "gin: unknown command \"anlyze\"; did you mean \"analyze\"?\n", ExitError},
		{"mistyped command asking for help", []string{"anlyze", "--help"}, "", "gin: unknown command \"anlyze\"; did you mean \"analyze\"?\n", ExitError},
		{"command begun", []string{"ana", "7h"}, "", "gin: unknown command \"ana\"; did you mean \"analyze\"?\n", ExitError},
		{"mistyped subcommand", []string{"rules", "shwo", "classic", "--json"}, "", "gin: unknown command \"rules shwo\"; did you mean \"rules show\"?\n", ExitError},
		{"mistyped flag", []string{"analyze", "--rulez", "x"}, "", "gin: unknown flag --rulez; did you mean --rules?\n", ExitError},
		{"mistyped flag after cards", []string{"analyze", "7h", "-jsno"}, "", "gin: unknown flag --jsno; did you mean --json?\n", ExitError},
		{"mistyped root flag", []string{"--verison"}, "", "gin: unknown flag --verison; did you mean --version?\n", ExitError},
		{"mistyped subcommand flag", []string{"rules", "show", "classic", "--jsn"}, "", "gin: unknown flag --jsn; did you mean --json?\n", ExitError},
		{"unknown root flag", []string{"--nope"}, "", "gin: unknown flag --nope (see gin --help)\n", ExitError},
		{"help about help", []string{"help", "--help"}, "NAME:\n   gin - analyze Gin Rummy hands and keep score", "", ExitOK},
		{"unknown command flag", []string{"analyze", "7h", "--nope"}, "", "gin: unknown flag --nope (see gin analyze --help)\n", ExitError},
		{"a subcommand's flag before it", []string{"sheet", "--sheet", "x.yaml", "show"}, "",
			"gin: --sheet before show: it goes after the subcommand: gin sheet show --sheet x.yaml\n", ExitError},
		{"a subcommand's flag before it, unknown to the group", []string{"sheet", "--by", "ann", "add"}, "",
			"gin: unknown flag --by for gin sheet: it goes after the subcommand it belongs to (gin sheet add --by, gin sheet edit --by)\n", ExitError},
		{"a command's flag before it", []string{"--rules", "modern", "score"}, "",
			"gin: unknown flag --rules for gin: it goes after the subcommand it belongs to (gin analyze --rules, gin advise --rules, gin arena --rules, …)\n", ExitError},
		{"flag value missing", []string{"analyze", "7h", "--seen"}, "", "gin: flag needs an argument: --seen (see gin analyze --help)\n", ExitError},
		{"help for a nested command", []string{"help", "sheet", "add"}, "NAME:\n   gin sheet add - record a hand", "", ExitOK},
		{"h for a nested command", []string{"h", "rules", "show", "classic"}, "NAME:\n   gin rules show - print a preset", "", ExitOK},
		{"help for a group", []string{"help", "sheet"}, "NAME:\n   gin sheet - keep score", "", ExitOK},
		{"help for a command and its arguments", []string{"help", "completion", "bash"}, "NAME:\n   gin completion - print", "", ExitOK},
		{"help of a mistyped subcommand", []string{"help", "sheet", "ad"}, "", "gin: unknown command \"sheet ad\"; did you mean \"sheet add\"?\n", ExitError},
		{"help of a mistyped command", []string{"help", "analyz"}, "", "gin: unknown command \"analyz\"; did you mean \"analyze\"?\n", ExitError},
		{"help of no command", []string{"h", "zzz"}, "", "gin: unknown command \"zzz\" (see gin --help)\n", ExitError},
		{"unknown short flag", []string{"-v"}, "", "gin: unknown flag -v (see gin --help)\n", ExitError},
		{"bad flag value", []string{"analyze", "7h", "--knock-limit", "ten"}, "", "gin: invalid value \"ten\" for flag --knock-limit: not a whole number (see gin analyze --help)\n", ExitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, "", tt.args...)
			if !strings.Contains(r.stdout, tt.stdout) || r.stderr != tt.stderr || r.code != tt.code {
				t.Errorf("gin %q:\nstdout %q\nstderr %q\nexit %d\nwant stdout with %q, stderr %q, exit %d",
					tt.args, r.stdout, r.stderr, r.code, tt.stdout, tt.stderr, tt.code)
			}
		})
	}
}

// It runs alone, not in parallel: it sets the package's version.
func TestVersionFromLinker(t *testing.T) {
	defer func(v string) { version = v }(version)
	version = "v1.2.3"
	if r := run(t, "", "--version"); r.stdout != "gin v1.2.3\n" || r.code != ExitOK {
		t.Errorf("gin --version = %q, exit %d; want \"gin v1.2.3\\n\", 0", r.stdout, r.code)
	}
}

// What urfave/cli would take silently is refused before it runs: a flag given
// twice, where the last would win, a switch with a separate true or false,
// and an argument right after a list's value of one card, apart from the
// others.
func TestHoistRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct{ args, want string }{
		{"sheet add --by a --by b --knock 5 --deadwood 20", "--by is given twice: give it once"},
		{"score --knock 5 --knock 7 --deadwood 20", "--knock is given twice: give it once"},
		{"analyze 7h --rules oklahoma --rules=classic", "--rules is given twice: give it once"},
		{"score --knock 6 --deadwood 6 --tie-is-undercut false", "--tie-is-undercut false: a switch takes its value after =, as --tie-is-undercut=false"},
		{"sheet new --players A,B --spade-doubles true", "--spade-doubles true: a switch takes its value after =, as --spade-doubles=true"},
		{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check false", "--check false: a switch takes its value after =, as --check=false"},
		// Another flag where a value should be.
		{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --seen --outs", "--seen is followed by --outs, not by its value: give --seen a value"},
		{"advise 7h 8h Ks Kd Kc 2c 3c 4c 5d Qd Ah --discards --took 8s", "--discards is followed by --took, not by its value: give --discards a value"},
		{"sheet add --by --knock 5 --deadwood 20", "--by is followed by --knock, not by its value: give --by a value"},
		// A list's cards not quoted: the second would join the player's.
		{"advise 7h 8h Ks Kd Kc 2c 3c 4c 5d Qd --discards Ah 2h", "2h after --discards Ah: to give --discards both, quote them: --discards 'Ah 2h'; if 2h is yours, put it with your other cards"},
		{"advise 7h 8h Ks Kd Kc 2c 3c 4c 5d Qd --took=Ah 2h", "2h after --took Ah: to give --took both, quote them: --took 'Ah 2h'; if 2h is yours, put it with your other cards"},
		{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --outs --seen 5c 6c", "6c after --seen 5c: to give --seen both, quote them: --seen '5c 6c'; if 6c is yours, put it with your other cards"},
		{"analyze 7h --seen 5c $x\x1b", `$'$x\x1b' after --seen 5c: to give --seen both, quote them: --seen $'5c $x\x1b'; if $'$x\x1b' is yours, put it with your other cards`},
		{"analyze 7h --seen 5c $x", `'$x' after --seen 5c: to give --seen both, quote them: --seen '5c $x'; if '$x' is yours, put it with your other cards`},
	}
	commands := commandList()
	for _, tt := range tests {
		if _, err := hoistFlags(commands, append([]string{"gin"}, strings.Fields(tt.args)...)); err == nil || err.Error() != tt.want {
			t.Errorf("gin %s: %v, want %q", tt.args, err, tt.want)
		}
	}
	// A list flag may repeat, and the arguments may all follow it; after a
	// list of more than one card, quoted, the argument is the player's.
	for _, args := range [][]string{
		strings.Fields("gin analyze 7h --outs --seen 8h --seen 9h"),
		strings.Fields("gin analyze --outs --seen 8h 7h 9h"),
		strings.Fields("gin advise --discards Ah --stock 20 7h 8h Ks Kd Kc 2c 3c 4c 5d Qd"),
		{"gin", "advise", "7h", "8h", "Ks", "Kd", "Kc", "2c", "3c", "4c", "5d", "--discards", "Ah 2h", "Qd"},
		strings.Fields("gin advise 7h 8h Ks Kd Kc 2c 3c 4c 5d --discards=Ah,2h Qd"),
	} {
		if _, err := hoistFlags(commands, args); err != nil {
			t.Errorf("%q: %v", args, err)
		}
	}
	// Asked for help, it gives help, whatever else is wrong.
	for _, args := range []string{"gin advise 7h --discards Qc Qh --help", "gin advise --help 7h --discards Qc Qh", "gin score --knock 5 --knock 7 -h"} {
		got, err := hoistFlags(commands, strings.Fields(args))
		if err != nil || !slices.ContainsFunc(got, isHelpFlag) {
			t.Errorf("%s: %q, %v; want help", args, got, err)
		}
	}
	// Help where a flag's value should be is help, not the value.
	for _, args := range []string{"analyze 7h --rules --help", "sheet add --by -h"} {
		r := run(t, "", strings.Fields(args)...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "NAME:") {
			t.Errorf("gin %s: exit %d\n%s%s; want the help", args, r.code, r.stdout, r.stderr)
		}
	}
	// A value that starts with a dash but names no flag is still a value.
	if got, err := hoistFlags(commands, strings.Fields("gin score --knock 5 --deadwood -3")); err != nil || !slices.Equal(got, strings.Fields("gin score --knock 5 --deadwood -3")) {
		t.Errorf("--deadwood -3: %q, %v", got, err)
	}
}

// TestTwoDashes writes the flag of each message of Go's flag package with
// two dashes, and a one-letter flag with one.
func TestTwoDashes(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"flag needs an argument: -seen", "flag needs an argument: --seen"},
		{`invalid value "ten" for flag -knock-limit: not a whole number`, `invalid value "ten" for flag --knock-limit: not a whole number`},
		{`invalid boolean value "maybe" for -json: parse error`, `invalid boolean value "maybe" for --json: parse error`},
		{`invalid boolean value "x" for -h: parse error`, `invalid boolean value "x" for -h: parse error`},
		{"no flag here", "no flag here"},
	}
	for _, tt := range tests {
		if got := twoDashes(tt.in); got != tt.want {
			t.Errorf("twoDashes(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A build from a working copy is devel, whatever version go build stamps on
// it: since Go 1.24 that is a pseudo-version, which names no release.
func TestVersionOfAWorkingCopy(t *testing.T) {
	t.Parallel()
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "6a36a3a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7"}}
	dirty := append(slices.Clone(rev), debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	tests := []struct {
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"v1.2.3", rev, "v1.2.3"},
		{"v1.2.4-rc.1", rev, "v1.2.4-rc.1"},
		{"(devel)", nil, "devel"},
		{"", rev, "devel (6a36a3a1b2c3)"},
		{"v0.0.0-20261129040751-6a36a3a1b2c3", rev, "devel (6a36a3a1b2c3)"},
		{"v0.0.0-20261129040751-6a36a3a1b2c3+dirty", dirty, "devel (6a36a3a1b2c3, modified)"},
		{"v1.2.4-0.20261129040751-6a36a3a1b2c3", rev, "devel (6a36a3a1b2c3)"},
		{"v1.2.4-rc.1.0.20261129040751-6a36a3a1b2c3", rev, "devel (6a36a3a1b2c3)"},
		{"v1.2.3+dirty", dirty, "devel (6a36a3a1b2c3, modified)"},
		{"v0.0.0-20261129040751-6a36a3a1b2c3", nil, "devel"},
	}
	for _, tt := range tests {
		info := &debug.BuildInfo{Main: debug.Module{Version: tt.version}, Settings: tt.settings}
		if got := versionOf(info); got != tt.want {
			t.Errorf("version %q: %q, want %q", tt.version, got, tt.want)
		}
	}
}
