"""Nackgammon, the third game (issue 27): one module and one registry line. Its start is GNU Backgammon's
(``InitBoard`` for ``VARIATION_NACKGAMMON``), its legal plays are exactly GNU Backgammon's over many
random positions, and the game, the diagram and the IDs take it as backgammon with another start."""

from __future__ import annotations

import os
import random

import pytest

from bglearn import ALL_ROLLS, WHITE, Dice, Game, Position, explain, legal_plays, render
from bglearn.bots import HeuristicBot, play_game
from bglearn.variants import find_variant

NACK_ID = "4Dl4ADbgOXgANg"
"""GNU Backgammon's Position ID of the Nackgammon start (gnubg: ``InitBoard(anBoard, VARIATION_NACKGAMMON)``)."""


def _gnubg():
    if os.environ.get("CI") and not os.environ.get("BGLEARN_NO_GNUBG"):
        import gnubg_nn  # in CI the test extra installs it: a missing package is a failure

        return gnubg_nn
    return pytest.importorskip("gnubg_nn", reason="the test extra gnubg-nn is not installed")


def _random_game(seed: int) -> list[Position]:
    """Every position of one random self-play Nackgammon game, from its start."""
    rng, dice = random.Random(seed), Dice(seed)
    position = Position(variant="nackgammon")
    seen = []
    while not position.is_game_over:
        seen.append(position)
        plays = legal_plays(position, dice.roll())
        position = rng.choice(plays).result if plays else position.pass_turn()
    return seen


def _board(side_on_roll: tuple[int, ...], other: tuple[int, ...]) -> list[list[int]]:
    """A gnubg board: [the side not on roll, the side on roll], each points 1-24 then the bar."""
    return [list(other[1:25]) + [other[0]], list(side_on_roll[1:25]) + [side_on_roll[0]]]


def test_the_start_is_gnu_backgammons():
    gnubg = _gnubg()
    start = Position(variant="nackgammon")
    assert start.position_id() == NACK_ID
    assert gnubg.board_from_position_id(NACK_ID) == _board(start.white, start.red)
    assert start.pip_count(WHITE) == 194 and start.variant == "nackgammon"


def test_legal_plays_are_exactly_gnu_backgammons_over_random_nackgammon_positions():
    gnubg = _gnubg()
    checked = 0
    for seed in range(8):
        for position in _random_game(seed)[::3]:
            me, opp = position.checkers(position.turn), position.checkers(position.turn.opponent)
            for roll in ALL_ROLLS:
                theirs = {tuple(map(tuple, gnubg.board_from_position_key(k)))
                          for k in gnubg.moves(_board(me, opp), roll[0], roll[1])}
                ours = set()
                for play in legal_plays(position, roll):
                    after = play.result
                    assert type(after) is type(position)  # a Nackgammon play leads to a Nackgammon position
                    board = _board(after.checkers(position.turn), after.checkers(position.turn.opponent))
                    ours.add(tuple(map(tuple, board)))
                assert ours == theirs, (position, roll)
                checked += 1
    assert checked > 1000


def test_it_is_played_by_backgammon_s_rules_with_a_cube_and_gammons():
    start = Position(variant="nackgammon")
    assert explain(start, "61", "13/7").reason.name == "DICE_NOT_FULLY_USED"
    assert explain(start, "65", "24/18 23/18").legal
    game = play_game(Game(variant="nackgammon", dice=Dice(7)), HeuristicBot(seed=7))
    assert game.is_over and game.variant == "nackgammon"
    assert type(game.start_position) is find_variant("nackgammon")
    assert Game(variant="nackgammon").may_double() is False  # before the opening roll, as in backgammon
    assert Position({}, {6: 15}, variant="nackgammon").result().label == "gammon"


def test_its_ids_and_xgid_read_back_as_nackgammon_positions():
    cls = find_variant("nackgammon")
    start = cls()
    assert cls.from_position_id(start.position_id()) == start
    assert cls.from_xgid(start.xgid()) == start
    assert Position.from_xgid(start.xgid()) == Position(start.white, start.red)  # an XGID names no game


def test_its_diagram_is_backgammon_s_with_the_game_named():
    svg = str(render(Position(variant="nackgammon"), cube=2))
    assert f'data-position-id="{NACK_ID}"' in svg and 'data-variant="nackgammon"' in svg and "bg-cube" in svg


def test_the_board_widget_plays_it_from_its_own_start():
    from bglearn.widgets import BoardWidget

    board = BoardWidget(variant="nack", mode="humans", seed=3)
    assert board.session.variant == "nackgammon" and board.texts["board"] == "Nackgammon board"
    assert board.game.start_position == Position(variant="nackgammon")
    board = BoardWidget(mode="humans", position=Position(variant="nackgammon"), roll="65")
    board.click(23)
    assert board.selected == 23 and 18 in board.targets and 17 not in board.targets  # 17: Red's 8-point
    board.move("24/18 23/18")
    board.done()
    assert board.position == legal_plays(Position(variant="nackgammon"), "65")[0].result
