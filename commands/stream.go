package commands

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// A stream analyzes input one line at a time on every core and writes the
// results in input order, in constant memory:
//
//	reader ──batches of whole lines──▶ workers (one per core) ──▶ writer
//
// The reader cuts the input into batches of whole lines; each worker turns a
// batch into output and error text; the writer puts the batches back in
// input order. A fixed number of batches circulates, so the reader waits when
// the writer is behind, and memory does not grow with the input.

const (
	// batchSize is how much input a batch takes when lines are short: small
	// enough that the batches in circulation and their output stay a few
	// megabytes, large enough that handing batches around costs nothing.
	batchSize = 16 << 10
	// maxLine is the longest input line; a longer one is reported and
	// skipped. A hand of all 52 cards in the wordiest notation takes under
	// 600 bytes.
	maxLine = 64 << 10
)

// A lineHandler appends the output for one line of input to out. no reports
// that the answer to a check is no; err that the line is bad. Each worker has
// its own handler, which may keep state from one line to the next.
type lineHandler func(out, line []byte, num int) (_ []byte, no bool, err error)

// batch is a run of whole input lines and what became of them.
type batch struct {
	seq   int    // order in the input
	first int    // line number of the first line
	in    []byte // whole lines; the last may lack its newline at the end of input
	long  bool   // the batch is one overlong line, skipped
	out   []byte // output
	errs  []byte // error messages
	bad   int    // bad lines
	noes  int    // lines whose check said no
	lines int    // lines handled: not blank, not a comment
}

// streamResult counts what happened to the lines.
type streamResult struct {
	bad, noes, lines int
}

// The most workers a stream runs, so that memory stays bounded on any
// machine: with --all (oneLine) one line's output can be a hundred
// megabytes, so fewer lines are in flight.
const (
	maxWorkers        = 8
	maxOneLineWorkers = 2
)

// streamShape returns how many workers a stream runs and how many batches
// it keeps: two batches per worker keep every worker busy while the reader
// fills one and the writer empties another; more buys no speed, only memory.
func streamShape(oneLine bool) (workers, window int) {
	workers = min(runtime.GOMAXPROCS(0), maxWorkers)
	if oneLine {
		workers = min(workers, maxOneLineWorkers)
	}
	return workers, 2*workers + 2
}

// stream reads lines from r and writes each handler's output to w and its
// errors, as "gin: line N: …", to ew. newHandler is called once per worker.
// With oneLine, a batch holds one line: for output so large per line (every
// arrangement of a big hand) that a batch of them would not fit in memory.
func stream(r io.Reader, w, ew io.Writer, newHandler func() lineHandler, oneLine bool) (streamResult, error) {
	workers, window := streamShape(oneLine)
	s := &streamer{
		free:    make(chan *batch, window),
		todo:    make(chan *batch, window),
		done:    make(chan *batch, window),
		quit:    make(chan struct{}),
		oneLine: oneLine,
	}
	for range window {
		s.free <- &batch{in: make([]byte, 0, maxLine)}
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			handle := newHandler()
			for b := range s.todo {
				work(b, handle)
				s.done <- b
			}
		})
	}
	var readErr error
	go func() {
		readErr = s.read(r)
		close(s.todo)
		wg.Wait()
		close(s.done)
	}()
	res, writeErr := s.write(w, ew, window)
	if writeErr != nil {
		// The output is gone: return now rather than wait for input that may
		// be slow to come; the reader stops at its next batch.
		return res, writeErr
	}
	// done is closed after read returns, so readErr is set.
	return res, readErr
}

type streamer struct {
	free, todo, done chan *batch
	quit             chan struct{} // closed when output fails: stop reading
	oneLine          bool          // a batch holds one line
}

// keepOutput is the most output a batch keeps for the next: a buffer grown
// larger by one huge line is let go, so memory returns to what lines need.
const keepOutput = 1 << 20

// read cuts r into batches of whole lines. A batch holds what the reads gave
// until a newline arrived, cut after the last newline, so lines reach the
// output as soon as they arrive, however slowly the input comes.
func (s *streamer) read(r io.Reader) error {
	var carry []byte // input read but not yet batched: the start of a line, or more
	line, seq, eof := 1, 0, false
	for {
		var b *batch
		select {
		case b = <-s.free:
		case <-s.quit:
			return nil
		}
		b.in = append(b.in[:0], carry...)
		limit := max(batchSize, len(b.in))
		for scanned := 0; !eof && bytes.IndexByte(b.in[scanned:], '\n') < 0; {
			if len(b.in) == limit {
				if limit == maxLine {
					break
				}
				limit = maxLine // a long line: read on until it ends
			}
			scanned = len(b.in)
			n, err := r.Read(b.in[len(b.in):limit])
			b.in = b.in[:len(b.in)+n]
			if err == io.EOF {
				eof = true
			} else if err != nil {
				s.free <- b
				return err
			}
		}
		if len(b.in) == 0 {
			s.free <- b
			return nil
		}
		if seq == 0 && bytes.HasPrefix(b.in, []byte("\uFEFF")) {
			b.in = b.in[:copy(b.in, b.in[len("\uFEFF"):])] // a byte-order mark
		}
		cut := len(b.in)
		switch {
		case s.oneLine:
			if i := bytes.IndexByte(b.in, '\n'); i >= 0 {
				cut = i + 1
			}
		case !eof:
			cut = bytes.LastIndexByte(b.in, '\n') + 1
		}
		b.seq, b.first, b.long = seq, line, cut == 0
		seq++
		if b.long {
			// No newline in a full buffer: report the line and skip to its end.
			var err error
			b.in = b.in[:0]
			if carry, eof, err = skipLine(r, carry); err != nil {
				s.free <- b
				return err
			}
			line++
		} else {
			carry = append(carry[:0], b.in[cut:]...)
			b.in = b.in[:cut]
			line += bytes.Count(b.in, []byte{'\n'})
		}
		s.todo <- b
	}
}

// skipLine reads past the next newline and returns what followed it in the
// same read, reusing buf.
func skipLine(r io.Reader, buf []byte) (rest []byte, eof bool, err error) {
	buf = buf[:cap(buf)]
	if len(buf) < 4<<10 {
		buf = make([]byte, 4<<10)
	}
	for {
		n, err := r.Read(buf)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return append(buf[:0], buf[i+1:n]...), err == io.EOF, nil
		}
		if err == io.EOF {
			return buf[:0], true, nil
		}
		if err != nil {
			return nil, false, err
		}
	}
}

// work runs the handler over each line of a batch that is not blank or a
// comment.
func work(b *batch, handle lineHandler) {
	b.out, b.errs, b.bad, b.noes, b.lines = b.out[:0], b.errs[:0], 0, 0, 0
	if b.long {
		b.errs = fmt.Appendf(b.errs, "gin: line %d: longer than %d bytes\n", b.first, maxLine)
		b.bad++
		b.lines++
		return
	}
	in := b.in
	for num := b.first; len(in) > 0; num++ {
		line := in
		if i := bytes.IndexByte(in, '\n'); i >= 0 {
			line, in = in[:i], in[i+1:]
		} else {
			in = nil
		}
		if skippable(line) {
			continue
		}
		b.lines++
		out, no, err := handle(b.out, line, num)
		b.out = out
		if no {
			b.noes++
		}
		if err != nil {
			b.errs = fmt.Appendf(b.errs, "gin: line %d: %v\n", num, err)
			b.bad++
		}
	}
}

// skippable reports whether a line is blank or a comment: its first
// character that is not a space or a tab is "#".
func skippable(line []byte) bool {
	for _, c := range line {
		switch c {
		case ' ', '\t', '\r':
		case '#':
			return true
		default:
			return false
		}
	}
	return true
}

// write emits the finished batches in input order and hands them back to the
// reader. window is the number of batches in circulation: a batch is never
// further ahead of the next one to write.
func (s *streamer) write(w, ew io.Writer, window int) (streamResult, error) {
	var res streamResult
	var err error
	pending := make([]*batch, window)
	next := 0
	for b := range s.done {
		pending[b.seq%window] = b
		for p := pending[next%window]; p != nil && p.seq == next; p = pending[next%window] {
			pending[next%window] = nil
			next++
			res.bad += p.bad
			res.noes += p.noes
			res.lines += p.lines
			if err == nil {
				err = emit(w, p.out)
				if err == nil {
					err = emit(ew, p.errs)
				}
				if err != nil {
					close(s.quit)
					return res, err
				}
			}
			if cap(p.out) > keepOutput {
				p.out = nil
			}
			s.free <- p
		}
	}
	return res, err
}

// emit writes b unless it is empty.
func emit(w io.Writer, b []byte) error {
	if len(b) == 0 {
		return nil
	}
	_, err := w.Write(b)
	return err
}
