package commands

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/ginrummy/advice"
	gametable "github.com/gin-rummy/gin/ginrummy/table"
)

func adviseCommand() *cli.Command {
	flags := append(outputFlags("print the options and the advice as one JSON object"), plainFlag())
	flags = append(flags,
		&cli.StringFlag{Name: "upcard", Usage: "with ten cards, the face-up `CARD` to take or leave"},
		&cli.StringFlag{Name: "from-pile", Usage: "with eleven cards, the `CARD` just taken from the pile, which may not be thrown back"},
		cardListFlag("discards", "the discard pile under the face-up card, or cards otherwise out of play (may name cards of --threw)"),
		cardListFlag("took", "cards the opponent took from the pile and still holds"),
		cardListFlag("threw", "every card the opponent discarded, wherever it is now (the pile, the face-up card, your hand)"),
		cardListFlag("passed", "face-up cards the opponent declined to take"),
		numberFlag("stock", "cards left in the stock, `N` (estimated from the cards named when not given)"),
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "offer", Usage: "with ten cards, the deal's face-up card offered before anyone draws, `WHICH`: first (you are the non-dealer) or second (you dealt, and the other passed it); then not taking it passes"},
			values:     offerValues,
		},
		&cli.StringFlag{Name: "first-upcard", Usage: "the deal's first upcard, `CARD`, which rules like oklahoma need for the knock limit"},
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "opponent", Value: "evidence", Usage: "how to weigh the opponent's possible hands: `MODEL` is evidence or uniform"},
			values:     opponentValues,
		},
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "opponent-knocks", Usage: "how the opponent has been seen to play, `WHEN`: early (knocks as soon as they can) or waits (plays on for gin); the evidence model weighs the hands that could have knocked by it", DefaultText: "not known: 0.6, 3 to 2 for early"},
			values:     knocksValues,
		},
		numberFlag("opponent-knocks-from", "the stock, `N` cards, from which the opponent knocks as soon as they can (one who waits for gin until the stock runs low, seen to knock with deadwood with N cards left); once their last turn came with N or fewer, the evidence model takes them to hold no hand that could knock, whatever --opponent-knocks says of earlier"),
		&valuesFlag{
			StringFlag: cli.StringFlag{Name: "opponent-takes", Usage: "what the opponent has been seen to take from the pile, `WHAT`: melds (only cards that make a meld) or any (any card that lowers their deadwood); the evidence model melds the cards they took by it, and weighs a take less from one who takes any", DefaultText: "not known: one half"},
			values:     takesValues,
		},
		numberFlag("samples", fmt.Sprintf("opponent hands to sample, `N`, when there are too many to enumerate (default %d)", advice.DefaultSamples)),
		numberFlag("playouts", fmt.Sprintf("plays of the rest of the hand per option on average, `N` (default %d; the options that can still be best get more)", advice.DefaultPlayouts)),
		numberFlag("seed", "the seed of the random choices, `N`: the same seed gives the same advice (default 1)"),
		boolFlag("exact", fmt.Sprintf("with --opponent uniform, weigh every hand the opponent can hold (at most %d) rather than a sample", advice.MaxExact)),
		&cli.StringFlag{Name: "hand", Usage: "the whole position from a hand record `FILE` (docs/hands.md), at its last point, instead of the cards and the position's flags", TakesFile: true},
		&cli.StringFlag{Name: "as", Usage: "with --hand, the player `NAME` to advise, in a record of both players' cards (default: the player whose move is due)"},
	)
	flags = append(flags, objectiveFlags()...)
	flags = append(flags, ruleFlags(scoresHand)...)
	return &cli.Command{
		Name:      "advise",
		Usage:     "advise at the table: take or draw, what to throw, knock or not",
		ArgsUsage: "CARDS...",
		Description: describe("Values every option of the position you are in: with eleven cards, each discard, and for\n"+
			"each that can knock, knocking now against playing on; with ten cards and --upcard, taking\n"+
			"the face-up card (and what to throw) against drawing. Knocking is valued over the hands the\n"+
			"opponent can hold, given what you have seen: the chance of an undercut and the expected\n"+
			"points, exact when every hand is weighed, else with its standard error. Playing on is\n"+
			"valued by playing the rest of the hand out. Points are the hand's points as gin score\n"+
			"counts them, from your side. Given the game's score (--score, or --sheet and --me), every\n"+
			"option is valued by the game instead: the chance to win it (--objective game, the\n"+
			"default then) or its expected final difference, every bonus counted (--objective net).",
			example{"after the draw: which card to throw, and knock or not", `gin advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --discards "Qc Qd Jh Js Tc 8h 5h 2c Ks Kh Qs 3c 4c 4d 6d" --took 8s --threw "Kc Qh 8d" --passed 7d`},
			example{"before the draw: take the 9♥ or draw", `gin advise 7h 8h Ks Kd Kc 2c 3c 4c 5d Qd --upcard 9h --discards "Ah 2h 3s Jc Td 9s" --took 6c --threw "Jd Qs" --passed 7c`},
			example{"by the game: you lead 90-40 to 100, with 4 hands won to 2", `gin advise 4s 5s 6s 7s 9c 9d 9h 2h 3d Ac Kd --score 90-40 --boxes 4-2`},
		),
		Flags:  flags,
		Action: runAdvise,
	}
}

// cardListFlag is a flag that takes a list of cards, quoted as one argument,
// and may be given again to add more.
func cardListFlag(name, usage string) cli.Flag {
	return &cli.StringSliceFlag{Name: name, Usage: usage + ": `CARDS`, quoted; may be repeated"}
}

// opponentValues are the values of --opponent.
func opponentValues() []candidate {
	return []candidate{
		{advice.Evidence.String(), "weigh the opponent's hands by what they took, passed and threw"},
		{advice.Uniform.String(), "every hand the unseen cards can make is as likely"},
	}
}

// offerValues are the values of --offer.
func offerValues() []candidate {
	return []candidate{
		{"first", "you are the non-dealer: a pass offers it to the dealer"},
		{"second", "you dealt and the other passed it: a pass leaves them to draw first"},
	}
}

// knocksValues are the values of --opponent-knocks.
func knocksValues() []candidate {
	return []candidate{
		{"early", "knocks as soon as they can"},
		{"waits", "plays on for gin"},
	}
}

// knockRates are the knock rates --opponent-knocks names.
var knockRates = map[string]float64{"early": advice.KnocksEarly, "waits": advice.WaitsForGin}

// takesValues are the values of --opponent-takes.
func takesValues() []candidate {
	return []candidate{
		{"melds", "takes only cards that make a meld"},
		{"any", "takes any card that lowers their deadwood"},
	}
}

// tookMelds are the chances --opponent-takes names.
var tookMelds = map[string]float64{"melds": advice.TakesToMeld, "any": advice.TakesAny}

// adviceArgs are the advice's flags of a command line, read once by
// readAdviceArgs: the model and the effort, what the opponent was seen to
// do, the objective and the game's score, the rules, and gin advise's
// position; for gin advise, gin hand advise, the glance after a move and
// gin review, each with the flags it has.
type adviceArgs struct {
	game                    gameArgs
	position                positionArgs
	json                    bool
	firstUpcard             given // --first-upcard
	opponent                given // --opponent: the model
	knocks, takes           given // --opponent-knocks, --opponent-takes
	hasKnocks               bool  // the command has --opponent-knocks
	knocksFrom              givenNumber
	samples, playouts, seed givenNumber
	exact                   bool
	out                     io.Writer // where the advice goes: the app's stdout
}

// givenNumber is the value of a numberFlag and whether it was given.
type givenNumber struct {
	n   int
	set bool
}

// givenCards is the text of a card list flag, every time it was given.
type givenCards struct {
	texts []string
	set   bool
}

// positionArgs are gin advise's position: the cards given as arguments
// and the flags that say what has been played.
type positionArgs struct {
	cards                         []string
	discards, took, threw, passed givenCards
	upcard, fromPile, firstUpcard given
	stock                         givenNumber
	offer                         given
	history                       bool // one of historyFlags was given
}

// readAdviceArgs reads the advice's flags, where the command has them.
func readAdviceArgs(c *cli.Context) adviceArgs {
	text := func(name string) given { return given{text: c.String(name), set: c.IsSet(name)} }
	num := func(name string) givenNumber {
		if !c.IsSet(name) {
			return givenNumber{}
		}
		return givenNumber{n: number(c, name), set: true}
	}
	cards := func(name string) givenCards { return givenCards{texts: c.StringSlice(name), set: c.IsSet(name)} }
	var flags []cli.Flag
	if c.Command != nil {
		flags = c.Command.Flags
	}
	return adviceArgs{
		game: gameArgs{
			objective: text("objective"), score: text("score"), boxes: text("boxes"),
			dealer: text("dealer"), sheet: text("sheet"), me: text("me"), hand: text("hand"),
			rules: readRuleArgs(c), rulesSet: c.IsSet("rules"), notes: c.App.ErrWriter,
		},
		position: positionArgs{
			cards:    c.Args().Slice(),
			discards: cards("discards"), took: cards("took"), threw: cards("threw"), passed: cards("passed"),
			upcard: text("upcard"), fromPile: text("from-pile"), firstUpcard: text("first-upcard"),
			stock: num("stock"), offer: text("offer"),
			history: slices.ContainsFunc(historyFlags, c.IsSet),
		},
		json: c.Bool("json"), firstUpcard: text("first-upcard"), opponent: text("opponent"),
		knocks: text("opponent-knocks"), takes: text("opponent-takes"), hasKnocks: hasFlag(flags, "opponent-knocks"),
		knocksFrom: num("opponent-knocks-from"), samples: num("samples"), playouts: num("playouts"), seed: num("seed"),
		exact: c.Bool("exact"), out: c.App.Writer,
	}
}

func runAdvise(c *cli.Context) error {
	a := readAdviceArgs(c)
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	if a.game.hand.set {
		return adviseHand(c, s)
	}
	if len(a.position.cards) == 0 {
		return errors.New("advise: give your cards: eleven after the draw, or ten with --upcard CARD (see gin advise --help)")
	}
	p, err := a.position.position()
	if err != nil {
		return err
	}
	rules, err := a.game.rules.rules()
	if err != nil {
		return err
	}
	dealt := -1
	switch p.Offer {
	case advice.FirstOffer:
		dealt = 1
	case advice.DealerOffer:
		dealt = 0
	}
	if err := a.advisePosition(s, p, rules, dealt, recordGame{}); err != nil {
		return err
	}
	if p.Hand.Len() == 11 && !a.position.history {
		// The figures are right for a position with nothing played, which
		// eleven cards rarely are: said once, apart from the advice.
		_, err = fmt.Fprintf(c.App.ErrWriter, "gin: no history given: the figures assume a fresh deal (stock %d, no card seen but yours); give what has been played with --discards, --threw, --took, --passed and --stock\n", p.StockSize())
	}
	return err
}

// position is the position the arguments and flags give.
func (a positionArgs) position() (advice.Position, error) {
	p := advice.Position{Stock: advice.Unknown, Upcard: ginrummy.NoCard, FromPile: ginrummy.NoCard, FirstUpcard: ginrummy.NoCard}
	var err error
	if p.Hand, err = ginrummy.ParseHand(strings.Join(a.cards, " ")); err != nil {
		return p, err
	}
	for _, f := range []struct {
		name  string
		cards givenCards
		into  *ginrummy.Hand
	}{{"discards", a.discards, &p.Discards}, {"took", a.took, &p.Took}, {"threw", a.threw, &p.Threw}, {"passed", a.passed, &p.Passed}} {
		if *f.into, err = cardList(f.name, f.cards); err != nil {
			return p, err
		}
	}
	if p.Upcard, err = cardFlag("upcard", a.upcard.text, a.upcard.set); err != nil {
		return p, err
	}
	if p.FirstUpcard, err = cardFlag("first-upcard", a.firstUpcard.text, a.firstUpcard.set); err != nil {
		return p, err
	}
	if p.FromPile, err = cardFlag("from-pile", a.fromPile.text, a.fromPile.set); err != nil {
		return p, err
	}
	if a.stock.set {
		if p.Stock = a.stock.n; p.Stock < 0 {
			return p, fmt.Errorf("--stock %d: the stock holds 0 cards or more", p.Stock)
		}
	}
	if a.offer.set {
		found := false
		for o, w := range render.OfferWords {
			if strings.EqualFold(a.offer.text, w) {
				p.Offer, found = o, true
			}
		}
		if !found {
			return p, withSuggestion(fmt.Errorf("--offer %q: give first or second", a.offer.text), a.offer.text, "first", "second")
		}
	}
	return p, nil
}

// advisePosition advises at position p under rules, with the effort,
// model and objective flags, and prints the advice. dealt is who dealt the
// hand (0 the player, 1 the other) when the position says; else -1; rg
// is what a hand record says of its game.
func (a adviceArgs) advisePosition(s *render.Style, p advice.Position, rules ginrummy.Rules, dealt int, rg recordGame) error {
	them := learnOpponent(rg.record, rg.them)
	useOpponent(them, &p, a.knocks.set, a.takes.set)
	if err := a.opponentStyle(&p); err != nil {
		return err
	}
	g, err := a.game.game(dealt, rg)
	if err != nil {
		return err
	}
	set, gv, err := a.gameSettings(g, rules)
	if err != nil {
		return err
	}
	adv, err := advice.Advise(p, set)
	if errors.Is(err, ginrummy.ErrNeedUpcard) {
		return fmt.Errorf("the %s rules %s: give --first-upcard CARD", set.Rules.Name, upcardRule(set.Rules))
	}
	if err != nil {
		return adviceError(err)
	}
	if a.json {
		j := render.AdviceJSONOf(p, adv, gv)
		j.Opponent = them.JSON(p, adv.Model)
		return render.WriteJSON(a.out, j)
	}
	if err := render.WriteTo(a.out, s.AppendAdvice(them.AppendLine(nil, adv.Model), p, adv, gv)); err != nil {
		return err
	}
	if best := adv.Best(); render.WaitingDecided(best) && a.hasKnocks {
		_, err = fmt.Fprintln(a.game.notes, "gin: knocking is worth more only if they knock as soon as they can: say how they play with --opponent-knocks early or waits")
	}
	return err
}

// opponentStyle sets what the opponent has been seen to do from
// --opponent-knocks, --opponent-knocks-from and --opponent-takes, where the
// command has them.
func (a adviceArgs) opponentStyle(p *advice.Position) error {
	if a.knocks.set {
		rate, ok := knockRates[strings.ToLower(a.knocks.text)]
		if !ok {
			return withSuggestion(fmt.Errorf("--opponent-knocks %q: give early or waits", a.knocks.text), a.knocks.text, "early", "waits")
		}
		p.KnockRate = rate
	}
	if a.knocksFrom.set {
		n := a.knocksFrom.n
		// A knock can leave as few as StockLeft cards: a discard leaving
		// that many ends the hand only when it does not knock.
		if n < ginrummy.StockLeft || n > gametable.FullStock {
			return fmt.Errorf("--opponent-knocks-from %d: give the cards left in the stock from which they knock as soon as they can, %d to %d", n, ginrummy.StockLeft, gametable.FullStock)
		}
		p.KnocksFrom = n
	}
	if a.takes.set {
		chance, ok := tookMelds[strings.ToLower(a.takes.text)]
		if !ok {
			return withSuggestion(fmt.Errorf("--opponent-takes %q: give melds or any", a.takes.text), a.takes.text, "melds", "any")
		}
		p.TookMelds = chance
	}
	return nil
}

// hasFlag reports whether flags, a command's, have the flag.
func hasFlag(flags []cli.Flag, name string) bool {
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// settings are the advice's settings under rules: the model and the
// effort, from the flags the command has.
func (a adviceArgs) settings(rules ginrummy.Rules) (advice.Settings, error) {
	var err error
	set := advice.Settings{Seed: 1, Rules: rules}
	if a.firstUpcard.set && !set.Rules.UsesUpcard() {
		return advice.Settings{}, fmt.Errorf("--first-upcard: the %s rules do not use the first upcard (try --rules oklahoma)", set.Rules.Name)
	}
	model := a.opponent.text
	if model == "" && !a.opponent.set { // gin hand advise has no --opponent
		model = advice.Evidence.String()
	}
	if set.Model, err = advice.ParseModel(strings.ToLower(model)); err != nil {
		return advice.Settings{}, withSuggestion(fmt.Errorf("--opponent: %w", err), a.opponent.text, "evidence", "uniform")
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"opponent-knocks", a.knocks.set}, {"opponent-knocks-from", a.knocksFrom.set}, {"opponent-takes", a.takes.set}} {
		if f.set && set.Model == advice.Uniform {
			return advice.Settings{}, fmt.Errorf("--%s: the uniform model weighs every hand alike and does not use it; drop one of --%s and --opponent uniform", f.name, f.name)
		}
	}
	for _, f := range []struct {
		name  string
		given givenNumber
		into  *int
	}{{"samples", a.samples, &set.Samples}, {"playouts", a.playouts, &set.Playouts}} {
		if f.given.set {
			if *f.into = f.given.n; *f.into < 1 || *f.into > 10_000_000 {
				return advice.Settings{}, fmt.Errorf("--%s %d: give 1 to 10000000", f.name, *f.into)
			}
		}
	}
	if a.seed.set {
		set.Seed = uint64(a.seed.n)
	}
	set.Exact = a.exact
	return set, nil
}

// upcardRule says what the rules do with the deal's first upcard, naming
// the rule that needs it: the knock limit (upcard_limit) before the spade
// doubling (spade_doubles), as the limit is needed first.
func upcardRule(r ginrummy.Rules) string {
	switch {
	case r.UpcardLimit && r.SpadeDoubles:
		return "take the knock limit from the deal's first upcard (upcard_limit) and double a hand's score when it is a spade (spade_doubles)"
	case r.UpcardLimit:
		return "take the knock limit from the deal's first upcard (upcard_limit)"
	}
	return "double a hand's score when the deal's first upcard is a spade (spade_doubles)"
}

// historyFlags are the flags that say what has been played this hand.
var historyFlags = []string{"discards", "threw", "took", "passed", "stock"}

// cardList reads a card list flag, every time it was given, as one hand.
func cardList(name string, cards givenCards) (ginrummy.Hand, error) {
	text := strings.Join(cards.texts, " ")
	if strings.TrimSpace(text) == "" {
		if cards.set {
			return 0, fmt.Errorf("--%s: no cards given", name)
		}
		return 0, nil
	}
	h, err := ginrummy.ParseHand(text)
	if err != nil {
		return 0, fmt.Errorf("--%s: %w", name, err)
	}
	return h, nil
}
