package record

import "github.com/gin-rummy/gin/ginrummy/table"

// Shown is how the hand of a replayed record (Replay, to its end) ended as
// player seat saw it (table.Played.Shown): the evidence of how the other
// player plays that advice.LearnStyle learns from. It is false when the
// record does not show its end: a hand still in play, or one ended by a
// knock, gin or big gin whose cards were never all shown (no `shows`), as
// the knocker's deadwood (an early knock, or gin) and the defender's cards
// (could they have knocked?) are then unknown. A drawn hand shows its end
// and no cards.
func Shown(round *table.Round, seat int) (table.Shown, bool) {
	if !round.Scored() {
		return table.Shown{}, false
	}
	return round.Result().Shown(seat), true
}
