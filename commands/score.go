package commands

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
)

func scoreCommand() *cli.Command {
	flags := append(outputFlags("print the score as one JSON object"), plainFlag())
	flags = append(flags, handFlags()...)
	flags = append(flags, upcardFlag("the upcard, `CARD`: under rules like oklahoma it sets the knock limit, and a spade doubles the score"))
	// --big-gin here says how the hand ended; the rule of playing big gin
	// at all comes from --rules.
	flags = append(flags, ruleFlags(func(f ruleField) bool { return scoresHand(f) && f.name != "big-gin" })...)
	return &cli.Command{
		Name:  "score",
		Usage: "score one hand: who scores, how much, and why",
		Description: describe("Scores one hand under the rules: from numbers (how the hand ended, and the deadwood),\n"+
			"or from both hands' cards, melded and laid off as the players would. Says who scores, how\n"+
			"much, and the amounts that make up the points. A knock over the knock limit is an error.",
			example{"a knock with 5 against 20", "gin score --knock 5 --deadwood 20"},
			example{"gin under Oklahoma with a spade upcard, doubled", "gin score --gin --deadwood 12 --rules oklahoma --upcard Qs"},
			example{"from the cards, melds and layoffs worked out", `gin score --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d" --defender "5c 6c 7c Th Jh Qs 2d 9s 4h Ac"`},
		),
		Flags:  flags,
		Action: runScore,
	}
}

// handFlags say how a hand ended, as numbers or as cards.
func handFlags() []cli.Flag {
	return []cli.Flag{
		numberFlag("knock", "the knocker knocked with `N` deadwood"),
		boolFlag("gin", "the knocker went gin"),
		boolFlag("big-gin", "the knocker went big gin: all eleven cards melded"),
		boolFlag("draw", "the hand was drawn: nobody knocked before the stock ran out"),
		numberFlag("deadwood", "the defender's deadwood, `N`: after layoffs on a knock, all of it against gin"),
		&cli.StringFlag{Name: "knocker", Usage: "the knocker's `CARDS`: ten, or eleven before the discard"},
		&cli.StringFlag{Name: "defender", Usage: "the defender's ten `CARDS`"},
	}
}

// scoreArgs is what gin score's flags say, read once.
type scoreArgs struct {
	rules ruleArgs
	hand  handArgs
}

// handArgs are the hand flags (handFlags) as given.
type handArgs struct {
	knock, deadwood         int // --knock N, --deadwood N
	knockSet, deadwoodSet   bool
	gin, bigGin, draw       bool
	knocker, defender       string // the cards of --knocker and --defender
	knockerSet, defenderSet bool
}

// scoreResult is one hand scored: the score, the hand as numbers, and the
// knock laid down when the hand was given as cards, else nil.
type scoreResult struct {
	score    ginrummy.HandScore
	showdown ginrummy.Showdown
	knock    *render.Knock
}

func runScore(c *cli.Context) error {
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	hand := handArgs{
		knock: number(c, "knock"), deadwood: number(c, "deadwood"),
		knockSet: c.IsSet("knock"), deadwoodSet: c.IsSet("deadwood"),
		gin: c.Bool("gin"), bigGin: c.Bool("big-gin"), draw: c.Bool("draw"),
		knocker: c.String("knocker"), defender: c.String("defender"),
		knockerSet: c.IsSet("knocker"), defenderSet: c.IsSet("defender"),
	}
	if c.Args().Present() {
		if hint := switchNumber(hand, c.Args().First()); hint != "" {
			return fmt.Errorf("score: unexpected %q: %s", c.Args().First(), hint)
		}
		return fmt.Errorf("score: unexpected %q: the hand goes in flags (see gin score --help)", c.Args().First())
	}
	r, err := scoreOf(scoreArgs{rules: readRuleArgs(c), hand: hand})
	if err != nil {
		// The hint touches only a knock over the limit given as --knock
		// and --deadwood.
		return swappedHint(hand, err)
	}
	if c.Bool("json") {
		return render.WriteJSON(c.App.Writer, render.ScoreJSONOf(r.score, r.showdown, r.knock))
	}
	return render.WriteTo(c.App.Writer, s.AppendScore(nil, r.score, r.knock))
}

// scoreOf scores the hand that o gives, as numbers or as cards.
func scoreOf(o scoreArgs) (scoreResult, error) {
	var r scoreResult
	rules, err := o.rules.rules()
	if err != nil {
		return r, err
	}
	if o.rules.upcardGiven && !rules.UsesUpcard() {
		return r, fmt.Errorf("--upcard: the %s do not use the upcard%s", rulesCalled(rules), tryOklahoma(rules))
	}
	upcard, err := o.rules.upcard()
	if err != nil {
		return r, err
	}
	if err := o.hand.check(); err != nil {
		return r, err
	}
	if o.hand.knockerSet {
		var cs ginrummy.CardsScore
		if cs, r.knock, err = o.hand.scoreCards(rules, upcard); err != nil {
			return r, scoreError(rules, err)
		}
		r.score, r.showdown = cs.Score, cs.Showdown
		return r, nil
	}
	if r.showdown, err = o.hand.showdown(upcard); err != nil {
		return r, err
	}
	if r.score, err = rules.ScoreHand(r.showdown); err != nil {
		return r, scoreError(rules, err)
	}
	return r, nil
}

// check checks that the hand flags give one hand in one way: numbers with
// one ending, or both players' cards.
func (h handArgs) check() error {
	numbers := h.given("knock", "gin", "big-gin", "draw", "deadwood")
	cards := h.given("knocker", "defender")
	switch {
	case len(numbers) > 0 && len(cards) > 0:
		return fmt.Errorf("%s and %s: give the hand as numbers or as cards, not both", numbers[0], cards[0])
	case len(cards) == 1:
		return errors.New("give both hands: --knocker CARDS --defender CARDS")
	case len(cards) == 2:
		return nil
	}
	_, err := h.showdown(ginrummy.NoCard)
	return err
}

// scoreError explains why a hand cannot be scored under rules.
func scoreError(rules ginrummy.Rules, err error) error {
	if errors.Is(err, ginrummy.ErrNeedUpcard) {
		return fmt.Errorf("the %s rules need the upcard: give --upcard CARD", rules.Name)
	}
	return err
}

// endings are the ways a hand ends, by the flag that says so.
var endings = map[string]ginrummy.Ending{
	"--knock":   ginrummy.Knocked,
	"--gin":     ginrummy.WentGin,
	"--big-gin": ginrummy.WentBigGin,
	"--draw":    ginrummy.Drawn,
}

// given returns, as "--name", those of the named hand flags that were
// given: a value, or a switch turned on.
func (h handArgs) given(names ...string) []string {
	on := map[string]bool{
		"knock": h.knockSet, "gin": h.gin, "big-gin": h.bigGin, "draw": h.draw, "deadwood": h.deadwoodSet,
		"knocker": h.knockerSet, "defender": h.defenderSet,
	}
	var given []string
	for _, name := range names {
		if on[name] {
			given = append(given, "--"+name)
		}
	}
	return given
}

// showdown reads a hand given as numbers: one of --knock N, --gin,
// --big-gin and --draw, and --deadwood N unless the hand was drawn.
func (h handArgs) showdown(upcard ginrummy.Card) (ginrummy.Showdown, error) {
	sd := ginrummy.Showdown{Upcard: upcard}
	ended := h.given("knock", "gin", "big-gin", "draw")
	if len(ended) > 0 {
		sd.Ending = endings[ended[0]]
	}
	deadwood := h.deadwoodSet
	switch {
	case len(ended) > 1:
		return sd, fmt.Errorf("%s: a hand ends one way; give one of them", render.JoinList(ended, "and"))
	case len(ended) == 0 && deadwood:
		return sd, errors.New("--deadwood: say how the hand ended too: --knock N, --gin or --big-gin")
	case len(ended) == 0:
		return sd, errors.New("score: give the hand as numbers (--knock N, --gin or --big-gin with --deadwood N, or --draw) or as cards (--knocker CARDS --defender CARDS)")
	case sd.Ending == ginrummy.Drawn && deadwood:
		return sd, errors.New("--draw scores nothing: it does not go with --deadwood")
	case sd.Ending != ginrummy.Drawn && !deadwood:
		return sd, fmt.Errorf("%s: give the defender's deadwood too: --deadwood N", ended[0])
	}
	if sd.Ending == ginrummy.Knocked {
		sd.KnockerDeadwood = h.knock
	}
	if deadwood {
		sd.DefenderDeadwood = h.deadwood
	}
	return sd, nil
}

// scoreCards scores the hand from --knocker and --defender.
func (h handArgs) scoreCards(rules ginrummy.Rules, upcard ginrummy.Card) (ginrummy.CardsScore, *render.Knock, error) {
	var cs ginrummy.CardsScore
	knocker, err := ginrummy.ParseHand(h.knocker)
	if err != nil {
		return cs, nil, fmt.Errorf("--knocker: %w", err)
	}
	defender, err := ginrummy.ParseHand(h.defender)
	if err != nil {
		return cs, nil, fmt.Errorf("--defender: %w", err)
	}
	if cs, err = rules.ScoreCards(knocker, defender, upcard); err != nil {
		return cs, nil, cardsError(knocker, defender, err)
	}
	return cs, render.KnockFromSpread(knocker, defender, cs.Spread), nil
}
