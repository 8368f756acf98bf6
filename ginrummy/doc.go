// Package ginrummy is the game of Gin Rummy: cards and their notation, melds,
// the exact minimum-deadwood solver, knock and discard advice, layoffs, and
// the scoring rules of a hand, a game and a match. It does no I/O.
//
// # Glossary
//
// One name per concept, here and in every package of the project (the
// advice, the table, the bots, the score sheets and the commands):
//
//   - Card, Hand: a card (Card, "7h" in the notation, 7♥ printed) and a set of
//     cards (Hand); a player's hand holds ten cards between turns and eleven
//     after a draw. A type named Hand is a set of cards; a hand of play is
//     a deal (below).
//   - Meld: a set (three or four of a rank) or a run (three or more of a
//     suit in sequence, ace low). Arrangement: a hand split into melds and
//     deadwood.
//   - Deadwood: the cards in no meld, and their value (ace 1, face cards 10).
//   - Stock, discard pile, upcard: the face-down cards drawn from; the
//     face-up cards thrown; the card on top of the pile. The first upcard is
//     the one turned up after the deal (under Oklahoma it sets the knock
//     limit).
//   - Knock: ending a hand by laying down with deadwood within the knock
//     limit. Gin: laying down ten melded cards; big gin: eleven.
//   - Knocker, defender: who laid down, and the other player (Side). A
//     field named Knocker is the knocker's part of something: the
//     knocker's seat (table.Played.Knocker, a player 0 or 1), the
//     knocker's arrangement (Spread.Knocker); the knocker's cards as a
//     sheet writes them are KnockerCards. The bot named knocker, who
//     knocks at the first chance, is bots.Eager.
//   - Record: a hand's record (docs/hands.md, package record), every
//     move as it was played; review.Recorded is one to review, with its
//     rules.
//   - Layoff: a card of the defender's added to one of the knocker's melds
//     (Layoff). Reply: the defender's melds and layoffs against a knock, for
//     the least deadwood (Reply, DefenderReply). Spread: a knock as laid down
//     on the table, the knocker's arrangement and the defender's reply
//     (Spread, LayDown).
//   - Undercut: the defender's deadwood after the reply is no more than the
//     knocker's (less, where ties go to the knocker): the defender scores.
//   - Ending: how a hand ended (Knocked, WentGin, WentBigGin, Drawn): as
//     the table reports it (Showdown.Ending), and as the rules score it.
//     Kind: what a hand scored as (HandScore.Kind), in the same words: the
//     ending as scored (a knock with no deadwood is gin; a big gin is gin
//     under rules with no big-gin bonus), Undercut when the defender
//     scored, ByHand for a hand of a record given only as points.
//   - Hand (of play), deal: one deal played out; Outcome is how a record
//     keeps it; a drawn hand scores nothing and the same dealer deals again.
//     Seen whole at the table it is table.Played (the cards, the moves, how
//     it ended; table.Round while it is played); replayed in a match's
//     record, Deal (dealer, outcome, running scores); on a score sheet, a
//     hand: its form as written (sheets.HandRecord), scored
//     (sheets.ScoredHand).
//   - Box: a hand won, worth the box bonus when the game is settled.
//   - Game: play to the target (Rules.Target), settled with the game, box
//     and shutout bonuses (Game, Settlement; sheets.Settlement in the
//     sheet's words; stats.FinalScore, a finished game's day and final
//     points for a chart). Match: a series of games scored from one record
//     of hands: one game, or Hollywood's three played at once
//     (Rules.GamesAtOnce, the rules file's "games_at_once"; never "columns",
//     its old name, still read), each hand won entered in the winner's games
//     by the Hollywood rule. Result: what a run of gin arena came to
//     (arena.Result); a game's is its settlement.
//   - Item: one amount of a score's explanation (ItemKind names it:
//     "deadwood difference", "game bonus"); the words are made only when
//     printed.
package ginrummy
