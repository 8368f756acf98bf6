package sheets

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
)

// How a sheet is read. The YAML is parsed once into a node tree, which is
// kept for saving (it holds the comments); the record is then read from the
// tree in one pass that checks the type of every value and remembers the line
// of every field, so that any error, a rule broken in hand 40 included, names
// the line a person must look at. Nothing is decoded twice and no error is
// ignored.

// MaxSheetSize is the largest sheet read: far beyond any real game (a
// 10,000-hand sheet is about 0.4 MB), small enough to read whole.
const MaxSheetSize = 64 << 20

// SheetError is a sheet that cannot be read or cannot be what it says:
// which file, where (1-based line and column; 0 when the problem is the
// whole file), what is wrong and what to do.
type SheetError struct {
	Path         string
	Line, Column int
	Msg          string
	Err          error // the reason, for errors.Is; may be nil
}

func (e *SheetError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	b.WriteString(": ")
	b.WriteString(escapeControls(e.Msg))
	return b.String()
}

// Unwrap returns the reason.
func (e *SheetError) Unwrap() error { return e.Err }

// escapeControls writes control characters as Go escapes, so that nothing
// read from a file can move a terminal's cursor or ring its bell.
func escapeControls(s string) string {
	if !strings.ContainsFunc(s, isUnsafeRune) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isUnsafeRune(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isUnsafeRune reports whether r may not be shown raw: a control character
// (a line break included, as messages are one line), a bidirectional
// override or isolate, a zero-width character, or invalid UTF-8.
func isUnsafeRune(r rune) bool {
	switch {
	case unicode.IsControl(r), r == unicode.ReplacementChar:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return true // bidirectional controls
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return true // zero-width
	}
	return false
}

// parsed is a sheet read from a file: its document tree and its record.
type parsed struct {
	doc   *yaml.Node
	sheet Sheet
}

// parse reads a sheet: one YAML document, no unknown or repeated keys, no
// null where a value goes, every number a whole number, every value of its
// kind; then the record is checked and, with replay, scored by its rules.
func parse(path string, data []byte, replay bool) (*parsed, *Score, error) {
	if len(data) > MaxSheetSize {
		return nil, nil, &SheetError{Path: path, Msg: fmt.Sprintf("%d bytes is more than a score sheet can be (%d MiB)", len(data), MaxSheetSize>>20)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, &SheetError{Path: path, Msg: "the file is empty, not a score sheet"}
		}
		return nil, nil, syntaxError(path, data, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		line := 0
		if err == nil {
			line = extra.Line
		}
		return nil, nil, &SheetError{Path: path, Line: line, Msg: "a second YAML document (after ---): a sheet is one document; remove the --- line and what follows, or move it to a file of its own"}
	}
	if err := checkAliases(&doc); err != nil {
		err.Path = path
		return nil, nil, err
	}
	unalias(&doc)
	if len(doc.Content) == 0 {
		return nil, nil, &SheetError{Path: path, Msg: "the file is empty, not a score sheet"}
	}
	r := reader{path: path}
	s, ok := r.sheet(doc.Content[0])
	if !ok {
		return nil, nil, r.err
	}
	if err := s.check(); err != nil {
		return nil, nil, locate(path, doc.Content[0], &s, err)
	}
	var score *Score
	if replay {
		var err error
		if score, err = s.Score(); err != nil {
			return nil, nil, locate(path, doc.Content[0], &s, err)
		}
	}
	return &parsed{&doc, s}, score, nil
}

// syntaxError reports YAML that does not parse in plain words, at the line
// where it stops parsing: yaml.v3 often names the line a block started on,
// so the first line whose prefix no longer parses is found by halving.
func syntaxError(path string, data []byte, err error) error {
	// yaml.v3 reports a syntax error as text, "yaml: line N: what"; the
	// line is taken from it when it is there, and found by halving anyway.
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, what, ok := strings.Cut(rest, ": "); ok {
			if k, err := strconv.Atoi(n); err == nil {
				line, msg = k, what
			}
		}
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(data) <= 4<<20 {
		lo, hi := 1, len(lines) // the first prefix that fails is in [lo, hi]
		for lo < hi {
			mid := (lo + hi) / 2
			var n yaml.Node
			if yaml.Unmarshal(bytes.Join(lines[:mid], nil), &n) != nil {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		if line == 0 || lo > line {
			line = lo
		}
	}
	hint := "check the indentation (spaces only, items of a list lined up under each other) and the colons and dashes"
	if line > 0 && line <= len(lines) && bytes.ContainsRune(lines[line-1], '\t') {
		hint = "this line holds a tab: YAML indents with spaces only"
	}
	return &SheetError{Path: path, Line: line, Msg: fmt.Sprintf("the YAML does not parse here (%s): %s", msg, hint)}
}

// maxExpansion bounds what aliases may add to a sheet, in nodes.
const maxExpansion = 100_000

// checkAliases refuses aliases that refer to themselves, and aliases that
// would add more than maxExpansion nodes to the document, before anything is
// expanded: a "billion laughs" file is a few hundred bytes.
func checkAliases(doc *yaml.Node) *SheetError {
	plain := 0 // the nodes of the document as written
	var count func(n *yaml.Node)
	count = func(n *yaml.Node) {
		plain++
		for _, c := range n.Content {
			count(c)
		}
	}
	count(doc)
	sizes := map[*yaml.Node]int{}
	const inProgress = -1
	var size func(n *yaml.Node) (int, *SheetError)
	size = func(n *yaml.Node) (int, *SheetError) {
		target := n
		if n.Kind == yaml.AliasNode {
			target = n.Alias
			if target == nil {
				return 1, nil
			}
		}
		switch s, seen := sizes[target]; {
		case seen && s == inProgress:
			return 0, &SheetError{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf("the alias *%s refers to itself: write the value out instead", n.Value)}
		case seen:
			return s, nil
		}
		sizes[target] = inProgress
		total := 1
		for _, c := range target.Content {
			s, err := size(c)
			if err != nil {
				return 0, err
			}
			if total += s; total > plain+maxExpansion {
				return 0, &SheetError{Line: n.Line, Column: n.Column, Msg: "the aliases (*name) expand this sheet by more than 100,000 values: write the values out instead"}
			}
		}
		sizes[target] = total
		return total, nil
	}
	_, err := size(doc)
	return err
}

// reader reads the record from the tree, stopping at the first error.
type reader struct {
	path string
	err  *SheetError
}

// fail records the first error, at node n.
func (r *reader) fail(n *yaml.Node, format string, args ...any) bool {
	if r.err == nil {
		r.err = &SheetError{Path: r.path, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
	}
	return false
}

// sheetKeys are the keys of a sheet: the record's, then the derived ones,
// which are accepted and always recomputed.
var sheetKeys = []string{"players", "rules", "dealer", "started", "hands", "closed", "totals", "boxes", "next_dealer", "result", "games"}

func (r *reader) sheet(root *yaml.Node) (Sheet, bool) {
	var s Sheet
	if root.Kind != yaml.MappingNode {
		r.fail(root, "a score sheet is a mapping of players, rules, dealer and hands")
		return s, false
	}
	s.lines = map[string]int{}
	ok := r.mapping(root, "a sheet", sheetKeys, func(key string, k, v *yaml.Node) bool {
		s.lines[key] = k.Line
		switch key {
		case "players":
			return r.players(v, &s.Players)
		case "rules":
			return r.rules(v, &s.Rules)
		case "dealer":
			return r.str(key, v, &s.Dealer)
		case "started":
			return r.date(key, v, &s.Started)
		case "closed":
			return r.boolean(key, v, &s.Closed)
		case "hands":
			return r.hands(v, &s.Hands)
		}
		return true // a derived section
	})
	return s, ok
}

// mapping walks a mapping's keys, refusing null, repeated and unknown ones.
func (r *reader) mapping(m *yaml.Node, what string, keys []string, each func(key string, k, v *yaml.Node) bool) bool {
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!null" || k.Value == "" {
			return r.fail(k, "a key of %s is missing or not a name: write it as name: value", what)
		}
		if line, dup := seen[k.Value]; dup {
			return r.fail(k, "%q is given twice in %s (first on line %d): keep one", k.Value, what, line)
		}
		seen[k.Value] = k.Line
		if !contains(keys, k.Value) {
			shown := keys
			if what == "rules" {
				shown = ruleKeys // not the old names also read
			}
			return r.fail(k, "unknown field %q in %s: the fields are %s", k.Value, what, strings.Join(shown, ", "))
		}
		if !each(k.Value, k, v) {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (r *reader) players(v *yaml.Node, into *[]string) bool {
	if v.Kind != yaml.SequenceNode {
		return r.fail(v, "players: give the two names as a list, [Ann, Bob]")
	}
	for _, item := range v.Content {
		var name string
		if !r.str("players", item, &name) {
			return false
		}
		*into = append(*into, name)
	}
	return true
}

// str reads a string; a value YAML reads as a number, true/false or null is
// refused with how to quote it.
func (r *reader) str(key string, v *yaml.Node, into *string) bool {
	if v.Kind != yaml.ScalarNode {
		return r.fail(v, "%s: give one value, not a list or mapping", key)
	}
	switch v.Tag {
	case "!!str", "!!merge": // "<<" as a value is text; yaml.v3 writes it unquoted
		*into = v.Value
		return true
	case "!!null":
		return r.fail(v, "%s: the value is missing", key)
	}
	return r.fail(v, "%s: %q is read as a %s, not text: put it in quotes, %q", key, v.Value, kindName(v.Tag), v.Value)
}

func kindName(tag string) string {
	switch tag {
	case "!!int", "!!float":
		return "number"
	case "!!bool":
		return "true/false"
	case "!!timestamp":
		return "date"
	}
	return strings.TrimPrefix(tag, "!!")
}

// integer reads a whole number: 0.9, 12.5, .inf and 1e3 are refused, never
// truncated.
func (r *reader) integer(key string, v *yaml.Node, into **int) bool {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || !plainInt.MatchString(v.Value) {
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			return r.fail(v, "%s: the number is missing", key)
		}
		return r.fail(v, "%s: %q is not a whole number", key, v.Value)
	}
	n, err := strconv.Atoi(v.Value)
	if err != nil || n > maxNumber || n < -maxNumber {
		return r.fail(v, "%s: %s is out of range: numbers on a sheet are between -%d and %d", key, v.Value, maxNumber, maxNumber)
	}
	*into = &n
	return true
}

// plainInt is a whole number written in decimal.
var plainInt = regexp.MustCompile(`^[-+]?[0-9]+$`)

// maxNumber bounds the numbers of a sheet, far beyond any game.
const maxNumber = 1_000_000

func (r *reader) boolean(key string, v *yaml.Node, into *bool) bool {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
		return r.fail(v, "%s: %q is not true or false", key, v.Value)
	}
	b, err := strconv.ParseBool(strings.ToLower(v.Value))
	if err != nil {
		return r.fail(v, "%s: %q is not true or false", key, v.Value)
	}
	*into = b
	return true
}

// date reads a day, YYYY-MM-DD.
func (r *reader) date(key string, v *yaml.Node, into *Day) bool {
	if v.Kind != yaml.ScalarNode || (v.Tag != "!!timestamp" && v.Tag != "!!str") {
		return r.fail(v, "%s: give the day the game started as YYYY-MM-DD", key)
	}
	if _, err := time.Parse(time.DateOnly, v.Value); err != nil {
		return r.fail(v, "%s: %q is not a day written YYYY-MM-DD", key, v.Value)
	}
	*into = Day(v.Value)
	return true
}

// ruleKeys are the keys of a rules mapping: the preset, then the rules in
// the order of ginrummy.RuleList.
var ruleKeys = func() []string {
	keys := []string{"preset"}
	for _, rule := range ginrummy.RuleList() {
		keys = append(keys, rule.Key)
	}
	return keys
}()

func (r *reader) rules(v *yaml.Node, s *RulesSpec) bool {
	if v.Kind != yaml.MappingNode {
		return r.fail(v, "rules: give a mapping, such as preset: classic")
	}
	// "dealer" is read too: the old name of dealer_rule.
	return r.mapping(v, "rules", append(ruleKeys[:len(ruleKeys):len(ruleKeys)], "dealer"), func(key string, _, val *yaml.Node) bool {
		switch key {
		case "preset":
			return r.str(key, val, &s.Preset)
		case "dealer_rule", "dealer":
			// "dealer" is the key's old name, still read: it named the rule
			// as the sheet's "dealer" names the first dealer.
			if s.Dealer != nil {
				return r.fail(val, "%s: the dealing rule is given twice (dealer_rule, and dealer, its old name): keep dealer_rule", key)
			}
			s.Dealer = new(ginrummy.Dealer)
			return r.enum(key, val, s.Dealer)
		}
		slot := s.slot(key)
		switch p := reflect.New(slot.Type().Elem()); p.Elem().Kind() {
		case reflect.Int:
			var n *int
			if !r.integer(key, val, &n) {
				return false
			}
			slot.Set(reflect.ValueOf(n))
		case reflect.Bool:
			var b bool
			if !r.boolean(key, val, &b) {
				return false
			}
			slot.Set(reflect.ValueOf(&b))
		default:
			if !r.enum(key, val, p.Interface().(encoding.TextUnmarshaler)) {
				return false
			}
			slot.Set(p)
		}
		return true
	})
}

func (r *reader) enum(key string, v *yaml.Node, into encoding.TextUnmarshaler) bool {
	var text string
	if !r.str(key, v, &text) {
		return false
	}
	if err := into.UnmarshalText([]byte(text)); err != nil {
		return r.fail(v, "%s: %v", key, err)
	}
	return true
}

// handKeys are the keys of a hand.
var handKeys = [numHandKeys]string{"by", "knock", "gin", "big_gin", "deadwood", "knocker", "defender", "draw", "winner", "points", "upcard"}

const numHandKeys = 11

func (r *reader) hands(v *yaml.Node, into *[]HandRecord) bool {
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
		return true // "hands:" with nothing after it: no hands yet
	case v.Kind != yaml.SequenceNode:
		return r.fail(v, "hands: give a list of hands, each starting with a dash")
	}
	*into = make([]HandRecord, 0, len(v.Content))
	for i, item := range v.Content {
		if item.Kind != yaml.MappingNode {
			return r.fail(item, "hand %d is empty or not a mapping: give its fields (by: Ann, knock: 5, deadwood: 20) or remove the dash", i+1)
		}
		h := HandRecord{line: item.Line, lines: new([numHandKeys]int32)}
		what := fmt.Sprintf("hand %d", i+1)
		ok := r.mapping(item, what, handKeys[:], func(key string, k, val *yaml.Node) bool {
			h.lines[slices.Index(handKeys[:], key)] = int32(k.Line)
			field := what + ": " + key
			switch key {
			case "by":
				return r.str(field, val, &h.By)
			case "knock":
				return r.integer(field, val, &h.Knock)
			case "deadwood":
				return r.integer(field, val, &h.Deadwood)
			case "points":
				return r.integer(field, val, &h.Points)
			case "gin":
				return r.boolean(field, val, &h.Gin)
			case "big_gin":
				return r.boolean(field, val, &h.BigGin)
			case "draw":
				return r.boolean(field, val, &h.Draw)
			case "knocker":
				return r.str(field, val, &h.Knocker)
			case "defender":
				return r.str(field, val, &h.Defender)
			case "winner":
				return r.str(field, val, &h.Winner)
			case "upcard":
				return r.str(field, val, &h.Upcard)
			}
			return true
		})
		if !ok {
			return false
		}
		*into = append(*into, h)
	}
	return true
}

// locate turns an error of the record's check or replay into a *SheetError
// at the line of the field at fault: the field a hand's error is about, else
// the hand's first line; a top-level key's line.
func locate(path string, _ *yaml.Node, s *Sheet, err error) error {
	e := &SheetError{Path: path, Msg: err.Error(), Err: err}
	if herr, ok := errors.AsType[*ginrummy.HandError](err); ok && herr.Hand >= 1 && herr.Hand <= len(s.Hands) {
		h := s.Hands[herr.Hand-1]
		e.Line = h.line
		if i := slices.Index(handKeys[:], faultField(herr.Err)); i >= 0 && h.lines != nil && h.lines[i] > 0 {
			e.Line = int(h.lines[i])
		}
		return e
	}
	if ferr, ok := errors.AsType[*fieldError](err); ok {
		e.Line = s.lines[ferr.key]
	}
	return e
}

// faultField names the field of a hand an error is about, or "".
func faultField(err error) string {
	if ferr, ok := errors.AsType[*atField](err); ok {
		return ferr.key
	}
	switch {
	case errors.Is(err, ginrummy.ErrOverKnockLimit):
		return "knock"
	case errors.Is(err, ginrummy.ErrTooMuchDeadwood), errors.Is(err, ginrummy.ErrNegativeDeadwood):
		return "deadwood"
	}
	return ""
}
