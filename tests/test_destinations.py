"""The engine's chained destinations for one checker (bglearn.destinations): exact sets for known
positions, and agreement with legal_plays over random positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import BAR, OFF, IllegalPlayError, Move, Position, explain, legal_plays
from bglearn.bots import RandomBot
from bglearn.destinations import checker_destinations, movable_points


def test_one_and_two_dice_destinations_from_the_start():
    d = checker_destinations(Position(), "31", 8)
    assert d == {7: (Move(8, 7, 1),), 5: (Move(8, 5, 3),), 4: (Move(8, 5, 3), Move(5, 4, 1))}
    assert set(checker_destinations(Position(), "31", 24)) == {23, 21, 20}
    assert set(checker_destinations(Position(), "31", 13)) == {10, 9}   # 13/12 is blocked; 13/10/9 is not


def test_doubles_chain_up_to_four_steps_and_stop_at_a_block():
    assert set(checker_destinations(Position(), "66", 24)) == {18}   # 18/12: Red holds White's 12
    d = checker_destinations(Position(), "22", 13)
    assert set(d) == {11, 9, 7, 5} and len(d[5]) == 4


def test_after_moves_made_and_from_the_bar():
    assert set(checker_destinations(Position(), "31", 6, [Move(8, 5, 3)])) == {5}
    pos = Position(white={"bar": 1, 6: 5, 8: 5, 13: 4}, red={1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 24: 5})
    assert movable_points(pos, "61") == [BAR]
    assert set(checker_destinations(pos, "61", BAR)) == {19, 18}
    assert checker_destinations(pos, "61", 13) == {}


def test_bearing_off_through_the_tray():
    pos = Position(white={6: 2, 5: 13}, red={24: 15})
    d = checker_destinations(pos, "65", 6)
    assert OFF in d and d[OFF] == (Move(6, OFF, 6),)


def test_moves_that_cannot_start_a_legal_play_are_refused():
    with pytest.raises(IllegalPlayError):
        checker_destinations(Position(), "31", 6, [Move(13, 12, 1)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 100_000), st.integers(0, 40))
def test_destinations_agree_with_legal_plays(seed, turns):
    """Every destination offered starts a legal play, and every point a checker reaches by
    consecutive moves at the start of some legal play is offered."""
    rng = random.Random(seed)
    bot = RandomBot(seed)
    pos = Position()
    for _ in range(turns):
        if pos.is_game_over:
            return
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        pos = bot.choose(pos, roll).result if legal_plays(pos, roll) else pos.pass_turn()
    if pos.is_game_over:
        return
    roll = (rng.randint(1, 6), rng.randint(1, 6))
    plays = legal_plays(pos, roll)
    sources = movable_points(pos, roll)
    assert {p.moves[0].source for p in plays if p.moves} <= set(sources) <= {m.source for p in plays for m in p.moves}
    for src in sources:
        dests = checker_destinations(pos, roll, src)
        for dest, path in dests.items():
            assert path[0].source == src and path[-1].destination == dest
            assert all(a.destination == b.source for a, b in zip(path, path[1:]))
            assert explain(pos, roll, list(path), complete=False).legal
    for p in plays:
        chain = [p.moves[0]] if p.moves else []
        for m in p.moves[1:]:
            if m.source != chain[-1].destination:
                break
            chain.append(m)
        if chain:
            assert chain[-1].destination in checker_destinations(pos, roll, chain[0].source)
