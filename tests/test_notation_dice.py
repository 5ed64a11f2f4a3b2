"""Move text (reading and writing), rolls, the opening roll and seeded dice."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bglearn
import bglearn.ids
import bglearn.result
from bglearn import Dice, NotationError, Position, Roll, legal_plays, parse_play
from bglearn.notation import Segment, parse_moves


def test_parse_moves_forms():
    assert parse_moves("24/18 13/11") == [Segment((24, 18), (False, False)), Segment((13, 11), (False, False))]
    assert parse_moves("bar/22*") == [Segment((25, 22), (False, True))]
    assert parse_moves("6/off") == [Segment((6, 0), (False, False))]
    assert parse_moves("8/5(2)") == [Segment((8, 5), (False, False), 2)]
    assert parse_moves("13/11*/5") == [Segment((13, 11, 5), (False, True, False))]
    assert parse_moves("BAR/22 25/20") == [Segment((25, 22), (False, False)), Segment((25, 20), (False, False))]
    assert parse_moves("no play") == parse_moves("") == []


@pytest.mark.parametrize(
    "text,fragment",
    [
        ("13", "separated by '/'"),
        ("13/x", "'x' is not a point"),
        ("26/20", "no point 26"),
        ("off/3", "'off' can only end"),
        ("3/bar", "'bar' can only start"),
        ("8/5(7)", "count 1-4"),
        ("13*/7", "not the start"),
        ("6/off*", "nothing can be hit"),
        ("1/2 3/4 5/6 7/8 9/10", "more moves"),
    ],
)
def test_bad_notation_names_the_bad_part(text, fragment):
    with pytest.raises(NotationError) as e:
        parse_moves(text)
    assert fragment in str(e.value)


@pytest.mark.parametrize(
    "roll,text",
    [("65", "24/13"), ("66", "24/18(2) 13/7(2)"), ("31", "8/5 6/5"), ("44", "24/16 13/5")],
)
def test_format_is_standard(roll, text):
    assert text in {p.notation for p in legal_plays(Position(), roll)}


def test_hits_are_starred_and_bar_is_written_bar():
    # White on the bar; a Red blot on White's 22-point (Red's 3-point).
    p = Position({"bar": 1, 6: 5, 8: 3, 13: 6}, {1: 2, 3: 1, 6: 5, 8: 3, 13: 4})
    notations = {pl.notation for pl in legal_plays(p, "31")}
    assert notations == {"bar/22* 6/5", "bar/22* 8/7", "bar/22*/21"}


def test_roll():
    assert Roll(1, 3) == Roll(3, 1) == Roll.parse("3-1") == Roll.parse("13")
    assert Roll(5, 5).dice == (5, 5, 5, 5) and Roll(5, 5).is_double
    assert str(Roll(6, 2)) == "6-2" and repr(Roll(2, 6)) == "Roll(6, 2)"
    for bad in ["7-1", "3", "abc", "0-0"]:
        with pytest.raises(NotationError):
            Roll.parse(bad)
    with pytest.raises(NotationError):
        Roll(0, 3)


def test_dice_are_reproducible_and_fair_enough():
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]
    d = Dice(seed=1)
    counts = [0] * 7
    for _ in range(6000):
        counts[d.die()] += 1
    assert all(850 < c < 1150 for c in counts[1:])


def test_opening_roll_rethrows_ties_and_higher_die_starts():
    for seed in range(200):
        o = Dice(seed).opening_roll()
        assert o.white_die != o.red_die
        assert o.starter == (bglearn.WHITE if o.white_die > o.red_die else bglearn.RED)
        assert not o.roll.is_double
        assert all(1 <= t <= 6 for t in o.rethrows)
    assert any(Dice(s).opening_roll().rethrows for s in range(200))  # ties do happen and are rethrown


def test_fixed_dice():
    d = Dice.fixed(["31", (6, 6)])
    assert d.roll() == Roll(3, 1) and d.roll() == Roll(6, 6)


def test_parse_play_accepts_any_order_and_shorthand():
    p = Position()
    assert parse_play(p, "66", "13/7 13/7 24/18 24/18") == parse_play(p, "66", "24/18(2) 13/7(2)")


@pytest.mark.parametrize(
    "name",
    ["bglearn", "bglearn.position", "bglearn.dice", "bglearn.plays", "bglearn.notation", "bglearn.verdicts",
     "bglearn.ids", "bglearn.result", "bglearn.kernel"],
)
def test_docstring_examples_run(name):
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0


# -- gnubg's way of writing a play reads back as that play (issue #17) ---------------------------------

def gnubg_style(play, join_off=True):
    """A play written the way GNU Backgammon's FormatMove writes it (drawboard.c), re-stated plainly:
    moves sorted by source then destination, highest first; a move starting where an earlier one ends is
    the same checker moving on (the point in between kept, with '*', only if an opposing blot stood
    there); identical paths counted as (n); '*' after a point where a blot stood, once per point."""
    moves = sorted(((m.source, m.destination) for m in play.moves), reverse=True)
    blots = {m.destination for m in play.moves if m.hit}
    paths = []
    for s, t in moves:
        for path in paths:
            if path[-1] == s and (join_off or t != 0):
                if path[-1] not in blots:
                    path.pop()
                path.append(t)
                break
        else:
            paths.append([s, t])
    counts = {}
    for path in paths:
        counts[tuple(path)] = counts.get(tuple(path), 0) + 1
    marked, out = set(), []
    for path, n in counts.items():
        text = "bar" if path[0] == 25 else str(path[0])
        for p in path[1:]:
            text += "/" + ("off" if p == 0 else str(p))
            if p in blots and p not in marked:
                marked.add(p)
                text += "*"
        out.append(text + (f"({n})" if n > 1 else ""))
    return " ".join(out)


def _self_play_positions(seed):
    from bglearn import Dice
    rng = random.Random(seed)
    dice = Dice(seed)
    position = Position()
    while not position.is_game_over:
        roll = dice.roll()
        plays = legal_plays(position, roll)
        yield position, roll, plays
        position = rng.choice(plays).result if plays else position.pass_turn()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_gnubg_written_plays_read_back_as_the_same_play(seed):
    from bglearn import explain
    from bglearn.notation import format_play

    rng = random.Random(seed)
    turns = list(_self_play_positions(seed))
    for position, roll, plays in rng.sample(turns, min(6, len(turns))):
        hitting = [p for p in plays if p.hits]  # the plays where gnubg's writing differs most
        for play in hitting[:6] + rng.sample(plays, min(4, len(plays))):
            for text in {gnubg_style(play), format_play(play, paths=True)}:
                v = explain(position, roll, text)
                assert v.legal and v.play == play, (position, roll, text, v.message)
            # our standard notation is gnubg's, except that a bear-off is not joined to the move before it
            assert play.notation == gnubg_style(play, join_off=False)


def test_gnubg_style_helper_writes_what_gnubg_prints():
    # gnubg prints these for the positions below (checked with gnubg 1.07's hint command)
    from shared_cases import load
    cases = {c["id"]: c for c in load("plays.json")["cases"]}
    c = cases["T07"]
    (play,) = legal_plays(Position.from_arrays(c["me"], c["opp"]), c["dice"])
    assert gnubg_style(play) == "8/off" and play.notation == "8/6 6/off"


def test_learner_form_writes_every_landing_point():
    from bglearn.notation import format_play

    # White on the bar with 4-2, the entering checker moving on: bar/21/19, not bar/19 (a 6 entering).
    p = Position({"bar": 1, 6: 5, 8: 3, 13: 5, 24: 1}, {24: 2, 5: 5, 8: 3, 13: 5})
    plays = {pl.notation: pl for pl in legal_plays(p, "42")}
    assert format_play(plays["bar/19"], paths=True) in ("bar/21/19", "bar/23/19")
    assert plays["bar/19"].path_notation == format_play(plays["bar/19"], paths=True)
    assert {format_play(pl, paths=True) for pl in legal_plays(Position(), "65")} >= {"24/18/13"}
    assert format_play(legal_plays(Position(), "44")[0], paths=True).count("/") >= 2
    assert format_play(parse_play(Position(), "44", "13/5(2)"), paths=True) == "13/9/5(2)"
