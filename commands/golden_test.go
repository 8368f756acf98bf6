package commands

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in ../testdata/golden")

// goldenStdin is a file of hands as a person would keep one.
const goldenStdin = `# Sunday's hands
7h 8h 9h Ks Kd Kc 2c 3c 4c 9d

7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd
10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 5♦ 5♣ 5♠
7h 8h 9h Ks Kd Kc 2c 3c 4c 1d
2c 5d 8h Js Qd Kc 3h 6s 9c Td
`

// TestGolden compares the text output of whole runs with the files in
// testdata/golden: stdout, then stderr and the exit status.
func TestGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		stdin string
		args  string
	}{
		{"analyze-10-knock", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"},
		{"analyze-10-gin", "", "analyze 10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 5♦ 5♣ 5♠"},
		{"analyze-10-cannot", "", "analyze 2c 5d 8h Js Qd Kc 3h 6s 9c Td"},
		{"analyze-10-oklahoma", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --rules oklahoma --upcard 5s"},
		{"analyze-11", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd"},
		{"analyze-11-tie", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c Qs Qd"},
		{"analyze-11-gin", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 5c Qd"},
		{"analyze-11-big-gin", "", "analyze 7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c"},
		{"analyze-11-cannot", "", "analyze 2c 5d 8h Js Qd Kc 3h 6s 9c Td 4h"},
		{"analyze-3", "", "analyze Ah 2h 3h"},
		{"analyze-outs", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 5d 6d --outs --seen 4c,7d"},
		{"analyze-all-10", "", "analyze 3h 4h 5h 4c 4s Kc Kd Ks 8c Jd --all"},
		{"analyze-all-11", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c Qs Qd --all --plain"},
		{"analyze-plain", "", "analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c Td Qd --plain"},
		{"analyze-stdin", goldenStdin, "analyze"},
		{"analyze-stdin-json", goldenStdin, "analyze --json"},
		{"analyze-help", "", "analyze --help"},
		{"layoff-melds", "", `layoff 5c 6c 7c Th Jh Qs 2d 9s 4h Ac --melds "7h 8h 9h | Ks Kd Kc"`},
		{"layoff-set-then-run", "", `layoff 8s 9s 2d 3d 4d Kc --melds "8c 8d 8h; 5s 6s 7s"`},
		{"layoff-knocker", "", `layoff 5c 6c 7c Th Jh Qs 2d 9s 4h Ac --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d"`},
		{"layoff-knocker-11", "", `layoff 3s 8s Kc Qd Jc 5d 6d 7d 2s Ah --knocker "3c 3d 3h 2h 4h 9s Ts Js Qs Ks Kd" --plain`},
		{"layoff-gin", "", `layoff 6c 7c 8c Th Jh Qs 2d 9s 4h Ac --melds "7h 8h 9h | Ks Kd Kc | 2c 3c 4c 5c"`},
		{"layoff-knocker-gin", "", `layoff 6c 7c 8c Th Jh Qs 2d 9s 4h Ac --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 5c"`},
		{"layoff-big-gin", "", `layoff 5d 6d 7d Qh Jh Qs 2d 9s 4h Ac --knocker "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c"`},
		{"layoff-none", "", `layoff 2d 5d Jc --melds "7h 8h 9h"`},
		{"layoff-help", "", "layoff --help"},
		{"score-knock", "", "score --knock 5 --deadwood 20"},
		{"score-undercut", "", "score --knock 7 --deadwood 3 --rules modern"},
		{"score-tie-scorepad", "", "score --knock 6 --deadwood 6 --rules scorepad"},
		{"score-big-gin-classic", "", "score --big-gin --deadwood 15"},
		{"score-gin-oklahoma", "", "score --gin --deadwood 12 --rules oklahoma --upcard Qs"},
		{"score-draw", "", "score --draw"},
		{"score-over-limit", "", "score --knock 11 --deadwood 20"},
		{"score-cards", "", `score --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"`},
		{"score-cards-11-plain", "", `score --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac" --plain`},
		{"score-cards-undercut", "", `score --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 4d" --defender "6h Th Jh Qh 5c 6c 7c As 2s 3s"`},
		{"score-cards-big-gin", "", `score --knocker "7h 8h 9h Th Ks Kd Kc 2c 3c 4c 5c" --defender "5d 6d 7d Qh Jh Qs 2d 9s 4h Ac" --rules modern`},
		{"score-help", "", "score --help"},
		{"sheet-help", "", "sheet --help"},
		{"sheet-new-help", "", "sheet new --help"},
		{"sheet-add-help", "", "sheet add --help"},
		{"sheet-edit-help", "", "sheet edit --help"},
		{"sheet-show-help", "", "sheet show --help"},
		{"sheet-undo-help", "", "sheet undo --help"},
		{"sheet-close-help", "", "sheet close --help"},
		{"rules", "", "rules"},
		{"rules-show", "", "rules show classic"},
		{"rules-show-json", "", "rules show oklahoma --json"},
		{"help", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.stdin, shellFields(tt.args)...)
			got := strings.TrimSpace("$ gin "+tt.args) + "\n" + r.stdout
			if r.stderr != "" {
				got += "--- stderr\n" + r.stderr
			}
			got += "--- exit status " + strconv.Itoa(r.code) + "\n"
			compareGolden(t, filepath.Join("..", "testdata", "golden", tt.name+".txt"), got)
		})
	}
}

// compareGolden compares got with the golden file at path, or with -update
// writes it there.
func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./commands -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("the output differs from %s:\n--- got\n%s--- want\n%s", path, got, want)
	}
}
