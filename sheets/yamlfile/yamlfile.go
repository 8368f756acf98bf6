// Package yamlfile reads the small YAML files a person writes and edits,
// score sheets and rules files, strictly: one document, no alias that
// refers to itself or multiplies the file, no null, repeated or unknown key,
// every value of its kind (a whole number is never a truncated 12.5), and
// every error at the 1-based line and column a person must look at, with
// what to do.
package yamlfile

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
)

// MaxSize is the largest file read: far beyond anything a person writes (a
// game's score sheet is a few kilobytes, a 10,000-hand one about 0.2 MB), and
// small enough that reading one, which takes about a hundred times its size
// in memory as a tree of nodes, stays within some tens of megabytes.
const MaxSize = 1 << 20

// ErrTooBig is the reason a file over MaxSize is refused.
var ErrTooBig = errors.New("file too big")

// ReadFile reads the file at path whole, what naming it in the errors ("a
// rules file"): not what is not a regular file (a folder, a device, or a
// pipe, which would hang the read), nor more than MaxSize bytes, so that
// memory stays bounded. A missing file is the error of os.Open.
func ReadFile(path, what string) ([]byte, error) {
	data, _, err := ReadFileInfo(path, what)
	return data, err
}

// ReadFileInfo is ReadFile, with what the file read is (the file opened,
// not the path, which could change in between), so that a caller can tell
// one file from another whatever their names (os.SameFile). A file over
// MaxSize is refused before it is read, or as soon as the read passes
// MaxSize, with an *Error wrapping ErrTooBig.
func ReadFileInfo(path, what string) ([]byte, os.FileInfo, error) {
	f, info, err := OpenRegular(path, what)
	if err != nil {
		return nil, nil, err
	}
	defer func() { _ = f.Close() }()
	tooBig := &Error{Path: path, Msg: fmt.Sprintf("more than %s can be (%d MiB)", what, MaxSize>>20), Err: ErrTooBig}
	if info.Size() > MaxSize {
		return nil, nil, tooBig
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > MaxSize { // it grew since it was opened
		return nil, nil, tooBig
	}
	return data, info, nil
}

// OpenRegular opens the file at path for reading if it is a regular file,
// what naming it in the error if not (a folder, a device, or a pipe, which
// would hang a read). It opens without waiting, so that a pipe with no
// writer does not hang the open, and asks the file opened what it is, not
// the path, which could change in between. A missing file is the error of
// os.OpenFile.
func OpenRegular(path, what string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = &Error{Path: path, Msg: fmt.Sprintf("not a regular file (a folder, a device or a pipe), not %s: name a file", what)}
	}
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// Decode parses data as one YAML document, what naming the file in the
// error for a second document ("a score sheet"), and returns its tree with
// every alias replaced by a copy of what it names. An empty document has no
// Content.
func Decode(path string, data []byte, what string) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &doc, nil
		}
		return nil, syntaxError(path, data, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		line := 0
		if err == nil {
			line = extra.Line
		}
		return nil, &Error{Path: path, Line: line, Msg: fmt.Sprintf("a second YAML document (after ---): %s is one document; remove the --- line and what follows, or move it to a file of its own", what)}
	}
	if err := checkAliases(&doc); err != nil {
		err.Path = path
		return nil, err
	}
	Unalias(&doc)
	return &doc, nil
}

// Error is a file that cannot be read or cannot be what it says:
// which file, where (1-based line and column; 0 when the problem is the
// whole file), what is wrong and what to do.
type Error struct {
	Path         string
	Line, Column int
	Msg          string
	Err          error // the reason, for errors.Is; may be nil
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(Printable(e.Path))
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	b.WriteString(": ")
	b.WriteString(EscapeControls(e.Msg))
	return b.String()
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// BadInput marks a file that is not what it should be as wrong input
// (ginrummy.InputError).
func (e *Error) BadInput() {}

// EscapeControls writes control characters as Go escapes, and a byte that
// is not UTF-8 as \xHH, so that nothing read from a file can move a
// terminal's cursor or ring its bell.
func EscapeControls(s string) string {
	if !strings.ContainsFunc(s, UnsafeRune) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if r == unicode.ReplacementChar && !strings.HasPrefix(s[i:], "\uFFFD") {
			fmt.Fprintf(&b, `\x%02x`, s[i]) // a byte that is not UTF-8
			continue
		}
		if UnsafeRune(r) {
			q := strconv.QuoteRuneToASCII(r) // QuoteRune leaves a mark such as U+FE0F raw
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// UnsafeRune reports whether r may not be shown raw: ginrummy.UnsafeRune,
// which a player's name is checked with.
func UnsafeRune(r rune) bool { return ginrummy.UnsafeRune(r) }

// syntaxError reports YAML that does not parse at the line where it stops
// parsing, with yaml.v3's message quoted: yaml.v3 often names the line a
// block started on, so the first line whose prefix no longer parses is found
// by halving (for a file of up to 4 MiB; a larger one is not placed, and
// the message keeps the parser's line).
func syntaxError(path string, data []byte, err error) error {
	lines := bytes.SplitAfter(data, []byte("\n"))
	line := 0
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
		line = lo
	}
	hint := "check the indentation (spaces only, items of a list lined up under each other) and the colons and dashes"
	if line > 0 && line <= len(lines) && bytes.ContainsRune(lines[line-1], '\t') {
		hint = "this line holds a tab: YAML indents with spaces only"
	}
	said := err.Error()
	if line > 0 {
		// The parser's own line is often another: the line found above
		// is the one given, so the parser's is left out, not contradicted.
		said = parserLine.ReplaceAllString(said, "")
	}
	return &Error{Path: path, Line: line, Msg: fmt.Sprintf("the YAML does not parse here (the parser says %q): %s", said, hint), Err: err}
}

// parserLine is the line yaml.v3 names at the start of its messages.
var parserLine = regexp.MustCompile(`^yaml: line \d+: `)

// maxExpansion bounds what aliases may add to a document, in nodes.
const maxExpansion = 100_000

// checkAliases refuses aliases that refer to themselves, and aliases that
// would add more than maxExpansion nodes to the document, before anything is
// expanded: a "billion laughs" file is a few hundred bytes.
func checkAliases(doc *yaml.Node) *Error {
	plain, aliases := 0, false // the nodes of the document as written, and whether any is an alias
	var count func(n *yaml.Node)
	count = func(n *yaml.Node) {
		plain++
		aliases = aliases || n.Kind == yaml.AliasNode
		for _, c := range n.Content {
			count(c)
		}
	}
	count(doc)
	if !aliases {
		return nil // nothing to expand: no need to size every node
	}
	sizes := map[*yaml.Node]int{}
	const inProgress = -1
	var size func(n *yaml.Node) (int, *Error)
	size = func(n *yaml.Node) (int, *Error) {
		target := n
		if n.Kind == yaml.AliasNode {
			target = n.Alias
			if target == nil {
				return 1, nil
			}
		}
		switch s, seen := sizes[target]; {
		case seen && s == inProgress:
			return 0, &Error{Line: n.Line, Column: n.Column, Msg: fmt.Sprintf("the alias *%s refers to itself: write the value out instead", n.Value)}
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
				return 0, &Error{Line: n.Line, Column: n.Column, Msg: "the aliases (*name) expand this file by more than 100,000 values: write the values out instead"}
			}
		}
		sizes[target] = total
		return total, nil
	}
	_, err := size(doc)
	return err
}

// Reader reads values from a document's tree, stopping at the first error:
// each method reports whether it read the value, and Err holds the first
// error, at the node's 1-based line and column.
type Reader struct {
	Path string
	Err  *Error
}

// Fail records the first error, at node n, and returns false.
func (r *Reader) Fail(n *yaml.Node, format string, args ...any) bool {
	if r.Err == nil {
		r.Err = &Error{Path: r.Path, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
	}
	return false
}

// Mapping walks a mapping's keys, refusing null, repeated and unknown ones;
// an unknown key's error lists shown, or keys when shown is nil (keys may
// hold old names still read but no longer written).
func (r *Reader) Mapping(m *yaml.Node, what string, keys, shown []string, each func(key string, k, v *yaml.Node) bool) bool {
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!null" || k.Value == "" {
			return r.Fail(k, "a key of %s is missing or not a name: write it as name: value", what)
		}
		if line, dup := seen[k.Value]; dup {
			return r.Fail(k, "%q is given twice in %s (first on line %d): keep one", k.Value, what, line)
		}
		seen[k.Value] = k.Line
		if !slices.Contains(keys, k.Value) {
			if shown == nil {
				shown = keys
			}
			return r.Fail(k, "unknown field %q in %s: the fields are %s", k.Value, what, strings.Join(shown, ", "))
		}
		if !each(k.Value, k, v) {
			return false
		}
	}
	return true
}

// Str reads a string; a value YAML reads as a number, true/false or null is
// refused with how to quote it.
func (r *Reader) Str(key string, v *yaml.Node, into *string) bool {
	if v.Kind != yaml.ScalarNode {
		return r.Fail(v, "%s: give one value, not a list or mapping", key)
	}
	switch v.Tag {
	case "!!str", "!!merge": // "<<" as a value is text; yaml.v3 writes it unquoted
		*into = v.Value
		return true
	case "!!null":
		return r.Fail(v, "%s: the value is missing", key)
	}
	return r.Fail(v, "%s: %q is read as a %s, not text: put it in quotes, %q", key, v.Value, kindName(v.Tag), v.Value)
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

// Integer reads a whole number: 0.9, 12.5, .inf and 1e3 are refused, never
// truncated.
func (r *Reader) Integer(key string, v *yaml.Node, into **int) bool {
	if v.Kind != yaml.ScalarNode {
		return r.Fail(v, "%s: give one number, not a list or mapping", key)
	}
	if v.Tag != "!!int" || !plainInt.MatchString(v.Value) {
		if v.Tag == "!!null" {
			return r.Fail(v, "%s: the number is missing", key)
		}
		return r.Fail(v, "%s: %q is not a whole number", key, v.Value)
	}
	n, err := strconv.Atoi(v.Value)
	if err != nil || n > MaxNumber || n < -MaxNumber {
		return r.Fail(v, "%s: %s is out of range: numbers here are between -%d and %d", key, v.Value, MaxNumber, MaxNumber)
	}
	*into = &n
	return true
}

// plainInt is a whole number written in decimal.
var plainInt = regexp.MustCompile(`^[-+]?[0-9]+$`)

// MaxNumber bounds the numbers read, far beyond any game.
const MaxNumber = 1_000_000

// Boolean reads true or false.
func (r *Reader) Boolean(key string, v *yaml.Node, into *bool) bool {
	if v.Kind != yaml.ScalarNode {
		return r.Fail(v, "%s: give true or false, not a list or mapping", key)
	}
	if v.Tag != "!!bool" {
		return r.Fail(v, "%s: %q is not true or false", key, v.Value)
	}
	b, err := strconv.ParseBool(strings.ToLower(v.Value))
	if err != nil {
		return r.Fail(v, "%s: %q is not true or false", key, v.Value)
	}
	*into = b
	return true
}

// Enum reads a name into a value of names.
func (r *Reader) Enum(key string, v *yaml.Node, into encoding.TextUnmarshaler) bool {
	var text string
	if !r.Str(key, v, &text) {
		return false
	}
	if err := into.UnmarshalText([]byte(text)); err != nil {
		return r.Fail(v, "%s: %v", key, err)
	}
	return true
}

// MapValue returns the value under key in a mapping node, or nil.
func MapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// Unalias replaces every alias in a document by a copy of what it names and
// drops the anchors, so that a save that edits one place edits only that
// place: an appended hand, a dropped hand or a rewritten derived section can
// then never change or orphan another part of the sheet.
func Unalias(n *yaml.Node) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		head, line, foot := n.HeadComment, n.LineComment, n.FootComment
		*n = *deepCopy(n.Alias)
		n.HeadComment, n.LineComment, n.FootComment = head, line, foot
	}
	n.Anchor = ""
	for _, c := range n.Content {
		Unalias(c)
	}
}

func deepCopy(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, child := range n.Content {
		c.Content[i] = deepCopy(child)
	}
	return &c
}
