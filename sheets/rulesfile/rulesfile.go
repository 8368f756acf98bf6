// Package rulesfile is the YAML form of a set of rules, which rules files
// and score sheets share: a preset and the rules that differ from it
// (Spec), read strictly, resolved into ginrummy.Rules and written back; and
// the loading of what --rules names, a preset or a rules file.
package rulesfile

import (
	"bytes"
	"cmp"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// Spec is the YAML form of a set of rules: a preset and any rules that
// differ from it, by key (ginrummy.RuleList). Rules left out keep the
// preset's value. Each rule is checked as it is set, so a spec resolves to
// rules that are valid.
type Spec struct {
	Preset string
	// given holds the rules given, by key: an int, a bool or a type of
	// names, as the rule takes. It is never changed in place, so that a
	// copy of a spec keeps its own rules.
	given map[string]any
}

// Get returns the value given for the rule of that key, and whether one is.
func (s Spec) Get(key string) (any, bool) {
	v, ok := s.given[key]
	return v, ok
}

// ruleOf returns the rule of a key (not of an old key).
func ruleOf(key string) (ginrummy.Rule, error) {
	if rule, ok := ginrummy.RuleOf(key); ok && rule.Key == key {
		return rule, nil
	}
	return ginrummy.Rule{}, fmt.Errorf("no rule %q", key)
}

// put sets the rule of that key to v, checked, and nothing else.
func (s *Spec) put(rule ginrummy.Rule, v any) error {
	if err := rule.Check(v); err != nil {
		return err
	}
	given := maps.Clone(s.given)
	if given == nil {
		given = map[string]any{}
	}
	given[rule.Key] = v
	s.given = given
	return nil
}

// unset leaves the rule of that key to the preset.
func (s *Spec) unset(key string) {
	if _, ok := s.given[key]; ok {
		s.given = maps.Clone(s.given)
		delete(s.given, key)
	}
}

// Set sets the rule of that key to v, an int, a bool or a type of names as
// the rule takes, refusing a value the rule cannot take (a
// *ginrummy.RuleError). The rule given last counts: a rule set while the
// switch it needs has the other value (ginrummy.Need) leaves that switch to
// the preset, which Resolve then sets as the rule needs (a knock limit turns
// off a limit taken from the upcard), and a switch so set leaves to the
// preset the rules it turns idle.
func (s *Spec) Set(key string, v any) error {
	rule, err := ruleOf(key)
	if err != nil {
		return err
	}
	if err := s.put(rule, v); err != nil {
		return err
	}
	if rule.Needs.Key != "" {
		s.unset(rule.Needs.Key)
	}
	for _, other := range ginrummy.RuleList() {
		if other.Needs.Key == key && v != other.Needs.Value {
			s.unset(other.Key)
		}
	}
	return nil
}

// SetText sets the rule of that key, a rule of names, to the value named.
func (s *Spec) SetText(key, name string) error {
	rule, err := ruleOf(key)
	if err != nil {
		return err
	}
	var r ginrummy.Rules
	u, ok := rule.Field(&r).(encoding.TextUnmarshaler)
	if !ok {
		return fmt.Errorf("the rule %s does not take a name", key)
	}
	if err := u.UnmarshalText([]byte(name)); err != nil {
		return err
	}
	return s.Set(key, rule.Value(r))
}

// Resolve returns the preset with the spec's rules set on it. A rule given
// without the switch it needs turns that switch as the rule needs: a
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
	for _, rule := range ginrummy.RuleList() {
		v, ok := s.given[rule.Key]
		if !ok {
			continue
		}
		if err := rule.Set(&r, v); err != nil {
			return ginrummy.Rules{}, err
		}
		if need := rule.Needs; need.Key != "" {
			if _, ok := s.given[need.Key]; !ok {
				sw, _ := ginrummy.RuleOf(need.Key)
				if err := sw.Set(&r, need.Value); err != nil {
					return ginrummy.Rules{}, err
				}
			}
		}
	}
	return r, nil
}

// Of returns the full spec of a set of rules: its preset and every rule.
func Of(r ginrummy.Rules) Spec {
	s := Spec{Preset: r.Name, given: map[string]any{}}
	for _, rule := range ginrummy.RuleList() {
		s.given[rule.Key] = rule.Value(r)
	}
	return s
}

// keyed is the spec's keys and values, in the order of Keys: the preset
// when one is named, then each rule given.
func (s Spec) keyed() (keys []string, values []any) {
	if s.Preset != "" {
		keys, values = append(keys, "preset"), append(values, s.Preset)
	}
	for _, rule := range ginrummy.RuleList() {
		if v, ok := s.given[rule.Key]; ok {
			keys, values = append(keys, rule.Key), append(values, v)
		}
	}
	return keys, values
}

// MarshalYAML writes the spec as a mapping, in the order of Keys.
func (s Spec) MarshalYAML() (any, error) {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	keys, values := s.keyed()
	for i, key := range keys {
		var k, v yaml.Node
		if err := k.Encode(key); err != nil {
			return nil, err
		}
		if err := v.Encode(values[i]); err != nil {
			return nil, err
		}
		m.Content = append(m.Content, &k, &v)
	}
	return m, nil
}

// MarshalJSON writes the spec as an object with the keys of its YAML, in
// the same order.
func (s Spec) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	keys, values := s.keyed()
	for i, key := range keys {
		v, err := json.Marshal(values[i])
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(strconv.AppendQuote(b, key), ':')
		b = append(b, v...)
	}
	return append(b, '}'), nil
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
	keys := Keys[:len(Keys):len(Keys)]
	for _, rule := range ginrummy.RuleList() {
		if rule.OldKey != "" {
			keys = append(keys, rule.OldKey)
		}
	}
	if !r.Mapping(v, "rules", keys, Keys, func(key string, _, val *yaml.Node) bool {
		return readRule(r, s, key, val)
	}) {
		return false
	}
	// A rule other than the preset's where the switch it needs is set
	// otherwise would do nothing: the file was edited, and the edit would
	// be lost without a word (gin rules show writes the preset's, which
	// reads back).
	base, err := ginrummy.Preset(cmp.Or(s.Preset, ginrummy.DefaultRules().Name))
	if err != nil {
		return true // Resolve says which presets there are
	}
	for _, rule := range ginrummy.RuleList() {
		need := rule.Needs
		val, given := s.given[rule.Key]
		sw, set := s.given[need.Key]
		if need.Key == "" || !given || !set || sw == need.Value || val == rule.Value(base) {
			continue
		}
		return r.Fail(yamlfile.MapValue(v, rule.Key), "%s: %v does nothing while %s is %v, as %s: remove %s, or set %s %v",
			rule.Key, val, need.Key, sw, need.Why, rule.Key, need.Key, need.Value)
	}
	return true
}

// readRule reads the rule of one key of a rules mapping into s.
func readRule(r *yamlfile.Reader, s *Spec, key string, val *yaml.Node) bool {
	if key == "preset" {
		return r.Str(key, val, &s.Preset)
	}
	rule, _ := ginrummy.RuleOf(key)
	if _, ok := s.given[rule.Key]; ok {
		return r.Fail(val, "%s: the %s is given twice (%s, and %s, its old name): keep %s", key, rule.Name, rule.Key, rule.OldKey, rule.Key)
	}
	var v any
	var got ginrummy.Rules
	switch p := rule.Field(&got).(type) {
	case *int:
		var n *int
		if !r.Integer(key, val, &n) {
			return false
		}
		v = *n
	case *bool:
		var b bool
		if !r.Boolean(key, val, &b) {
			return false
		}
		v = b
	case encoding.TextUnmarshaler:
		if !r.Enum(key, val, p) {
			return false
		}
		v = rule.Value(got)
	}
	if err := s.put(rule, v); err != nil {
		r.Fail(val, "%v", err)
		r.Err.Err = err
		return false
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
		if v := rule.Value(r); v != rule.Value(base) {
			out = append(out, fmt.Sprintf("%s %v", rule.Key, v))
		}
	}
	return out
}
