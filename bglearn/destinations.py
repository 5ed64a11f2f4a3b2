"""Where one checker may go next: the single-die moves of :func:`~bglearn.verdicts.legal_continuations`
chained for the same checker, so a pointer can move a checker with both dice (or up to four steps with
doubles) in one gesture.

>>> from bglearn import Position
>>> from bglearn.destinations import checker_destinations, movable_points
>>> sorted(checker_destinations(Position(), "31", 8))
[4, 5, 7]
>>> checker_destinations(Position(), "31", 8)[4]
(Move(source=8, destination=5, die=3, hit=False), Move(source=5, destination=4, die=1, hit=False))
>>> movable_points(Position(), "31")[:3]
[24, 13, 8]

Points are in the mover's numbering: ``BAR`` (25) as a source, ``OFF`` (0) as a destination. Every
destination offered starts a legal play (the engine's ``legal_continuations`` is asked at each
step), and every point a checker reaches by consecutive moves of some legal play is offered.
"""

from __future__ import annotations

from typing import Sequence

from .dice import RollLike, as_roll
from .verdicts import legal_continuations
from .plays import OFF, Move, Play, legal_plays
from .position import Position

__all__ = ["checker_destinations", "movable_points"]


def checker_destinations(
    position: Position, roll: RollLike, source: int, moves_so_far: Sequence[Move] = (), *,
    plays: Sequence[Play] | None = None,
) -> dict[int, tuple[Move, ...]]:
    """The points the side on roll's checker on ``source`` may reach now, after ``moves_so_far``
    (the moves already made this turn from ``position``): destination -> the moves that take it
    there — one move for one die, or two to four consecutive moves of that checker when only
    several dice reach it (the fewest steps; for equally short ways, the engine's order).

    Empty when the checker cannot move. Raises :class:`~bglearn.errors.IllegalPlayError` when
    ``moves_so_far`` is not the start of a legal play. ``plays``: ``legal_plays(position, roll)``
    when the caller has it already (the engine is then not asked again)."""
    r = as_roll(roll)
    plays = legal_plays(position, r) if plays is None else list(plays)
    done = list(moves_so_far)
    found: dict[int, tuple[Move, ...]] = {}
    frontier: list[tuple[int, tuple[Move, ...]]] = [(source, ())]
    while frontier:
        nxt: list[tuple[int, tuple[Move, ...]]] = []
        for point, path in frontier:
            for m in legal_continuations(position, r, done + list(path), plays=plays):
                if m.source != point or m.destination in found or m.destination == source:
                    continue
                found[m.destination] = path + (m,)
                if m.destination != OFF:
                    nxt.append((m.destination, path + (m,)))
        frontier = nxt
    return found


def movable_points(position: Position, roll: RollLike, moves_so_far: Sequence[Move] = (), *,
                   plays: Sequence[Play] | None = None) -> list[int]:
    """The points (mover's numbering; 25 = the bar) whose checker may move next, highest first
    (``plays`` as in :func:`checker_destinations`)."""
    return sorted({m.source for m in legal_continuations(position, as_roll(roll), list(moves_so_far), plays=plays)},
                  reverse=True)

