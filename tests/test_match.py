"""Matches: the score, points beyond the length, the Crawford game, post-Crawford, Match IDs."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import RED, WHITE, CubeActionError, Dice, GameFlowError, Position, ResultKind
from bglearn.bots import HeuristicBot, RandomBot, play_match
from bglearn.cube import Cube
from bglearn.ids import MatchId, decode_match_id, encode_match_id, parse_xgid
from bglearn.match import Match

CASES = {c["id"]: c for c in json.loads((Path(__file__).resolve().parent / "cases" / "scoring.json").read_text())["match"]}
GAMMON = [0, 5, 5, 5] + [0] * 21  # Red has borne off none, nothing in White's home board
BACKGAMMON = [1, 5, 5, 4] + [0] * 21  # ... and a checker on the bar


def _win(match, winner, kind_loser=None, resign=None, cube=None):
    """Finish the next game of ``match``: ``winner`` bears off its last checker (or the loser
    resigns ``resign``)."""
    if resign is not None:
        g = match.new_game(first=winner.opponent, cube=cube)
        g.resign(resign)
        g.accept_resignation()
        return g
    me = [0] * 25
    me[2] = 1
    loser = kind_loser or ([0] * 24 + [14])  # one checker borne off: a single
    pos = Position.from_arrays(me, loser, winner)
    g = match.new_game(position=pos, dice=Dice.fixed(["21"]), cube=cube)
    g.roll_dice()
    g.play(g.legal_plays()[0])
    assert g.winner is winner
    return g


def test_S6a_crawford_game_after_first_reaching_n_minus_1():
    case = CASES["S6a"]
    m = Match(case["match_length"])
    _win(m, WHITE, resign=ResultKind.BACKGAMMON, cube=Cube(value=1))  # 3-0
    _win(m, RED)  # 3-1
    _win(m, WHITE)  # 4-1: first time at 4
    assert list(m.score) == case["score"]
    assert m.crawford and not m.post_crawford
    g = m.new_game(first=RED)
    assert g.crawford and g.may_double() is case["may_double"] is False
    with pytest.raises(CubeActionError, match="Crawford"):
        g.double()
    assert m.game_label(3) == "Game 4 (Crawford)"


def test_S6b_S6c_post_crawford_doubling_allowed_and_no_second_crawford():
    m = Match(5, score=(4, 1))
    assert m.crawford
    _win(m, RED)  # the trailer wins the Crawford game: 4-2
    case = CASES["S6b"]
    assert list(m.score) == case["score"] and not m.crawford and m.post_crawford
    g = m.new_game(first=RED)
    assert g.may_double() is case["may_double"] is True
    g.resign("gammon", player=WHITE)
    g.accept_resignation()  # 4-4
    case = CASES["S6c"]
    assert list(m.score) == case["score"] and not m.crawford and m.post_crawford
    g = m.new_game(first=RED)
    # No second Crawford game: the Crawford rule no longer forbids doubling...
    assert g.cube_in_play is case["may_double"] is True
    assert "Crawford" not in (g.why_not_double() or "")
    # ...and the rules allow the double at 4-4 even though the 1-cube already wins the match (a
    # "dead" cube); GNU Backgammon's refusal of it is an option.
    assert g.may_double() is True and g.why_not_double() is None


def test_S6d_crawford_from_reaching_n_minus_1_whoever_leads():
    case = CASES["S6d"]
    m = Match(case["match_length"], score=(3, 3))
    assert not m.crawford
    _win(m, WHITE)
    assert list(m.score) == case["score"] and m.crawford
    assert m.new_game(first=WHITE).may_double() is case["may_double"]


def test_S7_gammon_on_a_2_cube_scores_4_and_jacoby_never_applies_in_a_match():
    case = CASES["S7"]
    m = Match(case["match_length"])
    g = _win(m, WHITE, kind_loser=GAMMON, cube=Cube(value=case["cube"]))  # centred 2-cube
    assert g.result_kind.word == case["result"] and g.points == case["points"]
    assert not g.jacoby


def test_S8_points_beyond_the_match_length_do_not_count():
    case = CASES["S8"]
    m = Match(case["match_length"], score=tuple(case["score"]))
    g = _win(m, WHITE, kind_loser=BACKGAMMON, cube=Cube(value=case["cube"], owner=RED))
    assert g.result_kind.word == case["result"] and g.points == 6
    assert list(m.score) == case["final_score"]
    assert m.is_over and m.winner is WHITE and int(m.winner) == case["winner_of_match"]
    assert m.counted_points(0) == 2
    with pytest.raises(GameFlowError, match="over"):
        m.new_game()


def test_new_game_refused_while_one_is_being_played():
    m = Match(3)
    m.new_game()
    with pytest.raises(GameFlowError, match="still being played"):
        m.new_game()


def test_bad_match_arguments():
    with pytest.raises(GameFlowError):
        Match(0)
    with pytest.raises(GameFlowError):
        Match(5, score=(5, 0))


def test_dead_cube_refused_in_a_match_game_when_asked():
    m = Match(5, score=(3, 0))
    g = m.new_game(first=WHITE, cube=Cube(value=2, owner=WHITE))
    assert g.why_not_double() is None  # the rules allow it
    m = Match(5, score=(3, 0), refuse_dead_cube=True)
    g = m.new_game(first=WHITE, cube=Cube(value=2, owner=WHITE))
    assert "dead" in g.why_not_double()


def test_rules_md_match_id_examples_decode_to_what_they_say():
    m = decode_match_id("QYkqASAAIAAA")  # 9-point match at 2-4, player 0 owns a 2-cube, player 1 rolled 5-2
    assert m.match_length == 9 and m.score == (4, 2)  # (white = player 1, red = player 0)
    assert m.cube_value == 2 and m.cube_owner is RED
    assert m.on_roll is WHITE and m.dice == (5, 2)
    # the same state from a Match in progress
    match = Match(9, score=(4, 2))
    g = match.new_game(first=WHITE, cube=Cube(value=2, owner=RED), dice=Dice.fixed(["52"]))
    g.roll_dice()
    # as GNU Backgammon prints it for a match: the "Jacoby not in use" bit set (rules.md's example
    # predates that bit)
    assert match.match_id() == g.match_id() == "QYkqASAAIAAE"
    money = decode_match_id("cAkAAAAAAAAE")
    assert money.match_length == 0 and not money.jacoby and money.cube_owner is None


def test_rules_md_xgid_example_and_match_xgid():
    x = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    assert x.position == Position() and x.match_length == 0 and x.dice is None
    m = Match(7, score=(6, 2))
    m.new_game(first=RED)
    x = parse_xgid(m.xgid())
    assert x.match_length == 7 and x.score == (6, 2) and x.crawford and x.turn is RED
    assert decode_match_id(m.match_id()).crawford


@settings(max_examples=60, deadline=None)
@given(
    cube_log=st.integers(0, 6), owner=st.sampled_from([None, WHITE, RED]), on_roll=st.sampled_from([WHITE, RED]),
    crawford=st.booleans(), offered=st.booleans(), dice=st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)),
    length=st.integers(0, 25), w=st.integers(0, 24), r=st.integers(0, 24), jacoby=st.booleans(),
    resign=st.integers(0, 3),
)
def test_match_ids_round_trip(cube_log, owner, on_roll, crawford, offered, dice, length, w, r, jacoby, resign):
    score = (w % length, r % length) if length else (0, 0)
    crawford = crawford and length > 0 and (score[0] == length - 1) != (score[1] == length - 1)
    mid = MatchId(cube_value=2**cube_log, cube_owner=owner, on_roll=on_roll, crawford=crawford,
                  acting=on_roll.opponent if offered else on_roll, double_offered=offered, dice=dice,
                  match_length=length, score=score, jacoby=jacoby, resignation=resign)
    assert decode_match_id(encode_match_id(mid)) == mid


def test_match_id_acting_white_while_red_is_on_roll():
    g = Match(5).new_game(first=RED)
    g.double()  # Red doubles: White must answer
    assert decode_match_id(g.match_id()).acting is WHITE


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), length=st.integers(1, 9), random_red=st.booleans())
def test_bot_matches_end_with_a_legal_score_and_no_crawford_doubles(seed, length, random_red):
    red = RandomBot(seed, double_rate=0.2) if random_red else HeuristicBot(seed)
    m = play_match(Match(length, dice=Dice(seed)), HeuristicBot(seed + 1), red)
    assert m.is_over and max(m.score) == length and min(m.score) < length
    assert sum(m.counted_points(i) for i in range(len(m.games))) == sum(m.score)
    crawfords = [g.crawford for g in m.games]
    assert sum(crawfords) <= 1
    for i, g in enumerate(m.games):
        before = m.score_before(i)
        if g.crawford:
            assert not any(e.kind == "double" for e in g.record)
            assert (before[0] == length - 1) != (before[1] == length - 1)
        assert g.is_over
        assert decode_match_id(g.match_id()).score == before
        assert not any(e.kind in ("beaver", "raccoon", "auto-double") for e in g.record)
    if length > 1 and any(max(m.score_before(i)) == length - 1 for i in range(len(m.games))):
        assert sum(crawfords) == 1


def test_game_and_match_do_not_depend_on_each_other_at_run_time():
    import ast

    import bglearn.game
    from bglearn.game import Game

    tree = ast.parse(Path(bglearn.game.__file__).read_text())
    type_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                 for n in ast.walk(node)}
    runtime = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and id(node) not in type_only}
    assert "match" not in runtime and "ids" in runtime
    # a game of a match is told its state: a game made without a Match behaves the same
    m = Match(7, score=(6, 2))
    in_match = m.new_game(first=WHITE)
    alone = Game(first=WHITE, length=7, score=(6, 2), crawford=True)
    assert in_match.crawford and in_match.score == (6, 2) and in_match.length == 7 and in_match.match is m
    assert alone.match is None
    assert in_match.why_not_double() == alone.why_not_double() is not None
    assert in_match.match_id() == alone.match_id() and in_match.xgid() == alone.xgid()
    # the dead-cube option travels down too
    dead = Match(5, score=(3, 0), refuse_dead_cube=True).new_game(first=WHITE, cube=Cube(value=2, owner=WHITE))
    assert "dead" in dead.why_not_double()
    assert Game(first=WHITE, length=5, score=(3, 0), refuse_dead_cube=True,
                cube=Cube(value=2, owner=WHITE)).why_not_double() == dead.why_not_double()
    # a game told it is the Crawford game at a score where it cannot be refuses at once
    with pytest.raises(GameFlowError, match="Crawford game is played only when exactly one side has 6 points"):
        Game(length=7, score=(0, 0), crawford=True)
