"""The check-yourself quizzes: every verdict comes from the engine, wrong answers are explained."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bglearn import ALL_ROLLS, BAR, OFF, RED, WHITE, Position, explain, legal_continuations, legal_plays
from bglearn.exercises.questions import no_spoiler
from bglearn.quiz import ChoiceQuiz, Feedback, NumberQuiz, PlayQuiz, PointQuiz, Quiz, QuizError

START = Position()
# rule case T24 (closeout) and T15 (doubles partly playable), as in shared/cases/plays.json
CLOSED = Position({"bar": 1, 6: 13}, {6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2})
FOURS = Position({13: 1, 2: 14}, {24: 2, 6: 13})
BARRED = Position({"bar": 1, 24: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})


# -- PlayQuiz ------------------------------------------------------------------------------------

def test_play_quiz_wrong_answer_gets_the_rule_first_and_a_right_play_second():
    quiz = PlayQuiz(START, "61")
    fb = quiz.check("13/7")
    assert not fb.correct and not fb
    # the first wrong try: the rule the engine says is broken, and no legal play named
    assert fb.message == no_spoiler(explain(START, "61", "13/7"))
    assert "both dice" in fb.message and "13/7 8/7" not in fb.message
    assert str(fb).startswith("\u2718 ")
    second = quiz.check("13/10")
    assert second.message.startswith(explain(START, "61", "13/10").message)
    assert "One right play: 13/7 8/7." in second.message      # the engine's closest legal play
    assert quiz.check("13/7 8/7").correct


def test_play_quiz_accepts_any_legal_notation_of_a_legal_play():
    quiz = PlayQuiz(START, "61")
    for text in ("13/7 8/7", "8/7 13/7", "13/7, 8/7"):
        fb = quiz.check(text)
        assert fb.correct, text
        assert fb.play == explain(START, "61", "13/7 8/7").play
    assert quiz.solved and len(quiz.attempts) == 3


def test_play_quiz_every_legal_play_is_right():
    for roll in ("31", "66", "65"):
        quiz = PlayQuiz(START, roll)
        for play in legal_plays(START, roll):
            assert quiz.check(play.notation).correct, (roll, play)


def test_play_quiz_bad_notation_is_explained_not_raised():
    fb = PlayQuiz(START, "31").check("hello")
    assert not fb.correct and fb.message


def test_play_quiz_goal():
    split = Position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 20: 1, 13: 5, 8: 3, 6: 5})
    quiz = PlayQuiz(split, "63", goal=lambda p: p.hits, goal_text="hit a blot")
    assert all(p.hits for p in quiz.answers) and quiz.answers
    fb = quiz.check("24/18 13/10")
    assert not fb.correct and "does not hit a blot" in fb.message
    assert not any(p.notation in fb.message for p in quiz.answers)      # no right play on the first try
    again = quiz.check("24/18 13/10")
    assert any(f"One right play: {p.notation}." in again.message for p in quiz.answers)
    assert quiz.check("8/5* 13/7").correct


def test_play_quiz_refuses_an_impossible_goal():
    with pytest.raises(QuizError, match="no legal play"):
        PlayQuiz(START, "31", goal=lambda p: p.hits, goal_text="hit a blot")
    with pytest.raises(QuizError, match="goal_text"):
        PlayQuiz(START, "31", goal=lambda p: True)


def test_play_quiz_lost_turn():
    quiz = PlayQuiz(CLOSED, "66")
    assert quiz.answers == []
    fb = quiz.check("")
    assert fb.correct and "turn is lost" in fb.message
    wrong = quiz.check("bar/19")
    assert not wrong.correct and "enter" in wrong.message and "turn is lost" not in wrong.message
    again = quiz.check("bar/19")
    assert "No legal play exists with 6-6: the turn is lost." in again.message


def test_play_quiz_only_play_is_named_as_such():
    quiz = PlayQuiz(FOURS, "44")
    assert quiz.check("13/5").correct
    assert "only legal play" in quiz.check("13/5").message
    under = quiz.check("13/9")
    assert not under.correct and under.message == no_spoiler(explain(FOURS, "44", "13/9"))
    assert "13/5" not in under.message and "13/9/5" not in under.message     # the only play is the answer


def test_reset_forgets_attempts():
    quiz = PlayQuiz(START, "31")
    quiz.check("8/5 6/5")
    quiz.reset()
    assert quiz.attempts == [] and not quiz.solved


# -- ChoiceQuiz ----------------------------------------------------------------------------------

def test_choice_quiz_plays_marks_the_legal_ones_by_the_engine():
    quiz = ChoiceQuiz.plays(START, "66", ["13/7(2)", "24/18(2) 13/7(2)", "24/12"])
    assert quiz.answer == {"24/18(2) 13/7(2)"}
    right = quiz.check("24/18(2) 13/7(2)")
    assert right.correct
    wrong = quiz.check("24/12")
    assert not wrong.correct
    assert explain(START, "66", "24/12").message in wrong.message
    assert "24/18(2) 13/7(2)" not in wrong.message          # the first wrong try does not name the answer
    under = quiz.check("13/7(2)")
    assert not under.correct and no_spoiler(explain(START, "66", "13/7(2)")) in under.message
    assert "The right choice: 24/18(2) 13/7(2)." in under.message
    assert quiz.rules() == ("BLOCKED", "DOUBLES_UNDERPLAYED")


def test_choice_quiz_needs_a_legal_candidate():
    with pytest.raises(QuizError):
        ChoiceQuiz.plays(START, "66", ["24/12", "13/1"])


def test_choice_quiz_result_from_game_result():
    # shared case S3c: a loser's checker on its 18-point makes a gammon, not a backgammon
    done = Position({}, {1: 5, 2: 5, 3: 4, 18: 1})
    quiz = ChoiceQuiz.result(done)
    assert quiz.answer == {"gammon"}
    assert quiz.check("gammon").correct
    fb = quiz.check("backgammon")
    # the first wrong try: the rule that tells backgammon from gammon, not the kind of win
    assert not fb.correct and "winner's home board" in fb.message
    assert "wins a gammon" not in fb.message and "borne off none" not in fb.message
    again = quiz.check("single")
    assert "The right choice: gammon." in again.message and "borne off none" in again.message
    assert quiz.rules() == ("SINGLE", "GAMMON", "BACKGAMMON")
    with pytest.raises(QuizError, match="not over"):
        ChoiceQuiz.result(START)


def test_choice_quiz_validation():
    with pytest.raises(QuizError):
        ChoiceQuiz("Which?", ["a", "b"], "c")
    with pytest.raises(QuizError):
        ChoiceQuiz("Which?", ["a"], "a")
    with pytest.raises(QuizError):
        ChoiceQuiz("Which?", ["a", "a"], "a")
    quiz = ChoiceQuiz("Which?", ["a", "b"], "a", explanation="Because.")
    assert not quiz.check("z").correct and "not one of the choices" in quiz.check("z").message
    first = quiz.check("b")
    assert first.message.startswith("Not b. ") and "Because" not in first.message   # the working names the answer
    assert quiz.check("b").message == "Not b. The right choice: a. Because."        # an unreadable try did not count


# -- PointQuiz -----------------------------------------------------------------------------------

def test_point_quiz_entry_points_come_from_the_engine():
    quiz = PointQuiz(BARRED, "52", "bar")
    expected = {m.destination for m in legal_continuations(BARRED, "52") if m.source == BAR}
    assert quiz.answers == expected == {20, 23}
    assert quiz.check(20).correct and quiz.check("23").correct and quiz.check("the 23-point").correct
    fb = quiz.check(19)
    assert not fb.correct and "6 pips" in fb.message and "23" not in fb.message and "20" not in fb.message
    assert "can reach 23 or 20" in quiz.check(19).message                 # the second wrong try
    assert quiz.rules() == ("ENTERING",)


def test_point_quiz_blocked_point_gets_the_blocking_reason():
    quiz = PointQuiz(START, "65", 24)
    assert quiz.answers == {18}
    fb = quiz.check(19)
    assert not fb.correct and "holds your 19-point" in fb.message and "18" not in fb.message
    assert quiz.rules() == ("BLOCKED",)


def test_point_quiz_none_for_a_closed_board():
    quiz = PointQuiz(CLOSED, "66", "bar")
    assert quiz.answers == set()
    fb = quiz.check("none")
    assert fb.correct and "holds it" in fb.message
    assert not PointQuiz(START, "31", 8).check("none").correct


def test_point_quiz_two_dice():
    one = PointQuiz(START, "61", 13)
    assert one.answers == {7}
    fb = one.check(6)
    assert not fb.correct and "both dice" in fb.message
    both = PointQuiz(START, "61", 13, one_die=False)
    assert both.answers == {7, 6}
    assert both.check(6).correct


def test_point_quiz_bear_off_and_bad_input():
    high = Position({5: 1, 2: 2}, {13: 15})  # case T26
    quiz = PointQuiz(high, "64", 5)
    assert OFF in quiz.answers and 1 in quiz.answers
    assert quiz.check("off").correct
    assert not quiz.check("xyz").correct
    with pytest.raises(QuizError):
        PointQuiz(START, "31", "off")


# -- NumberQuiz ----------------------------------------------------------------------------------

def test_number_quiz_pip_count_and_reveal():
    small = Position({8: 1, 5: 1, "bar": 1}, {13: 15})
    quiz = NumberQuiz.pip_count(small, WHITE)
    assert quiz.answer == small.pip_count(WHITE) == 38
    first = quiz.check(40)
    assert not first.correct and "too high" in first.message and "38" not in first.message
    second = quiz.check("30")
    assert not second.correct and "The answer is 38." in second.message and "1×25" in second.message
    assert quiz.rules() == ("PIP_COUNT",)
    assert quiz.check(38).correct
    assert not quiz.check("forty").correct


def test_number_quiz_needs_a_whole_number():
    with pytest.raises(QuizError):
        NumberQuiz("How many?", 2.5, explanation="")
    assert NumberQuiz.pip_count(START, RED).answer == 167


# -- display -------------------------------------------------------------------------------------

def test_quiz_widget_gives_feedback_when_answered():
    quiz = PlayQuiz(START, "61", "Play 6-1.")
    box = quiz.widget()
    assert quiz.widget() is box
    box.control.submit("13/7")
    assert "both dice" in quiz.widget().feedback.value
    box.control.submit("13/7 8/7")
    assert "\u2714" in quiz.widget().feedback.value
    assert "<svg" in quiz.widget().after.value  # the position after the play


def test_one_submit_is_one_attempt_so_a_number_quiz_does_not_reveal_early():
    # The bug: the text box's value observer and the Check button both checked the answer, so one
    # click recorded two attempts and a NumberQuiz (reveal_after=2) gave the answer after one wrong try.
    quiz = NumberQuiz.pip_count(START, WHITE)
    box = quiz.widget().control
    box.submit("160")
    assert len(quiz.attempts) == 1
    assert "167" not in quiz.widget().feedback.value and "too low" in quiz.widget().feedback.value
    box.value = "150"          # typing (the browser syncs the value) is not an attempt
    assert len(quiz.attempts) == 1
    box._handle(box, {"event": "submit", "value": "150"}, [])   # what one click sends
    assert len(quiz.attempts) == 2 and "167" in quiz.widget().feedback.value
    box.submit("  ")           # a blank answer is not an attempt
    assert len(quiz.attempts) == 2


def test_choice_widget_buttons():
    quiz = ChoiceQuiz("Pick", ["a", "b"], "b", explanation="b it is.")
    box = quiz.widget()
    buttons = list(box.control.children)
    assert [b.description for b in buttons] == ["a", "b"]
    buttons[0].click()
    assert "Not a" in quiz.widget().feedback.value and len(quiz.attempts) == 1
    buttons[1].click()
    assert quiz.solved and len(quiz.attempts) == 2


def test_mimebundle_is_deterministic_and_has_a_static_fallback():
    a = PlayQuiz(START, "31", "Play 3-1.")._repr_mimebundle_()
    b = PlayQuiz(START, "31", "Play 3-1.")._repr_mimebundle_()
    assert a["text/plain"] == b["text/plain"] == "PlayQuiz('Play 3-1.')"
    assert a["text/html"] == b["text/html"] and "data:image/svg+xml;base64," in a["text/html"]
    assert "Play 3-1." in a["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in a


def test_static_form_keeps_the_last_feedback():
    quiz = ChoiceQuiz("Pick", ["a", "b"], "b")
    quiz.widget().control.children[1].click()
    assert "Right: b." in quiz._repr_mimebundle_()["text/html"]


def test_feedback_html_escapes_and_uses_the_themes_text_colour():
    fb = Feedback(correct=False, message="<b>bad</b>")
    assert "&lt;b&gt;" in fb.html()
    # text in the theme's own body colour (dark theme too); right/wrong also by mark and a side bar
    assert "color:var(--jp-content-font-color1" in fb.html()
    assert "var(--jp-error-color1" in fb.html() and "\u2718" in fb.html()
    assert "var(--jp-success-color1" in Feedback(correct=True, message="ok").html()


def test_quiz_boards_scale_to_the_width_available():
    quiz = PlayQuiz(START, "31")
    pictures = [c.value for c in quiz.widget().children if "<svg" in str(getattr(c, "value", ""))]
    assert pictures and 'style="max-width:100%;height:auto' in pictures[0]
    assert quiz.widget().layout.width == "100%"


def test_lesson_quizzes_and_exercises_share_one_feedback_class():
    from bglearn.exercises import Feedback as ExerciseFeedback
    from bglearn.exercises.questions import MakePlay

    assert Feedback is ExerciseFeedback
    assert type(MakePlay(START, "31").check("8/5 6/5")) is type(PlayQuiz(START, "31").check("8/5 6/5"))


def test_quiz_needs_a_prompt():
    with pytest.raises(QuizError):
        NumberQuiz("  ", 1, explanation="")


# -- properties ----------------------------------------------------------------------------------

@st.composite
def positions(draw):
    """Positions reached by random legal plays from the start."""
    p = Position()
    for _ in range(draw(st.integers(0, 16))):
        roll = draw(st.sampled_from(ALL_ROLLS))
        plays = legal_plays(p, roll)
        p = draw(st.sampled_from(plays)).result if plays else p.pass_turn()
        if p.is_game_over:
            break
    return p


@settings(max_examples=30, deadline=None)
@given(positions(), st.sampled_from(ALL_ROLLS), st.data())
def test_play_quiz_agrees_with_explain(position, roll, data):
    quiz = PlayQuiz(position, roll)
    plays = legal_plays(position, roll)
    if plays:
        play = data.draw(st.sampled_from(plays))
        assert quiz.check(play.notation).correct
    a, b = data.draw(st.integers(1, 25)), data.draw(st.integers(0, 24))
    text = f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}"
    assert quiz.check(text).correct == explain(position, roll, text).legal


@settings(max_examples=30, deadline=None)
@given(positions(), st.sampled_from(ALL_ROLLS), st.integers(1, 25))
def test_point_quiz_answers_are_the_engines_continuations(position, roll, source):
    quiz = PointQuiz(position, roll, source)
    expected = {m.destination for m in legal_continuations(position, roll) if m.source == source}
    assert quiz.answers == expected
    for point in expected:
        assert quiz.check(point).correct
    assert quiz.check("none").correct == (not expected)


def test_importing_and_checking_quizzes_loads_no_widget_code():
    import subprocess
    import sys

    code = ("import sys, bglearn.quiz as q; from bglearn import Position; "
            "q.PlayQuiz(Position(), '31').check('8/5 6/5'); "
            "print('ipywidgets' in sys.modules or 'bglearn.svg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "PYTHONPATH": str(__import__("pathlib").Path(__file__).parents[1])})
    assert out.stdout.strip() == "False"


# -- one question model --------------------------------------------------------------------------

def test_quizzes_and_exercise_questions_are_one_hierarchy_with_one_check_and_one_form():
    from bglearn.exercises import load_exercise
    from bglearn.exercises.form import QuestionForm
    from bglearn.exercises.questions import QUESTION_KINDS, Question

    quizzes = [PlayQuiz(START, "31"), ChoiceQuiz("Pick", ["a", "b"], "b"), PointQuiz(START, "31", 8),
               NumberQuiz.pip_count(START, WHITE)]
    for q in quizzes + [cls for cls in QUESTION_KINDS.values()]:
        cls = q if isinstance(q, type) else type(q)
        assert issubclass(cls, Question), cls
        # one way to check an answer: nobody redefines how a verdict becomes a Feedback, except
        # that a lesson quiz also remembers its attempts
        assert cls.check in (Question.check, Quiz.check), cls
    ex = load_exercise("forced-moves")
    n = next(i for i, q in enumerate(ex.questions, 1) if q.form == "play")
    assert type(ex.ask(n)) is type(quizzes[0].widget()) is QuestionForm
    # the same answer to the same question gets the same verdict through both
    make = ex.question(n)
    quiz = PlayQuiz(make.position, make.roll)
    answer = make.example_answer()
    assert make.check(answer).correct and quiz.check(answer).correct
    assert type(make.check(answer)) is type(quiz.check(answer)) is Feedback


def test_no_answer_is_found_by_walking_the_call_stack():
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[1] / "bglearn"
    pattern = re.compile(r"\b(sys\._getframe|inspect\.(stack|currentframe|getouterframes)|f_back|f_locals)\b")
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


# -- answering on the board ------------------------------------------------------------------------

def test_answer_board_takes_any_move_and_gives_no_legality_away():
    from bglearn.widgets.answer import AnswerSession

    # White 6-1 at the start: 13/7 8/7 is legal, 6/1 lands on Red's 2-checker point, 24/17 is not a die
    legal, illegal = AnswerSession(START, "61"), AnswerSession(START, "61")
    for board, clicks in ((legal, [13, 7, 8, 7]), (illegal, [6, 1, 24, 17])):
        seen = []
        for c in clicks:
            board.click(c)
            seen.append((board.message_kind, board.view().get("highlight"), board.dice_state))
        # the same kind of message, no highlighted destination, no die marked used, legal or not
        assert all(kind == "info" and hl is None and not any(d["used"] for d in dice) for kind, hl, dice in seen)
        assert board.message.startswith("Your play: ")
        for word in ("legal", "illegal", "rule", "must", "blocked"):
            assert word not in board.message.lower()
    assert legal.notation == "13/7 8/7" and illegal.notation == "6/1 24/17"
    assert illegal.view()["arrows"][0][:2] == (6, 1)        # shown as arrows on the question's position
    assert illegal.undo()[:2] == (24, 17) and illegal.notation == "6/1"    # undoable
    got = []
    illegal.on_answer(got.append)
    illegal.control("submit")
    assert got == ["6/1"]                                  # handed in as it is, for the question to judge
    illegal.control("no-play")
    assert got == ["6/1", "no play"]


def test_answer_board_in_red_numbering_and_bar():
    from bglearn.widgets.answer import AnswerSession

    pos = Position({24: 2, 13: 5, 8: 3, 6: 5}, {"bar": 1, 13: 5, 8: 3, 6: 5, 24: 1}, turn=RED)
    assert pos.bar(RED) == 1
    board = AnswerSession(pos, "43")                       # Red to play, drawn from Red's side
    board.click({"bar": "red"})
    board.click(21)
    assert board.notation == "bar/21"
    white_view = AnswerSession(pos, "43", perspective=WHITE)
    white_view.click({"bar": "red"})
    white_view.click(4)  # White's 4-point is Red's 21-point
    assert white_view.notation == "bar/21"
    white_view.click({"bar": "white"})
    assert white_view.message_kind == "error" and "Red is to play" in white_view.message


def test_a_play_quiz_is_answered_on_the_board():
    quiz = PlayQuiz(START, "61", "Play 6-1.")
    form = quiz.widget()
    board = form.open_board()
    for c in (13, 7, 8, 7):
        board.click(c)
    board.session.control("submit")
    assert quiz.attempts[-1].correct and form.control.value == "13/7 8/7"
    assert "<svg" in form.after.value


# -- one feedback policy for every kind ----------------------------------------------------------

POLICY_CASES = [
    # (quiz, a wrong answer, a right answer, text of the answer that must wait for the second wrong try)
    (lambda: PlayQuiz(START, "61"), "13/7", "13/7 8/7", "13/7 8/7"),
    (lambda: PointQuiz(START, "65", 24), 19, 18, "18"),
    (lambda: ChoiceQuiz.result(Position({}, {1: 5, 2: 5, 3: 4, 18: 1})), "backgammon", "gammon", "gammon"),
    (lambda: NumberQuiz.pip_count(START, WHITE), 150, 167, "167"),
]


@pytest.mark.parametrize("make, wrong, right, answer", POLICY_CASES, ids=["play", "point", "choice", "number"])
def test_every_quiz_kind_explains_the_rule_first_and_gives_the_answer_at_the_second_wrong_try(make, wrong, right, answer):
    quiz = make()
    first = quiz.check(wrong)
    assert not first.correct and first.message
    assert answer not in first.message.replace("backgammon", "")          # the rule, not the answer
    second = quiz.check(wrong)
    assert not second.correct and answer in second.message                 # now the answer
    assert quiz.misses == 2
    good = quiz.check(right)
    assert good.correct and len(good.message.split()) > 3                  # right, and why
    quiz.reset()
    assert quiz.misses == 0 and answer not in quiz.check(wrong).message.replace("backgammon", "")


def test_an_unreadable_answer_is_not_a_wrong_try():
    quiz = NumberQuiz.pip_count(START, WHITE)
    assert "whole number" in quiz.check("lots").message
    assert "167" not in quiz.check(150).message and quiz.misses == 1
    play = PlayQuiz(START, "61")
    play.check("hello")
    assert "13/7 8/7" not in play.check("13/7").message


def test_a_choice_is_marked_right_or_wrong_and_the_mark_moves():
    quiz = ChoiceQuiz("Pick", ["a", "b", "c"], "b", explanation="b it is.")
    buttons = list(quiz.widget().control.children)
    buttons[0].click()
    assert buttons[0].description == "\u2718 a" and "bglearn-choice-wrong" in buttons[0]._dom_classes
    assert buttons[0].tooltip == "Your choice: wrong"
    assert [b.description for b in buttons[1:]] == ["b", "c"]
    buttons[1].click()
    assert buttons[0].description == "a" and "bglearn-choice-chosen" not in buttons[0]._dom_classes
    assert buttons[1].description == "\u2714 b" and "bglearn-choice-correct" in buttons[1]._dom_classes
    quiz.reset()
    assert [b.description for b in buttons] == ["a", "b", "c"]


def test_an_assessment_choice_is_marked_chosen_without_a_verdict():
    from bglearn.exercises.form import choice_buttons

    box = choice_buttons([("Yes", True), ("No", False)], lambda value: None)
    box.children[1].click()
    assert box.children[1].description == "\u25cf No" and box.children[1].tooltip == "Your choice"
    assert not {"bglearn-choice-correct", "bglearn-choice-wrong"} & set(box.children[1]._dom_classes)


def test_quizzes_know_the_rules_they_test():
    assert set(PlayQuiz(START, "61").rules()) >= {"DICE_NOT_FULLY_USED"}
    assert "NO_LEGAL_PLAY" in PlayQuiz(CLOSED, "66").rules()
    assert "NO_LEGAL_PLAY" in PointQuiz(CLOSED, "66", "bar").rules()
    assert "BEAR_OFF" in PointQuiz(Position({5: 1, 2: 2}, {13: 15}), "64", 5).rules()
    assert ChoiceQuiz("Who may double?", ["White", "Red"], "Red", rules=["CUBE_OWNERSHIP"]).rules() == ("CUBE_OWNERSHIP",)
    assert NumberQuiz("How many?", 2, explanation="", rules="DROP").rules() == ("DROP",)
    assert ChoiceQuiz("Pick", ["a", "b"], "a").rules() == ()
    with pytest.raises(QuizError, match="'CUBE_OWNER' is not a rule code"):
        ChoiceQuiz("Who?", ["White", "Red"], "Red", rules=["CUBE_OWNER"])
    with pytest.raises(QuizError, match="is not a rule code"):
        NumberQuiz("How many?", 2, explanation="", rules=[3])


def test_a_choice_quiz_with_rules_points_a_wrong_try_to_them():
    quiz = ChoiceQuiz("Who may redouble?", ["White", "Red"], "Red", explanation="Red owns the cube.",
                      rules=["CUBE_OWNERSHIP"], stage="07.1")
    fb = quiz.check("White")
    assert fb.message == "Not White. Only the cube's owner may redouble." and quiz.stage == "07.1"
