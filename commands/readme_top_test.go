package commands

import (
	"os"
	"strings"
	"testing"
)

// The README leads a player at the table to the score pad within its first
// screen or two (issue 25 point 11): install, the folder go install fills
// put on the PATH before the first gin command, then a sheet started and a
// hand added.
func TestREADMELeadsToTheScorePad(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	const screens = 60 // two screens of a small terminal, headings and all
	find := func(what func(string) bool) int {
		for i, l := range lines {
			if what(l) {
				return i
			}
		}
		return len(lines)
	}
	install := find(func(l string) bool { return strings.HasPrefix(l, "go install") })
	path := find(func(l string) bool {
		return strings.HasPrefix(l, "export PATH=") && strings.Contains(l, "$(go env GOPATH)/bin")
	})
	first := find(func(l string) bool { return strings.HasPrefix(l, "$ gin ") })
	newSheet := find(func(l string) bool { return strings.HasPrefix(l, "$ gin sheet new ") })
	add := find(func(l string) bool { return strings.HasPrefix(l, "$ gin sheet add ") })
	if inOrder := install < path && path < first && first == newSheet && newSheet < add && add < screens; !inOrder {
		t.Errorf("README: go install on line %d, the PATH on %d, the first $ gin on %d, gin sheet new on %d, gin sheet add on %d; want them in that order (new first) within %d lines",
			install+1, path+1, first+1, newSheet+1, add+1, screens)
	}
}
