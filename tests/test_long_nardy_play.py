"""Long Nardy on the board, without a browser: a learner plays whole games against the computer by
clicking (the widget's Python model), every refused move is explained by its rule, the game ends with
an oin or a mars, and there is no cube. Also the computer player for the variant."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import OFF, RED, WHITE, Position, Reason, explain, legal_plays
from bglearn.bots import HeuristicBot, RandomBot, long_nardy_score, make_bot, play_game
from bglearn.dice import Dice
from bglearn.errors import BglearnError, GameFlowError
from bglearn.game import Game
from bglearn.widgets import BoardWidget
from bglearn.widgets.common import BoardNumbers
from bglearn.widgets.session import BoardSession

LONG = "long-nardy"


def nardy(white: dict, red: dict, turn=WHITE) -> Position:
    return Position(white=white, red=red, turn=turn, variant=LONG)


def click_move(board, mover, move) -> None:
    """Click a single move as a learner does: the checker, then its destination (printed numbers)."""
    numbers = board.session.numbers
    board.click({"point": numbers.number(mover, move.source)})
    assert board.selected == move.source, board.session.message
    if move.destination == OFF:
        board.click({"off": str(mover).lower()})
    else:
        board.click({"point": numbers.number(mover, move.destination)})
    assert board.session.message_kind != "error", board.session.message


def click_turn(board, play) -> None:
    mover = board.game.turn
    for move in play.moves:
        click_move(board, mover, move)
    board.session.control("done")


# -- whole games --------------------------------------------------------------------------------

def play_whole_game(seed: int, human=WHITE):
    """A learner (choosing like a random player) plays a whole game of Long Nardy against the
    computer on the widget, by pressing its buttons and clicking its points."""
    board = BoardWidget(variant=LONG, opponent="heuristic", seed=seed, human=human)
    learner = RandomBot(seed)
    over = []
    board.on_game_over(over.append)
    seen_controls = set()
    for _ in range(600):
        if board.session.is_over:
            break
        assert board.session.actor() is human, board.session.message
        seen_controls |= {c["id"] for c in board.controls}
        if board.session.phase == "roll":
            board.session.control("roll")
        elif board.session.phase == "move":
            click_turn(board, learner.choose(board.game.position, board.game.roll))
        else:  # pragma: no cover - Long Nardy has no other phase for a learner
            raise AssertionError(f"unexpected phase {board.session.phase}")
    return board, over, seen_controls


@pytest.mark.parametrize("seed", range(8))
def test_a_learner_plays_a_whole_game_against_the_computer_by_clicking(seed):
    human = WHITE if seed % 2 == 0 else RED
    board, over, controls = play_whole_game(seed, human)
    game = board.game
    assert board.session.is_over and over == [game]
    assert "double" not in controls and "take" not in controls    # no cube in Long Nardy
    assert controls >= {"roll", "done"}
    assert board.position.variant == LONG
    # every turn was a legal play of the variant, by either side
    for play in game.plays:
        assert play.position.variant == LONG
        assert play.is_empty or play in legal_plays(play.position, play.roll)
    # it ends with an oin (1 point) or a mars (2), by the engine's result, named in the message
    result = game.position.result()
    assert result is not None and game.points == result.points() and game.points in (1, 2)
    loser_off = game.position.off(game.winner.opponent)
    assert game.points == (2 if loser_off == 0 else 1)
    assert f"Game over: {game.winner} wins the game ({result.label})" in board.message
    assert result.label == ("mars" if game.points == 2 else "oin")
    assert board.session.message_kind == ("ok" if game.winner is human else "loss")
    assert [c["id"] for c in board.controls] == ["new-game"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_games_between_computer_players_end_with_an_oin_or_a_mars(seed):
    game = play_game(Game(variant=LONG, dice=Dice(seed)), HeuristicBot(seed), RandomBot(seed + 1))
    assert game.is_over and game.points in (1, 2)
    assert game.position.off(game.winner) == 15


def test_the_opening_throw_is_told_and_the_starter_throws_again():
    board = BoardWidget(variant=LONG, mode="humans", seed=7)
    opening = board.game.opening
    assert opening is not None and opening.white_die != opening.red_die
    assert f"White throws {opening.white_die}" in board.message and f"Red throws {opening.red_die}" in board.message
    starter = WHITE if opening.white_die > opening.red_die else RED
    assert board.game.turn is starter
    assert "throws both dice" in board.message


# -- refused moves are explained by their rule --------------------------------------------------

def test_a_second_checker_off_the_head_is_refused_by_the_head_rule():
    board = BoardWidget(variant=LONG, mode="humans", position=Position(variant=LONG), roll="65")
    board.click(24)
    board.click(18)
    assert board.pending and board.message_kind == "info"
    board.click(24)                       # a second checker off the head: it cannot even be selected
    assert board.selected is None
    expected = explain(Position(variant=LONG), "65", "24/18 24/19", complete=False)
    assert expected.reason is Reason.HEAD_RULE and "head" in expected.message
    assert board.session.message_kind == "error" and board.message == expected.message
    assert len(board.pending) == 1


def test_a_point_held_by_one_opposing_checker_is_closed():
    pos = nardy({24: 11, 16: 2, 14: 1, 13: 1}, {24: 11, 20: 1, 18: 1, 15: 2})   # Red's 20 is White's 8
    board = BoardWidget(variant=LONG, mode="humans", position=pos, roll="65")
    board.click(14)
    assert 8 not in board.targets
    board.click(8)
    expected = explain(pos, "65", "14/8", complete=False)
    assert expected.reason is Reason.CLOSED_POINT
    assert board.session.message_kind == "error" and board.message == expected.message
    assert not board.pending


def test_making_a_sixth_point_in_a_row_is_refused_by_the_six_block_rule():
    wall = nardy({24: 6, 16: 2, 7: 1, 6: 1, 5: 2, 4: 1, 3: 2}, {24: 10, 22: 2, 20: 3})   # White's 3-7: Red's 15-19
    assert explain(wall, "31", "5/2 3/2").reason is Reason.SIX_BLOCK
    board = BoardWidget(variant=LONG, mode="humans", position=wall, roll="31")
    board.click(5)
    board.click(2)                        # 5/2 alone is fine...
    assert board.message_kind == "info", board.message
    board.click(3)                        # ...but the 1 left would take 3/2: the sixth point in a row
    assert board.selected is None         # so the checker cannot be selected, and the board says why
    expected = explain(wall, "31", "5/2 3/2", complete=False)
    assert expected.reason is Reason.SIX_BLOCK and "points in a row" in expected.message
    assert board.session.message_kind == "error" and board.message == expected.message
    assert len(board.pending) == 1


def test_the_same_wall_is_allowed_once_an_opposing_checker_has_passed_it():
    passed = nardy({24: 6, 16: 2, 7: 1, 6: 1, 5: 2, 4: 1, 3: 2}, {24: 10, 22: 2, 20: 2, 10: 1})
    board = BoardWidget(variant=LONG, mode="humans", position=passed, roll="31")
    board.move("5/2 3/2")
    assert board.done() is not None


def test_bearing_off_by_clicking_the_tray():
    home = nardy({4: 2, 3: 1, 2: 3}, {6: 3, 5: 2, 1: 4})
    board = BoardWidget(variant=LONG, mode="humans", position=home, roll="62")
    board.click(4)
    assert OFF in board.targets
    board.click({"off": "white"})
    assert board.position.off(WHITE) == 10


# -- the board for Long Nardy ------------------------------------------------------------------

def test_no_cube_on_a_long_nardy_board():
    board = BoardWidget(variant=LONG, mode="humans", position=Position(variant=LONG))
    assert [c["id"] for c in board.controls] == ["roll"]
    assert "cube" not in board.session.view()
    assert "no cube" in board.status and "cube 1" not in board.status


def test_printed_numbers_are_shifted_by_twelve_for_the_other_side():
    numbers = BoardNumbers(WHITE, LONG)
    assert [numbers.number(RED, n) for n in (24, 13, 12, 1)] == [12, 1, 24, 13]
    assert [numbers.number(WHITE, n) for n in (24, 1)] == [24, 1]
    assert BoardNumbers(WHITE).number(RED, 24) == 1             # backgammon stays mirrored


def test_a_learner_playing_red_clicks_in_reds_numbers():
    start = Position(variant=LONG).with_turn(RED)
    board = BoardWidget(variant=LONG, mode="humans", position=start, roll="53", perspective=RED)
    board.click(24)
    assert board.selected == 24 and sorted(board.targets) == sorted({19, 21, 16} & set(board.targets))
    board.click(19)
    assert board.pending[0].source == 24 and board.pending[0].destination == 19


def test_the_variant_is_named_clearly_when_wrong():
    with pytest.raises(BglearnError, match="variant must be one of backgammon, long-nardy"):
        BoardSession(variant="chess")
    with pytest.raises(BglearnError, match="(?i)Long Nardy.*backgammon position"):
        BoardSession(variant=LONG, position=Position())
    with pytest.raises(BglearnError, match="setup mode"):
        BoardSession(variant=LONG, mode="setup")
    s = BoardSession(variant=LONG, mode="humans")
    with pytest.raises(GameFlowError, match="setup mode"):
        s.start_setup()
    with pytest.raises(BglearnError, match="(?i)backgammon position"):
        s.new_game(position=Position())


def test_the_variant_comes_from_the_position_when_not_given():
    s = BoardSession(mode="humans", position=Position(variant=LONG), roll="21")
    assert s.variant == LONG and "double" not in {c.id for c in s.controls()}


# -- the computer player ------------------------------------------------------------------------

@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_the_computer_chooses_a_legal_long_nardy_play(seed, plies):
    rng = random.Random(seed)
    pos = Position(variant=LONG)
    mover = RandomBot(seed)
    for _ in range(plies):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        pos = mover.choose(pos, roll).result
        if pos.off(pos.turn.opponent) == 15:
            return
    roll = (rng.randint(1, 6), rng.randint(1, 6))
    plays = legal_plays(pos, roll)
    choice = make_bot("heuristic", seed).choose(pos, roll)
    assert choice in plays if plays else choice.is_empty


def test_the_heuristic_player_prefers_bearing_off_and_leaving_the_head():
    home = nardy({4: 2, 3: 1, 2: 3}, {6: 3, 5: 2, 1: 4})
    best = HeuristicBot(0).choose(home, (6, 2))
    assert sum(1 for m in best.moves if m.destination == OFF) == 2       # 4/off 2/off beats moving inside
    start = Position(variant=LONG)
    plays = legal_plays(start, (2, 1))
    scores = {p.notation: long_nardy_score(p) for p in plays}
    assert max(scores, key=scores.get) in {p.notation for p in plays if p.result.checkers(WHITE)[24] == 14}


def test_the_heuristic_player_beats_a_random_one_most_of_the_time():
    wins = sum(play_game(Game(variant=LONG, dice=Dice(s)), HeuristicBot(s), RandomBot(s)).winner is WHITE
               for s in range(10))
    assert wins >= 8


def test_nobody_resigns_a_long_nardy_game():
    game = Game(variant=LONG, dice=Dice(1))
    assert RandomBot(1, resign_rate=1.0).wants_to_resign(game) is None
    assert HeuristicBot(1).wants_to_resign(game) is None


def test_practice_mode_lets_a_head_rule_breach_be_made_and_corrected():
    board = BoardWidget(variant=LONG, mode="practice", position=Position(variant=LONG), roll="65")
    board.move("24/18 24/19")                       # two off the head: the practice board allows it
    board.done()
    board.session.control("correct")                # the opponent demands a correction
    expected = explain(Position(variant=LONG), "65", "24/18 24/19")
    assert expected.reason is Reason.HEAD_RULE
    assert expected.message in board.message and not board.pending
    red_held = nardy({24: 14, 18: 1}, {24: 14, 10: 1})  # Red's 10-point is White's 22-point
    board = BoardWidget(variant=LONG, mode="practice", position=red_held, roll="21")
    board.click(24)
    assert 23 in board.targets and 22 not in board.targets   # one checker closes a point, even in practice


def test_the_board_names_its_game_to_a_screen_reader():
    """The board's accessible name says which game it is (board.js writes it from ``texts``)."""
    assert BoardWidget(variant="long-nardy", seed=1).texts["board"] == "Long Nardy board"
    assert BoardWidget(seed=1).texts["board"] == "Backgammon board"
