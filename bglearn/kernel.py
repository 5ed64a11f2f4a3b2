"""The move-generation kernel: a position as plain integer arrays, exact integer keys for the positions
reached during a turn, and the search for every distinct legal play, listed in the order
:func:`bglearn.plays.legal_plays` documents.

This is the engine's inner loop, shared by :mod:`bglearn.plays` (which wraps its results in
:class:`~bglearn.plays.Move` and :class:`~bglearn.plays.Play`) and :mod:`bglearn.verdicts` (which replays a
learner's moves on the same arrays and compares keys). Three kinds of turn have a path of their own
that lists each position once by rule, already in order, with no keys and no sorting: a non-double
with no checker on the bar and two or more outside the home board (the commonest turn), a non-double
with a checker on the bar, and a double with four or more checkers on the bar or outside the home
board that can be played in full. The other turns search move by move and tell positions apart by
key. Everything is in the mover's numbering:

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

from itertools import compress
from typing import TYPE_CHECKING, Dict, Tuple

from .player import CHECKERS

if TYPE_CHECKING:  # pragma: no cover
    from .position import Position  # a variant's Position calls this module (Position.legal_sequences)

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
    the mover's numbering (indices 1-24), as the position's variant maps the two numberings
    (:meth:`Position.facing <bglearn.position.Position.facing>`)."""
    me = position.checkers(position.turn)
    b = [CHECKERS - sum(me), *me[1:25], me[0]]
    o = [0, *position.facing(), 0]
    return b, o


def moves_for_die(b: list[int], o: list[int], d: int, outside: int) -> list[tuple[int, int, bool]]:
    """Every legal single move ``(source, destination, hit)`` with die ``d``; ``outside`` is how many
    of the mover's checkers are on the bar or outside the home board (none: it may bear off)."""
    if b[25]:
        t = 25 - d
        n = o[t]
        return [(25, t, n == 1)] if n < 2 else []
    if outside:
        return [(s, t, n == 1) for s in range(24, d, -1) if b[s] and (n := o[(t := s - d)]) < 2]
    out = []
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
    the forced-move rules, in :func:`bglearn.plays.legal_plays`'s order (by the moves, the highest
    first); ``b`` and ``o`` are as :func:`mover_arrays` gives them and are left as they were. ``dice``
    is two values, or four equal ones for doubles."""
    outside = b[25] + sum(b[7:25])
    if len(dice) == 2:
        if not b[25]:
            if outside >= 2:
                return _nondouble_contact(b, o, dice[0], dice[1])
        elif dice[0] > dice[1]:
            return _nondouble_bar(b, o, dice[0], dice[1])
    # Keys are counted from the starting position (0): each place changes by at most four checkers in
    # a turn, so the changes, like the counts themselves, tell positions apart exactly.
    found: Found = {}
    if len(dice) == 2:
        _nondouble(b, o, dice[0], dice[1], 0, outside, found)
    else:
        if outside >= 4:
            plays = _double_contact(b, o, dice[0])
            if plays:
                return plays
        _double(b, o, dice[0], 0, 25, 0, outside, (), found)
    if not found:
        return []
    values = found.values()
    best = max([v[0] for v in values])
    sequences = [moves for score, moves in values if score == best]
    sequences.sort(key=_order_key, reverse=True)
    return sequences


def _order_key(seq: tuple[RawMove, ...]) -> tuple[RawMove, ...]:
    """A sequence's moves from the highest: the moves of a double are already made from non-increasing
    points (so in that order), and any other play has at most two moves."""
    if len(seq) == 2 and seq[0] < seq[1]:
        return (seq[1], seq[0])
    return seq


def _nondouble_contact(b: list[int], o: list[int], d1: int, d2: int) -> list[tuple[RawMove, ...]]:
    """Non-doubles with no checker on the bar and at least two outside the home board, listed in
    :func:`bglearn.plays.legal_plays`'s order (by the play's higher move, then its lower one).

    No bear-off can happen this turn and landing rights never change (a hit blot leaves its point
    open), so every play is one move of the larger die ("A") and one of the smaller ("B"), each from
    the lists of single moves, or one checker moving on by the other die ("C", from a point where the
    side had no checker). Each play is written the way it is first found by playing the larger die
    first, unless that is impossible (the smaller die brings the checker the larger then moves).
    Two plays reach the same position only when one checker travels x → x-d1-d2 in several ways: by
    way of x-d1, by way of x-d2 with another checker already there, or by way of x-d2 alone; a later
    way is left out when an earlier one gives the same position (the same blots hit).
    """
    if d1 < d2:
        d1, d2 = d2, d1
    pts = list(compress(_DOWN, b[24:0:-1]))  # the points with a checker, highest first
    first: list[RawMove] = []
    second: list[RawMove] = []
    for s in pts:  # each die's single moves, highest source first
        if s > d2:
            n = o[s - d2]
            if n < 2:
                second.append((s, s - d2, d2, n == 1))
            if s > d1:
                n = o[s - d1]
                if n < 2:
                    first.append((s, s - d1, d1, n == 1))
    if not first or not second:
        return _contact_one_die(b, o, d1, d2, first, second)
    plays: list[tuple[RawMove, ...]] = []
    add = plays.append
    i = j = 0  # first[i:] and second[j:]: the moves from the current point and below
    n1, n2 = len(first), len(second)
    for s in pts:
        while i < n1 and first[i][0] > s:
            i += 1
        while j < n2 and second[j][0] > s:
            j += 1
        # The smaller die's move from s is the higher move (it lands higher); the lower is a larger-die
        # move from s (another checker) or below, or the same checker moving on from where it landed.
        if j < n2 and second[j][0] == s:
            hi = second[j]
            t = hi[1]
            lows = first[i:] if b[s] > 1 else first[i + (i < n1 and first[i][0] == s):]
            if b[t]:  # another checker is on t: its larger-die move makes s → t → t-d1 with this one, which
                # is listed by way of s-d1 (under that higher move) when that way is open and hits nothing
                if s > d1 and not o[s - d1]:
                    for a in lows:
                        if a[0] != t:
                            add((a, hi))
                else:
                    for a in lows:
                        add((a, hi))
            else:
                t2 = t - d1
                if t2 > 0 and o[t2] < 2 and (o[t] or o[s - d1]):
                    on: tuple[RawMove, ...] | None = (hi, (t, t2, d1, o[t2] == 1))  # in its place by t
                    for a in lows:
                        if on and a[0] < t:
                            add(on)
                            on = None
                        add((a, hi))
                    if on:
                        add(on)
                else:
                    for a in lows:
                        add((a, hi))
        if i < n1 and first[i][0] == s:
            hi = first[i]
            t = hi[1]
            lows = second[j + (j < n2 and second[j][0] == s):]
            hit = hi[3]  # it hits on t: a smaller-die checker landing there after it hits nothing
            on = None  # the same checker moving on, listed in its place by t
            if not b[t]:
                t2 = t - d2
                if t2 > 0 and o[t2] < 2:
                    on = (hi, (t, t2, d2, o[t2] == 1))
            if on is None and not hit:
                for a in lows:
                    add((hi, a))
            else:
                for a in lows:
                    if on and a[0] < t:
                        add(on)
                        on = None
                    add((hi, (t + d2, t, d2, False) if hit and a[1] == t else a))
                if on:
                    add(on)
    if plays:
        return plays
    return _contact_one_die(b, o, d1, d2, first, second)


def _contact_one_die(
    b: list[int], o: list[int], d1: int, d2: int, first: list[RawMove], second: list[RawMove]
) -> list[tuple[RawMove, ...]]:
    """When one die has no single move, or no two checkers can use both dice: one checker moving on
    with the other die from where the first landed, if any can (these come from one die's list, so
    they are already in order); else the larger die's moves if it has any, else the smaller's."""
    both: list[tuple[RawMove, ...]] = []
    for m, d in [(m, d2) for m in first] + [(m, d1) for m in second]:
        t = m[1]
        t2 = t - d
        if t2 > 0 and o[t2] < 2:
            both.append((m, (t, t2, d, o[t2] == 1)))
    return both or [(m,) for m in first] or [(m,) for m in second]


_DOWN = range(24, 0, -1)


def _nondouble_bar(b: list[int], o: list[int], hi: int, lo: int) -> list[tuple[RawMove, ...]]:
    """Non-doubles with a checker on the bar (``hi`` > ``lo``), in :func:`bglearn.plays.legal_plays`'s
    order: the plays that enter with the smaller die (the higher entry point), then those that enter
    with the larger, each by its other move, the highest first.

    With two or more on the bar both dice enter, if they can. With one, the other die moves any
    checker, the entered one too (none can bear off: it enters outside the home board). Only one
    position is reached in two ways: the entered checker moving on to 25 - hi - lo by way of either
    entry point, when neither entry hits; it is listed once, by way of the larger die's entry."""
    e_hi, e_lo = 25 - hi, 25 - lo
    n_hi, n_lo = o[e_hi], o[e_lo]
    m_hi: RawMove | None = (25, e_hi, hi, n_hi == 1) if n_hi < 2 else None
    m_lo: RawMove | None = (25, e_lo, lo, n_lo == 1) if n_lo < 2 else None
    if b[25] > 1:
        if m_hi and m_lo:
            return [(m_hi, m_lo)]
        return [(m_hi,)] if m_hi else [(m_lo,)] if m_lo else []
    b[25] = 0
    by_hi = _after_entry(b, o, m_hi, lo) if m_hi else []
    by_lo = _after_entry(b, o, m_lo, hi) if m_lo else []
    b[25] = 1
    if by_hi or by_lo:
        if by_hi and by_lo and n_hi != 1 and n_lo != 1 and o[e_hi - lo] < 2:
            by_lo = [p for p in by_lo if p[1][0] != e_lo]  # bar/e_lo/x: listed as bar/e_hi/x
        return by_lo + by_hi
    return [(m_hi,)] if m_hi else [(m_lo,)] if m_lo else []


def _after_entry(b: list[int], o: list[int], entry: RawMove, d: int) -> list[tuple[RawMove, ...]]:
    """``entry`` followed by each move of die ``d`` (no checker left on the bar, none can bear off)."""
    t = entry[1]
    b[t] += 1
    if entry[3]:
        o[t] = 0
    plays: list[tuple[RawMove, ...]] = [
        (entry, (s, s - d, d, o[s - d] == 1)) for s in range(24, d, -1) if b[s] and o[s - d] < 2]
    if entry[3]:
        o[t] = 1
    b[t] -= 1
    return plays


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


def _double_contact(b: list[int], o: list[int], d: int) -> list[tuple[RawMove, ...]]:
    """The plays of a double when all four dice can be played and at least four of the mover's
    checkers are on the bar or outside the home board (so none can bear off this turn), in
    :func:`bglearn.plays.legal_plays`'s order; ``[]`` when fewer than four dice can be played.

    Each play is made from non-increasing points (so the list comes out in order), and two such plays
    never reach the same position: the checkers that leave each point, counted from the highest point
    down, follow from the position reached. A move lands on a point the opponent does not hold, so
    the open points never change; the first checker to land on a blot hits it.
    """
    bar = b[25]
    srcs = [s for s in range(24, d, -1) if o[s - d] < 2]  # the points a move can start from
    hit = [(s, s - d, d, o[s - d] == 1) for s in srcs]  # the move from each, first to land there
    quiet = [(s, s - d, d, False) for s in srcs]  # the move from each after another landed there
    plays: list[tuple[RawMove, ...]] = []
    if bar:
        t = 25 - d
        if o[t] >= 2:
            return []
        entry = ((25, t, d, o[t] == 1),) + ((25, t, d, False),) * (min(bar, 4) - 1)
        if bar >= 4:
            return [entry]
        b[t] += bar  # the entered checkers stand on t, which no later move lands on
        _double_walk(b, d, srcs, hit, quiet, 0, -1, 4 - bar, entry, plays)
        b[t] -= bar
        return plays
    n = len(srcs)
    add = plays.append
    for i in range(n):
        s1 = srcs[i]
        if not b[s1]:
            continue
        m1 = hit[i]
        b[s1] -= 1
        b[s1 - d] += 1
        for j in range(i, n):
            s2 = srcs[j]
            if not b[s2]:
                continue
            m12 = (m1, quiet[j] if j == i else hit[j])
            b[s2] -= 1
            b[s2 - d] += 1
            for k in range(j, n):
                s3 = srcs[k]
                if not b[s3]:
                    continue
                m123 = m12 + (quiet[k] if k == j else hit[k],)
                b[s3] -= 1
                b[s3 - d] += 1
                for m in range(k, n):
                    if b[srcs[m]]:
                        add(m123 + (quiet[m] if m == k else hit[m],))
                b[s3] += 1
                b[s3 - d] -= 1
            b[s2] += 1
            b[s2 - d] -= 1
        b[s1] += 1
        b[s1 - d] -= 1
    return plays


def _double_walk(
    b: list[int], d: int, srcs: list[int], hit: list[RawMove], quiet: list[RawMove], start: int, prev: int,
    need: int, seq: tuple[RawMove, ...], plays: list[tuple[RawMove, ...]],
) -> None:
    """:func:`_double_contact`'s search for ``need`` more moves from ``srcs[start:]`` after ``seq``
    (``prev``: the index of the last move's point, whose next move does not hit)."""
    n = len(srcs)
    if need == 1:
        for i in range(start, n):
            if b[srcs[i]]:
                plays.append(seq + (quiet[i] if i == prev else hit[i],))
        return
    for i in range(start, n):
        s = srcs[i]
        if b[s]:
            b[s] -= 1
            b[s - d] += 1
            _double_walk(b, d, srcs, hit, quiet, i, i, need - 1, seq + (quiet[i] if i == prev else hit[i],), plays)
            b[s] += 1
            b[s - d] -= 1


def _double(
    b: list[int], o: list[int], d: int, depth: int, maxsrc: int, key: int, outside: int,
    moves: tuple[RawMove, ...], found: Found,
) -> None:
    """Every way to play the rest of a double from here, checkers moved from non-increasing points
    (``maxsrc`` is the last source); each play found is recorded in ``found`` by its key."""
    if b[25]:
        t = 25 - d
        n = o[t]
        options = [(25, t, n == 1)] if n < 2 else []
    elif outside:
        options = []
        for s in range(maxsrc if maxsrc < 24 else 24, d, -1):
            if b[s]:
                n = o[s - d]
                if n < 2:
                    options.append((s, s - d, n == 1))
    else:
        options = [m for m in moves_for_die(b, o, d, 0) if m[0] <= maxsrc]
    W, H = POINT_WEIGHT, HIT_WEIGHT
    if depth == 3:  # the last move: record each play here rather than one call deeper
        for s, t, hit in options:
            last = key + W[t] - W[s] + (H[t] if hit else 0)
            if last not in found:  # four moves: no shorter play reaches the same position
                found[last] = (4, moves + ((s, t, d, hit),))
    else:
        for s, t, hit in options:
            b[s] -= 1
            b[t] += 1
            if hit:
                o[t] = 0
            _double(
                b, o, d, depth + 1, s,
                key + W[t] - W[s] + (H[t] if hit else 0),
                outside - 1 if s > 6 and t <= 6 else outside,
                moves + ((s, t, d, hit),),
                found,
            )
            if hit:
                o[t] = 1
            b[t] -= 1
            b[s] += 1
    if not options and depth:
        prev = found.get(key)
        if prev is None or prev[0] < depth:
            found[key] = (depth, moves)
