package commands

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/completions"
	"github.com/gin-rummy/gin/ginrummy"
)

// TestCompletionScripts checks that gin completion prints the scripts
// checked in under completions/, and that every script there is printed.
func TestCompletionScripts(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "completions")
	printed := map[string]bool{}
	for _, s := range completions.Shells() {
		want, err := os.ReadFile(filepath.Join(dir, s.File))
		if err != nil {
			t.Fatal(err)
		}
		r := run(t, "", "completion", s.Name)
		if r.stdout != string(want) || r.stderr != "" || r.code != ExitOK {
			t.Errorf("gin completion %s differs from %s (stderr %q, exit %d)", s.Name, s.File, r.stderr, r.code)
		}
		printed[s.File] = true
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") && !printed[f.Name()] {
			t.Errorf("completions/%s is no shell's script", f.Name())
		}
	}
	if zsh, _ := os.ReadFile(filepath.Join(dir, "_gin")); !bytes.HasPrefix(zsh, []byte("#compdef gin\n")) {
		t.Errorf("_gin does not start with #compdef gin, which compinit needs to autoload it")
	}
}

func TestCompletionErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args, stderr string
	}{
		{"completion", "gin: completion: give one shell: bash, zsh, fish or powershell\n"},
		{"completion bash zsh", "gin: completion: give one shell: bash, zsh, fish or powershell\n"},
		{"completion zhs", "gin: completion: unknown shell \"zhs\"; did you mean \"zsh\"?\n"},
		{"completion tcsh", "gin: completion: unknown shell \"tcsh\" (want bash, zsh, fish or powershell)\n"},
	}
	for _, tt := range tests {
		r := run(t, "", strings.Fields(tt.args)...)
		if r.stdout != "" || r.stderr != tt.stderr || r.code != ExitError {
			t.Errorf("gin %s: stdout %q stderr %q exit %d; want stderr %q, exit 2", tt.args, r.stdout, r.stderr, r.code, tt.stderr)
		}
	}
}

// completeWith runs gin __complete on app with words and returns the values
// it offers, and the files it asks the shell for too: "yaml" (YAML files and
// folders), "dirs" (folders: the rules files are among the values) or "".
func completeWith(t *testing.T, app *App, words ...string) ([]string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	app.Writer, app.ErrWriter = &stdout, &stderr
	if err := app.Run(append([]string{"gin", completeName}, words...)); err != nil || stderr.Len() > 0 {
		t.Fatalf("gin __complete %q: %v %s", words, err, stderr.String())
	}
	comp := readCompletion(&stdout)
	values := []string{}
	for _, c := range comp.candidates {
		values = append(values, c.value)
	}
	files := ""
	switch {
	case comp.yaml:
		files = "yaml"
	case comp.dirs:
		files = "dirs"
	}
	return values, files
}

func TestComplete(t *testing.T) {
	t.Parallel()
	presets := ginrummy.PresetNames()
	// Every command and every flag of analyze, as other commands and flags
	// join them: all but the hidden ones, help last.
	var commands, analyzeFlags []string
	for _, c := range commandList() {
		if !c.Hidden {
			commands = append(commands, c.Name)
		}
		if c.Name == "analyze" {
			for _, f := range c.Flags {
				analyzeFlags = append(analyzeFlags, withDashes(f.Names()[0]))
			}
		}
	}
	commands = append(commands, "help")
	analyzeFlags = append(analyzeFlags, "--help", "-h")
	tests := []struct {
		line  string // the words typed; a trailing space starts a new word
		want  []string
		files string
	}{
		{"", commands, ""},
		{"an", []string{"analyze"}, ""},
		{"c", []string{"completion"}, ""},
		{"x", []string{}, ""},
		{"--", []string{"--version", "--help"}, ""},
		{"--h", []string{"--help"}, ""},
		{"analyze --ru", []string{"--rules"}, ""},
		{"analyze 7h 8h 9h --ru", []string{"--rules"}, ""},
		{"analyze -", analyzeFlags, ""},
		{"analyze --json --j", []string{}, ""},             // given already
		{"analyze --seen 4c --se", []string{"--seen"}, ""}, // may repeat
		{"analyze --rules ", presets, "dirs"},
		{"analyze --rules mo", []string{"modern"}, "dirs"},
		{"analyze --rules classic --ru", []string{}, ""},
		{"analyze --color ", []string{"auto", "always", "never"}, ""},
		{"analyze --color=never --co", []string{}, ""},
		{"analyze --knock-limit ", []string{}, ""},
		{"analyze --upcard ", []string{}, ""},
		{"analyze 7h ", []string{}, ""},
		{"analyze 7h -- --ru", []string{}, ""},
		{"analyze --help ", []string{}, ""},
		{"rules ", []string{"list", "show"}, ""},
		{"rules --json ", []string{"list", "show"}, ""},
		{"rules show ", presets, "dirs"},
		{"rules show o", []string{"oklahoma"}, "dirs"},
		{"rules show classic ", []string{}, ""},
		{"rules show --", []string{"--json", "--color", "--help"}, ""},
		{"completion ", []string{"bash", "zsh", "fish", "powershell"}, ""},
		{"completion f", []string{"fish"}, ""},
		{"completion bash ", []string{}, ""},
		{"man ", []string{}, ""},
		{"help an", []string{"analyze"}, ""},
		{"__complete ", []string{}, ""},
		{"anlyze ", []string{}, ""},
	}
	for _, tt := range tests {
		words := strings.Split(tt.line, " ")
		got, files := completeWith(t, testApp(), words...)
		if !slices.Equal(got, tt.want) || files != tt.files {
			t.Errorf("gin %s<TAB> offers %q, files %q; want %q, %q", tt.line, got, files, tt.want, tt.files)
		}
	}
}

func TestCompleteNotes(t *testing.T) {
	t.Parallel()
	var stdout bytes.Buffer
	app := testApp()
	app.Writer = &stdout
	if err := app.Run([]string{"gin", completeName, "analyze", "--rules", "mod"}); err != nil {
		t.Fatal(err)
	}
	want := "modern\t" + ginrummy.PresetNote("modern") + "\n:dirs\n"
	if stdout.String() != want {
		t.Errorf("gin __complete analyze --rules mod printed %q, want %q", stdout.String(), want)
	}
}

// TestCompleteNewCommands shows what a command added later gets without a
// change to the scripts: its subcommands and flags complete, and the values
// its flags and arguments declare.
func TestCompleteNewCommands(t *testing.T) {
	t.Parallel()
	app := testApp()
	app.Commands = append(app.Commands, &cli.Command{
		Name:  "tally",
		Usage: "keep a tally",
		Subcommands: []*cli.Command{
			{
				Name:  "new",
				Usage: "start a sheet",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "sheet", Usage: "the score sheet `FILE`", TakesFile: true},
					&valuesFlag{
						StringFlag: cli.StringFlag{Name: "shutout", Usage: "the shutout `REWARD`"},
						values: func() []candidate {
							var values []candidate
							for _, name := range ginrummy.ShutoutNames() {
								values = append(values, candidate{name, ""})
							}
							return values
						},
					},
				},
				Action: func(*cli.Context) error { return nil },
			},
			{
				Name:         "show",
				Usage:        "print the score",
				BashComplete: argValues(func() []candidate { return []candidate{{"Ann", "a player"}} }, true),
				Action:       func(*cli.Context) error { return nil },
			},
		},
	})
	prepare(app.Commands)
	tests := []struct {
		line  string
		want  []string
		files string
	}{
		{"ta", []string{"tally"}, ""},
		{"tally ", []string{"new", "show"}, ""},
		{"tally new --", []string{"--sheet", "--shutout", "--help"}, ""},
		{"tally new --sheet ", []string{}, "yaml"},
		{"tally new --shutout ", ginrummy.ShutoutNames(), ""},
		{"tally new --shutout a", []string{"add-bonus"}, ""},
		{"tally show ", []string{"Ann"}, "yaml"},
		{"tally show Ann ", []string{}, ""},
	}
	for _, tt := range tests {
		got, files := completeWith(t, app, strings.Split(tt.line, " ")...)
		if !slices.Equal(got, tt.want) || files != tt.files {
			t.Errorf("gin %s<TAB> offers %q, files %q; want %q, %q", tt.line, got, files, tt.want, tt.files)
		}
	}
}

// TestFlagsThatTakeFilesComplete checks every flag, those to come too: one
// that takes a FILE completes YAML files, which needs TakesFile.
func TestFlagsThatTakeFilesComplete(t *testing.T) {
	t.Parallel()
	app := setUpApp()
	walkCommands(app.Name, app.Commands, func(name string, c *cli.Command) {
		for _, f := range c.Flags {
			if strings.Contains(flagUsage(f), "FILE") && !flagValues(f).yaml {
				t.Errorf("%s --%s takes a FILE but does not complete files: set TakesFile", name, f.Names()[0])
			}
		}
	})
}

// After --rules, and after gin rules show, the rules files of the folder
// being typed are offered, never a score sheet, and the shell adds folders.
func TestCompleteRulesFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"house.yaml":         "preset: modern\ngin_bonus: 30\n",
		"sunday.yaml":        "players: [Ann, Bob]\nhands: []\n",
		"notes.txt":          "preset: modern\n",
		"games/friday.yml":   "preset: classic\n",
		"games/evening.yaml": "players: [Ann, Cy]\n",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	parallelIn(t, dir)
	presets := ginrummy.PresetNames()
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"analyze --rules ", append(slices.Clone(presets), "house.yaml")},
		{"analyze --rules h", []string{"hollywood", "house.yaml"}},
		{"analyze --rules s", []string{"scorepad"}}, // not sunday.yaml, a sheet
		{"analyze --rules games/", []string{"games/friday.yml"}},
		{"rules show ho", []string{"hollywood", "house.yaml"}},
		{"sheet new --players Ann,Bob --rules games/f", []string{"games/friday.yml"}},
	} {
		got, kind := completeWith(t, testApp(), strings.Split(tt.line, " ")...)
		if !slices.Equal(got, tt.want) || kind != "dirs" {
			t.Errorf("gin %s<TAB> offers %q, files %q; want %q and folders", tt.line, got, kind, tt.want)
		}
	}
}
