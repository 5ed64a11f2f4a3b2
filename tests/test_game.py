"""One game as a referee runs it: the flow, cube actions, resignations, results and points."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import RED, WHITE, CubeActionError, Dice, GameFlowError, IllegalPlayError, Position, ResultKind
from bglearn.bots import HeuristicBot, RandomBot, play_game
from bglearn.cube import Cube
from bglearn.game import Game
from bglearn.ids import decode_match_id, parse_xgid

CASES = json.loads((Path(__file__).resolve().parent / "cases" / "scoring.json").read_text())


def _last_roll_game(loser, **options):
    """White has one checker left on its 2-point and rolls 2-1; Red is ``loser`` (Red's numbering)."""
    white = [0] * 25
    white[2] = 1
    pos = Position.from_arrays(white, loser, WHITE)
    return Game(dice=Dice.fixed(["21"]), position=pos, **options)


@pytest.mark.parametrize("case", CASES["results"], ids=lambda c: c["id"])
def test_results_cases(case):
    game = _last_roll_game(case["loser"], cube=Cube(value=case["cube"], owner=None if case["cube"] == 1 else RED))
    game.roll_dice()
    game.play(game.legal_plays()[0])
    assert game.is_over and game.winner is WHITE
    assert game.result_kind.word == case["expect"]
    assert game.points == case["points"]
    assert game.end_reason == "bear-off"


GAMMON_LOSER = CASES["results"][1]["loser"]  # S2: a plain gammon


@pytest.mark.parametrize("case", [c for c in CASES["cube"] if "jacoby" in c], ids=lambda c: c["id"])
def test_jacoby_cases(case):
    cube = Cube(value=case["cube"], owner=None if case["cube_centred"] else RED)
    game = _last_roll_game(GAMMON_LOSER, jacoby=case["jacoby"], cube=cube)
    game.roll_dice()
    game.play(game.legal_plays()[0])
    assert game.result_kind.word == case["result"]
    assert game.points == case["points"]


def test_jacoby_with_automatic_doubles_in_a_whole_game_flow():
    # White 3 Red 3 tie (automatic double), then White 3 Red 1
    class Opening(Dice):
        def opening_roll(self):
            from bglearn import OpeningRoll
            return OpeningRoll(3, 1, (3,))
    g = Game(dice=Opening(0), jacoby=True, auto_doubles=1)
    g.start()
    assert g.cube.value == 2 and g.cube.centred
    assert [e.kind for e in g.record] == ["opening", "auto-double"]


def test_S4_drop_scores_stake_before_the_double_in_a_game():
    g = Game(dice=Dice(1), first=WHITE, cube=Cube(value=4, owner=WHITE))
    g.double()
    assert g.phase == "respond" and g.to_act is RED and g.turn is WHITE
    g.drop()
    assert (g.winner, g.points, g.result_kind, g.end_reason) == (WHITE, 4, ResultKind.SINGLE, "drop")


def test_S4b_take_in_a_game_then_only_taker_may_redouble():
    g = Game(dice=Dice.fixed(["31", "52", "64"]), first=WHITE)
    g.double()
    g.take()
    assert (g.cube.value, g.cube.owner, g.phase, g.turn) == (2, RED, "roll", WHITE)
    assert not g.may_double()
    with pytest.raises(CubeActionError, match="Only the cube's owner may redouble."):
        g.double()
    g.roll_dice()
    g.play(g.legal_plays()[0])
    assert g.turn is RED and g.may_double()


def test_S5c_double_after_rolling_is_refused_naming_the_rule():
    g = Game(dice=Dice.fixed(["31"]), first=WHITE)
    g.roll_dice()
    with pytest.raises(CubeActionError, match="before rolling"):
        g.double()


def test_flow_errors_name_the_problem():
    g = Game(dice=Dice.fixed(["31", "52"]))
    with pytest.raises(GameFlowError, match="opening roll"):
        g.roll_dice()
    o = g.start()
    assert o.starter is WHITE and g.phase == "move" and str(g.roll) == "3-1"
    with pytest.raises(GameFlowError, match="must play it first"):
        g.roll_dice()
    with pytest.raises(GameFlowError, match="It is White's turn."):
        g.play("8/5 6/5", player=RED)
    g.play("8/5 6/5")
    with pytest.raises(GameFlowError, match="Red has not rolled yet."):
        g.play("13/8")
    with pytest.raises(GameFlowError, match="It is Red's turn."):
        g.roll_dice(player=WHITE)
    with pytest.raises(GameFlowError, match="no double to take"):
        Game(first=WHITE).take()
    d = Game(first=WHITE)
    d.double()
    with pytest.raises(GameFlowError, match="White has offered the cube at 2: Red must take or drop first."):
        d.roll_dice()


def test_illegal_play_carries_the_engines_verdict():
    g = Game(dice=Dice.fixed(["31"]))
    g.start()
    with pytest.raises(IllegalPlayError) as info:
        g.play("24/20 24/23 24/22")
    assert info.value.verdict is not None and not info.value.verdict.legal
    with pytest.raises(IllegalPlayError):
        g.play("")  # must move when a play exists
    assert g.phase == "move"  # nothing changed


def test_lost_turn_is_played_as_the_empty_play():
    # White on the bar against Red's closed board
    red = [0] * 25
    for p in range(1, 7):
        red[p] = 2
    red[13] = 3
    white = [0] * 25
    white[0] = 1
    white[13] = 14
    g = Game(dice=Dice.fixed(["66"]), position=Position(white, red, WHITE))
    g.roll_dice()
    assert g.must_pass and g.legal_plays() == []
    play = g.play("")
    assert play.is_empty and g.turn is RED and g.position.white == tuple(white)


def test_resignation_accepted_and_refused():
    g = Game(dice=Dice(3), first=WHITE)
    g.resign("gammon")
    assert g.phase == "resign" and g.to_act is RED and g.resignation == (WHITE, ResultKind.GAMMON)
    g.reject_resignation()
    assert g.phase == "roll" and g.to_act is WHITE
    g.resign(ResultKind.SINGLE)
    g.accept_resignation()
    assert (g.winner, g.result_kind, g.points, g.end_reason) == (RED, ResultKind.SINGLE, 1, "resignation")
    with pytest.raises(GameFlowError, match="over"):
        g.roll_dice()


def test_resignation_with_jacoby_and_centred_cube_counts_single():
    g = Game(first=WHITE, jacoby=True, cube=Cube(value=2))
    g.resign("backgammon")
    g.accept_resignation()
    assert g.points == 2


def test_beaver_flow_in_money_play():
    g = Game(first=WHITE, beavers=True, raccoons=True)
    g.double()
    g.beaver()
    assert g.to_act is WHITE and g.phase == "respond"
    g.raccoon()
    assert g.to_act is RED
    g.take()
    assert (g.cube.value, g.cube.owner, g.turn, g.phase) == (8, RED, WHITE, "roll")
    with pytest.raises(CubeActionError, match="not allowed"):
        h = Game(first=WHITE)
        h.double()
        h.beaver()


def test_record_position_at_and_replay():
    g = play_game(Game(dice=Dice(5)), HeuristicBot(1), HeuristicBot(2))
    plays = g.plays
    assert g.position_at(0) == Position().with_turn(g.opening.starter)
    assert g.position_at(len(plays)) == g.position == g.position_at(-1)
    assert g.position_at(3) == plays[2].result
    again = g.replay()
    assert again.position == g.position and again.points == g.points and again.winner == g.winner
    half = g.replay(10)
    assert half.record[:10] == g.record[:10]
    with pytest.raises(GameFlowError):
        g.position_at(len(plays) + 1)


def test_match_id_and_xgid_of_game_state():
    g = Game(dice=Dice.fixed(["52"]), first=WHITE, jacoby=True)
    assert g.match_id() == "cAkAAAAAAAAA"  # rules.md: money, centred cube, player 1 (White) to roll, Jacoby on
    assert Game(first=WHITE).match_id() == "cAkAAAAAAAAE"  # Jacoby off
    g.roll_dice()
    m = decode_match_id(g.match_id())
    assert m.dice == (5, 2) and m.on_roll is WHITE and m.cube_value == 1 and m.jacoby
    x = parse_xgid(g.xgid())
    assert x.position == g.position and x.dice == (5, 2) and x.jacoby
    h = Game(first=WHITE)
    assert h.xgid() == "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    h.double()
    assert parse_xgid(h.xgid()).cube_action == "D"
    m = decode_match_id(h.match_id())
    assert m.double_offered and m.acting is RED and m.on_roll is WHITE


def _conserved(position):
    return all(sum(position.checkers(p)) + position.off(p) == 15 for p in (WHITE, RED))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), jacoby=st.booleans(), beavers=st.booleans())
def test_random_money_games_end_with_a_legal_score(seed, jacoby, beavers):
    g = Game(dice=Dice(seed), jacoby=jacoby, beavers=beavers, raccoons=beavers)
    play_game(g, RandomBot(seed, double_rate=0.08, resign_rate=0.005), HeuristicBot(seed + 1))
    assert g.is_over and g.winner in (WHITE, RED)
    v = g.cube.value
    if g.end_reason == "drop":
        assert g.points == v and g.result_kind is ResultKind.SINGLE
    elif jacoby and g.cube.centred:
        assert g.points == v
    else:
        assert g.points == v * int(g.result_kind)
    for n in range(len(g.plays) + 1):
        assert _conserved(g.position_at(n))
    if g.end_reason == "bear-off":
        assert g.position.winner is g.winner and g.position.result().kind is g.result_kind
    assert g.replay().position == g.position
