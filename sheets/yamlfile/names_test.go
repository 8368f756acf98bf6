package yamlfile

import "testing"

// A name is printed as it is when it can be, else in $'…' quoting with
// what cannot be shown escaped; a message's controls are escaped where
// they are, a byte that is not UTF-8 as \xHH.
func TestPrintable(t *testing.T) {
	for name, want := range map[string]string{
		"friday.yaml":     "friday.yaml",
		"my sheet.yaml":   "my sheet.yaml", // printable: only the shell needs it quoted
		"Åsa.yaml":        "Åsa.yaml",
		"x\x1b[31m.yaml":  `$'x\x1b[31m.yaml'`,
		"new\nline.yaml":  `$'new\x0aline.yaml'`,
		"bell\a's.yaml":   `$'bell\x07\'s.yaml'`,
		"latin\xe9.yaml":  `$'latin\xe9.yaml'`,
		"rtl\u202ey.yaml": `$'rtl\u202ey.yaml'`,
		"back\\sl\t.yaml": `$'back\\sl\x09.yaml'`,
	} {
		if got := Printable(name); got != want {
			t.Errorf("Printable(%q) = %s, want %s", name, got, want)
		}
	}
	e := &Error{Path: "x\x1b[2J.yaml", Line: 2, Msg: "bad byte \xff, bell \a"}
	if got, want := e.Error(), `$'x\x1b[2J.yaml':2: bad byte \xff, bell \a`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
}
