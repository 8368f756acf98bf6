package commands

import (
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

func TestParseHandFast(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
	}{
		{"7h 8h 9h", true},
		{"7H,8h\tKS\r", true},
		{"  ,as ,, tc  ", true},
		{"Ah", true},
		{"", false},
		{" , ", false},
		{"10h 8h", false}, // ParseHand reads it
		{"7♥ 8h", false},  // ParseHand reads it
		{"7h 7H", false},  // a duplicate: ParseHand explains
		{"7h 1h", false},
		{"7h 8", false},
		{"7hh", false},
		{"7h8h", false},
		{"7h\n8h", false},
	}
	for _, tt := range tests {
		h, ok := parseHandFast([]byte(tt.line))
		if ok != tt.ok {
			t.Errorf("parseHandFast(%q) ok = %v, want %v", tt.line, ok, tt.ok)
		}
		if ok {
			if want, err := ginrummy.ParseHand(tt.line); err != nil || h != want {
				t.Errorf("parseHandFast(%q) = %v, ParseHand gives %v, %v", tt.line, h, want, err)
			}
		}
	}
}

// FuzzParseHandFast checks that the fast path never accepts what ParseHand
// refuses, and reads what it accepts the same way.
func FuzzParseHandFast(f *testing.F) {
	for _, s := range []string{"7h 8h 9h", "Tc,Jc,qc", "10h 8h", "7h 7h", "1h", "Ks\tKd\r", "♥7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		h, ok := parseHandFast([]byte(line))
		want, err := ginrummy.ParseHand(line)
		if ok && (err != nil || h != want) {
			t.Errorf("parseHandFast(%q) = %v, ParseHand gives %v, %v", line, h, want, err)
		}
		if got, gotErr := parseHandLine([]byte(line)); got != want || (gotErr == nil) != (err == nil) {
			t.Errorf("parseHandLine(%q) = %v, %v; ParseHand gives %v, %v", line, got, gotErr, want, err)
		}
	})
}
