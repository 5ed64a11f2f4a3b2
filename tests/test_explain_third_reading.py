"""explain() after the third reading (issue #26): the learner's likely reading of an attempt is judged
first, each refusal a learner may be shown the way from (``Verdict.advice``) shows a legal play or a
pointed hint, and a right answer in a lesson does not repeat itself."""

from __future__ import annotations

import re

import pytest

from bglearn import RED, Position, Reason, explain, legal_plays
from bglearn.notation import format_play
from bglearn.quiz import ChoiceQuiz, PlayQuiz
from shared_cases import load

CASES = {c["id"]: c for c in load("plays.json")["cases"]}


def case(cid: str) -> Position:
    c = CASES[cid]
    return Position.from_arrays(c["me"], c["opp"])


START = Position()
NARDY = Position(variant="long-nardy")
#: Red holds its 6-point (White's 19-point); White has a checker on the bar (shared case T17, 6-4).
ON_BAR = case("T17")
#: White bears off: a checker on the 5-point, one on the 3-point.
FIVE_AND_THREE = Position({5: 1, 3: 1, 2: 13}, {6: 5, 8: 3, 13: 5, 24: 2})
#: White bears off with one checker still on the 8-point (backgammon and Long Nardy).
ONE_OUT = {8: 1, 5: 14}
NARDY_ONE_OUT = Position(ONE_OUT, {24: 14, 23: 1}, variant="long-nardy")
ONE_OUT_BG = Position(ONE_OUT, {1: 2, 2: 13})


# -- the learner's likely reading first ------------------------------------------------------------------

@pytest.mark.parametrize("attempt", ["bar/19 13/9", "13/9 bar/19"])
def test_entering_on_a_held_point_then_playing_the_other_die_is_blocked_not_enter_first(attempt):
    v = explain(ON_BAR, "64", attempt)
    assert v.reason is Reason.BLOCKED, v.message
    assert v.message == "A 6 enters on your 19-point, and Red holds it with 2 checkers: you can't enter with the 6."


@pytest.mark.parametrize("attempt", ["5/off 3/2", "3/2 5/off"])
def test_a_die_too_small_to_bear_off_is_named_not_the_other_move(attempt):
    v = explain(FIVE_AND_THREE, "41", attempt)
    assert v.reason is Reason.DIE_MISMATCH
    assert v.message == "A 4 is too small to bear off from your 5-point: that takes a 5 or more."


@pytest.mark.parametrize("roll,attempt", [("22", "24/22(2) 22/20(2)"), ("22", "24/22 22/20 24/22 22/20"),
                                          ("55", "24/19(2) 19/14(2)")])
def test_long_nardy_two_checkers_off_the_head_names_the_head_rule(roll, attempt):
    v = explain(NARDY, roll, attempt)
    assert v.reason is Reason.HEAD_RULE, v.message
    assert "head" in v.message and "22-point" not in v.message and "19-point" not in v.message


@pytest.mark.parametrize("position", [NARDY_ONE_OUT, ONE_OUT_BG], ids=["long-nardy", "backgammon"])
@pytest.mark.parametrize("attempt", ["5/off", "5/off 5/4"])
def test_bearing_off_with_a_checker_outside_says_not_all_home(position, attempt):
    v = explain(position, "21", attempt)
    assert v.reason is Reason.BEAR_OFF_NOT_ALL_HOME, v.message
    assert "8-point" in v.message


def test_bringing_the_last_checker_home_first_is_not_called_not_all_home():
    # 8/5 uses both dice, so nothing is left to bear off with: the dice are the problem, not the rule
    assert explain(ONE_OUT_BG, "21", "8/5 5/off").reason is Reason.DIE_MISMATCH


# -- every refusal shows a legal play or a pointed hint (lessons, practice) ------------------------------

FORTY_ONE = Position({4: 1, 8: 1}, {13: 13, 24: 2})
HIGHER = Position({5: 1, 4: 1, 3: 3, 2: 10}, {6: 5, 8: 3, 13: 5, 24: 2})
#: Long Nardy, mid-game: White's 13-point is Red's 1-point (Red holds it).
NARDY_MID = Position({24: 13, 19: 1, 17: 1}, {24: 13, 20: 1, 18: 1}, variant="long-nardy")
CLOSED = case("T24")

#: Typical mistakes (27 of them; 6 messages showed the way before ``advice``): (position, roll, attempt, reason).
MISTAKES = [
    (START, "31", "13/10 13/12", Reason.BLOCKED),
    (START, "31", "8/9 6/5", Reason.WRONG_DIRECTION),
    (START, "31", "7/4 6/5", Reason.NO_CHECKER),
    (START, "31", "24/22 8/7", Reason.DIE_MISMATCH),
    (START, "31", "13/10 6/2", Reason.DIE_MISMATCH),
    (START, "61", "13/7", Reason.DICE_NOT_FULLY_USED),
    (START, "44", "13/9", Reason.DOUBLES_UNDERPLAYED),
    (START, "31", "8/5* 6/5", Reason.NO_BLOT_TO_HIT),
    (START, "65", "24/13*", Reason.NO_BLOT_TO_HIT),
    (START, "31", "", Reason.MUST_MOVE),
    (START, "66", "13/7(2) 24/18 24/12", Reason.DIE_MISMATCH),
    (ON_BAR, "64", "13/7", Reason.BAR_FIRST),
    (ON_BAR, "64", "bar/19 13/9", Reason.BLOCKED),
    (Position({"bar": 1, 6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}), "51", "bar/5", Reason.ENTRY_POINT),
    (case("T28"), "65", "6/off 13/8", Reason.BEAR_OFF_NOT_ALL_HOME),
    (case("T08"), "63", "8/5 4/off", Reason.BEAR_OFF_HIGHER_POINT),
    (HIGHER, "53", "4/off 3/off", Reason.BEAR_OFF_HIGHER_POINT),
    (case("T03"), "65", "13/8", Reason.LARGER_DIE_REQUIRED),
    (case("T15"), "44", "13/9(2)", Reason.NO_CHECKER),
    (case("T11"), "63", "13/4", Reason.BLOCKED),
    (CLOSED, "66", "bar/19", Reason.BLOCKED),
    (FIVE_AND_THREE, "41", "5/off 3/2", Reason.DIE_MISMATCH),
    (FORTY_ONE, "41", "8/4 4/off", Reason.DIE_MISMATCH),
    (NARDY, "22", "24/22(2) 22/20(2)", Reason.HEAD_RULE),
    (NARDY_ONE_OUT, "21", "5/off", Reason.BEAR_OFF_NOT_ALL_HOME),
    (NARDY_MID, "65", "24/18*", Reason.CLOSED_POINT),
    (NARDY_MID, "65", "17/12 19/13", Reason.CLOSED_POINT),
]


def shows_the_way(position: Position, roll: str, text: str) -> bool:
    """True when ``text`` names a legal play (as the messages write plays), proposes a move that some
    legal play makes (``(8/5)``), or says the turn is lost when no legal play exists."""
    plays = legal_plays(position, roll)
    if not plays:
        return "the turn is lost" in text
    if any(format_play(p, paths=True) in text for p in plays):
        return True
    moves = {(m.source, m.destination) for p in plays for m in p.moves}
    for src, dst in re.findall(r"\((bar|\d+)/(off|\d+)\)", text):
        if ((25 if src == "bar" else int(src)), (0 if dst == "off" else int(dst))) in moves:
            return True
    return False


@pytest.mark.parametrize("position,roll,attempt,reason", MISTAKES,
                         ids=[f"{i:02d}-{m[2] or 'nothing'}" for i, m in enumerate(MISTAKES, 1)])
def test_every_typical_mistake_shows_a_legal_play_or_a_pointed_hint(position, roll, attempt, reason):
    v = explain(position, roll, attempt)
    assert v.reason is reason, v.message
    assert v.advice.startswith(v.message)
    assert shows_the_way(position, roll, v.advice), v.advice


def test_advice_adds_nothing_when_the_message_shows_the_way_already():
    v = explain(START, "61", "13/7")
    assert v.advice == v.message
    legal = explain(START, "31", "8/5 6/5")
    assert legal.advice == legal.message
    hinted = explain(HIGHER, "53", "4/off 3/off")  # the message proposes 5/off, a move of a legal play
    assert hinted.advice == hinted.message and "(5/off)" in hinted.message


def test_advice_survives_pickling_and_is_no_field_of_the_verdict():
    import pickle

    v = explain(START, "31", "13/10 13/12")
    again = pickle.loads(pickle.dumps(v))
    assert again == v and again.advice == v.advice != v.message
    assert "advice" not in repr(v)


def test_the_message_alone_keeps_the_answer_back_where_the_advice_gives_it():
    """Graded feedback uses ``message``: adding the legal play is the lesson's and practice's choice."""
    v = explain(START, "31", "13/10 13/12")
    assert not shows_the_way(START, "31", v.message)
    assert v.advice == v.message + " For example, 8/5 6/5 is a legal play of 3-1."


def test_a_lesson_play_quiz_refusal_shows_a_legal_play_at_the_second_wrong_try():
    # the quizzes' one feedback policy (issue 28): the rule first, the way from the second wrong try
    quiz = PlayQuiz(START, "31")
    first = quiz.check("13/10 13/12")
    assert not first.correct and not shows_the_way(START, "31", first.message), first.message
    second = quiz.check("13/10 13/12")
    assert not second.correct and shows_the_way(START, "31", second.message), second.message


def test_advice_uses_the_numbering_of_the_board():
    v = explain(START, "31", "13/10 13/12", numbering=RED)
    assert v.advice.endswith("For example, 17/20 19/20 is a legal play of 3-1.")


# -- a right answer does not repeat itself ------------------------------------------------------------------

def test_a_right_choice_of_play_does_not_repeat_the_play():
    position = Position({"bar": 2, 6: 5, 8: 3, 13: 5}, {3: 1, 5: 1, 6: 5, 8: 3, 13: 5, 24: 0})
    quiz = ChoiceQuiz.plays(position, "53", ["bar/22 bar/20*", "bar/22 13/8"])
    ok, message = quiz.judge("bar/22 bar/20*")
    assert ok
    assert message.count("bar/22 bar/20*") == 1, message
    assert "5-3" in message


def test_a_correction_demanded_in_practice_shows_a_legal_play():
    from bglearn.widgets.session import BoardSession

    board = BoardSession(mode="practice", position=ON_BAR, roll="64")
    board.playing.select(13)
    board.playing.move_to(7)                 # a checker is on the bar: not legal, but the board allows it
    board.playing.select(13)
    board.playing.move_to(9)
    board.playing.done()
    board.control("correct")
    assert "Red demands a correction: You have a checker on the bar" in board.message
    assert shows_the_way(ON_BAR, "64", board.message), board.message


def test_a_wrong_choice_of_play_in_a_lesson_shows_a_legal_play_at_the_second_wrong_try():
    position = Position({"bar": 2, 6: 5, 8: 3, 13: 5}, {3: 1, 5: 1, 6: 5, 8: 3, 13: 5})
    quiz = ChoiceQuiz.plays(position, "53", ["bar/22 bar/20*", "bar/22 13/8"])
    first = quiz.check("bar/22 13/8")
    assert not first.correct and "enter it before moving any other checker" in first.message
    assert not shows_the_way(position, "53", first.message), first.message     # the rule, not the answer
    second = quiz.check("bar/22 13/8")
    assert "The right choice: bar/22 bar/20*." in second.message      # the choice, as the lesson offers it
