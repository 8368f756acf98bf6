package commands

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/urfave/cli/v2"
)

// example is one use of a command, shown under "Examples:" in its help and
// in the man page.
type example struct {
	what string // what it does, shown as a comment above the command
	cmd  string // the command line, starting with "gin"
}

// examplesHeading starts the examples in a description.
const examplesHeading = "\n\nExamples:\n"

// describe builds a command's Description: the text, then the examples, each
// a comment line saying what it does above the command line.
func describe(text string, examples ...example) string {
	if done, ok := described.Load(text); ok {
		if d := done.(description); slices.Equal(d.examples, examples) {
			return d.text
		}
	}
	var b strings.Builder
	b.WriteString(reflow(text, helpWidth))
	b.WriteString(examplesHeading)
	for i, e := range examples {
		if i > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "  # %s\n  %s", e.what, e.cmd)
	}
	described.Store(text, description{slices.Clone(examples), b.String()})
	return b.String()
}

// described keeps what describe made, by the text it was given, with the
// examples it was given beside: like reflow's, every command's description
// is made each time the app is built, and the tests build it hundreds of
// times.
var described sync.Map

type description struct {
	examples []example
	text     string // the description made of them
}

// helpWidth is the width a description is filled to: it is printed
// indented by four, in 80 columns.
const helpWidth = 76

// reflow fills each paragraph of text (paragraphs are parted by a blank
// line) to width, breaking at spaces; a paragraph whose lines are indented,
// an example of a file, is kept as written.
func reflow(text string, width int) string {
	key := reflowKey{text, width}
	if done, ok := reflowed.Load(key); ok {
		return done.(string)
	}
	paragraphs := strings.Split(text, "\n\n")
	for i, p := range paragraphs {
		if !strings.HasPrefix(p, " ") {
			paragraphs[i] = strings.Join(render.WrapWords(strings.Join(strings.Fields(p), " "), width, width), "\n")
		}
	}
	done := strings.Join(paragraphs, "\n\n")
	reflowed.Store(key, done)
	return done
}

// reflowed keeps what reflow made: every command's help is reflowed each
// time the app is built, and the tests build it hundreds of times.
var reflowed sync.Map

type reflowKey struct {
	text  string
	width int
}

// splitDescription undoes describe: the text of a description and its examples.
func splitDescription(description string) (text string, examples []example) {
	text, list, found := strings.Cut(description, examplesHeading)
	if !found {
		return text, nil
	}
	for _, block := range strings.Split(list, "\n\n") {
		comment, cmd, _ := strings.Cut(block, "\n")
		what, ok := strings.CutPrefix(comment, "  # ")
		cmd, ok2 := strings.CutPrefix(cmd, "  ")
		if ok && ok2 {
			examples = append(examples, example{what, cmd})
		}
	}
	return text, examples
}

// urfave/cli v2 prints a flag's names and usage on one line however long it
// is: its help is rendered as it would be, then fitted to the terminal.
func init() {
	cli.HelpPrinter = func(w io.Writer, templ string, data any) {
		var buf bytes.Buffer
		cli.HelpPrinterCustom(&buf, templ, data, nil)
		_, _ = w.Write(fitHelp(buf.Bytes(), render.OutputWidth(w))) // help has no error to return
	}
}

// fitHelp wraps each line of help wider than width: a flag's or a listed
// command's usage goes on under its column, a command's summary under its
// text after " - "
// (or four columns in, when that leaves under 30), an example command breaks
// before its flags, pipes and redirections with a " \" that the shell reads as going on, and any
// other line goes on under its own indent.
func fitHelp(help []byte, width int) []byte {
	var out []string
	examples := false // in a description's examples
	for _, line := range strings.Split(string(help), "\n") {
		switch text := strings.TrimSpace(line); {
		case text == strings.TrimSpace(examplesHeading):
			examples = true
		case line != "" && line[0] != ' ':
			examples = false // the next heading
		}
		if render.DisplayWidth(line) <= width {
			out = append(out, line)
			continue
		}
		text := strings.TrimLeft(line, " ")
		indent := strings.Repeat(" ", len(line)-len(text))
		if examples && strings.HasPrefix(text, "gin ") {
			out = append(out, exampleLines(text, indent, width)...)
			continue
		}
		if examples && strings.HasPrefix(text, "# ") {
			// A comment stays a comment on every line, so that the
			// example can be pasted as it is.
			for _, l := range render.WrapWords(text[2:], width-len(indent)-2, width-len(indent)-2) {
				out = append(out, indent+"# "+l)
			}
			continue
		}
		// head stays whole on the first line; the rest fills the lines.
		head, rest := "", text
		if k := strings.Index(text, "  "); k > 0 {
			rest = strings.TrimLeft(text[k:], " ")
			head = text[:len(text)-len(rest)]
		} else if k := strings.Index(text, " - "); k > 0 {
			head, rest = text[:k+3], text[k+3:]
		}
		hang := len(indent) + render.DisplayWidth(head)
		if width-hang < 30 {
			head, rest, hang = "", text, len(indent)+4
		}
		lines := render.WrapWords(rest, width-len(indent)-render.DisplayWidth(head), width-hang)
		out = append(out, indent+head+lines[0])
		for _, l := range lines[1:] {
			out = append(out, strings.Repeat(" ", hang)+l)
		}
	}
	return []byte(strings.Join(out, "\n"))
}

// exampleLines breaks an example command line before its flags, pipes and
// redirections (outside quotes), in as few lines as fit width, each but the last ending in " \"
// and the rest indented two more.
func exampleLines(cmd, indent string, width int) []string {
	var parts []string
	quote, start := rune(0), 0
	for i, r := range cmd {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == ' ' && i+1 < len(cmd) && strings.ContainsRune("-<>|", rune(cmd[i+1])):
			parts = append(parts, cmd[start:i])
			start = i + 1
		}
	}
	parts = append(parts, cmd[start:])
	lines := []string{indent + parts[0]}
	for _, p := range parts[1:] {
		last := &lines[len(lines)-1]
		if render.DisplayWidth(*last+" "+p+` \`) > width {
			*last += ` \`
			lines = append(lines, indent+"  "+p)
			continue
		}
		*last += " " + p
	}
	return lines
}

// walkCommands calls fn for every command a person may type, depth first,
// with its full name.
func walkCommands(parent string, commands []*cli.Command, fn func(name string, c *cli.Command)) {
	for _, c := range commands {
		if c.Hidden || c.Name == "help" {
			continue
		}
		name := parent + " " + c.Name
		fn(name, c)
		walkCommands(name, c.Subcommands, fn)
	}
}

// runGroup is the action of a command that only gathers others: alone it
// shows its help, and a word after it must name one of them.
func runGroup(c *cli.Context) error {
	if c.Args().Present() {
		return unknownSubcommand(c.App.Name, c.Command, c.Args().First())
	}
	return cli.ShowSubcommandHelp(c)
}

// unknownSubcommand is the error for a word that names none of the
// commands under cmd, of the app called app: it suggests the closest name,
// or else points at the help.
func unknownSubcommand(app string, cmd *cli.Command, word string) error {
	path := strings.TrimSpace(strings.TrimPrefix(cmd.HelpName, app))
	full := strings.TrimSpace(path + " " + word)
	if s := suggest(word, commandNames(cmd.Subcommands)); s != "" {
		return fmt.Errorf("unknown command %q; did you mean %q?", full, strings.TrimSpace(path+" "+s))
	}
	return fmt.Errorf("unknown command %q (see %s --help)", full, cmd.HelpName)
}

// commandNames lists the names and aliases of the commands a person may type.
func commandNames(commands []*cli.Command) []string {
	var names []string
	for _, c := range commands {
		if !c.Hidden {
			names = append(names, c.Names()...)
		}
	}
	return names
}

// suggestFlag returns a flag of flags whose name is close to name, which was
// given without its dashes, written with its dashes; or "".
func suggestFlag(flags []cli.Flag, name string) string {
	var names []string
	for _, f := range flags {
		if v, ok := f.(cli.VisibleFlag); !ok || v.IsVisible() {
			names = append(names, f.Names()...)
		}
	}
	s := suggest(name, names)
	if s == "" {
		return ""
	}
	return withDashes(s)
}

// withDashes writes a flag name as typed: "-h", "--rules".
func withDashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// withSuggestion is err, with "did you mean" the name of names closest to
// word when one is close.
func withSuggestion(err error, word string, names ...string) error {
	if s := suggest(word, names); s != "" {
		return fmt.Errorf("%w; did you mean %q?", err, s)
	}
	return err
}

// suggest returns the name a person most likely meant by word (written here
// because urfave/cli v2's Suggest covers only commands and flags, and a
// player, preset, shell or card needs the same): one that word
// begins, or one a typo or two away (a letter wrong, missing, extra or two
// swapped), the closest first; "" when none is close.
func suggest(word string, names []string) string {
	limit := min(2, max(1, len(word)/3))
	best, bestDistance := "", limit+1
	for _, name := range names {
		d := editDistance(strings.ToLower(word), name)
		if len(word) >= 2 && strings.HasPrefix(name, word) {
			d = 0
		}
		if d < bestDistance && d < len(word) {
			best, bestDistance = name, d
		}
	}
	return best
}

// editDistance counts the edits that turn a into b: a letter inserted,
// deleted or changed, or two neighbours swapped.
func editDistance(a, b string) int {
	// Three rows of the table are enough: a swap looks two rows back.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// nameHint is the player a person most likely meant by typed, in any case:
// the name a typo or two away (suggest), else the one with a word that is,
// else the only one holding typed's letters in order from its first (Alx:
// Alexandra Smith); "" when none is, or typed begins two names.
func nameHint(typed string, names []string) string {
	typed = strings.ToLower(strings.TrimSpace(typed))
	if typed == "" {
		return ""
	}
	lower := make([]string, len(names))
	for i, n := range names {
		lower[i] = strings.ToLower(n)
	}
	starts := 0
	for _, n := range lower {
		if strings.HasPrefix(n, typed) {
			starts++
		}
	}
	if starts > 1 {
		return "" // a prefix of two names: neither is the one meant
	}
	if s := suggest(typed, lower); s != "" {
		return names[slices.Index(lower, s)]
	}
	for i, n := range lower {
		if suggest(typed, strings.Fields(n)) != "" {
			return names[i]
		}
	}
	found := ""
	for i, n := range lower {
		if n != "" && n[0] == typed[0] && inOrder(typed, n) {
			if found != "" {
				return ""
			}
			found = names[i]
		}
	}
	return found
}

// inOrder reports whether the letters of a appear in b in the same order.
func inOrder(a, b string) bool {
	for _, r := range a {
		i := strings.IndexRune(b, r)
		if i < 0 {
			return false
		}
		b = b[i+len(string(r)):]
	}
	return true
}
