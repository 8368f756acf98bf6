module github.com/gin-rummy/gin

go 1.26

require (
	github.com/gofrs/flock v0.13.1
	github.com/google/renameio/v2 v2.0.2
	gopkg.in/yaml.v3 v3.0.1
)

require golang.org/x/sys v0.47.0 // indirect
