package commands

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
)

// echo is a line handler that copies each line with its number, and says
// that a line is bad when it holds "bad" and that its check is no when it
// holds "no".
func echo() lineHandler {
	return func(out, line []byte, num int) ([]byte, bool, error) {
		if bytes.Contains(line, []byte("bad")) {
			return out, false, errors.New("bad line")
		}
		return fmt.Appendf(out, "%d:%s\n", num, line), bytes.Contains(line, []byte("no")), nil
	}
}

// streamString streams input through echo and returns what it wrote.
func streamString(t *testing.T, r io.Reader) (stdout, stderr string, res streamResult) {
	return streamStringOf(t, r, false)
}

// streamStringOf is streamString in batches of one line, or not.
func streamStringOf(t *testing.T, r io.Reader, oneLine bool) (stdout, stderr string, res streamResult) {
	t.Helper()
	var out, errs bytes.Buffer
	res, err := stream(r, &out, &errs, echo, oneLine)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), errs.String(), res
}

func TestStreamLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, out, errs string
		res                 streamResult
	}{
		{"empty", "", "", "", streamResult{}},
		{"no final newline", "a\nb", "1:a\n2:b\n", "", streamResult{lines: 2}},
		{"blank lines and comments are skipped, but counted",
			"a\n\n \t\r\n# note\n  #note\nb#c\n", "1:a\n6:b#c\n", "", streamResult{lines: 2}},
		{"only blank lines and comments", "\n# note\n \n", "", "", streamResult{}},
		{"carriage returns stay for the handler", "a\r\nb\r\n", "1:a\r\n2:b\r\n", "", streamResult{lines: 2}},
		{"a byte-order mark is dropped", "\uFEFFa\nb\n", "1:a\n2:b\n", "", streamResult{lines: 2}},
		{"only at the start", "a\n\uFEFFb\n", "1:a\n2:\uFEFFb\n", "", streamResult{lines: 2}},
		{"bad lines and noes are counted", "a\nbad\nno\nbad\n", "1:a\n3:no\n",
			"gin: line 2: bad line\ngin: line 4: bad line\n", streamResult{bad: 2, noes: 1, lines: 4}},
	}
	for _, tt := range tests {
		for _, oneLine := range []bool{false, true} {
			out, errs, res := streamStringOf(t, strings.NewReader(tt.in), oneLine)
			if out != tt.out || errs != tt.errs || res != tt.res {
				t.Errorf("%s (one line a batch: %v): stream(%q) wrote %q and %q, %+v; want %q and %q, %+v",
					tt.name, oneLine, tt.in, out, errs, res, tt.out, tt.errs, tt.res)
			}
		}
	}
}

func TestStreamLongLines(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", maxLine+10)
	tests := []struct {
		name, in, out, errs string
	}{
		{"in the middle", "a\n" + long + "\nb\n", "1:a\n3:b\n", fmt.Sprintf("gin: line 2: longer than %d bytes\n", maxLine)},
		{"at the end, without a newline", "a\n" + long, "1:a\n", fmt.Sprintf("gin: line 2: longer than %d bytes\n", maxLine)},
		{"two in a row", long + "\n" + long + "\nc", "3:c\n",
			fmt.Sprintf("gin: line 1: longer than %d bytes\ngin: line 2: longer than %d bytes\n", maxLine, maxLine)},
		{"just short enough", strings.Repeat("y", maxLine-1) + "\nz\n", "1:" + strings.Repeat("y", maxLine-1) + "\n2:z\n", ""},
	}
	for _, tt := range tests {
		for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.HalfReader(strings.NewReader(tt.in))} {
			out, errs, _ := streamString(t, r)
			if out != tt.out || errs != tt.errs {
				t.Errorf("%s: wrote %.40q… and %q; want %.40q… and %q", tt.name, out, errs, tt.out, tt.errs)
			}
		}
	}
}

// TestStreamOrder checks that many lines, read in pieces of every size and
// handled on every core, come out in input order and match the line-by-line
// analysis.
func TestStreamOrder(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	var in strings.Builder
	var lines []string
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	for i := range n {
		deck := ginrummy.FullDeck.Cards()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		line := ginrummy.NewHand(deck[:1+rng.IntN(13)]...).String()
		if i%1000 == 999 {
			line = "Xx " + line // a bad line now and then
		}
		lines = append(lines, line)
		in.WriteString(line + "\n")
	}
	o := &analyzeOptions{limit: 10, json: true}
	// expect returns the output and errors of the first k lines, one by one.
	expect := func(k int) (out, errs []byte) {
		var a render.Analysis
		for i, line := range lines[:k] {
			h, err := ginrummy.ParseHandBytes([]byte(line))
			if err != nil {
				errs = fmt.Appendf(errs, "gin: line %d: %v\n", i+1, err)
				continue
			}
			out, _, _ = o.hand(out, &a, h, i+1)
		}
		return out, errs
	}
	if distinct := len(uniq(lines)); distinct < 1000 {
		t.Fatalf("only %d distinct lines: the stream is not tested on varied input", distinct)
	}
	input := func(k int) string { return strings.Join(lines[:k], "\n") + "\n" }
	tests := []struct {
		name  string
		lines int
		r     func(io.Reader) io.Reader
	}{
		{"whole", n, func(r io.Reader) io.Reader { return r }},
		{"halves", n, iotest.HalfReader},
		{"one byte", n / 20, iotest.OneByteReader},
	}
	for _, tt := range tests {
		var out, errs bytes.Buffer
		if _, err := stream(tt.r(strings.NewReader(input(tt.lines))), &out, &errs, o.handler, false); err != nil {
			t.Fatal(err)
		}
		want, wantErrs := expect(tt.lines)
		if !bytes.Equal(out.Bytes(), want) || !bytes.Equal(errs.Bytes(), wantErrs) {
			t.Errorf("%s: streamed output differs from the line-by-line analysis", tt.name)
		}
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestStreamErrors(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("7h 8h 9h\n", 100_000)
	if _, err := stream(strings.NewReader(big), failingWriter{}, io.Discard, echo, false); err == nil || err.Error() != "disk full" {
		t.Errorf("failing stdout: error %v, want disk full", err)
	}
	r := io.MultiReader(strings.NewReader("a\nb\n"), iotest.ErrReader(errors.New("read failed")))
	var out bytes.Buffer
	if _, err := stream(r, &out, io.Discard, echo, false); err == nil || err.Error() != "read failed" || out.String() != "1:a\n2:b\n" {
		t.Errorf("failing stdin: error %v after %q, want read failed after both lines", err, out.String())
	}
	// Through the command: the error is printed and the status is 2.
	app := testApp()
	var stderr bytes.Buffer
	app.Reader, app.Writer, app.ErrWriter = iotest.ErrReader(errors.New("read failed")), io.Discard, &stderr
	if err := app.Run([]string{"gin", "analyze"}); ExitCode(err) != ExitError || stderr.String() != "gin: read failed\n" {
		t.Errorf("gin analyze with a failing stdin: %q, exit %d", stderr.String(), ExitCode(err))
	}
}

func TestAnalyzeWriteError(t *testing.T) {
	t.Parallel()
	app := testApp()
	var stderr bytes.Buffer
	app.Reader, app.Writer, app.ErrWriter = strings.NewReader(""), failingWriter{}, &stderr
	err := app.Run([]string{"gin", "analyze", "7h", "8h", "9h"})
	if ExitCode(err) != ExitError || stderr.String() != "gin: disk full\n" {
		t.Errorf("gin analyze with a failing stdout: %q, exit %d", stderr.String(), ExitCode(err))
	}
}

// uniq returns the distinct strings of s.
func uniq(s []string) map[string]bool {
	m := make(map[string]bool, len(s))
	for _, x := range s {
		m[x] = true
	}
	return m
}

// What a stream holds does not grow with the number of cores: at 64 it is
// what it is at 8, and with --all what it is at 2. It runs alone, not in
// parallel: it sets GOMAXPROCS.
func TestStreamMemoryBoundedWhateverTheCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(64))
	if _, window := streamShape(false); window > 2*maxWorkers+2 {
		t.Errorf("%d batches in flight at 64 cores", window)
	}
	if _, window := streamShape(true); window > 6 {
		t.Errorf("%d lines of --all in flight at 64 cores, at most 6 hold every arrangement of a big hand in about 600 MB", window)
	}
}
