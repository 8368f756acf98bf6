package commands

import (
	"io"

	"github.com/gin-rummy/gin/commands/render"
)

// The help and the argument errors (help.go, args.go) measure, wrap and
// quote text with render's functions, by these names.

func shellQuote(s string) string                      { return render.ShellQuote(s) }
func displayWidth(s string) int                       { return render.DisplayWidth(s) }
func outputWidth(w io.Writer) int                     { return render.OutputWidth(w) }
func wrapWords(text string, first, room int) []string { return render.WrapWords(text, first, room) }
