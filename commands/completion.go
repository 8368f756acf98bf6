package commands

import (
	"bufio"
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/completions"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// Shell completion, written here because urfave/cli v2's own completion
// (EnableBashCompletion) lists only commands and flags: it cannot offer a
// flag's values (a preset, a player of the sheet, a rules file but not a
// sheet) nor give zsh, fish and PowerShell a note beside each.
//
// The scripts in completions/ are thin and do not change when gin does: the shell hands the words typed so far to the hidden
// "gin __complete" command, which reads the app's own commands and flags and
// prints what may come next. So a command or flag completes as soon as it is
// in commandList, and the values of each are declared where it is:
//
//   - a flag that implements valueCompleter, as valuesFlag does, offers its
//     values (--rules: the presets; --color: auto, always, never);
//   - a string flag with TakesFile offers YAML files and directories, the
//     only files gin reads by name (--rules FILE, --sheet FILE);
//   - a command offers values for its arguments through its BashComplete
//     hook, made by argValues (gin completion: the shells).
//
// The protocol between the scripts and gin:
//
//	gin __complete WORD...
//
// The WORDs are the command line after "gin" up to the cursor; the last is
// the word being completed, "" after a space. gin prints one candidate a
// line, "VALUE" or "VALUE<TAB>NOTE", and then a line ":yaml" when the shell
// should offer YAML files and directories too.

// completeName is the name of the hidden command the scripts call.
const completeName = "__complete"

// candidate is one word the shell may offer, with a note that zsh, fish and
// PowerShell show beside it.
type candidate struct {
	value, note string
}

// completion is what the shell may offer for one word.
type completion struct {
	candidates []candidate
	yaml       bool // YAML files and directories too
	dirs       bool // directories too: the rules files among the candidates
}

// valueCompleter is a flag that lists the values it takes.
type valueCompleter interface {
	completeValues() []candidate
}

// valuesFlag is a string flag whose values the shell completes: the ones
// values lists and, with TakesFile, YAML files.
type valuesFlag struct {
	cli.StringFlag
	values func() []candidate
}

func (f *valuesFlag) completeValues() []candidate { return f.values() }

// argValues returns a BashComplete hook for a command that takes one
// argument, offering values and, with yaml, YAML files. complete calls it
// with the arguments typed so far in c.Args and c.App.Writer taking the
// protocol's lines.
func argValues(values func() []candidate, yaml bool) cli.BashCompleteFunc {
	return func(c *cli.Context) {
		if !c.Args().Present() {
			_ = writeCompletion(c.App.Writer, completion{candidates: values(), yaml: yaml}) // a shell asking: no one to tell
		}
	}
}

// runRulesArg completes a rules preset name or rules file, as gin rules show
// takes, in place of the word being typed (completingWord).
func runRulesArg(c *cli.Context) {
	if !c.Args().Present() {
		word, _ := c.App.Metadata[completingWord].(string)
		_ = writeCompletion(c.App.Writer, rulesValues(word)) // a shell asking: no one to tell
	}
}

// completingWord is the key of App.Metadata that holds, while a command's
// BashComplete hook runs, the word being completed.
const completingWord = "completing"

// rulesValues offers what --rules takes: the presets, and the rules files
// in the folder of the word typed so far (YAML files that are not score
// sheets: sheets.LooksLikeSheet), with the folders left to the shell.
func rulesValues(word string) completion {
	comp := completion{candidates: presetValues(), dirs: true}
	dir, base := filepath.Split(word)
	entries, err := os.ReadDir(cmp.Or(dir, "."))
	if err != nil {
		return comp
	}
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		if !e.Type().IsRegular() || ext != ".yaml" && ext != ".yml" || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if !sheets.LooksLikeSheet(filepath.Join(dir, name)) {
			comp.candidates = append(comp.candidates, candidate{dir + name, "rules file"})
		}
	}
	return comp
}

// presetValues are the rule presets, with their notes.
func presetValues() []candidate {
	var values []candidate
	for _, name := range ginrummy.PresetNames() {
		values = append(values, candidate{name, ginrummy.PresetNote(name)})
	}
	return values
}

// colorValues are the values of --color.
func colorValues() []candidate {
	return []candidate{
		{"auto", "colour on a terminal, unless NO_COLOR is set"},
		{"always", "colour, even into a file or with NO_COLOR"},
		{"never", "no colour"},
	}
}

// shellValues are the shells gin completes in.
func shellValues() []candidate {
	var values []candidate
	for _, s := range completions.Shells() {
		values = append(values, candidate{s.Name, "print " + s.File})
	}
	return values
}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the completion script for bash, zsh, fish or powershell",
		ArgsUsage: "bash|zsh|fish|powershell",
		Description: describe("Prints a script that makes TAB complete gin's commands, flags, rule presets and\n"+
			"YAML files. The script asks gin what to offer, so it keeps up with new versions: install it once.",
			example{"install for bash (with the bash-completion package)", "gin completion bash > ~/.local/share/bash-completion/completions/gin"},
			example{"install for zsh, in a directory on $fpath", "gin completion zsh > ~/.zfunc/_gin"},
			example{"install for fish", "gin completion fish > ~/.config/fish/completions/gin.fish"},
			example{"load in PowerShell, from $PROFILE", "gin completion powershell | Out-String | Invoke-Expression"},
		),
		BashComplete: argValues(shellValues, false),
		Action:       runCompletion,
	}
}

func runCompletion(c *cli.Context) error {
	var names []string
	for _, s := range completions.Shells() {
		if c.NArg() == 1 && c.Args().First() == s.Name {
			_, err := io.WriteString(c.App.Writer, s.Script)
			return err
		}
		names = append(names, s.Name)
	}
	list := render.JoinList(names, "or")
	if c.NArg() != 1 {
		return fmt.Errorf("completion: give one shell: %s", list)
	}
	shell := c.Args().First()
	if s := suggest(shell, names); s != "" {
		return fmt.Errorf("completion: unknown shell %q; did you mean %q?", shell, s)
	}
	return fmt.Errorf("completion: unknown shell %q (want %s)", shell, list)
}

// completeCommand is the hidden command behind the completion scripts. It
// parses no flags: every word after it is a word of the command line.
func completeCommand() *cli.Command {
	return &cli.Command{
		Name:            completeName,
		Usage:           "print what may complete the last word (for the completion scripts)",
		Hidden:          true,
		HideHelp:        true,
		SkipFlagParsing: true,
		Action: func(c *cli.Context) error {
			return writeCompletion(c.App.Writer, complete(c.App, c.Args().Slice()))
		},
	}
}

// complete works out what may complete the last of words, the words after
// "gin", reading the words before it as Run does: flags anywhere, each with
// its value, and a command's subcommand before its arguments.
func complete(app *cli.App, words []string) completion {
	if len(words) == 0 {
		words = []string{""}
	}
	word := words[len(words)-1]
	var cmd *cli.Command // nil for gin itself
	commands, flags := app.Commands, app.Flags
	var args []string
	var value cli.Flag // the flag whose value comes next
	given := map[string]bool{}
	dashes := false
	sheet := "" // the --sheet typed, for the players' names after --by, --winner, --me …
	for _, w := range words[:len(words)-1] {
		sub := findCommand(commands, w)
		switch {
		case value != nil:
			if value.Names()[0] == "sheet" {
				sheet = w
			}
			value = nil
		case dashes:
			args = append(args, w)
		case w == "--":
			dashes = true
		case len(w) > 1 && w[0] == '-':
			if f := lookupFlag(flags, w); f != nil {
				given[f.Names()[0]] = true
				if takesValue(flags, w) {
					value = f
				}
			}
		case len(args) == 0 && sub != nil && !sub.Hidden:
			cmd, commands, flags = sub, sub.Subcommands, sub.Flags
			clear(given)
		default:
			args = append(args, w)
		}
	}

	var comp completion
	names := false // the candidates are players' names, matched as names are
	switch {
	case value != nil && cmd != nil && cmd.Name == "stats" && value.Names()[0] == "player":
		comp.candidates, names = folderPlayerNames(), true
	case value != nil && slices.Contains([]string{"by", "winner", "me", "as"}, value.Names()[0]) && (cmd == nil || cmd.Name != "stats"):
		comp.candidates, names = playerNames(sheet), true
	case value != nil && value.Names()[0] == "rules":
		comp = rulesValues(word)
	case value != nil:
		comp = flagValues(value)
	case !dashes && strings.HasPrefix(word, "-"):
		comp.candidates = flagNames(cmd, flags, given)
	case cmd != nil && cmd.Name == "help" && len(args) == 0:
		// urfave/cli's help command takes the name of a command.
		comp.candidates = commandValues(app.Commands)
	default:
		if len(args) == 0 {
			comp.candidates = commandValues(commands)
		}
		if cmd != nil && cmd.BashComplete != nil && cmd.Name != "help" {
			more := argCompletion(app, cmd, args, word)
			comp.candidates = append(comp.candidates, more.candidates...)
			comp.yaml, comp.dirs = more.yaml, more.dirs
		}
	}
	comp.candidates = slices.DeleteFunc(comp.candidates, func(v candidate) bool {
		if names {
			// As a name typed is matched (ginrummy.MatchName): m offers Maria.
			return word != "" && !ginrummy.SameName(v.value, word) && !ginrummy.NameStartsWith(v.value, word)
		}
		return !strings.HasPrefix(v.value, word)
	})
	return comp
}

// flagValues is what completes the value of flag f.
func flagValues(f cli.Flag) completion {
	var comp completion
	if v, ok := f.(valueCompleter); ok {
		comp.candidates = v.completeValues()
	}
	switch f := f.(type) {
	case *valuesFlag:
		comp.yaml = f.TakesFile
	case *cli.StringFlag:
		comp.yaml = f.TakesFile
	case *cli.PathFlag:
		comp.yaml = f.TakesFile
	}
	return comp
}

// flagNames offers the flags of cmd (nil for gin itself), leaving out the
// hidden ones and those given already that cannot be repeated.
func flagNames(cmd *cli.Command, flags []cli.Flag, given map[string]bool) []candidate {
	if lookupFlag(flags, "--help") == nil && (cmd == nil || !cmd.HideHelp) {
		// A command gets --help when it runs.
		flags = append(slices.Clip(flags), cli.HelpFlag)
	}
	var names []candidate
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		if s, ok := f.(cli.DocGenerationSliceFlag); given[f.Names()[0]] && (!ok || !s.IsSliceFlag()) {
			continue
		}
		for _, name := range f.Names() {
			names = append(names, candidate{withDashes(name), flagUsage(f)})
		}
	}
	return names
}

// flagUsage is a flag's usage without the backquotes that mark its placeholder.
func flagUsage(f cli.Flag) string {
	d, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return ""
	}
	return strings.ReplaceAll(d.GetUsage(), "`", "")
}

// commandValues offers the commands a person may type.
func commandValues(commands []*cli.Command) []candidate {
	var values []candidate
	for _, c := range commands {
		if !c.Hidden {
			values = append(values, candidate{c.Name, c.Usage})
		}
	}
	return values
}

// argCompletion asks cmd's BashComplete hook what may follow args.
func argCompletion(app *cli.App, cmd *cli.Command, args []string, word string) completion {
	set := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	if err := set.Parse(append([]string{"--"}, args...)); err != nil {
		return completion{}
	}
	ctx := cli.NewContext(app, set, nil)
	ctx.Command = cmd
	if app.Metadata == nil {
		app.Metadata = map[string]any{}
	}
	app.Metadata[completingWord] = word
	defer delete(app.Metadata, completingWord)
	var out bytes.Buffer
	w := app.Writer
	app.Writer = &out
	defer func() { app.Writer = w }()
	cmd.BashComplete(ctx)
	return readCompletion(&out)
}

// writeCompletion prints a completion in the protocol's lines.
func writeCompletion(w io.Writer, comp completion) error {
	var b []byte
	for _, v := range comp.candidates {
		b = append(b, v.value...)
		if v.note != "" {
			b = append(append(b, '\t'), v.note...)
		}
		b = append(b, '\n')
	}
	if comp.yaml {
		b = append(b, ":yaml\n"...)
	}
	if comp.dirs {
		b = append(b, ":dirs\n"...)
	}
	_, err := w.Write(b)
	return err
}

// readCompletion reads what writeCompletion prints.
func readCompletion(r io.Reader) completion {
	var comp completion
	lines := bufio.NewScanner(r)
	for lines.Scan() {
		switch lines.Text() {
		case ":yaml":
			comp.yaml = true
			continue
		case ":dirs":
			comp.dirs = true
			continue
		}
		value, note, _ := strings.Cut(lines.Text(), "\t")
		comp.candidates = append(comp.candidates, candidate{value, note})
	}
	return comp
}

// playerNames offers the players of the sheet a command works on: the one
// --sheet names, else $GIN_SHEET, else ./gin-sheet.yaml. A sheet that does
// not load offers nothing.
func playerNames(path string) []candidate {
	if path == "" {
		path = os.Getenv("GIN_SHEET")
	}
	if path == "" {
		path = sheets.DefaultPath
	}
	s, err := sheets.Read(path)
	if err != nil {
		return nil
	}
	var out []candidate
	for _, p := range s.Players {
		out = append(out, candidate{p, "a player on " + yamlfile.Printable(path)})
	}
	return out
}

// folderPlayerNames offers the players of the sheets in the current folder,
// which gin stats reads when no file is named; each name once.
func folderPlayerNames() []candidate {
	entries, err := sheets.Folder(".", nil)
	if err != nil {
		return nil
	}
	var out []candidate
	for _, e := range entries {
		if e.Err != nil {
			continue
		}
		for _, p := range e.Score.Players {
			if !slices.ContainsFunc(out, func(c candidate) bool { return ginrummy.SameName(c.value, p) }) {
				out = append(out, candidate{p, "a player in this folder's sheets"})
			}
		}
	}
	return out
}
