package render

import (
	"strings"
	"unicode/utf8"

	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// ShellQuote quotes s for a shell when it needs it: in single quotes, each
// single quote in it written as a quote closed, a backslashed quote and a
// quote opened; or, when s holds a character that cannot be shown (a
// control character, invalid UTF-8: yamlfile.UnsafeRune), in bash's and
// zsh's $'…' quoting with each such character escaped, so that nothing
// reaches the terminal raw and the word pastes as it is.
func ShellQuote(s string) string {
	if !utf8.ValidString(s) || strings.IndexFunc(s, yamlfile.UnsafeRune) >= 0 {
		return yamlfile.DollarQuote(s)
	}
	safe := func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./,:=@%+", r)
	}
	if s != "" && strings.IndexFunc(s, func(r rune) bool { return !safe(r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
