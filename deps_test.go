package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// goList is the module's packages, their tests' variants among them, each
// as its import path followed by its dependencies: one go list for the
// package's tests that read the dependencies (a go list loads every package
// of the module, a few tenths of a second of CPU each time).
var goList = sync.OnceValues(func() ([][]string, error) {
	out, err := exec.Command("go", "list", "-test", "-f", `{{.ImportPath}}|{{join .Deps "|"}}`, "./...").Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		return nil, fmt.Errorf("go list -test -deps ./...: %v\n%s", err, stderr)
	}
	var lines [][]string
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		lines = append(lines, strings.Split(strings.TrimSpace(line), "|"))
	}
	return lines, nil
})

// moduleDeps returns goList's packages, or fails the test.
func moduleDeps(t *testing.T) [][]string {
	t.Helper()
	lines, err := goList()
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// gin opens no connection, and links no network stack: net brings cgo's
// resolver, and with it a thread started at every run, which under an
// address-space limit (ulimit -v 1048576) failed one run in eight
// (runtime/cgo: pthread_create failed) when a progress bar library imported
// net/http. A dependency that brings any of these back fails here.
func TestLinksNoNetworkStack(t *testing.T) {
	t.Parallel()
	lines := moduleDeps(t)
	const gin = "github.com/gin-rummy/gin"
	i := slices.IndexFunc(lines, func(deps []string) bool { return deps[0] == gin })
	if i < 0 {
		t.Fatalf("go list listed no package %s", gin)
	}
	deps := lines[i][1:] // the program's own, not its tests'
	for _, pkg := range []string{"net", "net/http", "crypto/tls", "os/user", "runtime/cgo"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("gin links %s; see which package brings it with go list -deps -f '{{.ImportPath}}: {{.Imports}}' . | grep -w %s", pkg, pkg)
		}
	}
}

// The README's Dependencies say what each module go.mod requires directly
// is for: one row for each, no row for a module gone.
func TestReadmeListsDependencies(t *testing.T) {
	t.Parallel()
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var direct []string
	for line := range strings.Lines(string(mod)) {
		if f := strings.Fields(line); strings.HasPrefix(line, "\t") && len(f) >= 2 && !strings.Contains(line, "// indirect") {
			direct = append(direct, f[0])
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Dependencies\n")
	if !ok {
		t.Fatal("README.md has no section ## Dependencies")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var listed []string
	for line := range strings.Lines(section) {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			name, _, _ = strings.Cut(name, "`")
			listed = append(listed, name)
		}
	}
	if len(direct) == 0 {
		t.Fatal("found no direct requirement in go.mod")
	}
	for _, m := range direct {
		if !slices.Contains(listed, m) {
			t.Errorf("go.mod requires %s, and README.md's Dependencies do not say what for", m)
		}
	}
	for _, m := range listed {
		if !slices.Contains(direct, m) {
			t.Errorf("README.md's Dependencies list %s, which go.mod does not require directly", m)
		}
	}
}

// The layers import downward only (docs/architecture.md): the game
// (ginrummy/...) knows neither the files (sheets/...) nor the command line
// (commands); the files do not know the command line; the hand record
// files (sheets/handfile) do not know the score sheet (sheets itself, not
// the packages under it), which says whether a record is one of its hands;
// the round (ginrummy/table), which the advice plays through, does not
// know the advice; and the rendering (commands/render) knows neither the
// command line's library nor the commands that call it. Tests count: a test that reaches up a layer is the design leaking
// all the same. An import added against these fails here, with the package
// that has it.
func TestLayers(t *testing.T) {
	t.Parallel()
	const mod = "github.com/gin-rummy/gin/"
	forbidden := []struct {
		from, to, why string
		only          bool // to is that package alone, not those under it
	}{
		{"ginrummy", "sheets", "the game does no I/O and knows no YAML", false},
		{"ginrummy", "commands", "the game knows no command line", false},
		{"sheets", "commands", "the sheets know no command line", false},
		{"sheets/handfile", "sheets", "the hand record files know no score sheet: the sheet says whether a record is its hand", true},
		{"ginrummy/table", "ginrummy/advice", "the round's rules of play are below the advice that values them", false},
		{"commands/render", "commands", "the rendering takes typed values from the commands, which call it", true},
		{"commands/render", "github.com/urfave/cli", "the rendering sees no flags and no *cli.Context", false},
	}
	// pkgOf is the package of an import path; a test's variants ("p
	// [p.test]", "p_test", "p.test") are p's.
	pkgOf := func(path string) string {
		path, _, _ = strings.Cut(path, " [")
		return strings.TrimSuffix(strings.TrimSuffix(path, ".test"), "_test")
	}
	// path is a package of the module, or one named in full (a domain first).
	path := func(dir string) string {
		if first, _, _ := strings.Cut(dir, "/"); strings.Contains(first, ".") {
			return dir
		}
		return mod + dir
	}
	in := func(pkg, dir string) bool { return pkg == path(dir) || strings.HasPrefix(pkg, path(dir)+"/") }
	seen := map[string]bool{}
	var broken []string
	for _, deps := range moduleDeps(t) {
		pkg := pkgOf(deps[0])
		for _, rule := range forbidden {
			if !in(pkg, rule.from) {
				continue
			}
			seen[rule.from] = true
			for _, d := range deps[1:] {
				if d := pkgOf(d); in(d, rule.to) && (!rule.only || d == path(rule.to)) {
					broken = append(broken, fmt.Sprintf("%s depends on %s: %s", pkg, d, rule.why))
				}
			}
		}
	}
	slices.Sort(broken)
	for _, b := range slices.Compact(broken) {
		t.Errorf("%s; see which import brings it with go list -test -deps -f '{{.ImportPath}}: {{.Imports}}' ./...", b)
	}
	for _, rule := range forbidden {
		if !seen[rule.from] {
			t.Errorf("go list listed no package %s: the layers checked are not there", path(rule.from))
		}
	}
}

// Commands only wire (docs/architecture.md): below the cli's callbacks,
// which are named run*, a function reads no flags from the context, but
// takes a typed value read once. The readers that remain (readAdviceArgs,
// readRuleArgs, sheetOptionsOf, …) and the hand's line readers are at most
// fifteen.
func TestFewFunctionsTakeTheContext(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("commands/*.go")
	if err != nil {
		t.Fatal(err)
	}
	takes := regexp.MustCompile(`(?m)^func (\([^)]*\) )?([A-Za-z0-9_]+)\([^)]*\*cli\.Context`)
	var found []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range takes.FindAllStringSubmatch(string(src), -1) {
			if !strings.HasPrefix(m[2], "run") {
				found = append(found, f+": "+m[2])
			}
		}
	}
	if len(found) > 15 {
		t.Errorf("%d functions below the callbacks take a *cli.Context, more than 15:\n%s", len(found), strings.Join(found, "\n"))
	}
}

// The rendering does no I/O of its own (docs/architecture.md): it writes to
// the io.Writer it is given. Of package os it may ask only whether colour
// is wanted (Getenv: NO_COLOR, TERM) and whether the writer is a terminal
// (*os.File, for its width); it opens, creates, reads and removes no file,
// and names no standard stream. It takes the types of the files' packages
// (a sheets.Score, a handfile.History), and calls none of their functions,
// which read and write the files: the commands call them. The few that
// only turn one value into another (rulesfile.Of, a Rules as its Spec)
// are listed as such.
func TestRenderDoesNoIO(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("commands/render/*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{"Getenv", "File"}
	pure := []string{"rulesfile.Of"}
	const mod = "github.com/gin-rummy/gin/"
	forbidden := []string{"io/ioutil", "io/fs", "os/exec", "syscall"}
	filePkgs := map[string]bool{} // the names the files' packages are imported as
	read := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		read++
		for _, imp := range af.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if slices.Contains(forbidden, p) {
				t.Errorf("%s imports %s: the rendering writes to the io.Writer it is given, and does no other I/O", fset.Position(imp.Pos()), p)
			}
			if p == mod+"sheets" || strings.HasPrefix(p, mod+"sheets/") && p != mod+"sheets/yamlfile" {
				name := path.Base(p)
				if imp.Name != nil {
					name = imp.Name.Name
				}
				filePkgs[name] = true
			}
		}
		ast.Inspect(af, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "os" && !slices.Contains(allowed, sel.Sel.Name) {
					t.Errorf("%s: os.%s: the rendering writes to the io.Writer it is given, and does no other I/O", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && filePkgs[x.Name] && x.Obj == nil && !slices.Contains(pure, x.Name+"."+sel.Sel.Name) {
						t.Errorf("%s: %s.%s: the rendering calls no function of the files' packages; the command calls it and hands the result over", fset.Position(call.Pos()), x.Name, sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
	if read == 0 {
		t.Error("found no file in commands/render: the rendering checked is not there")
	}
}
