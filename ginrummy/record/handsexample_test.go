package record_test

import (
	"os"
	"path/filepath"
	"runtime"
)

// handsExample is HANDS.md's example record (the README's third hand: Ann
// draws her gin card, the 5♣, at turn 5), kept once for every package's
// tests in testdata/hands/example.txt. The path is found from this file,
// not the working folder: the tests run gin, this binary, in other folders.
func handsExample() string {
	_, here, _, _ := runtime.Caller(0)
	text, err := os.ReadFile(filepath.Join(filepath.Dir(here), "../../testdata", "hands", "example.txt"))
	if err != nil {
		panic(err)
	}
	return string(text)
}
