package bots

import (
	"github.com/gin-rummy/gin/ginrummy/advice"
	"github.com/gin-rummy/gin/ginrummy/table"
)

// Settings is the advice's settings the advise bot a plays a decision by.
func Settings(a table.Player, v table.View) advice.Settings { return a.(*Advise).settings(v) }

// Position is the position the advise bot a advises itself on at v.
func Position(a table.Player, v table.View) advice.Position { return a.(*Advise).position(v) }
