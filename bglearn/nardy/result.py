"""The end of a Long Nardy game: an oin (1 point) when the loser has borne off at least one checker,
a mars (2 points) when it has borne off none. There is no backgammon (3) and no cube.

>>> from bglearn import Position
>>> Position({}, {24: 15}, variant="long-nardy").result().label
'mars'
"""

from __future__ import annotations

from typing import Sequence

from ..i18n import _, ngettext
from ..position import CHECKERS
from ..result import ResultKind

__all__ = ["nardy_result_kind"]


def nardy_result_kind(loser_side: Sequence[int]) -> tuple[ResultKind, str]:
    """The kind of win against a loser whose checkers are ``loser_side`` (25 numbers, its own
    numbering): ``SINGLE`` (an oin, 1 point) or ``GAMMON`` (a mars, 2 points), with the reason in words."""
    off = CHECKERS - sum(loser_side)
    if off:
        return ResultKind.SINGLE, ngettext(
            "the loser has borne off {n} checker, so it is an oin",
            "the loser has borne off {n} checkers, so it is an oin", off).format(n=off)
    return ResultKind.GAMMON, _("the loser has borne off none, so it is a mars")
