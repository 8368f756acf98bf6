package sheets

import (
	"errors"
	"os"
	"path/filepath"
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
		data, err := MarshalRules(want)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := ParseRulesSpec(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, data)
		}
		got, err := spec.Resolve()
		if err != nil || got != want {
			t.Errorf("%s: round trip gave %+v, %v; want %+v", name, got, err, want)
		}
	}
}

func TestRulesSpecOverrides(t *testing.T) {
	spec, err := ParseRulesSpec([]byte("preset: modern\ntarget: 250\ndealer: loser\n"))
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
	if r, err := (RulesSpec{}).Resolve(); err != nil || r != ginrummy.DefaultRules() {
		t.Errorf("an empty spec gives %+v, %v; want the classic preset", r, err)
	}
}

func TestRulesSpecErrors(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"preset: modern\ntargte: 250\n", "field targte not found"},
		{"preset: bridge\n", "unknown rules preset \"bridge\""},
		{"shutout: triple\n", "unknown shutout \"triple\""},
		{"target: 0\n", "target 0 must be positive"},
		{"target: lots\n", "cannot unmarshal"},
	}
	for _, tt := range tests {
		spec, err := ParseRulesSpec([]byte(tt.doc))
		if err == nil {
			_, err = spec.Resolve()
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want one containing %q", tt.doc, err, tt.want)
		}
	}
}

func TestLoadRules(t *testing.T) {
	if r, err := LoadRules("Oklahoma"); err != nil || r.Name != "oklahoma" {
		t.Errorf("LoadRules(Oklahoma) = %v, %v", r.Name, err)
	}
	path := filepath.Join(t.TempDir(), "house.yaml")
	if err := os.WriteFile(path, []byte("preset: scorepad\ngin_bonus: 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := LoadRules(path)
	if err != nil || r.Name != "scorepad" || r.GinBonus != 30 {
		t.Errorf("LoadRules(file) = %+v, %v", r, err)
	}
	if _, err := LoadRules("no-such-preset"); !errors.Is(err, ginrummy.ErrUnknownPreset) {
		t.Errorf("LoadRules(no-such-preset) = %v, want ErrUnknownPreset", err)
	}
}
