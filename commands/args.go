package commands

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// hoistFlags moves every flag of a command in front of that command's
// arguments, keeping each flag's value with it, so that flags may follow the
// cards: urfave/cli stops reading flags at the first argument. Everything
// after "--" stays an argument. With --help the arguments are dropped. A
// command that parses no flags, and a word where a command must be but that
// names none, end the hoisting: the rest stays as it is, for the command to
// read or for the error to name the word.
func hoistFlags(commands []*cli.Command, args []string) []string {
	if len(args) == 0 {
		return args
	}
	out := []string{args[0]}
	var flags, rest []string
	var known []cli.Flag
	dashes, help := false, false
	for i := 1; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			dashes = true
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(arg) > 1 && arg[0] == '-':
			flags = append(flags, arg)
			help = help || isHelpFlag(arg)
			if takesValue(known, arg) {
				if i+1 == len(args) {
					// The value is missing: leave the flag last, for the
					// parser to say so, rather than take a card as its value.
					return append(out, flags...)
				}
				i++
				flags = append(flags, args[i])
			}
		case len(rest) == 0 && findCommand(commands, arg) != nil:
			cmd := findCommand(commands, arg)
			out = append(append(out, flags...), arg)
			flags = nil
			if cmd.SkipFlagParsing {
				return append(out, args[i+1:]...)
			}
			commands, known = cmd.Subcommands, cmd.Flags
		case len(rest) == 0 && len(commands) > 0:
			return append(append(out, flags...), args[i:]...)
		default:
			rest = append(rest, arg)
		}
	}
	out = append(out, flags...)
	if help {
		// urfave/cli would take the first argument for a help topic.
		return out
	}
	if dashes {
		out = append(out, "--")
	}
	return append(out, rest...)
}

// isHelpFlag reports whether arg, a flag and not a flag's value, asks for help.
func isHelpFlag(arg string) bool {
	switch strings.TrimLeft(arg, "-") {
	case "help", "h":
		return true
	}
	return false
}

// takesValue reports whether arg is a flag that takes its value from the
// next argument: a known flag that is not a boolean, written without "=".
func takesValue(flags []cli.Flag, arg string) bool {
	if strings.Contains(arg, "=") {
		return false
	}
	v, ok := lookupFlag(flags, arg).(cli.DocGenerationFlag)
	return ok && v.TakesValue()
}

// lookupFlag returns the flag of flags that arg names ("--rules",
// "-rules=x"), or nil.
func lookupFlag(flags []cli.Flag, arg string) cli.Flag {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

// findCommand returns the command with the given name or alias, or nil.
func findCommand(commands []*cli.Command, name string) *cli.Command {
	for _, c := range commands {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}
