package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
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

// layoffArgs is what gin layoff's flags and arguments say, read once.
type layoffArgs struct {
	defender             []string // the arguments
	melds, knocker       string   // --melds, --knocker
	meldsSet, knockerSet bool
}

func runLayoff(c *cli.Context) error {
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	k, err := layoffOf(layoffArgs{
		defender: c.Args().Slice(),
		melds:    c.String("melds"), knocker: c.String("knocker"),
		meldsSet: c.IsSet("melds"), knockerSet: c.IsSet("knocker"),
	})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return render.WriteJSON(c.App.Writer, render.LayoffJSONOf(k))
	}
	return render.WriteTo(c.App.Writer, s.AppendKnock(nil, k))
}

// layoffOf works out the defender's reply to the knock that a gives: to the
// melds laid down, or to the knocker's whole hand laid down.
func layoffOf(a layoffArgs) (*render.Knock, error) {
	if len(a.defender) == 0 {
		return nil, errors.New("layoff: give the defender's cards (see gin layoff --help)")
	}
	defender, err := ginrummy.ParseHand(strings.Join(a.defender, " "))
	if err != nil {
		return nil, err
	}
	switch {
	case a.meldsSet && a.knockerSet:
		return nil, errors.New("--melds and --knocker both give the knocker's cards: give one")
	case a.meldsSet:
		melds, err := ginrummy.ParseMelds(a.melds)
		if err != nil {
			return nil, fmt.Errorf("--melds: %w", meldsError(err))
		}
		reply, err := ginrummy.DefenderReply(melds, defender)
		var cerr *ginrummy.CardError
		switch {
		case errors.As(err, &cerr):
			return nil, err
		case err != nil:
			return nil, fmt.Errorf("--melds: %w", err)
		}
		return render.KnockFromMelds(melds, defender, &reply), nil
	case a.knockerSet:
		knocker, err := ginrummy.ParseHand(a.knocker)
		if err != nil {
			return nil, fmt.Errorf("--knocker: %w", err)
		}
		spread, err := ginrummy.LayDown(knocker, defender)
		if err != nil {
			return nil, cardsError(knocker, defender, err)
		}
		return render.KnockFromSpread(knocker, defender, spread), nil
	}
	return nil, errors.New(`layoff: give the knocker's melds (--melds "7h 8h 9h | Ks Kd Kc") or whole hand (--knocker CARDS)`)
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
