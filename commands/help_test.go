package commands

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/urfave/cli/v2"
)

// setUpApp returns the app as it is when it runs, with urfave/cli's help
// command and flag in place.
func setUpApp() *App {
	app := testApp()
	app.Setup()
	return app
}

// TestEveryCommandTeaches holds every command, those to come too, to the
// help the README promises: a usage line, a description, and at least two
// examples naming commands and flags that exist.
func TestEveryCommandTeaches(t *testing.T) {
	t.Parallel()
	app := setUpApp()
	check := func(name, usage, description string) {
		text, examples := splitDescription(description)
		switch {
		case usage == "":
			t.Errorf("%s has no usage line", name)
		case strings.TrimSpace(text) == "":
			t.Errorf("%s has no description: give it a sentence or two", name)
		case len(examples) < 2:
			t.Errorf("%s has %d examples: give it at least two, with describe", name, len(examples))
		}
		for _, e := range examples {
			if err := checkExample(app, e.cmd); err != nil {
				t.Errorf("%s: example %q: %v", name, e.cmd, err)
			}
		}
	}
	check(app.Name, app.Usage, app.Description)
	walkCommands(app.Name, app.Commands, func(name string, c *cli.Command) {
		check(name, c.Usage, c.Description)
	})
}

// checkExample checks that an example's command line names commands and
// flags that gin has.
func checkExample(app *App, line string) error {
	words := shellWords(line)
	if len(words) == 0 || words[0] != app.Name {
		return fmt.Errorf("does not start with %q", app.Name)
	}
	name, commands, flags := app.Name, app.Commands, app.Flags
	args, takesArgs := false, false // takesArgs: the command takes arguments beside its subcommands
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return nil
		case len(w) > 1 && w[0] == '-':
			if lookupFlag(flags, w) == nil && !isHelpFlag(w) {
				return fmt.Errorf("%s has no flag %s", name, w)
			}
			if takesValue(flags, w) {
				i++
			}
		case !args && findCommand(commands, w) != nil:
			c := findCommand(commands, w)
			name, commands, flags = name+" "+w, c.Subcommands, c.Flags
			takesArgs = c.ArgsUsage != "" && c.Action != nil
			if c.Name == "help" {
				commands = nil // urfave/cli's help takes a command's name
			}
		case !args && len(commands) > 0 && !takesArgs:
			return fmt.Errorf("%s has no command %q", name, w)
		default:
			args = true
		}
	}
	return nil
}

// shellWords splits a command line into words as a shell would, for plain
// words and quotes, up to the first pipe, redirection or separator.
func shellWords(line string) []string {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || strings.ContainsRune("|<>;&", r):
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			if r != ' ' && r != '\t' {
				return words
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words
}

func TestShellWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want []string
	}{
		{"gin analyze 7h 8h", []string{"gin", "analyze", "7h", "8h"}},
		{`gin sheet add --melds "7h 8h 9h | Ks Kd Kc"`, []string{"gin", "sheet", "add", "--melds", "7h 8h 9h | Ks Kd Kc"}},
		{"gin analyze --json < hands.txt", []string{"gin", "analyze", "--json"}},
		{"gin man | man -l -", []string{"gin", "man"}},
		{"gin x ''", []string{"gin", "x", ""}},
	}
	for _, tt := range tests {
		if got := shellWords(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("shellWords(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestCheckExample(t *testing.T) {
	t.Parallel()
	app := setUpApp()
	tests := []struct {
		line string
		err  string
	}{
		{"gin analyze 7h 8h --json", ""},
		{"gin analyze --rules oklahoma --upcard 5s 7h", ""},
		{"gin rules show classic", ""},
		{"gin help analyze", ""},
		{"gin analyze --nope 7h", "gin analyze has no flag --nope"},
		{"gin rules shwo classic", `gin rules has no command "shwo"`},
		{"gin anlyze", `gin has no command "anlyze"`},
		{"go run . analyze", `does not start with "gin"`},
	}
	for _, tt := range tests {
		err := checkExample(app, tt.line)
		if got := fmt.Sprint(err); (tt.err == "" && err != nil) || (tt.err != "" && got != tt.err) {
			t.Errorf("checkExample(%q) = %v, want %q", tt.line, err, tt.err)
		}
	}
}

// TestUsageErrorsAreShort checks every command, those to come too: a
// usage mistake prints one line on stderr and exits 2, without the help.
func TestUsageErrorsAreShort(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

func TestDescribe(t *testing.T) {
	t.Parallel()
	examples := []example{{"one", "gin analyze 7h"}, {"two", "gin rules"}}
	// The text is filled to helpWidth: lines of a paragraph join; an
	// indented paragraph stays as written.
	text, got := splitDescription(describe("Does a thing.\nOn two lines.\n\n   key: value\n   other: 2", examples...))
	if text != "Does a thing. On two lines.\n\n   key: value\n   other: 2" || !slices.Equal(got, examples) {
		t.Errorf("splitDescription(describe(...)) = %q, %v", text, got)
	}
	long := strings.Repeat("word ", 40)
	for _, line := range strings.Split(reflow(long, helpWidth), "\n") {
		if len(line) > helpWidth {
			t.Errorf("a line of %d columns: %q", len(line), line)
		}
	}
	if text, got := splitDescription("No examples."); text != "No examples." || got != nil {
		t.Errorf("splitDescription without examples = %q, %v", text, got)
	}
}

// TestGroupCommand checks a command that only gathers subcommands, as a
// later one may: alone it shows its help, and it names a mistyped subcommand.
func TestGroupCommand(t *testing.T) {
	t.Parallel()
	app := testApp()
	app.Commands = append(app.Commands, &cli.Command{
		Name:  "tally",
		Usage: "keep a tally",
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
		{[]string{"tally"}, "COMMANDS:\n   new   start a sheet\n   show  print the score\n", ""},
		{[]string{"tally", "shwo"}, "", `unknown command "tally shwo"; did you mean "tally show"?`},
		{[]string{"tally", "deal", "--json"}, "", `unknown command "tally deal" (see gin tally --help)`},
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

// The player meant by a mistyped name: a typo away, a word of the name a
// typo away, or the letters in order from the first; nothing when two
// names fit or none does.
func TestNameHint(t *testing.T) {
	t.Parallel()
	names := []string{"Alexandra Smith", "Bartholomew Jones", "Dan"}
	for _, tt := range []struct{ typed, want string }{
		{"dna", "Dan"},
		{"alexandra smth", "Alexandra Smith"},
		{"smyth", "Alexandra Smith"},
		{"Alx", "Alexandra Smith"},
		{"bjones", "Bartholomew Jones"},
		{"zed", ""},
		{"", ""},
	} {
		if got := nameHint(tt.typed, names); got != tt.want {
			t.Errorf("nameHint(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
	if got := nameHint("an", []string{"Anna", "Andrew"}); got != "" {
		t.Errorf("nameHint(an) between Anna and Andrew = %q, want none", got)
	}
}

// continued is a line's end that a shell reads as going on, and the next
// line's indent.
var continued = regexp.MustCompile(` \\\n *`)

// joinComments joins each example comment of a fitted help that goes on
// over more lines, each of which must start with "# " (so that the example
// pastes as it is), back into one line.
func joinComments(t *testing.T, name string, width int, help string) string {
	t.Helper()
	lines := strings.Split(help, "\n")
	var out []string
	examples, comment := false, false
	for _, line := range lines {
		text := strings.TrimSpace(line)
		switch {
		case text == strings.TrimSpace(examplesHeading):
			examples = true
		case line != "" && line[0] != ' ':
			examples = false
		}
		if examples && comment && text != "" && !strings.HasPrefix(text, "gin ") {
			if !strings.HasPrefix(text, "# ") {
				t.Errorf("%s at %d columns: %q goes on an example's comment without a #", name, width, line)
			}
			out[len(out)-1] += " " + strings.TrimPrefix(text, "# ")
			continue
		}
		comment = examples && strings.HasPrefix(text, "# ")
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// TestHelpFits renders every command's help at widths from 40 to 120: from
// 66 on every line fits, at any width no word is lost or changed, an
// example broken over lines joins back, at each " \", into the command as
// written, and an example's comment broken over lines is a comment on each.
func TestHelpFits(t *testing.T) {
	t.Parallel()
	app := setUpApp()
	var helps []string
	show := func(templ string, data any) {
		var buf bytes.Buffer
		cli.HelpPrinterCustom(&buf, templ, data, nil)
		helps = append(helps, buf.String())
	}
	show(cli.AppHelpTemplate, app.App)
	walkCommands(app.Name, app.Commands, func(_ string, c *cli.Command) {
		show(cli.CommandHelpTemplate, c)
	})
	for _, help := range helps {
		name, _, _ := strings.Cut(strings.TrimSpace(strings.Split(help, "\n")[1]), " - ")
		for width := 40; width <= 120; width++ {
			got := string(fitHelp([]byte(help), width))
			if width >= 66 {
				for _, line := range strings.Split(got, "\n") {
					if render.DisplayWidth(line) > width {
						t.Errorf("%s at %d columns: %d-column line %q", name, width, render.DisplayWidth(line), line)
					}
				}
			}
			joined := strings.ReplaceAll(joinComments(t, name, width, got), " \\\n", " ")
			if !slices.Equal(strings.Fields(joined), strings.Fields(help)) {
				t.Errorf("%s at %d columns: the words changed:\n%s", name, width, got)
			}
			for _, line := range strings.Split(continued.ReplaceAllString(got, " "), "\n") {
				if strings.HasPrefix(line, "     gin ") && !strings.Contains(help, line+"\n") {
					t.Errorf("%s at %d columns: the example %q does not join back into the help's line", name, width, line)
				}
			}
		}
	}
	// The help a person sees goes through the same fitting.
	if r := run(t, "", "advise", "--help"); r.code != 0 || strings.Contains(r.stdout, "--discards \"Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d\" --took 8s --threw") {
		t.Errorf("gin advise --help, exit %d, is not fitted to 80 columns:\n%s", r.code, r.stdout)
	}
}
