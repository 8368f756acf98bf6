//go:build race

package commands

// raceOn is set when the tests run with the race detector, which makes a
// program of its own slow to start.
const raceOn = true
