package ginrummy_test

import (
	"errors"
	"fmt"

	"github.com/gin-rummy/gin/ginrummy"
)

func ExampleDefenderReply() {
	knocker, _ := ginrummy.ParseMelds("8c 8d 8h | 5s 6s 7s")
	defender, _ := ginrummy.ParseHand("8s 9s 2d 3d 4d Kc")
	res, err := ginrummy.DefenderReply(knocker, defender)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range res.Melds() {
		fmt.Println("meld:", m)
	}
	// 8s could complete the set of eights, but 9s needs it on the run.
	for _, l := range res.Layoffs {
		fmt.Printf("lay off %v on %v\n", l.Card, knocker[l.Meld])
	}
	fmt.Printf("deadwood: %v = %d (%d without layoffs)\n", res.Unmelded, res.Deadwood, res.WithoutLayoffs)
	// Output:
	// meld: 2d 3d 4d
	// lay off 8s on 5s 6s 7s
	// lay off 9s on 5s 6s 7s
	// deadwood: Kc = 10 (27 without layoffs)
}

func ExampleDefenderReply_sharedCard() {
	knocker, _ := ginrummy.ParseMelds("7c 7d 7h")
	defender, _ := ginrummy.ParseHand("7h 2c")
	_, err := ginrummy.DefenderReply(knocker, defender)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ginrummy.ErrSharedCard))
	// Output:
	// card 7h: held by the knocker and the defender
	// true
}

func ExampleLayDown() {
	// 3c 3d 3h with 2h 4h dead, or 2h 3h 4h with 3c 3d dead: 6 either way.
	// Against the set the defender would lay off 3s as well as 8s.
	knocker, _ := ginrummy.ParseHand("3c 3d 3h 2h 4h 9s Ts Js Qs Ks")
	defender, _ := ginrummy.ParseHand("3s 8s Kc Qd Jc")
	s, err := ginrummy.LayDown(knocker, defender)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range s.Knocker.Melds() {
		fmt.Println("knocker meld:", m)
	}
	fmt.Printf("knocker deadwood: %v = %d\n", s.Knocker.Unmelded, s.Knocker.Deadwood)
	for _, l := range s.Defender.Layoffs {
		fmt.Printf("lay off %v on %v\n", l.Card, s.Knocker.Melds()[l.Meld])
	}
	fmt.Printf("defender deadwood: %v = %d\n", s.Defender.Unmelded, s.Defender.Deadwood)
	// Output:
	// knocker meld: 2h 3h 4h
	// knocker meld: 9s Ts Js Qs Ks
	// knocker deadwood: 3c 3d = 6
	// lay off 8s on 9s Ts Js Qs Ks
	// defender deadwood: Jc Kc Qd 3s = 33
}
