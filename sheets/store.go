package sheets

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gin-rummy/gin/sheets/internal/safefile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
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
var LockTimeout = safefile.LockWait

// ErrLocked is the reason a sheet could not be opened for writing in time.
var ErrLocked = safefile.ErrLocked

// header is the comment at the top of every sheet.
const header = `gin score sheet: one game of Gin Rummy (or Hollywood's three), kept by gin.
The players, rules, first dealer and hands are the record: edit them freely.
totals, boxes, next_dealer, result and games are worked out from it on every save.`

// Derived is one section a save writes after the record, under its key.
type Derived struct {
	Key   string
	Value any // nil removes the section
}

// File is a sheet opened for a change: it holds the lock until Close.
type File struct {
	Path string // the sheet's path as given
	// Sheet is the record as loaded and changed: its players, rules, first
	// dealer and close mark. Its hands are the sheet's typed hands (rec),
	// which a change adds to or cuts and a save writes out; Sheet.Hands
	// holds them only while the record is not checked (a sheet created or
	// given a hand it refuses, which its save reports).
	Sheet Sheet

	real  string     // the path written: symbolic links resolved (lock.Real)
	doc   *yaml.Node // the document as loaded, comments and all
	data  []byte     // the file as loaded; nil for a new sheet
	score *Score     // the record as loaded, replayed
	rec   *checked   // the record as checked: the one list of its hands; nil when not checked

	lock *safefile.Lock

	seams seams // nothing, but in a test of what happens at the worst moment
}

// seams are the moments of a change that a test reaches into: an editor's
// save landing at the worst time, the hands read counted. The commands use
// the zero value, which does nothing; a test passes its own to one call
// (its methods add, edit, newSheet, open, create), never to the package.
type seams struct {
	beforeCompare func() // Save: before checking that the sheet is still as it was read
	beforeSwap    func() // as the new file goes in, after that check (safefile.Seams)
	handRead      func() // each hand read into a report (newReport)
	parsed        func() // each sheet's text parsed (parse): as loaded, and a save's read-back
	scored        func() // each time the game is scored from its hands (score)
	// write writes all of data to a file (a full disk), and link makes a
	// hard link (a system without them); nil: the system's.
	write func(f *os.File, data []byte) error
	link  func(oldname, newname string) error
}

// files are the seams of a replacement, for safefile.
func (sm seams) files() safefile.Seams {
	return safefile.Seams{BeforeSwap: sm.beforeSwap, Write: sm.write, Link: sm.link}
}

// Open locks the sheet at path and loads it strictly. The caller must Close it.
func Open(path string) (*File, error) { return open(path, true) }

// open is Open; without replay the record is checked but not scored, for a
// change that scores the game once, after it is made (Add).
func open(path string, replay bool) (*File, error) { return seams{}.open(path, replay) }

// open is open, with a test's seams.
func (sm seams) open(path string, replay bool) (*File, error) {
	// A sheet that is not there gets no lock file made beside it.
	if err := isSheetFile(path); err != nil {
		return nil, err
	}
	f, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	f.seams = sm
	data, _, err := readSheet(f.real)
	if err != nil {
		f.release()
		if errors.Is(err, os.ErrNotExist) {
			return nil, noSheet(path) // removed since isSheetFile looked
		}
		return nil, err
	}
	p, score, err := sm.parse(path, data, replay)
	if err != nil {
		f.release()
		return nil, err
	}
	f.doc, f.Sheet, f.rec, f.score, f.data = p.doc, p.sheet, p.rec, score, data
	f.Sheet.Hands = nil // the hands are rec's
	return f, nil
}

// Create locks path and starts a new sheet there; it refuses to replace an
// existing file unless force is set. Nothing is written until Save.
func Create(path string, s Sheet, force bool) (*File, error) {
	f, err := seams{}.create(path, s, force)
	if err != nil {
		return nil, err
	}
	if rec, err := f.seams.check(&f.Sheet); err == nil {
		f.rec, f.Sheet.Hands = rec, nil // else the save says what is wrong
	}
	return f, nil
}

// Score scores the record as it stands, hands added or cut included.
func (f *File) Score() (*Score, error) {
	if f.rec == nil {
		return f.Sheet.Score()
	}
	return f.rec.score()
}

// create is Create, with a test's seams.
func (sm seams) create(path string, s Sheet, force bool) (*File, error) {
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return nil, isSheetFile(path)
	}
	f, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(f.real); err == nil {
		if err := isSheetFile(f.real); err != nil {
			f.release()
			return nil, err
		}
	}
	if _, err := os.Lstat(f.real); err == nil && !force {
		f.release()
		return nil, &ExistingSheetError{Path: path, Reason: ErrSheetExists}
	}
	f.Sheet, f.seams = s, sm
	return f, nil
}

// Read loads the sheet at path strictly, without locking: a save replaces
// the file in one rename, so a reader sees the old sheet or the new one.
func Read(path string) (Sheet, error) {
	s, _, err := load(path)
	return s, err
}

// load reads and replays the sheet at path, without locking it.
func load(path string) (Sheet, *Score, error) {
	s, score, _, err := loadInfo(path)
	return s, score, err
}

// loadInfo is load, with what file was read.
func loadInfo(path string) (Sheet, *Score, os.FileInfo, error) {
	if err := isSheetFile(path); err != nil {
		return Sheet{}, nil, nil, err
	}
	data, info, err := readSheet(path)
	if err != nil {
		return Sheet{}, nil, nil, err
	}
	p, _, err := parse(path, data, false)
	if err != nil {
		return Sheet{}, nil, nil, err
	}
	// The tree and the text are not needed to score the record: they are
	// let go (s is all that is kept), so that a long sheet's replay does
	// not hold them too.
	s := p.sheet
	score, err := p.rec.score()
	if err != nil {
		return Sheet{}, nil, nil, locate(path, &s, err)
	}
	return s, score, info, nil
}

// NotASheetError is a path with no score sheet to read: nothing there, a
// folder, a device or a pipe (a file too big to be a sheet is a
// *TooBigError). What to do depends on the command, which says it.
type NotASheetError struct {
	Path   string
	Exists bool        // something is there, not a regular file
	Mode   fs.FileMode // what is there, when it exists
}

func (e *NotASheetError) Error() string {
	switch {
	case !e.Exists:
		return yamlfile.Printable(e.Path) + ": no score sheet here"
	case e.Mode.IsDir():
		return yamlfile.Printable(e.Path) + " is a folder, not a score sheet"
	}
	return fmt.Sprintf("%s is not a regular file (%s), not a score sheet", yamlfile.Printable(e.Path), fileKind(e.Mode))
}

// BadInput marks a path with no sheet as wrong input (ginrummy.InputError).
func (e *NotASheetError) BadInput() {}

// noSheet is the refusal of a path with nothing there.
func noSheet(path string) error {
	return &NotASheetError{Path: path}
}

// isSheetFile reports why there is no sheet to read at path, if there is
// none: nothing there, a dangling link, a folder, a device or a pipe (which
// would hang a reader), or a file too big to be a sheet.
func isSheetFile(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if _, lerr := os.Lstat(path); lerr == nil {
			return safefile.DanglingLink(path)
		}
		return noSheet(path)
	case err != nil:
		return err
	case info.IsDir():
		return &NotASheetError{Path: path, Exists: true, Mode: info.Mode()}
	case !info.Mode().IsRegular():
		return &NotASheetError{Path: path, Exists: true, Mode: info.Mode()}
	case info.Size() > MaxSheetSize:
		return &TooBigError{Path: path, Size: info.Size()}
	}
	return nil
}

// fileKind names what a file that is not regular is.
func fileKind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// lockFile locks the sheet at path (safefile.Acquire) for a change.
func lockFile(path string) (*File, error) {
	lock, err := safefile.Acquire(path, LockTimeout)
	if err != nil {
		return nil, err
	}
	return &File{Path: path, real: lock.Real, lock: lock}, nil
}

// Close releases the lock and removes the lock file, so that none is left
// beside the sheet.
func (f *File) Close() error { return f.lock.Release() }

// release is Close for a deferred call after the work is done or refused: an
// unlock that fails cannot undo a save, and the lock dies with the process.
func (f *File) release() { _ = f.Close() }

// AppendHand adds a hand at the end of the record. In the document it goes
// at the end of the hands list, which is made when the sheet has none (no
// hands key, "hands:" with nothing after it, or "hands: []"): every comment
// stays where it was. The hand is checked when the sheet is scored or
// saved.
func (f *File) AppendHand(h HandRecord) {
	if f.rec != nil {
		if r, err := f.seams.newReport(h, f.Sheet.exactPlayer); err == nil {
			f.addHand(r)
			return
		}
		// A hand the sheet refuses: the record is kept unchecked, and
		// the save checks it, and refuses it.
		f.Sheet.Hands = f.rec.forms()
		f.rec, f.doc = nil, nil
	}
	f.Sheet.Hands = append(f.Sheet.Hands, h)
}

// addHand is AppendHand for a hand checked already. The document is not
// touched: a save makes its hands list from the hands.
func (f *File) addHand(h report) {
	f.rec.hands = append(f.rec.hands, h)
}

// forms are the record's hands in the sheet's words.
func (rec *checked) forms() []HandRecord {
	forms := make([]HandRecord, len(rec.hands))
	for i, h := range rec.hands {
		forms[i] = h.form
	}
	return forms
}

// handsInDoc makes the document's hands list from the record's hands: each
// hand's node as read or edited, comments and all, else its form encoded.
// A list that grows is written as a block, as a hand added goes; one that
// only loses hands or has one replaced keeps its style. Without the record
// as checked, the document is dropped, and the record written afresh.
func (f *File) handsInDoc() {
	if f.doc == nil {
		return
	}
	if f.rec == nil {
		f.doc = nil
		return
	}
	old := yamlfile.MapValue(f.doc.Content[0], "hands")
	if len(f.rec.hands) == 0 && (old == nil || len(old.Content) == 0) {
		return // no hands, written as the file had it
	}
	content := make([]*yaml.Node, len(f.rec.hands))
	for i, h := range f.rec.hands {
		if content[i] = h.node; h.node != nil {
			continue
		}
		var n yaml.Node
		if err := n.Encode(h.form); err != nil {
			f.doc = nil // cannot happen for a HandRecord; write the record afresh
			return
		}
		content[i], f.rec.hands[i].node = &n, &n
	}
	hands := f.handsNode()
	if len(content) > len(hands.Content) || hands.Kind != yaml.SequenceNode {
		hands.Kind, hands.Tag, hands.Value, hands.Style = yaml.SequenceNode, "!!seq", "", 0
	}
	hands.Content = content
}

// cutHands cuts the record back to its first n hands, as written and as
// checked, for a change that is given up or that drops hands: the
// document is the caller's to change.
func (f *File) cutHands(n int) {
	f.rec.hands = f.rec.hands[:n]
}

// handsNode returns the document's hands list, adding the key after the
// other keys of the record when it is missing.
func (f *File) handsNode() *yaml.Node {
	root := f.doc.Content[0]
	if hands := yamlfile.MapValue(root, "hands"); hands != nil {
		return hands
	}
	at := 0
	for i := 0; i+1 < len(root.Content); i += 2 {
		switch root.Content[i].Value {
		case "players", "rules", "dealer", "started":
			at = i + 2
		}
	}
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "hands"}
	v := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	root.Content = slices.Insert(root.Content, at, k, v)
	return v
}

// DropLastHand removes the last hand of the record and returns it. The
// comments written on the hand are kept after the list, so that nothing a
// person typed is lost.
func (f *File) DropLastHand() (HandRecord, bool) {
	if f.rec == nil {
		n := len(f.Sheet.Hands)
		if n == 0 {
			return HandRecord{}, false
		}
		last := f.Sheet.Hands[n-1]
		f.Sheet.Hands = f.Sheet.Hands[:n-1]
		return last, true
	}
	n := len(f.rec.hands)
	if n == 0 {
		return HandRecord{}, false
	}
	f.handsInDoc() // the list as it stands, whose last hand's comments are kept
	last := f.rec.hands[n-1].form
	f.rec.hands = f.rec.hands[:n-1]
	if f.doc != nil {
		root := f.doc.Content[0]
		if hands := yamlfile.MapValue(root, "hands"); hands != nil && len(hands.Content) == n {
			dropped := hands.Content[n-1]
			hands.Content = hands.Content[:n-1]
			var kept []string
			for _, c := range append([]string{dropped.HeadComment, dropped.LineComment, dropped.FootComment}, nodeComments(dropped)...) {
				if c != "" {
					kept = append(kept, c)
				}
			}
			// Where the comments go: after the list, or, when it is now
			// empty ("hands: []", which yaml.v3 cannot follow with a
			// comment block), above the hands key.
			if len(hands.Content) > 0 {
				if len(kept) > 0 {
					f.commentAfterHands(kept)
				}
				return last, true
			}
			key := root.Content[slices.Index(root.Content, hands)-1]
			hands.Style = yaml.FlowStyle
			if key.LineComment != "" {
				hands.LineComment, key.LineComment = key.LineComment, ""
			}
			if len(kept) > 0 {
				key.HeadComment = strings.Join(append(nonEmpty(key.HeadComment), kept...), "\n")
			}
			return last, true
		}
		f.doc = nil
	}
	return last, true
}

// nodeComments returns the comments inside a node's children.
func nodeComments(n *yaml.Node) []string {
	var out []string
	for _, c := range n.Content {
		out = append(out, c.HeadComment, c.LineComment, c.FootComment)
		out = append(out, nodeComments(c)...)
	}
	return out
}

// SetClosed marks the game as closed after its last hand, or takes the mark
// away. The mark goes right after the hands.
func (f *File) SetClosed(closed bool) {
	f.Sheet.Closed = closed
	if f.rec != nil {
		f.rec.closed = closed
	}
	if f.doc == nil {
		return
	}
	root := f.doc.Content[0]
	if !closed {
		removeMapKey(root, "closed")
		return
	}
	if old := yamlfile.MapValue(root, "closed"); old != nil {
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
	data, err := f.render(derived)
	if err != nil {
		return err
	}
	if f.data != nil && bytes.Equal(data, f.data) {
		f.lock.Sweep()
		return nil // nothing to change: the file keeps its time
	}
	// A person may have edited the file since it was read (an editor does
	// not take gin's lock): their edit is never overwritten.
	if f.seams.beforeCompare != nil {
		f.seams.beforeCompare()
	}
	if f.data != nil {
		// Checked here, before anything is written, and again as the new
		// file takes its place (safefile.Seams.Replace).
		if !safefile.Holds(f.real, f.data) {
			return fmt.Errorf("%s: %w since gin read it; nothing was written: run the command again to apply it to the sheet as it is now", f.Path, ErrChanged)
		}
	}
	// A sheet made read-only is not to be changed, though its folder may let
	// a new file replace it.
	if w, err := os.OpenFile(f.real, os.O_WRONLY, 0); err == nil {
		_ = w.Close() // opened only to ask whether it may be written
	} else if errors.Is(err, os.ErrPermission) {
		return fmt.Errorf("%s is read-only: make it writable to change it", f.Path)
	}
	if err := f.seams.files().Replace(f.real, data, f.data); err != nil {
		if errors.Is(err, ErrChanged) {
			return fmt.Errorf("%s: %w since gin read it; nothing was written: run the command again to apply it to the sheet as it is now", f.Path, ErrChanged)
		}
		if errors.Is(err, os.ErrPermission) {
			return fmt.Errorf("%s: cannot save: no permission to write in its folder %s", f.Path, filepath.Dir(f.real))
		}
		return fmt.Errorf("%s: save: %w", f.Path, err)
	}
	f.data = data
	f.lock.Sweep()
	return nil
}

// render encodes the sheet as Save writes it, and checks that it reads back
// as the record it was made from: the last guard against a YAML edit that
// loses a hand.
func (f *File) render(derived []Derived) ([]byte, error) {
	data, err := f.encode(derived)
	if err != nil {
		return nil, err
	}
	// The tree is written out: let it go, and the score read with it,
	// before the read-back check builds another, so that a long sheet is
	// not held twice. A later change rebuilds the document from the record.
	f.doc, f.score = nil, nil
	if f.data != nil && bytes.Equal(data, f.data) {
		return data, nil
	}
	if len(data) > MaxSheetSize {
		return nil, &limitError{fmt.Sprintf("%s: not saved: at %s bytes the sheet would be more than a score sheet can be (%d MiB), and would not load again; the file is unchanged: keep the next game on a sheet of its own",
			f.Path, yamlfile.Thousands(int64(len(data))), MaxSheetSize>>20), yamlfile.ErrTooBig}
	}
	want := f.rec
	if want == nil {
		if want, err = f.seams.check(&f.Sheet); err != nil {
			return nil, fmt.Errorf("%s: not saved: %w; the file is unchanged", f.Path, err)
		}
	}
	if back, _, err := f.seams.parse(f.Path, data, false); err != nil || !back.rec.same(want) {
		return nil, fmt.Errorf("%s: not saved: the sheet would not read back as the record it holds (%v); the file is unchanged", f.Path, err)
	}
	return data, nil
}

// ErrChanged is the reason a save is refused when the file changed after it
// was read.
var ErrChanged = safefile.ErrChanged

// encode renders the document: the loaded tree with its comments when there
// is one, else a fresh one, with every derived section replaced.
func (f *File) encode(derived []Derived) ([]byte, error) {
	f.handsInDoc()
	doc := f.doc
	if doc == nil {
		doc = &yaml.Node{Kind: yaml.DocumentNode}
		s := f.Sheet
		if f.rec != nil {
			s.Hands = f.rec.forms()
		}
		var root yaml.Node
		if err := root.Encode(s); err != nil {
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
	return emit(doc)
}

// encodeChunk is how many hands emit encodes at a time.
const encodeChunk = 500

// emit writes a sheet's document as YAML. yaml.v3's emitter keeps every
// event of what it encodes until the end, some kilobytes a hand, so a long
// hands list is encoded encodeChunk hands at a time and the pieces joined:
// the text is the same as one encoding (a test holds it to that), the
// memory a few chunks' worth.
func emit(doc *yaml.Node) ([]byte, error) { return emitChunks(doc, encodeChunk) }

// emitChunks is emit, chunk hands at a time.
func emitChunks(doc *yaml.Node, chunk int) ([]byte, error) {
	root := doc.Content[0]
	at := slices.IndexFunc(root.Content, func(n *yaml.Node) bool { return n.Value == "hands" })
	if at < 0 || at%2 != 0 || doc.FootComment != "" || root.FootComment != "" {
		return encodeNode(doc)
	}
	key, hands := root.Content[at], root.Content[at+1]
	if hands.Kind != yaml.SequenceNode || hands.Style != 0 || len(hands.Content) <= chunk {
		return encodeNode(doc)
	}
	items, after, foot := hands.Content, root.Content[at+2:], hands.FootComment
	defer func() { // the document is the caller's: put it back as it was
		hands.Content, hands.FootComment = items, foot
		root.Content = append(root.Content[:at+2], after...)
	}()
	// The document up to the hands key, with the first chunk.
	hands.Content, hands.FootComment = items[:chunk], ""
	root.Content = root.Content[:at+2]
	out, err := encodeNode(doc)
	if err != nil {
		return nil, err
	}
	// The other chunks, each under a bare key whose line is dropped.
	for i := chunk; i < len(items); i += chunk {
		part := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items[i:min(i+chunk, len(items))]}
		if i+chunk >= len(items) {
			part.FootComment = foot
		}
		bare := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key.Value}
		text, err := encodeNode(&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{bare, part}})
		if err != nil {
			return nil, err
		}
		_, text, _ = bytes.Cut(text, []byte("\n"))
		out = append(out, text...)
	}
	// The keys after the hands.
	if len(after) > 0 {
		text, err := encodeNode(&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: after})
		if err != nil {
			return nil, err
		}
		out = append(out, text...)
	}
	return out, nil
}

// encodeNode encodes one node as YAML, indented by two spaces.
func encodeNode(n *yaml.Node) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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
