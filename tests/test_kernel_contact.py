"""The kernel's fast path for the commonest turn — a non-double with no checker on the bar and two or
more checkers outside the home board — lists every legal play once, already in legal_plays' order.

That path never compares positions: it leaves out the plays that would repeat a position by rule
(one checker travelling x → x-d1-d2 by way of x-d1, by way of x-d2 past another checker, or by way of
x-d2 alone). These tests pin those rules on hand-worked positions and check the path against the
plain reference generator on every such turn of the benchmark's self-play sample.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from positions import self_play_sample  # noqa: E402
from reference_rules import mover_arrays, results  # noqa: E402

from bglearn import ALL_ROLLS, Position, legal_plays  # noqa: E402

# Red's checkers in Red's own numbering: White's point n is Red's point 25 - n.
CASES = [
    pytest.param(
        {13: 2, 6: 13}, {1: 15}, "53",
        {"13/10 13/8", "13/10 6/1", "13/5", "13/8 6/3", "6/3 6/1"},
        id="13/8/5 and 13/10/5 are one play when neither passes a blot",
    ),
    pytest.param(
        {13: 2, 6: 13}, {1: 14, 15: 1}, "53",
        {"13/10* 13/8", "13/10* 6/1", "13/10*/5", "13/5", "13/8 6/3", "6/3 6/1"},
        id="a blot on 10 makes 13/10*/5 a second play beside 13/8/5",
    ),
    pytest.param(
        {13: 2, 6: 13}, {1: 13, 17: 2}, "53",
        {"13/10 6/1", "13/5", "6/3 6/1"},
        id="with 8 blocked only the way by 10 reaches 5",
    ),
    pytest.param(
        {13: 2, 10: 1, 6: 12}, {1: 15}, "53",
        {"10/2", "10/5 6/3", "10/7 6/1", "13/10 13/8", "13/10 6/1", "13/5", "13/8 10/7", "13/8 6/3",
         "6/3 6/1"},
        id="13/10 10/5 past a checker already on 10 is 13/5 once",
    ),
]


@pytest.mark.parametrize("white, red, roll, expected", CASES)
def test_one_checker_using_both_dice_is_listed_once_per_position(white, red, roll, expected):
    plays = legal_plays(Position(white, red), roll)
    assert sorted(p.notation for p in plays) == sorted(expected)


def _contact_turns():
    for position, _ in self_play_sample()[::4]:
        me = position.checkers(position.turn)
        if not position.is_game_over and not me[0] and sum(me[7:25]) >= 2:
            yield position


def test_every_contact_turn_of_the_sample_matches_the_reference_generator():
    checked = 0
    for position in _contact_turns():
        b, o = mover_arrays(position)
        for roll in ALL_ROLLS:
            if roll.is_double:
                continue
            plays = legal_plays(position, roll)
            got = []
            for play in plays:
                mb, _ = mover_arrays(play.result.with_turn(position.turn))
                got.append((tuple(mb), frozenset(m.destination for m in play.moves if m.hit)))
            assert len(set(got)) == len(got), (position.position_id(), roll)  # no position twice
            assert set(got) == results(b, o, roll.dice), (position.position_id(), roll)
            order = [sorted(p.moves, reverse=True) for p in plays]
            assert order == sorted(order, reverse=True), (position.position_id(), roll)
            checked += 1
    assert checked > 4500  # 318 positions x 15 rolls
