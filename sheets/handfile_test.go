package sheets

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-rummy/gin/ginrummy/record"
)

// Changes at once never interleave: each change reads the record as the one
// before it left it, for the whole read-change-write.
func TestChangeHandHoldsTheLockThroughout(t *testing.T) {
	t.Parallel() // waits on other programs or the clock, or is long: overlap it
	path := filepath.Join(t.TempDir(), DefaultHandPath)
	head := "players Ann Bob\ndealer Bob\ndeal Ann 7h 8h 9h Ks Kd Kc 2c 3c 4c 9d\nupcard 5s\n"
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 12
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			err := ChangeHand(path, func(rec *record.Record, text []byte) ([]byte, bool, error) {
				lines := strings.Count(string(text), "\n")
				time.Sleep(5 * time.Millisecond) // a slow change: others wait
				return fmt.Appendf(nil, "# change %d\n", lines-3), false, nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	text, _ := os.ReadFile(path)
	want := head
	for i := 1; i <= n; i++ {
		want += fmt.Sprintf("# change %d\n", i)
	}
	if string(text) != want {
		t.Errorf("the record is\n%s\nwant each change after the one before:\n%s", text, want)
	}
}
