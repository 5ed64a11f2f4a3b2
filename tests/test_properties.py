"""Rule invariants over many random games (hypothesis), and a differential test against GNU Backgammon."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import ALL_ROLLS, OFF, Dice, Position, legal_plays
from reference_rules import mover_arrays, results

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(seed: int):
    """(position, roll, plays) for every turn of one random self-play game."""
    rng = random.Random(seed)
    dice = Dice(seed)
    position = Position()
    turns = []
    while not position.is_game_over:
        roll = dice.roll()
        plays = legal_plays(position, roll)
        turns.append((position, roll, plays))
        position = rng.choice(plays).result if plays else position.pass_turn()
    turns.append((position, None, []))
    return turns


@GAMES
@given(st.integers(0, 10**9))
def test_checkers_conserved_and_points_never_shared(seed):
    for position, _, plays in random_game(seed):
        for side in (position.white, position.red):
            assert all(n >= 0 for n in side)
            assert sum(side) + (15 - sum(side)) == 15 and sum(side) <= 15
        for i in range(1, 25):
            assert not (position.white[i] and position.red[25 - i])
        for play in plays:  # results re-validate through the public constructor
            r = play.result
            assert Position(r.white, r.red, r.turn) == r


@GAMES
@given(st.integers(0, 10**9))
def test_pip_counts_fall_by_the_pips_moved(seed):
    for position, roll, plays in random_game(seed):
        me, opp = position.turn, position.turn.opponent
        for play in plays:
            moved = sum(m.source - m.destination for m in play.moves)
            assert position.pip_count(me) - play.result.pip_count(me) == moved
            regained = sum(m.destination for m in play.moves if m.hit)
            assert play.result.pip_count(opp) - position.pip_count(opp) == regained
            assert all(m.destination == OFF or m.source - m.destination == m.die for m in play.moves)


@GAMES
@given(st.integers(0, 10**9))
def test_every_play_uses_the_most_dice_possible(seed):
    turns = random_game(seed)
    for position, roll, plays in turns[:: max(1, len(turns) // 12)]:
        if roll is None:
            continue
        b, o = mover_arrays(position)
        expected = results(b, o, roll.dice)
        got = set()
        for play in plays:
            after = play.result
            mb, mo = mover_arrays(after.with_turn(position.turn))
            hits = frozenset(m.destination for m in play.moves if m.hit)
            got.add((tuple(mb), hits))
        assert got == expected, (position, roll)
        assert len({p.result for p in plays}) == len(plays)  # distinct by resulting position


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(ALL_ROLLS))
def test_ids_round_trip(seed, roll):
    turns = random_game(seed % 1000)
    position = turns[seed % len(turns)][0]
    assert Position.from_position_id(position.position_id(), position.turn) == position
    assert Position.from_xgid(position.xgid(dice=roll)) == position


def test_differential_against_gnu_backgammon():
    """The same set of resulting positions as GNU Backgammon's own move generator (gnubg-nn)."""
    if os.environ.get("CI") and not os.environ.get("BGLEARN_NO_GNUBG"):
        import gnubg_nn as gnubg  # in CI the test extra installs it: a missing package is a failure
    else:
        gnubg = pytest.importorskip("gnubg_nn", reason="the test extra gnubg-nn is not installed")
    checked = 0
    for seed in range(6):
        for position, _, _ in random_game(seed)[::3]:
            if position.is_game_over:
                continue
            me = position.checkers(position.turn)
            opp = position.checkers(position.turn.opponent)
            board = [list(opp[1:25]) + [opp[0]], list(me[1:25]) + [me[0]]]
            for roll in ALL_ROLLS:
                theirs = {tuple(map(tuple, gnubg.board_from_position_key(k)))
                          for k in gnubg.moves(board, roll[0], roll[1])}
                ours = set()
                for play in legal_plays(position, roll):
                    r_me = play.result.checkers(position.turn)
                    r_opp = play.result.checkers(position.turn.opponent)
                    ours.add((tuple(r_opp[1:25]) + (r_opp[0],), tuple(r_me[1:25]) + (r_me[0],)))
                assert ours == theirs, (position, roll)
                checked += 1
    assert checked > 1000


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_every_plays_notation_reads_back_as_that_play(seed):
    from bglearn import explain

    turns = random_game(seed)
    for position, roll, plays in turns[:: max(1, len(turns) // 8)]:
        for play in plays:
            verdict = explain(position, roll, play.notation)
            assert verdict.legal and verdict.play == play, (position, roll, play.notation, verdict.message)


def test_two_checkers_entering_and_moving_on_with_doubles():
    from bglearn import RED, explain

    # Red has two on the bar; White's 6-point (Red's 19, where a 6 enters) and Red's 13 are open.
    p = Position({8: 5, 13: 5, 24: 5}, {"bar": 2, 6: 5, 8: 3, 13: 3, 24: 2}, RED)
    plays = {pl.notation: pl for pl in legal_plays(p, "66")}
    assert "bar/13(2)" in plays
    verdict = explain(p, "66", "bar/13(2)")
    assert verdict.legal and verdict.play == plays["bar/13(2)"]
    assert explain(p, "66", "bar/19 bar/19 19/13 19/13").play == plays["bar/13(2)"]
