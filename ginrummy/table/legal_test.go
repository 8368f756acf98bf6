package table

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gin-rummy/gin/ginrummy"
)

var long = flag.Bool("long", false, "play eight hundred random hands through Legal and Apply, every move offered at every step")

// notACard is a card value that is no card, offered among the moves.
const notACard ginrummy.Card = 60

// candidates is every move a test offers a round: each act with each card,
// with NoCard, and with a card that is no card.
func candidates() []Action {
	cs := append(ginrummy.FullDeck.Cards(), ginrummy.NoCard, notACard)
	var out []Action
	for _, act := range []Act{Pass, BigGin} {
		out = append(out, Action{Act: act, Card: ginrummy.NoCard})
	}
	for _, act := range []Act{Take, Draw, Throw, Knock} {
		for _, c := range cs {
			out = append(out, Action{Act: act, Card: c})
		}
	}
	return append(out, Action{Act: 0, Card: ginrummy.NoCard})
}

var allCandidates = candidates()

// checkMay checks that each seat's View.May says of every move offered what
// View.Legal lists, and View.Throwable is the throws it lists.
func checkMay(t *testing.T, r *Round) {
	t.Helper()
	for seat := range 2 {
		v := r.View(seat)
		legal := v.Legal()
		var throws ginrummy.Hand
		for _, a := range legal {
			if a.Act == Throw {
				throws = throws.With(a.Card)
			}
		}
		if v.Throwable() != throws {
			t.Fatalf("seat %d: Throwable %v, Legal's throws %v", seat, v.Throwable(), throws)
		}
		for _, a := range allCandidates {
			in := slices.ContainsFunc(legal, func(b Action) bool { return b.Act == a.Act && b.Card == a.Card })
			if v.May(a) != in {
				t.Fatalf("seat %d: May(%v %v) is %v, Legal %v", seat, a.Act, a.Card, v.May(a), legal)
			}
		}
	}
}

// listed reports whether a, a move Apply accepted from r, is one of legal:
// the same act and card, a take or draw given as NoCard being the one
// listed, and a draw of a named card being the draw of whatever card the
// stock gives (NoCard) when its order is not known.
func listed(r *Round, legal []Action, a Action) bool {
	for _, l := range legal {
		switch {
		case l.Act != a.Act:
		case l.Card == a.Card:
			return true
		case (a.Act == Take || a.Act == Draw) && a.Card == ginrummy.NoCard:
			return true
		case a.Act == Draw && l.Card == ginrummy.NoCard && r.stock == nil:
			return true
		}
	}
	return false
}

// checkLegal checks that Apply accepts every move Legal lists, and that of
// every move offered, those it accepts are listed and the others are
// refused with an *IllegalError (checkRefused checks that a refused move
// leaves the round as it was).
func checkLegal(t *testing.T, r *Round) {
	t.Helper()
	legal := r.Legal()
	if r.phase != Over && len(legal) == 0 {
		t.Fatalf("phase %v: no legal move", r.phase)
	}
	c := clone(r)
	for _, a := range legal {
		if err := copyRound(c, r).Apply(r.turn, a); err != nil {
			t.Fatalf("phase %v, player %d to move (cards known %v %v, held %v): Legal lists %v %v, which Apply refuses: %v", r.phase, r.turn, r.hands[0], r.hands[1], r.held, a.Act, a.Card, err)
		}
	}
	for i, a := range allCandidates {
		for _, p := range []int{r.turn, 1 - r.turn} {
			if p != r.turn && i%8 != 0 {
				continue // out of turn, every move is refused alike
			}
			err := copyRound(c, r).Apply(p, a)
			switch {
			case err == nil && (p != r.turn || !listed(r, legal, a)):
				t.Fatalf("phase %v: player %d's %v %v is accepted, but Legal (player %d's moves) does not list it: %v", r.phase, p, a.Act, a.Card, r.turn, legal)
			case err == nil:
			case !isIllegal(err):
				t.Fatalf("phase %v: player %d's %v %v: %v, not an *IllegalError", r.phase, p, a.Act, a.Card, err)
			}
		}
	}
}

// copyRound makes c a copy of r again, reusing c's slices, and returns it.
func copyRound(c, r *Round) *Round {
	pile, stock, moves := c.pile, c.stock, c.moves
	*c = *r
	c.pile, c.stock, c.moves, c.melds = refill(pile, r.pile), refill(stock, r.stock), refill(moves, r.moves), slices.Clone(r.melds)
	return c
}

// refill is src copied into dst's array: nil for nil.
func refill[T any](dst, src []T) []T {
	if src == nil {
		return nil
	}
	if dst == nil {
		dst = make([]T, 0, len(src))
	}
	return append(dst[:0], src...)
}

func isIllegal(err error) bool {
	var ie *IllegalError
	return errors.As(err, &ie)
}

// checkRefused applies one move Legal does not list, chosen at random, and
// checks that it is refused and changes nothing.
func checkRefused(t *testing.T, r *Round, rng *rand.Rand) {
	t.Helper()
	legal := r.Legal()
	for {
		a := allCandidates[rng.IntN(len(allCandidates))]
		p := r.turn
		if rng.IntN(4) == 0 {
			p = 1 - p
		}
		if p == r.turn && listed(r, legal, a) {
			continue
		}
		if a.Act == Draw && r.stock == nil && p == r.turn && r.phase == Drawing {
			continue // a named draw from a stock of unknown order may be accepted
		}
		c := clone(r)
		err := c.Apply(p, a)
		if !isIllegal(err) || !reflect.DeepEqual(c, r) {
			t.Fatalf("phase %v: player %d's %v %v, not a legal move: %v, round changed %v", r.phase, p, a.Act, a.Card, err, !reflect.DeepEqual(c, r))
		}
		var bad ginrummy.InputError
		if !errors.As(err, &bad) || !strings.HasPrefix(err.Error(), fmt.Sprintf("player %d: illegal move: ", p)) {
			t.Fatalf("player %d's %v %v: %q, not worded as an illegal move that is bad input", p, a.Act, a.Card, err)
		}
		return
	}
}

// checkPlaces checks a round whose every card is known: each of the 52
// cards in exactly one place (a hand, the pile, the stock, face down at the
// knock), the stock's count, and the cards each player holds in each phase.
func checkPlaces(t *testing.T, r *Round) {
	t.Helper()
	var seen ginrummy.Hand
	put := func(c ginrummy.Card, where string) {
		if !c.IsValid() || seen.Has(c) {
			t.Fatalf("%v (%s) is no card or in two places", c, where)
		}
		seen = seen.With(c)
	}
	for p := range 2 {
		for c := range r.hands[p].All() {
			put(c, fmt.Sprintf("player %d's hand", p))
		}
		if r.held[p] != r.hands[p].Len() {
			t.Fatalf("player %d holds %d cards, counted %d", p, r.hands[p].Len(), r.held[p])
		}
	}
	for _, c := range r.pile {
		put(c, "the pile")
	}
	for _, c := range r.stock {
		put(c, "the stock")
	}
	if r.down != ginrummy.NoCard {
		put(r.down, "face down")
	}
	if seen != ginrummy.FullDeck {
		t.Fatalf("%v are nowhere", ginrummy.FullDeck&^seen)
	}
	if len(r.stock) != r.stockLen {
		t.Fatalf("the stock holds %d cards, counted %d", len(r.stock), r.stockLen)
	}
	want := [2]int{DealtCards, DealtCards}
	switch r.phase {
	case Offer:
		if r.stockLen != FullStock || len(r.pile) != 1 || r.turns != 0 {
			t.Fatalf("at the first offer: stock %d, pile %v, %d turns", r.stockLen, r.pile, r.turns)
		}
	case Discarding:
		want[r.turn]++
	case Over:
		if r.down != ginrummy.NoCard || r.ending == ginrummy.WentBigGin {
			want[r.knocker] = r.hands[r.knocker].Len() // ten after a knock, eleven on big gin
		}
	}
	if r.held != want {
		t.Fatalf("phase %v, player %d to move: the players hold %v cards", r.phase, r.turn, r.held)
	}
	if (r.taken != ginrummy.NoCard) != (r.phase == Discarding && r.took[r.turn].Has(r.taken)) {
		t.Fatalf("phase %v: %v taken", r.phase, r.taken)
	}
	if (r.down != ginrummy.NoCard) != (r.phase == Over && r.ending != ginrummy.Drawn && r.ending != ginrummy.WentBigGin) {
		t.Fatalf("phase %v, ending %v: %v face down", r.phase, r.ending, r.down)
	}
	for p := range 2 {
		checkView(t, r, p)
	}
}

// checkView checks what player p sees against the round: the player's own
// cards, the pile, the stock's size, the cards the opponent took and holds.
func checkView(t *testing.T, r *Round, p int) {
	t.Helper()
	v := r.View(p)
	var pile ginrummy.Hand
	for _, c := range r.pile {
		pile = pile.With(c)
	}
	top := ginrummy.NoCard
	if len(r.pile) > 0 {
		top = r.pile[len(r.pile)-1]
	}
	switch {
	case v.Hand() != r.Hand(p), !slices.Equal(v.Pile(), r.pile), v.Upcard() != top, v.Dead() != pile.Without(top), v.Stock() != r.stockLen:
		t.Fatalf("player %d sees hand %v, pile %v, upcard %v, dead %v, stock %d", p, v.Hand(), v.Pile(), v.Upcard(), v.Dead(), v.Stock())
	case v.OpponentTook()&^r.Hand(1-p) != 0:
		t.Fatalf("player %d sees the opponent took %v, holding %v", p, v.OpponentTook(), r.Hand(1-p))
	case v.FirstOffer() != (r.Phase() == Offer), v.Dealt() != (r.Dealer() == p), v.Rules() != r.Rules(), v.FirstUpcard() != r.FirstUpcard():
		t.Fatalf("player %d sees first offer %v, dealt %v, rules %v, first upcard %v", p, v.FirstOffer(), v.Dealt(), v.Rules().Name, v.FirstUpcard())
	}
}

// choose picks a legal move, at random but leaning to good play so that
// hands end every way: gin or big gin whenever they are legal, another
// knock one time in eight; mostly the face-up card when it lowers the
// deadwood, and the throw that leaves least.
func choose(r *Round, legal []Action, rng *rand.Rand) Action {
	h := r.hands[r.turn]
	if a := legal[len(legal)-1]; a.Act == BigGin {
		return a
	}
	var knocks []Action
	for _, a := range legal {
		switch {
		case a.Act == Knock && h.Without(a.Card).Deadwood() == 0:
			return withMelds(h, a, rng)
		case a.Act == Knock:
			knocks = append(knocks, a)
		case a.Act == Take && rng.IntN(4) > 0 && h.With(a.Card).DeadwoodAfterDiscard() < h.Deadwood():
			return a
		}
	}
	switch {
	case len(knocks) > 0 && rng.IntN(8) == 0:
		return withMelds(h, knocks[rng.IntN(len(knocks))], rng)
	case r.phase == Discarding && rng.IntN(4) > 0:
		return Action{Act: Throw, Card: h.BestDiscard(r.taken)}
	}
	return legal[rng.IntN(len(legal))]
}

// withMelds gives a knock, half the time, the melds of one of the
// arrangements of least deadwood of the ten cards laid down, chosen at
// random, where it would lay down the one Arrange gives.
func withMelds(h ginrummy.Hand, a Action, rng *rand.Rand) Action {
	if a.Act != Knock || rng.IntN(2) == 0 {
		return a
	}
	var all [][]ginrummy.Meld
	for arr := range h.Without(a.Card).Arrangements() {
		all = append(all, (&arr).Melds())
	}
	a.Melds = all[rng.IntN(len(all))]
	return a
}

// scoredByRules checks a hand's score against ginrummy's scoring of the
// cards laid down as melds (nil: the arrangement of least deadwood): the
// knocker's deadwood, the defender's after laying off on the knocker's
// melds (before them against gin).
func scoredByRules(t *testing.T, rules ginrummy.Rules, h Played, melds []ginrummy.Meld, sd ginrummy.Showdown) {
	t.Helper()
	if h.Ending == ginrummy.Drawn {
		if h.Knocker != ginrummy.NoPlayer || !reflect.DeepEqual(h.Score, ginrummy.HandScore{}) || (h.Stock != ginrummy.StockLeft && !h.Endless) {
			t.Fatalf("a drawn hand: %+v", h)
		}
		return
	}
	if n := map[ginrummy.Ending]int{ginrummy.WentBigGin: 11}[h.Ending]; h.Knocked.Len() != max(n, DealtCards) || h.Defender.Len() != DealtCards || h.Knocked&h.Defender != 0 {
		t.Fatalf("%v: laid down %v, defender %v", h.Ending, h.Knocked, h.Defender)
	}
	if melds == nil {
		a := h.Knocked.Arrange()
		melds = a.Melds()
	}
	var melded ginrummy.Hand
	for _, m := range melds {
		if !m.IsValid() || m.Cards()&^h.Knocked != 0 || m.Cards()&melded != 0 {
			t.Fatalf("%v laid down as %v", h.Knocked, melds)
		}
		melded |= m.Cards()
	}
	dead := (h.Knocked &^ melded).Value()
	want := ginrummy.Showdown{Ending: ginrummy.Knocked, KnockerDeadwood: dead, Upcard: h.Upcard}
	switch {
	case h.Ending == ginrummy.WentBigGin:
		want.Ending, want.DefenderDeadwood = ginrummy.WentBigGin, h.Defender.Deadwood()
	case dead == 0:
		want.Ending, want.DefenderDeadwood = ginrummy.WentGin, h.Defender.Deadwood()
	default:
		want.DefenderDeadwood = ginrummy.DefenderDeadwood(melds, h.Defender)
	}
	score, err := rules.ScoreHand(want)
	if err != nil {
		t.Fatal(err)
	}
	if h.Ending != want.Ending || sd != want || !reflect.DeepEqual(h.Score, score) || dead > h.Limit {
		t.Fatalf("%v by %d, %+v from %v against %v (%+v); by the rules %+v, %+v (limit %d)", h.Ending, h.Knocker, h.Score, h.Knocked, h.Defender, sd, want, score, h.Limit)
	}
}

// partialMove is a move of the round whose every card is known as a record
// of player 0's deal gives it: player 1's draws unnamed, player 0's named.
func partialMove(full *Round, p int, a Action) Action {
	if a.Act == Draw {
		a.Card = ginrummy.NoCard
		if p == 0 {
			a.Card = full.stock[0]
		}
	}
	return a
}

// playRandom plays a hand dealt from seed by random legal moves, checking at
// every step the round whose every card is known, the same hand as a record
// of player 0's deal replays it (player 1's cards and the stock's order not
// known), and, from the first draw on, the hand resumed there. every is how
// often (in steps) every move is offered.
func playRandom(t *testing.T, rules ginrummy.Rules, seed uint64, every int) ginrummy.Ending {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	full, err := Deal(rules, int(seed%2), shuffled(rng))
	if err != nil {
		t.Fatal(err)
	}
	part, err := Start(full.Rules(), full.Dealer(), [2]ginrummy.Hand{full.Hand(0), 0}, full.FirstUpcard())
	if err != nil {
		t.Fatal(err)
	}
	var resumed *Round
	var laid []ginrummy.Meld
	for step := 0; ; step++ {
		checkPlaces(t, full)
		if step%every == 0 {
			checkLegal(t, full)
			checkLegal(t, part)
			checkMay(t, full)
		} else {
			checkRefused(t, full, rng)
			checkRefused(t, part, rng)
		}
		if part.Phase() != full.Phase() || part.Turn() != full.Turn() || part.held != full.held || part.stockLen != full.stockLen ||
			!slices.Equal(part.pile, full.pile) || part.Hand(0) != full.Hand(0) || part.Turns() != full.Turns() {
			t.Fatalf("step %d: the record of player 0's deal stands apart from the hand", step)
		}
		legal := full.Legal()
		partLegal := part.Legal()
		for _, a := range legal {
			if pa := partialMove(full, full.Turn(), a); !listed(part, partLegal, pa) {
				t.Fatalf("step %d: %v %v is legal, but not in the record of player 0's deal: %v", step, pa.Act, pa.Card, partLegal)
			}
		}
		if resumed == nil && full.Phase() == Drawing && !full.MustDraw() {
			if resumed, err = Resume(full.Rules(), full.FirstUpcard(), full.hands, full.pile, full.stock, full.Turn()); err != nil {
				t.Fatalf("step %d: resuming: %v", step, err)
			}
		}
		if resumed != nil && !reflect.DeepEqual(resumed.Legal(), legal) {
			t.Fatalf("step %d: the hand resumed has the legal moves %v, the hand %v", step, resumed.Legal(), legal)
		}
		if full.Ended() {
			break
		}
		a := choose(full, legal, rng)
		pa := partialMove(full, full.Turn(), a)
		p := full.Turn()
		if err := full.Apply(p, a); err != nil {
			t.Fatalf("step %d: player %d's %v %v, a legal move: %v", step, p, a.Act, a.Card, err)
		}
		if err := part.Apply(p, pa); err != nil {
			t.Fatalf("step %d: player %d's %v %v, in the record of player 0's deal: %v", step, p, pa.Act, pa.Card, err)
		}
		if resumed != nil {
			if err := resumed.Apply(p, a); err != nil {
				t.Fatalf("step %d: player %d's %v %v, in the hand resumed: %v", step, p, a.Act, a.Card, err)
			}
		}
		if a.Act == Knock {
			laid = a.Melds
		}
	}
	h := full.Result()
	if !full.Scored() {
		t.Fatalf("the hand ended %v but is not scored", h.Ending)
	}
	scoredByRules(t, rules, h, laid, full.Showdown())
	if part.Scored() != (h.Ending == ginrummy.Drawn || part.Known(1)) {
		t.Fatalf("the record of player 0's deal ended %v, scored %v with player 1's cards known %v", h.Ending, part.Scored(), part.Known(1))
	}
	if !part.Known(1) {
		if err := part.Show(1, full.Hand(1)); err != nil {
			t.Fatalf("player 1 shows %v: %v", full.Hand(1), err)
		}
	}
	for _, r := range []*Round{part, resumed} {
		if r == nil {
			continue
		}
		if got := r.Result(); !r.Scored() || got.Ending != h.Ending || got.Knocker != h.Knocker || !reflect.DeepEqual(got.Score, h.Score) || r.Showdown() != full.Showdown() {
			t.Fatalf("the record of player 0's deal or the resumed hand ends %v by %d, %+v; the hand %v by %d, %+v", got.Ending, got.Knocker, got.Score, h.Ending, h.Knocker, h.Score)
		}
	}
	return h.Ending
}

// Random hands played through Legal and Apply keep every card in one place,
// Apply takes exactly the moves Legal lists, a refused move changes nothing,
// and every hand is scored as ginrummy scores the cards laid down.
func TestRandomPlay(t *testing.T) {
	t.Parallel()
	hands, every := 100, 10
	ends := []ginrummy.Ending{ginrummy.Knocked, ginrummy.WentGin, ginrummy.Drawn}
	if *long {
		hands, every = 800, 1
		ends = append(ends, ginrummy.WentBigGin)
	}
	endings := map[ginrummy.Ending]int{}
	for i := range hands {
		name := ginrummy.PresetNames()[i%len(ginrummy.PresetNames())]
		endings[playRandom(t, preset(t, name), uint64(i), every)]++
	}
	t.Logf("%d hands: %v", hands, endings)
	for _, e := range ends {
		if endings[e] == 0 {
			t.Errorf("no hand ended %v in %d: %v", e, hands, endings)
		}
	}
}

// The moves the table's players choose are moves Legal lists, and replayed
// from the deal they end the hand as it ended.
func TestPlayersMovesAreLegal(t *testing.T) {
	t.Parallel()
	rules := preset(t, "modern")
	for seed := range uint64(20) {
		players := func() [2]Player {
			return [2]Player{&eager{took: map[int]ginrummy.Hand{}, limit: map[int]int{}}, &eager{took: map[int]ginrummy.Hand{}, limit: map[int]int{}}}
		}
		dealer := int(seed % 2)
		deck := shuffled(rand.New(rand.NewPCG(seed, 2)))
		h, moves, err := PlayDealtMoves(rules, players(), dealer, deck)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := PlayHand(rules, players(), dealer, rand.New(rand.NewPCG(seed, 2))); err != nil || again.Ending != h.Ending || !reflect.DeepEqual(again.Score, h.Score) {
			t.Fatalf("seed %d: PlayHand %+v, %v; PlayDealtMoves of the same deck %+v", seed, again, err, h)
		}
		r, err := Deal(rules, dealer, deck)
		if err != nil {
			t.Fatal(err)
		}
		r.keepMoves()
		for i, m := range moves {
			if m.Player != r.Turn() || !listed(r, r.Legal(), m.Action) {
				t.Fatalf("seed %d, move %d: player %d's %v %v is not among player %d's legal moves %v", seed, i, m.Player, m.Act, m.Card, r.Turn(), r.Legal())
			}
			if err := r.Apply(m.Player, m.Action); err != nil {
				t.Fatal(err)
			}
		}
		if got := r.Result(); !reflect.DeepEqual(got, h) {
			t.Errorf("seed %d: replayed %+v, played %+v", seed, got, h)
		}
	}
}

// Each act is named by its word of the hand record, and read back from it.
func TestActWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		act  Act
		word string
	}{{Pass, "pass"}, {Take, "take"}, {Draw, "draw"}, {Throw, "throw"}, {Knock, "knock"}, {BigGin, "big-gin"}, {Show, "shows"}} {
		if tc.act.String() != tc.word || ParseAct(tc.word) != tc.act {
			t.Errorf("%d is %q, %q reads as %d; want %q", tc.act, tc.act, tc.word, ParseAct(tc.word), tc.word)
		}
	}
	if ParseAct("fold") != 0 || ParseAct("") != 0 || Act(42).String() != "Act(42)" {
		t.Errorf("fold reads as %d, the empty word as %d, act 42 is %q", ParseAct("fold"), ParseAct(""), Act(42))
	}
}

// A deal that cannot be is refused: a card dealt twice, the upcard dealt,
// a hand of other than ten cards, a dealer other than player 0 or 1, an
// upcard that is no card.
func TestStartRefusesADealThatCannotBe(t *testing.T) {
	t.Parallel()
	ann := hand(t, "2c 3c 4c Kc 9d Kd 7h 8h 9h Ks")
	for _, tc := range []struct {
		name   string
		dealer int
		hands  [2]ginrummy.Hand
		upcard ginrummy.Card
		want   string
	}{
		{"a card dealt twice", 0, [2]ginrummy.Hand{ann, hand(t, "2c 3d 4d 5d 6d 7d 8d Td Jd Qd")}, card(t, "Qh"), "player 1: illegal move: dealt 2c, which the other player was dealt"},
		{"the upcard dealt", 0, [2]ginrummy.Hand{0, ann}, card(t, "Kc"), "player 1: illegal move: dealt Kc, the upcard"},
		{"nine cards", 0, [2]ginrummy.Hand{ann.Without(card(t, "Ks")), 0}, card(t, "Qh"), "player 0: illegal move: dealt 9 cards, not 10"},
		{"a third dealer", 2, [2]ginrummy.Hand{ann, 0}, card(t, "Qh"), "table: dealer 2: give player 0 or 1"},
		{"no upcard", 1, [2]ginrummy.Hand{ann, 0}, ginrummy.NoCard, "is not a card"},
	} {
		if r, err := Start(preset(t, "classic"), tc.dealer, tc.hands, tc.upcard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, %v; want an error %q", tc.name, r, err, tc.want)
		}
	}
}
