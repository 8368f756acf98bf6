package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands"
)

// The PowerShell script is not run by a test as the bash, zsh and fish ones
// are: PowerShell cannot be installed on the machines the tests run on.
// Debian has no package of it (apt-cache policy powershell pwsh: none), npm's
// package pwsh downloads it from its project's releases at install time,
// which these machines cannot reach, and neither its own package repository
// nor NuGet's global tool is reachable. So this test reads the script as far
// as it can be read without PowerShell: that its brackets and quotes pair up,
// that it registers a native completer for gin and gin.exe with the
// parameters PowerShell passes to one, that it calls gin __complete with the
// words after the command's name and the word being completed, and that it
// reads every marker line gin __complete answers with, and no other.
func TestPowerShellScriptText(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("completions/gin.ps1")
	if err != nil {
		t.Fatal(err)
	}
	script := string(data)
	code, err := powerShellCode(script)
	if err != nil {
		t.Fatalf("completions/gin.ps1: %v", err)
	}

	register := regexp.MustCompile(`(?m)^Register-ArgumentCompleter -Native -CommandName ([^\n]*?) -ScriptBlock \{\n`)
	m := register.FindStringSubmatchIndex(code)
	if m == nil || len(register.FindAllStringIndex(code, -1)) != 1 {
		t.Fatalf("completions/gin.ps1 does not register one native completer (Register-ArgumentCompleter -Native -CommandName ... -ScriptBlock {)")
	}
	var names []string
	for _, name := range strings.Split(script[m[2]:m[3]], ",") {
		names = append(names, strings.Trim(strings.TrimSpace(name), "'\""))
	}
	if want := []string{"gin", "gin.exe"}; !slices.Equal(names, want) {
		t.Errorf("the completer is for %q, want %q (gin.exe: on Windows gin is an alias of Get-ComputerInfo)", names, want)
	}
	// The script block runs to the brace that closes it: the end of the
	// script.
	block := code[m[1]:]
	if end := strings.TrimRight(block, " \n"); !strings.HasSuffix(end, "}") || closing(code, m[1]-2) != len(end)+m[1]-1 {
		t.Errorf("the completer's script block does not run to the end of the script")
	}
	// A native completer is passed the word, the command's syntax tree and
	// the cursor, in that order.
	param := regexp.MustCompile(`^\s*param\(\$(\w+), \$(\w+), \$(\w+)\)`).FindStringSubmatch(block)
	if param == nil {
		t.Fatalf("the script block does not start with param(...) of three")
	}
	word, ast, cursor := param[1], param[2], param[3]
	for _, want := range []string{
		// The words before the cursor, from the syntax tree.
		`$words = @($` + ast + `.CommandElements |`,
		`Where-Object { $_.Extent.EndOffset -lt $` + cursor + ` }`,
		// gin itself, found as a program, never the alias.
		`$program = Get-Command -Name $words[0] -CommandType Application`,
		`$word = $` + word,
		// All but the command's name, then the word being completed.
		`$rest = @($words | Select-Object -Skip 1)`,
		`& $program __complete @rest $word`,
		// One candidate a line, its note after a tab.
		"$value, $note = $line -split \"`t\", 2",
		`[System.Management.Automation.CompletionResult]::new($value, $value, 'ParameterValue', $note)`,
	} {
		if !strings.Contains(script, want) {
			t.Errorf("completions/gin.ps1 has no %s", want)
		}
	}

	// The marker lines gin __complete prints where files fit, and those the
	// script reads: the same.
	var printed []string
	for _, words := range [][]string{{"analyze", "--rules", ""}, {"sheet", "show", "--sheet", ""}, {"rules", "show", ""}, {"an"}} {
		app := commands.NewApp()
		var stdout, stderr bytes.Buffer
		app.Reader, app.Writer, app.ErrWriter = strings.NewReader(""), &stdout, &stderr
		if err := app.Run(append([]string{"gin", "__complete"}, words...)); err != nil {
			t.Fatalf("gin __complete %q: %v %s", words, err, stderr.String())
		}
		for line := range strings.Lines(stdout.String()) {
			if line = strings.TrimSuffix(line, "\n"); strings.HasPrefix(line, ":") && !slices.Contains(printed, line) {
				printed = append(printed, line)
			}
		}
	}
	var read []string
	for _, m := range regexp.MustCompile(`\$line -eq '(:[^']*)'`).FindAllStringSubmatch(script, -1) {
		read = append(read, m[1])
	}
	slices.Sort(printed)
	slices.Sort(read)
	if len(printed) == 0 || !slices.Equal(printed, read) {
		t.Errorf("gin __complete prints the markers %q, completions/gin.ps1 reads %q", printed, read)
	}
}

// powerShellCode returns script with its comments and the insides of its
// strings blanked out, so that what is left is code, and an error when a
// string does not end or a bracket does not pair up.
func powerShellCode(script string) (string, error) {
	code := []byte(script)
	var open []byte
	pairs := map[byte]byte{')': '(', '}': '{', ']': '['}
	line := 1
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '\n':
			line++
		case '#':
			for ; i < len(code) && code[i] != '\n'; i++ {
				code[i] = ' '
			}
			i--
		case '\'', '"':
			start := line
			for i++; ; i++ {
				if i == len(code) {
					return "", lineError(start, "a string does not end")
				}
				if code[i] == '\n' {
					line++
					continue
				}
				if c == '"' && code[i] == '`' && i+1 < len(code) {
					code[i], code[i+1] = ' ', ' ' // an escaped character
					i++
					continue
				}
				if code[i] == c {
					if i+1 < len(code) && code[i+1] == c { // '' or "": the quote itself
						code[i], code[i+1] = ' ', ' '
						i++
						continue
					}
					break
				}
				code[i] = ' '
			}
		case '(', '{', '[':
			open = append(open, c)
		case ')', '}', ']':
			if len(open) == 0 || open[len(open)-1] != pairs[c] {
				return "", lineError(line, "a "+string(c)+" that closes nothing open")
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		return "", lineError(line, "a "+string(open[len(open)-1])+" not closed")
	}
	return string(code), nil
}

// closing is where the bracket that code[at] opens is closed, in code whose
// brackets pair up.
func closing(code string, at int) int {
	depth := 0
	for i := at; i < len(code); i++ {
		switch code[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// lineError says what is wrong at a line of the script.
func lineError(line int, what string) error {
	return fmt.Errorf("line %d: %s", line, what)
}
