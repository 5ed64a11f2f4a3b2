"""What every board mode shares: buttons, the reading of a click, and words for the learner.

The board modes (:mod:`.play`, :mod:`.practice`, :mod:`.setup`, :mod:`.show`) each answer the same
five questions — what a click does, what a button does, which buttons to show, what to draw, and
one line of status — and use these helpers to do it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import BglearnError
from ..explain import Verdict, explain
from ..plays import BAR, OFF, Move
from ..position import RED, WHITE, Player

__all__ = ["Control", "as_player", "plural", "dice_words", "parse_target", "BoardNumbers", "judge"]


@dataclass(frozen=True)
class Control:
    """A button under the board: ``id`` is what the browser sends back, ``label`` what it shows."""

    id: str
    label: str
    enabled: bool = True
    pressed: bool = False

    def as_dict(self) -> dict:
        return {"id": self.id, "label": self.label, "enabled": self.enabled, "pressed": self.pressed}


def as_player(value: Any, what: str) -> Player:
    """``WHITE``/``RED`` from a Player, ``"white"``/``"red"`` or 0/1; else one clear error."""
    if isinstance(value, Player):
        return value
    if isinstance(value, str) and value.strip().lower() in ("white", "red"):
        return WHITE if value.strip().lower() == "white" else RED
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return Player(value)
    raise BglearnError(f"{what} must be WHITE or RED, got {value!r}.")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 point"``, ``"2 points"``; ``many`` for irregular plurals (``plural(2, "die", "dice")``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def dice_words(values: Sequence[int]) -> str:
    """``"3"``, ``"3 and 1"``, ``"5, 5 and 5"``."""
    items = [str(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
                        raise BglearnError(f"{value!r} is not a point; points are 1-24.") from None
                    if not 1 <= n <= 24:
                        raise BglearnError(f"there is no point {n}; points are 1-24.")
                    return "point", n
                return key, as_player(value, key)
        raise BglearnError(f"a click names a point, a bar or a tray, got {dict(target)!r}.")
    if isinstance(target, str) and target.strip().lower() in ("bar", "off"):
        return target.strip().lower(), None
    if isinstance(target, int) and not isinstance(target, bool) and 1 <= target <= 24:
        return "point", target
    raise BglearnError(f"a click names a point 1-24, 'bar' or 'off', got {target!r}.")


class BoardNumbers:
    """Point numbers as printed on the board the learner sees (the ``perspective``'s numbering),
    for every sentence the board writes about a ``mover``'s move."""

    def __init__(self, perspective: Player) -> None:
        self.perspective = perspective

    def number(self, mover: Player, n: int) -> int:
        """The printed number of ``mover``'s point ``n`` (1-24)."""
        return n if mover is self.perspective else 25 - n

    def word(self, mover: Player, n: int) -> str:
        """``"bar"``, ``"off"`` or the printed number."""
        return "bar" if n == BAR else "off" if n == OFF else str(self.number(mover, n))

    def where(self, mover: Player, n: int) -> str:
        """``"the bar"`` or ``"the 8-point"`` (printed number)."""
        return "the bar" if n == BAR else "the tray" if n == OFF else f"the {self.number(mover, n)}-point"

    def move(self, mover: Player, m: Move) -> str:
        """``"8/5"`` or ``"13/7*"`` in printed numbers."""
        return f"{self.word(mover, m.source)}/{self.word(mover, m.destination)}{'*' if m.hit else ''}"

    def moves(self, mover: Player, moves: Sequence[Move]) -> str:
        """Several moves as above, separated by spaces; for a whole play in the mover's own numbers
        use ``play.notation`` (the standard notation)."""
        return " ".join(self.move(mover, m) for m in moves)

    def play(self, mover: Player, moves: Sequence[Move], notation: str) -> str:
        """A play for a message: its standard notation when the board is numbered for the mover,
        else its moves in printed numbers followed by the standard notation (``"12/18 (13/7)"``)."""
        if not moves:
            return "nothing (no legal play)"
        if mover is self.perspective:
            return notation
        return f"{self.moves(mover, moves)} (in {mover}'s numbers: {notation})"


def judge(position, roll, attempted, *, complete: bool | None = None, numbering: Player | None = None) -> Verdict:
    """:func:`bglearn.explain.explain` with its sentences in ``numbering``'s point numbers (the board's)."""
    return explain(position, roll, attempted, complete=complete, numbering=numbering)
