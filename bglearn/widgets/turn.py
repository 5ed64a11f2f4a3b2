"""What the engine says about one turn on the board, asked once and kept for the turn's clicks.

A click on the board asks the engine several questions about the same turn — where the selected
checker may go, whether the dice are all played, why a move is refused — and each of them starts
from the turn's legal plays. :class:`TurnPlays` holds those plays (computed once for the turn's
position and roll: by the :class:`~bglearn.game.Game`, which keeps them) and hands them to every
engine call, and keeps each answer for the moves made so far, so a second click on the same checker
asks the engine nothing. A new turn (another position or roll) gets a new :class:`TurnPlays`.

Every answer is the engine's (:mod:`bglearn.destinations`, :mod:`bglearn.verdicts`); this module
decides no rule.

>>> from bglearn import Position, legal_plays
>>> turn = TurnPlays(Position(), "31", legal_plays(Position(), "31"))
>>> sorted(turn.destinations(8, ()))
[4, 5, 7]
>>> turn.movable(())[:3]
[24, 13, 8]
"""

from __future__ import annotations

from typing import Sequence

from ..destinations import checker_destinations, movable_points
from ..dice import Roll, RollLike, as_roll
from ..plays import Move, Play
from ..position import Player, Position
from ..verdicts import Attempt, Verdict, explain, legal_continuations

__all__ = ["TurnPlays"]

Moves = tuple[Move, ...]


class TurnPlays:
    """The legal ``plays`` of ``position`` (the side on roll) with ``roll``, and the engine's answers
    derived from them, kept per sequence of moves made so far (``pending``, in the mover's numbering).
    ``numbering`` is whose point numbers the engine's sentences use (the board's printed numbers)."""

    def __init__(self, position: Position, roll: RollLike, plays: Sequence[Play], *,
                 numbering: Player | None = None) -> None:
        self.position = position
        self.roll: Roll = as_roll(roll)
        self.plays: tuple[Play, ...] = tuple(plays)
        self.numbering = numbering
        self._continuations: dict[Moves, list[Move]] = {}
        self._destinations: dict[tuple[int, Moves], dict[int, Moves]] = {}
        self._movable: dict[Moves, list[int]] = {}

    def is_for(self, position: Position, roll: Roll, numbering: Player | None) -> bool:
        """True when these are the plays of ``position`` with ``roll`` (sentences in ``numbering``)."""
        return self.roll == roll and self.numbering == numbering and self.position == position

    def continuations(self, pending: Sequence[Move]) -> list[Move]:
        """The single-die moves that may come next (:func:`~bglearn.verdicts.legal_continuations`);
        empty when the turn is complete."""
        key = tuple(pending)
        if key not in self._continuations:
            self._continuations[key] = legal_continuations(self.position, self.roll, key, numbering=self.numbering,
                                                           plays=self.plays)
        return list(self._continuations[key])

    def destinations(self, source: int, pending: Sequence[Move]) -> dict[int, Moves]:
        """Where the checker on ``source`` may go next: destination -> the moves that take it there
        (:func:`~bglearn.destinations.checker_destinations`)."""
        key = (source, tuple(pending))
        if key not in self._destinations:
            self._destinations[key] = checker_destinations(self.position, self.roll, source, key[1], plays=self.plays)
        return dict(self._destinations[key])

    def movable(self, pending: Sequence[Move]) -> list[int]:
        """The points whose checker may move next, highest first (:func:`~bglearn.destinations.movable_points`)."""
        key = tuple(pending)
        if key not in self._movable:
            self._movable[key] = movable_points(self.position, self.roll, key, plays=self.plays)
        return list(self._movable[key])

    def explain(self, attempted: Attempt, complete: bool | None = None) -> Verdict:
        """The engine's verdict on ``attempted`` (:func:`~bglearn.verdicts.explain`), in the board's numbers."""
        return explain(self.position, self.roll, attempted, complete=complete, numbering=self.numbering,
                       plays=self.plays)
