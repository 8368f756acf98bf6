package ginrummy

import (
	"math/rand/v2"
	"testing"
)

// DefenderDeadwood must leave what DefenderReply leaves, on every deal DefenderReply's own
// brute-force test uses, and on gin.
func TestDefenderDeadwoodAgreesWithLayOff(t *testing.T) {
	t.Parallel()
	n := trials(20000, 2000)
	for _, rich := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(21, 22))
		for range n {
			knocker, defender := layoffDeal(rng, rich)
			for _, a := range knocker.KnockArrangements() {
				want, err := DefenderReply(a.Melds(), defender)
				if err != nil {
					t.Fatal(err)
				}
				if got := DefenderDeadwood(a.Melds(), defender); got != want.Deadwood {
					t.Fatalf("%v against %v: DefenderDeadwood = %d, DefenderReply leaves %d", a.Melds(), defender, got, want.Deadwood)
				}
			}
		}
	}
}

func TestDefenderDeadwoodAllocatesNothing(t *testing.T) {
	knocker, _ := ParseHand("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d")
	defender, _ := ParseHand("5c 6c 7c Th Jh Qs 2d 9s 4h Ac")
	a := knocker.Arrange()
	melds := a.Melds()
	if n := testing.AllocsPerRun(100, func() { DefenderDeadwood(melds, defender) }); n != 0 {
		t.Errorf("DefenderDeadwood allocates %v times a call", n)
	}
}

func BenchmarkDefenderDeadwood(b *testing.B) {
	knocker, _ := ParseHand("7h 8h 9h Ks Kd Kc 2c 3c 4c 9d")
	defender, _ := ParseHand("5c 6c 7c Th Jh Qs 2d 9s 4h Ac")
	a := knocker.Arrange()
	melds := a.Melds()
	b.ReportAllocs()
	for b.Loop() {
		DefenderDeadwood(melds, defender)
	}
}
