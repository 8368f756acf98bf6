package equity

import "github.com/gin-rummy/gin/ginrummy"

// NewTableFrom builds a table from given hand results, for tests.
func NewTableFrom(r ginrummy.Rules, res Results) (*Table, error) { return newTable(r, res) }

// NewMatchFrom builds a match's valuer from given hand results, for tests.
func NewMatchFrom(r ginrummy.Rules, res Results) (*Match, error) { return newMatch(r, res) }
