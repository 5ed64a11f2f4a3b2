"""Positions: construction, validation, pip counts, repr, text diagram."""

from __future__ import annotations

import pickle

import pytest

from bglearn import RED, WHITE, InvalidPositionError, Position


def test_start_position():
    p = Position()
    assert p.turn is WHITE
    assert p.white == p.red == (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    assert p.pip_count(WHITE) == p.pip_count(RED) == 167
    assert p.off(WHITE) == 0 and p.bar(RED) == 0
    assert not p.all_home(WHITE)
    assert p.winner is None and p.result() is None


def test_owner_uses_each_sides_numbering():
    p = Position()
    assert p.owner(24, WHITE) == (WHITE, 2)
    assert p.owner(1, WHITE) == (RED, 2)  # Red's 24-point is White's 1-point
    assert p.owner(1, RED) == (WHITE, 2)
    assert p.owner(2, WHITE) == (None, 0)


def test_dict_and_array_construction_agree():
    a = Position({6: 5, 8: 3, 13: 5, 24: 2}, {"6": 5, 8: 3, 13: 5, 24: 2, "bar": 0})
    assert a == Position()
    assert hash(a) == hash(Position())
    b = Position.from_arrays(Position().red, Position().white, RED)
    assert b.turn is RED and b.white == Position().white


def test_repr_round_trips():
    p = Position({"bar": 1, 5: 3, 20: 2}, {1: 2, 12: 4}, RED)
    again = eval(repr(p), {"Position": Position, "WHITE": WHITE, "RED": RED})
    assert again == p
    assert "bar" in repr(p)


def test_immutable_hashable_picklable():
    p = Position()
    with pytest.raises(AttributeError):
        p.turn = RED
    assert {p: 1}[Position()] == 1
    assert pickle.loads(pickle.dumps(p)) == p


@pytest.mark.parametrize(
    "white,red,fragment",
    [
        ({6: 16}, None, "16 checkers"),
        ({6: -1}, None, "negative"),
        ({6: 5, 8: 3, 13: 5, 24: 2}, {19: 1}, "both colours"),
        ({30: 1}, None, "no point 30"),
        ([0] * 24, None, "25 numbers"),
        ({6: 2.5}, None, "whole number"),
        ({"mid": 1}, None, "not a point"),
    ],
)
def test_invalid_positions_say_what_is_wrong(white, red, fragment):
    with pytest.raises(InvalidPositionError) as e:
        Position(white, red)
    assert fragment in str(e.value)
    assert isinstance(e.value, ValueError)


def test_fewer_than_fifteen_means_borne_off():
    p = Position({1: 2}, {6: 15})
    assert p.off(WHITE) == 13
    assert p.all_home(WHITE)
    assert p.pip_count(WHITE) == 2


def test_both_sides_borne_off_is_invalid():
    with pytest.raises(InvalidPositionError, match="only one can win"):
        Position({}, {})


def test_text_diagram_shows_checkers_and_counts():
    text = str(Position({6: 7, "bar": 1}, {1: 1}))
    assert "7" in text and "BAR" in text
    assert "White (O) to play" in text
    lines = text.splitlines()
    assert lines[0].split()[0] == "13" and lines[-2].split()[-1] == "1"


def test_pass_turn_and_mirrored():
    p = Position()
    assert p.pass_turn().turn is RED and p.pass_turn().white == p.white
    m = Position({5: 1}, {19: 2}).mirrored()
    assert m.white == (0,) * 19 + (2, 0, 0, 0, 0, 0) and m.red[5] == 1 and m.turn is RED


def _imports(module_file):
    """The bglearn modules a source file imports at run time (not under ``if TYPE_CHECKING:``)."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(module_file).read_text())
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for n in ast.walk(node))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and id(node) not in skipped and node.level == 1:
            found.add(node.module)
    return found


def test_player_lives_below_position():
    import bglearn.cube
    import bglearn.dice
    import bglearn.player
    import bglearn.position

    # the dice and the cube name a side without importing the board
    assert "position" not in _imports(bglearn.dice.__file__)
    assert "position" not in _imports(bglearn.cube.__file__)
    assert _imports(bglearn.player.__file__) <= {"i18n"}  # only the translations, a leaf module
    # and the old import keeps working: one class, re-exported
    from bglearn.position import RED as R, WHITE as W, Player as P

    assert P is bglearn.player.Player and W is bglearn.player.WHITE and R is bglearn.player.RED
    assert bglearn.position.Player is bglearn.player.Player
