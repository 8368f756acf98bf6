package bots

// KnockRate is knockRate, for the tests.
var KnockRate = knockRate
