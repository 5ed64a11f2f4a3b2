"""Long Nardy's legal plays: the move generator, in the mover's numbering, on the same plain arrays
as the backgammon kernel (:mod:`bglearn.kernel`):

* ``b`` — the side on roll, 26 numbers: ``b[0]`` borne off, ``b[1..24]`` its points, ``b[25]`` (the bar)
  always 0;
* ``o`` — the opponent's checkers on each point as the mover numbers it (``o[1..24]``).

A play is a sequence of single-die moves. Each move: from a point holding a checker of the mover, to a
point holding no opposing checker (one checker holds a point; no hitting), or off when every checker
not yet off stands on points 1-6 (a die bears off from its own point, or from the highest occupied
point when no checker stands higher). At most :func:`head_limit` checkers leave the head (point 24)
in a turn. Among the plays whose final position breaks no six-block rule (:func:`six_block`), those
using the most dice are legal; when only one die of a non-double can be used, the larger if it can.
Two plays are the same play when they lead to the same position.

>>> from bglearn import Position, legal_plays
>>> plays = legal_plays(Position(variant="long-nardy"), "63")
>>> all(play.position.variant == "long-nardy" for play in plays)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel import POINT_WEIGHT, RawMove, mover_arrays
from ...player import CHECKERS
from .board import HEAD, OPPOSITE

if TYPE_CHECKING:  # pragma: no cover
    from ...dice import Roll
    from ...position import Position

__all__ = ["HEAD_DOUBLES", "ROUTE", "head_limit", "six_block", "generate", "nardy_sequences"]

HEAD_DOUBLES = frozenset({6, 4, 3})
"""The doubles that let a side with all 15 checkers on its head move two checkers off it."""


ROUTE: tuple[int, ...] = tuple(OPPOSITE[q] for q in range(1, 25))
"""The opponent's points 1, 2, ..., 24 (the end of its route first) in the mover's numbering:
``ROUTE[q - 1]`` is the mover's number for the opponent's point ``q`` (13-24, then 1-12)."""


def head_limit(b: list[int] | tuple[int, ...], dice: tuple[int, ...]) -> int:
    """How many checkers may leave the head (point 24 of ``b``, the mover's 26 numbers or its 25) this
    turn: two when all 15 are still there and the roll is 6-6, 4-4 or 3-3, else one."""
    if b[HEAD] == CHECKERS and len(dice) == 4 and dice[0] in HEAD_DOUBLES:
        return 2
    return 1


def six_block(b: list[int] | tuple[int, ...], o: list[int] | tuple[int, ...], opponent_off: int) -> int:
    """The opponent's ``j`` of a six-block the mover holds against the rule (points ``j .. j+5`` along
    the opponent's route, in its numbering, with no opposing checker past them, on its points below
    ``j``, and none borne off), or 0 when there is none. ``b`` and ``o`` are in the mover's numbering
    (point ``i`` at index ``i``)."""
    if opponent_off:
        return 0
    run = 0
    for q, p in enumerate(ROUTE, start=1):
        if b[p]:
            run += 1
            if run == 6:
                return q - 5
        elif o[p]:
            return 0  # an opposing checker here is past every block further along its route
        else:
            run = 0
    return 0


def _single_moves(b: list[int], o: list[int], d: int, head_ok: bool) -> list[tuple[int, int]]:
    """Every single move ``(source, destination)`` with die ``d`` (destination 0 = off)."""
    out = []
    home = not any(b[7:25])
    higher = False
    for s in range(24, 0, -1):
        if not b[s]:
            continue
        if s == HEAD and not head_ok:
            higher = True
            continue
        t = s - d
        if t > 0:
            if not o[t]:
                out.append((s, t))
        elif home and (t == 0 or not higher):
            out.append((s, 0))
        higher = True
    return out


def generate(b: list[int], o: list[int], dice: tuple[int, ...], opponent_off: int) -> list[tuple[RawMove, ...]]:
    """The move sequences of every distinct legal play (one per resulting position), after the
    six-block and dice-usage rules; ``b`` and ``o`` as :func:`bglearn.kernel.mover_arrays` gives them (left as they
    were); ``dice`` two values, or four equal ones for doubles. An empty list: the turn is lost."""
    limit = head_limit(b, dice)
    double = len(dice) == 4
    # key -> (score, moves, legal end): score = dice used for doubles; 200 / 100 + die for non-doubles
    found: dict[int, tuple[int, tuple[RawMove, ...]]] = {}
    seen: set[tuple[int, tuple[int, ...]]] = set()
    head0 = b[HEAD]

    def search(key: int, left: tuple[int, ...], moves: tuple[RawMove, ...]) -> None:
        if (key, left) in seen:
            return
        seen.add((key, left))
        if moves:
            used = len(moves)
            score = used if double else (200 if used == 2 else 100 + moves[0][2])
            prev = found.get(key)
            if prev is None or prev[0] < score:
                if six_block(b, o, opponent_off) == 0:
                    found[key] = (score, moves)
        if not left:
            return
        head_ok = head0 - b[HEAD] < limit
        for i, d in enumerate(left):
            if i and d == left[i - 1]:
                continue
            rest = left[:i] + left[i + 1:]
            for s, t in _single_moves(b, o, d, head_ok):
                b[s] -= 1
                b[t] += 1
                search(key + POINT_WEIGHT[t] - POINT_WEIGHT[s], rest, moves + ((s, t, d, False),))
                b[t] -= 1
                b[s] += 1

    key0 = 0
    for p in range(26):
        if b[p]:
            key0 += b[p] * POINT_WEIGHT[p]
    search(key0, tuple(dice), ())
    if not found:
        return []
    best = max(score for score, _ in found.values())
    return [moves for score, moves in found.values() if score == best]


def nardy_sequences(position: "Position", roll: "Roll") -> list[tuple[RawMove, ...]]:
    """The move sequences of the legal plays of ``position`` (a Long Nardy position) for ``roll``, in
    :func:`bglearn.legal_plays`' order (by their moves, highest source first)."""
    b, o = mover_arrays(position)
    found = generate(b, o, roll.dice, position.off(position.turn.opponent))
    found.sort(key=_order_key, reverse=True)
    return found


def _order_key(seq: tuple[RawMove, ...]) -> list[RawMove]:
    return sorted(seq, reverse=True)
