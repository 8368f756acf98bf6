// Package render is how gin shows its results: text fitted to the
// terminal's width, in colour or not, tables, charts, and JSON. It takes
// typed values (a game's, a sheet's, the advice's results) and a Style
// made once from --color and --plain, and writes to the io.Writer it is
// given. It reads no flags and no files, and never sees the command line's
// context (deps_test.go: TestLayers, TestRenderDoesNoIO): the commands parse, call the game or
// the sheets, and hand the result here.
package render
