module github.com/gin-rummy/gin

go 1.26
