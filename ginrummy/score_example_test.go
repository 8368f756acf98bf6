package ginrummy_test

import (
	"errors"
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
)

func ExampleRules_ScoreHand() {
	modern, _ := ginrummy.Preset("modern")
	// H3: the knocker has 7 deadwood, the defender 3.
	hs, err := modern.ScoreHand(ginrummy.Showdown{
		Ending: ginrummy.Knocked, KnockerDeadwood: 7, DefenderDeadwood: 3, Upcard: ginrummy.NoCard,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(hs.Scorer, hs.Kind, hs.Points)
	for _, it := range hs.Breakdown {
		fmt.Printf("  %-20s %3d\n", it.Label(), it.Points)
	}
	// Output:
	// defender undercut 29
	//   undercut bonus        25
	//   deadwood difference    4
}

func ExampleRules_ScoreHand_oklahoma() {
	oklahoma, _ := ginrummy.Preset("oklahoma")
	queen, _ := ginrummy.ParseCard("Qs")
	// O3: gin against 12, with the queen of spades turned up.
	hs, _ := oklahoma.ScoreHand(ginrummy.Showdown{Ending: ginrummy.WentGin, DefenderDeadwood: 12, Upcard: queen})
	for _, it := range hs.Breakdown {
		fmt.Printf("%-20s %3d\n", it.Label(), it.Points)
	}
	fmt.Printf("%-20s %3d\n", hs.Kind, hs.Points)

	four, _ := ginrummy.ParseCard("4d")
	// O4: a knock with 6 when the four of diamonds was turned up.
	_, err := oklahoma.ScoreHand(ginrummy.Showdown{Ending: ginrummy.Knocked, KnockerDeadwood: 6, DefenderDeadwood: 20, Upcard: four})
	fmt.Println(err, errors.Is(err, ginrummy.ErrOverKnockLimit))
	// Output:
	// gin bonus             25
	// defender's deadwood   12
	// spade upcard doubles  37
	// gin                   74
	// knock with 6 is over the knock limit of 4 set by the upcard 4d true
}

func ExampleRules_ScoreMatch() {
	classic := ginrummy.DefaultRules()
	// GV1: A (player 0) knocks with 2 against 32, B goes gin against 15,
	// A goes gin against 30, A knocks with 5 against 25.
	hands := []struct {
		knocker int
		hand    ginrummy.Showdown
	}{
		{0, ginrummy.Showdown{Ending: ginrummy.Knocked, KnockerDeadwood: 2, DefenderDeadwood: 32, Upcard: ginrummy.NoCard}},
		{1, ginrummy.Showdown{Ending: ginrummy.WentGin, DefenderDeadwood: 15, Upcard: ginrummy.NoCard}},
		{0, ginrummy.Showdown{Ending: ginrummy.WentGin, DefenderDeadwood: 30, Upcard: ginrummy.NoCard}},
		{0, ginrummy.Showdown{Ending: ginrummy.Knocked, KnockerDeadwood: 5, DefenderDeadwood: 25, Upcard: ginrummy.NoCard}},
	}
	var record []ginrummy.Outcome
	for _, h := range hands {
		hs, err := classic.ScoreHand(h.hand)
		if err != nil {
			fmt.Println(err)
			return
		}
		record = append(record, hs.Outcome(h.knocker))
	}
	g, err := classic.ScoreMatch(0, record)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, d := range g.Deals {
		fmt.Printf("hand %d dealt by %d: %v\n", i+1, d.Dealer, d.Tallies[0].Points)
	}
	res := g.Games[0].Result
	fmt.Printf("over after hand %d: player %d wins by %d\n", g.EndedAfter, res.Winner, res.Net)
	for p, lines := range res.Lines {
		fmt.Printf("player %d: %v = %d\n", p, lines, res.Final[p])
	}
	// Output:
	// hand 1 dealt by 0: [30 0]
	// hand 2 dealt by 1: [30 35]
	// hand 3 dealt by 0: [80 35]
	// hand 4 dealt by 1: [100 35]
	// over after hand 4: player 0 wins by 205
	// player 0: [{hand points 100} {game bonus 100} {box bonus 60}] = 260
	// player 1: [{hand points 35} {box bonus 20}] = 55
}

func ExampleMatch_Close() {
	classic := ginrummy.DefaultRules()
	g, _ := classic.ScoreMatch(0, []ginrummy.Outcome{
		{Winner: 0, Points: 30}, {Drawn: true}, {Winner: 1, Points: 12}, {Winner: 0, Points: 27},
	})
	fmt.Println("over:", g.Over(), "score:", g.Games[0].Points, "next dealer:", g.NextDealer)
	closed, err := g.Close()
	if err != nil {
		fmt.Println(err)
		return
	}
	res := closed.Games[0].Result
	fmt.Println("closed after hand", closed.EndedAfter, "final:", res.Final, "net:", res.Net)

	level, _ := classic.ScoreMatch(0, []ginrummy.Outcome{{Winner: 0, Points: 12}, {Winner: 1, Points: 12}})
	_, err = level.Close()
	fmt.Println(err)
	// Output:
	// over: false score: [57 12] next dealer: 1
	// closed after hand 4 final: [197 32] net: 165
	// the score is tied at 12–12
}
