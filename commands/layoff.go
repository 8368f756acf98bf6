package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/ginrummy"
)

func layoffCommand() *cli.Command {
	flags := append(outputFlags("print the defender's reply as one JSON object"), plainFlag())
	flags = append(flags,
		&cli.StringFlag{Name: "melds", Usage: "the knocker's melds as laid down, `MELDS` separated by | or ; (quote them)"},
		&cli.StringFlag{Name: "knocker", Usage: "the knocker's whole hand, `CARDS`: ten, or eleven before the discard"},
	)
	return &cli.Command{
		Name:      "layoff",
		Usage:     "show what the defender melds and lays off against a knock",
		ArgsUsage: "DEFENDER-CARDS...",
		Description: describe("Shows the defender's best reply to a knock: its melds, each card it lays off on the\n"+
			"knocker's melds, and its deadwood with and without the layoffs. Give the knocker's melds\n"+
			"as declared (--melds), or its whole hand (--knocker), which is laid down with the least\n"+
			"deadwood and then the most deadwood left to this defender. Nothing is laid off on gin.",
			example{"against the melds the knocker laid down", `gin layoff 5c 6c 7c Th Jh Qs 2d 9s 4h Ac --melds "7h 8h 9h | Ks Kd Kc"`},
			example{"against a whole hand, as JSON", `gin layoff 5c 6c 7c Th Jh Qs 2d 9s 4h Ac --knocker "7h 8h 9h Ks Kd Kc 2c 3c 4c 9d" --json`},
		),
		Flags:  flags,
		Action: runLayoff,
	}
}

func runLayoff(c *cli.Context) error {
	s, err := newStyle(c)
	if err != nil {
		return err
	}
	if !c.Args().Present() {
		return errors.New("layoff: give the defender's cards (see gin layoff --help)")
	}
	defender, err := ginrummy.ParseHand(strings.Join(c.Args().Slice(), " "))
	if err != nil {
		return err
	}
	var k *knock
	switch {
	case c.IsSet("melds") && c.IsSet("knocker"):
		return errors.New("--melds and --knocker both give the knocker's cards: give one")
	case c.IsSet("melds"):
		melds, err := ginrummy.ParseMelds(c.String("melds"))
		if err != nil {
			return fmt.Errorf("--melds: %w", meldsError(err))
		}
		reply, err := ginrummy.DefenderReply(melds, defender)
		var cerr *ginrummy.CardError
		switch {
		case errors.As(err, &cerr):
			return err
		case err != nil:
			return fmt.Errorf("--melds: %w", err)
		}
		k = knockFromMelds(melds, defender, &reply)
	case c.IsSet("knocker"):
		knocker, err := ginrummy.ParseHand(c.String("knocker"))
		if err != nil {
			return fmt.Errorf("--knocker: %w", err)
		}
		spread, err := ginrummy.LayDown(knocker, defender)
		if err != nil {
			return cardsError(knocker, defender, err)
		}
		k = knockFromSpread(knocker, defender, spread)
	default:
		return errors.New(`layoff: give the knocker's melds (--melds "7h 8h 9h | Ks Kd Kc") or whole hand (--knocker CARDS)`)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, layoffResultJSON{
			replyJSON:    replyOf(k),
			Gin:          k.reply.Gin,
			BigGin:       k.reply.BigGin,
			KnockerMelds: k.melds,
			Knocker:      knockerOf(k),
		})
	}
	b := s.appendKnocker(nil, k)
	err = writeText(c, s.appendDefender(b, k))
	return err
}

// cardsError explains why --knocker and the defender's cards cannot be laid
// down or scored: a hand of the wrong size says how many cards it has.
func cardsError(knocker, defender ginrummy.Hand, err error) error {
	switch {
	case errors.Is(err, ginrummy.ErrKnockerSize):
		return sizeError("--knocker", knocker.Len(), "a knocker holds ten, or eleven before the discard")
	case errors.Is(err, ginrummy.ErrDefenderSize):
		return sizeError("--defender", defender.Len(), "the defender holds ten")
	}
	return err
}

// meldsError words a meld of --melds that is not one: one of fewer than
// three cards is most likely the list left unquoted, split by the shell.
func meldsError(err error) error {
	if e, ok := errors.AsType[*ginrummy.MeldError](err); ok && errors.Is(err, ginrummy.ErrNotMeld) && e.Cards < 3 && !strings.Contains(e.Text, ",") {
		return &worded{err.Error() + `: give the melds as one quoted argument, "7h 8h 9h | Ks Kd Kc"`, err}
	}
	return err
}

// sizeError says that flag gave n cards where want says how many it takes.
// One card is most likely the rest left unquoted.
func sizeError(flag string, n int, want string) error {
	if n == 1 {
		return fmt.Errorf("%s: 1 card, but %s (quote the cards: %s \"7h 8h 9h …\")", flag, want, flag)
	}
	return fmt.Errorf("%s: %d cards, but %s", flag, n, want)
}

// layoffResultJSON is what gin layoff --json prints: the defender's reply,
// then the knocker's side. Its fields are documented in docs/json.md and
// must not change.
type layoffResultJSON struct {
	replyJSON
	Gin          bool         `json:"gin"`
	BigGin       bool         `json:"big_gin"`
	KnockerMelds meldsJSON    `json:"knocker_melds"`
	Knocker      *knockerJSON `json:"knocker,omitempty"`
}
