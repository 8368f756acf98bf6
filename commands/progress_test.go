package commands

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// testProgress is a progress line of width columns on w, on a clock the test
// moves by setting *clock.
func testProgress(w *bytes.Buffer, total, width int, clock *time.Duration) *progress {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return &progress{w: w, what: "games", total: total, width: width, start: start,
		now: func() time.Time { return start.Add(*clock) }}
}

func TestProgressLine(t *testing.T) {
	t.Parallel()
	var w bytes.Buffer
	var clock time.Duration
	p := testProgress(&w, 1000, 60, &clock)
	steps := []struct {
		at   time.Duration
		do   func()
		want string // what the step writes
	}{
		// 34 columns of bar: 412 of 1,000 fill 14 of them, then the arrow.
		{500 * time.Millisecond, func() { p.Set(412, 1000) }, "\rgames [==============>                   ]   412/1,000  41%\x1b[K"},
		// Within a tenth of a second of the last drawing: nothing.
		{550 * time.Millisecond, func() { p.Add(1) }, ""},
		{599 * time.Millisecond, func() { p.Add(1) }, ""},
		// 10 s for 412, so about 14 s for the 588 left; the bar makes room.
		{10 * time.Second, func() { p.Set(412, 1000) }, "\rgames [=======>         ]   412/1,000  41%  about 14 s left\x1b[K"},
		{20 * time.Second, func() { p.Add(588) }, "\rgames [==================================] 1,000/1,000 100%\x1b[K"},
		{30 * time.Second, func() { p.Finish() }, "\r\x1b[K"},
		// Once finished, nothing more, and the line is wiped once.
		{40 * time.Second, func() { p.Finish() }, ""},
		{50 * time.Second, func() { p.Add(1) }, ""},
	}
	for i, s := range steps {
		clock = s.at
		w.Reset()
		s.do()
		if got := w.String(); got != s.want {
			t.Errorf("step %d at %v: wrote %q, want %q", i, s.at, got, s.want)
		}
		if line := strings.TrimSuffix(strings.TrimPrefix(w.String(), "\r"), "\x1b[K"); len(line) > 59 {
			t.Errorf("step %d: a line of %d columns on a terminal of 60: it would wrap", i, len(line))
		}
	}
}

func TestProgressNarrow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		width int
		at    time.Duration
		want  string
	}{
		// No room for the bar beside the time left: the time left goes first.
		{50, 10 * time.Second, "games [=========>              ]   412/1,000  41%"},
		// No room for the bar at all.
		{30, 10 * time.Second, "games   412/1,000  41%"},
		{30, 0, "games   412/1,000  41%"},
		// Not even room for the counts: cut, never wrapped.
		{20, 0, "games   412/1,000  "},
	}
	for _, tt := range tests {
		var w bytes.Buffer
		clock := tt.at
		p := testProgress(&w, 1000, tt.width, &clock)
		p.Set(412, 1000)
		if got := strings.TrimSuffix(strings.TrimPrefix(w.String(), "\r"), "\x1b[K"); got != tt.want {
			t.Errorf("width %d after %v: %q, want %q", tt.width, tt.at, got, tt.want)
		}
	}
}

func TestProgressNoTerminal(t *testing.T) {
	t.Parallel()
	app := testApp()
	var stderr bytes.Buffer
	app.ErrWriter = &stderr
	p := newProgressOn(app.ErrWriter, 10, "games")
	if p != nil {
		t.Fatalf("newProgressOn on a buffer = %+v, want nil: no terminal, no line", p)
	}
	p.Add(1) // a nil *progress does nothing
	p.Set(5, 10)
	p.Finish()
	if stderr.Len() != 0 {
		t.Errorf("wrote %q with no terminal", stderr.String())
	}

	var w bytes.Buffer
	var clock time.Duration
	testProgress(&w, 10, 80, &clock).Finish()
	if w.Len() != 0 {
		t.Errorf("Finish of a line never drawn wrote %q; want nothing", w.String())
	}
}

func TestRoughDuration(t *testing.T) {
	t.Parallel()
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0 s"},
		{14270 * time.Millisecond, "14 s"},
		{59400 * time.Millisecond, "59 s"},
		{59600 * time.Millisecond, "1 min"},
		{89 * time.Second, "1 min"},
		{90 * time.Second, "2 min"},
		{59*time.Minute + 40*time.Second, "1 h 0 min"},
		{2*time.Hour + 30*time.Minute, "2 h 30 min"},
	}
	for _, tt := range tests {
		if got := roughDuration(tt.d); got != tt.want {
			t.Errorf("roughDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
