// Package commands is the gin command line, built on urfave/cli: one file per
// command, and the shared flag, input and output helpers. Commands read flags
// and cards, call ginrummy or sheets, and render the result; the game lives
// in ginrummy.
package commands

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"
)

// commandList is every command of gin, in the order help lists them.
func commandList() []*cli.Command {
	return []*cli.Command{
		analyzeCommand(),
		layoffCommand(),
		adviseCommand(),
		arenaCommand(),
		handCommand(),
		reviewCommand(),
		scoreCommand(),
		sheetCommand(),
		statsCommand(),
		rulesCommand(),
		completionCommand(),
		manCommand(),
		completeCommand(),
	}
}

func init() {
	cli.HelpFlag = helpFlag{cli.HelpFlag.(*cli.BoolFlag)}
}

// helpFlag is urfave/cli's --help (cli.HelpFlag), which every app and
// command shares, as a flag that is never written to: a BoolFlag's Apply
// keeps its default in the flag, so that apps run at once in one process
// (the tests) would race on it. Apply applies a copy; the help printed is
// the BoolFlag's own.
type helpFlag struct{ *cli.BoolFlag }

// Apply defines the flag in set, from a copy of the shared flag.
func (f helpFlag) Apply(set *flag.FlagSet) error {
	own := *f.BoolFlag
	return own.Apply(set)
}

// App is the gin command line.
type App struct {
	*cli.App
	// KeepGC leaves the garbage collector's settings alone, which a sheet
	// command otherwise tunes to its sheet (debug.SetGCPercent and
	// SetMemoryLimit): for a program that runs several apps at once, as
	// the tests do, where one app's sheet would set them for all.
	KeepGC bool
}

// keepGCKey is where Run leaves App.KeepGC for the commands, in the
// Metadata of urfave/cli's app, which is all a command is given.
const keepGCKey = "gin.keepGC"

// NewApp returns the gin command line reading os.Stdin and writing os.Stdout
// and os.Stderr; tests replace Reader, Writer and ErrWriter.
func NewApp() *App {
	app := &cli.App{
		Name:  "gin",
		Usage: "analyze Gin Rummy hands and keep score",
		Description: describe("gin finds the melds of least deadwood in a Gin Rummy hand, says whether it can knock or is gin,\n"+
			"and ranks every discard. Give one hand as arguments, or pipe in one hand per line; --json is for programs.",
			example{"can these ten cards knock?", "gin analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"},
			example{"which card to discard after the draw", "gin analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd"},
			example{"a file of hands, one per line, to JSON Lines", "gin analyze --json < hands.txt"},
			example{"the rule presets", "gin rules"},
		),
		Commands: commandList(),
		Flags: []cli.Flag{
			boolFlag("version", "print the version"),
		},
		HideVersion:  true, // --version is ours: urfave/cli's is a global
		Action:       runRoot,
		OnUsageError: runUsageError,
		// Run returns every error to its caller, which chooses the exit status.
		ExitErrHandler: func(*cli.Context, error) {},
		Reader:         os.Stdin,
		Writer:         os.Stdout,
		ErrWriter:      os.Stderr,
	}
	prepare(app.Commands)
	return &App{App: app}
}

// prepare gives every command the same handling of usage errors and drops
// the "help" subcommand, which would shadow an argument; --help stays. A
// command that only gathers subcommands shows its help, or names the word
// that is none of them.
func prepare(commands []*cli.Command) {
	for _, c := range commands {
		c.OnUsageError = runUsageError
		c.HideHelpCommand = true
		if c.Action == nil && len(c.Subcommands) > 0 {
			c.Action = runGroup
		}
		prepare(c.Subcommands)
	}
}

// Run runs the command line args, whose first element is the program name.
// Flags may follow the cards. An error is printed to ErrWriter as
// "gin: …" unless it has been reported already; ExitCode turns it into the
// exit status.
func (a *App) Run(args []string) error {
	args = helpAsFlag(a.Commands, args)
	args, err := hoistFlags(a.Commands, args)
	switch {
	case err != nil:
	case len(args) > 2 && (args[1] == "help" || args[1] == "h") && a.Command(args[2]) == nil && !isHelpFlag(args[2]):
		// urfave/cli's help would say "No help topic" and suggest nothing.
		err = fmt.Errorf("unknown command %q (see gin --help)", args[2])
		if s := suggest(args[2], commandNames(a.Commands)); s != "" {
			err = fmt.Errorf("unknown command %q; did you mean %q?", args[2], s)
		}
	default:
		a.Setup()
		ownHelpCommand(a.Commands)
		a.Metadata[keepGCKey] = a.KeepGC
		err = a.App.Run(args)
	}
	if err != nil && !silent(err) {
		_, _ = fmt.Fprint(a.ErrWriter, errorLine(err)) // nowhere left to report a failure
	}
	return err
}

// ownHelpCommand gives the app its own copy of urfave/cli's help command,
// which Setup adds to every app: running it writes to it (its setup), so
// that apps running "gin help" at once in one process would race. The copy
// gets no help command of its own, which would be the shared one again.
func ownHelpCommand(commands []*cli.Command) {
	for i, c := range commands {
		if c.Name == "help" {
			own := *c
			own.HideHelpCommand = true
			commands[i] = &own
		}
	}
}

// helpAsFlag turns "gin help X Y" into "gin X Y --help", so that the help of
// every command, nested ones included, is one word away: urfave/cli's help
// command shows the help of X alone ("gin help sheet add" gave sheet's). The
// words name commands as far as there are subcommands to name (the rest,
// the arguments of a command, are dropped); a word that names none is left
// for the command to refuse with a suggestion.
func helpAsFlag(commands []*cli.Command, args []string) []string {
	if len(args) < 3 || args[1] != "help" && args[1] != "h" || findCommand(commands, args[2]) == nil {
		return args
	}
	out := []string{args[0]}
	for _, word := range args[2:] {
		if len(commands) == 0 || isHelpFlag(word) {
			break
		}
		out = append(out, word)
		cmd := findCommand(commands, word)
		if cmd == nil {
			break
		}
		commands = cmd.Subcommands
	}
	return append(out, "--help")
}

// runUsageError suggests the flag meant by a mistyped one, or else points at
// the help instead of printing it all.
// Flags are written with two dashes, as gin's help writes them; Go's flag
// package writes one.
func runUsageError(c *cli.Context, err error, _ bool) error {
	if name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); ok {
		if s := suggestFlag(c.Command.Flags, name); s != "" {
			return fmt.Errorf("unknown flag %s; did you mean %s?", withDashes(name), s)
		}
		if owners := flagOwners(c.App, c.Command, name); len(owners) > 0 {
			more := ""
			if len(owners) > 3 {
				owners, more = owners[:3], ", …"
			}
			return fmt.Errorf("unknown flag %s for %s: it goes after the subcommand it belongs to (%s%s)", withDashes(name), c.Command.HelpName, strings.Join(owners, ", "), more)
		}
		return fmt.Errorf("unknown flag %s (see %s --help)", withDashes(name), c.Command.HelpName)
	}
	if hint := boolNumber(err.Error()); hint != "" {
		return errors.New(hint)
	}
	return fmt.Errorf("%s (see %s --help)", twoDashes(err.Error()), c.Command.HelpName)
}

// flagOwners lists the commands below cmd (nil or the root for app itself)
// that take the flag name, as "gin sheet show --sheet", for a flag given
// before its subcommand.
func flagOwners(app *cli.App, cmd *cli.Command, name string) []string {
	parent, below := app.Name, app.Commands
	if cmd != nil && cmd.HelpName != app.Name {
		parent, below = cmd.HelpName, cmd.Subcommands
	}
	var owners []string
	walkCommands(parent, below, func(path string, cmd *cli.Command) {
		if lookupFlag(cmd.Flags, name) != nil {
			owners = append(owners, path+" "+withDashes(name))
		}
	})
	return owners
}

// twoDashes writes the flag that a message of Go's flag package names with
// one dash ("flag needs an argument: -seen", "invalid value … for flag
// -target: …", "invalid boolean value … for -json: …") as gin writes it.
func twoDashes(msg string) string {
	for _, before := range []string{"flag needs an argument: -", " for flag -", " for -"} {
		i := strings.Index(msg, before)
		if i < 0 {
			continue
		}
		start := i + len(before)
		end := start + strings.IndexAny(msg[start:]+":", ": ")
		return msg[:start-1] + withDashes(msg[start:end]) + msg[end:]
	}
	return msg
}

func runRoot(c *cli.Context) error {
	switch {
	case c.Bool("version"):
		_, err := fmt.Fprintf(c.App.Writer, "gin %s\n", buildVersion())
		return err
	case c.Args().Present():
		return unknownSubcommand(c.App.Name, c.Command, c.Args().First())
	}
	return cli.ShowAppHelp(c)
}

// version, when set at link time, is the version --version prints:
//
//	go build -ldflags "-X github.com/gin-rummy/gin/commands.version=v1.2.3"
var version string

// buildVersion returns the link-time version, else the main module's version
// from the build information ("go install …@v1.2.3"), else "devel".
func buildVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionOf(info)
}

// pseudoVersion matches a Go pseudo-version (the Go modules reference,
// "Pseudo-versions"; the expression of golang.org/x/mod/module), which go
// build stamps on a build from a working copy with no tag at its commit:
// v0.0.0-20261129040751-6a36a3a1b2c3, with +dirty when files were changed.
var pseudoVersion = regexp.MustCompile(`^v[0-9]+\.(0\.0-|\d+\.\d+-([^+]*\.)?0\.)\d{14}-[A-Za-z0-9]+(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// versionOf is the version a build says it is: a released version as it is,
// else "devel" with the commit built from, where the build knows it. A
// pseudo-version names no release, so it is devel too.
func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v != "" && v != "(devel)" && !pseudoVersion.MatchString(v) && !strings.HasSuffix(v, "+dirty") {
		return v
	}
	// A build from a working copy: the commit it was built from.
	var rev, dirty string
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = ", modified"
		}
	}
	if rev == "" {
		return "devel"
	}
	return "devel (" + rev + dirty + ")"
}
