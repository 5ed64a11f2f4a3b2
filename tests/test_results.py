"""The end of a game: every "results" case of shared/cases/scoring.json, from both colours."""

from __future__ import annotations

import pytest

from bglearn import RED, WHITE, Position, ResultKind, game_result
from bglearn.result import points_won
from shared_cases import load

RESULTS = load("scoring.json")["results"]


@pytest.mark.parametrize("case", RESULTS, ids=[c["id"] for c in RESULTS])
@pytest.mark.parametrize("winner", [WHITE, RED], ids=["white-wins", "red-wins"])
def test_result_cases(case, winner):
    loser_side = case["loser"]
    empty = [0] * 25
    if winner is WHITE:
        position = Position(empty, loser_side, RED)
    else:
        position = Position(loser_side, empty, WHITE)
    result = game_result(position)
    assert result is not None and result.winner is winner
    assert result.kind is ResultKind[case["expect"].upper()], case["rule"]
    assert result.points(case["cube"]) == case["points"]
    assert points_won(result.kind, case["cube"], cube_centred=False) == case["points"]
    assert result.reason


def test_game_not_over():
    assert game_result(Position()) is None
    assert Position().winner is None


def test_jacoby_only_in_money_play_with_a_centred_cube():
    assert points_won(ResultKind.GAMMON, 1, cube_centred=True, jacoby=True) == 1
    assert points_won(ResultKind.BACKGAMMON, 2, cube_centred=False, jacoby=True) == 6
    assert points_won(ResultKind.GAMMON, 2, cube_centred=True, jacoby=True, match_length=7) == 4
