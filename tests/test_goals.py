"""Goal boards (issue 25): the engine judges each goal, stars follow the failed attempts and illegal tries,
results are kept in the learner's progress, and a lesson author's impossible goal is refused."""

from __future__ import annotations

import pytest

from bglearn import Position, legal_plays, parse_play
from bglearn.learn import GoalBoard, goals, progress
from bglearn.learn.goal_board import stars_for
from bglearn.learn.goals import GoalError

BEAR_OFF = Position({6: 1, 5: 1, 2: 1, 1: 1}, {6: 15})
HITS = Position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 3, 21: 1, 20: 1})  # Red blots on White's 4 and 5


@pytest.fixture(autouse=True)
def fresh_progress(tmp_path, monkeypatch):
    """Every test starts as a new learner (its own progress file)."""
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "progress.sqlite"))


def test_make_point_is_met_by_the_play_that_makes_it_and_says_how_otherwise():
    board = GoalBoard("03.1", goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    board.board.play("24/18 6/5")
    assert not board.met and board.attempts == 2
    assert "does not make your 7-point" in board.message and "13- and 8-points" in board.message
    assert board.board.position == Position()  # back at the start, same roll
    board.board.play("13/7 8/7")
    assert board.met and board.stars == 2
    record = progress().stage("03.1")
    assert (record.stars, record.attempts) == (2, 2)


def test_first_time_right_gets_three_stars_and_the_goals_rules_are_recorded_right():
    board = GoalBoard("03.2", goals.Hit(), position=HITS, roll="31", text="Hit a blot.")
    board.board.play(next(p for p in legal_plays(HITS, "31") if p.hits))
    assert board.stars == 3
    assert progress().mastery()["NO_BLOT_TO_HIT"].right == 1


def test_a_refused_move_is_an_illegal_try_that_costs_a_star():
    board = GoalBoard("03.3", goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    board.board.click(8)
    board.board.click(3)    # 8/3 is a 5: no die of 6-1 -> refused with the engine's reason
    assert board.board.session.message_kind == "error"
    assert board.illegal_tries == 1
    board.board.play("13/7 8/7")
    assert board.met and board.stars == 2
    # recorded against the rule the engine says the move broke, not against the goal's own rules
    mastery = progress().mastery()
    assert mastery["DIE_MISMATCH"].wrong == 1
    assert all(m.wrong == 0 for rule, m in mastery.items() if rule != "DIE_MISMATCH")


def test_stars_rule():
    assert [stars_for(n) for n in range(4)] == [3, 2, 1, 1]


def test_enter_and_hit_needs_a_checker_on_the_bar_and_explains_a_miss():
    pos = Position({0: 1, 24: 1, 13: 5, 8: 3, 6: 5}, {5: 1, 13: 5, 8: 3, 6: 4, 24: 2})  # Red blot on White's 20
    with pytest.raises(GoalError, match="on the bar"):
        GoalBoard("03.4", goals.EnterAndHit(), position=Position(), roll="53", text="Enter and hit.")
    board = GoalBoard("03.4", goals.EnterAndHit(), position=pos, roll="53", text="Enter and hit.")
    miss = next(p for p in legal_plays(pos, "53") if not p.hits)
    board.board.play(miss)
    assert "does not hit" in board.message and board.attempts == 2


def test_bear_off_all_keeps_the_learner_on_roll_and_names_the_turn_that_lost_it():
    board = GoalBoard("05.1", goals.BearOffAll(2), position=BEAR_OFF, rolls=["21", "65"], text="Bear off all.")
    board.board.play("6/4 5/4")
    assert "After turn 1" in board.message and "2/off 1/off" in board.message
    assert board.board.position == BEAR_OFF and board.attempts == 2
    board.board.play("2/off 1/off")
    assert not board.met and str(board.board.roll) == "6-5" and board.board.position.turn == BEAR_OFF.turn
    board.board.play("6/off 5/off")
    assert board.met and board.stars == 2


def test_exactly_this_play_uses_the_engines_sameness():
    board = GoalBoard("02.1", goals.Play("13/7 8/7"), position=Position(), roll="61", text="Play 13/7 8/7.")
    board.board.play("8/7 13/7")  # the same play, written the other way round
    assert board.met


def test_catch_illegal_is_met_by_demanding_a_correction_and_failed_by_accepting():
    board = GoalBoard("02.2", goals.CatchIllegal("13/7 6/4"), position=Position(), roll="61", text="Catch it.")
    assert board.board.mode == "practice" and board.goal.rules == ("DIE_MISMATCH",)
    board.board.session.control("accept-roll")
    assert not board.met and "let it stand" in board.message and board.attempts == 2
    board.board.session.control("correct")
    assert board.met and board.stars == 2


def test_set_up_is_met_when_the_learner_places_every_checker_not_by_the_start_button():
    board = GoalBoard("01.1", goals.SetUp(), position=Position(), text="Set up the board.")
    setup = board.board.session.setup_mode()
    assert not any(setup.position.white[1:])  # the board starts empty
    for point, count in [(24, 2), (13, 5), (8, 3), (6, 5)]:
        setup.place("white", point, count)
        setup.place("red", point, count)
    assert board.met and board.stars == 3


def test_try_again_after_meeting_replays_and_keeps_the_best_stars():
    board = GoalBoard("03.5", goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    board.board.play("13/7 8/7")
    board.try_again()
    assert not board.met and board.board.position == Position()
    board.board.play("24/18 6/5")
    board.board.play("13/7 8/7")
    assert board.stars == 3 and progress().stage("03.5").stars == 3


def _met_boards():
    """A goal board of each kind (a game turn, a practice judgement, a setup), each goal just met."""
    played = GoalBoard("03.6", goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    played.board.play("13/7 8/7")
    judged = GoalBoard("02.3", goals.CatchIllegal("13/7 6/4"), position=Position(), roll="61", text="Catch it.")
    judged.board.session.control("correct")
    placed = GoalBoard("01.2", goals.SetUp(), position=Position(), text="Set up the board.")
    for point, count in [(24, 2), (13, 5), (8, 3), (6, 5)]:
        placed.board.session.setup_mode().place("white", point, count)
        placed.board.session.setup_mode().place("red", point, count)
    return {"played": played, "judged": judged, "placed": placed}


@pytest.mark.parametrize("kind", ["played", "judged", "placed"])
def test_a_met_goal_leaves_the_board_still_with_nothing_more_to_play(kind):
    board = _met_boards()[kind]
    assert board.met
    shown = board.board.position if kind == "played" else None
    session = board.board.session
    assert board.board.mode == "locked" and session.controls() == []   # no Roll, Double or Done for Red
    view = session.view()
    assert view["on_roll"] is False and "dice" not in view and "highlight" not in view
    if kind == "played":
        assert view["position"] == shown == parse_play(Position(), "61", "13/7 8/7").result
        assert view["last_play"].notation == "13/7 8/7"                   # the learner's play stays drawn
    before = session.view()
    board.board.click(13)
    session.control("roll")
    assert session.view() == before                                     # nothing moves
    assert "press Play again" in session.message
    assert board.met and board.stars == 3                                # the result is not undone
    with pytest.raises(Exception, match="locked mode"):
        board.board.play("24/18 13/12")
    board.try_again()                                                   # Play again opens it
    assert board.board.mode != "locked" and not board.met and session.controls()


def test_long_nardy_positions_work():
    pos = Position(variant="long-nardy")
    play = legal_plays(pos, "65")[0]
    board = GoalBoard("10.1", goals.PlayLegal(), position=pos, roll="65", text="Play your first turn.")
    board.board.play(play)
    assert board.met


@pytest.mark.parametrize("make, problem", [
    (lambda: goals.MakePoint(6), "already holds"),
    (lambda: goals.Hit(), "no legal play of 6-1 meets"),
    (lambda: goals.Play("13/7"), "not legal"),
    (lambda: goals.CatchIllegal("13/7 8/7"), "legal play"),
    (lambda: goals.BearOffAll(1), "cannot bear off"),
])
def test_a_goal_the_engine_says_cannot_be_met_is_refused_for_the_author(make, problem):
    with pytest.raises(GoalError, match=problem):
        GoalBoard("04.1", make(), position=Position(), roll="61", text="Goal.")


@pytest.mark.parametrize("kwargs, problem", [
    ({"stage": "3.1"}, "stage id"),
    ({"text": " "}, "text="),
    ({"goal": "hit"}, "goal from bglearn.learn.goals"),
    ({"mode": "setup"}, "needs mode"),
])
def test_bad_arguments_are_named(kwargs, problem):
    args = {"stage": "04.2", "goal": goals.PlayLegal(), "position": Position(), "roll": "61", "text": "Play."}
    args.update(kwargs)
    stage = args.pop("stage")
    goal = args.pop("goal")
    with pytest.raises(GoalError, match=problem):
        GoalBoard(stage, goal, **args)


def test_the_saved_form_shows_the_goal_and_no_stars_and_the_repr_is_deterministic():
    board = GoalBoard("04.3", goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    html = board.static_bundle()["text/html"]
    assert "Make your 7-point." in html and "No stars yet" in html and "<img" in html
    assert repr(board) == "GoalBoard('04.3', MakePoint(7), No stars yet)"


def test_goal_check_judges_a_play_directly():
    goal = goals.MakePoint(7)
    goal.prepare(Position(), ["61"])
    play = parse_play(Position(), "61", "13/7 8/7")
    assert goal.check(Position(), [play], play.result).met


def test_a_stage_played_before_the_one_it_follows_says_so_and_stays_playable():
    from bglearn.learn.plan import course_plan

    lesson = next((lesson for lesson in course_plan().lessons if len(lesson.stages) >= 2), None)
    if lesson is None:
        pytest.skip("no lesson declares two stages yet")
    first, second = lesson.stages[0].id, lesson.stages[1].id
    fresh = GoalBoard(second, goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    assert "skipped ahead" not in fresh.header.value  # a learner with no progress at all is not nagged
    progress().finish_stage("10.9", 1, attempts=3)
    board = GoalBoard(second, goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    assert f"You skipped ahead: stage {first} comes first." in board.header.value
    board.board.play("13/7 8/7")
    assert board.met
    progress().finish_stage(first, 3, attempts=1)
    assert "skipped ahead" not in GoalBoard(second, goals.MakePoint(7), position=Position(), roll="61",
                                            text="Make your 7-point.").header.value


def test_the_start_position_button_does_not_meet_the_set_up_goal():
    board = GoalBoard("01.3", goals.SetUp(), position=Position(), text="Set up the board.")
    board.board.session.control("start")
    assert not board.met and "place them yourself" in board.message
    assert not any(board.board.session.setup_position.white[1:])  # emptied again for the next attempt


def test_a_refused_done_is_recorded_against_the_rule_the_engine_names():
    board = GoalBoard("03.6", goals.MakePoint(7), position=Position(), roll="61", text="Make your 7-point.")
    board.board.move("13/7")
    board.board.done()       # one die unused although both can be played
    assert board.illegal_tries == 1
    assert progress().mastery()["DICE_NOT_FULLY_USED"].wrong == 1


def test_one_goal_object_can_serve_two_boards_and_long_nardy_holds_a_point_with_one_checker():
    goal = goals.MakePoint(7)
    one = GoalBoard("04.4", goal, position=Position(), roll="61", text="Make your 7-point.")
    pos = Position(variant="long-nardy")
    nardy = GoalBoard("10.2", goals.MakePoint(13), position=pos, roll="65", text="Make a point.")
    nardy.board.play("24/13")   # one checker holds a point in Long Nardy
    one.board.play("13/7 8/7")
    assert nardy.met and one.met
