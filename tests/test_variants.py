"""Variants are types (issue 27): each game is a ``Position`` subclass registered by name in
``bglearn.variants``; its facts are class attributes and its rules a few hooks, and what the engine,
the diagram and the game ask of a position agrees with those facts for every registered game."""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bglearn import Game, InvalidPositionError, Position, legal_plays, render
from bglearn.kernel import mover_arrays
from bglearn.variants import REGISTRY, find_variant, variant_classes, variant_names

GAMES = variant_classes()


def test_the_registry_names_each_game_once_by_its_class_s_own_name():
    assert variant_names() == ("backgammon", "long-nardy", "nackgammon")
    assert [cls.variant for cls in GAMES] == list(REGISTRY)
    assert find_variant("backgammon") is Position
    assert all(issubclass(cls, Position) for cls in GAMES)


@pytest.mark.parametrize("name, expected", [
    ("long-nardy", "long-nardy"), ("Long Nardy", "long-nardy"), ("LONG_NARDY", "long-nardy"), ("nardy", "long-nardy"),
    (" nackgammon ", "nackgammon"), ("nack", "nackgammon"), ("standard", "backgammon"),
])
def test_a_game_is_found_by_its_name_or_an_alias_in_any_spelling(name, expected):
    assert find_variant(name).variant == expected
    assert Position(variant=name).variant == expected


@pytest.mark.parametrize("name", ["chess", "", "long nardi", 3, None])
def test_an_unknown_game_is_one_clear_error_naming_the_games_there_are(name):
    with pytest.raises(InvalidPositionError, match="choose one of 'backgammon', 'long-nardy', 'nackgammon'"):
        find_variant(name)  # type: ignore[arg-type]


def test_a_position_of_one_game_cannot_be_made_as_another():
    cls = find_variant("nackgammon")
    with pytest.raises(InvalidPositionError, match="a Nackgammon position cannot have variant 'long-nardy'"):
        cls(variant="long-nardy")
    assert Position(variant="nackgammon") == cls() != Position()


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.variant)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_each_game_s_numbering_is_its_own_inverse_and_matches_what_the_kernel_sees(cls, seed):
    opposite = cls.OPPOSITE
    assert sorted(opposite[1:]) == list(range(1, 25))
    assert all(opposite[opposite[i]] == i for i in range(1, 25))
    rng = random.Random(seed)
    position = cls()
    for _ in range(40):  # along a random game: the opponent's checkers as the mover sees them
        b, o = mover_arrays(position)
        theirs = position.checkers(position.turn.opponent)
        assert o[1:25] == [theirs[opposite[i]] for i in range(1, 25)]
        for i in range(1, 25):  # who holds each of the mover's points, as the position says
            expected = (position.turn, b[i]) if b[i] else (position.turn.opponent, o[i]) if o[i] else (None, 0)
            assert position.owner(i, position.turn) == expected
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        assert cls.hits or not any(play.hits for play in plays)  # a game without hitting never hits
        assert cls.has_bar or not any(position.bar(side) for side in (position.turn, position.turn.opponent))
        position = rng.choice(plays).result if plays else position.pass_turn()
        if position.is_game_over:
            break


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.variant)
def test_each_game_s_start_its_repr_and_its_pickle_give_back_the_same_position(cls):
    start = cls()
    assert start.white == start.red == cls.START and sum(cls.START) == 15
    assert eval(repr(start), {"Position": Position, "WHITE": 0, "RED": 1}) == start  # our own repr, read back
    assert pickle.loads(pickle.dumps(start)) == start and type(pickle.loads(pickle.dumps(start))) is cls
    assert type(Position.from_arrays(start.white, start.red, variant=cls.variant)) is cls


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.variant)
def test_what_a_game_states_is_what_the_diagram_and_the_game_do(cls):
    start = cls()
    svg = str(render(start, cube=2))
    assert ("bg-cube" in svg) is cls.has_cube
    assert ("data-position-id" in svg) is cls.has_gnubg_ids
    assert ('data-variant="' in svg) is (cls is not Position)
    game = Game(variant=cls.variant)
    game.start(opening=(5, 3))
    assert (game.phase == "move") is cls.opening_roll_played  # else the starter throws both dice next
    if cls.has_gnubg_ids:
        assert game.match_id()
    else:
        with pytest.raises(Exception, match="cannot express"):
            game.match_id()


def test_a_game_s_words_for_a_win_come_from_its_class():
    nardy = find_variant("long-nardy")
    assert Position({}, {6: 15}, variant="long-nardy").result().label == "mars"
    assert nardy.result_words(1) is not None and Position.result_words(1) is None
    assert Position({}, {6: 15}, variant="nackgammon").result().label == "gammon"


def test_import_bglearn_loads_no_game_but_backgammon():
    code = ("import sys\nfrom bglearn import Position, legal_plays, explain\nlegal_plays(Position(), '31')\n"
            "explain(Position(), '31', '8/5 6/5')\n"
            "print(sorted(m for m in sys.modules if m.startswith('bglearn.variants.')))\n"
            "Position(variant='nack')\n"
            "print(sorted(m for m in sys.modules if m.startswith('bglearn.variants.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "BGLEARN_LANG": "en"}).stdout.splitlines()
    assert out[0] == "[]"
    assert "bglearn.variants.nackgammon" in out[1]


def test_the_old_home_of_long_nardy_still_imports_for_one_release_and_says_where_it_moved():
    sys.modules.pop("bglearn.nardy", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from bglearn.nardy import LongNardyPosition
    assert LongNardyPosition is find_variant("long-nardy")
    assert any(issubclass(w.category, DeprecationWarning) and "bglearn.variants.long_nardy" in str(w.message)
               for w in caught)
