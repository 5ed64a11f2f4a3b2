"""The board's state machine without a browser: selection, legal targets, moves, undo, done, the cube,
setup and "show me" modes, the computer opponent, and the widget's Python side (repr, mimebundle,
messages from the browser)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bglearn import (
    BAR, OFF, RED, WHITE, IllegalPlayError, Move, Play, Position, Reason, explain, legal_plays,
)
from bglearn.bots import RandomBot
from bglearn.widgets.session import BoardSession


def start(roll="31", **kw) -> BoardSession:
    return BoardSession(mode="humans", position=Position(), roll=roll, **kw)


# -- selection and targets -------------------------------------------------------------------------
def test_selecting_a_checker_lights_its_legal_destinations():
    s = start("31")
    s.playing.select(8)
    assert s.playing.selected == 8
    assert sorted(s.playing.targets) == [4, 5, 7]
    assert s.playing.targets[4] == (Move(8, 5, 3), Move(5, 4, 1))   # only both dice reach it
    view = s.view()
    assert view["selected"] == 8 and sorted(view["highlight"]) == [4, 5, 7]


def test_a_checker_that_cannot_move_is_explained_by_the_engine():
    s = start("31")
    s.playing.select(8)
    s.playing.move_to(5)
    s.playing.select(13)                                   # 13/12 is blocked and no 3 is left
    assert s.playing.selected is None and s.playing.targets == {}
    expected = explain(Position(), "31", [Move(8, 5, 3), Move(13, 12, 1)], complete=False)
    assert not expected.legal
    assert s.message == expected.message and s.message_kind == "error"


def test_clicking_an_empty_or_opposing_point_names_the_rule():
    s = start("31")
    s.click(20)                                    # an empty point, nothing selected
    assert s.message == Reason.NO_CHECKER.rule
    s.click(1)                                     # Red's checkers on White's 1-point
    assert s.message == Reason.NO_CHECKER.rule


def test_a_refused_destination_gets_the_engines_explanation():
    s = start("31")
    s.playing.select(13)
    s.playing.move_to(12)                                  # 12 is held by five Red checkers
    v = explain(Position(), "31", [Move(13, 12, 1)], complete=False)
    assert s.message == v.message and v.reason is Reason.BLOCKED
    assert s.playing.pending == []


def test_a_destination_out_of_reach_is_explained():
    s = start("31")
    s.playing.select(24)
    s.playing.move_to(18)
    assert s.message == explain(Position(), "31", "24/18", complete=False).message
    assert s.playing.pending == []


# -- the engine is asked once a turn ---------------------------------------------------------------
@pytest.fixture
def generations(monkeypatch):
    """Counts the engine's legal play generations: ``legal_plays`` wherever a bglearn module holds it."""
    import sys

    import bglearn.plays

    original = bglearn.plays.legal_plays
    count = [0]

    def counting(position, roll):
        count[0] += 1
        return original(position, roll)

    for name, module in list(sys.modules.items()):
        if name.startswith("bglearn") and getattr(module, "legal_plays", None) is original:
            monkeypatch.setattr(module, "legal_plays", counting)
    return count


def test_a_click_never_generates_the_turns_legal_plays_again(generations):
    """Selecting, moving, clearing, a refused move and Done: the legal plays of the turn were
    generated once, when the dice were rolled, and no click generates them again."""
    s = BoardSession(mode="humans", position=Position(), roll="31")
    s.game_mode().play("8/5 6/5")
    before = generations[0]
    s.game_mode().roll_dice("64")                 # Red's turn: its plays are generated once, here
    assert generations[0] - before == 1
    per_click = []
    # Red's 24-point (printed 1) to 18, select 13 and put it down, select 8, refused onto 12, 8 to 4
    for target in (1, 7, 12, 12, 17, 13, 21):
        before = generations[0]
        s.click(target)
        per_click.append(generations[0] - before)
    assert per_click == [0] * 7
    assert s.playing.pending == [Move(24, 18, 6), Move(8, 4, 4)], s.message
    before = generations[0]
    s.control("done")
    assert generations[0] - before == 0 and s.playing.game.plays[-1].player is RED


# -- moves, undo, done ----------------------------------------------------------------------------
def test_moving_changes_the_board_and_calls_on_move():
    s = start("31")
    seen = []
    s.on_move(seen.append)
    s.playing.select(8)
    s.playing.move_to(5)
    assert s.playing.pending == [Move(8, 5, 3)]
    assert seen == [Move(8, 5, 3)]
    assert s.playing.position.point(WHITE, 5) == 1 and s.playing.position.point(WHITE, 8) == 2
    assert s.playing.position.turn is WHITE                 # still White's turn until Done
    assert s.playing.game.position == Position()
    assert s.dice_state == [{"value": 3, "used": True}, {"value": 1, "used": False}]
    assert s.playing.dice_left == (1,)


def test_a_two_dice_destination_plays_both_dice():
    s = start("31")
    s.playing.select(13)
    s.playing.move_to(9)
    assert s.playing.pending == [Move(13, 10, 3), Move(10, 9, 1)]
    assert s.playing.dice_left == ()


def test_undo_takes_back_the_last_move():
    s = start("31")
    s.playing.select(8)
    s.playing.move_to(5)
    s.playing.select(6)
    s.playing.move_to(5)
    assert s.playing.undo() == Move(6, 5, 1)
    assert s.playing.pending == [Move(8, 5, 3)]
    assert s.playing.undo() == Move(8, 5, 3)
    assert s.playing.position == Position()
    assert s.playing.undo() is None


def test_done_refuses_an_incomplete_play_and_accepts_a_legal_one():
    s = start("31")
    ended = []
    s.on_turn_end(ended.append)
    s.playing.select(8)
    s.playing.move_to(5)
    assert s.playing.done() is None
    assert s.message == explain(Position(), "31", [Move(8, 5, 3)]).message
    assert s.phase == "move" and ended == []
    s.playing.select(6)
    s.playing.move_to(5)
    play = s.playing.done()
    assert play.notation == "8/5 6/5"
    assert ended == [play]
    assert s.playing.game.position == play.result and s.playing.game.turn is RED and s.phase == "roll"
    assert s.playing.pending == [] and s.playing.roll is None


def test_scripted_play_and_illegal_scripted_play():
    s = start("61")
    with pytest.raises(IllegalPlayError) as err:
        s.playing.play("13/7")
    assert err.value.verdict.reason is Reason.DICE_NOT_FULLY_USED
    assert s.message == err.value.verdict.message
    assert s.playing.play("13/7 8/7").notation == "13/7 8/7"
    assert s.playing.game.turn is RED


def test_move_from_notation_behaves_like_clicks():
    s = start("61")
    s.playing.move("13/7")
    assert s.playing.pending == [Move(13, 7, 6)]
    with pytest.raises(IllegalPlayError):
        s.playing.move("13/12")
    s.playing.move("8/7")
    assert s.playing.done().notation == "13/7 8/7"


# -- clicks as the browser reports them -------------------------------------------------------------
def test_clicks_are_in_the_perspectives_numbering():
    s = BoardSession(mode="humans", position=Position(turn=RED), roll="31")     # Red to play, White at the bottom
    s.click({"point": 1})                                         # White's 1-point = Red's 24-point
    assert s.playing.selected == 24
    assert sorted(s.playing.targets) == [20, 21, 23]
    assert sorted(s.view()["highlight"]) == sorted(25 - t for t in (20, 21, 23))
    s.click({"point": 4})                                         # Red's 21
    assert s.playing.pending == [Move(24, 21, 3)]


def test_a_checker_on_the_bar_must_enter_first():
    pos = Position(white={"bar": 1, 6: 5, 8: 3, 13: 4, 24: 2}, red=None)
    s = BoardSession(mode="humans", position=pos, roll="31")
    s.click(13)
    expected = explain(pos, "31", [Move(13, 10, 3)], complete=False)
    assert expected.reason is Reason.BAR_FIRST and s.message == expected.message
    s.click({"bar": "white"})
    assert s.playing.selected == BAR
    assert s.view()["selected"] == "bar"
    assert sorted(s.playing.targets) == [21, 22, 24]
    s.click(22)
    assert s.playing.pending[0] == Move(BAR, 22, 3)


def test_bearing_off_through_the_tray():
    pos = Position(white={6: 2, 5: 3, 4: 5, 3: 5}, red={6: 15}, turn=WHITE)
    s = BoardSession(mode="humans", position=pos, roll="65")
    s.click(6)
    assert OFF in s.playing.targets and "off" in s.view()["highlight"]
    s.click({"off": "white"})
    assert s.playing.pending == [Move(6, OFF, 6)]
    s.click(6)                                 # the 5 cannot bear off from the 6-point
    s.click({"off": "white"})
    assert s.playing.pending == [Move(6, OFF, 6)] and s.message_kind == "error"
    s.click(6)                                 # clicking the selected point clears the selection
    s.click(5)
    s.click({"off": "white"})
    assert s.playing.pending == [Move(6, OFF, 6), Move(5, OFF, 5)]
    assert s.playing.done().notation == "6/off 5/off"


CLOSED = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}   # Red's home board closed
ON_BAR = Position(white={"bar": 1, 6: 5, 8: 5, 13: 4}, red=CLOSED)


def test_a_lost_turn_is_shown_with_its_roll_and_reason_before_it_is_passed():
    s = BoardSession(mode="humans", position=ON_BAR, roll="64")
    reason = explain(ON_BAR, "64", "", complete=True).message
    assert s.playing.game.turn is WHITE and s.phase == "move"             # not passed behind the learner's back
    assert s.view()["dice"] == (6, 4)
    assert s.message == f"White rolled 6-4. {reason} Press Pass."
    assert [(c.id, c.label) for c in s.controls()] == [("undo", "Undo"), ("done", "Pass")]
    play = s.playing.done()
    assert play is not None and play.is_empty and s.playing.game.plays[-1].is_empty
    assert s.playing.game.turn is RED and s.phase == "roll"
    assert s.message.startswith("White cannot move with 6-4 and passes.")


def test_against_the_computer_the_learners_lost_turn_is_shown_before_the_computer_plays():
    s = BoardSession(mode="computer", opponent="heuristic", position=ON_BAR, seed=3)
    s.playing.roll_dice("64")
    assert s.phase == "move" and s.playing.game.turn is WHITE and s.playing.game.plays == []
    assert "White rolled 6-4." in s.message and "Press Pass" in s.message
    assert s.view()["dice"] == (6, 4)
    s.playing.done()
    assert s.playing.game.plays[0].is_empty and s.playing.game.plays[1].player is RED
    assert s.message.startswith("White cannot move with 6-4 and passes. Red (computer) rolled ")


# -- the cube ---------------------------------------------------------------------------------------
def test_offer_take_and_a_refused_redouble():
    s = BoardSession(mode="humans", position=Position())
    assert [c.id for c in s.controls()] == ["roll", "double"]
    s.playing.double()
    assert s.phase == "respond" and s.actor() is RED
    assert [c.id for c in s.controls()] == ["take", "drop"]
    s.playing.take()
    assert s.playing.game.cube.value == 2 and s.playing.game.cube.owner is RED
    assert s.playing.game.turn is WHITE and s.phase == "roll"
    s.playing.double()                                           # Red owns the cube: White may not redouble
    assert s.message == s.playing.game.why_not_double(WHITE) == "Only the cube's owner may redouble."
    assert s.message_kind == "error" and s.phase == "roll"
    s.playing.roll_dice("31")
    s.playing.play("8/5 6/5")
    s.playing.double()                                           # Red, the owner, may
    assert s.phase == "respond" and s.actor() is WHITE


def test_a_drop_ends_the_game():
    s = BoardSession(mode="humans", position=Position())
    over = []
    s.on_game_over(over.append)
    s.playing.double()
    s.playing.drop()
    assert s.is_over and s.playing.game.winner is WHITE and s.playing.game.points == 1
    assert over == [s.playing.game]
    assert "White wins" in s.message and [c.id for c in s.controls()] == ["new-game"]


# -- the computer opponent --------------------------------------------------------------------------
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_the_computer_answers_a_turn_at_once(opponent):
    s = BoardSession(mode="computer", opponent=opponent, position=Position(), roll="31", seed=2)
    assert "not a strong player" in s.playing.bot.label
    s.playing.play("8/5 6/5")
    assert len(s.playing.game.plays) == 2 and s.playing.game.plays[1].player is RED
    assert s.playing.game.to_act is WHITE and s.phase in ("roll", "over")
    assert s.playing.last_play == s.playing.game.plays[1]
    assert "Red" in s.message


class Doubler:
    label = "test doubler"

    def __init__(self, accepts=True):
        self._accepts = accepts

    def choose(self, position, roll):
        return legal_plays(position, roll)[0] if legal_plays(position, roll) else None

    def wants_to_double(self, game):
        return True

    def accepts(self, game):
        return self._accepts


def test_the_computer_doubles_and_the_human_responds():
    s = BoardSession(mode="computer", opponent=Doubler(), position=Position(), roll="31")
    s.playing.play("8/5 6/5")
    assert s.phase == "respond" and s.actor() is WHITE
    assert "doubles" in s.message
    s.playing.take()
    assert s.playing.game.cube.value == 2 and s.playing.game.cube.owner is WHITE
    assert len(s.playing.game.plays) == 2                         # Red rolled and played after the take


@pytest.mark.parametrize("accepts", [True, False])
def test_the_human_doubles_the_computer(accepts):
    s = BoardSession(mode="computer", opponent=Doubler(accepts), position=Position())
    s.playing.double()
    if accepts:
        assert s.playing.game.cube.value == 2 and s.playing.game.cube.owner is RED and s.phase == "roll"
    else:
        assert s.is_over and s.playing.game.winner is WHITE and s.playing.game.points == 1


def _click_through_turn(s: BoardSession, rng: random.Random) -> None:
    """Play the human's turn only by selecting checkers and clicking destinations, then Done."""
    for _ in range(8):
        sources = s.playing.movable()
        if not sources:
            break
        src = rng.choice(sources)
        s.playing.select(src)
        assert s.playing.targets, s.message
        s.playing.move_to(rng.choice(sorted(s.playing.targets)))
    assert s.playing.done() is not None, s.message


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_a_whole_game_against_the_computer_by_clicking(seed):
    rng = random.Random(seed)
    s = BoardSession(mode="computer", opponent="heuristic", seed=seed)
    over = []
    s.on_game_over(over.append)
    for _ in range(400):
        if s.is_over:
            break
        assert s.actor() is WHITE
        if s.phase == "roll":
            s.playing.roll_dice()
        elif s.phase == "respond":
            s.playing.take()
        elif s.phase == "move":
            _click_through_turn(s, rng)
    assert s.is_over and over == [s.playing.game]
    for play in s.playing.game.plays:                      # every turn was a legal play
        assert play.is_empty or play in legal_plays(play.position, play.roll)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_targets_agree_with_the_engine(seed, turns):
    """Every offered destination starts a legal play, and every legal play's first checker is
    selectable (states reached by computer play)."""
    s = BoardSession(mode="humans", seed=seed)
    bot = RandomBot(seed)
    for _ in range(turns):
        if s.is_over:
            return
        if s.phase == "roll":
            s.playing.roll_dice()
        if s.phase == "move":
            s.playing.play(bot.choose(s.playing.game.position, s.playing.game.roll))
    if s.is_over or s.phase != "move":
        return
    pos, roll = s.playing.game.position, s.playing.game.roll
    plays = legal_plays(pos, roll)
    movable = s.playing.movable()
    assert bool(movable) == any(p.moves for p in plays)
    assert set(movable) <= {m.source for p in plays for m in p.moves}
    for src in movable:
        for dest, path in s.playing.destinations(src).items():
            assert path[0].source == src and path[-1].destination == dest
            assert explain(pos, roll, list(path), complete=False).legal


# -- setup and "show me" ----------------------------------------------------------------------------
def test_setup_mode_places_and_removes_checkers():
    s = BoardSession(mode="setup")
    assert s.mode == "setup"
    s.control("clear")
    s.setup_mode().place(WHITE, 6, 15)
    s.setup_mode().place(RED, 6, 14)
    s.control("tool-red")
    s.click(1)                                   # White's 1-point = Red's 24-point
    assert s.setup_position.point(RED, 24) == 1
    s.click(1)                                   # a 16th Red checker: the engine refuses
    assert s.setup_position.point(RED, 24) == 1
    assert s.message_kind == "error" and "15" in s.message
    s.control("tool-remove")
    s.click(6)
    assert s.setup_position.point(WHITE, 6) == 14
    s.setup_mode().finish(turn=WHITE, roll="62")
    assert s.mode == "humans" and s.phase == "move" and s.playing.roll == (6, 2)
    assert s.playing.game.position.point(WHITE, 6) == 14


def test_setup_can_clear_the_board_but_not_play_from_it():
    s = BoardSession(mode="setup")
    assert s.setup_position == Position()
    s.control("clear")
    assert s.view()["position"].off(WHITE) == 15 == s.view()["position"].off(RED)
    s.setup_mode().finish()
    assert s.mode == "setup" and s.message_kind == "error"
    s.setup_mode().place(RED, 1)
    s.setup_mode().finish()
    assert s.message_kind == "error" and s.mode == "setup"   # White has borne off all: over
    s.setup_mode().place(WHITE, 2)
    s.setup_mode().finish(turn=RED)
    assert s.mode == "humans" and s.playing.game.turn is RED and s.phase == "roll"


def test_setup_refuses_both_colours_on_one_point():
    s = BoardSession(mode="setup")
    before = s.setup_position
    s.control("tool-red")
    s.click(6)                                    # White holds its 6-point
    assert s.setup_position == before and s.message_kind == "error"


def test_show_me_steps_through_a_play():
    s = start("61")
    frames = s.show("13/7 8/7")
    assert s.mode == "show" and len(frames) == 3
    assert frames[0]["position"] == Position()
    assert frames[-1]["position"] == explain(Position(), "61", "13/7 8/7").play.result.with_turn(WHITE)
    assert frames[-1]["arrows"] == [Move(13, 7, 6), Move(8, 7, 1)]
    s.control("back")
    assert s.view()["arrows"] == [Move(13, 7, 6)]
    s.click(8)                                    # clicks do nothing while showing
    assert s.playing.pending == []
    s.end_show()
    assert s.mode == "humans" and s.phase == "move"


def test_session_repr_is_deterministic():
    s = start("31")
    assert repr(s) == "BoardSession(White to play 3-1)"
    s.playing.select(8)
    s.playing.move_to(5)
    assert repr(s) == "BoardSession(White to play 3-1, 1 move made)"


# -- the widget's Python side -----------------------------------------------------------------------
def test_widget_repr_mimebundle_and_messages():
    pytest.importorskip("anywidget")
    from bglearn import BoardWidget

    w = BoardWidget(mode="humans", position=Position(), roll="31")
    assert repr(w) == "BoardWidget(White to play 3-1)"
    bundle = w._repr_mimebundle_()
    assert bundle["text/plain"] == repr(w)
    assert bundle["image/svg+xml"].startswith("<svg") and 'data-point="8"' in bundle["image/svg+xml"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    rev = w.revision
    w._on_custom_msg(w, {"type": "click", "target": {"point": 8}}, [])
    assert w.revision > rev and w.selected == 8
    assert w.svg.count("bg-highlight") >= 3
    w._on_custom_msg(w, {"type": "click", "target": {"point": 5}}, [])
    assert w.pending == (Move(8, 5, 3),)
    assert [d["used"] for d in w.dice] == [True, False]
    w._on_custom_msg(w, {"type": "control", "id": "done"}, [])
    assert w.message == explain(Position(), "31", [Move(8, 5, 3)]).message
    assert w.message_kind == "error"
    w.click(6)
    w.click(5)
    w._on_custom_msg(w, {"type": "control", "id": "done"}, [])
    assert w.game.plays[-1].notation == "8/5 6/5"
    assert [c["id"] for c in w.controls] == ["roll", "double"]
    assert w._repr_mimebundle_()["image/svg+xml"] == w.svg
    assert "0x" not in repr(w)


def test_widget_survives_bad_messages_and_shows_frames():
    pytest.importorskip("anywidget")
    from bglearn import BoardWidget

    w = BoardWidget(mode="humans", position=Position(), roll="61")
    w._on_custom_msg(w, {"type": "click", "target": {"point": 99}}, [])
    assert w.message_kind == "error" and "99" in w.message
    w.show("13/7 8/7")
    assert len(w.frames) == 3 and all(f.startswith("<svg") for f in w.frames)
    anim = w.animate
    w._on_custom_msg(w, {"type": "control", "id": "replay"}, [])
    assert w.animate == anim + 1
    w.end_show()
    assert w.frames == [] and w.mode == "humans"


def test_status_line_shows_the_match_score_and_the_crawford_game():
    from bglearn.match import Match
    from bglearn.widgets.session import BoardSession

    match = Match(5, score=(4, 1))
    session = BoardSession(game=match.new_game(first=WHITE), mode="humans")
    assert "Match to 5: White 4, Red 1 (Crawford game: no doubling)" in session.status()
    assert "match" not in BoardSession(mode="humans", seed=1).status()


# -- words the learner reads ------------------------------------------------------------------------
def test_dice_left_are_counted_in_good_english():
    s = start("66")
    s.playing.select(24)
    s.playing.move_to(18)
    assert s.message == "24/18. 3 dice left to play: 6, 6 and 6."
    s = start("31")
    s.playing.select(8)
    s.playing.move_to(5)
    assert s.message == "8/5. 1 die left to play: 1."


def test_selection_names_the_legal_destinations():
    s = start("31")
    s.click(8)
    assert s.message == "Selected the checker on the 8-point. It can go to 7, 5 or 4."


def test_messages_use_the_numbers_printed_on_the_board():
    # Red to play 3-1 on a board seen from White's side: Red's 8-point is printed 17.
    s = BoardSession(mode="humans", position=Position().with_turn(RED), roll="31")
    assert s.perspective is WHITE
    s.click(17)
    assert s.playing.selected == 8                         # the mover's own numbering inside
    assert s.message == "Selected the checker on the 17-point. It can go to 21, 20 or 18."
    s.click(20)
    assert s.message == "17/20. 1 die left to play: 1."
    s.click(19)
    s.click(20)
    s.playing.done()
    assert s.message.startswith("Red played 17/20 19/20 (in Red's numbers: 8/5 6/5).")


def test_refusals_use_the_numbers_printed_on_the_board():
    red_to_play = Position().with_turn(RED)
    s = BoardSession(mode="humans", position=red_to_play, roll="31")
    s.click(12)                                    # Red's 13-point, printed 12 on White's board
    s.click(13)                                    # Red's 12-point: White holds it
    board = explain(red_to_play, "31", [Move(13, 12, 1)], complete=False, numbering=WHITE).message
    own = explain(red_to_play, "31", [Move(13, 12, 1)], complete=False).message
    assert s.message == board != own and s.message_kind == "error"
    assert "13" in board and "12-point" in own
    seen_from_red = BoardSession(mode="humans", position=red_to_play, roll="31", perspective=RED)
    seen_from_red.click(13)
    seen_from_red.click(12)
    assert seen_from_red.message == own


def test_a_finished_game_is_not_on_roll_and_a_loss_is_not_a_success():
    from bglearn import render

    s = BoardSession(mode="computer", opponent=Doubler(), position=Position(), roll="31")
    s.playing.play("8/5 6/5")                                # Red (computer) doubles at once
    s.playing.drop()
    assert s.is_over and s.playing.game.winner is RED
    assert s.message_kind == "loss" and "Game over: Red wins" in s.message
    svg = render(**s.view())
    assert "bg-on-roll" not in svg and "on roll" not in s.message
    won = BoardSession(mode="computer", opponent=Doubler(accepts=False), position=Position())
    won.playing.double()
    assert won.is_over and won.message_kind == "ok"
    two = BoardSession(mode="humans", position=Position())
    two.playing.double()
    two.playing.drop()
    assert two.message_kind == "info"                # two people: nobody's success colour


def test_match_score_and_crawford_are_drawn_on_the_board():
    from xml.etree import ElementTree as ET

    from bglearn import render
    from bglearn.match import Match

    session = BoardSession(game=Match(5, score=(4, 1)).new_game(first=WHITE), mode="humans")
    view = session.view()
    assert view["score"] == (4, 1) and view["match_length"] == 5 and view["crawford"] is True
    root = ET.fromstring(render(**view))
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "5-point match · Crawford game" in texts
    assert any(t.endswith("score 4") and t.startswith("White") for t in texts)
    assert any(t.endswith("score 1") and t.startswith("Red") for t in texts)


def test_the_computer_player_comes_from_the_one_make_bot():
    from bglearn import BglearnError
    from bglearn.bots import HeuristicBot, make_bot

    assert isinstance(BoardSession(mode="computer", position=Position()).playing.bot, HeuristicBot)
    with pytest.raises(BglearnError) as via_board:
        BoardSession(mode="computer", opponent="grandmaster")
    with pytest.raises(BglearnError) as direct:
        make_bot("grandmaster")
    assert str(via_board.value) == str(direct.value)


# -- practising accepting or correcting an illegal play -----------------------------------------------
def practice(roll="61"):
    return BoardSession(mode="practice", position=Position(), roll=roll)


def test_practice_lets_an_illegal_play_be_made_and_hands_it_to_the_opponent():
    s = practice("61")
    s.playing.select(13)
    assert 12 not in s.playing.targets                     # Red holds White's 12-point: not even physically
    s.playing.move_to(7)
    s.playing.select(24)
    assert 23 in s.playing.targets                         # 24/23 is legal
    s.playing.move_to(23)
    assert "legal" not in s.message                # the board does not give the answer away
    assert s.playing.done() is None and s.phase == "move"
    assert [c.id for c in s.controls()] == ["accept-roll", "accept-double", "correct"]
    assert "Red: accept the play by rolling (or doubling), or demand a correction." in s.message


def test_an_accepted_illegal_play_stands():
    s = practice("61")
    s.playing.select(13)
    s.playing.move_to(7)                      # only the 6: the 1 is left unused (illegal)
    s.playing.done()
    s.control("accept-roll")
    assert s.playing.game.turn is RED and s.phase == "move"     # Red has rolled: the play stands
    assert s.playing.game.position.with_turn(WHITE) == Play(Position(), "61", [Move(13, 7, 6)]).result.with_turn(WHITE)
    reason = explain(Position(), "61", [Move(13, 7, 6)]).message
    assert f"although it was not legal: {reason}" in s.message
    assert s.playing.log[-1]["legal"] is False and s.playing.log[-1]["decision"] == "accepted"


def test_a_correction_takes_an_illegal_play_back_and_then_only_a_legal_play_ends_the_turn():
    s = practice("61")
    s.playing.select(13)
    s.playing.move_to(7)
    s.playing.done()
    s.control("correct")
    assert s.playing.game.turn is WHITE and s.playing.pending == [] and s.message_kind == "error"
    assert "Red demands a correction" in s.message
    s.playing.select(13)
    s.playing.move_to(7)
    assert s.playing.done() is None                        # strict now: the 1 must be played
    s.playing.select(8)
    s.playing.move_to(7)
    assert s.playing.done().notation == "13/7 8/7" and s.playing.game.turn is RED and s.phase == "roll"


def test_a_correction_of_a_legal_play_is_refused_and_the_play_stands():
    s = practice("61")
    s.playing.select(13)
    s.playing.move_to(7)
    s.playing.select(8)
    s.playing.move_to(7)
    s.playing.done()
    s.control("correct")
    assert s.playing.game.plays[-1].notation == "13/7 8/7" and s.playing.game.turn is RED and s.phase == "roll"
    assert "Nothing to correct" in s.message


def test_an_answer_board_says_it_plays_no_game_when_driven_as_one():
    pytest.importorskip("anywidget")
    from bglearn import BglearnError
    from bglearn.widgets.answer import AnswerBoard

    board = AnswerBoard(Position(), "61")
    board.click(13)
    board.click(7)                 # clicks go to the answer session, as on any board
    assert board.session.notation == "13/7" and board.mode == "answer"
    with pytest.raises(BglearnError, match="answer mode: it plays no game"):
        board.play("13/7 8/7")
    assert board.dice == [{"value": 6, "used": False}, {"value": 1, "used": False}]
