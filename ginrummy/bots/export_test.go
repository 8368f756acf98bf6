package bots

// KnockRate is knockRate, for the tests.
var KnockRate = knockRate

// TookMelds is tookMelds, for the tests.
var TookMelds = tookMelds
