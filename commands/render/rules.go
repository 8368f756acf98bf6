package render

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gin-rummy/gin/ginrummy"
)

// AppendPresets appends one line per preset, the default first: its name
// and what sets it apart, as text or, with asJSON, as JSON Lines.
func (s *Style) AppendPresets(b []byte, asJSON bool) ([]byte, error) {
	names := ginrummy.PresetNames()
	width := 0
	for _, name := range names {
		width = max(width, len(name))
	}
	for _, name := range names {
		if asJSON {
			line, err := json.Marshal(struct {
				Name string `json:"name"`
				Note string `json:"note"`
			}{name, ginrummy.PresetNote(name)})
			if err != nil {
				return nil, err
			}
			b = append(append(b, line...), '\n')
			continue
		}
		// The note goes on under itself when the line would be too wide.
		room := max(s.Width-width-2, 20)
		lines := WrapWords(ginrummy.PresetNote(name), room, room)
		b = fmt.Appendf(b, "%s%*s  %s\n", s.Emphasis(name), width-len(name), "", strings.Join(lines, "\n"+strings.Repeat(" ", width+2)))
	}
	return b, nil
}
