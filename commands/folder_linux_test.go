package commands

import (
	"runtime"
	"sync"
	"syscall"
	"testing"
)

// parallelIn runs the rest of the test in the folder dir, as t.Chdir does,
// beside other tests (t.Parallel): the test's goroutine is locked to its
// thread, which is given a working folder of its own (unshare CLONE_FS), so
// that the files the test names relative and the gin it runs in-process
// (run) are in dir, while the process, and every other test, stays where it
// was. The thread is never unlocked: it ends with the test's goroutine.
//
// Only the test's goroutine is in dir: a subtest must call parallelIn
// itself, and what gin does on goroutines of its own (gin arena --record
// writes its records from the games' workers) is in the package's folder,
// so such a command runs apart (runIn). TestMain fails the tests when a
// file is left in the package's folder.
func parallelIn(t *testing.T, dir string) {
	t.Helper()
	if !threadFolders() {
		t.Chdir(dir)
		return
	}
	t.Parallel()
	runtime.LockOSThread()
	if err := syscall.Unshare(syscall.CLONE_FS); err != nil {
		t.Fatalf("a working folder for the test's thread: %v", err)
	}
	if err := syscall.Chdir(dir); err != nil {
		t.Fatal(err)
	}
}

// parallelAbove lets a test whose subtests each take a folder of their own
// (parallelIn) run beside other tests: where a thread cannot have a
// folder of its own, the subtests move the process (t.Chdir), and the test
// runs alone.
func parallelAbove(t *testing.T) {
	if threadFolders() {
		t.Parallel()
	}
}

// threadFolders reports whether a thread may have a working folder of its
// own here (a sandbox may refuse unshare); where it may not, parallelIn is
// t.Chdir, and the test runs alone.
var threadFolders = sync.OnceValue(func() bool {
	ok := make(chan bool)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
		ok <- syscall.Unshare(syscall.CLONE_FS) == nil
	}()
	return <-ok
})
