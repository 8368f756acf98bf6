package review_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/gin-rummy/gin/ginrummy/record"
	"github.com/gin-rummy/gin/ginrummy/review"
)

// lightly is advice of the least effort: these tests look at the order and
// the stops of a stream, not at the values.
func lightly(workers int) review.Settings {
	s := quick(1)
	s.Advice.Samples, s.Advice.Playouts = 20, 10
	s.Workers = workers
	return s
}

// TestStreamAsReview: a stream gives each hand, in the order given, the
// decisions a review of that hand alone gives, whatever the workers.
func TestStreamAsReview(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	texts := []string{example, ginAtTheEnd("knock Qd"), ginAtTheEnd("throw Qd"), example}
	for _, workers := range []int{1, 3} {
		s := lightly(workers)
		var given []int
		k := 0
		next := func() (review.Recorded, bool, error) {
			if k == len(texts) {
				return review.Recorded{}, false, nil
			}
			k++
			return review.Recorded{Session: &record.Session{Record: parse(t, texts[k-1]), Rules: rules}}, true, nil
		}
		err := review.Stream(context.Background(), next, s, func(i int, h review.Recorded, ds []review.Decision) error {
			given = append(given, i)
			if want := reviewOne(t, parse(t, texts[i]), rules, s); !reflect.DeepEqual(ds, want) {
				t.Errorf("%d workers, hand %d: %+v, alone %+v", workers, i, ds, want)
			}
			return nil
		})
		if err != nil || !reflect.DeepEqual(given, []int{0, 1, 2, 3}) {
			t.Errorf("%d workers: hands %v, %v; want 0 to 3 in order, no error", workers, given, err)
		}
	}
}

// TestStreamHoldsFewHands: a stream takes a hand from next only as it
// gives one to done, a few ahead (twice the workers), and stops when its
// context is done, returning the context's error, with the hands given
// before it (Ctrl-C keeps what was done).
func TestStreamHoldsFewHands(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	const workers = 2
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	taken, given := 0, 0
	next := func() (review.Recorded, bool, error) {
		taken++
		if taken-given > 2*workers {
			t.Errorf("%d hands taken with %d given: more than %d in hand", taken, given, 2*workers)
		}
		return review.Recorded{Session: &record.Session{Record: parse(t, example), Rules: rules}}, true, nil // never ends
	}
	err := review.Stream(ctx, next, lightly(workers), func(i int, _ review.Recorded, _ []review.Decision) error {
		if i != given {
			t.Errorf("hand %d given after %d", i, given)
		}
		given++
		if given == 3 {
			cancel()
		}
		return nil
	})
	// Hands reviewed in full when it stopped are given too, in order.
	if !errors.Is(err, context.Canceled) || given < 3 || given > 3+2*workers {
		t.Errorf("stopped: %v after %d hands, want context.Canceled after 3 to %d", err, given, 3+2*workers)
	}
}

// TestStreamStopsAtNextsError: an error of next stops the stream after the
// hands before it are given to done, and is returned.
func TestStreamStopsAtNextsError(t *testing.T) {
	t.Parallel()
	rules := preset(t, "classic")
	bad := errors.New("the third record does not read")
	k := 0
	next := func() (review.Recorded, bool, error) {
		k++
		if k == 3 {
			return review.Recorded{}, false, bad
		}
		return review.Recorded{Session: &record.Session{Record: parse(t, example), Rules: rules}}, true, nil
	}
	var given []int
	err := review.Stream(context.Background(), next, lightly(2), func(i int, _ review.Recorded, _ []review.Decision) error {
		given = append(given, i)
		return nil
	})
	if !errors.Is(err, bad) || !reflect.DeepEqual(given, []int{0, 1}) {
		t.Errorf("stream: hands %v, %v; want 0 and 1, then the error", given, err)
	}
}
