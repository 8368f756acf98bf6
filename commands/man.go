package commands

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/urfave/cli/v2"
)

func manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page, in roff for man(1)",
		Description: describe("Prints gin's manual page (section 1), made from the same commands and flags as --help,\n"+
			"with the exit statuses and the environment variables. Read it with man -l, or save it where man looks.",
			example{"read it now", "gin man | man -l -"},
			example{"install it for your user", "gin man > ~/.local/share/man/man1/gin.1"},
		),
		Action: runMan,
	}
}

func runMan(c *cli.Context) error {
	if c.Args().Present() {
		return fmt.Errorf("man: unexpected %q (gin man takes no arguments)", c.Args().First())
	}
	_, err := c.App.Writer.Write(manPage(c.App))
	return err
}

// exitStatuses are the exit statuses the man page lists.
var exitStatuses = []struct {
	code    int
	meaning string
}{
	{ExitOK, "Success."},
	{ExitNo, "The answer to a check is no: gin analyze --check and the hand cannot knock (for stdin, some hand cannot)."},
	{ExitError, "Any error: a usage mistake, a bad card or input line (the other lines are still analyzed), " +
		"a bad rules file or score sheet, a failed read or write."},
	{ExitInterrupted, "gin arena or gin review stopped by Ctrl-C, after printing the results so far."},
}

// manEnvironment are the environment variables gin reads.
var manEnvironment = []struct{ name, meaning string }{
	{"NO_COLOR", "When set and not empty, --color auto (the default) prints no colour; --color always still does."},
	{"TERM", "When dumb, --color auto prints no colour."},
	{"GIN_SHEET", "The score sheet gin sheet reads and writes when --sheet names none; without either it is ./gin-sheet.yaml."},
}

// manPage writes the man page of app, in section 1: the commands and flags
// come from the app, as --help shows them.
func manPage(app *cli.App) []byte {
	var m roff
	text, examples := splitDescription(app.Description)
	m.macro("TH", strings.ToUpper(app.Name), "1", "", app.Name+" "+buildVersion(), "User Commands")
	// A word split at a hyphen could not be copied as typed. .nh alone is
	// undone by .EE, which sets the hyphenation back to the HY register
	// (and newer groff does so at each paragraph): HY 0 keeps it off.
	m.macro("nh")
	m.WriteString(".nr HY 0\n") // a request, whose arguments are not quoted
	m.macro("SH", "NAME")
	m.line(app.Name + " - " + app.Usage)

	m.macro("SH", "SYNOPSIS")
	m.macro("B", app.Name)
	m.line("[--version] [--help]")
	// The shape of every line below: the options after the command they
	// belong to, as gin reads them.
	m.macro("br")
	m.macro("B", app.Name)
	m.line("COMMAND [options] [ARGUMENTS...]")
	walkCommands(app.Name, app.Commands, func(name string, c *cli.Command) {
		m.macro("br")
		m.macro("B", name)
		if args := commandArgs(c); args != "" {
			m.line(args) // an empty line would be a blank line on the page
		}
	})

	m.macro("SH", "DESCRIPTION")
	m.paragraphs(text)

	m.macro("SH", "COMMANDS")
	m.line("Every command takes --help (-h), which prints its help. Flags may come before or after the arguments.")
	walkCommands(app.Name, app.Commands, func(name string, c *cli.Command) {
		m.macro("SS", strings.TrimSpace(name+" "+commandArgs(c)))
		text, examples := splitDescription(c.Description)
		m.line(sentence(c.Usage))
		m.paragraphs(text)
		m.flags(commandFlags(c))
		if len(examples) > 0 {
			m.macro("PP")
			m.line("Examples:")
			m.examples(examples)
		}
	})

	m.macro("SH", "OPTIONS")
	m.flags(app.Flags)

	m.macro("SH", "EXIT STATUS")
	for _, s := range exitStatuses {
		m.macro("TP")
		m.macro("B", fmt.Sprint(s.code))
		m.line(s.meaning)
	}

	m.macro("SH", "ENVIRONMENT")
	for _, e := range manEnvironment {
		m.macro("TP")
		m.macro("B", e.name)
		m.line(e.meaning)
	}

	m.macro("SH", "FILES")
	m.macro("TP")
	m.macro("I", "./gin-sheet.yaml")
	m.line("The score sheet of gin sheet, unless --sheet or GIN_SHEET names another: " +
		"YAML that a person can read and edit.")

	m.macro("SH", "EXAMPLES")
	m.examples(examples)

	m.macro("SH", "SEE ALSO")
	m.line("gin completion --help, for completion in bash, zsh, fish and PowerShell; " +
		"the README at https://github.com/gin-rummy/gin.")
	return m.Bytes()
}

// commandArgs is what follows a command's name in its synopsis.
func commandArgs(c *cli.Command) string {
	var parts []string // of the command alone: each subcommand has a line of its own
	if len(commandFlags(c)) > 0 {
		parts = append(parts, "[options]")
	}
	if c.ArgsUsage != "" {
		parts = append(parts, c.ArgsUsage)
	}
	return strings.Join(parts, " ")
}

// commandFlags are the flags of a command but --help, which every command
// has once it runs.
func commandFlags(c *cli.Command) []cli.Flag {
	return slices.DeleteFunc(slices.Clone(c.Flags), func(f cli.Flag) bool {
		return slices.Contains(f.Names(), "help")
	})
}

// sentence makes a usage phrase a sentence: a capital and a full stop.
func sentence(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return ""
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r) + "."
}

// roff builds a man page. urfave/cli v2's ToMan (through go-md2man) was
// tried: its page has no EXIT STATUS, ENVIRONMENT or FILES, a synopsis of
// "gin [--version]" alone, and examples run together into one paragraph.
type roff struct {
	bytes.Buffer
}

// macro writes a request line, quoting each argument.
func (m *roff) macro(name string, args ...string) {
	m.WriteString("." + name)
	for _, a := range args {
		m.WriteString(` "` + strings.ReplaceAll(roffEscape(a), `"`, `\(dq`) + `"`)
	}
	m.WriteByte('\n')
}

// line writes text as one line of input.
func (m *roff) line(text string) {
	text = roffEscape(text)
	if strings.HasPrefix(text, ".") || strings.HasPrefix(text, "'") {
		text = `\&` + text
	}
	m.WriteString(text + "\n")
}

// paragraphs writes text of paragraphs between blank lines: lines of a
// paragraph are filled together, and indented lines are kept as they are.
func (m *roff) paragraphs(text string) {
	for _, p := range strings.Split(strings.TrimSpace(text), "\n\n") {
		lines := strings.Split(p, "\n")
		m.macro("PP")
		if strings.HasPrefix(lines[0], " ") {
			m.macro("RS", "4")
			m.macro("EX")
			for _, l := range lines {
				m.line(strings.TrimSpace(l))
			}
			m.macro("EE")
			m.macro("RE")
			continue
		}
		for _, l := range lines {
			m.line(strings.TrimSpace(l))
		}
	}
}

// flags writes a list of flags as --help shows them: names and placeholder,
// then usage and default.
func (m *roff) flags(flags []cli.Flag) {
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
			continue
		}
		names, usage, _ := strings.Cut(f.String(), "\t")
		var tag []string
		for _, word := range strings.Fields(names) {
			switch {
			case strings.HasPrefix(word, "-"):
				word, comma := strings.CutSuffix(word, ",")
				word = `\fB` + roffEscape(word) + `\fR`
				if comma {
					word += ","
				}
				tag = append(tag, word)
			case strings.ToUpper(word) == word && strings.ToLower(word) != word:
				tag = append(tag, `\fI`+roffEscape(word)+`\fR`)
			default:
				tag = append(tag, roffEscape(word))
			}
		}
		m.macro("TP")
		m.WriteString(strings.Join(tag, " ") + "\n")
		m.line(usage)
	}
}

// examples writes examples as an indented block a reader can copy.
func (m *roff) examples(examples []example) {
	m.macro("RS", "4")
	m.macro("EX")
	for i, e := range examples {
		if i > 0 {
			m.WriteString("\n")
		}
		m.line("# " + e.what)
		m.line(e.cmd)
	}
	m.macro("EE")
	m.macro("RE")
}

// roffEscape makes text safe for roff: backslashes and hyphens escaped (so
// that flags copy as typed), and non-ASCII characters by code point.
func roffEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r > unicode.MaxASCII:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
