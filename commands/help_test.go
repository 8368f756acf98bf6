package commands

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// setUpApp returns the app as it is when it runs, with urfave/cli's help
// command and flag in place.
func setUpApp() *App {
	app := NewApp()
	app.Setup()
	return app
}

// TestUsageErrorsAreShort checks every command, those to come too: a
// usage mistake prints one line on stderr and exits 2, without the help.
func TestUsageErrorsAreShort(t *testing.T) {
	app := setUpApp()
	paths := [][]string{nil}
	walkCommands("", app.Commands, func(name string, c *cli.Command) {
		paths = append(paths, strings.Fields(name))
		for _, f := range c.Flags {
			if r, ok := f.(cli.RequiredFlag); ok && r.IsRequired() {
				t.Errorf("gin %s --%s is Required: urfave/cli then prints the whole help; check it in the action", name, f.Names()[0])
			}
		}
		if len(c.Subcommands) > 0 {
			paths = append(paths, append(strings.Fields(name), "nosuchcommand"))
		}
	})
	for _, path := range paths {
		args := path
		if !slices.Contains(path, "nosuchcommand") {
			args = append(slices.Clone(path), "--nosuchflag")
		}
		r := run(t, "", args...)
		if r.stdout != "" || !strings.HasPrefix(r.stderr, "gin: ") || strings.Count(r.stderr, "\n") != 1 || r.code != ExitError {
			t.Errorf("gin %s: stdout %q stderr %q exit %d; want one line on stderr and exit 2", strings.Join(args, " "), r.stdout, r.stderr, r.code)
		}
	}
}

func TestSuggest(t *testing.T) {
	names := []string{"analyze", "rules", "completion", "man", "help", "h"}
	tests := []struct {
		word, want string
	}{
		{"anlyze", "analyze"},  // a letter missing
		{"analyse", "analyze"}, // a letter changed
		{"analyzee", "analyze"},
		{"rlues", "rules"}, // two letters swapped
		{"Rules", "rules"},
		{"mna", "man"},
		{"comp", "completion"}, // a beginning
		{"an", "analyze"},
		{"a", ""}, // too short to guess from
		{"deal", ""},
		{"xyz", ""},
		{"anlyzz", "analyze"}, // two typos in a long word
		{"rlzes", ""},         // two in a short one
	}
	for _, tt := range tests {
		if got := suggest(tt.word, names); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"rules", "rules", 0},
		{"rulez", "rules", 1},
		{"rlues", "rules", 1},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // optimal string alignment: no edit after a swap
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestGroupCommand checks a command that only gathers subcommands, as a
// later one may: alone it shows its help, and it names a mistyped subcommand.
func TestGroupCommand(t *testing.T) {
	app := NewApp()
	app.Commands = append(app.Commands, &cli.Command{
		Name:  "sheet",
		Usage: "keep score",
		Subcommands: []*cli.Command{
			{Name: "new", Usage: "start a sheet", Action: func(*cli.Context) error { return nil }},
			{Name: "show", Usage: "print the score", Action: func(*cli.Context) error { return nil }},
		},
	})
	prepare(app.Commands)
	tests := []struct {
		args        []string
		stdout, err string
	}{
		{[]string{"sheet"}, "COMMANDS:\n   new   start a sheet\n   show  print the score\n", ""},
		{[]string{"sheet", "shwo"}, "", `unknown command "sheet shwo"; did you mean "sheet show"?`},
		{[]string{"sheet", "deal", "--json"}, "", `unknown command "sheet deal" (see gin sheet --help)`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		app.Writer, app.ErrWriter = &stdout, &stderr
		err := app.Run(append([]string{"gin"}, tt.args...))
		if !strings.Contains(stdout.String(), tt.stdout) || (tt.err == "") != (err == nil) || (err != nil && err.Error() != tt.err) {
			t.Errorf("gin %q: stdout %q, error %v; want stdout with %q, error %q", tt.args, stdout.String(), err, tt.stdout, tt.err)
		}
	}
}
