"""explain(): a reason code and a learner's sentence for every kind of illegal play."""

from __future__ import annotations

import pytest

from bglearn import (
    IllegalPlayError,
    Move,
    NotationError,
    Position,
    Reason,
    explain,
    legal_continuations,
    legal_plays,
    parse_play,
)
from shared_cases import load

CASES = {c["id"]: c for c in load("plays.json")["cases"]}


def case(cid):
    c = CASES[cid]
    return Position.from_arrays(c["me"], c["opp"]), c["dice"]


START = Position()


@pytest.mark.parametrize(
    "position,roll,attempt,reason,fragments",
    [
        (START, "31", "13/10 13/12", Reason.BLOCKED, ["Red holds your 12-point with 5 checkers"]),
        (START, "31", "8/9 6/5", Reason.WRONG_DIRECTION, ["8/9", "backwards"]),
        (START, "31", "7/4 6/5", Reason.NO_CHECKER, ["no checker on your 7-point"]),
        (START, "31", "24/22 8/7", Reason.DIE_MISMATCH, ["2 pips", "3-1"]),
        (START, "31", "13/10 6/2", Reason.DIE_MISMATCH, ["7 pips", "only 4"]),
        (START, "61", "13/7", Reason.DICE_NOT_FULLY_USED, ["both dice", "13/7"]),
        (START, "44", "13/9", Reason.DOUBLES_UNDERPLAYED, ["all four", "only 1"]),
        (START, "31", "8/5* 6/5", Reason.NO_BLOT_TO_HIT, ["no Red blot", "5-point"]),
        (START, "31", "", Reason.MUST_MOVE, ["you must"]),
        (START, "31", "13/", Reason.BAD_NOTATION, ["empty point"]),
        (*case("T17"), "13/7", Reason.BAR_FIRST, ["bar", "enter"]),
        (*case("T28"), "6/off 13/8", Reason.BEAR_OFF_NOT_ALL_HOME, ["home board", "13-point"]),
        (*case("T08"), "8/5 4/off", Reason.BEAR_OFF_HIGHER_POINT, ["5-point", "5/off"]),
        (*case("T26"), "2/off 2/off", Reason.BEAR_OFF_HIGHER_POINT, ["higher point"]),
        (*case("T03"), "13/8", Reason.LARGER_DIE_REQUIRED, ["larger", "the 6", "13/7"]),
        (*case("T05"), "6/4", Reason.LARGER_DIE_REQUIRED, ["the 3", "6/3"]),
        (*case("T08"), "8/2", Reason.DICE_NOT_FULLY_USED, ["one unit", "8/5 5/off"]),
        (*case("T06"), "bar/19", Reason.DICE_NOT_FULLY_USED, ["bar/23 13/7"]),
        (*case("T04"), "13/7", Reason.BLOCKED, ["7-point"]),
        (*case("T15"), "13/9(2)", Reason.NO_CHECKER, ["already moved"]),
        (*case("T11"), "13/4", Reason.BLOCKED, ["Every way", "10-point", "7-point"]),
        (*case("T24"), "bar/19", Reason.BLOCKED, ["enters on your 19-point"]),
    ],
)
def test_illegal_attempts_are_explained(position, roll, attempt, reason, fragments):
    v = explain(position, roll, attempt)
    assert not v.legal and not v
    assert v.reason is reason, v.message
    for f in fragments:
        assert f in v.message, v.message
    assert v.message.endswith(".")
    assert v.reason.rule


def test_suggestion_is_a_legal_play_when_one_exists():
    v = explain(START, "61", "13/7")
    assert v.suggestion in legal_plays(START, "61")
    assert "13/7" in v.suggestion.notation  # the alternative keeps what the learner started


@pytest.mark.parametrize(
    "attempt", ["8/5 6/5", "6/5 8/5", "8/5, 6/5", " 8 / 5  6/5 ", "8/5 6/5"]
)
def test_equivalent_writings_are_the_same_legal_play(attempt):
    v = explain(START, "31", attempt)
    assert v.legal and v.reason is Reason.LEGAL
    assert v.play.notation == "8/5 6/5"


def test_chains_and_repeats():
    assert parse_play(START, "44", "13/5(2)") == parse_play(START, "44", "13/9/5 13/9/5")
    assert parse_play(START, "44", "24/20(2) 13/9(2)").notation == "24/20(2) 13/9(2)"
    assert parse_play(START, "31", "24/21/20") == parse_play(START, "31", "24/20")


def test_hit_at_intermediate_point_is_a_different_play():
    position, dice = case("T12")
    via_hit = parse_play(position, dice, "13/11*/5")
    quiet = parse_play(position, dice, "13/5")
    assert via_hit != quiet and via_hit.hits and not quiet.hits


def test_lost_turn_is_legal_only_when_nothing_can_be_played():
    position, dice = case("T24")
    v = explain(position, dice, "")
    assert v.legal and "turn is lost" in v.message
    assert v.play.is_empty


def test_partial_moves():
    assert explain(START, "61", Move(13, 7, 6)).legal  # a single move is judged as a start
    v = explain(*case("T08"), Move(8, 2, 6))
    assert not v.legal and v.reason is Reason.DICE_NOT_FULLY_USED
    assert explain(START, "61", "13/7", complete=False).legal


def test_continuations():
    first = {str(m) for m in legal_continuations(START, "61")}
    assert first == {"24/18", "13/7", "8/2", "24/23", "8/7", "6/5"}
    after = {str(m) for m in legal_continuations(START, "61", [Move(13, 7, 6)])}
    assert after == {"24/23", "8/7", "7/6", "6/5"}
    assert legal_continuations(START, "61", [Move(13, 7, 6), Move(8, 7, 1)]) == []
    with pytest.raises(IllegalPlayError, match="one unit"):
        legal_continuations(*case("T08"), [Move(8, 2, 6)])


def test_parse_play_errors():
    with pytest.raises(NotationError, match="not a point"):
        parse_play(START, "31", "13/x")
    with pytest.raises(IllegalPlayError) as e:
        parse_play(START, "31", "13/10 13/12")
    assert e.value.verdict.reason is Reason.BLOCKED


def test_explain_never_raises_for_text():
    for junk in ["", "??", "bar", "off/3", "3/bar", "13/7(9)", "1/2/3/4/5/6", "24/18 " * 5, "25/22"]:
        v = explain(START, "31", junk)
        assert isinstance(v.message, str) and v.message


def test_bad_roll_is_reported():
    v = explain(START, "71", "13/7")
    assert v.reason is Reason.BAD_NOTATION and "not a roll" in v.message
