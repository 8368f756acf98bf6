package commands

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestArenaHelperProcess is not a test: it is gin, run as a process of its
// own by the tests below (GIN_TEST_ARENA holds its arguments), so that they
// can send it a real Ctrl-C.
func TestArenaHelperProcess(t *testing.T) {
	t.Parallel()
	args := os.Getenv("GIN_TEST_ARENA")
	if args == "" {
		t.Skip("run by the tests that send gin arena a Ctrl-C")
	}
	os.Exit(ExitCode(NewApp().Run(append([]string{"gin"}, strings.Fields(args)...))))
}

// startArena starts gin arena with args as a process of its own, its stdout
// to stdout, and returns once the games are under way: when it has used a
// tenth of a second of processor time, ten times what it takes to start,
// read its flags and set its Ctrl-C handler (gin rules, run the same way,
// takes under a hundredth in all), a fifth under the race detector. Every
// hundredth waited for is one the program burns on play-outs of no use.
func startArena(t *testing.T, args string, stdout *os.File) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestArenaHelperProcess$")
	cmd.Env = append(os.Environ(), "GIN_TEST_ARENA="+args)
	cmd.Stdout = stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	going := 10
	if raceOn {
		going = 20
	}
	for deadline := time.Now().Add(20 * time.Second); cpuTicks(t, cmd.Process.Pid) < going; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("gin arena did not get going within 20 s")
		}
	}
	return cmd
}

// cpuTicks is the processor time process pid has used, in hundredths of a
// second (utime and stime in /proc/PID/stat).
func cpuTicks(t *testing.T, pid int) int {
	t.Helper()
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, _ := strconv.Atoi(fields[11])
	stime, _ := strconv.Atoi(fields[12])
	return utime + stime
}

// waitFor waits for cmd to end, at most d.
func waitFor(t *testing.T, cmd *exec.Cmd, d time.Duration) (*os.ProcessState, time.Duration) {
	t.Helper()
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return cmd.ProcessState, time.Since(start)
	case <-time.After(d):
		_ = cmd.Process.Kill()
		t.Logf("gin arena killed after %v: %v", d, <-done)
		return nil, d
	}
}

// Ctrl-C stops gin arena within a second or two however many play-outs a
// decision makes (at 100,000 an option, a decision takes a second or more
// and a game minutes), and it prints the results of the deals played in
// both seats: none here.
func TestArenaCtrlCStopsAtOnce(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close() }()
	cmd := startArena(t, "arena --bots advise,simple --playouts 100000 --games 100", w)
	_ = w.Close()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	// Two seconds, as promised; the race detector's build runs many times
	// slower, so there the test only asks that it stops.
	limit := 2 * time.Second
	if raceOn {
		limit = 20 * time.Second
	}
	state, took := waitFor(t, cmd, limit)
	if state == nil {
		t.Fatalf("gin arena still running %v after Ctrl-C", limit)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(r); err != nil {
		t.Fatal(err)
	}
	if state.ExitCode() != ExitInterrupted || !strings.Contains(out.String(), "Stopped: the results so far. There are none: no deal was played in both seats") ||
		!strings.Contains(out.String(), "\n0 games in") {
		t.Errorf("Ctrl-C: %v after %v, stdout %q; want exit 130 and no games", state, took, out.String())
	}
}

// A second Ctrl-C ends gin arena at once, as it ends any program, even when
// the first has not: here its output is stuck in a full pipe nobody reads.
func TestArenaSecondCtrlCEndsIt(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	r, w := os.NewFile(uintptr(fds[0]), "stdout r"), os.NewFile(uintptr(fds[1]), "stdout w")
	defer func() { _ = r.Close() }()
	// Fill the pipe: the arena's results will wait for room that never comes.
	if err := syscall.SetNonblock(fds[1], true); err != nil {
		t.Fatal(err)
	}
	fill := make([]byte, 4096)
	for {
		if _, err := syscall.Write(fds[1], fill); err != nil {
			break
		}
	}
	if err := syscall.SetNonblock(fds[1], false); err != nil {
		t.Fatal(err)
	}
	cmd := startArena(t, "arena --bots advise,simple --playouts 100000 --games 100", w)
	_ = w.Close()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	state, _ := waitFor(t, cmd, 2*time.Second)
	if state == nil {
		t.Fatal("gin arena still running 2 s after a second Ctrl-C")
	}
	if ws, ok := state.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("a second Ctrl-C: %v; want gin ended by the signal", state)
	}
}
