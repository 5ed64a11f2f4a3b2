"""Long Nardy (issue #14): the position, the hand-checked cases, explain(), results, the game flow and
the diagram. The engine's agreement with an independent generator is in test_long_nardy_reference.py."""

from __future__ import annotations

import json
import pickle
import random
import re
import sys
from pathlib import Path

import pytest

from bglearn import Game, Position, explain, legal_plays
from bglearn.dice import Dice, Roll
from bglearn.errors import CubeActionError, GameFlowError, IllegalPlayError, InvalidPositionError, NotationError
from bglearn.verdicts import Reason, legal_continuations, parse_play
from bglearn.notation import format_play
from bglearn.player import RED, WHITE
from bglearn.result import ResultKind
from bglearn.svg import render

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from positions import self_play_sample  # noqa: E402  (the benchmarks' seeded self-play sampler)

CASES = json.loads((Path(__file__).resolve().parent / "cases" / "long_nardy" / "cases.json").read_text())["cases"]
NARDY = "long-nardy"


# -- the position ------------------------------------------------------------------------------

def test_the_start_has_fifteen_checkers_on_each_head() -> None:
    p = Position(variant=NARDY)
    assert p.variant == NARDY and p.turn is WHITE
    assert p.white == p.red == tuple(15 if i == 24 else 0 for i in range(25))
    assert p.owner(24, WHITE) == (WHITE, 15)
    assert p.owner(12, WHITE) == (RED, 15)  # Red's head is White's 12-point
    assert p.owner(24, RED) == (RED, 15) and p.owner(12, RED) == (WHITE, 15)
    assert p.pip_count(WHITE) == p.pip_count(RED) == 360
    assert Position().variant == "backgammon"


def test_repr_round_trips_and_names_the_variant() -> None:
    p = legal_plays(Position(variant=NARDY), "65")[0].result
    text = repr(p)
    assert text == "Position(white={24: 14, 13: 1}, red={24: 15}, turn=RED, variant='long-nardy')"
    assert eval(text, {"Position": Position, "WHITE": WHITE, "RED": RED}) == p
    assert repr(Position()).endswith("turn=WHITE)")  # backgammon's repr is unchanged
    assert pickle.loads(pickle.dumps(p)) == p


def test_equality_and_hash_include_the_variant() -> None:
    home = {6: 5, 5: 5, 4: 5}
    nardy = Position(home, home, variant=NARDY)
    backgammon = Position(home, home)
    assert nardy != backgammon
    assert len({nardy, backgammon, Position(home, home, variant=NARDY)}) == 2


def test_turn_changes_keep_the_variant() -> None:
    p = Position(variant=NARDY)
    for q in (p.pass_turn(), p.with_turn(RED), p.mirrored()):
        assert q.variant == NARDY


def test_from_arrays_is_in_the_side_on_roll_s_numbering() -> None:
    me = [0] * 25
    me[24], me[13] = 14, 1
    opp = [0] * 25
    opp[24] = 15
    p = Position.from_arrays(me, opp, RED, variant=NARDY)
    assert p.turn is RED and p.red == tuple(me) and p.white == tuple(opp)
    assert p.owner(1, WHITE) == (RED, 1)  # Red's 13-point is White's 1-point


@pytest.mark.parametrize("spec, message", [
    ({"bar": 1, 24: 14}, "Long Nardy has no bar"),
    ({24: 16}, "a side has only 15"),
])
def test_bad_sides_are_refused_with_one_clear_message(spec: dict, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position(spec, None, variant=NARDY)


def test_a_point_cannot_hold_both_colours() -> None:
    with pytest.raises(InvalidPositionError, match=re.escape("White's 12-point (Red's 24-point)")):
        Position({12: 1, 24: 14}, None, variant=NARDY)
    # the same arrays are fine in backgammon, where White's 12 is Red's 13
    Position({12: 1, 24: 14}, {6: 15})


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="no variant 'nardi'; choose one of 'backgammon', 'long-nardy'"):
        Position(variant="nardi")
    assert Position(variant="nardy") == Position(variant="long-nardy")  # an alias of the registered name


def test_gnubg_ids_and_xgid_are_refused() -> None:
    p = Position(variant=NARDY)
    for make in (p.position_id, p.xgid):
        with pytest.raises(InvalidPositionError, match="cannot express a Long Nardy position"):
            make()
    from bglearn.ids import format_xgid

    with pytest.raises(NotationError, match="cannot express a long-nardy position"):
        format_xgid(p)


# -- the hand-checked cases --------------------------------------------------------------------

def _case_position(case: dict) -> Position:
    return Position.from_arrays(case["me"], case["opp"], WHITE, variant=NARDY)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_hand_checked_cases(case: dict) -> None:
    p = _case_position(case)
    plays = legal_plays(p, tuple(case["dice"]))
    assert sorted(play.notation for play in plays) == sorted(case["expected_plays"])
    assert sorted(list(play.result.checkers(WHITE)) for play in plays) == sorted(case["expected_results"])
    for text in case["expected_plays"]:
        assert parse_play(p, tuple(case["dice"]), text) in plays


@pytest.mark.parametrize("case", [c for c in CASES if c["refused"]], ids=[c["id"] for c in CASES if c["refused"]])
def test_refused_plays_name_their_rule_and_suggest_a_legal_play(case: dict) -> None:
    p = _case_position(case)
    plays = legal_plays(p, tuple(case["dice"]))
    for refused in case["refused"]:
        v = explain(p, tuple(case["dice"]), refused["play"])
        assert not v.legal
        assert v.reason is Reason[refused["reason"]], (refused, v.message)
        assert v.suggestion in plays
        assert v.message and "{" not in v.message


def test_six_block_message_names_the_points_and_the_rule() -> None:
    case = next(c for c in CASES if c["id"] == "N06")
    v = explain(_case_position(case), "65", "20/14 20/15")
    assert v.message == (
        "This play leaves you holding 6 points in a row on Red's way round (your 19-point, your 18-point, "
        "your 17-point, your 16-point, your 15-point and your 14-point) and none of Red's checkers is past "
        "them: a block of six is allowed only when at least one opposing checker is already past it."
    )
    with pytest.raises(IllegalPlayError) as info:
        parse_play(_case_position(case), "65", "20/14 20/15")
    assert info.value.verdict.reason is Reason.SIX_BLOCK


def test_a_block_can_run_past_the_mover_s_1_point_onto_its_head() -> None:
    # Red's 13-point (White's 1) is followed on Red's way round by Red's 12-point (White's 24, the head)
    wall = Position({24: 5, 15: 3, 9: 1, 7: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}, {24: 10, 22: 2, 20: 3},
                    variant=NARDY)
    v = explain(wall, "31", "9/6 7/6")
    assert v.reason is Reason.SIX_BLOCK
    assert "7 points in a row on Red's way round (your 6-point, your 5-point, your 4-point, your 3-point, " \
           "your 2-point, your 1-point and your 24-point)" in v.message
    assert "9/6 7/6" not in [p.notation for p in legal_plays(wall, "31")]


def test_a_partial_move_that_builds_an_unbreakable_block_is_refused_by_the_rule() -> None:
    case = next(c for c in CASES if c["id"] == "N06")
    v = explain(_case_position(case), "65", "20/15", complete=False)
    assert v.legal  # 20/15 can still be completed (19/13)
    moves = legal_continuations(_case_position(case), "65", [(20, 15, 5)])
    assert [(m.source, m.destination) for m in moves] == [(19, 13)]


def test_moves_that_end_the_turn_in_a_block_are_refused_as_a_start_too() -> None:
    case = next(c for c in CASES if c["id"] == "N06")
    p = _case_position(case)
    v = explain(p, "65", "20/14 20/15", complete=False)
    assert v.reason is Reason.SIX_BLOCK and v.message.startswith("These moves leave you holding 6 points")
    assert v.suggestion in legal_plays(p, "65")
    with pytest.raises(IllegalPlayError, match="6 points in a row"):
        legal_continuations(p, "65", [(20, 14, 6), (20, 15, 5)])


def test_the_head_rule_and_its_exception_in_explain() -> None:
    start = Position(variant=NARDY)
    v = explain(start, "65", "24/18 24/19")
    assert v.reason is Reason.HEAD_RULE and "Only one checker may leave the head" in v.message
    assert v.suggestion is not None and v.suggestion.notation == "24/13"
    v = explain(start, "66", "24/18(3)")
    assert v.reason is Reason.HEAD_RULE and "two already have" in v.message
    assert [(m.source, m.destination) for m in legal_continuations(start, "66")] == [(24, 18)]


def test_hitting_and_the_bar_are_refused_with_the_rule() -> None:
    start = Position(variant=NARDY)
    v = explain(start, "65", "24/18*/13")
    assert v.reason is Reason.CLOSED_POINT and "no hitting in Long Nardy" in v.message
    v = explain(start, "65", "bar/20")
    assert v.reason is Reason.BAD_NOTATION and "no bar in Long Nardy" in v.message
    with pytest.raises(NotationError, match="no bar"):
        parse_play(start, "65", "bar/20")
    v = explain(start, "31", "24/21 24/23")
    assert v.reason is Reason.HEAD_RULE
    v = explain(start, "66", "24/18/12")
    assert v.message == ("Red has 15 checkers on your 12-point: in Long Nardy a point with any opposing "
                         "checker on it is closed, so you can't land there.")


def test_new_reasons_state_their_rule() -> None:
    for reason in (Reason.HEAD_RULE, Reason.CLOSED_POINT, Reason.SIX_BLOCK):
        assert reason.rule and reason.rule.endswith(".")


def test_messages_in_the_other_side_s_numbering_use_the_nardy_map() -> None:
    start = Position(variant=NARDY)
    v = explain(start, "65", "24/18 24/19", numbering=RED)
    assert "the head (point 12)" in v.message  # White's 24-point is Red's 12
    play = legal_plays(start, "65")[0]
    assert format_play(play, numbering=RED) == "12/1"


# -- results and the game ----------------------------------------------------------------------

def test_oin_and_mars() -> None:
    oin = Position({}, {24: 14}, variant=NARDY).result()
    assert oin.winner is WHITE and oin.kind is ResultKind.SINGLE and oin.points() == 1 and oin.label == "oin"
    # no backgammon: the loser's checkers in the winner's home board do not make it a 3
    mars = Position({}, {19: 5, 24: 10}, RED, variant=NARDY).result()
    assert mars.kind is ResultKind.GAMMON and mars.points() == 2 and mars.label == "mars"
    assert str(mars) == "White wins a mars (2 points): the loser has borne off none, so it is a mars"
    assert Position(variant=NARDY).result() is None


def test_the_opening_throw_only_decides_who_starts() -> None:
    g = Game(variant=NARDY, dice=Dice.fixed(["53", "62"]))
    o = g.start((2, 5))  # White 2, Red 5
    assert o.starter is RED and g.phase == "roll" and g.turn is RED and g.roll is None
    assert str(g.record[0]) == "Opening throw: White 2, Red 5; Red starts and throws both dice"
    assert str(g.roll_dice()) == "5-3"
    assert [p.notation for p in g.legal_plays()] == ["24/16"]


def test_there_is_no_cube() -> None:
    g = Game(variant=NARDY)
    g.skip_opening(WHITE)
    assert not g.may_double()
    with pytest.raises(CubeActionError, match="no doubling cube in Long Nardy"):
        g.double()
    with pytest.raises(GameFlowError, match="at most a mars"):
        g.resign("backgammon")
    with pytest.raises(NotationError, match="cannot express"):
        g.match_id()


def test_a_game_position_must_match_the_variant() -> None:
    with pytest.raises(GameFlowError, match="not long-nardy"):
        Game(position=Position(), variant=NARDY)
    assert Game(position=Position(variant=NARDY)).variant == NARDY


def test_a_whole_game_of_random_plays_ends_with_an_oin_or_a_mars() -> None:
    rng = random.Random(5)
    g = Game(variant=NARDY, dice=Dice(11))
    g.start()
    while not g.is_over:
        g.roll_dice()
        plays = g.legal_plays()
        g.play(rng.choice(plays) if plays else None)
    assert g.points in (1, 2) and g.result_kind in (ResultKind.SINGLE, ResultKind.GAMMON)
    assert g.replay().position == g.position
    assert re.match(r"(White|Red) wins an? (oin|mars) \(borne off\): [12] points?$", g.summary())


# -- the diagram -------------------------------------------------------------------------------

def test_the_diagram_marks_both_heads_and_both_directions() -> None:
    svg = render(Position(variant=NARDY))
    assert 'data-variant="long-nardy"' in svg and "data-position-id" not in svg
    assert 'data-head="white" data-head-point="24"' in svg and 'data-head="red" data-head-point="12"' in svg
    assert 'data-travel="white"' in svg and 'data-travel="red"' in svg
    assert "<title>Long Nardy position, White on roll</title>" in svg
    assert "bg-cube" not in svg and 'data-bar="white" data-count="0"' in svg
    # Red's checkers stand on White's 12-point, seen from White's side; on Red's 24 from Red's side
    assert re.search(r'aria-label="White\'s 12-point: 15 Red checkers" class="bg-point" data-point="12"', svg)
    red_view = render(Position(variant=NARDY), perspective=RED)
    assert re.search(r'aria-label="Red\'s 24-point: 15 Red checkers" class="bg-point" data-point="24"', red_view)
    assert re.search(r'aria-label="Red\'s 12-point: 15 White checkers" class="bg-point" data-point="12"', red_view)
    assert 'data-head="red" data-head-point="24"' in red_view


def test_play_arrows_follow_the_nardy_numbering() -> None:
    start = Position(variant=NARDY)
    after = legal_plays(start, "65")[0].result  # White 24/13; Red on roll
    red_play = legal_plays(after, "43")[0]        # Red 24/17: White's 12 to White's 5
    assert red_play.notation == "24/17"
    plain = render(after)
    svg = render(after, arrows=red_play)
    assert svg.count('class="bg-arrow"') == 2 and plain.count('class="bg-arrow"') == 0


def test_backgammon_diagram_is_unchanged_by_the_variant_code() -> None:
    svg = render(Position())
    assert "data-position-id" in svg and "bg-nardy" not in svg and "bg-cube" in svg


# -- invariants over self-play -------------------------------------------------------------------

def _self_play(seed: int, count: int) -> list[tuple[Position, Roll]]:
    return self_play_sample(count, seed, variant=NARDY)


def test_every_legal_play_reads_back_and_is_explained_legal() -> None:
    for p, roll in _self_play(seed=3, count=400)[::8]:
        plays = legal_plays(p, roll)
        for play in plays:
            result = play.result
            # the result is a valid Long Nardy position with the other side on roll
            again = Position(result.white, result.red, result.turn, variant=NARDY)
            assert again == result and result.turn is p.turn.opponent
            for text in (play.notation, play.path_notation):
                v = explain(p, roll, text)
                assert v.legal and v.play == play, (repr(p), roll, text, v.message)


def test_the_first_moves_offered_are_the_first_moves_of_the_legal_plays() -> None:
    for p, roll in _self_play(seed=4, count=300)[::5]:
        plays = legal_plays(p, roll)
        offered = {(m.source, m.destination, m.die) for m in legal_continuations(p, roll)}
        # each play's moves are listed in an order that can be played, so its first move is a legal start
        starts = {(play.moves[0].source, play.moves[0].destination, play.moves[0].die) for play in plays}
        assert starts <= offered, (repr(p), roll, starts - offered)
        for s, t, d in offered:
            assert explain(p, roll, [(s, t, d)], complete=False).legal
        assert bool(offered) == bool(plays)


def test_random_attempts_get_a_verdict_with_a_legal_suggestion() -> None:
    """Moves a learner might try (a checker of theirs moved by a die of the roll, repeated): never an
    exception; a legal verdict is one of the legal plays; a refusal names a rule and suggests a legal play."""
    rng = random.Random(9)
    seen = set()
    for p, roll in _self_play(seed=8, count=400)[::4]:
        plays = legal_plays(p, roll)
        mine = [i for i in range(1, 25) if p.checkers(p.turn)[i]]
        for _ in range(4):
            moves = []
            for _ in range(rng.randint(1, 4 if roll[0] == roll[1] else 2)):
                s = rng.choice(mine)
                d = rng.choice(roll)
                moves.append(f"{s}/{s - d if s > d else 'off'}")
            v = explain(p, roll, " ".join(moves))
            seen.add(v.reason)
            if v.legal:
                assert v.play in plays
            else:
                assert v.message and "{" not in v.message
                assert v.suggestion is None or v.suggestion in plays
                if plays:
                    assert v.suggestion is not None, (repr(p), roll, moves, v.message)
    assert {Reason.HEAD_RULE, Reason.CLOSED_POINT, Reason.LEGAL} <= seen


def test_the_variant_s_hooks_are_what_the_core_asks_for() -> None:
    """The core reaches the variant through the position (no import of bglearn.variants.long_nardy): each hook of
    LongNardyPosition gives the variant's answer, and backgammon's Position keeps its own."""
    from bglearn.variants.long_nardy import opposite

    nardy, bg = Position(variant="long-nardy"), Position()
    assert [nardy.opposite_point(n) for n in range(1, 25)] == [opposite(n) for n in range(1, 25)]
    assert [bg.opposite_point(n) for n in range(1, 25)] == list(range(24, 0, -1))
    won = Position({}, {24: 14}, variant="long-nardy")
    assert won.win_kind(WHITE)[0] is ResultKind.SINGLE
    assert Position({}, {24: 15}, variant="long-nardy").win_kind(WHITE)[0] is ResultKind.GAMMON
    assert bg.diagram_intro(WHITE) is None
    told = nardy.diagram_intro(WHITE)
    assert told is not None and "Long Nardy" in told[0]


def test_a_fresh_interpreter_needs_no_nardy_import_for_either_game() -> None:
    """``import bglearn`` and backgammon's plays never load bglearn.variants.long_nardy; a Long Nardy position
    loads it by itself and explain, result() and the diagram all follow its rules."""
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from bglearn import Position, explain, legal_plays, render\n"
        "legal_plays(Position(), '31')\n"
        "print(any(m.startswith(('bglearn.nardy', 'bglearn.variants.long_nardy')) for m in sys.modules))\n"
        "p = Position(variant='long-nardy')\n"
        "print(explain(p, '65', '24/18 24/19').reason.name)\n"
        "print(Position({}, {24: 15}, variant='long-nardy').result().label)\n"
        "print('bg-head' in str(render(p)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "BGLEARN_LANG": "en"}).stdout.split()
    assert out == ["False", "HEAD_RULE", "mars", "True"]
