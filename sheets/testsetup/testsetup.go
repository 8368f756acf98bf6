// Package testsetup is what the TestMain of the packages whose tests write
// many files, or wait more than they compute, share: where their temporary
// files go, and how many tests run side by side. It is for tests alone: no
// package of gin imports it.
package testsetup

import (
	"flag"
	"os"
	"strconv"
)

// Parallel runs n tests side by side, not one per core, unless
// -test.parallel was given on the command line: for the packages whose
// tests mostly wait (on fsync, a lock, a pseudo-terminal, a program of
// their own), where one test per core left the cores idle. It parses the
// command line, as TestMain must before it reads a flag.
func Parallel(n int) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(n)); err != nil {
			panic(err)
		}
	}
}

// InMemory points TMPDIR at a file system in memory (Linux's /dev/shm),
// where the tests' temporary folders (t.TempDir, os.MkdirTemp) and the
// programs they start then make their files, unless TMPDIR is set already
// or there is no such file system to write to. The tests make thousands of
// small files and folders, many synced: on a disk's file system each file
// or folder made cost up to 0.6 ms of the kernel's CPU (ext4, on the shared
// two-core machine, 2026-11-29), on tmpfs 0.01 ms.
func InMemory() {
	if os.Getenv("TMPDIR") != "" {
		return
	}
	if dir, ok := inMemory(); ok {
		if err := os.Setenv("TMPDIR", dir); err != nil {
			panic(err)
		}
	}
}
