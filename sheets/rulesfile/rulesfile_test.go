package rulesfile

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

func TestRulesRoundTrip(t *testing.T) {
	for _, name := range ginrummy.PresetNames() {
		want, err := ginrummy.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		data, err := Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, data)
		}
		got, err := spec.Resolve()
		if err != nil || got != want {
			t.Errorf("%s: round trip gave %+v, %v; want %+v", name, got, err, want)
		}
	}
}

func TestSpecOverrides(t *testing.T) {
	spec, err := Parse([]byte("preset: modern\ntarget: 250\ndealer: loser\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := spec.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ginrummy.Preset("modern")
	want.Target, want.Dealer = 250, ginrummy.LoserDeals
	if r != want {
		t.Errorf("got %+v, want %+v", r, want)
	}
	spec, err = Parse([]byte("preset: oklahoma\nknock_limit: 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := spec.Resolve(); err != nil || r.UpcardLimit || r.KnockLimit != 5 || !r.SpadeDoubles {
		t.Errorf("oklahoma with knock_limit 5: %+v, %v; want a fixed limit of 5, still doubling on a spade", r, err)
	}
	spec, err = Parse([]byte("preset: modern\nbig_gin: false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := spec.Resolve(); err != nil || r.BigGin || !slices.Equal(spec.Changes(), []string{"big_gin false"}) {
		t.Errorf("modern with big_gin false: %+v, %v, changes %q; want no big gin", r, err, spec.Changes())
	}
	// As gin rules show writes it: the preset's bonus beside it reads back.
	doc, err := Marshal(resolved(t, spec))
	if err != nil {
		t.Fatal(err)
	}
	if back, err := Parse(doc); err != nil || !slices.Equal(back.Changes(), []string{"big_gin false"}) {
		t.Errorf("modern with big_gin false, written in full, reads back as %+v, %v", back, err)
	}
	if r, err := (Spec{}).Resolve(); err != nil || r != ginrummy.DefaultRules() {
		t.Errorf("an empty spec gives %+v, %v; want the classic preset", r, err)
	}
}

// Changes names the rules that differ from the preset, in the rules
// files' order, and not those set to the preset's own value or left out.
func TestSpecChanges(t *testing.T) {
	for _, tt := range []struct {
		yaml  string
		shown []string
		want  []string
	}{
		{"preset: classic\n", nil, nil},
		{"preset: classic\nknock_limit: 10\ngin_bonus: 20\n", nil, nil}, // the preset's own values
		{"preset: classic\ngin_bonus: 30\nknock_limit: 9\n", nil, []string{"knock_limit 9", "gin_bonus 30"}},
		{"preset: oklahoma\nknock_limit: 7\n", nil, []string{"knock_limit 7", "upcard_limit false"}},
		{"preset: modern\ntarget: 250\nshutout: add-bonus\n", []string{"target"}, []string{"shutout add-bonus"}},
		{"preset: modern\ntarget: 250\n", nil, []string{"target 250"}},
	} {
		spec, err := Parse([]byte(tt.yaml))
		if err != nil {
			t.Fatal(err)
		}
		if got := spec.Changes(tt.shown...); !slices.Equal(got, tt.want) {
			t.Errorf("%q without %v: %q, want %q", tt.yaml, tt.shown, got, tt.want)
		}
	}
}

// gin rules show writes knock_limit beside upcard_limit: true, the preset's
// own limit, which reads back as it was written.
func TestUpcardLimitWithThePresetsKnockLimit(t *testing.T) {
	spec, err := Parse([]byte("preset: oklahoma\nknock_limit: 10\nupcard_limit: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := spec.Resolve(); err != nil || !r.UpcardLimit {
		t.Errorf("oklahoma as gin rules show writes it: %+v, %v; want the limit from the upcard", r, err)
	}
}

func TestSpecErrors(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"preset: modern\ntargte: 250\n", `the rules:2:1: unknown field "targte" in rules`},
		{"preset: bridge\n", "unknown rules preset \"bridge\""},
		{"shutout: triple\n", "unknown shutout \"triple\""},
		{"target: 0\n", "the rules:1:9: target 0 must be at least 1"},
		{"target: lots\n", `the rules:1:9: target: "lots" is not a whole number`},
		{"target: 1.5\n", `the rules:1:9: target: "1.5" is not a whole number`},
		{"preset: modern\n---\npreset: classic\n", "a second YAML document (after ---): a rules file is one document"},
		{"dealer_rule: loser\ndealer: alternate\n", "dealer: the dealing rule is given twice (dealer_rule, and dealer, its old name): keep dealer_rule"},
		// A limit the upcard would override: oklahoma's own 10 is no change.
		{"preset: oklahoma\nknock_limit: 7\nupcard_limit: true\n", "the rules:2:14: knock_limit: 7 does nothing while upcard_limit is true"},
		{"upcard_limit: true\nknock_limit: 5\n", "the rules:2:14: knock_limit: 5 does nothing while upcard_limit is true"},
		{"preset: modern\nbig_gin: false\nbig_gin_bonus: 40\n", "the rules:3:16: big_gin_bonus: 40 does nothing while big_gin is false"},
	}
	for _, tt := range tests {
		spec, err := Parse([]byte(tt.doc))
		if err == nil {
			_, err = spec.Resolve()
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.doc, err, tt.want)
		}
	}
}

func TestLoadRules(t *testing.T) {
	if r, err := Load("Oklahoma"); err != nil || r.Name != "oklahoma" {
		t.Errorf("Load(Oklahoma) = %v, %v", r.Name, err)
	}
	path := filepath.Join(t.TempDir(), "house.yaml")
	if err := os.WriteFile(path, []byte("preset: scorepad\ngin_bonus: 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Load(path)
	if err != nil || r.Name != "scorepad" || r.GinBonus != 30 {
		t.Errorf("Load(file) = %+v, %v", r, err)
	}
	if _, err := Load("no-such-preset"); !errors.Is(err, ginrummy.ErrUnknownPreset) {
		t.Errorf("Load(no-such-preset) = %v, want ErrUnknownPreset", err)
	}
}

func TestLoadSpec(t *testing.T) {
	path := filepath.Join(t.TempDir(), "house.yaml")
	if err := os.WriteFile(path, []byte("preset: modern\ntarget: 250\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("preset: modern\ntarget: -5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		arg     string
		preset  string
		target  int // 0 when the spec should leave the target to the preset
		wantErr string
	}{
		{arg: "Scorepad", preset: "scorepad"},
		{arg: path, preset: "modern", target: 250},
		{arg: bad, wantErr: bad + ":2:9: target -5 must be at least 1"},
		{arg: "bridge", wantErr: `unknown rules preset "bridge"`},
	}
	for _, tt := range tests {
		spec, err := LoadSpec(tt.arg)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("LoadSpec(%s) error %v, want %q", tt.arg, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("LoadSpec(%s): %v", tt.arg, err)
		case spec.Preset != tt.preset:
			t.Errorf("LoadSpec(%s) preset %q, want %q", tt.arg, spec.Preset, tt.preset)
		default:
			if target, ok := spec.Get("target"); tt.target == 0 && ok || tt.target != 0 && target != tt.target {
				t.Errorf("LoadSpec(%s) target %v, want %d", tt.arg, target, tt.target)
			}
		}
	}
}

func TestRulesJSONFieldNames(t *testing.T) {
	data, err := json.Marshal(Of(ginrummy.DefaultRules()))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"preset":"classic"`, `"knock_limit":10`, `"big_gin_bonus":0`, `"shutout":"double-game-bonus"`, `"shutout_when":"loser-scored-nothing"`, `"dealer_rule":"alternate"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("rules as JSON lack %s: %s", want, data)
		}
	}
}

func TestLoadRulesMissing(t *testing.T) {
	tests := []struct{ value, want string }{
		{"bridge", `unknown rules preset "bridge" (want one of classic, modern, scorepad, oklahoma, hollywood), or a YAML rules file`},
		{"./house.yaml", "rules file: open ./house.yaml: no such file or directory"},
		{"house.yml", "rules file: open house.yml: no such file or directory"},
	}
	for _, tt := range tests {
		if _, err := Load(tt.value); err == nil || err.Error() != tt.want {
			t.Errorf("Load(%q) = %v, want %q", tt.value, err, tt.want)
		}
	}
}

// A score sheet given as --rules lends its rules.
func TestRulesFromASheet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "friday.yaml")
	if err := os.WriteFile(path, []byte("players: [Ann, Bob]\nrules:\n  preset: modern\n  target: 250\ndealer: Ann\nhands: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Load(path)
	if err != nil || r.Name != "modern" || r.Target != 250 {
		t.Errorf("rules of a sheet: %+v, %v", r, err)
	}
}

// TestOldKeysAreRead reads the keys that files written before their rename
// hold, columns and dealer, and refuses one given under both names.
func TestOldKeysAreRead(t *testing.T) {
	s, err := Parse([]byte("preset: modern\ncolumns: 3\ndealer: loser\n"))
	games, _ := s.Get("games_at_once")
	dealer, _ := s.Get("dealer_rule")
	if err != nil || games != 3 || dealer != ginrummy.LoserDeals {
		t.Fatalf("old keys: %+v, %v", s, err)
	}
	if r, err := s.Resolve(); err != nil || r.GamesAtOnce != 3 {
		t.Errorf("old keys resolve to %+v, %v", r, err)
	}
	for _, doc := range []string{"games_at_once: 3\ncolumns: 3\n", "columns: 1\ngames_at_once: 1\n"} {
		if _, err := Parse([]byte(doc)); err == nil || !strings.Contains(err.Error(), "given twice") {
			t.Errorf("%q: %v, want the key given twice refused", doc, err)
		}
	}
}

// resolved resolves a spec that must resolve.
func resolved(t *testing.T, s Spec) ginrummy.Rules {
	t.Helper()
	r, err := s.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return r
}
