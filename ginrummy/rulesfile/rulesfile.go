// Package rulesfile is the YAML form of a set of rules, which rules files
// and score sheets share: a preset and the rules that differ from it
// (Spec), read strictly, resolved into ginrummy.Rules and written back; and
// the loading of what --rules names, a preset or a rules file.
package rulesfile

import (
	"bytes"
	"cmp"
	"encoding"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/yamlfile"
)

// Spec is the YAML form of a set of rules: a preset and any fields that
// differ from it. Fields left out keep the preset's value.
type Spec struct {
	Preset        string                `yaml:"preset,omitempty" json:"preset,omitempty"`
	KnockLimit    *int                  `yaml:"knock_limit,omitempty" json:"knock_limit,omitempty"`
	UpcardLimit   *bool                 `yaml:"upcard_limit,omitempty" json:"upcard_limit,omitempty"`
	GinBonus      *int                  `yaml:"gin_bonus,omitempty" json:"gin_bonus,omitempty"`
	BigGin        *bool                 `yaml:"big_gin,omitempty" json:"big_gin,omitempty"`
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
	GamesAtOnce   *int                  `yaml:"games_at_once,omitempty" json:"games_at_once,omitempty"` // "columns" in files written before the rename, still read
	Dealer        *ginrummy.Dealer      `yaml:"dealer_rule,omitempty" json:"dealer_rule,omitempty"`     // "dealer" in files written before the rename, still read
}

// specFields is the index of each rule's field in Spec, by the rule's
// key (ginrummy.RuleList), found by the field's yaml tag: the spec is the
// shape of the rules in YAML and JSON, the list says what each rule is.
var specFields = func() map[string]int {
	t := reflect.TypeFor[Spec]()
	byTag := map[string]int{}
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		byTag[tag] = i
	}
	out := map[string]int{}
	for _, rule := range ginrummy.RuleList() {
		i, ok := byTag[rule.Key]
		if !ok {
			panic("rulesfile: Spec has no field for the rule " + rule.Key)
		}
		out[rule.Key] = i
	}
	return out
}()

// slot is the spec's field for the rule of that key: a pointer, nil when
// the spec leaves the rule to the preset.
func (s *Spec) slot(key string) reflect.Value {
	return reflect.ValueOf(s).Elem().Field(specFields[key])
}

// Set sets the rule of that key (ginrummy.RuleList) to v, an int or a bool
// as the rule takes.
func (s *Spec) Set(key string, v any) error {
	if _, ok := specFields[key]; !ok {
		return fmt.Errorf("no rule %q", key)
	}
	slot := s.slot(key)
	val := reflect.ValueOf(v)
	if val.Type() != slot.Type().Elem() {
		return fmt.Errorf("the rule %s takes a %s, not a %s", key, slot.Type().Elem(), val.Type())
	}
	p := reflect.New(val.Type())
	p.Elem().Set(val)
	slot.Set(p)
	return nil
}

// SetText sets the rule of that key, a rule of names, to the value named.
func (s *Spec) SetText(key, name string) error {
	if _, ok := specFields[key]; !ok {
		return fmt.Errorf("no rule %q", key)
	}
	slot := s.slot(key)
	p := reflect.New(slot.Type().Elem())
	u, ok := p.Interface().(encoding.TextUnmarshaler)
	if !ok {
		return fmt.Errorf("the rule %s does not take a name", key)
	}
	if err := u.UnmarshalText([]byte(name)); err != nil {
		return err
	}
	slot.Set(p)
	return nil
}

// fields pairs each optional field of a spec with the Rules field it sets.
func (s *Spec) fields(r *ginrummy.Rules) []field {
	var out []field
	for _, rule := range ginrummy.RuleList() {
		spec, value := s.slot(rule.Key), reflect.ValueOf(rule.Field(r)).Elem()
		out = append(out, field{
			apply: func() {
				if !spec.IsNil() {
					value.Set(spec.Elem())
				}
			},
			capture: func() {
				p := reflect.New(value.Type())
				p.Elem().Set(value)
				spec.Set(p)
			},
		})
	}
	return out
}

// field copies one optional spec field onto its rule (apply) or a rule into
// the spec (capture).
type field struct {
	apply, capture func()
}

// SetKnockLimit fixes the knock limit at n, so that it is no longer taken
// from the upcard (unless upcard_limit is then set again).
func (s *Spec) SetKnockLimit(n int) {
	s.KnockLimit, s.UpcardLimit = &n, nil
}

// Resolve returns the preset with the spec's fields applied, checked. A
// knock_limit without upcard_limit turns off a limit taken from the upcard.
func (s Spec) Resolve() (ginrummy.Rules, error) {
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

// Of returns the full spec of a set of rules: its preset and every field.
func Of(r ginrummy.Rules) Spec {
	s := Spec{Preset: r.Name}
	for _, f := range s.fields(&r) {
		f.capture()
	}
	return s
}

// Marshal returns the rules as a YAML document with every field.
func Marshal(r ginrummy.Rules) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(Of(r)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Parse reads a rules document strictly: an unknown field, a
// number that is not whole or a value of the wrong kind is an error.
func Parse(data []byte) (Spec, error) {
	return parse("the rules", data)
}

// parse is Parse naming the file in its errors.
func parse(path string, data []byte) (Spec, error) {
	doc, err := yamlfile.Decode(path, data, "a rules file")
	if err != nil {
		return Spec{}, err
	}
	var s Spec
	if len(doc.Content) == 0 || doc.Content[0].Tag == "!!null" {
		return s, nil
	}
	r := yamlfile.Reader{Path: path}
	root := doc.Content[0]
	// A score sheet given as the rules: its rules are the ones meant.
	if root.Kind == yaml.MappingNode && yamlfile.MapValue(root, "players") != nil {
		if sheetRules := yamlfile.MapValue(root, "rules"); sheetRules != nil {
			root = sheetRules
		} else {
			return Spec{}, &yamlfile.Error{Path: path, Line: root.Line, Column: root.Column, Msg: "a score sheet without rules, not a rules file: give a preset name or a rules file (preset: classic …)"}
		}
	}
	if !Read(&r, root, &s) {
		return Spec{}, r.Err
	}
	return s, nil
}

// Load returns the rules a --rules value names: a preset name, or else
// the path of a YAML rules file (a preset and overrides).
func Load(nameOrFile string) (ginrummy.Rules, error) {
	spec, err := LoadSpec(nameOrFile)
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

// LoadSpec returns the spec a --rules value names, checked: a preset
// name, or else the path of a YAML rules file, or of a score sheet, whose
// rules are then used. A new score sheet keeps it as
// its rules, with any overrides from the command line set on it.
func LoadSpec(nameOrFile string) (Spec, error) {
	if r, err := ginrummy.Preset(nameOrFile); err == nil {
		return Spec{Preset: r.Name}, nil
	}
	data, err := yamlfile.ReadFile(nameOrFile, "a rules file")
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !looksLikePath(nameOrFile) {
			_, err := ginrummy.Preset(nameOrFile) // says which presets there are
			return Spec{}, fmt.Errorf("%w, or a YAML rules file", err)
		}
		return Spec{}, fmt.Errorf("rules file: %w", err)
	}
	spec, err := parse(nameOrFile, data)
	if err != nil {
		return Spec{}, err
	}
	if _, err = spec.Resolve(); err != nil {
		return Spec{}, fmt.Errorf("%s: %w", yamlfile.Printable(nameOrFile), err)
	}
	return spec, nil
}

// Keys are the keys of a rules mapping: the preset, then the rules in
// the order of ginrummy.RuleList.
var Keys = func() []string {
	keys := []string{"preset"}
	for _, rule := range ginrummy.RuleList() {
		keys = append(keys, rule.Key)
	}
	return keys
}()

// Read reads a rules mapping, as a rules file or a score sheet's rules
// section holds it, into s.
func Read(r *yamlfile.Reader, v *yaml.Node, s *Spec) bool {
	if v.Kind != yaml.MappingNode {
		return r.Fail(v, "rules: give a mapping, such as preset: classic")
	}
	// "dealer" and "columns" are read too: the old names of dealer_rule and
	// games_at_once.
	if !r.Mapping(v, "rules", append(Keys[:len(Keys):len(Keys)], "dealer", "columns"), Keys, func(key string, _, val *yaml.Node) bool {
		return readRule(r, s, key, val)
	}) {
		return false
	}
	// A knock limit other than the preset's with upcard_limit on would do
	// nothing, the upcard setting the limit: the file was edited, and the
	// edit would be lost without a word (gin rules show writes both).
	if s.KnockLimit != nil && s.UpcardLimit != nil && *s.UpcardLimit {
		name := cmp.Or(s.Preset, ginrummy.DefaultRules().Name)
		if base, err := ginrummy.Preset(name); err == nil && *s.KnockLimit != base.KnockLimit {
			return r.Fail(yamlfile.MapValue(v, "knock_limit"), "knock_limit: %d does nothing while upcard_limit is true, as the upcard sets the limit: remove upcard_limit (or set it false) to knock up to %d, or remove knock_limit to take the limit from the upcard", *s.KnockLimit, *s.KnockLimit)
		}
	}
	// Likewise a big-gin bonus other than the preset's where big gin is not
	// played (gin rules show writes the preset's, which reads back).
	if s.BigGinBonus != nil && s.BigGin != nil && !*s.BigGin {
		name := cmp.Or(s.Preset, ginrummy.DefaultRules().Name)
		if base, err := ginrummy.Preset(name); err == nil && *s.BigGinBonus != base.BigGinBonus {
			return r.Fail(yamlfile.MapValue(v, "big_gin_bonus"), "big_gin_bonus: %d does nothing while big_gin is false, as nobody lays down eleven cards: remove big_gin_bonus, or big_gin to play big gin", *s.BigGinBonus)
		}
	}
	return true
}

// readRule reads the rule of one key of a rules mapping into s.
func readRule(r *yamlfile.Reader, s *Spec, key string, val *yaml.Node) bool {
	switch key {
	case "preset":
		return r.Str(key, val, &s.Preset)
	case "dealer_rule", "dealer":
		// "dealer" is the key's old name, still read: it named the rule
		// as the sheet's "dealer" names the first dealer.
		if s.Dealer != nil {
			return r.Fail(val, "%s: the dealing rule is given twice (dealer_rule, and dealer, its old name): keep dealer_rule", key)
		}
		s.Dealer = new(ginrummy.Dealer)
		return r.Enum(key, val, s.Dealer)
	case "games_at_once", "columns":
		// "columns" is the key's old name, still read.
		if s.GamesAtOnce != nil {
			return r.Fail(val, "%s: the games at once are given twice (games_at_once, and columns, its old name): keep games_at_once", key)
		}
		return r.Integer(key, val, &s.GamesAtOnce)
	}
	slot := s.slot(key)
	switch p := reflect.New(slot.Type().Elem()); p.Elem().Kind() {
	case reflect.Int:
		var n *int
		if !r.Integer(key, val, &n) {
			return false
		}
		slot.Set(reflect.ValueOf(n))
	case reflect.Bool:
		var b bool
		if !r.Boolean(key, val, &b) {
			return false
		}
		slot.Set(reflect.ValueOf(&b))
	default:
		if !r.Enum(key, val, p.Interface().(encoding.TextUnmarshaler)) {
			return false
		}
		slot.Set(p)
	}
	return true
}

// Changes lists the rules of the spec that differ from its preset's, as
// "key value" in the order of ginrummy.RuleList (a knock limit that turns
// off the upcard's shows upcard_limit false, and the limit when it is not
// the preset's), leaving out the keys in shown; nil when the spec does not
// resolve.
func (s Spec) Changes(shown ...string) []string {
	r, err := s.Resolve()
	if err != nil {
		return nil
	}
	base, err := ginrummy.Preset(r.Name)
	if err != nil {
		return nil
	}
	var out []string
	for _, rule := range ginrummy.RuleList() {
		if slices.Contains(shown, rule.Key) {
			continue
		}
		v, b := reflect.ValueOf(rule.Field(&r)).Elem().Interface(), reflect.ValueOf(rule.Field(&base)).Elem().Interface()
		if v != b {
			out = append(out, fmt.Sprintf("%s %v", rule.Key, v))
		}
	}
	return out
}
