//go:build !unix

package yamlfile

// openNoWait is no flag where opening a file never waits for a writer
// (Windows: a named pipe is a \\.\pipe\ path, which Stat finds not regular).
const openNoWait = 0
