package commands

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

func TestRulesList(t *testing.T) {
	t.Parallel()
	r := run(t, "", "rules")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	names := ginrummy.PresetNames()
	if len(lines) != len(names) || r.code != ExitOK {
		t.Fatalf("gin rules printed %d lines, exit %d; want %d", len(lines), r.code, len(names))
	}
	for i, name := range names {
		if f := strings.Fields(lines[i]); f[0] != name || !strings.HasSuffix(lines[i], "  "+ginrummy.PresetNote(name)) {
			t.Errorf("line %d %q, want %s and its note", i+1, lines[i], name)
		}
	}

	r = run(t, "", "rules", "--json")
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	for _, name := range names {
		var p struct{ Name, Note string }
		if err := dec.Decode(&p); err != nil || p.Name != name || p.Note != ginrummy.PresetNote(name) {
			t.Errorf("gin rules --json: %+v, %v; want %s", p, err, name)
		}
	}
	if dec.More() {
		t.Errorf("gin rules --json prints more than the presets")
	}
}

func TestRulesShow(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "rules.yaml")
	if err := os.WriteFile(file, []byte("preset: modern\ntarget: 250\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range append(ginrummy.PresetNames(), "MODERN", file) {
		want, err := rulesfile.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		r := run(t, "", "rules", "show", name)
		spec, err := rulesfile.Parse([]byte(r.stdout))
		if err != nil {
			t.Fatalf("gin rules show %s: %v in\n%s", name, err, r.stdout)
		}
		if got, err := spec.Resolve(); err != nil || got != want || r.code != ExitOK {
			t.Errorf("gin rules show %s gives %+v, %v, exit %d; want %+v", name, got, err, r.code, want)
		}
	}

	r := run(t, "", "rules", "show", file, "--json")
	var fields map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &fields); err != nil {
		t.Fatalf("gin rules show --json: %v in %s", err, r.stdout)
	}
	want := map[string]any{"preset": "modern", "target": 250.0, "gin_bonus": 25.0, "upcard_limit": false, "shutout": "double-hand-points"}
	for k, v := range want {
		if fields[k] != v {
			t.Errorf("gin rules show --json: %s is %v, want %v", k, fields[k], v)
		}
	}
	if len(fields) != 18 {
		t.Errorf("gin rules show --json has %d fields, want all 18: %s", len(fields), r.stdout)
	}
}

func TestRulesErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args string
		err  string
	}{
		{"rules show", "gin: rules show: give one preset name or rules file\n"},
		{"rules show classic modern", "gin: rules show: give one preset name or rules file\n"},
		{"rules show nope", `gin: unknown rules preset "nope" (want one of classic, modern, scorepad, oklahoma, hollywood), or a YAML rules file` + "\n"},
		{"rules classic", `gin: rules: unexpected "classic" (to print a preset: gin rules show NAME)` + "\n"},
		{"rules --color maybe", `gin: --color "maybe": want auto, always or never` + "\n"},
		{"rules show classic --color maybe", `gin: --color "maybe": want auto, always or never` + "\n"},
	}
	for _, tt := range tests {
		r := run(t, "", strings.Fields(tt.args)...)
		if r.stdout != "" || r.stderr != tt.err || r.code != ExitError {
			t.Errorf("gin %s: stdout %q stderr %q exit %d; want stderr %q, exit 2", tt.args, r.stdout, r.stderr, r.code, tt.err)
		}
	}
}

// A mistyped preset gets the one most likely meant.
func TestPresetDidYouMean(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"rules", "show", "clasic"}, {"analyze", "7h", "--rules", "clasic"}} {
		r := run(t, "", args...)
		if r.code != ExitError || !strings.HasSuffix(r.stderr, `; did you mean "classic"?`+"\n") {
			t.Errorf("gin %s: exit %d, %q", strings.Join(args, " "), r.code, r.stderr)
		}
	}
}

// gin rules list lists the presets, as gin rules does (issue 22 point 7:
// it was refused as an unexpected argument).
func TestRulesListSubcommand(t *testing.T) {
	t.Parallel()
	for _, flags := range [][]string{nil, {"--json"}} {
		want := run(t, "", append([]string{"rules"}, flags...)...)
		got := run(t, "", append([]string{"rules", "list"}, flags...)...)
		if got.code != 0 || want.code != 0 || got.stdout != want.stdout || !strings.Contains(got.stdout, "classic") {
			t.Errorf("gin rules list %v: exit %d %q %q; want gin rules' %q", flags, got.code, got.stdout, got.stderr, want.stdout)
		}
	}
	if r := run(t, "", "rules", "list", "modern"); r.code != 2 || r.stderr != "gin: rules list: unexpected \"modern\" (to print a preset: gin rules show NAME)\n" {
		t.Errorf("gin rules list modern: exit %d %q", r.code, r.stderr)
	}
}
