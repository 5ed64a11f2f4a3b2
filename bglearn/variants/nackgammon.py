"""Nackgammon: backgammon from Nack Ballard's starting position, as GNU Backgammon plays it (its
``VARIATION_NACKGAMMON``). Each side starts with 2 checkers on its 24-point and 2 on its 23-point,
4 on its 13-point, 3 on its 8-point and 4 on its 6-point: one checker fewer on the midpoint and on
the 6-point than in backgammon, two more back. Every rule is backgammon's — the moves, the
explanations, hitting and the bar, the cube, gammons and backgammons, GNU Backgammon's Position and
Match IDs, XGIDs — so the class states only its name and its start.

>>> from bglearn import Position, legal_plays
>>> start = Position(variant="nackgammon")
>>> start.position_id(), start.pip_count()
('4Dl4ADbgOXgANg', 194)
>>> plays = legal_plays(start, "65")   # backgammon's rules, from the Nackgammon start
>>> len(plays), plays[0].notation
(7, '24/18 23/18')
"""

from __future__ import annotations

from ..i18n import N_
from ..position import Position

__all__ = ["NACKGAMMON_START", "NackgammonPosition"]

NACKGAMMON_START: tuple[int, ...] = tuple({6: 4, 8: 3, 13: 4, 23: 2, 24: 2}.get(i, 0) for i in range(25))
"""One side's checkers at the start (index 0 = bar, ``i`` = its ``i``-point)."""


class NackgammonPosition(Position):
    """A Nackgammon position: a backgammon position whose game starts from :data:`NACKGAMMON_START`
    (``Position(variant="nackgammon")`` is the start, White on roll)."""

    __slots__ = ()
    variant = "nackgammon"
    aliases = ("nack",)
    display_name = N_("Nackgammon")
    START = NACKGAMMON_START
