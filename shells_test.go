package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCompletionInShells installs the checked-in completion scripts where
// the README says, in a home directory of its own, puts a freshly built gin
// on PATH, and asks each shell what TAB gives. .ci/run installs
// bash-completion, zsh and fish, so that none of them is skipped there.
func TestCompletionInShells(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and starts shells")
	}
	bin := buildGin(t)
	t.Run("bash", func(t *testing.T) { t.Parallel(); testBash(t, newHome(t, bin)) })
	t.Run("bash without bash-completion", func(t *testing.T) { t.Parallel(); testBashAlone(t, newHome(t, bin)) })
	t.Run("zsh", func(t *testing.T) { t.Parallel(); testZsh(t, newHome(t, bin)) })
	t.Run("fish", func(t *testing.T) { t.Parallel(); testFish(t, newHome(t, bin)) })
}

// completionCase is a command line typed up to the cursor and what TAB
// offers there.
type completionCase struct {
	line string
	want []string
}

var cases = []completionCase{
	{"gin an", []string{"analyze"}},
	{"gin analyze --ru", []string{"--rules"}},
	{"gin analyze 7h 8h --rules mo", []string{"modern"}},
	{"gin rules sh", []string{"show"}},
	{"gin completion fi", []string{"fish"}},
	{"gin rules show hou", []string{"house-rules.yaml"}}, // not hollywood, house-notes.txt or the sheet house-sheet.yaml
	{"gin analyze --rules hou", []string{"house-rules.yaml"}},
	{"gin rules show ga", []string{"games/"}},
	{"gin analyze 7h ", nil},
}

// home is a home directory with the scripts installed, gin on PATH, and a
// working directory with a rules file, a text file, a score sheet and a
// folder.
type home struct {
	dir, work string
	env       []string
}

func newHome(t *testing.T, bin string) *home {
	t.Helper()
	dir := t.TempDir()
	scripts, err := filepath.Abs("completions")
	if err != nil {
		t.Fatal(err)
	}
	// Where the README says to put each script.
	installs := map[string]string{
		"gin.bash": ".local/share/bash-completion/completions/gin",
		"_gin":     ".zfunc/_gin",
		"gin.fish": ".config/fish/completions/gin.fish",
	}
	for file, path := range installs {
		path = filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(scripts, file), path); err != nil {
			t.Fatal(err)
		}
	}
	work := filepath.Join(dir, "work")
	for _, f := range []string{"house-rules.yaml", "house-notes.txt", "games/sunday.yaml", "house-sheet.yaml"} {
		text := "preset: modern\n"
		if f == "house-sheet.yaml" {
			text = "players: [Ann, Bob]\nhands: []\n"
		}
		f = filepath.Join(work, f)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{
		"HOME=" + dir,
		"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"TERM=dumb",
		"LANG=C.UTF-8",
		"SCRIPTS=" + scripts,
	}
	return &home{dir: dir, work: work, env: env}
}

// shell runs a shell in the working directory and returns what it printed.
func (h *home) shell(t *testing.T, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		skipWithout(t, name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env = h.work, h.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("%s: %v\n%s%s", name, err, stderr.String(), stdout.String())
	}
	return stdout.String()
}

// checkOffers compares, for each case in turn, what a shell offered: one
// block of lines per case, each block ending in a line "==".
func checkOffers(t *testing.T, out string) {
	t.Helper()
	blocks := strings.Split(out, "==\n")
	if len(blocks) != len(cases)+1 {
		t.Fatalf("%d answers for %d cases:\n%s", len(blocks)-1, len(cases), out)
	}
	for i, c := range cases {
		got := strings.Fields(blocks[i])
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s<TAB> offers %q, want %q", c.line, got, want)
		}
	}
}

// bashDriver completes each line given to complete_line as bash does: the
// words and the cursor in COMP_*, then the function "complete -p gin" names,
// which leaves its answer in COMPREPLY.
const bashDriver = `
complete_line() {
	local line=$1 spec fn
	COMP_LINE=$line COMP_POINT=${#line}
	read -ra COMP_WORDS <<<"$line"
	[[ $line == *' ' ]] && COMP_WORDS+=('')
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	spec=$(complete -p gin) || return
	fn=${spec#*-F }
	fn=${fn%% *}
	"$fn" gin "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
	for reply in "${COMPREPLY[@]}"; do
		# Readline marks a directory with a slash.
		[[ -d $reply ]] && reply+=/
		printf '%s\n' "$reply"
	done
	echo ==
}
`

// testBash loads gin.bash from ~/.local/share/bash-completion/completions
// through bash-completion's own loader.
func testBash(t *testing.T, h *home) {
	const bashCompletion = "/usr/share/bash-completion/bash_completion"
	if _, err := os.Stat(bashCompletion); err != nil {
		skipWithout(t, "bash-completion")
	}
	script := "source " + bashCompletion + "\n_completion_loader gin\n" + bashDriver + driveLines("complete_line")
	checkOffers(t, h.shell(t, "bash", "--norc", "--noprofile", "-c", script))
}

// testBashAlone sources gin.bash in a bash without the bash-completion
// package.
func testBashAlone(t *testing.T, h *home) {
	script := `source "$SCRIPTS/gin.bash"` + "\n" + bashDriver + driveLines("complete_line")
	checkOffers(t, h.shell(t, "bash", "--norc", "--noprofile", "-c", script))
}

// testFish lets fish autoload gin.fish from ~/.config/fish/completions and
// asks it with complete -C, its own way to complete a command line.
func testFish(t *testing.T, h *home) {
	script := `for line in $argv; complete -C"$line" | string replace -r '\t.*' ''; echo ==; end`
	args := []string{"-c", script}
	for _, c := range cases {
		args = append(args, c.line)
	}
	checkOffers(t, h.shell(t, "fish", args...))
}

// zshDriver types each line and a TAB into an interactive zsh in a
// pseudo-terminal (zpty), then a key whose widget writes the line as the
// completion left it to $ZSH_OUT. compinit autoloads _gin from ~/.zfunc.
const zshDriver = `
zmodload zsh/zpty || exit 3
zpty shell zsh -f -i
zpty -w shell 'PS1= RPS1= PROMPT_EOL_MARK=; bindkey -e; fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit -u -d ~/.zcompdump'
zpty -w shell 'dump() { print -r -- "$BUFFER" >> $ZSH_OUT; BUFFER= }; zle -N dump; bindkey "^T" dump'
for line in "$@"; do
	zpty -w -n shell "$line"$'\t\x14'
done
for i in {1..200}; do
	[[ -f $ZSH_OUT ]] && (( $(wc -l < $ZSH_OUT) >= $# )) && break
	sleep 0.05
done
zpty -d shell
cat $ZSH_OUT
`

// testZsh types into an interactive zsh and checks that TAB completes each
// line to the one candidate, as a person would see it.
func testZsh(t *testing.T, h *home) {
	h.env = append(h.env, "ZSH_OUT="+filepath.Join(h.dir, "zsh-out"))
	args := []string{"-f", "-c", zshDriver, "zsh"}
	for _, c := range cases {
		args = append(args, c.line)
	}
	out := h.shell(t, "zsh", args...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("%d lines for %d cases:\n%s", len(lines), len(cases), out)
	}
	for i, c := range cases {
		want := c.line // nothing to complete: the line stays
		if len(c.want) == 1 {
			words := strings.Fields(c.line)
			want = strings.Join(append(words[:len(words)-1], c.want[0]), " ")
			if !strings.HasSuffix(want, "/") {
				want += " "
			}
		}
		if lines[i] != want {
			t.Errorf("%s<TAB> gives %q, want %q", c.line, lines[i], want)
		}
	}
}

// skipWithout skips a test for want of a tool, unless GIN_TEST_TOOLS is set,
// as .ci/run sets it once it has installed them: then it fails.
func skipWithout(t *testing.T, tool string) {
	t.Helper()
	if os.Getenv("GIN_TEST_TOOLS") != "" {
		t.Fatalf("%s is not installed, and GIN_TEST_TOOLS says it must be", tool)
	}
	t.Skipf("%s is not installed", tool)
}

// driveLines calls fn with each case's line, in single quotes.
func driveLines(fn string) string {
	var b strings.Builder
	for _, c := range cases {
		fmt.Fprintf(&b, "%s '%s'\n", fn, c.line)
	}
	return b.String()
}
