// Package stats adds up many score sheets: per player, how many games and
// hands they played and won, how they won them, and the head-to-head record
// of every pair who met. It reads sheets' scores (sheets.Score) and counts;
// every rule of scoring stays in the sheets and ginrummy packages.
package stats

import (
	"cmp"
	"slices"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets"
)

// Stats is what a set of sheets adds up to.
type Stats struct {
	Sheets     int          `json:"sheets"`     // sheets counted
	Games      int          `json:"games"`      // finished games: one a sheet, three a Hollywood sheet
	Unfinished int          `json:"unfinished"` // sheets without a result
	Undated    int          `json:"undated"`    // sheets that do not say when they started
	Players    []Player     `json:"players"`    // by name
	HeadToHead []HeadToHead `json:"head_to_head"`
}

// Player is one player's record over the sheets.
type Player struct {
	Name              string `json:"name"`
	Games             int    `json:"games"`     // finished games played
	Wins              int    `json:"wins"`      // finished games won
	Losses            int    `json:"losses"`    // finished games lost
	Hands             int    `json:"hands"`     // hands played, drawn ones and unfinished games' included
	HandsWon          int    `json:"hands_won"` // hands the player scored in
	Knocks            int    `json:"knocks"`    // hands the player knocked, undercut or not (gin is not a knock)
	Gins              int    `json:"gins"`      // hands the player went gin, big gins not included
	BigGins           int    `json:"big_gins"`  // hands the player went big gin
	UndercutsMade     int    `json:"undercuts_made"`
	UndercutsSuffered int    `json:"undercuts_suffered"`
	HandPoints        int    `json:"hand_points"`  // points scored in hands, before game-end bonuses
	FinalPoints       int    `json:"final_points"` // final totals with bonuses, over finished games
	Shutouts          int    `json:"shutouts"`     // finished games won by a shutout
}

// HeadToHead is the record of two players who met in finished games.
type HeadToHead struct {
	Players [2]string      `json:"players"` // sorted by name
	Games   int            `json:"games"`
	Wins    map[string]int `json:"wins"`
	Net     map[string]int `json:"net"` // each player's final points less the other's, summed
}

// FinalScore is a finished game for the chart of net points: when, and each
// player's final points.
type FinalScore struct {
	Day   sheets.Day
	Final map[string]int
}

// Add counts the scores of sheets that loaded.
func Add(scores []*sheets.Score) (Stats, []FinalScore) {
	var t Tally
	for _, sc := range scores {
		t.Add(sc)
	}
	return t.Stats()
}

// Tally adds up sheets one at a time, so that none need be held once it is
// counted. The zero value counts nothing yet.
type Tally struct {
	st        Stats
	spellings map[string]string // by ginrummy.NameKey, the first spelling counted of a name
	players   map[string]*Player
	pairs     map[[2]string]*HeadToHead
	games     []FinalScore
}

func (t *Tally) player(name string) *Player {
	if t.players == nil {
		t.players = map[string]*Player{}
	}
	p, ok := t.players[name]
	if !ok {
		p = &Player{Name: name}
		t.players[name] = p
	}
	return p
}

// spelling is the name as the tally spells it: as first counted, so that
// the names ginrummy.SameName calls one, Ann on one sheet and ann on
// another, are one player.
func (t *Tally) spelling(name string) string {
	if t.spellings == nil {
		t.spellings = map[string]string{}
	}
	key := ginrummy.NameKey(name)
	if s, ok := t.spellings[key]; ok {
		return s
	}
	t.spellings[key] = name
	return name
}

// Add counts the score of one sheet, its hands included.
func (t *Tally) Add(sc *sheets.Score) {
	st := &t.st
	player := t.player
	st.Sheets++
	if sc.Started == "" {
		st.Undated++
	}
	if len(sc.Hands) == 0 && sc.Result == nil {
		// A sheet started and never played (often by mistake): its
		// names are no players of the stats, nor the spelling of one.
		st.Unfinished++
		return
	}
	// The players as the tally spells them; a winner or scorer is spelt as
	// the sheet's player it is.
	names := [2]string{t.spelling(sc.Players[0]), t.spelling(sc.Players[1])}
	spelt := func(name string) string {
		if name != "" {
			return t.spelling(name)
		}
		return ""
	}
	for _, name := range names {
		player(name)
	}
	for _, h := range sc.Hands {
		countHand(sc, names, h, player, spelt)
	}
	if sc.Result == nil {
		st.Unfinished++
		return
	}
	if t.pairs == nil {
		t.pairs = map[[2]string]*HeadToHead{}
	}
	for _, r := range finished(sc) {
		st.Games++
		g := FinalScore{Day: sc.Started, Final: map[string]int{}}
		winner := spelt(r.Winner)
		for i, name := range names {
			p := player(name)
			p.Games++
			p.FinalPoints += r.Final.Values[i]
			g.Final[name] = r.Final.Values[i]
			switch winner {
			case "":
			case name:
				p.Wins++
				if r.Shutout {
					p.Shutouts++
				}
			default:
				p.Losses++
			}
		}
		t.games = append(t.games, g)
		key := names
		if key[1] < key[0] {
			key[0], key[1] = key[1], key[0]
		}
		h, ok := t.pairs[key]
		if !ok {
			h = &HeadToHead{Players: key, Wins: map[string]int{key[0]: 0, key[1]: 0}, Net: map[string]int{key[0]: 0, key[1]: 0}}
			t.pairs[key] = h
		}
		h.Games++
		if winner != "" {
			h.Wins[winner]++
		}
		a, b := r.Final.Values[0], r.Final.Values[1]
		h.Net[names[0]] += a - b
		h.Net[names[1]] += b - a
	}
}

// Stats returns what the sheets counted add up to, and their finished games
// in date order.
func (t *Tally) Stats() (Stats, []FinalScore) {
	st := t.st
	st.Players = make([]Player, 0, len(t.players))
	for _, p := range t.players {
		st.Players = append(st.Players, *p)
	}
	slices.SortFunc(st.Players, func(a, b Player) int { return cmp.Compare(a.Name, b.Name) })
	st.HeadToHead = make([]HeadToHead, 0, len(t.pairs))
	for _, h := range t.pairs {
		st.HeadToHead = append(st.HeadToHead, *h)
	}
	slices.SortFunc(st.HeadToHead, func(a, b HeadToHead) int {
		return cmp.Or(cmp.Compare(a.Players[0], b.Players[0]), cmp.Compare(a.Players[1], b.Players[1]))
	})
	games := slices.Clone(t.games)
	slices.SortStableFunc(games, func(a, b FinalScore) int { return cmp.Compare(a.Day, b.Day) })
	return st, games
}

// finished returns the results of a finished sheet's games: its one result,
// or in Hollywood each of the three games that has one (a game closed before
// anybody entered it has none).
func finished(sc *sheets.Score) []*sheets.Settlement {
	if len(sc.Games) == 0 {
		return []*sheets.Settlement{sc.Result}
	}
	var out []*sheets.Settlement
	for _, g := range sc.Games {
		if g.Result != nil {
			out = append(out, g.Result)
		}
	}
	return out
}

// countHand counts one hand for both players, names and spelt spelling the
// sheet's players as the tally does.
func countHand(sc *sheets.Score, names [2]string, h sheets.ScoredHand, player func(string) *Player, spelt func(string) string) {
	for i, name := range sc.Players {
		p := player(names[i])
		p.Hands++
		if h.Scorer == name {
			p.HandsWon++
			p.HandPoints += h.Points
		}
		if !ginrummy.SameName(h.By, name) { // as the file spells it
			continue
		}
		// Big gin by what the player did (rules without its bonus score it as
		// gin); the rest by what the hand scored as: a knock with no
		// deadwood is gin.
		if h.Ending != nil && *h.Ending == ginrummy.WentBigGin {
			p.BigGins++
			continue
		}
		switch k := h.Kind; {
		case k.ByHand:
		case k.Undercut:
			p.Knocks++
			p.UndercutsSuffered++
		case k.Ending == ginrummy.Knocked:
			p.Knocks++
		case k.Ending == ginrummy.WentGin:
			p.Gins++
		}
	}
	if h.Kind.Undercut && h.Scorer != "" {
		player(spelt(h.Scorer)).UndercutsMade++
	}
}
