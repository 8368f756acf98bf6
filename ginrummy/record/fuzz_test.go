package record_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/record"
)

// FuzzRecord: any text read as a hand record is refused with an error or
// read; a record read is written back as text that reads as the same
// record, and replays through the rules of play to the same end, or to the
// same refusal.
func FuzzRecord(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte("players Ann \"Mary Jo\"\ndealer \"Mary Jo\"\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\nAnn pass\n\"mary jo\" take 5s throw Qd\nAnn draw 6h\n"))
	f.Add([]byte("players Ann Bob\ndealer Bob\nrules oklahoma\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard As\nAnn pass\nBob pass\nAnn draw 5h knock 5h melds 7h 8h 9h / Ks Kd Kc\nBob shows 2d 3d 4d 5h 6h Qs Js Jd 8c Ac\n"))
	classic, err := ginrummy.Preset("classic")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		rec, err := record.Parse(text)
		if err != nil {
			return
		}
		again, err := record.Parse(record.Format(rec))
		if err != nil {
			t.Fatalf("a record read, written and read again is refused: %v\n%s", err, record.Format(rec))
		}
		// Lines and the comment are the text's, not the record's.
		for i := range rec.Moves {
			rec.Moves[i].Line, again.Moves[i].Line = 0, 0
		}
		rec.Comment, again.Comment = nil, nil
		rec.RulesLine, again.RulesLine = 0, 0
		if !reflect.DeepEqual(rec, again) {
			t.Fatalf("written and read again, the record changed:\n%+v\n%+v", rec, again)
		}
		r1, err1 := rec.Replay(classic, -1)
		r2, err2 := again.Replay(classic, -1)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("replays differ: %v, %v", err1, err2)
		}
		if err1 == nil && !reflect.DeepEqual(r1.Result(), r2.Result()) {
			t.Fatalf("replays end apart: %+v, %+v", r1.Result(), r2.Result())
		}
		if !bytes.Equal(record.Format(rec), record.Format(again)) {
			t.Fatal("written twice, the text differs")
		}
	})
}
