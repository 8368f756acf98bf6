package sheets

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gin-rummy/gin/ginrummy"
)

// HandNumberError is a hand number that names no hand of the sheet.
type HandNumberError struct {
	N     int // the number given
	Hands int // how many hands the sheet has
}

func (e *HandNumberError) Error() string {
	if e.Hands == 0 {
		return fmt.Sprintf("there is no hand %d: the sheet has no hands yet", e.N)
	}
	return fmt.Sprintf("there is no hand %d: the sheet has %d %s (1 to %d)", e.N, e.Hands, plural(e.Hands, "hand", "hands"), e.Hands)
}

// BadInput marks a hand number out of range as wrong input
// (ginrummy.InputError).
func (e *HandNumberError) BadInput() {}

// EndsEarlierError is an edit refused because the hand as given ends the
// game before hands that were played after it: the game would end after
// hand EndsAfter, and the Later hands that follow it would be after the end.
type EndsEarlierError struct {
	N         int // the hand edited
	EndsAfter int // the hand the game would end after
	Later     int // the hands after that one
}

func (e *EndsEarlierError) Error() string {
	return fmt.Sprintf("hand %d as given ends the game after hand %d, and %s came after the end; nothing was changed",
		e.N, e.EndsAfter, handRange(e.EndsAfter+1, e.EndsAfter+e.Later))
}

// BadInput marks the edit refused as wrong input (ginrummy.InputError).
func (e *EndsEarlierError) BadInput() {}

// RecordMisfitError is an edit refused because it changes who deals a
// later hand that was scored from a hand record: hand N as given makes
// Deals deal hand Later, whose record was dealt by Dealt, so the record
// would no longer be of a hand of the sheet.
type RecordMisfitError struct {
	N, Later     int
	Dealt, Deals string
}

func (e *RecordMisfitError) Error() string {
	return fmt.Sprintf("hand %d as given makes %s deal hand %d, but hand %d was scored from a hand record dealt by %s, which would no longer fit the sheet; nothing was changed",
		e.N, e.Deals, e.Later, e.Later, e.Dealt)
}

// BadInput marks the edit refused as wrong input (ginrummy.InputError).
func (e *RecordMisfitError) BadInput() {}

// handRange names hands from a to b: "hand 8", "hands 8 and 9", "hands 8–11".
func handRange(a, b int) string {
	switch {
	case a == b:
		return fmt.Sprintf("hand %d", a)
	case b == a+1:
		return fmt.Sprintf("hands %d and %d", a, b)
	}
	return fmt.Sprintf("hands %d–%d", a, b)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Edited is what Edit changed.
type Edited struct {
	Was     ScoredHand  // the hand as it was, as it was scored
	Before  *Settlement // how the game had ended; nil when it was open
	Dropped int         // the hands after the new end taken out of the game (dropLater)
}

// Edit replaces hand n (counting from 1) of the sheet at path with h and
// rescores the game, with Add's checks and safety: the sheet locked from
// reading to saving, the hand refused when it breaks the rules, the save
// refused when the file changed since it was read. The comments on the hand
// stay (a field's on that field where it is still there, else on the hand).
// When the hand as given ends the game before hands that follow it, the
// edit is refused (*EndsEarlierError) unless dropLater, which takes those
// hands out of the game and keeps them in the sheet as comments. An edit
// that changes who deals a later hand scored from a hand record (a hand
// made a drawn one, dealt again by the same dealer) is refused
// (*RecordMisfitError): the record would no longer fit the sheet. A close
// mark is taken away when a hand now ends the game.
func Edit(path string, n int, form HandRecord, dropLater bool) (*Score, Edited, error) {
	return seams{}.edit(path, n, form, dropLater)
}

// edit is Edit, with a test's seams.
func (sm seams) edit(path string, n int, form HandRecord, dropLater bool) (*Score, Edited, error) {
	return sm.editGiven(path, n, nil, form, dropLater)
}

// editGiven is edit of the hand form, or of the hand p followed to its end.
func (sm seams) editGiven(path string, n int, p *Played, form HandRecord, dropLater bool) (*Score, Edited, error) {
	f, err := sm.open(path, false)
	if err != nil {
		return nil, Edited{}, err
	}
	defer f.release()
	count := len(f.rec.hands)
	if n < 1 || n > count {
		return nil, Edited{}, &HandNumberError{N: n, Hands: count}
	}
	before, err := f.rec.score()
	if err != nil {
		return nil, Edited{}, locate(f.Path, &f.Sheet, err)
	}
	var h report
	if p != nil {
		h, err = f.recordHand(*p, n, before)
	} else {
		h, err = f.given(form, n)
		// A hand scored from a record and corrected by numbers is still
		// that record's hand: it keeps the digest, so the record cannot be
		// scored a second time.
		h.record = f.rec.hands[n-1].record
	}
	if err != nil {
		return nil, Edited{}, err
	}
	h.form = h.asWritten(f.rec.players)
	edited := Edited{Was: before.Hands[n-1], Before: before.Result}
	hands := slices.Clone(f.rec.hands)
	f.rec.hands[n-1] = h
	score, err := f.rec.score()
	if herr, ok := errors.AsType[*ginrummy.HandError](err); ok && herr.Hand > n && errors.Is(herr.Err, ginrummy.ErrGameOver) {
		// The game ends before a later hand now.
		end := herr.Hand - 1
		if !dropLater {
			return nil, Edited{}, &EndsEarlierError{N: n, EndsAfter: end, Later: count - end}
		}
		f.cutHands(end)
		edited.Dropped = count - end
		score, err = f.rec.score()
	}
	if ferr, ok := errors.AsType[*FieldError](err); ok && ferr.Key == "closed" {
		// Closed after the last hand, with the totals now level there.
		return nil, Edited{}, ferr.Err
	}
	if f.rec.closed && err == nil && score.Result != nil && !score.Result.Closed {
		// A hand ends the game now: the mark would say it was closed.
		f.SetClosed(false)
	}
	if err != nil {
		if herr, ok := errors.AsType[*ginrummy.HandError](err); ok && herr.Hand == n {
			return nil, Edited{}, &NewHandError{herr.Err}
		}
		f.rec.hands = hands
		return nil, Edited{}, locate(f.Path, &f.Sheet, err)
	}
	// A later hand scored from a hand record keeps the dealer the record
	// was dealt by, or the record is no longer the sheet's.
	for k := n + 1; k <= len(score.Hands); k++ {
		if was := before.Hands[k-1].Dealer; f.rec.hands[k-1].record != "" && !score.RecordFits(k, was) {
			return nil, Edited{}, &RecordMisfitError{N: n, Later: k, Dealt: was, Deals: score.DealerOf(k)}
		}
	}
	f.replaceHandNode(n, h.form, edited.Dropped)
	if err := f.Save(score.derived()); err != nil {
		return nil, Edited{}, err
	}
	return score, edited, nil
}

// replaceHandNode puts h in the document in place of hand n, keeping the
// comments on the hand and on each field it still has (a comment on a
// field it no longer has goes on the hand), and turns the last dropped
// hands into comments after the list, their text as it was.
func (f *File) replaceHandNode(n int, h HandRecord, dropped int) {
	if f.doc == nil {
		return
	}
	// The hands as read: those dropped are still in the list, to keep as
	// comments.
	hands := f.handsNode()
	if len(hands.Content) != len(f.rec.hands)+dropped {
		f.doc = nil // the tree is not the record: write the record afresh
		return
	}
	var node yaml.Node
	if err := node.Encode(h); err != nil {
		f.doc = nil // cannot happen for a HandRecord
		return
	}
	old := hands.Content[n-1]
	node.HeadComment, node.LineComment, node.FootComment = old.HeadComment, old.LineComment, old.FootComment
	var homeless []string
	for i := 0; i+1 < len(old.Content); i += 2 {
		k, v := old.Content[i], old.Content[i+1]
		if j := mapKeyIndex(&node, k.Value); j >= 0 {
			nk, nv := node.Content[j], node.Content[j+1]
			nk.HeadComment, nk.LineComment, nk.FootComment = k.HeadComment, k.LineComment, k.FootComment
			nv.HeadComment, nv.LineComment, nv.FootComment = v.HeadComment, v.LineComment, v.FootComment
			continue
		}
		for _, c := range append([]string{k.HeadComment, k.LineComment, k.FootComment}, append([]string{v.HeadComment, v.LineComment, v.FootComment}, nodeComments(v)...)...) {
			if c != "" {
				homeless = append(homeless, c)
			}
		}
	}
	if len(homeless) > 0 {
		node.HeadComment = strings.Join(append(nonEmpty(node.HeadComment), homeless...), "\n")
	}
	hands.Content[n-1] = &node
	f.rec.hands[n-1].node = &node
	if dropped == 0 {
		return
	}
	last := len(hands.Content) - dropped
	kept := []string{fmt.Sprintf("# Taken out by gin sheet edit %d: these hands came after the end of the game.", n)}
	for _, d := range hands.Content[last:] {
		text, err := encodeNode(&yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: []*yaml.Node{d}})
		if err != nil {
			f.doc = nil
			return
		}
		for line := range strings.Lines(string(text)) {
			line = strings.TrimRight(line, "\n")
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				kept = append(kept, line) // a comment stays a comment
				continue
			}
			kept = append(kept, "# "+line)
		}
	}
	hands.Content = hands.Content[:last]
	f.commentAfterHands(kept)
}

// commentAfterHands puts comment lines after the hands list. yaml.v3 writes
// a list's foot comment inside the section that follows it, where the next
// save loses it; a comment above the next section's key stays where it is
// put, through every save, since a save keeps a section's key node. With no
// section after the list (a sheet written by hand), the lines go below the
// last hand.
func (f *File) commentAfterHands(lines []string) {
	root := f.doc.Content[0]
	at := mapKeyIndex(root, "hands")
	for i := at + 2; i+1 < len(root.Content); i += 2 {
		if key := root.Content[i]; key.Value != "closed" {
			key.HeadComment = strings.Join(append(lines, nonEmpty(key.HeadComment)...), "\n")
			return
		}
	}
	hands := root.Content[at+1]
	last := hands.Content[len(hands.Content)-1]
	if len(last.Content) > 0 {
		last = last.Content[len(last.Content)-2] // the last field's key
	}
	last.FootComment = strings.Join(append(nonEmpty(last.FootComment), lines...), "\n")
}

// nonEmpty is a list of s, or none when s is empty.
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// mapKeyIndex returns the index of key's key node in a mapping node, or -1.
func mapKeyIndex(m *yaml.Node, key string) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return i
		}
	}
	return -1
}
