"""The move generator's fast paths against the plain statement of the rules (tests/reference_rules.py).

Two kinds of turn have a path of their own in bglearn/kernel.py, with no position keys (each play is
built once, already in order): doubles with four or more checkers on the bar or outside the home
board, and non-doubles with a checker on the bar. These positions are drawn at random rather than met
in self-play, so that crowded bars, blocked entries, long primes and blots to hit on the way all
come up often.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import Position, Roll, legal_plays
from reference_rules import mover_arrays, results


def random_position(seed: int) -> Position:
    """A valid position with the side on roll spread widely: often on the bar, rarely all home."""
    rng = random.Random(seed)
    mine = [0] * 25  # index 0 = bar, i = my i-point
    theirs = [0] * 25  # in their own numbering
    for _ in range(rng.randint(4, 15)):
        place = 0 if rng.random() < 0.12 else rng.randint(1, 24)
        if sum(mine) < 15:
            mine[place] += 1
    for _ in range(rng.randint(2, 15)):
        point = rng.randint(1, 24)
        if mine[25 - point] == 0 and sum(theirs) < 15:
            theirs[point] += rng.choice((1, 1, 2, 3))
            theirs[point] = min(theirs[point], 15 - sum(theirs) + theirs[point])
    if not any(theirs):
        theirs[24 if not mine[1] else 0] = 1
    return Position(mine, theirs)


def played(position: Position, plays: list) -> set:
    """Each play as the reference states it: the mover's array after it, and the points hit."""
    out = set()
    for play in plays:
        after, _ = mover_arrays(play.result.with_turn(position.turn))
        out.add((tuple(after), frozenset(m.destination for m in play.moves if m.hit)))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(1, 6))
def test_doubles_are_the_reference_plays_in_order(seed, die):
    position = random_position(seed)
    b, o = mover_arrays(position)
    plays = legal_plays(position, Roll(die, die))
    assert played(position, plays) == results(b, o, (die,) * 4), (position, die)
    assert len(played(position, plays)) == len(plays)  # one play per position reached
    moves = [tuple(play.moves) for play in plays]
    assert moves == sorted(moves, reverse=True)  # the documented order: by the moves, highest first
    for play in plays:
        hit_points = [m.destination for m in play.moves if m.hit]
        assert len(hit_points) == len(set(hit_points))  # a blot is hit by the first checker to land there


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.sampled_from([(a, b) for a in range(2, 7) for b in range(1, a)]))
def test_entering_from_the_bar_gives_the_reference_plays_in_order(seed, dice):
    position = random_position(seed)
    if not position.bar(position.turn):  # put one checker of the side (two, for odd seeds) on the bar
        mine = list(position.checkers(position.turn))
        for _ in range(1 + seed % 2):
            source = max(range(1, 25), key=lambda p: mine[p])
            if mine[source]:
                mine[source] -= 1
                mine[0] += 1
        position = Position(mine, position.checkers(position.turn.opponent))
    b, o = mover_arrays(position)
    plays = legal_plays(position, Roll(*dice))
    assert played(position, plays) == results(b, o, dice), (position, dice)
    assert len(played(position, plays)) == len(plays)
    keys = [sorted(play.moves, reverse=True) for play in plays]
    assert keys == sorted(keys, reverse=True)  # the documented order: by the moves, highest first


def test_a_blocked_double_falls_back_to_fewer_moves():
    # Red holds White's 9-, 5- and 2-points: with 4-4 White's 13s and 6s are stuck, and the checker
    # on the 8-point moves to the 4-point and no further (White may not bear off yet).
    position = Position({13: 4, 8: 1, 6: 10}, {16: 2, 20: 2, 23: 2, 1: 9})
    b, o = mover_arrays(position)
    plays = legal_plays(position, "44")
    assert played(position, plays) == results(b, o, (4, 4, 4, 4))
    assert [p.notation for p in plays] == ["8/4"]
