package sheets

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
	"github.com/gin-rummy/gin/sheets/yamlfile"
)

// How a sheet is read. The YAML is parsed once into a node tree, which is
// kept for saving (it holds the comments); the record is then read from the
// tree in one pass that checks the type of every value and remembers the line
// of every field, so that any error, a rule broken in hand 40 included, names
// the line a person must look at. Nothing is decoded twice and no error is
// ignored.

// The limits of a sheet. A game of gin is over in a few dozen hands, a
// sheet of them is a few kilobytes, and a sheet holds one game; reading one
// takes some hundreds of bytes of memory a hand and some hundred bytes a
// byte of the file (as a tree of nodes), so a sheet past these limits, of no
// real game, is refused before it is read whole (its size) or scored (its
// hands) rather than read in gigabytes.
const (
	// MaxSheetSize is the largest sheet read, as for every YAML file gin reads.
	MaxSheetSize = yamlfile.MaxSize
	// MaxHands is the most hands a sheet holds.
	MaxHands = 10_000
)

// ErrTooManyHands is the reason a sheet of more than MaxHands hands is
// refused, and a hand past them.
var ErrTooManyHands = errors.New("more hands than a score sheet holds")

// TooBigError is a file of more than MaxSheetSize bytes, refused before it
// is read whole.
type TooBigError struct {
	Path string
	Size int64 // its size in bytes, as far as it was read
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("%s: %s bytes is more than a score sheet can be (%d MiB; the sheet of a game is a few kilobytes): name the sheet meant, or keep each game on a sheet of its own",
		e.Path, yamlfile.Thousands(e.Size), MaxSheetSize>>20)
}

// Unwrap returns yamlfile.ErrTooBig.
func (e *TooBigError) Unwrap() error { return yamlfile.ErrTooBig }

// BadInput marks a file too big for a sheet as wrong input
// (ginrummy.InputError).
func (e *TooBigError) BadInput() {}

// limitError is the refusal of a change that would take a sheet past a
// limit, in words, with the limit's sentinel (yamlfile.ErrTooBig,
// ErrTooManyHands) for errors.Is.
type limitError struct {
	msg string
	err error
}

func (e *limitError) Error() string { return e.msg }

func (e *limitError) Unwrap() error { return e.err }

// BadInput marks a change past a limit as wrong input (ginrummy.InputError).
func (e *limitError) BadInput() {}

// readSheet reads the file at path, no more than MaxSheetSize bytes of it,
// and returns what file it is.
func readSheet(path string) ([]byte, os.FileInfo, error) {
	data, info, err := yamlfile.ReadFileInfo(path, "a score sheet")
	if errors.Is(err, yamlfile.ErrTooBig) {
		size := int64(MaxSheetSize + 1)
		if info, serr := os.Stat(path); serr == nil {
			size = max(size, info.Size())
		}
		return nil, nil, &TooBigError{Path: path, Size: size}
	}
	return data, info, err
}

// parsed is a sheet read from a file: its document tree, its form and its
// record as checked.
type parsed struct {
	doc   *yaml.Node
	sheet Sheet
	rec   *checked
}

// parse reads a sheet: one YAML document, no unknown or repeated keys, no
// null where a value goes, every number a whole number, every value of its
// kind; then the record is checked and, with replay, scored by its rules.
func parse(path string, data []byte, replay bool) (*parsed, *Score, error) {
	return seams{}.parse(path, data, replay)
}

// parse is parse, with a test's seams.
func (sm seams) parse(path string, data []byte, replay bool) (*parsed, *Score, error) {
	if len(data) > MaxSheetSize {
		return nil, nil, &TooBigError{Path: path, Size: int64(len(data))}
	}
	if sm.parsed != nil {
		sm.parsed()
	}
	doc, err := yamlfile.Decode(path, data, "a sheet")
	if err != nil {
		return nil, nil, err
	}
	if len(doc.Content) == 0 {
		return nil, nil, &yamlfile.Error{Path: path, Msg: "the file is empty, not a score sheet"}
	}
	r := reader{yamlfile.Reader{Path: path}}
	s, ok := r.sheet(doc.Content[0])
	if !ok {
		return nil, nil, r.Err
	}
	rec, err := sm.check(&s)
	if err != nil {
		return nil, nil, locate(path, &s, err)
	}
	if hands := yamlfile.MapValue(doc.Content[0], "hands"); hands != nil && hands.Kind == yaml.SequenceNode {
		for i, n := range hands.Content {
			rec.hands[i].node = n // each hand keeps its node, for saving
		}
	}
	var score *Score
	if replay {
		if score, err = sm.score(rec); err != nil {
			return nil, nil, locate(path, &s, err)
		}
	}
	return &parsed{doc, s, rec}, score, nil
}

// reader reads a sheet from its tree, stopping at the first error.
type reader struct {
	yamlfile.Reader
}

// sheetKeys are the keys of a sheet: the record's, then the derived ones,
// which are accepted and always recomputed.
var sheetKeys = []string{"players", "rules", "dealer", "started", "hands", "closed", "totals", "boxes", "next_dealer", "result", "games"}

func (r *reader) sheet(root *yaml.Node) (Sheet, bool) {
	var s Sheet
	if root.Kind != yaml.MappingNode {
		r.Fail(root, "a score sheet is a mapping of players, rules, dealer and hands")
		return s, false
	}
	s.lines, s.start = map[string]int{}, root.Line
	ok := r.Mapping(root, "a sheet", sheetKeys, nil, func(key string, k, v *yaml.Node) bool {
		s.lines[key] = k.Line
		switch key {
		case "players":
			return r.players(v, &s.Players)
		case "rules":
			return rulesfile.Read(&r.Reader, v, &s.Rules)
		case "dealer":
			return r.Str(key, v, &s.Dealer)
		case "started":
			return r.date(key, v, &s.Started)
		case "closed":
			return r.Boolean(key, v, &s.Closed)
		case "hands":
			return r.hands(v, &s.Hands, &s.at)
		}
		return true // a derived section
	})
	return s, ok
}

func (r *reader) players(v *yaml.Node, into *[]string) bool {
	if v.Kind != yaml.SequenceNode {
		return r.Fail(v, "players: give the two names as a list, [Ann, Bob]")
	}
	for _, item := range v.Content {
		var name string
		if !r.Str("players", item, &name) {
			return false
		}
		*into = append(*into, name)
	}
	return true
}

// date reads a day, YYYY-MM-DD.
func (r *reader) date(key string, v *yaml.Node, into *Day) bool {
	if v.Kind != yaml.ScalarNode || (v.Tag != "!!timestamp" && v.Tag != "!!str") {
		return r.Fail(v, "%s: give the day the game started as YYYY-MM-DD", key)
	}
	if _, err := time.Parse(time.DateOnly, v.Value); err != nil {
		return r.Fail(v, "%s: %q is not a day written YYYY-MM-DD", key, v.Value)
	}
	*into = Day(v.Value)
	return true
}

// handKeys are the keys of a hand.
var handKeys = [numHandKeys]string{"by", "knock", "gin", "big_gin", "deadwood", "knocker", "defender", "draw", "winner", "points", "upcard", "record"}

const numHandKeys = 12

func (r *reader) hands(v *yaml.Node, into *[]HandRecord, lines *[]handAt) bool {
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
		return true // "hands:" with nothing after it: no hands yet
	case v.Kind != yaml.SequenceNode:
		return r.Fail(v, "hands: give a list of hands, each starting with a dash")
	case len(v.Content) > MaxHands:
		if r.Err == nil {
			r.Err = &yamlfile.Error{Path: r.Path, Line: v.Line, Column: v.Column, Err: ErrTooManyHands,
				Msg: fmt.Sprintf("hands: %s hands are more than a score sheet holds (%s; a game is a few dozen): keep each game on a sheet of its own", yamlfile.Thousands(int64(len(v.Content))), yamlfile.Thousands(MaxHands))}
		}
		return false
	}
	*into = make([]HandRecord, 0, len(v.Content))
	*lines = make([]handAt, 0, len(v.Content))
	for i, item := range v.Content {
		if item.Kind != yaml.MappingNode {
			return r.Fail(item, "hand %d is empty or not a mapping: give its fields (by: Ann, knock: 5, deadwood: 20) or remove the dash", i+1)
		}
		var h HandRecord
		where := handAt{line: item.Line}
		what := fmt.Sprintf("hand %d", i+1)
		ok := r.Mapping(item, what, handKeys[:], nil, func(key string, k, val *yaml.Node) bool {
			where.keys[slices.Index(handKeys[:], key)] = int32(k.Line)
			field := what + ": " + key
			switch key {
			case "by":
				return r.Str(field, val, &h.By)
			case "knock":
				return r.Integer(field, val, &h.Knock)
			case "deadwood":
				return r.Integer(field, val, &h.Deadwood)
			case "points":
				return r.Integer(field, val, &h.Points)
			case "gin":
				return r.Boolean(field, val, &h.Gin)
			case "big_gin":
				return r.Boolean(field, val, &h.BigGin)
			case "draw":
				return r.Boolean(field, val, &h.Draw)
			case "knocker":
				return r.Str(field, val, &h.KnockerCards)
			case "defender":
				return r.Str(field, val, &h.DefenderCards)
			case "winner":
				return r.Str(field, val, &h.Winner)
			case "upcard":
				return r.Str(field, val, &h.Upcard)
			case "record":
				return r.Str(field, val, &h.Record)
			}
			return true
		})
		if !ok {
			return false
		}
		*into = append(*into, h)
		*lines = append(*lines, where)
	}
	return true
}

// locate turns an error of the record's check or replay into a *yamlfile.Error
// at the line of the field at fault: the field a hand's error is about, else
// the hand's first line; a top-level key's line.
func locate(path string, s *Sheet, err error) error {
	e := &yamlfile.Error{Path: path, Msg: err.Error(), Err: err}
	if herr, ok := errors.AsType[*ginrummy.HandError](err); ok && herr.Hand >= 1 {
		if herr.Hand > len(s.at) {
			return e // a hand not read from the file
		}
		h := s.at[herr.Hand-1]
		e.Line = h.line
		if i := slices.Index(handKeys[:], faultField(herr.Err)); i >= 0 && h.keys[i] > 0 {
			e.Line = int(h.keys[i])
		}
		return e
	}
	if ferr, ok := errors.AsType[*FieldError](err); ok {
		e.Line = s.lines[ferr.Key]
		if e.Line == 0 {
			e.Line = s.start // a key left out
		}
	}
	return e
}

// faultField names the field of a hand an error is about, or "".
func faultField(err error) string {
	if ferr, ok := errors.AsType[*atField](err); ok {
		return ferr.key
	}
	if ferr, ok := errors.AsType[*FormError](err); ok {
		return ferr.field()
	}
	if serr, ok := errors.AsType[*seatError](err); ok {
		return serr.key
	}
	switch {
	case errors.Is(err, ginrummy.ErrOverKnockLimit):
		return "knock"
	case errors.Is(err, ginrummy.ErrTooMuchDeadwood), errors.Is(err, ginrummy.ErrNegativeDeadwood):
		return "deadwood"
	}
	return ""
}
