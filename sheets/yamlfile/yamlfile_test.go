package yamlfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// TestDecode holds Decode to one document, with aliases expanded and
// alias bombs and self-references refused at their line.
func TestDecode(t *testing.T) {
	tests := []struct {
		name, doc, wantErr string
	}{
		{"empty", "", ""},
		{"one document", "a: 1\n", ""},
		{"alias expanded", "a: &x [1, 2]\nb: *x\n", ""},
		{"two documents", "a: 1\n---\nb: 2\n", "f.yaml:2: a second YAML document (after ---): a test file is one document"},
		{"syntax", "a: 1\nb: [1, 2\n", "f.yaml:2: the YAML does not parse here"},
		{"tab", "a:\n\tb: 1\n", "this line holds a tab"},
		{"self alias", "a: &x\n  b: *x\n", "the alias *x refers to itself"},
		{"bomb", bomb(), "expand this file by more than 100,000 values"},
	}
	for _, tt := range tests {
		doc, err := Decode("f.yaml", []byte(tt.doc), "a test file")
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.wantErr)
		case tt.wantErr == "" && tt.name == "alias expanded":
			b := MapValue(doc.Content[0], "b")
			if b == nil || b.Kind != yaml.SequenceNode || len(b.Content) != 2 || b.Alias != nil {
				t.Errorf("%s: b is %+v, want a copy of the list", tt.name, b)
			}
		}
	}
}

// bomb is a "billion laughs" document: nine levels of ten aliases each.
func bomb() string {
	var b strings.Builder
	b.WriteString("l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 9; i++ {
		prev := "*l" + string(rune('0'+i-1))
		b.WriteString("l" + string(rune('0'+i)) + ": &l" + string(rune('0'+i)) + " [" + strings.Repeat(prev+", ", 9) + prev + "]\n")
	}
	return b.String()
}

// TestReader reads values of each kind from a mapping and holds each
// refusal to its message, at the value's line.
func TestReader(t *testing.T) {
	tests := []struct {
		doc, wantErr string
	}{
		{"n: 12\ns: Ann\nb: true\n", ""},
		{"n: 12.5\n", "f.yaml:1:4: n: \"12.5\" is not a whole number"},
		{"n: 1e3\n", "is not a whole number"},
		{"n:\n", "n: the number is missing"},
		{"n: 2000000\n", "out of range"},
		{"s: 12\n", `s: "12" is read as a number, not text: put it in quotes`},
		{"s: [a]\n", "s: give one value, not a list or mapping"},
		{"b: yes please\n", `b: "yes please" is not true or false`},
		{"x: 1\n", `unknown field "x" in the test: the fields are n, s, b`},
		{"n: 1\nn: 2\n", `f.yaml:2:1: "n" is given twice in the test (first on line 1): keep one`},
	}
	for _, tt := range tests {
		doc, err := Decode("f.yaml", []byte(tt.doc), "a test file")
		if err != nil {
			t.Fatal(err)
		}
		r := Reader{Path: "f.yaml"}
		var (
			n *int
			s string
			b bool
		)
		r.Mapping(doc.Content[0], "the test", []string{"n", "s", "b"}, nil, func(key string, _, v *yaml.Node) bool {
			switch key {
			case "n":
				return r.Integer(key, v, &n)
			case "s":
				return r.Str(key, v, &s)
			}
			return r.Boolean(key, v, &b)
		})
		switch {
		case tt.wantErr == "" && (r.Err != nil || n == nil || *n != 12 || s != "Ann" || !b):
			t.Errorf("%q: read %v %q %v, error %v", tt.doc, n, s, b, r.Err)
		case tt.wantErr != "" && (r.Err == nil || !strings.Contains(r.Err.Error(), tt.wantErr)):
			t.Errorf("%q: error %v, want one containing %q", tt.doc, r.Err, tt.wantErr)
		}
	}
}

// TestEscapeControls keeps control, bidirectional and zero-width
// characters out of messages.
func TestEscapeControls(t *testing.T) {
	e := &Error{Path: "f.yaml", Line: 3, Msg: "bad \x1b[31mred\u202e\u200b\n"}
	if got, want := e.Error(), `f.yaml:3: bad \x1b[31mred\u202e\u200b\n`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// ReadFile reads a file whole, and refuses at once what would hang the
// read (a pipe) or hold too much in memory, with the file's name.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.yaml")
	if err := os.WriteFile(small, []byte("preset: classic\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(small, "a rules file"); err != nil || string(data) != "preset: classic\n" {
		t.Errorf("a small file: %q, %v", data, err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxSize+1); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for path, want := range map[string]string{
		big:  big + ": more than a rules file can be (1 MiB)",
		dir:  dir + ": not a regular file (a folder, a device or a pipe), not a rules file: name a file",
		fifo: fifo + ": not a regular file (a folder, a device or a pipe), not a rules file: name a file",
	} {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(path, "a rules file"); done <- err }()
		select {
		case err := <-done:
			if err == nil || err.Error() != want {
				t.Errorf("%s: %v, want %q", path, err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the read hangs", path)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.yaml"), "a rules file"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want os.ErrNotExist", err)
	}
}
