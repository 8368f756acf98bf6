package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/urfave/cli/v2"
)

// hoistFlags moves every flag of a command in front of that command's
// arguments, keeping each flag's value with it, so that flags may follow the
// cards: urfave/cli v2 stops reading flags at the first argument (its
// issue 976; v3 reads them anywhere). Everything after "--" stays an
// argument. With --help the arguments are dropped. A
// command that parses no flags, and a word where a command must be but that
// names none, end the hoisting: the rest stays as it is, for the command to
// read or for the error to name the word.
//
// It refuses what urfave/cli would take silently: a flag given twice (the
// last would win, and a hand go to the wrong player) unless it is a list,
// a switch followed by "true" or "false" as a word of its own (the word
// would be read as a card or an argument), a flag followed by another where
// its value should be (the other would be taken for the value), and an
// argument right after a list flag's value of one card when others came
// before the flag: in "gin advise 7h … --discards Qc Qd" the Qd would be
// read as one of the player's cards, not a discard. Asked for help, it
// gives help instead.
func hoistFlags(commands []*cli.Command, args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	out := []string{args[0]}
	var flags, rest []string
	var known []cli.Flag
	dashes, help := false, false
	given := map[string]bool{} // the flags of the current command given so far
	var list []string          // the list flag just read, and its value
	var refused error          // the first thing refused
	refuse := func(err error) {
		if refused == nil {
			refused = err
		}
	}
	// finish returns the arguments, or what was refused unless help was
	// asked for.
	finish := func(out []string) ([]string, error) {
		if refused != nil && !help {
			return nil, refused
		}
		return out, nil
	}
	for i := 1; i < len(args); i++ {
		arg := args[i]
		after := list
		list = nil
		switch {
		case arg == "--":
			dashes = true
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(arg) > 1 && arg[0] == '-':
			flags = append(flags, arg)
			help = help || isHelpFlag(arg)
			if f := lookupFlag(known, arg); f != nil {
				name := f.Names()[0]
				if given[name] && !isListFlag(f) {
					refuse(fmt.Errorf("--%s is given twice: give it once", name))
				}
				given[name] = true
			}
			if takesValue(known, arg) {
				if i+1 == len(args) {
					// The value is missing: leave the flag last, for the
					// parser to say so, rather than take a card as its value.
					return finish(append(out, flags...))
				}
				if next := args[i+1]; isHelpFlag(next) || strings.HasPrefix(next, "--") && lookupFlag(known, next) != nil {
					// Another flag where the value should be: it is read
					// as a flag (help still wins), and this one refused.
					refuse(fmt.Errorf("%s is followed by %s, not by its value: give %s a value", arg, next, arg))
					flags = flags[:len(flags)-1]
					continue
				}
				i++
				flags = append(flags, args[i])
				if isListFlag(lookupFlag(known, arg)) {
					list = []string{arg, args[i]}
				}
			} else if f := lookupFlag(known, arg); f != nil && isListFlag(f) && strings.Contains(arg, "=") {
				name, value, _ := strings.Cut(arg, "=")
				list = []string{name, value}
			} else if i+1 < len(args) && isSwitch(known, arg) && (args[i+1] == "true" || args[i+1] == "false") {
				name := strings.TrimLeft(arg, "-")
				refuse(fmt.Errorf("%s %s: a switch takes its value after =, as --%s=%s", arg, args[i+1], name, args[i+1]))
			}
		case len(rest) == 0 && findCommand(commands, arg) != nil:
			cmd := findCommand(commands, arg)
			out = append(append(out, flags...), arg)
			flags = nil
			if cmd.SkipFlagParsing {
				return finish(append(out, args[i+1:]...))
			}
			commands, known = cmd.Subcommands, cmd.Flags
			clear(given)
		case len(rest) == 0 && len(commands) > 0:
			return finish(append(append(out, flags...), args[i:]...))
		case after != nil && len(rest) > 0 && !strings.ContainsAny(after[1], " ,"):
			// One card, with the player's before the flag: the argument
			// after it may be meant for the list.
			name, value := strings.TrimLeft(after[0], "-"), after[1]
			refuse(fmt.Errorf("%s after --%s %s: to give --%s both, quote them: --%s %s; if %s is yours, put it with your other cards",
				render.ShellQuote(arg), name, render.ShellQuote(value), name, name, render.ShellQuote(value+" "+arg), render.ShellQuote(arg)))
			rest = append(rest, arg)
		default:
			rest = append(rest, arg)
		}
	}
	out = append(out, flags...)
	if help {
		// urfave/cli would take the first argument for a help topic.
		return out, nil
	}
	if refused != nil {
		return nil, refused
	}
	if dashes {
		out = append(out, "--")
	}
	return append(out, rest...), nil
}

// isListFlag reports whether f may be given more than once, adding to a list.
func isListFlag(f cli.Flag) bool {
	s, ok := f.(cli.DocGenerationSliceFlag)
	return ok && s.IsSliceFlag()
}

// isSwitch reports whether arg is a known boolean flag written without "=".
func isSwitch(flags []cli.Flag, arg string) bool {
	_, ok := lookupFlag(flags, arg).(*cli.BoolFlag)
	return ok && !strings.Contains(arg, "=")
}

// isHelpFlag reports whether arg is a flag that asks for help: -h, --help
// (a word such as "help" is not).
func isHelpFlag(arg string) bool {
	switch arg {
	case "-h", "--h", "-help", "--help":
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
