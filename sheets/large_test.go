package sheets

import (
	"os"
	"path/filepath"
	"testing"
)

// largeSheet writes a sheet of 9,999 hands, one short of MaxHands so that
// add can take the last, mostly drawn, some knocks and some played out as
// cards, as a long evening's record would hold.
func largeSheet(b testing.TB) string {
	path := filepath.Join(b.TempDir(), "large.yaml")
	f, err := Create(path, Sheet{Players: []string{"Ann", "Bob"}, Rules: specOf("classic", "target", 10000), Dealer: "Ann"}, false)
	if err != nil {
		b.Fatal(err)
	}
	for i := range MaxHands - 1 {
		switch {
		case i%10 == 0:
			f.AppendHand(HandRecord{By: "Ann", Knock: intp(9), Deadwood: intp(12)})
		case i%100 == 5:
			f.AppendHand(HandRecord{By: "Bob", KnockerCards: "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d", DefenderCards: "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"})
		default:
			f.AppendHand(drawn())
		}
	}
	sc, err := f.Score()
	if err != nil {
		b.Fatal(err)
	}
	if err := f.Save(sc.derived()); err != nil {
		b.Fatal(err)
	}
	f.release()
	return path
}

// BenchmarkLargeSheet is issue 9's target: show and add on a sheet of
// 10,000 hands (the 10,000th the one added), each within 0.3 s on two cores.
func BenchmarkLargeSheet(b *testing.B) {
	path := largeSheet(b)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("show", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Show(path); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("add", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			if err := os.WriteFile(path, data, 0o644); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := Add(path, drawn()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Encoding a long hands list in chunks writes the same text as encoding it
// whole, comments and all.
func TestChunkedEncodingIsTheSame(t *testing.T) {
	t.Parallel()
	docs := []string{
		"# our game\nplayers: [Ann, Bob] # first Ann\nrules:\n  preset: classic\ndealer: Ann\nhands: # the hands\n  # one\n  - draw: true # a long one\n  - by: Ann\n    knock: 5 # five\n    deadwood: 20\n  # three\n  - draw: true\n  - draw: true\n  # trailing\ntotals: # worked out\n  Ann: 15\n  Bob: 0\n# the end of the totals\nnext_dealer: Bob\n",
	}
	names, _ := filepath.Glob(filepath.Join(fixtures, "good-*.yaml"))
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(data))
	}
	for i, doc := range docs {
		p, _, err := parse("x.yaml", []byte(doc), false)
		if err != nil {
			t.Fatalf("doc %d: %v", i, err)
		}
		whole, err := emitChunks(p.doc, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		for _, chunk := range []int{1, 2, 3} {
			got, err := emitChunks(p.doc, chunk)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(whole) {
				t.Errorf("doc %d in chunks of %d:\n%s\nwhole:\n%s", i, chunk, got, whole)
			}
		}
	}
}
