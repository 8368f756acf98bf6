// Package record reads and writes the hand record: one hand of Gin Rummy as
// text, what was dealt, every turn and how it ended (HANDS.md, and
// docs/hands.md for users). It is to gin what PGN is to chess programs.
//
// Parse reads a record's statements; a Session (Open, or Begin to walk it)
// carries its moves out once through the table's rules of play
// (table.Round), so a record is checked by the same rules the arena plays
// by, and each player's view of it is the table's View. A move typed is
// checked on the session's round and added by Session.Play.
package record

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Move is an action by a player, on a line of the record.
type Move struct {
	table.Move
	Line int // the 1-based line it is on
}

// Record is a hand record.
type Record struct {
	Players   [2]string
	Dealer    int
	Rules     string           // the rules as --rules takes them, "" for classic
	RulesLine int              // the 1-based line of the rules statement (0 for none), where an error about its rules is
	Sheet     string           // the score sheet the hand is played for, relative to the record; "" when not said
	Deals     [2]ginrummy.Hand // the ten cards each player was dealt; empty where not known
	Upcard    ginrummy.Card    // the first face-up card
	Moves     []Move

	// Score is the game's score before the hand (the score statement, with
	// boxes), the players in the order of Players: one tally per game
	// (Hollywood plays three at once); nil when not said. HasBoxes says
	// whether the boxes statement gave the hands each had won.
	Score     []ginrummy.Tally
	HasBoxes  bool
	ScoreLine int // the 1-based line of the score statement (0 for none), where an error about the score is

	// Comment is the text of the comment lines before the first statement,
	// without their '#', written back by Format.
	Comment []string
}

// Error is a record that cannot be read or breaks a rule of play: the
// 1-based line (0 for the record as a whole) and what is wrong.
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// BadInput marks a record that cannot be read or played as wrong input
// (ginrummy.InputError).
func (e *Error) BadInput() {}

// The sentinels a record's errors wrap, for errors.Is.
var (
	ErrSyntax   = errors.New("not a statement of a hand record")
	ErrHeader   = errors.New("a header statement missing, repeated or out of place")
	ErrIllegal  = errors.New("a move the rules of play do not allow")
	ErrTooLarge = errors.New("too large for a hand record")
)

// MaxSize is the largest record read: a hand has at most ginrummy.MaxTurns
// turns, and a generous line for each fits well within it.
const MaxSize = 1 << 20

func errorf(line int, sentinel error, format string, args ...any) *Error {
	return &Error{line, fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), sentinel)}
}

// word is a word of a line, and whether it was quoted (a quoted word is a
// name, never a keyword).
type word struct {
	text   string
	quoted bool
}

// words splits a line into words, dropping a comment.
func words(line string, n int) ([]word, error) {
	var out []word
	for i := 0; i < len(line); {
		switch line[i] {
		case ' ', '\t', '\r':
			i++
		case '#':
			return out, nil
		case '"':
			j := strings.IndexByte(line[i+1:], '"')
			if j < 0 {
				return nil, errorf(n, ErrSyntax, "a name opened with \" is not closed")
			}
			name := line[i+1 : i+1+j]
			if strings.TrimSpace(name) == "" {
				return nil, errorf(n, ErrSyntax, "an empty name \"\"")
			}
			if strings.TrimSpace(name) != name {
				return nil, errorf(n, ErrSyntax, "the name %q has a space before or after it, which a name cannot hold", name)
			}
			out = append(out, word{name, true})
			i += j + 2
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' && line[j] != '#' {
				j++
			}
			out = append(out, word{line[i:j], false})
			i = j
		}
	}
	return out, nil
}

// unshown reports whether a character may not be in a statement: one a
// terminal should not get raw, as the score sheet refuses in a player's
// name (ginrummy.UnsafeRune), but for the tab and carriage return that may
// space a line.
func unshown(c rune) bool { return c != '\t' && c != '\r' && ginrummy.UnsafeRune(c) }

// commentAt is the index in line of the '#' that starts its comment (one
// outside a quoted name, as words reads it), or -1.
func commentAt(line string) int {
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '#':
			return i
		case '"':
			j := strings.IndexByte(line[i+1:], '"')
			if j < 0 {
				return -1 // words refuses the line
			}
			i += j + 1
		}
	}
	return -1
}

// checkLine checks the characters of line n: its statement, before any
// comment, holds nothing unshown (but a presentation selector after a
// suit's symbol, 7♥️ as a phone types it, which the card parser drops);
// its comment may hold anything but a NUL, as no comment is ever printed
// (those before the first statement are written back to the record as
// they were read, the others dropped).
func checkLine(line string, n int) error {
	stmt, comment := line, ""
	if i := commentAt(line); i >= 0 {
		stmt, comment = line[:i], line[i:]
	}
	if strings.IndexByte(comment, 0) >= 0 {
		return errorf(n, ErrSyntax, "a NUL character in the comment, which a comment cannot hold")
	}
	prev := rune(-1)
	for _, c := range stmt {
		if unshown(c) && !ginrummy.SuitPresentation(prev, c) {
			return errorf(n, ErrSyntax, "a control character, a format, invisible or line-separating one, or a byte that is not UTF-8")
		}
		prev = c
	}
	return nil
}

// Player is the index of the player named name, or -1.
func (r *Record) Player(name string) int {
	for i, p := range r.Players {
		if p != "" && ginrummy.SameName(p, name) {
			return i
		}
	}
	return -1
}

// Parse reads a hand record. It checks the form of every statement and the
// header (a card dealt twice, or the upcard dealt, is refused at the line
// that repeats it); Replay checks the moves against the rules of play.
func Parse(text []byte) (*Record, error) {
	if len(text) > MaxSize {
		return nil, &Error{0, fmt.Errorf("more than %d MiB: %w", MaxSize>>20, ErrTooLarge)}
	}
	// A byte-order mark, as some editors write at the start of UTF-8.
	text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))
	r := &Record{Dealer: -1, Upcard: ginrummy.NoCard}
	var boxes [][2]int // the boxes statement's pairs, set into Score at the end
	var seen struct {
		players, dealer, rules, upcard, sheet, score, boxes int
		deals                                               [2]int
	}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), MaxSize+1)
	n := 0
	started := false // a statement has been read
	for sc.Scan() {
		n++
		line := sc.Text()
		if err := checkLine(line, n); err != nil {
			return nil, err
		}
		if !started {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "#") {
				r.Comment = append(r.Comment, strings.TrimPrefix(strings.TrimPrefix(t, "#"), " "))
				continue
			}
		}
		w, err := words(line, n)
		if err != nil {
			return nil, err
		}
		if len(w) == 0 {
			continue
		}
		if !started && !w[0].quoted && len(w[0].text) > 1 && strings.HasSuffix(w[0].text, ":") {
			// "players:", as a score sheet (YAML) writes it: the file is
			// not a hand record at all, whatever its header lacks.
			return nil, errorf(n, ErrSyntax, "%q reads as YAML, as a score sheet is written, not as a hand record, whose statements have no colon (players Ann Bob)", w[0].text)
		}
		started = true
		head := w[0]
		header := func(at *int, what string) error {
			if *at != 0 {
				return errorf(n, ErrHeader, "%s given again (first on line %d)", what, *at)
			}
			if len(r.Moves) > 0 {
				return errorf(n, ErrHeader, "%s after the first move: the header comes first", what)
			}
			*at = n
			return nil
		}
		if !head.quoted && !r.movesOfNamed(w) {
			switch head.text {
			case "players":
				if err := header(&seen.players, "players"); err != nil {
					return nil, err
				}
				if len(w) != 3 {
					return nil, errorf(n, ErrSyntax, "players takes two names (quote a name with a space: \"Mary Ann\")")
				}
				for i := range 2 {
					if !w[i+1].quoted && isKeyword(w[i+1].text) && !numbersAfter(w[i+1].text) {
						return nil, errorf(n, ErrSyntax, "the name %q is a word of the record: quote it (\"%s\")", w[i+1].text, w[i+1].text)
					}
					if err := NameError(w[i+1].text); err != nil {
						return nil, &Error{n, err.(*Error).Err}
					}
					r.Players[i] = w[i+1].text
				}
				if ginrummy.SameName(r.Players[0], r.Players[1]) {
					return nil, errorf(n, ErrSyntax, "the two players are both %q: give two names", r.Players[1])
				}
				continue
			case "dealer":
				if err := header(&seen.dealer, "dealer"); err != nil {
					return nil, err
				}
				if len(w) != 2 {
					return nil, errorf(n, ErrSyntax, "dealer takes one name")
				}
				p, err := r.named(w[1].text, n, seen.players)
				if err != nil {
					return nil, err
				}
				r.Dealer = p
				continue
			case "rules":
				if err := header(&seen.rules, "rules"); err != nil {
					return nil, err
				}
				if len(w) != 2 {
					return nil, errorf(n, ErrSyntax, "rules takes one preset or file (quote a file name with a space)")
				}
				r.Rules, r.RulesLine = w[1].text, n
				continue
			case "sheet":
				if err := header(&seen.sheet, "sheet"); err != nil {
					return nil, err
				}
				if len(w) != 2 {
					return nil, errorf(n, ErrSyntax, "sheet takes one file (quote a file name with a space)")
				}
				r.Sheet = w[1].text
				continue
			case "score", "boxes":
				at := &seen.score
				if head.text == "boxes" {
					at = &seen.boxes
				}
				if err := header(at, head.text); err != nil {
					return nil, err
				}
				pairs, err := pairsOf(head.text, w[1:], n)
				if err != nil {
					return nil, err
				}
				if head.text == "boxes" {
					boxes = pairs
					continue
				}
				for _, p := range pairs {
					r.Score = append(r.Score, ginrummy.Tally{Points: p})
				}
				continue
			case "deal":
				if len(w) < 2 {
					return nil, errorf(n, ErrSyntax, "deal takes a name and the ten cards dealt")
				}
				p, err := r.named(w[1].text, n, seen.players)
				if err != nil {
					return nil, err
				}
				if err := header(&seen.deals[p], "the deal of "+r.Players[p]); err != nil {
					return nil, err
				}
				h, err := cardsOf(w[2:], n)
				if err != nil {
					return nil, err
				}
				if h.Len() != table.DealtCards {
					return nil, errorf(n, ErrSyntax, "deal gives %s %d cards, not %d", r.Players[p], h.Len(), table.DealtCards)
				}
				if both := h & r.Deals[1-p]; both != 0 {
					return nil, errorf(n, ErrIllegal, "%s: dealt %v, which %s was dealt", r.Players[p], both.Cards()[0], r.Players[1-p])
				}
				if seen.upcard != 0 && h.Has(r.Upcard) {
					return nil, errorf(n, ErrIllegal, "%s: dealt %v, the upcard", r.Players[p], r.Upcard)
				}
				r.Deals[p] = h
				continue
			case "upcard":
				if err := header(&seen.upcard, "upcard"); err != nil {
					return nil, err
				}
				if len(w) != 2 {
					return nil, errorf(n, ErrSyntax, "upcard takes one card")
				}
				c, err := cardOf(w, 1, n, 0)
				if err != nil {
					return nil, err
				}
				for p, h := range r.Deals {
					if h.Has(c) {
						return nil, errorf(n, ErrIllegal, "%s: dealt %v, the upcard", r.Players[p], c)
					}
				}
				r.Upcard = c
				continue
			}
		}
		if len(r.Moves) == 0 {
			if err := r.headerDone(seen.players, seen.dealer, seen.upcard, n); err != nil {
				return nil, err
			}
		}
		p, err := r.named(head.text, n, seen.players)
		if err != nil {
			if !head.quoted && isKeyword(head.text) {
				return nil, errorf(n, ErrSyntax, "a line starts with the player who moves: %q needs a name before it", head.text)
			}
			return nil, err
		}
		acts, err := actions(w[1:], n, 0)
		if err != nil {
			return nil, err
		}
		if len(acts) == 0 {
			return nil, errorf(n, ErrSyntax, "%s does nothing: give pass, take, draw, throw, knock, big-gin or shows", r.Players[p])
		}
		for _, a := range acts {
			r.Moves = append(r.Moves, Move{table.Move{Player: p, Action: a}, n})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{n + 1, fmt.Errorf("%v: %w", err, ErrTooLarge)}
	}
	if len(r.Moves) == 0 {
		if err := r.headerDone(seen.players, seen.dealer, seen.upcard, 0); err != nil {
			return nil, err
		}
	}
	switch {
	case seen.boxes != 0 && seen.score == 0:
		return nil, errorf(seen.boxes, ErrHeader, "boxes goes with score: give the game's score before the hand (score 30 55)")
	case seen.boxes != 0 && len(boxes) != len(r.Score):
		return nil, errorf(seen.boxes, ErrSyntax, "boxes gives %s, and score (line %d) %d: a pair for each game", pairCount(len(boxes)), seen.score, len(r.Score))
	}
	for i, b := range boxes {
		r.Score[i].Boxes = b
	}
	r.HasBoxes, r.ScoreLine = seen.boxes != 0, seen.score
	return r, nil
}

// numbersAfter reports whether the statement word is one whose statement
// gives numbers (score 30 55, boxes 1 2), which a move never does: a player
// may be named so, unquoted, and a line that starts with the name is told
// from the statement by what follows it (movesOfNamed).
func numbersAfter(word string) bool { return word == "score" || word == "boxes" }

// movesOfNamed reports whether the line w, which starts with a word that
// numbersAfter says gives numbers, is a move of the player named so: the
// record has a player of that name, and the next word is not a number
// (boxes pass, boxes draw throw 9d); boxes 1 2 is the statement.
func (r *Record) movesOfNamed(w []word) bool {
	if !numbersAfter(w[0].text) || r.Player(w[0].text) < 0 {
		return false
	}
	return len(w) > 1 && (w[1].text == "" || w[1].text[0] < '0' || w[1].text[0] > '9')
}

// pairsOf reads the numbers of a score or boxes statement on line n: a
// pair for each game, the players in the order of players, the pairs split
// by commas (score 30 55, 10 0, 0 0).
func pairsOf(what string, w []word, n int) ([][2]int, error) {
	texts := make([]string, len(w))
	usage := fmt.Sprintf("%s takes two whole numbers, the players' in the order of players (%s 30 55); under Hollywood a pair for each game, split by commas (%s 30 55, 10 0, 0 0)", what, what, what)
	for i, x := range w {
		if x.quoted { // "30 55" is a name, not numbers
			return nil, errorf(n, ErrSyntax, "%s: %q is quoted: %s", what, `"`+x.text+`"`, usage)
		}
		texts[i] = x.text
	}
	if len(w) == 0 {
		return nil, errorf(n, ErrSyntax, "%s", usage)
	}
	var out [][2]int
	for part := range strings.SplitSeq(strings.Join(texts, " "), ",") {
		f := strings.Fields(part)
		if len(f) != 2 {
			return nil, errorf(n, ErrSyntax, "%s", usage)
		}
		var pair [2]int
		for i, t := range f {
			v, err := strconv.Atoi(t)
			if err != nil || strings.Trim(t, "0123456789") != "" || v > maxScore { // plain digits: no sign
				return nil, errorf(n, ErrSyntax, "%s: %q is not a whole number from 0 to %d", what, t, maxScore)
			}
			pair[i] = v
		}
		out = append(out, pair)
	}
	return out, nil
}

// pairCount is n pairs in words: "1 pair", "2 pairs".
func pairCount(n int) string {
	if n == 1 {
		return "1 pair"
	}
	return strconv.Itoa(n) + " pairs"
}

// maxScore is the largest number a score or boxes statement takes: far
// above any game's, and far from overflowing a sum.
const maxScore = 1_000_000

// headerDone checks that the header holds what a record needs before its
// first move (line n; 0 at the end of a record with no move).
func (r *Record) headerDone(players, dealer, upcard, n int) error {
	var missing []string
	if players == 0 {
		missing = append(missing, "players")
	}
	if dealer == 0 {
		missing = append(missing, "dealer")
	}
	if r.Deals[0] == 0 && r.Deals[1] == 0 {
		missing = append(missing, "deal")
	}
	if upcard == 0 {
		missing = append(missing, "upcard")
	}
	if len(missing) == 0 {
		return nil
	}
	return errorf(n, ErrHeader, "the header has no %s: a record starts with players, dealer, deal and upcard", strings.Join(missing, ", no "))
}

// named is the player a name on line n names.
func (r *Record) named(name string, n, playersLine int) (int, error) {
	if playersLine == 0 {
		return 0, errorf(n, ErrHeader, "%q before the players line: the record starts with players NAME NAME", name)
	}
	if p := r.Player(name); p >= 0 {
		return p, nil
	}
	return 0, errorf(n, ErrSyntax, "%q is not one of the players, %s and %s", name, r.Players[0], r.Players[1])
}

func isKeyword(s string) bool {
	switch s {
	case "players", "dealer", "rules", "sheet", "score", "boxes", "deal", "upcard", "melds":
		return true
	}
	return table.ParseAct(s) != 0
}

// cardOf reads the card of word i of a move line: one word, which with
// the next one may be a card split by a space ("t h"), the error says; its
// hint never names a card of known.
func cardOf(w []word, i, n int, known ginrummy.Hand) (ginrummy.Card, error) {
	c, err := ginrummy.ParseCard(w[i].text)
	if perr, ok := errors.AsType[*ginrummy.ParseError](err); ok {
		next := ""
		if i+1 < len(w) && kindOf(w[i+1]) == 0 {
			next = w[i+1].text
		}
		perr.Meant = nil
		perr.Guess(next, known)
	}
	if err != nil {
		return ginrummy.NoCard, &Error{n, err}
	}
	return c, nil
}

// cardsOf reads words that are all cards, once each.
func cardsOf(w []word, n int) (ginrummy.Hand, error) {
	texts := make([]string, len(w))
	for i, x := range w {
		texts[i] = x.text
	}
	h, err := ginrummy.ParseHand(strings.Join(texts, " "))
	if err != nil {
		return 0, &Error{n, err}
	}
	return h, nil
}

// actions reads the actions of a move line, of a player holding held (0
// where not known): a card taken or drawn is not one held, which a typo's
// hint never names.
func actions(w []word, n int, held ginrummy.Hand) ([]table.Action, error) {
	var out []table.Action
	for i := 0; i < len(w); {
		k := kindOf(w[i])
		i++
		a := table.Action{Act: k, Card: ginrummy.NoCard}
		switch k {
		case table.Pass, table.BigGin:
		case table.Take, table.Draw:
			if i < len(w) && kindOf(w[i]) == 0 {
				c, err := cardOf(w, i, n, held)
				if err != nil {
					return nil, err
				}
				a.Card = c
				i++
			}
		case table.Throw, table.Knock:
			if i == len(w) || kindOf(w[i]) != 0 {
				return nil, errorf(n, ErrSyntax, "%v takes the card thrown", k)
			}
			c, err := cardOf(w, i, n, 0)
			if err != nil {
				return nil, err
			}
			a.Card = c
			i++
			if k == table.Knock && i < len(w) && w[i].text == "melds" && !w[i].quoted {
				j := i + 1
				for j < len(w) && kindOf(w[j]) == 0 {
					j++
				}
				melds, err := meldsOf(w[i+1:j], n)
				if err != nil {
					return nil, err
				}
				a.Melds = melds
				i = j
			}
		case table.Show:
			j := i
			for j < len(w) && kindOf(w[j]) == 0 {
				j++
			}
			h, err := cardsOf(w[i:j], n)
			if err != nil {
				return nil, err
			}
			a.Cards = h
			i = j
		default:
			return nil, errorf(n, ErrSyntax, "%q is not an action: give pass, take, draw, throw, knock, big-gin or shows", w[i-1].text)
		}
		out = append(out, a)
	}
	return out, nil
}

func kindOf(w word) table.Act {
	if w.quoted {
		return 0
	}
	return table.ParseAct(w.text)
}

// meldsOf reads melds split by '/', the slash a word or part of one.
func meldsOf(w []word, n int) ([]ginrummy.Meld, error) {
	texts := make([]string, len(w))
	for i, x := range w {
		texts[i] = x.text
	}
	var melds []ginrummy.Meld
	for _, part := range strings.Split(strings.Join(texts, " "), "/") {
		h, err := ginrummy.ParseHand(part)
		if err != nil {
			return nil, &Error{n, fmt.Errorf("melds: %w", err)}
		}
		melds = append(melds, ginrummy.Meld(h))
	}
	if len(melds) == 0 {
		return nil, errorf(n, ErrSyntax, "melds names no meld")
	}
	return melds, nil
}

// Fields splits a line of moves into words as a record reads them: a
// double-quoted name is one word, given back with its quotes, and a comment
// ends the line.
func Fields(line string) ([]string, error) {
	w, err := words(line, 0)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(w))
	for i, x := range w {
		out[i] = x.text
		if x.quoted {
			out[i] = `"` + x.text + `"`
		}
	}
	return out, nil
}

// ParseActions reads the actions of a move, as a line of a record gives
// them after the player's name.
func ParseActions(line string) ([]table.Action, error) {
	return ParseActionsHeld(line, 0)
}

// ParseActionsHeld is ParseActions for the move of a player holding held:
// the hint of a card mistyped never names a card held as the card taken or
// drawn ("draw 7hh" is not 7h when 7h is held).
func ParseActionsHeld(line string, held ginrummy.Hand) ([]table.Action, error) {
	w, err := words(line, 0)
	if err != nil {
		return nil, err
	}
	return actions(w, 0, held)
}
