"""``bglearn plays``, ``bglearn explain`` and ``bglearn show``: the rules engine on the command line."""

from __future__ import annotations

import argparse

from ..dice import Roll, as_roll
from ..errors import NotationError
from ..explain import Reason, explain
from ..ids import parse_xgid
from ..plays import legal_plays
from ..position import RED, WHITE, Player, Position

__all__ = ["register", "position_and_roll"]


def _add_position_args(p: argparse.ArgumentParser, roll: bool = True) -> None:
    p.add_argument("--position", "-p", required=True, metavar="ID",
                   help="a GNU Backgammon Position ID (e.g. 4HPwATDgc/ABMA), ID:MatchID, or an XGID")
    p.add_argument("--turn", choices=["white", "red"], default=None,
                   help="the colour on roll for a plain Position ID (default white; an XGID or Match ID says it)")
    if roll:
        p.add_argument("--roll", "-r", metavar="DICE",
                       help="the dice, e.g. 31 or 6-6 (optional when the XGID holds the dice)")


def position_and_roll(args: argparse.Namespace, need_roll: bool = True) -> tuple[Position, Roll | None]:
    """The position (and roll) named on the command line; bad text raises a BglearnError."""
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
    if need_roll and roll is None:
        raise NotationError("no roll given: add --roll, e.g. --roll 31 (or use an XGID that holds the dice).")
    return position, roll


def _plays(args: argparse.Namespace) -> int:
    position, roll = position_and_roll(args)
    plays = legal_plays(position, roll)
    if not plays:
        print(f"no legal play: {position.turn} cannot move with {roll}, the turn is lost")
        return 0
    for play in plays:
        print(play.notation)
    return 0


def _explain(args: argparse.Namespace) -> int:
    position, roll = position_and_roll(args)
    verdict = explain(position, roll, args.play, complete=not args.partial)
    if verdict.reason is Reason.BAD_NOTATION:  # unreadable input, not an illegal play: exit status 2
        raise NotationError(verdict.message)
    if verdict.legal:
        print(f"legal: {verdict.message}")
        return 0
    print(f"illegal ({verdict.reason.name}): {verdict.message}")
    print(f"rule: {verdict.reason.rule}")
    return 1


def _show(args: argparse.Namespace) -> int:
    position, _ = position_and_roll(args, need_roll=False)
    print(position)
    print(f"Position ID: {position.position_id()}")
    print(f"XGID: {position.xgid()}")
    result = position.result()
    if result:
        print(result)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("plays", help="list every legal play of a position for a roll",
                       description="Print every distinct legal play, one per line, in standard notation.")
    _add_position_args(p)
    p.set_defaults(func=_plays)

    p = sub.add_parser("explain", help="say whether a play is legal, and why not",
                       description="Judge a play written in notation. Exit status 0 when legal, 1 when illegal, "
                       "2 when the input cannot be read (bad notation, position or dice; one line on stderr).")
    _add_position_args(p)
    p.add_argument("--play", required=True, help='the play, e.g. "24/18 13/11" or "bar/22*"')
    p.add_argument("--partial", action="store_true",
                   help="judge the moves as the start of a play rather than the whole turn")
    p.set_defaults(func=_explain)

    p = sub.add_parser("show", help="print a position as a text diagram with its IDs")
    _add_position_args(p, roll=False)
    p.set_defaults(func=_show)
