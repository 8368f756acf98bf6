package commands

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestManPage checks that the man page has the sections a man page needs
// and every command and flag, those to come too.
func TestManPage(t *testing.T) {
	t.Parallel()
	r := run(t, "", "man")
	if r.stderr != "" || r.code != ExitOK {
		t.Fatalf("gin man: stderr %q, exit %d", r.stderr, r.code)
	}
	page := r.stdout
	if !strings.HasPrefix(page, `.TH "GIN" "1" `) {
		t.Errorf("gin man does not start with .TH GIN 1:\n%.100s", page)
	}
	want := []string{
		`.SH "NAME"`, `.SH "SYNOPSIS"`, `.SH "DESCRIPTION"`, `.SH "COMMANDS"`, `.SH "OPTIONS"`,
		`.SH "EXIT STATUS"`, `.SH "ENVIRONMENT"`, `.SH "FILES"`, `.SH "EXAMPLES"`,
		".B \"0\"\nSuccess.", `.B "1"`, `.B "2"`,
		`.B "NO_COLOR"`, `.B "GIN_SHEET"`, "./gin\\-sheet.yaml",
		`\fB\-\-version\fR`,
	}
	app := setUpApp()
	walkCommands(app.Name, app.Commands, func(name string, c *cli.Command) {
		want = append(want, `.SS "`+roffEscape(name))
		for _, f := range commandFlags(c) {
			want = append(want, `\fB`+roffEscape(withDashes(f.Names()[0]))+`\fR`)
		}
		_, examples := splitDescription(c.Description)
		for _, e := range examples {
			want = append(want, roffEscape(e.cmd)+"\n")
		}
	})
	for _, w := range want {
		if !strings.Contains(page, w) {
			t.Errorf("gin man has no %q", w)
		}
	}
	if strings.Contains(page, completeName) {
		t.Errorf("gin man shows the hidden %s", completeName)
	}
}

// TestManPageRenders renders the man page with groff and man, which must not
// warn. .ci/run installs them, and sets GIN_TEST_TOOLS so that they must be.
func TestManPageRenders(t *testing.T) {
	t.Parallel() // waits on groff and man
	page := filepath.Join(t.TempDir(), "gin.1")
	if err := os.WriteFile(page, []byte(runApart(t, "man").stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	renderers := [][]string{
		{"groff", "-ww", "-man", "-Tutf8", "-P-cbou", page},
		{"man", "--warnings", "-l", page},
	}
	for _, args := range renderers {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath(args[0]); err != nil {
				if os.Getenv("GIN_TEST_TOOLS") != "" {
					t.Fatalf("%s is not installed, and GIN_TEST_TOOLS says it must be", args[0])
				}
				t.Skipf("%s is not installed", args[0])
			}
			cmd := exec.Command(args[0], args[1:]...)
			cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil || stderr.Len() > 0 {
				t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, stderr.String())
			}
			for _, heading := range []string{"NAME", "EXIT STATUS", "ENVIRONMENT", "GIN_SHEET"} {
				if !strings.Contains(stdout.String(), heading) {
					t.Errorf("%s: no %s in\n%s", args[0], heading, stdout.String())
				}
			}
		})
	}
}

func TestRoffEscape(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"--rules", `\-\-rules`},
		{`a\b`, `a\eb`},
		{"10♥", `10\[u2665]`},
		{"plain", "plain"},
	}
	for _, tt := range tests {
		if got := roffEscape(tt.in); got != tt.want {
			t.Errorf("roffEscape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	var m roff
	m.line(".dot and 'quote")
	m.line("'quote")
	m.macro("SS", `say "hi"`)
	want := "\\&.dot and 'quote\n\\&'quote\n.SS \"say \\(dqhi\\(dq\"\n"
	if m.String() != want {
		t.Errorf("roff lines = %q, want %q", m.String(), want)
	}
}

// TestManPageRoff checks the roff of a few parts of the page against lines
// written out by hand as man-pages(7) and groff_man(7) have them: the title
// line, NAME as "name \- summary", a synopsis line for each command, every
// hyphen as \- (so that a flag copies as typed), a command's subsection with
// its summary, flags as tagged paragraphs (bold names, italic placeholders)
// and examples in .EX, and the exit statuses and environment as tagged
// paragraphs.
func TestManPageRoff(t *testing.T) {
	t.Parallel()
	page := run(t, "", "man").stdout
	title := regexp.MustCompile(`^\.TH "GIN" "1" "" "gin [^"\n]+" "User Commands"\n`)
	if !title.MatchString(page) {
		t.Errorf("the page does not start with its title line; it starts:\n%.100s", page)
	}
	parts := []string{
		`.SH "NAME"
gin \- analyze Gin Rummy hands and keep score
.SH "SYNOPSIS"
.B "gin"
[\-\-version] [\-\-help]
.br
.B "gin"
COMMAND [options] [ARGUMENTS...]
.br
.B "gin analyze"
[options] [CARDS...]
.br
.B "gin layoff"
[options] DEFENDER\-CARDS...
.br
`,
		// A command with nothing after its name: no blank line, no space.
		`.br
.B "gin man"
.SH "DESCRIPTION"
`,
		`.SS "gin man"
Print the manual page, in roff for man(1).
.PP
`,
		`.SS "gin layoff [options] DEFENDER\-CARDS..."
Show what the defender melds and lays off against a knock.
.PP
`,
		`.TP
\fB\-\-plain\fR
print cards in canonical ASCII notation (Th, Kc)
.TP
\fB\-\-melds\fR \fIMELDS\fR
the knocker's melds as laid down, MELDS separated by | or ; (quote them)
.TP
\fB\-\-knocker\fR \fICARDS\fR
the knocker's whole hand, CARDS: ten, or eleven before the discard
.PP
Examples:
.RS "4"
.EX
# against the melds the knocker laid down
gin layoff 5c 6c 7c Th Jh Qs 2d 9s 4h Ac \-\-melds "7h 8h 9h | Ks Kd Kc"

# against a whole hand, as JSON
gin layoff 5c 6c 7c Th Jh Qs 2d 9s 4h Ac \-\-knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d" \-\-json
.EE
.RE
`,
		`.TP
\fB\-\-color\fR \fIWHEN\fR
colour the output: WHEN is auto, always or never (auto honours NO_COLOR) (default: "auto")
`,
		`.SH "OPTIONS"
.TP
\fB\-\-version\fR
print the version
.TP
\fB\-\-help\fR, \fB\-h\fR
show help
.SH "EXIT STATUS"
.TP
.B "0"
Success.
.TP
.B "1"
`,
		`.TP
.B "130"
gin arena or gin review stopped by Ctrl\-C, after printing the results so far.
.SH "ENVIRONMENT"
.TP
.B "NO_COLOR"
When set and not empty, \-\-color auto (the default) prints no colour; \-\-color always still does.
`,
		`.SH "FILES"
.TP
.I "./gin\-sheet.yaml"
`,
		`.SH "EXAMPLES"
.RS "4"
.EX
# can these ten cards knock?
gin analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d
`,
	}
	for _, part := range parts {
		if !strings.Contains(page, part) {
			t.Errorf("the page has no\n%s", part)
		}
	}
	var sections []string
	for line := range strings.Lines(page) {
		if name, ok := strings.CutPrefix(line, ".SH "); ok {
			sections = append(sections, strings.TrimSpace(name))
		}
	}
	want := []string{`"NAME"`, `"SYNOPSIS"`, `"DESCRIPTION"`, `"COMMANDS"`, `"OPTIONS"`, `"EXIT STATUS"`, `"ENVIRONMENT"`, `"FILES"`, `"EXAMPLES"`, `"SEE ALSO"`}
	if !slices.Equal(sections, want) {
		t.Errorf("sections %s, want %s", sections, want)
	}
	example := false // in an example, kept as typed, where a blank line is one
	for i, line := range strings.Split(page, "\n") {
		switch {
		case line == ".EX":
			example = true
		case line == ".EE":
			example = false
		case line == "" && !example && i < strings.Count(page, "\n"):
			t.Errorf("line %d of the page is blank, which is blank space on the page", i+1)
		}
	}
}

// TestManPageReadsAsTyped renders the page with groff, as a reader sees it,
// at two widths, and finds there each command's synopsis and subsection,
// under it each of its flags as typed (--rules, not a dash that does not
// copy) and its examples line for line, and no word split at a line's end,
// which could not be copied as typed either.
func TestManPageReadsAsTyped(t *testing.T) {
	t.Parallel() // waits on groff
	if _, err := exec.LookPath("groff"); err != nil {
		if os.Getenv("GIN_TEST_TOOLS") != "" {
			t.Fatal("groff is not installed, and GIN_TEST_TOOLS says it must be")
		}
		t.Skip("groff is not installed")
	}
	page := filepath.Join(t.TempDir(), "gin.1")
	if err := os.WriteFile(page, []byte(runApart(t, "man").stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	app := setUpApp()
	splitAtHyphen := regexp.MustCompile(`\pL-$`)
	for _, width := range []int{60, 80} {
		cmd := exec.Command("groff", "-ww", "-man", "-Tutf8", "-P-cbou", fmt.Sprintf("-rLL=%dn", width), page)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Fatalf("groff at width %d: %v\n%s", width, err, stderr.String())
		}
		lines := strings.Split(stdout.String(), "\n")
		for i, line := range lines {
			// groff's hyphen at a break, or a break after a word's own
			// hyphen (double-\ngame-bonus): neither copies as typed.
			if strings.HasSuffix(line, "\u2010") || splitAtHyphen.MatchString(line) {
				t.Errorf("width %d: a word split across lines %d and %d:\n%s\n%s", width, i+1, i+2, line, lines[i+1])
			}
		}
		// Each command's subsection: from its heading, indented three
		// spaces, to the next heading.
		var names []string
		var commands []*cli.Command
		walkCommands(app.Name, app.Commands, func(name string, c *cli.Command) {
			names, commands = append(names, name), append(commands, c)
		})
		heading := func(from int, name string) int {
			for i := from; i < len(lines); i++ {
				// A heading is filled: its spaces may be stretched.
				if l := lines[i]; len(l) > 3 && l[3] != ' ' && (l[3:] == name || strings.HasPrefix(strings.Join(strings.Fields(l), " "), name+" ")) {
					return i
				}
			}
			return -1
		}
		for _, name := range names {
			if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), name) }) {
				t.Errorf("width %d: no synopsis line for %s", width, name)
			}
		}
		at := 0
		for i, name := range names {
			start := heading(at, name)
			if start < 0 {
				t.Errorf("width %d: no subsection for %s after line %d", width, name, at+1)
				continue
			}
			end := len(lines)
			if i+1 < len(names) {
				end = max(heading(start+1, names[i+1]), start+1)
			}
			at = start + 1
			body := map[string]bool{}
			for _, l := range lines[start+1 : end] {
				body[strings.TrimSpace(l)] = true
				if f := strings.Fields(l); len(f) > 0 {
					body[strings.TrimSuffix(f[0], ",")] = true // a flag's tag, with whatever follows it
				}
			}
			for _, f := range commands[i].Flags {
				if v, ok := f.(cli.VisibleFlag); (ok && !v.IsVisible()) || slices.Contains(f.Names(), "help") {
					continue
				}
				typed := "--" + f.Names()[0]
				if len(f.Names()[0]) == 1 {
					typed = "-" + f.Names()[0]
				}
				if !body[typed] {
					t.Errorf("width %d: %s: no flag %s at the start of a line", width, name, typed)
				}
			}
			_, examples := splitDescription(commands[i].Description)
			for _, e := range examples {
				if !body[e.cmd] {
					t.Errorf("width %d: %s: no example line %q", width, name, e.cmd)
				}
			}
		}
	}
}

// The synopsis says how gin is typed: gin, a command, its options and its
// arguments. It said gin sheet [command] [options] [COMMAND], a command
// twice and the options before it, where gin sheet reads them after it;
// each subcommand has a line of its own.
func TestManSynopsisAsTyped(t *testing.T) {
	t.Parallel()
	page := run(t, "", "man").stdout
	start, end := strings.Index(page, ".SH \"SYNOPSIS\"\n"), strings.Index(page, ".SH \"DESCRIPTION\"\n")
	if start < 0 || end < start {
		t.Fatalf("no synopsis in\n%.300s", page)
	}
	synopsis := page[start:end]
	for _, want := range []string{".B \"gin\"\nCOMMAND [options] [ARGUMENTS...]\n", ".B \"gin sheet\"\n[options]\n", ".B \"gin sheet new\"\n[options]\n", ".B \"gin hand\"\n[options] [NAME] MOVE...\n"} {
		if !strings.Contains(synopsis, want) {
			t.Errorf("the synopsis lacks %q:\n%s", want, synopsis)
		}
	}
	if strings.Contains(strings.ToLower(page), "[command]") {
		t.Errorf("the page says [command], a command's subcommands, where each has a line of its own:\n%s", synopsis)
	}
	if r := run(t, "", "sheet", "--help"); !strings.Contains(r.stdout, "gin sheet [command options]\n") || strings.Contains(r.stdout, "[COMMAND]") {
		t.Errorf("gin sheet --help says\n%s\nwant its usage without [COMMAND]", r.stdout)
	}
}
