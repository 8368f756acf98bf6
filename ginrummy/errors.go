package ginrummy

// InputError is the family of errors that say the input is wrong: a card, a
// meld, a hand or a position that cannot be, a name, a hand record or a
// file that does not read as what it should be, a hand the rules refuse.
// Giving other input mends it; trying again does not. Each is a typed value
// that says what is wrong and where, in the game's words; a caller words it
// for its own users. The packages of gin (the advice, the records, the
// table, the score sheets) make their input errors members, so one
// errors.As tells them from other failures, such as a file that cannot be
// written:
//
//	var bad ginrummy.InputError
//	if errors.As(err, &bad) { … }
//
// An error that wraps another (a file's path around the reason) is not a
// member itself: what it wraps decides.
type InputError interface {
	error
	// BadInput marks the family; it does nothing.
	BadInput()
}

// BadInput marks a card that does not read as wrong input.
func (e *ParseError) BadInput() {}

// BadInput marks a meld that is not one as wrong input.
func (e *MeldError) BadInput() {}

// BadInput marks a card held twice as wrong input.
func (e *CardError) BadInput() {}

// BadInput marks a knock over the limit as wrong input.
func (e *KnockLimitError) BadInput() {}

// BadInput marks a name that means two players as wrong input.
func (e *AmbiguousNameError) BadInput() {}

// BadInput marks a hand of a game's record that cannot be played as wrong
// input.
func (e *HandError) BadInput() {}

// BadInput marks the refusal as wrong input.
func (e *wordedError) BadInput() {}

// BadInput marks a value a rule cannot take as wrong input.
func (e *RuleError) BadInput() {}
