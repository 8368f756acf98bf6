package commands

import (
	"fmt"
	"io"

	"github.com/gin-rummy/gin/commands/render"
)

// colorModes are the values of --color.
var colorModes = map[string]render.Color{"auto": render.ColorAuto, "always": render.ColorAlways, "never": render.ColorNever}

// newStyleFor is the style of output to w, from --color (mode) and --plain.
func newStyleFor(mode string, plain bool, w io.Writer) (*render.Style, error) {
	c, ok := colorModes[mode]
	if !ok {
		return nil, fmt.Errorf("--color %q: want auto, always or never", mode)
	}
	return render.NewStyle(c, plain, w), nil
}
