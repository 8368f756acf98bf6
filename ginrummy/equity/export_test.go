package equity

import "github.com/gin-rummy/gin/ginrummy"

// NewTableFrom builds a table from given hand results, for tests.
func NewTableFrom(r ginrummy.Rules, res Results) (*Table, error) { return newTable(r, res) }
