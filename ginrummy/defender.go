package ginrummy

// DefenderDeadwood is the deadwood DefenderReply leaves the defender against the
// knocker's melds, and nothing else: the same joint choice of melds and
// layoffs, with nothing laid off on gin (melds of ten or eleven cards). It
// allocates nothing, for callers that weigh many defenders against one knock.
//
// The melds must be valid, disjoint and hold no card of the defender, as
// DefenderReply checks; DefenderDeadwood trusts its caller.
func DefenderDeadwood(knocker []Meld, defender Hand) int {
	var melded Hand
	for _, m := range knocker {
		melded |= Hand(m)
	}
	if melded.Len() >= 10 {
		return defender.Deadwood()
	}
	// Most defenders hold no card that any meld takes: nothing to search.
	var takes Hand
	for _, m := range knocker {
		if m.IsSet() {
			takes |= setFourth(Hand(m))
		} else {
			takes |= cardAbove(Hand(m)) | cardBelow(Hand(m))
		}
	}
	if takes&defender == 0 {
		return defender.Deadwood()
	}
	s := layoffSearch{melds: knocker, defender: defender, deadwood: 1 << 30}
	s.walk(0, 0)
	return s.deadwood
}
