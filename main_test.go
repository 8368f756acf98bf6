package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gin-rummy/gin/commands"
	"github.com/gin-rummy/gin/sheets/testsetup"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// The gin binary the end-to-end tests run, built once for the package (a
// build links the whole program: a second one for a second test was a second
// of CPU that go test ./... has no room for); TestMain removes it.
var (
	ginOnce  sync.Once
	ginDir   string
	ginBin   string
	ginBuild error
)

// buildGin builds the binary once, with a version stamped in as a release
// build would be, and returns its path. It is built without its symbol
// table and debugging information (-s -w), which gin never reads: the link
// took a third less CPU (0.65 s to 0.45 s), the package about 0.25 s less.
func buildGin(t *testing.T) string {
	t.Helper()
	ginOnce.Do(func() {
		if ginDir, ginBuild = os.MkdirTemp("", "gin-e2e-"); ginBuild != nil {
			return
		}
		ginBin = filepath.Join(ginDir, "gin")
		cmd := exec.Command("go", "build", "-ldflags", "-s -w -X github.com/gin-rummy/gin/commands.version=v0.0.0-e2e", "-o", ginBin, ".")
		if out, err := cmd.CombinedOutput(); err != nil {
			ginBuild = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if ginBuild != nil {
		t.Fatal(ginBuild)
	}
	return ginBin
}

// TestMain has the tests' temporary files made in memory where the system
// can (testsetup.InMemory): gin's sheets are written there, and gin itself.
func TestMain(m *testing.M) {
	testsetup.InMemory()
	code := m.Run()
	if ginDir != "" {
		_ = os.RemoveAll(ginDir)
	}
	os.Exit(code)
}

// runGin runs the binary with stdin and returns its output and exit status.
func runGin(t *testing.T, bin string, stdin []byte, args ...string) (stdout, stderr []byte, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.Bytes(), errs.Bytes(), code
}

func TestEndToEnd(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildGin(t)

	t.Run("a file of hands", func(t *testing.T) {
		t.Parallel()
		hands, err := os.ReadFile(filepath.Join("testdata", "hands.txt"))
		if err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runGin(t, bin, hands, "analyze", "--json")
		wantErr := "gin: line 16: card 10 \"1d\": unknown rank \"1\"; did you mean 10d or Ad?\n" +
			"gin: line 17: card 10 \"7h\": duplicate of card 1\n"
		if string(stderr) != wantErr || code != commands.ExitError {
			t.Errorf("stderr %q exit %d, want %q and 2", stderr, code, wantErr)
		}
		golden := filepath.Join("testdata", "golden", "e2e-hands.jsonl")
		if *update {
			if err := os.WriteFile(golden, stdout, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(stdout, want) {
			t.Errorf("gin analyze --json < testdata/hands.txt differs from %s:\n%s", golden, stdout)
		}
	})

	t.Run("exit statuses", func(t *testing.T) {
		t.Parallel()
		tests := []struct {
			args   string
			code   int
			stdout string
			stderr string
		}{
			{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check", commands.ExitOK, "", ""},
			{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check --knock-limit 5", commands.ExitNo, "", ""},
			{"analyze 7h 8h 1h", commands.ExitError, "", "gin: card 3 \"1h\": unknown rank \"1\"; did you mean 10h or Ah?\n"},
			{"--version", commands.ExitOK, "gin v0.0.0-e2e\n", ""},
			{"score --knock 5 --deadwood 20 --json", commands.ExitOK,
				`{"scorer":"knocker","points":15,"kind":"knock","breakdown":[{"label":"deadwood difference","points":15}],"knocker_deadwood":5,"defender_deadwood":20}` + "\n", ""},
			{"score --knock 11 --deadwood 20", commands.ExitError, "", "gin: knock with 11 is over the knock limit of 10\n"},
			{"layoff Ks --melds Kc,Kd,Kh --plain", commands.ExitOK,
				"Knocker:    Kc Kd Kh\nDefender:   Ks\n  Melds:    none\n  Lays off: Ks -> Kc Kd Kh\n  Deadwood: 0 (10 without layoffs)\n", ""},
			{"layoff Ks", commands.ExitError, "", "gin: layoff: give the knocker's melds (--melds \"7h 8h 9h | Ks Kd Kc\") or whole hand (--knocker CARDS)\n"},
		}
		for _, tt := range tests {
			stdout, stderr, code := runGin(t, bin, nil, strings.Fields(tt.args)...)
			if code != tt.code || string(stdout) != tt.stdout || string(stderr) != tt.stderr {
				t.Errorf("gin %s: exit %d stdout %q stderr %q; want %d %q %q", tt.args, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
			}
		}
	})

	t.Run("sheet adds started at once all land", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		rules := filepath.Join(dir, "rules.yaml")
		if err := os.WriteFile(rules, []byte("preset: classic\ntarget: 1000\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		sheet := filepath.Join(dir, "gin-sheet.yaml")
		if _, stderr, code := runGin(t, bin, nil, "sheet", "new", "--players", "Ann,Bob", "--rules", rules, "--sheet", sheet); code != 0 {
			t.Fatalf("sheet new: exit %d: %s", code, stderr)
		}
		// Twenty processes, each with one hand: Ann scores 1, 3, … 19 and
		// Bob 2, 4, … 20, in whatever order the lock lets them in.
		const n = 20
		cmds := make([]*exec.Cmd, n)
		errs := make([]bytes.Buffer, n)
		for i := range cmds {
			winner := []string{"ann", "bob"}[i%2]
			cmds[i] = exec.Command(bin, "sheet", "add", "--winner", winner, "--points", strconv.Itoa(i+1), "--sheet", sheet)
			cmds[i].Stderr = &errs[i]
		}
		for _, cmd := range cmds {
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
		}
		for i, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Errorf("add %d: %v: %s", i+1, err, errs[i].String())
			}
		}
		stdout, stderr, code := runGin(t, bin, nil, "sheet", "show", "--json", "--sheet", sheet)
		if code != 0 {
			t.Fatalf("sheet show: exit %d: %s", code, stderr)
		}
		var sc struct {
			Hands  []json.RawMessage `json:"hands"`
			Totals map[string]int    `json:"totals"`
		}
		if err := json.Unmarshal(stdout, &sc); err != nil {
			t.Fatal(err)
		}
		if len(sc.Hands) != n || sc.Totals["Ann"] != 100 || sc.Totals["Bob"] != 110 {
			t.Errorf("%d hands, totals %v; want %d hands, Ann 100 and Bob 110", len(sc.Hands), sc.Totals, n)
		}
	})

	t.Run("many hands keep their order", func(t *testing.T) {
		t.Parallel()
		var in bytes.Buffer
		// The pipeline (commands/stream.go) cuts the input into batches
		// of 16 KiB, about 530 of these lines (31 bytes each on average),
		// and keeps at most 18 in flight (8 workers at most, 2*8+2
		// batches): 40,000 lines are some 76 batches, four times round
		// all 18 on the largest machine, twelve times round the 6 of two
		// cores.
		n := 40_000
		hands := [][]byte{
			[]byte("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\n"),
			[]byte("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d Qd\n"),
			[]byte("2c 5d 8h Js Qd Kc 3h 6s 9c Td\n"),
		}
		for i := range n {
			in.Write(hands[i%len(hands)])
		}
		stdout, stderr, code := runGin(t, bin, in.Bytes(), "analyze", "--json")
		if code != commands.ExitOK || len(stderr) != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		lines := bytes.Split(bytes.TrimSuffix(stdout, []byte{'\n'}), []byte{'\n'})
		if len(lines) != n {
			t.Fatalf("%d lines of output for %d hands", len(lines), n)
		}
		for i, line := range lines {
			prefix := `{"line":` + strconv.Itoa(i+1) + `,"hand":[`
			if !bytes.HasPrefix(line, []byte(prefix)) || bytes.Count(line, []byte(`"deadwood":`)) != []int{1, 12, 1}[i%3] {
				t.Fatalf("line %d out of order: %.80s", i+1, line)
			}
		}
	})
}
