"""The two sides of a backgammon game, White and Red.

This module sits below every other part of the engine (dice, cube, position), so each of them can
name a side without importing the board. ``bglearn.position`` re-exports these names.

>>> from bglearn.player import WHITE, RED
>>> WHITE.opponent, str(RED)
(RED, 'Red')
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Player", "WHITE", "RED", "CHECKERS"]

CHECKERS = 15
"""Checkers each side has (``bglearn.position`` re-exports it)."""


class Player(IntEnum):
    """One of the two sides. White sits at the bottom of the board by default and starts the game
    unless the opening roll says otherwise."""

    WHITE = 0
    RED = 1

    @property
    def opponent(self) -> "Player":
        """The other side."""
        return _OPPONENT[self]  # indexed by the side: WHITE is 0, RED is 1

    @property
    def name_text(self) -> str:
        """``"White"`` or ``"Red"``, for sentences (in the current language: :func:`bglearn.set_language`)."""
        from .i18n import _

        return _("White") if self is Player.WHITE else _("Red")

    def __str__(self) -> str:
        return self.name_text

    def __repr__(self) -> str:
        return self.name


WHITE = Player.WHITE
RED = Player.RED
_OPPONENT = (RED, WHITE)
