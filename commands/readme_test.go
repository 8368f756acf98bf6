package commands

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/gin-rummy/gin/commands/render"
)

// readmeExample is one "$ gin …" line of the README and the output shown after it.
type readmeExample struct {
	line    int    // the line of the README it starts on
	command string // after "$ "
	want    string
}

// readmePath is the README, found before a test moves to a folder of its own.
var readmePath = func() string {
	p, err := filepath.Abs("../README.md")
	if err != nil {
		panic(err)
	}
	return p
}()

// readmeExamples returns the examples in the README's code blocks, the
// files that the README gives as "Given `name`:" followed by a code block,
// and the line each file is given at.
func readmeExamples(t *testing.T, path string) ([]readmeExample, map[string]string, map[string]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	given := regexp.MustCompile("Given `([^`]+)`:$")
	files, givenAt := map[string]string{}, map[string]int{}
	var examples []readmeExample
	var file string               // the name of the file the current block holds, if any
	var last string               // the last line of text before the block
	inBlock, current := false, -1 // current: the example whose output this is, or -1
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock, file, current = !inBlock, "", -1
			if m := given.FindStringSubmatch(last); inBlock && m != nil {
				file = m[1]
				givenAt[file] = i + 1
			}
			if inBlock {
				// "Given `name`:" introduces the one block after it: the
				// examples in the next block, after no other text, run.
				last = ""
			}
		case !inBlock:
			if line != "" {
				last = line
			}
		case file != "":
			files[file] += line + "\n"
		case strings.HasPrefix(line, "$ "):
			examples = append(examples, readmeExample{line: i + 1, command: line[2:]})
			current = len(examples) - 1
		case current >= 0:
			examples[current].want += line + "\n"
		}
	}
	return examples, files, givenAt
}

// TestREADME runs every "$ gin …" example of the README in order, in a
// folder of its own (the score-sheet examples write files), and compares what
// it prints, stdout then stderr, with what the README shows. "; echo $?" and
// "$ echo $?" show the exit status; "< file" reads a file the README gives,
// which is also in the folder, from where the README gives it on, for a
// command that names it (as a reader following the README has it);
// "$ cat FILE" shows a file the commands before it wrote.
func TestREADME(t *testing.T) {
	parallelAbove(t)
	docs, err := filepath.Glob(filepath.Join(filepath.Dir(readmePath), "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append([]string{readmePath}, docs...) {
		t.Run(filepath.Base(path), func(t *testing.T) { checkExamples(t, path, path == readmePath) })
	}
}

// checkExamples runs the examples of one Markdown file; the README must have some.
func checkExamples(t *testing.T, path string, must bool) {
	examples, files, givenAt := readmeExamples(t, path)
	parallelIn(t, t.TempDir())
	status, ran := 0, 0
	for _, e := range examples {
		for name, at := range givenAt {
			if at < e.line {
				if err := os.WriteFile(name, []byte(files[name]), 0o644); err != nil {
					t.Fatal(err)
				}
				delete(givenAt, name)
			}
		}
		command := e.command
		if name, ok := strings.CutPrefix(command, "cat "); ok {
			data, err := os.ReadFile(name)
			if err != nil || string(data) != e.want {
				t.Errorf("%s line %d: $ %s\n--- the file (%v)\n%s--- README shows\n%s", filepath.Base(path), e.line, command, err, data, e.want)
			}
			continue
		}
		if command == "echo $?" {
			if want := strconv.Itoa(status) + "\n"; e.want != want {
				t.Errorf("%s line %d: echo $? shows %q, want %q", filepath.Base(path), e.line, e.want, want)
			}
			continue
		}
		if !strings.HasPrefix(command, "gin ") && command != "gin" {
			continue
		}
		command, echo := strings.CutSuffix(command, "; echo $?")
		stdin := ""
		if before, name, ok := strings.Cut(command, " < "); ok {
			content, found := files[name]
			if !found {
				t.Errorf("%s line %d: no file %s given before", filepath.Base(path), e.line, name)
				continue
			}
			command, stdin = before, content
		}
		r := run(t, stdin, shellFields(command)[1:]...)
		status, ran = r.code, ran+1
		checkWidth(t, path, e, r.stdout)
		got := r.stdout + r.stderr
		if echo {
			got += strconv.Itoa(r.code) + "\n"
		}
		if got != e.want {
			t.Errorf("%s line %d: $ %s\n--- prints\n%s--- README shows\n%s", filepath.Base(path), e.line, e.command, got, e.want)
		}
	}
	if ran == 0 && must {
		t.Error("no gin examples in the README")
	}
}

// TestDocsLinks holds every relative link of the README and the docs pages
// to a file that exists and, with a #fragment, to a heading of that file (as
// GitHub makes a heading's anchor: lower case, spaces to dashes, other
// punctuation dropped).
func TestDocsLinks(t *testing.T) {
	t.Parallel()
	docs, err := filepath.Glob(filepath.Join(filepath.Dir(readmePath), "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, path := range append([]string{readmePath}, docs...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target, fragment, _ := strings.Cut(m[1], "#")
			if strings.Contains(target, "://") {
				continue
			}
			file := path
			if target != "" {
				file = filepath.Join(filepath.Dir(path), target)
			}
			text, err := os.ReadFile(file)
			if err != nil {
				t.Errorf("%s: the link %s names no file", filepath.Base(path), m[1])
				continue
			}
			if fragment != "" && !slices.Contains(headingAnchors(string(text)), fragment) {
				t.Errorf("%s: the link %s names no heading of %s", filepath.Base(path), m[1], filepath.Base(file))
			}
		}
	}
}

// headingAnchors are the anchors GitHub gives the headings of a Markdown
// text, outside its code blocks.
func headingAnchors(text string) []string {
	var anchors []string
	code := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			code = !code
		}
		if code || !strings.HasPrefix(line, "#") {
			continue
		}
		heading := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		anchors = append(anchors, strings.Map(func(r rune) rune {
			switch {
			case r == ' ':
				return '-'
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				return r
			}
			return -1
		}, heading))
	}
	return anchors
}

// checkWidth holds the text an example prints to 80 columns, as gin fits
// text that does not go to a terminal: JSON, CSV, YAML and the completion
// scripts and man page are for programs, and keep their lines whole.
func checkWidth(t *testing.T, path string, e readmeExample, stdout string) {
	t.Helper()
	words := shellFields(e.command)
	for _, w := range words {
		if w == "--json" || w == "--csv" || w == "completion" || w == "man" || w == "show" && slices.Contains(words, "rules") {
			return
		}
	}
	for _, line := range strings.Split(stdout, "\n") {
		if render.DisplayWidth(line) > render.DefaultWidth {
			t.Errorf("%s line %d: $ %s prints a %d-column line: %q", filepath.Base(path), e.line, e.command, render.DisplayWidth(line), line)
		}
	}
}
