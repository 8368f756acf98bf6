package commands

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/gin-rummy/gin/commands/render"
)

// progress is the line on standard error that says how far a long run has
// got: what it counts, a bar, how many of how many, and the time left, as
//
//	games [=========>            ]   412/1,000  41%  about 12 s left
//
// It is drawn only when standard error is a terminal, redrawn in place at
// most every progressEvery, and wiped by Finish. A nil *progress does
// nothing, so a caller need not ask whether there is a terminal. Its methods
// may be called from any goroutine.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	what     string
	total    int
	done     int
	width    int
	now      func() time.Time
	start    time.Time
	drawn    time.Time
	visible  bool
	finished bool
}

// progressEvery is the least time between two drawings of a progress line.
const progressEvery = 100 * time.Millisecond

// newProgressOn returns the progress line of a run of total things, named
// by what ("games", "positions"), on w (standard error), or nil when w is
// not a terminal.
func newProgressOn(w io.Writer, total int, what string) *progress {
	if !render.IsTerminal(w) {
		return nil
	}
	return &progress{w: w, what: what, total: total, width: render.OutputWidth(w), now: time.Now, start: time.Now()}
}

// Add counts n more things done.
func (p *progress) Add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	p.draw()
}

// Set says that done things are done of total, which may have grown since
// the line was made (gin review advises some positions again).
func (p *progress) Set(done, total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done, p.total = done, total
	p.draw()
}

// Finish wipes the line, so that what the command prints next starts on a
// clean line. Call it before printing the results.
func (p *progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.wipe()
	p.finished = true
}

// wipe takes the line off the screen, if it is on it. p.mu is held.
func (p *progress) wipe() {
	if p.visible {
		_, _ = io.WriteString(p.w, "\r\x1b[K")
		p.visible = false
	}
}

// draw writes the line if it has not been written in the last progressEvery.
func (p *progress) draw() {
	now := p.now()
	if p.finished || (p.visible && now.Sub(p.drawn) < progressEvery) {
		return
	}
	p.drawn, p.visible = now, true
	_, _ = io.WriteString(p.w, "\r"+p.line(now.Sub(p.start))+"\x1b[K")
}

// line is the text of the progress line after elapsed, in ASCII so that any
// terminal shows it, one column short of the width so that it never wraps:
// the time left goes first when there is no room, then the bar.
func (p *progress) line(elapsed time.Duration) string {
	done := min(max(p.done, 0), p.total)
	percent := 100
	if p.total > 0 {
		percent = 100 * done / p.total
	}
	counts := fmt.Sprintf(" %*s/%s %3d%%", len(render.Thousands(p.total)), render.Thousands(done), render.Thousands(p.total), percent)
	tails := []string{counts}
	if done > 0 && done < p.total && elapsed >= time.Second {
		left := elapsed * time.Duration(p.total-done) / time.Duration(done)
		tails = []string{counts + "  about " + roughDuration(left) + " left", counts}
	}
	for _, tail := range tails {
		if room := min(p.width-1-len(p.what)-len(tail)-3, 40); room >= 10 {
			filled := room
			if p.total > 0 {
				filled = room * done / p.total
			}
			bar := strings.Repeat("=", filled)
			if filled < room {
				bar += ">" + strings.Repeat(" ", room-filled-1)
			}
			return p.what + " [" + bar + "]" + tail
		}
	}
	line := p.what + tails[0]
	if len(line) > p.width-1 {
		line = p.what + counts
	}
	return line[:min(len(line), p.width-1)]
}

// roughDuration writes d to the second under a minute, then to the minute.
func roughDuration(d time.Duration) string {
	if d = d.Round(time.Second); d < time.Minute {
		return fmt.Sprintf("%d s", d/time.Second)
	}
	if d = d.Round(time.Minute); d < time.Hour {
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return fmt.Sprintf("%d h %d min", d/time.Hour, d%time.Hour/time.Minute)
}

// Clear wipes the line for now, so that a result may be printed on a clean
// line while the run goes on: the next count draws it again.
func (p *progress) Clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.wipe()
}
