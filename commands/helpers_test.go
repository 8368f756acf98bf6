package commands

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

// result is what one run of the app printed and its exit status.
type result struct {
	stdout, stderr string
	code           int
}

// testApp is gin for a test that runs it in-process, beside other tests:
// its sheet commands leave the garbage collector's settings alone
// (App.KeepGC), where the soft memory limit one sets for its sheet held the
// whole test process to it (a collection at every few MB).
func testApp() *App {
	app := NewApp()
	app.KeepGC = true
	return app
}

// run runs gin in-process with args after the program name and stdin as input.
func run(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	app := testApp()
	var stdout, stderr bytes.Buffer
	app.Reader = strings.NewReader(stdin)
	app.Writer, app.ErrWriter = &stdout, &stderr
	err := app.Run(append([]string{"gin"}, args...))
	return result{stdout.String(), stderr.String(), ExitCode(err)}
}

// runApart runs gin as a program of its own (the test binary, as TestMain
// allows), for tests that need what a program has alone: commands run at
// once as two programs (their locks on a file), a signal, a terminal.
func runApart(t *testing.T, args ...string) result {
	t.Helper()
	return runIn(t, "", "", args...)
}

// runIn is runApart in the folder dir ("" for the test's own) with stdin as
// input, for a command that works in the folder from goroutines of its own
// (gin arena --record), which a test's folder (parallelIn) does not reach.
func runIn(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIN_TEST_RUN_APP=1")
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// fields splits a string of cards on spaces; "" gives none.
func fields(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Fields(s)
}

// shellFields splits a command line on spaces as a shell would, keeping
// what is inside double quotes together: --melds "7h 8h 9h | Ks Kd Kc".
func shellFields(s string) []string {
	var args []string
	var arg strings.Builder
	quoted, started := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, started = !quoted, true
		case r == ' ' && !quoted:
			if started {
				args = append(args, arg.String())
			}
			arg.Reset()
			started = false
		default:
			arg.WriteRune(r)
			started = true
		}
	}
	if started {
		args = append(args, arg.String())
	}
	return args
}

// randomHands returns n random hands of the given size in canonical
// notation, one per line, the same every run.
func randomHands(n, size int) []byte {
	rng := rand.New(rand.NewPCG(2026, uint64(size)))
	var b []byte
	for range n {
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		for i, c := range deck[:size] {
			if i > 0 {
				b = append(b, ' ')
			}
			b = append(b, c.String()...)
		}
		b = append(b, '\n')
	}
	return b
}
