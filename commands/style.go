package commands

import (
	"io"

	"github.com/gin-rummy/gin/commands/render"
)

// style is how a command's text looks (render.Style), with the text of the
// commands whose rendering has not moved to render yet as its methods.
type style struct {
	*render.Style
}

// newStyleFor is the style of output to w, from --color (mode) and --plain.
func newStyleFor(mode string, plain bool, w io.Writer) (*style, error) {
	s, err := render.NewStyle(mode, plain, w)
	if err != nil {
		return nil, err
	}
	return &style{s}, nil
}

// The help and the argument errors (help.go, args.go) measure and quote
// text with render's functions.

func shellQuote(s string) string                      { return render.ShellQuote(s) }
func displayWidth(s string) int                       { return render.DisplayWidth(s) }
func outputWidth(w io.Writer) int                     { return render.OutputWidth(w) }
func wrapWords(text string, first, room int) []string { return render.WrapWords(text, first, room) }
