package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// gin opens no connection, and links no network stack: net brings cgo's
// resolver, and with it a thread started at every run, which under an
// address-space limit (ulimit -v 1048576) failed one run in eight
// (runtime/cgo: pthread_create failed) when a progress bar library imported
// net/http. A dependency that brings any of these back fails here.
func TestLinksNoNetworkStack(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps .: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{"net", "net/http", "crypto/tls", "os/user", "runtime/cgo"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("gin links %s; see which package brings it with go list -deps -f '{{.ImportPath}}: {{.Imports}}' . | grep -w %s", pkg, pkg)
		}
	}
}

// The README's Dependencies say what each module go.mod requires directly
// is for: one row for each, no row for a module gone.
func TestReadmeListsDependencies(t *testing.T) {
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
