"""``bglearn match`` (play a match between computer players and save the record) and
``bglearn replay`` (print a ``.mat`` record move by move).

>>> from bglearn.cli import build_parser
>>> args = build_parser().parse_args(["match", "--length", "3", "--seed", "1"])
>>> args.length, args.seed
(3, 1)
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from ..errors import BglearnError
from ..i18n import N_, _
from . import check_input_file, check_output_file

if TYPE_CHECKING:  # pragma: no cover
    from ..bots import Bot
    from ..game import Game

__all__ = ["register"]


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser(
        "match",
        help=_("play a match between computer players and write the .mat record"),
        description=_("Play a whole match between computer players (not strong ones) with the cube and "
        "the Crawford rule, print the score after each game, and write the record as a .mat file "
        "that GNU Backgammon and eXtreme Gammon can import."),
    )
    p.add_argument("--length", type=int, default=5, help=_("match length in points (default 5)"))
    p.add_argument("--seed", type=int, default=None, help=_("seed for the dice and the players"))
    p.add_argument("--players", default="bot,bot",
                   help=_("White's and Red's players: bot (= heuristic), heuristic or random (default bot,bot)"))
    p.add_argument("--names", default=None, help=_("players' names for the record, e.g. 'Ann,Bob'"))
    p.add_argument("-o", "--output", default=None, help=_("write the .mat record to this file ('-' = stdout)"))
    p.add_argument("--moves", action="store_true", help=_("also print every move as it is played"))
    p.set_defaults(func=_match)

    r = subparsers.add_parser(
        "replay",
        help=_("print a .mat match record move by move"),
        description=_("Read a .mat record (as GNU Backgammon, eXtreme Gammon or bglearn write it), check "
        "every move with the rules engine, and print the match move by move with the score."),
    )
    r.add_argument("file", help=_("the .mat file ('-' = stdin)"))
    r.add_argument("--game", type=int, default=None, help=_("only this game (1 = the first)"))
    r.add_argument("--board", action="store_true", help=_("draw the board after every play"))
    r.add_argument("--ids", action="store_true", help=_("print the GNU Position ID after every play"))
    r.set_defaults(func=_replay)


def _pair(text: str, what: str) -> tuple[str, str]:
    parts = [t.strip() for t in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise BglearnError(_("--{option} takes two comma-separated values (White's, then Red's), got {text}.").format(
            option=what, text=repr(text)))
    return parts[0], parts[1]


def _match(args: argparse.Namespace) -> int:
    from ..bots import make_bot, play_game
    from ..dice import Dice
    from ..match import Match
    from ..records import format_mat

    # every argument is checked before the first game is played
    if args.length < 1:
        raise BglearnError(_("--length must be at least 1, got {value}.").format(value=args.length))
    if args.output and args.output != "-":
        check_output_file(args.output)
    kinds = _pair(args.players, "players")
    names = _pair(args.names, "names") if args.names else ("White", "Red")
    seed = args.seed
    white = make_bot(kinds[0], None if seed is None else seed * 2 + 1)
    red = make_bot(kinds[1], None if seed is None else seed * 2 + 2)
    match = Match(args.length, dice=Dice(seed), names=names)
    out = sys.stdout
    print(_("{length}-point match: {white} ({white_player}) v {red} ({red_player})").format(
        length=args.length, white=names[0], white_player=white.label, red=names[1], red_player=red.label), file=out)
    while not match.is_over:
        game = match.new_game()
        index = len(match.games) - 1
        print(_("{game} — score {score}").format(game=match.game_label(index), score=match.score_text()), file=out)
        if args.moves:
            _play_printing(game, white, red, out)
        else:
            play_game(game, white, red)
        print("  " + _("{summary}; score {score}").format(summary=game.summary(), score=match.score_text()), file=out)
    w = match.winner
    assert w is not None
    print(_("{player} wins the match {a}-{b}.").format(player=names[w], a=match.score[w], b=match.score[w.opponent]),
          file=out)
    if args.output:
        text = format_mat(match)
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
            print(_("Record written to {path}").format(path=args.output), file=out)
    return 0


def _play_printing(game: Game, white: Bot, red: Bot, out: TextIO) -> None:
    from ..bots import play_game

    play_game(game, white, red)
    for e in game.record:
        if e.kind != "roll":
            print(f"    {e}", file=out)


def _replay(args: argparse.Namespace) -> int:
    from ..player import RED, WHITE
    from ..records import parse_mat, read_mat

    if args.file == "-":
        record = parse_mat(sys.stdin.read())
    else:
        record = read_mat(check_input_file(args.file, N_(".mat file")))
    out = sys.stdout
    names = record.names
    if record.length:
        print(_("{length}-point match: {white} (White) v {red} (Red)").format(
            length=record.length, white=names[0], red=names[1]), file=out)
    else:
        print(_("Money games: {white} (White) v {red} (Red)").format(white=names[0], red=names[1]), file=out)
    for warning in record.warnings:
        print(_("warning: {warning}").format(warning=warning), file=out)
    games = list(enumerate(record.games))
    if args.game is not None:
        if not 1 <= args.game <= len(games):
            raise BglearnError(_("--game must be 1 to {last}, got {value}.").format(last=len(games), value=args.game))
        games = [games[args.game - 1]]
    for i, game in games:
        label = record.match.game_label(i) if record.match is not None else _("Game {number}").format(number=i + 1)
        w, r = game.score if record.length else (None, None)
        if record.length:
            label = _("{game} — score {white} {w}, {red} {r}").format(game=label, white=names[0], w=w, red=names[1], r=r)
        print(f"\n{label}", file=out)
        plays = 0
        for e in game.record:
            if e.kind in ("roll", "win"):
                continue
            text = str(e)
            if names != ("White", "Red"):  # the players' own names instead of the colours
                text = text.replace(WHITE.name_text, names[0]).replace(RED.name_text, names[1])
            if e.kind == "play":
                plays += 1
                print(f"  {plays:3d}. {text}", file=out)
                if args.board:
                    print(str(game.position_at(plays)), file=out)
                if args.ids:
                    print(f"       {game.position_at(plays).position_id()}", file=out)
            else:
                print(f"       {text}", file=out)
        if game.is_over:
            print(f"  {game.summary()}", file=out)
        else:
            print("  " + _("(the record ends before the game does)"), file=out)
    if record.match is not None:
        m = record.match
        if m.is_over:
            win = m.winner
            assert win is not None
            print("\n" + _("{player} wins the match {a}-{b}.").format(
                player=names[win], a=m.score[win], b=m.score[win.opponent]), file=out)
        else:
            print("\n" + _("Score: {score} (the match is not finished)").format(score=m.score_text()), file=out)
    else:
        s = record.score
        print("\n" + _("Money won: {white} {a}, {red} {b}").format(white=names[0], a=s[0], red=names[1], b=s[1]),
              file=out)
    return 0
