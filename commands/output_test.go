package commands

import (
	"strings"
	"testing"
)

// It runs alone, not in parallel: it sets $NO_COLOR (t.Setenv), which the
// process shares.
func TestColor(t *testing.T) {
	const (
		red   = "\x1b[31m"
		green = "\x1b[32m"
		reset = "\x1b[0m"
	)
	tests := []struct {
		noColor string
		args    string
		want    []string // in the output
		wantNot []string
	}{
		{"", "--color always", []string{red + "9♦" + reset, "K♣ ", green + "Can knock (limit 10)." + reset}, nil},
		{"1", "--color always", []string{red + "9♦" + reset}, nil},
		{"", "--color always --plain", []string{red + "9d" + reset, "Kc "}, nil},
		{"", "--color never", []string{"9♦ = 9"}, []string{"\x1b["}},
		{"", "--color auto", []string{"9♦ = 9"}, []string{"\x1b["}}, // stdout is not a terminal
		{"", "", nil, []string{"\x1b["}},
		{"", "--color always --json", []string{`"9d"`}, []string{"\x1b["}},
	}
	for _, tt := range tests {
		t.Setenv("NO_COLOR", tt.noColor)
		r := run(t, "", append(strings.Fields("analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"), strings.Fields(tt.args)...)...)
		for _, w := range tt.want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("NO_COLOR=%q %s: no %q in %q", tt.noColor, tt.args, w, r.stdout)
			}
		}
		for _, w := range tt.wantNot {
			if strings.Contains(r.stdout, w) {
				t.Errorf("NO_COLOR=%q %s: %q in %q", tt.noColor, tt.args, w, r.stdout)
			}
		}
	}
}

func TestColorRules(t *testing.T) {
	t.Parallel()
	if r := run(t, "", "rules", "--color", "always"); !strings.HasPrefix(r.stdout, "\x1b[1mclassic\x1b[22m    the default") {
		t.Errorf("gin rules --color always: %q, want the names in bold, aligned", r.stdout)
	}
	if r := run(t, "", "rules", "--color", "never"); !strings.HasPrefix(r.stdout, "classic    the default") {
		t.Errorf("gin rules --color never: %q", r.stdout)
	}
}
