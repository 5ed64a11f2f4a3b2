"""Move text (reading and writing), rolls, the opening roll and seeded dice."""

from __future__ import annotations

import doctest
import importlib

import pytest

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
    ["bglearn", "bglearn.position", "bglearn.dice", "bglearn.plays", "bglearn.notation", "bglearn.explain",
     "bglearn.ids", "bglearn.result"],
)
def test_docstring_examples_run(name):
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
