// Package sheets keeps score for a game of Gin Rummy in a YAML file: its
// shape, strict loading, applying hands through the ginrummy scoring rules,
// and locked, atomic saving. It also owns the YAML form of a set of rules,
// which score sheets and rules files share.
package sheets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
)

// RulesSpec is the YAML form of a set of rules: a preset and any fields that
// differ from it. Fields left out keep the preset's value.
type RulesSpec struct {
	Preset        string                `yaml:"preset,omitempty" json:"preset,omitempty"`
	KnockLimit    *int                  `yaml:"knock_limit,omitempty" json:"knock_limit,omitempty"`
	UpcardLimit   *bool                 `yaml:"upcard_limit,omitempty" json:"upcard_limit,omitempty"`
	GinBonus      *int                  `yaml:"gin_bonus,omitempty" json:"gin_bonus,omitempty"`
	BigGinBonus   *int                  `yaml:"big_gin_bonus,omitempty" json:"big_gin_bonus,omitempty"`
	UndercutBonus *int                  `yaml:"undercut_bonus,omitempty" json:"undercut_bonus,omitempty"`
	TieIsUndercut *bool                 `yaml:"tie_is_undercut,omitempty" json:"tie_is_undercut,omitempty"`
	BoxBonus      *int                  `yaml:"box_bonus,omitempty" json:"box_bonus,omitempty"`
	GameBonus     *int                  `yaml:"game_bonus,omitempty" json:"game_bonus,omitempty"`
	Shutout       *ginrummy.Shutout     `yaml:"shutout,omitempty" json:"shutout,omitempty"`
	ShutoutBonus  *int                  `yaml:"shutout_bonus,omitempty" json:"shutout_bonus,omitempty"`
	ShutoutWhen   *ginrummy.ShutoutWhen `yaml:"shutout_when,omitempty" json:"shutout_when,omitempty"`
	Target        *int                  `yaml:"target,omitempty" json:"target,omitempty"`
	HandLimit     *int                  `yaml:"hand_limit,omitempty" json:"hand_limit,omitempty"`
	SpadeDoubles  *bool                 `yaml:"spade_doubles,omitempty" json:"spade_doubles,omitempty"`
	Columns       *int                  `yaml:"columns,omitempty" json:"columns,omitempty"`
	Dealer        *ginrummy.Dealer      `yaml:"dealer_rule,omitempty" json:"dealer_rule,omitempty"` // "dealer" in files written before the rename, still read
}

// fields pairs each optional field of a spec with the Rules field it sets.
func (s *RulesSpec) fields(r *ginrummy.Rules) []field {
	return []field{
		intField(&s.KnockLimit, &r.KnockLimit),
		boolField(&s.UpcardLimit, &r.UpcardLimit),
		intField(&s.GinBonus, &r.GinBonus),
		intField(&s.BigGinBonus, &r.BigGinBonus),
		intField(&s.UndercutBonus, &r.UndercutBonus),
		boolField(&s.TieIsUndercut, &r.TieIsUndercut),
		intField(&s.BoxBonus, &r.BoxBonus),
		intField(&s.GameBonus, &r.GameBonus),
		anyField(&s.Shutout, &r.Shutout),
		intField(&s.ShutoutBonus, &r.ShutoutBonus),
		anyField(&s.ShutoutWhen, &r.ShutoutWhen),
		intField(&s.Target, &r.Target),
		intField(&s.HandLimit, &r.HandLimit),
		boolField(&s.SpadeDoubles, &r.SpadeDoubles),
		intField(&s.Columns, &r.Columns),
		anyField(&s.Dealer, &r.Dealer),
	}
}

// field copies one optional spec field onto its rule (apply) or a rule into
// the spec (capture).
type field struct {
	apply, capture func()
}

func anyField[T any](spec **T, rule *T) field {
	return field{
		apply: func() {
			if *spec != nil {
				*rule = **spec
			}
		},
		capture: func() {
			v := *rule
			*spec = &v
		},
	}
}

func intField(spec **int, rule *int) field    { return anyField(spec, rule) }
func boolField(spec **bool, rule *bool) field { return anyField(spec, rule) }

// SetKnockLimit fixes the knock limit at n, so that it is no longer taken
// from the upcard (unless upcard_limit is then set again).
func (s *RulesSpec) SetKnockLimit(n int) {
	s.KnockLimit, s.UpcardLimit = &n, nil
}

// Resolve returns the preset with the spec's fields applied, checked. A
// knock_limit without upcard_limit turns off a limit taken from the upcard.
func (s RulesSpec) Resolve() (ginrummy.Rules, error) {
	name := s.Preset
	if name == "" {
		name = ginrummy.DefaultRules().Name
	}
	r, err := ginrummy.Preset(name)
	if err != nil {
		return ginrummy.Rules{}, err
	}
	for _, f := range s.fields(&r) {
		f.apply()
	}
	// A knock limit given on its own fixes the limit, also under rules that
	// would take it from the upcard, as --knock-limit does.
	if s.KnockLimit != nil && s.UpcardLimit == nil {
		r.UpcardLimit = false
	}
	if err := r.Validate(); err != nil {
		return ginrummy.Rules{}, err
	}
	return r, nil
}

// SpecOf returns the full spec of a set of rules: its preset and every field.
func SpecOf(r ginrummy.Rules) RulesSpec {
	s := RulesSpec{Preset: r.Name}
	for _, f := range s.fields(&r) {
		f.capture()
	}
	return s
}

// MarshalRules returns the rules as a YAML document with every field.
func MarshalRules(r ginrummy.Rules) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(SpecOf(r)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ParseRulesSpec reads a rules document strictly: an unknown field, a
// number that is not whole or a value of the wrong kind is an error.
func ParseRulesSpec(data []byte) (RulesSpec, error) {
	return parseRulesSpec("the rules", data)
}

// parseRulesSpec is ParseRulesSpec naming the file in its errors.
func parseRulesSpec(path string, data []byte) (RulesSpec, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return RulesSpec{}, nil
		}
		return RulesSpec{}, syntaxError(path, data, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return RulesSpec{}, &SheetError{Path: path, Line: extra.Line, Msg: "more than one YAML document; a rules file is one"}
	}
	if err := checkAliases(&doc); err != nil {
		err.Path = path
		return RulesSpec{}, err
	}
	unalias(&doc)
	var s RulesSpec
	if len(doc.Content) == 0 || doc.Content[0].Tag == "!!null" {
		return s, nil
	}
	r := reader{path: path}
	root := doc.Content[0]
	// A score sheet given as the rules: its rules are the ones meant.
	if root.Kind == yaml.MappingNode && mapValue(root, "players") != nil {
		if sheetRules := mapValue(root, "rules"); sheetRules != nil {
			root = sheetRules
		} else {
			return RulesSpec{}, &SheetError{Path: path, Line: root.Line, Column: root.Column, Msg: "a score sheet without rules, not a rules file: give a preset name or a rules file (preset: classic …)"}
		}
	}
	if !r.rules(root, &s) {
		return RulesSpec{}, r.err
	}
	return s, nil
}

// LoadRules returns the rules a --rules value names: a preset name, or else
// the path of a YAML rules file (a preset and overrides).
func LoadRules(nameOrFile string) (ginrummy.Rules, error) {
	spec, err := LoadRulesSpec(nameOrFile)
	if err != nil {
		return ginrummy.Rules{}, err
	}
	return spec.Resolve()
}

// looksLikePath reports whether a --rules value was meant as a file: it has a
// folder in it or a YAML file's ending.
func looksLikePath(s string) bool {
	return strings.ContainsAny(s, `/\`) || strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".yml")
}

// LoadRulesSpec returns the spec a --rules value names, checked: a preset
// name, or else the path of a YAML rules file, or of a score sheet, whose
// rules are then used. A new score sheet keeps it as
// its rules, with any overrides from the command line set on it.
func LoadRulesSpec(nameOrFile string) (RulesSpec, error) {
	if r, err := ginrummy.Preset(nameOrFile); err == nil {
		return RulesSpec{Preset: r.Name}, nil
	}
	data, err := os.ReadFile(nameOrFile)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !looksLikePath(nameOrFile) {
			_, err := ginrummy.Preset(nameOrFile) // says which presets there are
			return RulesSpec{}, fmt.Errorf("%w, or a YAML rules file", err)
		}
		return RulesSpec{}, fmt.Errorf("rules file: %w", err)
	}
	spec, err := parseRulesSpec(nameOrFile, data)
	if err != nil {
		return RulesSpec{}, err
	}
	if _, err = spec.Resolve(); err != nil {
		return RulesSpec{}, fmt.Errorf("%s: %w", nameOrFile, err)
	}
	return spec, nil
}
