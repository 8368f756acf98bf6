package sheets

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gofrs/flock"
	"github.com/google/renameio/v2"
	"gopkg.in/yaml.v3"
)

// The file layer. A sheet is read strictly, and the document is kept as a
// YAML node tree so that saving changes only what it must: a hand appended
// or dropped, and the derived sections rewritten. Comments a person wrote
// stay where they were. Writing goes to a temporary file in the same folder,
// which is synced and renamed over the sheet; an exclusive lock on a sidecar
// file is held from loading to saving, so two commands that change one sheet
// run one after the other.

// LockTimeout is how long a command waits for another to finish with a sheet.
var LockTimeout = 10 * time.Second

// ErrLocked is the reason a sheet could not be opened for writing in time.
var ErrLocked = errors.New("another gin command is still writing this sheet")

// header is the comment at the top of every sheet.
const header = `gin score sheet: one game of Gin Rummy, kept by the gin command.
The players, rules, first dealer and hands are the record: edit them freely.
totals, boxes, next_dealer, result and games are worked out from it on every save.`

// Derived is one section a save writes after the record, under its key.
type Derived struct {
	Key   string
	Value any // nil removes the section
}

// File is a sheet opened for a change: it holds the lock until Close.
type File struct {
	Path  string // the sheet's path as given
	Sheet Sheet  // the record, as loaded and changed

	real string     // the path written: symbolic links resolved
	doc  *yaml.Node // the document as loaded, comments and all
	data []byte     // the file as loaded; nil for a new sheet
	lock *flock.Flock
}

// Open locks the sheet at path and loads it strictly. The caller must Close it.
func Open(path string) (*File, error) {
	// A sheet that is not there gets no lock file made beside it.
	if err := isSheetFile(path); err != nil {
		return nil, err
	}
	f, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(f.real)
	if err != nil {
		f.release()
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no score sheet here; start one with 'gin sheet new --players NAME,NAME'", path)
		}
		return nil, err
	}
	if f.doc, f.Sheet, err = decode(path, data); err != nil {
		f.release()
		return nil, err
	}
	f.data = data
	return f, nil
}

// Create locks path and starts a new sheet there; it refuses to replace an
// existing file unless force is set. Nothing is written until Save.
func Create(path string, s Sheet, force bool) (*File, error) {
	f, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(f.real); err == nil && info.IsDir() {
		f.release()
		return nil, fmt.Errorf("%s is a folder, not a score sheet; give --sheet a file name", path)
	}
	if _, err := os.Lstat(f.real); err == nil && !force {
		f.release()
		return nil, fmt.Errorf("%s: a score sheet already exists; use --force to start over, or --sheet FILE for another", path)
	}
	f.Sheet = s
	return f, nil
}

// Read loads the sheet at path strictly, without locking: a save replaces
// the file in one rename, so a reader sees the old sheet or the new one.
func Read(path string) (Sheet, error) {
	if err := isSheetFile(path); err != nil {
		return Sheet{}, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return Sheet{}, err
	}
	_, s, err := decode(path, data)
	return s, err
}

// isSheetFile reports why there is no sheet to read at path, if there is none.
func isSheetFile(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no score sheet here; start one with 'gin sheet new --players NAME,NAME'", path)
	case err != nil:
		return err
	case info.IsDir():
		return fmt.Errorf("%s is a folder, not a score sheet; give --sheet a file name", path)
	}
	return nil
}

func lockFile(path string) (*File, error) {
	real := path
	if target, err := filepath.EvalSymlinks(path); err == nil {
		real = target
	}
	lock := flock.New(real + ".lock")
	ctx, cancel := context.WithTimeout(context.Background(), LockTimeout)
	defer cancel()
	ok, err := lock.TryLockContext(ctx, 20*time.Millisecond)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return nil, fmt.Errorf("%s: lock: %w", path, err)
	}
	if !ok {
		return nil, fmt.Errorf("%s: %w (waited %v)", path, ErrLocked, LockTimeout)
	}
	return &File{Path: path, real: real, lock: lock}, nil
}

// Close releases the lock.
func (f *File) Close() error {
	return f.lock.Unlock()
}

// release is Close for a deferred call after the work is done or refused: an
// unlock that fails cannot undo a save, and the lock dies with the process.
func (f *File) release() { _ = f.Close() }

// AppendHand adds a hand at the end of the record.
func (f *File) AppendHand(h HandRecord) {
	f.Sheet.Hands = append(f.Sheet.Hands, h)
	if f.doc == nil {
		return
	}
	if hands := mapValue(f.doc.Content[0], "hands"); hands != nil {
		var n yaml.Node
		if err := n.Encode(h); err == nil {
			hands.Kind, hands.Tag, hands.Style = yaml.SequenceNode, "!!seq", 0
			hands.Content = append(hands.Content, &n)
			return
		}
	}
	f.doc = nil // no hands list to add to: write the record afresh
}

// DropLastHand removes the last hand of the record and returns it.
func (f *File) DropLastHand() (HandRecord, bool) {
	n := len(f.Sheet.Hands)
	if n == 0 {
		return HandRecord{}, false
	}
	last := f.Sheet.Hands[n-1]
	f.Sheet.Hands = f.Sheet.Hands[:n-1]
	if f.doc != nil {
		if hands := mapValue(f.doc.Content[0], "hands"); hands != nil && len(hands.Content) == n {
			hands.Content = hands.Content[:n-1]
			return last, true
		}
		f.doc = nil
	}
	return last, true
}

// SetClosed marks the game as closed after its last hand, or takes the mark
// away. The mark goes right after the hands.
func (f *File) SetClosed(closed bool) {
	f.Sheet.Closed = closed
	if f.doc == nil {
		return
	}
	root := f.doc.Content[0]
	if !closed {
		removeMapKey(root, "closed")
		return
	}
	if old := mapValue(root, "closed"); old != nil {
		old.Kind, old.Tag, old.Value, old.Style, old.Content = yaml.ScalarNode, "!!bool", "true", 0, nil
		return
	}
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "closed"}
	v := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"}
	at := len(root.Content)
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "hands" {
			at = i + 2
		}
	}
	root.Content = slices.Insert(root.Content, at, k, v)
}

// Save writes the record and the derived sections atomically: a temporary
// file in the same folder, synced, then renamed over the sheet. The derived
// sections go after the record in the order given, each replacing the
// section of its key wherever it was.
func (f *File) Save(derived []Derived) error {
	data, err := f.encode(derived)
	if err != nil {
		return err
	}
	if f.data != nil && bytes.Equal(data, f.data) {
		f.sweep()
		return nil // nothing to change: the file keeps its time
	}
	// What is written must read back as the record it was made from: the last
	// guard against a YAML edit that loses a hand.
	if _, back, err := decode(f.Path, data); err != nil || !sameRecord(back, f.Sheet) {
		return fmt.Errorf("%s: not saved: the sheet would not read back as the record it holds (%v); the file is unchanged", f.Path, err)
	}
	// A sheet made read-only is not to be changed, though its folder may let
	// a new file replace it.
	if w, err := os.OpenFile(f.real, os.O_WRONLY, 0); err == nil {
		_ = w.Close() // opened only to ask whether it may be written
	} else if errors.Is(err, os.ErrPermission) {
		return fmt.Errorf("%s is read-only: make it writable to change it", f.Path)
	}
	perm := os.FileMode(0o644)
	if err := renameio.WriteFile(f.real, data, perm, renameio.WithTempDir(filepath.Dir(f.real))); err != nil {
		if errors.Is(err, os.ErrPermission) {
			return fmt.Errorf("%s: cannot save: no permission to write in its folder %s", f.Path, filepath.Dir(f.real))
		}
		return fmt.Errorf("%s: save: %w", f.Path, err)
	}
	// The rename is only durable once the folder itself is synced.
	// Some file systems cannot sync a folder; the sheet is saved either way,
	// so a failure here is not reported as a failed save.
	if dir, err := os.Open(filepath.Dir(f.real)); err == nil {
		_ = dir.Sync()
		_ = dir.Close()
	}
	f.sweep()
	return nil
}

// sweep removes temporary files that a writer killed in the middle of a
// save left behind. Holding the lock, no other writer can own one. They are
// named like the sheet with a dot before and a random 63-bit number after,
// so a name with fewer than 16 digits (a dated backup, say) is left alone.
func (f *File) sweep() {
	dir, base := filepath.Split(f.real)
	stale := regexp.MustCompile(`^\.` + regexp.QuoteMeta(base) + `[0-9]{16,}$`)
	names, _ := filepath.Glob(filepath.Join(dir, "."+base+"*"))
	for _, name := range names {
		if stale.MatchString(filepath.Base(name)) {
			_ = os.Remove(name) // best effort: a leftover is swept next time
		}
	}
}

// encode renders the document: the loaded tree with its comments when there
// is one, else a fresh one, with every derived section replaced.
func (f *File) encode(derived []Derived) ([]byte, error) {
	doc := f.doc
	if doc == nil {
		doc = &yaml.Node{Kind: yaml.DocumentNode}
		var root yaml.Node
		if err := root.Encode(f.Sheet); err != nil {
			return nil, err
		}
		doc.Content = []*yaml.Node{&root}
	}
	root := doc.Content[0]
	if doc.HeadComment == "" && root.HeadComment == "" {
		doc.HeadComment = header
	}
	for _, d := range derived {
		key, old := removeMapKey(root, d.Key)
		if d.Value == nil {
			continue
		}
		v := &yaml.Node{}
		if err := v.Encode(d.Value); err != nil {
			return nil, err
		}
		if key == nil {
			key = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: d.Key}
		}
		if old != nil {
			// A comment on the old value's line stays on the key's line
			// when the new value is a block that starts on the next.
			v.HeadComment = old.HeadComment
			if v.Kind == yaml.ScalarNode {
				v.LineComment = old.LineComment
			} else if key.LineComment == "" {
				key.LineComment = old.LineComment
			}
		}
		root.Content = append(root.Content, key, v)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// mapValue returns the value under key in a mapping node, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// removeMapKey takes key out of a mapping node and returns its key and value
// nodes, or nils when it is not there.
func removeMapKey(m *yaml.Node, key string) (k, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			k, v = m.Content[i], m.Content[i+1]
			m.Content = slices.Delete(m.Content, i, i+2)
			return k, v
		}
	}
	return nil, nil
}

// decode reads a sheet strictly: one YAML document, no unknown fields, every
// value of the right type, then the record checked and replayed by its rules
// (see Sheet.Score). Errors name the file and the line.
func decode(path string, data []byte) (*yaml.Node, Sheet, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, Sheet{}, yamlError(path, err)
	}
	unalias(&doc)
	if len(doc.Content) == 0 {
		return nil, Sheet{}, fmt.Errorf("%s: the file is empty, not a score sheet", path)
	}
	if doc.Content[0].Kind != yaml.MappingNode {
		return nil, Sheet{}, fmt.Errorf("%s:%d: a score sheet is a mapping of players, rules, dealer and hands", path, doc.Content[0].Line)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var file sheetFile
	if err := dec.Decode(&file); err != nil {
		return nil, Sheet{}, yamlError(path, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		return nil, Sheet{}, fmt.Errorf("%s: more than one YAML document; a sheet is one", path)
	}
	s := file.Sheet
	if _, err := s.Score(); err != nil {
		if line := errorLine(doc.Content[0], err); line > 0 {
			return nil, Sheet{}, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		return nil, Sheet{}, fmt.Errorf("%s: %w", path, err)
	}
	return &doc, s, nil
}

// errorLine returns the line of the part of the sheet an error is about: a
// hand, or a top-level key; 0 when it is about none.
func errorLine(root *yaml.Node, err error) int {
	if herr, ok := errors.AsType[*HandError](err); ok {
		if hands := mapValue(root, "hands"); hands != nil && herr.Index < len(hands.Content) {
			return hands.Content[herr.Index].Line
		}
	}
	if ferr, ok := errors.AsType[*fieldError](err); ok {
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == ferr.key {
				return root.Content[i].Line
			}
		}
	}
	return 0
}

// yamlLine finds the "line N: " yaml.v3 puts before each problem.
var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// goType finds the Go type names yaml.v3 puts in its messages: an unknown
// field, and a value of the wrong kind.
var (
	goType   = regexp.MustCompile(`field (\S+) not found in type \S+`)
	wrongInt = regexp.MustCompile("cannot unmarshal !!\\w+ `(.*)` into int")
	wrongOne = regexp.MustCompile("cannot unmarshal !!\\w+ `(.*)` into (bool|string|\\[\\]string|\\S+)")
)

// yamlError turns a yaml.v3 error into "FILE:LINE: problem" lines that speak
// of the sheet and not of Go types.
func yamlError(path string, err error) error {
	var problems []string
	var terr *yaml.TypeError
	if errors.As(err, &terr) {
		problems = terr.Errors
	} else {
		problems = []string{err.Error()}
	}
	lines := make([]string, 0, len(problems))
	for _, p := range problems {
		p = goType.ReplaceAllString(p, `unknown field "$1"`)
		p = wrongInt.ReplaceAllString(p, `"$1" is not a whole number`)
		p = wrongOne.ReplaceAllStringFunc(p, func(m string) string {
			sub := wrongOne.FindStringSubmatch(m)
			switch sub[2] {
			case "bool":
				return fmt.Sprintf("%q is not true or false", sub[1])
			case "[]string":
				return fmt.Sprintf("%q is not a list", sub[1])
			}
			return fmt.Sprintf("%q is not what goes here", sub[1])
		})
		if m := yamlLine.FindStringSubmatch(p); m != nil {
			lines = append(lines, fmt.Sprintf("%s:%s: %s", path, m[1], m[2]))
		} else {
			lines = append(lines, fmt.Sprintf("%s: %s", path, strings.TrimPrefix(p, "yaml: ")))
		}
	}
	return errors.New(strings.Join(lines, "\n"))
}

// sameRecord reports whether two sheets hold the same record, as YAML would
// write it (an empty list and none are the same).
func sameRecord(a, b Sheet) bool {
	ya, errA := yaml.Marshal(a)
	yb, errB := yaml.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ya, yb)
}

// unalias replaces every alias in a document by a copy of what it names and
// drops the anchors, so that a save that edits one place edits only that
// place: an appended hand, a dropped hand or a rewritten derived section can
// then never change or orphan another part of the sheet.
func unalias(n *yaml.Node) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		head, line, foot := n.HeadComment, n.LineComment, n.FootComment
		*n = *deepCopy(n.Alias)
		n.HeadComment, n.LineComment, n.FootComment = head, line, foot
	}
	n.Anchor = ""
	for _, c := range n.Content {
		unalias(c)
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
