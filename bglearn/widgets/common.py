"""What every board mode shares: buttons, the reading of a click, and words for the learner.

The board modes (:mod:`.play`, :mod:`.practice`, :mod:`.setup`, :mod:`.show`) each answer the same
five questions — what a click does, what a button does, which buttons to show, what to draw, and
one line of status — and use these helpers to do it.

>>> from bglearn import RED, WHITE
>>> from bglearn.widgets.common import BoardNumbers, dice_words
>>> dice_words([6, 6, 6])
'6, 6 and 6'
>>> BoardNumbers(RED).word(WHITE, 6)        # White's 6-point, in the numbers printed for Red
'19'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import BglearnError, InvalidPositionError
from ..i18n import _
from ..notation import format_moves
from ..plays import BAR, OFF, Move
from ..position import RED, WHITE, Player
from ..variants import find_variant, variant_names

__all__ = ["Control", "as_player", "dice_words", "parse_target", "BoardNumbers", "VARIANTS",
           "as_variant", "other_number"]


@dataclass(frozen=True)
class Control:
    """A button under the board: ``id`` is what the browser sends back, ``label`` what it shows."""

    id: str
    label: str
    enabled: bool = True
    pressed: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "enabled": self.enabled, "pressed": self.pressed}


def as_player(value: Any, what: str) -> Player:
    """``WHITE``/``RED`` from a Player, ``"white"``/``"red"`` or 0/1; else one clear error."""
    if isinstance(value, Player):
        return value
    if isinstance(value, str) and value.strip().lower() in ("white", "red"):
        return WHITE if value.strip().lower() == "white" else RED
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return Player(value)
    raise BglearnError(_("{what} must be WHITE or RED, got {value!r}.").format(what=what, value=value))


def dice_words(values: Sequence[int]) -> str:
    """``"3"``, ``"3 and 1"``, ``"5, 5 and 5"``."""
    items = [str(v) for v in values]
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def parse_target(target: Mapping[str, Any] | int | str) -> tuple[str, Any]:
    """``("point", n)``, ``("bar", Player | None)`` or ``("off", Player | None)`` from a click report
    (``{"point": 13}``, ``{"bar": "white"}``, ``{"off": "red"}``, a point number, ``"bar"``, ``"off"``)."""
    if isinstance(target, Mapping):
        for key in ("point", "bar", "off"):
            if key in target and target[key] is not None:
                value = target[key]
                if key == "point":
                    try:
                        n = int(value)
                    except (TypeError, ValueError):
                        raise BglearnError(_("{value!r} is not a point; points are 1-24.").format(value=value)) from None
                    if not 1 <= n <= 24:
                        raise BglearnError(_("there is no point {n}; points are 1-24.").format(n=n))
                    return "point", n
                return key, as_player(value, key)
        raise BglearnError(_("a click names a point, a bar or a tray, got {target!r}.").format(target=dict(target)))
    if isinstance(target, str) and target.strip().lower() in ("bar", "off"):
        return target.strip().lower(), None
    if isinstance(target, int) and not isinstance(target, bool) and 1 <= target <= 24:
        return "point", target
    raise BglearnError(_("a click names a point 1-24, 'bar' or 'off', got {target!r}.").format(target=target))


VARIANTS: tuple[str, ...] = variant_names()
"""The games the board plays: ``position.variant`` of its positions (every game of :mod:`bglearn.variants`)."""


def as_variant(value: Any) -> str:
    """A game's registered name from its name or an alias (``"long nardy"``, ``"nardy"``:
    :func:`bglearn.variants.find_variant`); else one clear error."""
    try:
        return find_variant(value).variant
    except InvalidPositionError:
        pass
    raise BglearnError(_("variant must be one of {choices}, got {value!r}.").format(
        choices=", ".join(VARIANTS), value=value))


def other_number(variant: str, n: int) -> int:
    """My point ``n`` (1-24) in the opponent's numbering, as the game maps it (its ``OPPOSITE``):
    mirrored in backgammon (``25 - n``), shifted by half a board in Long Nardy. Its own inverse."""
    return find_variant(variant).OPPOSITE[n]


class BoardNumbers:
    """Point numbers as printed on the board the learner sees (the ``perspective``'s numbering),
    for every sentence the board writes about a ``mover``'s move. ``variant`` is the game's
    (``"backgammon"`` or ``"long-nardy"``): it decides how the two sides' numbers relate."""

    def __init__(self, perspective: Player, variant: str = "backgammon") -> None:
        self.perspective = perspective
        self.variant = variant

    def number(self, mover: Player, n: int) -> int:
        """The printed number of ``mover``'s point ``n`` (1-24)."""
        return n if mover is self.perspective else other_number(self.variant, n)

    def word(self, mover: Player, n: int) -> str:
        """``"bar"``, ``"off"`` or the printed number."""
        return "bar" if n == BAR else "off" if n == OFF else str(self.number(mover, n))

    def where(self, mover: Player, n: int) -> str:
        """``"the bar"`` or ``"the 8-point"`` (printed number)."""
        if n == BAR:
            return _("the bar")
        if n == OFF:
            return _("the tray")
        return _("the {n}-point").format(n=self.number(mover, n))

    def move(self, mover: Player, m: Move) -> str:
        """``"8/5"`` or ``"13/7*"`` in printed numbers."""
        return f"{self.word(mover, m.source)}/{self.word(mover, m.destination)}{'*' if m.hit else ''}"

    def moves(self, mover: Player, moves: Sequence[Move]) -> str:
        """Several moves as above, separated by spaces; for a whole play in the mover's own numbers
        use ``play.notation`` (the standard notation)."""
        return " ".join(self.move(mover, m) for m in moves)

    @property
    def mirrored(self) -> bool:
        """True when the other side's numbers are this side's mirrored (backgammon's ``25 - n``: the
        two sides move in opposite directions, so a path in printed numbers runs straight); False
        when both move the same way round (Long Nardy), where the other side's path in printed
        numbers wraps from 1 to 24. Asked of the game's own map (``OPPOSITE``)."""
        opposite = find_variant(self.variant).OPPOSITE
        return all(opposite[n] == 25 - n for n in range(1, 25))

    def play(self, mover: Player, moves: Sequence[Move], notation: str = "") -> str:
        """A play for a message, every move shown: each checker's path with every point it lands on
        (``24/19/16``, never summarised as ``24/16``: :func:`bglearn.notation.format_moves`). In the
        mover's numbers when the board is numbered for the mover; else in printed numbers followed
        by the mover's (``"17/20 19/20 (in Red's numbers: 8/5 6/5)"``) — or, in a game whose sides
        move the same way round (not :attr:`mirrored`), only in the mover's own numbers, as a player
        of that game reads it (``"24/19/14 (in Red's numbers)"``, not the wrapping ``12/7/2``).
        ``notation`` (the standard notation) is not needed any more; callers may still pass it."""
        if not moves:
            return _("nothing (no legal play)")
        own = format_moves(moves, paths=True)
        if mover is self.perspective:
            return own
        if not self.mirrored:
            return _("{moves} (in {mover}'s numbers)").format(moves=own, mover=mover)
        printed = format_moves(moves, paths=True, opposite=find_variant(self.variant).OPPOSITE)
        return _("{moves} (in {mover}'s numbers: {notation})").format(moves=printed, mover=mover, notation=own)
