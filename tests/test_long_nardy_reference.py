"""The Long Nardy engine agrees with a plain, independent generator (tests/long_nardy_reference.py) on
random self-play positions and on constructed positions around six-point blocks, the head exception
and bearing off (random play almost never builds a six-block)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from long_nardy_reference import (  # noqa: E402
    breaks_six_block_rule,
    my_number_of_their_point,
    reference_results,
)

from bglearn import Position, legal_plays  # noqa: E402
from bglearn.player import RED, WHITE  # noqa: E402

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def engine_results(p: Position, roll: tuple[int, int]) -> tuple[set[tuple[int, ...]], int]:
    plays = legal_plays(p, roll)
    return {play.result.checkers(p.turn) for play in plays}, len(plays)


def check(p: Position, roll: tuple[int, int]) -> set[tuple[int, ...]]:
    me, opp = list(p.checkers(p.turn)), list(p.checkers(p.turn.opponent))
    expected = reference_results(me, opp, roll)
    got, n = engine_results(p, roll)
    assert got == expected, (repr(p), roll, sorted(expected - got)[:3], sorted(got - expected)[:3])
    assert n == len(got), "two listed plays lead to the same position"
    return expected


def self_play_sample(seed: int, games: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        p = Position(variant="long-nardy")
        while not p.is_game_over:
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((p, roll))
            plays = legal_plays(p, roll)
            p = rng.choice(plays).result if plays else p.pass_turn()
    return out


def test_random_self_play_agrees_with_the_reference() -> None:
    sample = self_play_sample(seed=14, games=20)
    assert len(sample) > 1800
    for p, roll in sample:
        check(p, roll)


def _place(rng: random.Random, side: list[int], points: list[int], n: int) -> None:
    for _ in range(n):
        side[rng.choice(points)] += 1


def block_position(rng: random.Random) -> tuple[Position, bool]:
    """A position where the mover (White) holds most of six points in a row along Red's route, with
    spare checkers behind them, so that many rolls could complete the block. Returns the position and
    whether a Red checker stands past the block."""
    j = rng.randint(1, 19)
    window = [my_number_of_their_point(q) for q in range(j, j + 6)]
    me = [0] * 25
    held = rng.sample(window, 5)
    for p in held:
        me[p] = 1
    behind = [my_number_of_their_point(q) for q in range(j + 6, min(j + 12, 25))]
    gap = [p for p in window if p not in held]
    # spare checkers a few pips behind the gap or the block, so that the dice can fill it
    near = [p for p in range(1, 25) if any(0 < p - g <= 6 for g in gap) and p not in window]
    _place(rng, me, (near or behind or window), 15 - sum(me) - rng.randint(0, 4))
    me_points = {p for p in range(1, 25) if me[p]}
    opp = [0] * 25
    passed = rng.random() < 0.5 and j > 1
    free_their = [q for q in range(1, 25) if my_number_of_their_point(q) not in me_points]
    if passed:
        past = [q for q in free_their if q < j]
        opp[rng.choice(past)] += 1
    ahead = [q for q in free_their if q > j + 5] or [q for q in free_their if q >= j]
    _place(rng, opp, ahead, 15 - sum(opp))
    return Position(me, opp, WHITE, variant="long-nardy"), passed


def test_constructed_six_block_positions_agree_with_the_reference() -> None:
    rng = random.Random(6)
    refused = allowed = 0
    for _ in range(24):
        p, passed = block_position(rng)
        me, opp = list(p.checkers(WHITE)), list(p.checkers(RED))
        for roll in ROLLS:
            check(p, roll)
        # the sample really exercises the rule: count rolls where some play would end in a six-block
        for roll in ((1, 2), (3, 1), (2, 2), (4, 1)):
            for q_me in _one_die_ends(me, opp, roll[0]):
                if not breaks_six_block_rule(q_me, opp):
                    continue
                refused += 1
        if passed:
            allowed += 1
    assert refused > 20 and allowed > 5


def _one_die_ends(me: list[int], opp: list[int], die: int) -> list[list[int]]:
    out = []
    for s in range(1, 25):
        t = s - die
        if me[s] and t >= 1:
            q = (t + 11) % 24 + 1
            if not opp[q]:
                after = list(me)
                after[s] -= 1
                after[t] += 1
                out.append(after)
    return out


def test_head_positions_agree_with_the_reference() -> None:
    rng = random.Random(24)
    for k in range(12):
        me = [0] * 25
        me[24] = 15 if k % 2 == 0 else 14
        if me[24] == 14:
            me[rng.randint(13, 23)] = 1
        opp = [0] * 25
        mine_in_their_numbering = {(i + 11) % 24 + 1 for i in range(1, 25) if me[i]}
        free = [q for q in range(1, 25) if q not in mine_in_their_numbering]
        opp[24 if 24 in free else free[0]] = 15 - 3
        _place(rng, opp, free, 3)
        p = Position(opp, me, RED, variant="long-nardy")
        for roll in ROLLS:
            check(p, roll)


def test_bear_off_positions_agree_with_the_reference() -> None:
    rng = random.Random(61)
    for _ in range(40):
        me = [0] * 25
        _place(rng, me, list(range(1, 7)), rng.randint(1, 14))
        if rng.random() < 0.3:
            me[rng.randint(7, 9)] += 1
        mine = {(i + 11) % 24 + 1 for i in range(1, 25) if me[i]}
        opp = [0] * 25
        _place(rng, opp, [q for q in range(1, 25) if q not in mine], rng.randint(1, 15))
        p = Position(me, opp, WHITE, variant="long-nardy")
        for roll in ROLLS:
            check(p, roll)


@pytest.mark.parametrize("roll", ROLLS)
def test_every_roll_from_the_start_agrees_with_the_reference(roll: tuple[int, int]) -> None:
    check(Position(variant="long-nardy"), roll)


def test_the_six_block_test_agrees_with_the_reference_on_random_boards() -> None:
    """The engine's six-block test against the reference's, on random boards of both sides (many with
    long runs of held points, some wrapping from the mover's 1-point to its 24-point)."""
    from bglearn.kernel import mover_arrays
    from bglearn.variants.long_nardy import six_block

    rng = random.Random(12)
    refused = 0
    for _ in range(3000):
        start = rng.randint(1, 24)
        length = rng.randint(4, 9)
        me = [0] * 25
        for k in range(length):  # a run along the opponent's route, in my numbering
            q = (start + k - 1) % 24 + 1
            me[my_number_of_their_point(q)] = 1
        for p in rng.sample(range(1, 25), rng.randint(0, 3)):
            me[p] = 0  # gaps
        spare = 15 - sum(me)
        _place(rng, me, [p for p in range(1, 25) if me[p]] or [24], rng.randint(0, spare))
        mine = {(i + 11) % 24 + 1 for i in range(1, 25) if me[i]}
        opp = [0] * 25
        free = [q for q in range(1, 25) if q not in mine]
        if rng.random() < 0.5:  # often none of them past the run
            free = [q for q in free if q > start] or free
        _place(rng, opp, free, rng.choice([15, 15, 15, rng.randint(1, 15)]))
        p = Position(me, opp, WHITE, variant="long-nardy")
        b, o = mover_arrays(p)
        expected = breaks_six_block_rule(me, opp)
        assert (six_block(b, o, p.off(RED)) != 0) == expected, (me, opp)
        refused += expected
    assert 300 < refused < 2700
