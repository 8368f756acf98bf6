module github.com/gin-rummy/gin

go 1.26.0

require (
	github.com/fatih/color v1.19.0
	github.com/gofrs/flock v0.13.1
	github.com/guptarohit/asciigraph v0.10.0
	github.com/mattn/go-isatty v0.0.22
	github.com/mattn/go-runewidth v0.0.31
	github.com/peterh/liner v1.2.3
	github.com/urfave/cli/v2 v2.27.7
	golang.org/x/sys v0.48.0
	golang.org/x/term v0.44.0
	golang.org/x/text v0.41.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
)
