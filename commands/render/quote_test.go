package render

import "testing"

// The command suggested for the next game is quoted for the shell, with
// nothing that cannot be shown reaching the terminal raw.
func TestShellQuote(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]string{"Ann,Bob": "Ann,Bob", "Ann Lee,Bob": "'Ann Lee,Bob'", "O'Brien,Bob": `'O'\''Brien,Bob'`, "": "''", "my sheet.yaml": "'my sheet.yaml'",
		// What cannot be shown is escaped, in $'…' quoting.
		"x\x1b[31my.yaml": `$'x\x1b[31my.yaml'`, "a\tb's": `$'a\x09b\'s'`, "back\\slash\n": `$'back\\slash\x0a'`,
		"rtl\u202e.yaml": `$'rtl\u202e.yaml'`, "bad\xffbyte": `$'bad\xffbyte'`} {
		if got := ShellQuote(s); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", s, got, want)
		}
	}
}
