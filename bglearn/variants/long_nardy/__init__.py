"""Long Nardy (long backgammon, "table lungi"): the second variant the kit knows.

The rules the kit follows (issue #14; where sources differ, this is the kit's choice):

* Each side's 15 checkers start on its **head**, its own 24-point; both sides move the same way round
  the board, from their 24-point down to their 1-point and off. My point ``i`` is the opponent's point
  ``OPPOSITE[i]`` (:func:`opposite`: my 24-point is its 12-point, my 13-point its 1-point). There is no bar.
* **No hitting**: a point holding any opposing checker is closed; one checker holds a point.
* **Head rule**: at most one checker leaves the head in a turn, two when a side still has all 15 on
  its head and rolls 6-6, 4-4 or 3-3.
* **Six-block rule**: a play may not end with the mover holding six points in a row along the
  opponent's route unless an opposing checker is already past them (or borne off).
* Dice usage and bearing off as in backgammon; scoring: oin 1 point, mars 2; no cube.

A position of this variant is a :class:`LongNardyPosition` (a :class:`~bglearn.position.Position`
subclass registered as ``"long-nardy"`` in :mod:`bglearn.variants`): ``Position(variant="long-nardy")``
is the start. ``legal_plays``, ``explain``, ``result()``, ``Game(variant="long-nardy")`` and the diagram
all ask the position, which answers from this package: its facts (:mod:`.board`), move generator
(:mod:`.rules`), explanations (:mod:`.explain`), diagram marks (:mod:`.svg`) and scoring (:mod:`.position`).

>>> from bglearn import Position, legal_plays
>>> start = Position(variant="long-nardy")
>>> [p.notation for p in legal_plays(start, "66")]
['24/18(2)']
"""

from __future__ import annotations

from .board import HEAD, OPPOSITE, VARIANT
from .position import LongNardyPosition, nardy_result_kind, opposite
from .rules import head_limit, nardy_sequences, six_block

__all__ = ["VARIANT", "HEAD", "OPPOSITE", "LongNardyPosition", "opposite", "head_limit", "six_block",
           "nardy_sequences", "nardy_result_kind"]
