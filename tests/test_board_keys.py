"""What the board's keys and screen-reader side ask of Python (no browser): the position in words, where
N / P lead, a typed play, a checker moved by a digit key, the narrow layout, the renderer's options, and
the saved picture of a board not yet run. (The browser side: tests/browser/test_board_a11y.py.)"""

from __future__ import annotations

import pytest

from bglearn import BoardWidget, Position
from bglearn.errors import BglearnError
from bglearn.i18n import using_language
from bglearn.widgets.board import _renderer_has_layout, board_texts
from bglearn.widgets.summary import position_summary


def board(**options) -> BoardWidget:
    return BoardWidget(mode="humans", position=Position(), roll="31", **options)


def browser(w: BoardWidget, **content) -> None:
    """A message from board.js, as the kernel receives it."""
    w._on_custom_msg(w, content, [])


# -- the summary key ------------------------------------------------------------------------------------
def test_the_summary_reads_the_whole_position_from_the_engines_counts():
    pos = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10")
    said = position_summary(pos, headline="White to play 3-1.",
                            dice=[{"value": 3, "used": False}, {"value": 1, "used": True}])
    assert said.startswith("White to play 3-1. Dice to play: 3; used: 1. ")
    assert f"Pip count: White {pos.pip_count(pos.turn)}" in said
    assert "White: 2 on 24, 5 on 13, 3 on 8, 5 on 6." in said or "White:" in said
    assert said.endswith(".")
    off = Position({6: 2}, {1: 3})
    said = position_summary(off)
    assert "Borne off: White 13, Red 12" in said and "Nobody on the bar" in said
    bar = Position({"bar": 1, 6: 14}, {1: 15})
    assert "On the bar: White 1" in position_summary(bar)


def test_a_long_nardy_summary_says_nothing_of_a_bar():
    said = position_summary(Position(variant="long-nardy"))
    assert "bar" not in said and "White: 15 on 24." in said and "Red: 15 on 12." in said


def test_the_boards_summary_follows_each_move():
    w = board()
    assert w.summary.startswith("White to play") and "Dice to play: 3 and 1." in w.summary
    w.click(8)
    w.click(5)
    assert "Dice to play: 1; used: 3." in w.summary and "2 on 8" in w.summary and "1 on 5" in w.summary


# -- N / P and the one tab stop -------------------------------------------------------------------------
def test_focus_order_lists_the_checkers_that_may_move_then_the_destinations():
    w = board()
    assert w.focus_order["movable"] == ['[data-point="24"]', '[data-point="13"]', '[data-point="8"]',
                                        '[data-point="6"]']
    assert w.focus_order["targets"] == [] and w.focus_order["all"][0] == '[data-bar="white"]'
    w.click(8)
    assert w.focus_order["targets"] == ['[data-point="7"]', '[data-point="5"]', '[data-point="4"]']
    w.click(5)
    w.click(6)
    w.click(5)
    w.done()
    assert w.focus_order == {"movable": [], "targets": [], "all": []}   # Red to roll: no move to make
    assert w.can_type is False


def test_the_words_board_js_shows_name_the_keys_of_the_buttons():
    texts = board_texts()
    assert texts["control_keys"] == {"done": "D", "undo": "U", "roll": "R", "double": "C", "take": "T",
                                     "drop": "X", "new-game": "G"}
    for key in ("D Done", "U Undo", "R Roll", "S reads", "Escape"):
        assert key in texts["keys"]
    assert "{" not in texts["type_play"]


# -- a typed play ---------------------------------------------------------------------------------------
def test_a_typed_play_plays_the_turn_and_a_refused_one_changes_nothing():
    w = board()
    assert w.can_type is True
    browser(w, type="play_text", text="13/10 13/12")
    assert w.message_kind == "error" and "Red holds your 12-point" in w.message
    assert w.pending == () and w.game.phase == "move"
    browser(w, type="play_text", text="13/8")
    assert w.message_kind == "error" and "13/8 is 5 pips" in w.message and w.pending == ()
    browser(w, type="play_text", text="eight to five")
    assert w.message_kind == "error" and "is not a move" in w.message
    browser(w, type="play_text", text="8/5 6/5")
    assert w.game.plays[-1].notation == "8/5 6/5" and w.message.startswith("White played 8/5 6/5")


def test_a_typed_play_goes_on_from_the_moves_made_or_replaces_them():
    w = board()
    w.click(8)
    w.click(5)
    w.type_play("6/5")                                   # the rest of the turn
    assert w.game.plays[-1].notation == "8/5 6/5"
    w = board()
    w.click(6)
    w.click(5)
    w.type_play("8/5 6/5")                               # the whole turn, typed after a move
    assert w.game.plays[-1].notation == "8/5 6/5"
    w = board()
    w.click(6)
    w.click(5)
    w.type_play("13/12")                                 # refused either way: the move made stays
    assert w.message_kind == "error" and [(m.source, m.destination) for m in w.pending] == [(6, 5)]


def test_a_half_typed_play_leaves_the_rest_to_play():
    w = board()
    w.type_play("8/5")
    assert [(m.source, m.destination) for m in w.pending] == [(8, 5)] and w.game.phase == "move"
    assert w.message_kind != "error"


# -- a digit key: this checker by that die ---------------------------------------------------------------
def test_a_digit_moves_the_focused_checker_by_that_die():
    w = board()
    browser(w, type="move_die", target={"point": 8}, die=3)
    assert [(m.source, m.destination, m.die) for m in w.pending] == [(8, 5, 3)]
    browser(w, type="move_die", target={"point": 6}, die=3)
    assert w.message_kind == "error" and "There is no 3 to play" in w.message
    browser(w, type="move_die", target={"point": 13}, die=1)
    assert w.message_kind == "error" and "Red holds your 12-point" in w.message and len(w.pending) == 1
    browser(w, type="move_die", target={"point": 4}, die=1)
    assert w.message_kind == "error" and len(w.pending) == 1      # no checker of White's there
    browser(w, type="move_die", target={"point": 6}, die=1)
    assert w.done().notation == "8/5 6/5"


def test_a_die_that_is_not_one_to_six_is_refused_clearly():
    w = board()
    with pytest.raises(BglearnError, match="a die is a whole number from 1 to 6"):
        w.move_die(8, 7)
    browser(w, type="move_die", target={"point": 8}, die="3")      # from the browser: shown, not raised
    assert w.message_kind == "error" and "1 to 6" in w.message and w.pending == ()


# -- render options, the narrow layout ---------------------------------------------------------------------
def test_render_options_reach_the_drawing_and_bad_ones_are_refused_clearly():
    assert 'data-home="left"' in board(home="left").svg
    with pytest.raises(BglearnError, match="home must be 'right' or 'left'"):
        board(home="up")
    with pytest.raises(BglearnError, match="layout must be 'auto', 'landscape' or 'portrait'"):
        board(layout="round")


@pytest.mark.skipif(not _renderer_has_layout(), reason="the renderer has no portrait layout yet")
def test_a_narrow_board_is_drawn_in_portrait_and_back():
    w = board()
    assert 'data-layout="portrait"' not in w.svg
    browser(w, type="layout", narrow=True)
    assert w.narrow is True and 'data-layout="portrait"' in w.svg
    browser(w, type="layout", narrow=False)
    assert 'data-layout="portrait"' not in w.svg
    fixed = board(layout="landscape")
    browser(fixed, type="layout", narrow=True)
    assert 'data-layout="portrait"' not in fixed.svg            # a layout chosen in Python stays


# -- a board not yet run -----------------------------------------------------------------------------------
def test_the_saved_picture_says_run_this_cell_to_play_on_the_picture():
    w = board()
    page = w.static_bundle()["text/html"]
    assert "Run this cell to play" in page and 'class="bglearn-run-hint"' in page
    assert page.index("<img") < page.index("Run this cell to play")
    assert "grid-row:1;grid-column:1" in page                      # over the picture, in one grid cell
    with using_language("en"):
        assert "Run this cell to play" in w._static_html()


@pytest.mark.parametrize("lang, words", [
    ("es", ("Dados por jugar: 3 y 1.", "Ejecuta esta celda para jugar", "Escribe una jugada")),
    ("fi", ("Pelattavat nopat: 3 ja 1.", "Suorita tämä solu pelataksesi", "Kirjoita siirto")),
    ("ro", ("Zaruri de jucat: 3 și 1.", "Rulează această celulă ca să joci", "Scrie o mutare")),
])
def test_the_keys_words_are_translated(lang, words):
    summary, hint, field = words
    with using_language(lang):
        w = board()
        assert summary in w.summary and hint in w._static_html() and w.texts["type_play"].startswith(field)
        assert "Pip count" not in w.summary and "Run this cell" not in w._static_html()
