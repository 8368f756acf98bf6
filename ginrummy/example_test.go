package ginrummy_test

import (
	"errors"
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
)

func ExampleParseHand() {
	h, err := ginrummy.ParseHand("7h 8H 9♥, KS Kd K♣ 2c 3c 4c 10♦")
	if err != nil {
		panic(err)
	}
	fmt.Println(h.Len(), "cards:", h)
	fmt.Println(h.Unicode())
	// Output:
	// 10 cards: 2c 3c 4c Kc Td Kd 7h 8h 9h Ks
	// 2♣ 3♣ 4♣ K♣ 10♦ K♦ 7♥ 8♥ 9♥ K♠
}

func ExampleParseError() {
	_, err := ginrummy.ParseHand("7h 8h 1h")
	fmt.Println(err)

	var perr *ginrummy.ParseError
	if errors.As(err, &perr) && errors.Is(err, ginrummy.ErrUnknownRank) {
		fmt.Printf("card %d, %q, is the problem\n", perr.Pos, perr.Token)
	}
	// Output:
	// card 3 "1h": unknown rank "1"; did you mean 10h or Ah?
	// card 3, "1h", is the problem
}

func ExampleHand_Arrange() {
	h, _ := ginrummy.ParseHand("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d")
	a := h.Arrange()
	for _, m := range a.Melds() {
		fmt.Println("meld:", m.Unicode())
	}
	fmt.Println("deadwood:", a.Unmelded.Unicode(), "=", a.Deadwood)
	// Output:
	// meld: K♣ K♦ K♠
	// meld: 2♣ 3♣ 4♣
	// meld: 7♥ 8♥ 9♥
	// deadwood: 9♦ = 9
}

func ExampleHand_Deadwood() {
	h, _ := ginrummy.ParseHand("Qh Kh Ah 2c 3c 4c 5c 9s 9d 9c")
	fmt.Println(h.Deadwood()) // the ace is low only: Q-K-A is no run
	// Output: 21
}

func ExampleHand_Arrangements() {
	h, _ := ginrummy.ParseHand("5h 6h 7h 5s 6s 7s 5d 6d 7d Kc")
	for a := range h.Arrangements() {
		fmt.Println(a.Melds(), a.Deadwood)
	}
	// Output:
	// [5d 5h 5s 6d 6h 6s 7d 7h 7s] 10
	// [5d 6d 7d 5h 6h 7h 5s 6s 7s] 10
}

func ExampleHand_AdviseDiscard() {
	h, _ := ginrummy.ParseHand("6d 4d 4h 5d 3s 5s 6h 3d 2c 5h 6s")
	adv := h.AdviseDiscard()
	fmt.Println("throw", adv.Best, "to keep", adv.Deadwood)
	for _, d := range adv.Discards[:3] {
		fmt.Println(d.Card, d.Deadwood)
	}
	// Output:
	// throw 6s to keep 10
	// 6s 10
	// 5s 11
	// 4d 12
}

func ExampleHand_Outs() {
	h, _ := ginrummy.ParseHand("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d")
	seen, _ := ginrummy.ParseHand("6h")
	outs := h.Outs(seen, 10)
	fmt.Println("gin on", outs.Gin.Unicode())
	// Output: gin on A♣ 5♣ 10♥ K♥
}
