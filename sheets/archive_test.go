package sheets

import "testing"

// The dated name fits in the room it is given: the players share what is
// left after the sheet's name and day, the shorter name first taking what it
// needs up to half; a character is never cut in two.
func TestDatedName(t *testing.T) {
	tests := []struct {
		head    string
		players []string
		room    int
		want    string
	}{
		{"g-2026-11-23", []string{"Ann", "Bob"}, 50, "g-2026-11-23-Ann-Bob"},
		{"g-2026-11-23", []string{"Ann", "Bob"}, 20, "g-2026-11-23-Ann-Bob"},
		// 8 bytes after the head: 4 each, a dash and 3 letters.
		{"g-2026-11-23", []string{"Annabel", "Bobby"}, 20, "g-2026-11-23-Ann-Bob"},
		// Al takes the 3 it needs of the 8; the other gets 5, a dash and 4.
		{"g-2026-11-23", []string{"Annabel", "Al"}, 20, "g-2026-11-23-Anna-Al"},
		{"g-2026-11-23", []string{"Bobby", "Al"}, 20, "g-2026-11-23-Bobb-Al"},
		// 7 bytes: the first 3 (-An), the other 4 (-Bob).
		{"g-2026-11-23", []string{"Ann", "Bob"}, 19, "g-2026-11-23-An-Bob"},
		// 2 bytes: the first gets no letter, the other a dash and one.
		{"g-2026-11-23", []string{"Ann", "Bob"}, 14, "g-2026-11-23-B"},
		// No room for a player: the head is cut.
		{"g-2026-11-23", []string{"Ann", "Bob"}, 12, "g-2026-11-23"},
		{"g-2026-11-23", []string{"Ann", "Bob"}, 6, "g-2026"},
		// é is 2 bytes. 10 after g: Bob takes 4, éééé gets 5 (a dash and
		// two é); 8 after g: Bobby gets 4 (-Bob), éééé 4 (a dash and one é).
		{"g", []string{"éééé", "Bob"}, 11, "g-éé-Bob"},
		{"g", []string{"éééé", "Bobby"}, 9, "g-é-Bob"},
	}
	for _, tt := range tests {
		got := datedName(tt.head, tt.players, tt.room)
		if got != tt.want || len(got) > tt.room {
			t.Errorf("datedName(%q, %q, %d) = %q, want %q", tt.head, tt.players, tt.room, got, tt.want)
		}
	}
}
