"""The end of a game: who has won, and whether it is a single game, a gammon or a backgammon.

>>> from bglearn import Position, game_result
>>> game_result(Position()) is None
True
"""

from __future__ import annotations

from enum import IntEnum
from typing import Sequence

from .i18n import _, ngettext
from .player import Player
from .position import Position
from .values import Value
from .variants import find_variant

__all__ = ["ResultKind", "GameResult", "game_result", "result_kind", "points_won"]


class ResultKind(IntEnum):
    """How a game was won; the value is the multiple of the cube it scores."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def label(self) -> str:
        """The kind of win in words, in the current language ("single game", "gammon", "backgammon")."""
        if self is ResultKind.SINGLE:
            return _("single game")
        return _("gammon") if self is ResultKind.GAMMON else _("backgammon")

    def __str__(self) -> str:
        return self.word


class GameResult(Value):
    """A finished game: the ``winner``, the ``kind`` of win and the ``reason`` in words; ``variant`` is
    the game, whose own words for the win it uses (:meth:`Position.result_words
    <bglearn.position.Position.result_words>`: in ``"long-nardy"`` a SINGLE is an oin, 1 point, and a
    GAMMON a mars, 2 points)."""

    __slots__ = ("winner", "kind", "reason", "variant")
    winner: Player
    kind: ResultKind
    reason: str
    variant: str

    def __init__(self, winner: Player, kind: ResultKind, reason: str, variant: str = "backgammon") -> None:
        self._init(winner=winner, kind=kind, reason=reason, variant=variant)

    @property
    def loser(self) -> Player:
        return self.winner.opponent

    @property
    def label(self) -> str:
        """The kind of win in words, in the current language ("gammon"; "oin", "mars" in Long Nardy)."""
        words = find_variant(self.variant).result_words(self.kind)
        return self.kind.label if words is None else words[0]

    def points(self, cube: int = 1) -> int:
        """What the winner scores with the cube at ``cube`` (no Jacoby rule, no match cap)."""
        return int(self.kind) * cube

    def __str__(self) -> str:
        names = {"player": self.winner.name_text, "reason": self.reason}
        words = find_variant(self.variant).result_words(self.kind)
        if words is not None:
            return words[2].format(**names)
        if self.kind is ResultKind.SINGLE:
            return _("{player} wins a single game: {reason}").format(**names)
        if self.kind is ResultKind.GAMMON:
            return _("{player} wins a gammon: {reason}").format(**names)
        return _("{player} wins a backgammon: {reason}").format(**names)


def result_kind(loser_side: Sequence[int]) -> tuple[ResultKind, str]:
    """The kind of win against a loser whose checkers are ``loser_side`` (25 numbers in the loser's
    own numbering, index 0 = bar), with the reason in words."""
    off = 15 - sum(loser_side)
    if off:
        return ResultKind.SINGLE, ngettext(
            "the loser has borne off {n} checker, so it is a single game",
            "the loser has borne off {n} checkers, so it is a single game", off).format(n=off)
    if loser_side[0] or any(loser_side[19:25]):
        return ResultKind.BACKGAMMON, (
            _("the loser has borne off none and still has a checker on the bar") if loser_side[0] else
            _("the loser has borne off none and still has a checker in the winner's home board")
        )
    return ResultKind.GAMMON, _("the loser has borne off none")


def game_result(position: Position) -> GameResult | None:
    """The result of ``position`` if a side has borne off all 15 checkers, else ``None``."""
    winner = position.winner
    if winner is None:
        return None
    kind, reason = position.win_kind(winner)  # the game's own scoring (Position.win_kind)
    return GameResult(winner, kind, reason, position.variant)


def points_won(
    kind: ResultKind,
    cube: int = 1,
    *,
    cube_centred: bool = True,
    jacoby: bool = False,
    match_length: int = 0,
) -> int:
    """What the winner of a game scores: ``kind`` (single 1, gammon 2, backgammon 3) times the cube.

    With the Jacoby rule (money play only: ``match_length == 0``) gammons and backgammons count as
    singles while the cube is centred. Capping at the points a match still needs is the match's job.
    """
    multiple = int(kind)
    if jacoby and not match_length and cube_centred:
        multiple = 1
    return multiple * cube
