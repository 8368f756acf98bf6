//go:build !linux

package testsetup

// inMemory is no folder: the system's temporary folder is kept.
func inMemory() (string, bool) { return "", false }
