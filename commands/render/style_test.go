package render

import "testing"

func TestCSVText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"Ann", "Ann"},
		{"", ""},
		{"=1+1", "'=1+1"},
		{"+1", "'+1"},
		{"-1", "'-1"},
		{"@A1", "'@A1"},
		{"\tx", "'\tx"},
		{"\rx", "'\rx"},
		{"Ann=1", "Ann=1"}, // only the first character counts
		{"'x", "'x"},
	} {
		if got := csvText(tc.in); got != tc.want {
			t.Errorf("csvText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
