"""The two sides of a backgammon game, White and Red.

This module sits below every other part of the engine (dice, cube, position), so each of them can
name a side without importing the board. ``bglearn.position`` re-exports these names.

>>> from bglearn.player import WHITE, RED
>>> WHITE.opponent, str(RED)
(RED, 'Red')
"""

from __future__ import annotations

from enum import IntEnum

from .i18n import CASES, NAMED_SIDES, pgettext

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

    def name_in(self, case: str) -> str:
        """The side's name in grammatical ``case`` (one of :data:`bglearn.i18n.CASES`), for a translation
        that writes ``{player:gen}``; the plain name in a language whose catalog has no such form."""
        if case not in CASES:
            raise ValueError(f"unknown grammatical case {case!r}; the cases are {', '.join(CASES)}")
        white = self is Player.WHITE
        # Translators: a side's name in a grammatical case, for a message whose translation writes
        # {player:gen} (Finnish: Valkoisen, Punaisen). A language that never writes it: the plain name.
        if case == "gen":
            form = pgettext("genitive", "White") if white else pgettext("genitive", "Red")
        elif case == "par":
            form = pgettext("partitive", "White") if white else pgettext("partitive", "Red")
        elif case == "ade":
            form = pgettext("adessive", "White") if white else pgettext("adessive", "Red")
        else:
            form = pgettext("allative", "White") if white else pgettext("allative", "Red")
        return self.name_text if form in ("White", "Red") else form

    def __str__(self) -> str:
        return self.name_text

    def __repr__(self) -> str:
        return self.name


WHITE = Player.WHITE
RED = Player.RED
_OPPONENT = (RED, WHITE)
NAMED_SIDES.extend((WHITE, RED))  # a translation's {player:gen} inflects their names, even given as text
