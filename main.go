// Command gin analyzes Gin Rummy hands and keeps score.
package main

import (
	"os"

	"github.com/gin-rummy/gin/commands"
)

func main() {
	os.Exit(commands.ExitCode(commands.NewApp().Run(os.Args)))
}
