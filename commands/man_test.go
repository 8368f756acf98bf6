package commands

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestManPage checks that the man page has the sections a man page needs
// and every command and flag, those to come too.
func TestManPage(t *testing.T) {
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
	page := filepath.Join(t.TempDir(), "gin.1")
	if err := os.WriteFile(page, []byte(run(t, "", "man").stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	renderers := [][]string{
		{"groff", "-ww", "-man", "-Tutf8", "-P-cbou", page},
		{"man", "--warnings", "-l", page},
	}
	for _, args := range renderers {
		t.Run(args[0], func(t *testing.T) {
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
