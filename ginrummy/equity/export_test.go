package equity

import "github.com/gin-rummy/gin/ginrummy"

// NewTableFrom builds a table from given hand results, for tests.
func NewTableFrom(r ginrummy.Rules, res Results) (*Table, error) { return newTable(r, res) }

// NewMatchFrom builds a match's valuer from given hand results, for tests.
func NewMatchFrom(r ginrummy.Rules, res Results) (*Match, error) { return newMatch(r, res) }

// Cached is how many states' figures the match keeps.
func (m *Match) Cached() (values, before int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.values), len(m.before)
}

// MeasuredText is the embedded measured.txt.
var MeasuredText = measuredText

// MeasuredHands is the embedded measured hands, read once.
var MeasuredHands = measuredHands

// EndsAndDeals is whether a game of the match at t has ended, and who deals
// after dealer's hand ended with o, from the rules the match keeps apart.
func (m *Match) EndsAndDeals(t ginrummy.Tally, dealer int, o ginrummy.Outcome) (bool, int) {
	return m.ends(&t), m.dealsNext(dealer, o)
}
