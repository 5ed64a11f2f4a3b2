"""The move-generation kernel: a position as plain integer arrays, exact integer keys for the positions
reached during a turn, and the search for every distinct legal play.

This is the engine's inner loop, shared by :mod:`bglearn.plays` (which wraps its results in
:class:`~bglearn.plays.Move` and :class:`~bglearn.plays.Play`) and :mod:`bglearn.verdicts` (which replays a
learner's moves on the same arrays and compares keys). Everything is in the mover's numbering:

* ``b`` — the side on roll, 26 numbers: ``b[0]`` borne off, ``b[1..24]`` its points, ``b[25]`` its bar;
* ``o`` — the opponent's checkers on each point as the mover numbers it (``o[1..24]``; 0 and 25 unused).

>>> from bglearn import Position
>>> b, o = mover_arrays(Position())
>>> b[24], b[13], b[8], b[6], o[19], o[12]
(2, 5, 3, 5, 5, 5)
>>> len(generate(b, o, (3, 1)))
16
"""

from __future__ import annotations

from typing import Dict, Tuple

from .position import CHECKERS, Position

__all__ = ["POINT_WEIGHT", "HIT_WEIGHT", "mover_arrays", "position_key", "moves_for_die", "generate",
           "RawMove", "Found"]

RawMove = Tuple[int, int, int, bool]
"""One move as the kernel makes it: ``(source, destination, die, hit)`` in the mover's numbering."""
Found = Dict[int, Tuple[int, Tuple[RawMove, ...]]]
"""The plays found so far: position key -> (score: dice used, or 100/200 + pips for non-doubles; moves)."""

# Exact integer keys for positions reached during a turn: 4 bits per place (off, points 1-24, bar) for
# the mover, plus one bit per point where an opposing blot was hit.
POINT_WEIGHT: tuple[int, ...] = tuple(1 << (4 * p) for p in range(26))
"""``POINT_WEIGHT[p]`` adds one mover's checker on place ``p`` (0 off, 1-24, 25 bar) to a key."""
HIT_WEIGHT: tuple[int, ...] = tuple(1 << (104 + p) for p in range(26))
"""``HIT_WEIGHT[p]`` records that an opposing blot was hit on point ``p`` (a hit changes the position)."""


def position_key(b: list[int]) -> int:
    """The key of the mover's array ``b`` with no hit recorded (the key a turn starts from)."""
    key = 0
    for p in range(26):
        if b[p]:
            key += b[p] * POINT_WEIGHT[p]
    return key


def mover_arrays(position: Position) -> tuple[list[int], list[int]]:
    """The side on roll as 26 numbers (0 = off, 1-24 points, 25 = bar) and the opponent's counts in
    the mover's numbering (indices 1-24)."""
    me = position.checkers(position.turn)
    opp = position.checkers(position.turn.opponent)
    b = [CHECKERS - sum(me), *me[1:25], me[0]]
    o = [0, *opp[24:0:-1], 0]
    return b, o


def moves_for_die(b: list[int], o: list[int], d: int, outside: int) -> list[tuple[int, int, bool]]:
    """Every legal single move ``(source, destination, hit)`` with die ``d``; ``outside`` is how many
    of the mover's checkers are on the bar or outside the home board (none: it may bear off)."""
    if b[25]:
        t = 25 - d
        n = o[t]
        return [(25, t, n == 1)] if n < 2 else []
    out = []
    if outside:
        for s in range(24, d, -1):
            if b[s]:
                n = o[s - d]
                if n < 2:
                    out.append((s, s - d, n == 1))
        return out
    higher = False
    for s in range(6, 0, -1):
        if b[s]:
            t = s - d
            if t > 0:
                n = o[t]
                if n < 2:
                    out.append((s, t, n == 1))
            elif t == 0 or not higher:
                out.append((s, 0, False))
            higher = True
    return out


def generate(b: list[int], o: list[int], dice: tuple[int, ...]) -> list[tuple[RawMove, ...]]:
    """The move sequences of every distinct legal play (one sequence per resulting position), after
    the forced-move rules; ``b`` and ``o`` are as :func:`mover_arrays` gives them and are left as they
    were. ``dice`` is two values, or four equal ones for doubles."""
    key0 = position_key(b)
    outside = b[25] + sum(b[7:25])
    found: Found = {}
    if len(dice) == 2:
        if not b[25] and outside >= 2:
            _nondouble_contact(b, o, dice[0], dice[1], key0, found)
        else:
            _nondouble(b, o, dice[0], dice[1], key0, outside, found)
    else:
        _double(b, o, dice[0], 0, 25, key0, outside, (), found)
    if not found:
        return []
    values = found.values()
    best = max([v[0] for v in values])
    return [moves for score, moves in values if score == best]


def _nondouble_contact(b: list[int], o: list[int], d1: int, d2: int, key0: int, found: Found) -> None:
    """Non-doubles with no checker on the bar and at least two outside the home board: no bear-off can
    happen this turn and landing rights never change (a hit blot leaves its point open), so the moves
    are enumerated from static tables."""
    W, H = POINT_WEIGHT, HIT_WEIGHT
    pts = [s for s in range(24, 0, -1) if b[s]]
    free = [n < 2 for n in o]
    blot = [n == 1 for n in o]
    two = False
    for da, db in ((d1, d2), (d2, d1)):
        for s in pts:
            if s <= da:
                break
            t = s - da
            if not free[t]:
                continue
            k1 = key0 + W[t] - W[s] + (H[t] if blot[t] else 0)
            m1 = (s, t, da, blot[t])
            sources: list[int] | tuple[int]
            if da == d1:
                sources = pts if t in pts else pts + [t]
                single = b[s] == 1
            else:  # the other order adds only the plays where this checker moves again
                sources = (t,)
                single = False
            any2 = False
            for s2 in sources:
                if s2 <= db:
                    continue
                if s2 == s and single:
                    continue
                t2 = s2 - db
                if not free[t2]:
                    continue
                hit2 = blot[t2] and t2 != t
                k2 = k1 + W[t2] - W[s2] + (H[t2] if hit2 else 0)
                any2 = True
                if k2 not in found:
                    found[k2] = (200, (m1, (s2, t2, db, hit2)))
            if any2:
                two = True
            elif not two and da == d1:
                # Only the first order decides one-die plays: a checker that cannot move on in the
                # second order may still leave another checker a move, found in the first order.
                score = 100 + da
                prev = found.get(k1)
                if prev is None or prev[0] < score:
                    found[k1] = (score, (m1,))
    if not two:
        # One die at most: offer the moves of the smaller die too, so that the larger-die rule can pick.
        for s in pts:
            if s <= d2:
                break
            t = s - d2
            if free[t]:
                k1 = key0 + W[t] - W[s] + (H[t] if blot[t] else 0)
                if k1 not in found:
                    found[k1] = (100 + d2, ((s, t, d2, blot[t]),))


def _nondouble(b: list[int], o: list[int], d1: int, d2: int, key0: int, outside: int, found: Found) -> None:
    W, H = POINT_WEIGHT, HIT_WEIGHT
    # With no checker on the bar and at least two outside the home board, moves of different checkers
    # commute, so the second order only needs the sequences where one checker uses both dice.
    restricted = not b[25] and outside >= 2
    two = False
    for first, (da, db) in enumerate(((d1, d2), (d2, d1))):
        for s, t, hit in moves_for_die(b, o, da, outside):
            b[s] -= 1
            b[t] += 1
            if hit:
                o[t] = 0
            out1 = outside - 1 if s > 6 and t <= 6 else outside
            k1 = key0 + W[t] - W[s] + (H[t] if hit else 0)
            m1 = (s, t, da, hit)
            seconds = moves_for_die(b, o, db, out1)
            if first and restricted:
                seconds = [m for m in seconds if m[0] == t]
            if seconds:
                two = True
                for s2, t2, hit2 in seconds:
                    k2 = k1 + W[t2] - W[s2] + (H[t2] if hit2 else 0)
                    if k2 not in found:
                        found[k2] = (200, (m1, (s2, t2, db, hit2)))
            elif not two:
                score = 100 + da
                prev = found.get(k1)
                if prev is None or prev[0] < score:
                    found[k1] = (score, (m1,))
            if hit:
                o[t] = 1
            b[t] -= 1
            b[s] += 1


def _double(
    b: list[int], o: list[int], d: int, depth: int, maxsrc: int, key: int, outside: int,
    moves: tuple[RawMove, ...], found: Found,
) -> None:
    any_move = False
    if depth < 4:
        for s, t, hit in moves_for_die(b, o, d, outside):
            if s > maxsrc:
                continue
            any_move = True
            b[s] -= 1
            b[t] += 1
            if hit:
                o[t] = 0
            _double(
                b, o, d, depth + 1, s,
                key + POINT_WEIGHT[t] - POINT_WEIGHT[s] + (HIT_WEIGHT[t] if hit else 0),
                outside - 1 if s > 6 and t <= 6 else outside,
                moves + ((s, t, d, hit),),
                found,
            )
            if hit:
                o[t] = 1
            b[t] -= 1
            b[s] += 1
    if not any_move and depth:
        prev = found.get(key)
        if prev is None or prev[0] < depth:
            found[key] = (depth, moves)
