"""Dice: a roll, the opening roll, and a seedable source of throws.

>>> from bglearn import Dice, Roll
>>> Roll(1, 3)
Roll(3, 1)
>>> Roll.parse("6-6").dice
(6, 6, 6, 6)
>>> Dice(seed=7).roll() == Dice(seed=7).roll()
True
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence, Union

from .errors import NotationError
from .i18n import _, ngettext
from .player import RED, WHITE, Player
from .values import Value

__all__ = ["Roll", "Dice", "OpeningRoll", "ALL_ROLLS", "RollLike", "as_roll"]


class Roll(tuple[int, int]):
    """Two dice, higher first. ``Roll(3, 1) == Roll(1, 3)``; ``roll.dice`` lists the moves it gives
    (four for doubles)."""

    __slots__ = ()

    def __new__(cls, first: int, second: int) -> "Roll":
        for d in (first, second):
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                raise NotationError(_("a die shows 1 to 6, got {value}.").format(value=repr(d)))
        hi, lo = (first, second) if first >= second else (second, first)
        return tuple.__new__(cls, (hi, lo))

    @classmethod
    def parse(cls, text: str) -> "Roll":
        """A roll from text such as ``"31"``, ``"3-1"``, ``"3 1"`` or ``"3,1"``."""
        if not isinstance(text, str):
            raise NotationError(_("a roll is written like '31' or '3-1', got {value}.").format(value=repr(text)))
        digits = [c for c in text.strip() if c not in " -,/x"]
        if len(digits) != 2 or not all(c in "123456" for c in digits):
            raise NotationError(
                _("{text} is not a roll: write two dice 1-6, such as '31' or '6-6'.").format(text=repr(text))
            )
        return cls(int(digits[0]), int(digits[1]))

    @property
    def high(self) -> int:
        return self[0]

    @property
    def low(self) -> int:
        return self[1]

    @property
    def is_double(self) -> bool:
        return self[0] == self[1]

    @property
    def dice(self) -> tuple[int, ...]:
        """The die values to be played: two, or four for doubles."""
        return (self[0],) * 4 if self[0] == self[1] else (self[0], self[1])

    @property
    def pips(self) -> int:
        return sum(self.dice)

    def __repr__(self) -> str:
        return f"Roll({self[0]}, {self[1]})"

    def __str__(self) -> str:
        return f"{self[0]}-{self[1]}"

    def __getnewargs__(self) -> tuple[int, int]:
        return (self[0], self[1])


RollLike = Union[Roll, Sequence[int], str]


def as_roll(roll: RollLike) -> Roll:
    """A :class:`Roll` from a Roll, a pair of numbers or text like ``"31"``."""
    if isinstance(roll, Roll):
        return roll
    if isinstance(roll, str):
        return Roll.parse(roll)
    try:
        values = list(roll)
    except TypeError:
        raise NotationError(_("a roll is two dice such as (3, 1) or '31', got {value}.").format(
            value=repr(roll))) from None
    if len(values) != 2:
        raise NotationError(ngettext("a roll is two dice, got {n} value: {value}.",
                                      "a roll is two dice, got {n} values: {value}.", len(values)).format(
            n=len(values), value=repr(roll)))
    return Roll(values[0], values[1])


ALL_ROLLS: tuple[Roll, ...] = tuple(Roll(a, b) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 distinct rolls."""


class OpeningRoll(Value):
    """The opening throw: each side's die, who starts, the roll the starter plays, and the tied
    throws that had to be thrown again (each a pair of equal dice)."""

    __slots__ = ("white_die", "red_die", "rethrows")
    white_die: int
    red_die: int
    rethrows: tuple[int, ...]

    def __init__(self, white_die: int, red_die: int, rethrows: tuple[int, ...] = ()) -> None:
        self._init(white_die=white_die, red_die=red_die, rethrows=rethrows)

    @property
    def starter(self) -> Player:
        """The side whose die was higher: it moves first."""
        return WHITE if self.white_die > self.red_die else RED

    @property
    def roll(self) -> Roll:
        """The two numbers the starter plays."""
        return Roll(self.white_die, self.red_die)


class Dice:
    """A source of dice throws. The same ``seed`` gives the same throws, so lessons and exercises are
    reproducible; ``Dice.fixed([...])`` replays given rolls (for a lesson or a test)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._script: Iterator[Roll] | None = None

    @classmethod
    def fixed(cls, rolls: Sequence[RollLike]) -> "Dice":
        """Dice that throw exactly ``rolls`` in order (then raise :class:`StopIteration`)."""
        d = cls(0)
        d._script = iter([as_roll(r) for r in rolls])
        return d

    def die(self) -> int:
        """One die, 1-6."""
        return self._rng.randint(1, 6)

    def roll(self) -> Roll:
        """A throw of two dice."""
        if self._script is not None:
            return next(self._script)
        return Roll(self.die(), self.die())

    def opening_roll(self) -> OpeningRoll:
        """Each side throws one die; ties are thrown again. The higher die starts and plays both numbers."""
        if self._script is not None:
            r = next(self._script)
            if r.is_double:
                raise ValueError(_("an opening roll cannot be a double: ties are thrown again."))
            return OpeningRoll(r.high, r.low)
        ties: list[int] = []
        while True:
            white, red = self.die(), self.die()
            if white != red:
                return OpeningRoll(white, red, tuple(ties))
            ties.append(white)

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"
