package commands

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

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

func runScore(c *cli.Context) error {
	s, err := newStyle(c)
	if err != nil {
		return err
	}
	if c.Args().Present() {
		if hint := switchNumber(c, c.Args().First()); hint != "" {
			return fmt.Errorf("score: unexpected %q: %s", c.Args().First(), hint)
		}
		return fmt.Errorf("score: unexpected %q: the hand goes in flags (see gin score --help)", c.Args().First())
	}
	rules, err := rulesOf(c)
	if err != nil {
		return err
	}
	if c.IsSet("upcard") && !rules.UsesUpcard() {
		return fmt.Errorf("--upcard: the %s rules do not use the upcard (try --rules oklahoma)", rules.Name)
	}
	upcard, err := upcardOf(c)
	if err != nil {
		return err
	}
	var (
		hs ginrummy.HandScore
		sd ginrummy.Showdown
		k  *knock
	)
	if err := checkHandFlags(c); err != nil {
		return err
	}
	if c.IsSet("knocker") {
		var cs ginrummy.CardsScore
		if cs, k, err = scoreCards(c, rules, upcard); err != nil {
			return scoreError(rules, err)
		}
		hs, sd = cs.Score, cs.Showdown
	} else {
		if sd, err = showdownOf(c, upcard); err != nil {
			return err
		}
		if hs, err = rules.ScoreHand(sd); err != nil {
			return swappedHint(c, scoreError(rules, err))
		}
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, scoreJSONOf(hs, sd, k))
	}
	var b []byte
	if k != nil {
		b = s.appendDefender(s.appendKnocker(b, k), k)
	}
	err = writeText(c, s.appendScore(b, hs))
	return err
}

// checkHandFlags checks that the hand flags (handFlags) give one hand in one
// way: numbers with one ending, or both players' cards.
func checkHandFlags(c *cli.Context) error {
	numbers := givenFlags(c, "knock", "gin", "big-gin", "draw", "deadwood")
	cards := givenFlags(c, "knocker", "defender")
	switch {
	case len(numbers) > 0 && len(cards) > 0:
		return fmt.Errorf("%s and %s: give the hand as numbers or as cards, not both", numbers[0], cards[0])
	case len(cards) == 1:
		return errors.New("give both hands: --knocker CARDS --defender CARDS")
	case len(cards) == 2:
		return nil
	}
	_, err := showdownOf(c, ginrummy.NoCard)
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

// givenFlags returns, as "--name", those of the named flags that were
// given: a value, or a switch turned on.
func givenFlags(c *cli.Context, names ...string) []string {
	var given []string
	for _, name := range names {
		on, isSwitch := c.Value(name).(bool)
		if isSwitch && on || !isSwitch && c.IsSet(name) {
			given = append(given, "--"+name)
		}
	}
	return given
}

// showdownOf reads a hand given as numbers: one of --knock N, --gin,
// --big-gin and --draw, and --deadwood N unless the hand was drawn.
func showdownOf(c *cli.Context, upcard ginrummy.Card) (ginrummy.Showdown, error) {
	sd := ginrummy.Showdown{Upcard: upcard}
	ended := givenFlags(c, "knock", "gin", "big-gin", "draw")
	if len(ended) > 0 {
		sd.Ending = endings[ended[0]]
	}
	deadwood := c.IsSet("deadwood")
	switch {
	case len(ended) > 1:
		return sd, fmt.Errorf("%s: a hand ends one way; give one of them", joinList(ended, "and"))
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
		sd.KnockerDeadwood = number(c, "knock")
	}
	if deadwood {
		sd.DefenderDeadwood = number(c, "deadwood")
	}
	return sd, nil
}

// scoreCards scores the hand from --knocker and --defender.
func scoreCards(c *cli.Context, rules ginrummy.Rules, upcard ginrummy.Card) (ginrummy.CardsScore, *knock, error) {
	var cs ginrummy.CardsScore
	knocker, err := ginrummy.ParseHand(c.String("knocker"))
	if err != nil {
		return cs, nil, fmt.Errorf("--knocker: %w", err)
	}
	defender, err := ginrummy.ParseHand(c.String("defender"))
	if err != nil {
		return cs, nil, fmt.Errorf("--defender: %w", err)
	}
	if cs, err = rules.ScoreCards(knocker, defender, upcard); err != nil {
		return cs, nil, cardsError(knocker, defender, err)
	}
	return cs, knockFromSpread(knocker, defender, cs.Spread), nil
}

// scoreHeadline says what a hand scored as, by its kind.
func scoreHeadline(k ginrummy.Kind) string {
	switch {
	case k.Undercut:
		return "Undercut"
	case k.Ending == ginrummy.WentGin:
		return "Gin"
	case k.Ending == ginrummy.WentBigGin:
		return "Big gin"
	}
	return "Knock"
}

// appendScore appends who scores, how much, and the breakdown, one amount a line.
func (s *style) appendScore(b []byte, hs ginrummy.HandScore) []byte {
	if hs.Kind.Ending == ginrummy.Drawn {
		return append(append(b, s.emphasis("Drawn hand: nobody scores.")...), '\n')
	}
	headline := fmt.Sprintf("%s: the %s scores %d.", scoreHeadline(hs.Kind), hs.Scorer, hs.Points)
	b = append(append(b, s.emphasis(headline)...), '\n')
	for _, it := range hs.Breakdown {
		b = fmt.Appendf(b, "  %3d  %s\n", it.Points, it.Label())
	}
	return b
}

// scoreJSON is what gin score --json prints. Its fields are documented in
// docs/json.md and must not change.
type scoreJSON struct {
	Scorer           ginrummy.Side `json:"scorer"`
	Points           int           `json:"points"`
	Kind             ginrummy.Kind `json:"kind"`
	Breakdown        []itemJSON    `json:"breakdown"`
	KnockerDeadwood  *int          `json:"knocker_deadwood,omitempty"`
	DefenderDeadwood *int          `json:"defender_deadwood,omitempty"`
	Knocker          *knockerJSON  `json:"knocker,omitempty"`
	Defender         *replyJSON    `json:"defender,omitempty"`
}

// itemJSON is one line of a score's breakdown.
type itemJSON struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
}

// scoreJSONOf returns the score of a hand for JSON; k is the knock laid
// down when the hand was given as cards, else nil.
func scoreJSONOf(hs ginrummy.HandScore, sd ginrummy.Showdown, k *knock) scoreJSON {
	j := scoreJSON{Scorer: hs.Scorer, Points: hs.Points, Kind: hs.Kind, Breakdown: make([]itemJSON, len(hs.Breakdown))}
	for i, it := range hs.Breakdown {
		j.Breakdown[i] = itemJSON{Label: it.Label(), Points: it.Points}
	}
	if hs.Kind.Ending != ginrummy.Drawn {
		j.KnockerDeadwood, j.DefenderDeadwood = &sd.KnockerDeadwood, &sd.DefenderDeadwood
	}
	if k != nil {
		reply := replyOf(k)
		j.Knocker, j.Defender = knockerOf(k), &reply
	}
	return j
}
