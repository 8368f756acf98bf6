package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/commands"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// buildGin builds the binary, with a version set at link time.
func buildGin(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gin")
	cmd := exec.Command("go", "build", "-ldflags", "-X github.com/gin-rummy/gin/commands.version=v0.0.0-e2e", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
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
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildGin(t)

	t.Run("a file of hands", func(t *testing.T) {
		hands, err := os.ReadFile(filepath.Join("testdata", "hands.txt"))
		if err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runGin(t, bin, hands, "analyze", "--json")
		wantErr := "gin: line 16: card 10 \"1d\": unknown rank \"1\"\n" +
			"gin: line 17: card 10 \"7h\": duplicate\n"
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
		tests := []struct {
			args   string
			code   int
			stdout string
			stderr string
		}{
			{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check", commands.ExitOK, "", ""},
			{"analyze 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d --check --knock-limit 5", commands.ExitNo, "", ""},
			{"analyze 7h 8h 1h", commands.ExitError, "", "gin: card 3 \"1h\": unknown rank \"1\"\n"},
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

	t.Run("many hands keep their order", func(t *testing.T) {
		var in bytes.Buffer
		n := 200_000
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
