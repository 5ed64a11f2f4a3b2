"""``bglearn plays``, ``bglearn explain`` and ``bglearn show``: the rules engine on the command line.

>>> from bglearn.cli import build_parser
>>> from bglearn.commands.engine import position_with_roll
>>> args = build_parser().parse_args(["plays", "--position", "4HPwATDgc/ABMA", "--roll", "31"])
>>> position_with_roll(args)
(Position(white={24: 2, 13: 5, 8: 3, 6: 5}, red={24: 2, 13: 5, 8: 3, 6: 5}, turn=WHITE), Roll(3, 1))
"""

from __future__ import annotations

import argparse

from ..dice import Roll, as_roll
from ..errors import NotationError
from ..i18n import _
from ..verdicts import Reason, explain
from ..ids import parse_xgid
from ..plays import legal_plays
from ..position import RED, WHITE, Player, Position

__all__ = ["register", "position_and_roll", "position_with_roll"]


def _add_position_args(p: argparse.ArgumentParser, roll: bool = True) -> None:
    p.add_argument("--position", "-p", required=True, metavar="ID",
                   help=_("a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), ID:MatchID, or an XGID"))
    p.add_argument("--turn", choices=["white", "red"], default=None,
                   help=_("the colour on roll for a plain Position ID (default white; an XGID or Match ID says it)"))
    if roll:
        p.add_argument("--roll", "-r", metavar="DICE",
                       help=_("the dice, e.g. 31 or 6-6 (optional when the XGID holds the dice)"))


def position_and_roll(args: argparse.Namespace) -> tuple[Position, Roll | None]:
    """The position, and the roll if one is given, named on the command line; bad text raises a
    BglearnError."""
    text = args.position.strip()
    turn: Player = RED if args.turn == "red" else WHITE
    roll = None
    if text.upper().startswith("XGID=") or text.count(":") >= 4:
        x = parse_xgid(text)
        position = x.position
        if args.turn:
            position = position.with_turn(turn)
        roll = Roll(*x.dice) if x.dice else None
    else:
        position = Position.parse(text, turn)
        if args.turn and ":" in text:
            position = position.with_turn(turn)
    if getattr(args, "roll", None):
        roll = as_roll(args.roll)
    return position, roll


def position_with_roll(args: argparse.Namespace) -> tuple[Position, Roll]:
    """The position and the roll named on the command line; a missing roll raises NotationError."""
    position, roll = position_and_roll(args)
    if roll is None:
        raise NotationError(_("no roll given: add --roll, e.g. --roll 31 (or use an XGID that holds the dice)."))
    return position, roll


def _plays(args: argparse.Namespace) -> int:
    position, roll = position_with_roll(args)
    plays = legal_plays(position, roll)
    if not plays:
        print(_("no legal play: {player} cannot move with {roll}, the turn is lost").format(
            player=position.turn.name_text, roll=roll))
        return 0
    for play in plays:
        print(play.notation)
    return 0


def _explain(args: argparse.Namespace) -> int:
    position, roll = position_with_roll(args)
    verdict = explain(position, roll, args.play, complete=not args.partial)
    if verdict.reason is Reason.BAD_NOTATION:  # unreadable input, not an illegal play: exit status 2
        raise NotationError(verdict.message)
    if verdict.legal:
        print(_("legal: {message}").format(message=verdict.message))
        return 0
    print(_("illegal ({reason}): {message}").format(reason=verdict.reason.name, message=verdict.message))
    print(_("rule: {rule}").format(rule=verdict.reason.rule))
    return 1


def _show(args: argparse.Namespace) -> int:
    position, _roll = position_and_roll(args)
    print(position)
    print(_("Position ID: {id}").format(id=position.position_id()))
    print(f"XGID: {position.xgid()}")
    result = position.result()
    if result:
        print(result)
    return 0


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("plays", help=_("list every legal play of a position for a roll"),
                       description=_("Print every distinct legal play, one per line, in standard notation."))
    _add_position_args(p)
    p.set_defaults(func=_plays)

    p = sub.add_parser("explain", help=_("say whether a play is legal, and why not"),
                       description=_("Judge a play written in notation. Exit status 0 when legal, 1 when illegal, "
                       "2 when the input cannot be read (bad notation, position or dice; one line on stderr)."))
    _add_position_args(p)
    p.add_argument("--play", required=True, help=_('the play, e.g. "24/18 13/11" or "bar/22*"'))
    p.add_argument("--partial", action="store_true",
                   help=_("judge the moves as the start of a play rather than the whole turn"))
    p.set_defaults(func=_explain)

    p = sub.add_parser("show", help=_("print a position as a text diagram with its IDs"))
    _add_position_args(p, roll=False)
    p.set_defaults(func=_show)
