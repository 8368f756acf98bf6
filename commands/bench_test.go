package commands

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkAnalyzeStream runs gin analyze over stdin, as a pipe would, and
// reports hands per second across all cores.
func BenchmarkAnalyzeStream(b *testing.B) {
	const hands = 100_000
	for _, bc := range []struct {
		name string
		size int
		args []string
	}{
		{"json10", 10, []string{"--json"}},
		{"json11", 11, []string{"--json"}},
		{"text10", 10, nil},
		{"check10", 10, []string{"--check"}},
	} {
		input := randomHands(hands, bc.size)
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			for b.Loop() {
				app := NewApp()
				app.Reader = bytes.NewReader(input)
				app.Writer, app.ErrWriter = io.Discard, io.Discard
				err := app.Run(append([]string{"gin", "analyze"}, bc.args...))
				if ExitCode(err) == ExitError {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(hands*b.N)/b.Elapsed().Seconds(), "hands/s")
		})
	}
}

// BenchmarkAnalyzeLine measures the work on one line, on one core: parsing,
// analysis and JSON.
func BenchmarkAnalyzeLine(b *testing.B) {
	for _, size := range []int{10, 11} {
		lines := bytes.Split(bytes.TrimSuffix(randomHands(1<<12, size), []byte{'\n'}), []byte{'\n'})
		b.Run(map[int]string{10: "json10", 11: "json11"}[size], func(b *testing.B) {
			o := &analyzeOptions{limit: 10, json: true}
			handle := o.handler()
			var out []byte
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				var err error
				out, _, err = handle(out[:0], lines[i&(len(lines)-1)], i+1)
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
