// Package completions holds the shell completion scripts for gin, named as
// each shell expects: gin.bash, _gin (zsh), gin.fish and gin.ps1
// (PowerShell). They are embedded so that "gin completion SHELL" prints
// exactly the files in this folder.
//
// The scripts only pass the words typed so far to "gin __complete" and show
// what it answers, so they stay the same when gin gains commands or flags.
package completions

import _ "embed"

// Shell is one shell's completion script.
type Shell struct {
	Name   string // as "gin completion" takes it
	File   string // the script's file name in this folder
	Script string // the script itself
}

var (
	//go:embed gin.bash
	bash string
	//go:embed _gin
	zsh string
	//go:embed gin.fish
	fish string
	//go:embed gin.ps1
	powershell string
)

// Shells lists the shells gin completes in.
func Shells() []Shell {
	return []Shell{
		{Name: "bash", File: "gin.bash", Script: bash},
		{Name: "zsh", File: "_gin", Script: zsh},
		{Name: "fish", File: "gin.fish", Script: fish},
		{Name: "powershell", File: "gin.ps1", Script: powershell},
	}
}
