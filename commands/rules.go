package commands

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gin-rummy/gin/commands/render"
	"github.com/gin-rummy/gin/ginrummy"
	"github.com/gin-rummy/gin/sheets/rulesfile"
)

func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "list the rule presets, or show one as YAML",
		Description: describe("Lists the rule presets, the default first, each with what sets it apart. Wherever gin takes\n"+
			"--rules, it takes a preset name or a rules file; gin rules show prints either in full.",
			example{"the presets", "gin rules"},
			example{"the same", "gin rules list"},
			example{"every field of the modern rules", "gin rules show modern"},
			example{"the presets as JSON Lines", "gin rules --json"},
		),
		Flags:  outputFlags("print JSON Lines: one object per preset"),
		Action: runRulesList,
		Subcommands: []*cli.Command{{
			Name:  "list",
			Usage: "list the rule presets, as gin rules does",
			Description: describe("Lists the rule presets, the default first, each with what sets it apart: the same as gin rules.",
				example{"the presets", "gin rules list"},
				example{"the presets as JSON Lines", "gin rules list --json"},
			),
			Flags:  outputFlags("print JSON Lines: one object per preset"),
			Action: runRulesList,
		}, {
			Name:      "show",
			Usage:     "print a preset, or a rules file, as YAML with every field",
			ArgsUsage: "NAME|FILE",
			Description: describe("Prints a preset, or a rules file with every field filled in. A rules file is a preset and\n"+
				"the fields that differ from it, such as these two lines:\n\n   preset: modern\n   target: 250",
				example{"the classic rules, the default", "gin rules show classic"},
				example{"the Oklahoma rules as one JSON object", "gin rules show oklahoma --json"},
				example{"a rules file, with every field it leaves to its preset", "gin rules show house-rules.yaml"},
			),
			Flags:        outputFlags("print the rules as one JSON object"),
			BashComplete: runRulesArg,
			Action:       runRulesShow,
		}},
	}
}

// runRulesList prints one line per preset, the default first.
func runRulesList(c *cli.Context) error {
	if c.Args().Present() {
		if suggest(c.Args().First(), commandNames(c.Command.Subcommands)) != "" {
			return unknownSubcommand(c.App.Name, c.Command, c.Args().First())
		}
		return fmt.Errorf("%s: unexpected %q (to print a preset: gin rules show NAME)", strings.TrimPrefix(c.Command.HelpName, c.App.Name+" "), c.Args().First())
	}
	s, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer)
	if err != nil {
		return err
	}
	b, err := s.AppendPresets(nil, c.Bool("json"))
	if err != nil {
		return err
	}
	_, err = c.App.Writer.Write(b)
	return err
}

// runRulesShow prints one set of rules with every field, as YAML or as JSON
// with the same field names in the same order.
func runRulesShow(c *cli.Context) error {
	if _, err := newStyleFor(c.String("color"), c.Bool("plain"), c.App.Writer); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return errors.New("rules show: give one preset name or rules file")
	}
	rules, err := rulesfile.Load(c.Args().First())
	if err != nil {
		return presetHint(c.Args().First(), err)
	}
	if c.Bool("json") {
		return render.WriteJSON(c.App.Writer, rulesfile.Of(rules))
	}
	doc, err := rulesfile.Marshal(rules)
	if err != nil {
		return err
	}
	_, err = c.App.Writer.Write(doc)
	return err
}

// presetHint adds the preset most likely meant to the refusal of an unknown one.
func presetHint(name string, err error) error {
	if errors.Is(err, ginrummy.ErrUnknownPreset) {
		if s := suggest(name, ginrummy.PresetNames()); s != "" {
			return fmt.Errorf("%w; did you mean %q?", err, s)
		}
	}
	return err
}
