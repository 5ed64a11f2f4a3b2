"""What the board says and accepts: the status line in plain words (short enough for two lines on a
phone), the drawing's options given to a board, an unknown keyword refused by name, and Long Nardy
plays written the way a Long Nardy player reads them."""

from __future__ import annotations

import re

import pytest

from bglearn import RED, WHITE, Position
from bglearn.errors import BglearnError
from bglearn.widgets.session import BoardSession

pytest.importorskip("anywidget")


def _x_of_point(svg: str, n: int) -> float:
    group = svg[svg.index(f'data-point="{n}"'):]
    return float(re.search(r'<rect class="bg-area"[^>]* x="([\d.]+)"', group).group(1))


# -- the status line -------------------------------------------------------------------------------

def test_status_line_is_plain_words_without_jargon_or_a_zero_count():
    s = BoardSession(mode="humans", position=Position(), roll="31")
    line = s.status()
    assert line.startswith("White to play 3-1 · Cube: 1, in the middle · Pips: White 167, Red 167")
    for jargon in ("pending", "centred", "0 moves", "roll 3-1"):
        assert jargon not in line
    s.click(8)
    s.click(5)
    assert s.status().startswith("White to play 3-1, 1 move made · ")


def test_status_line_puts_the_secondary_facts_last_and_stays_short():
    from bglearn.match import Match

    match = Match(7, score=(6, 3))
    s = BoardSession(game=match.new_game(first=WHITE), mode="computer")
    facts = s.status().split(" · ")
    assert facts[0] == "White to roll"
    assert facts[1] == "Cube: 1, in the middle"
    assert facts[2].startswith("Match to 7: White 6, Red 3")
    assert facts[-1] == "Red: computer"            # the computer player, last: it is what wraps
    # two lines of a 13 px font in a 320 px window hold about 90 characters
    plain = BoardSession(mode="computer", position=Position(), roll="31").status()
    assert len(plain) <= 90, plain
    from bglearn.cube import Cube

    owned = BoardSession(mode="humans", position=Position(), roll="31", cube=Cube(value=2, owner=RED))
    assert " · Cube: 2, owned by Red · " in owned.status()


def test_long_nardy_status_says_there_is_no_cube():
    from bglearn.variants.long_nardy import LongNardyPosition

    s = BoardSession(mode="humans", position=LongNardyPosition(), roll="31")
    assert "Long Nardy: no cube" in s.status() and "Cube: 1" not in s.status()


# -- the drawing's options and unknown keywords ---------------------------------------------------------

def test_a_board_takes_the_drawings_options():
    from bglearn import BoardWidget

    right = BoardWidget(mode="humans", position=Position(), roll="31")
    left = BoardWidget(mode="humans", position=Position(), roll="31", home="left")
    # White's home board (points 1-6) is drawn on the left: point 1 is left of point 12
    assert _x_of_point(left.svg, 1) < _x_of_point(left.svg, 12)
    assert _x_of_point(right.svg, 1) > _x_of_point(right.svg, 12)
    assert "data-point" in BoardWidget(mode="humans", numbers=False, pips=False).svg


def test_an_unknown_keyword_is_refused_by_name_with_the_accepted_ones():
    from bglearn import BoardWidget

    with pytest.raises(BglearnError, match="no option 'colour'; it accepts .*home.*jacoby"):
        BoardWidget(colour="red")
    with pytest.raises(BglearnError, match="home is an option of the board's drawing: give it to BoardWidget"):
        BoardSession(home="left")
    assert BoardSession(mode="humans", jacoby=True).playing.game.jacoby      # a game option still passes


# -- plays in messages: every move shown; Long Nardy in the mover's own numbers ---------------------------

def test_a_two_move_play_shows_both_moves():
    s = BoardSession(mode="humans", position=Position(), roll="65")
    s.playing.play("24/13")                         # one checker, both dice
    assert s.message.startswith("White played 24/18/13.")      # not the summary 24/13


def test_long_nardy_red_path_is_written_in_reds_numbers_without_wrapping():
    from bglearn.plays import legal_plays
    from bglearn.variants.long_nardy import LongNardyPosition

    # the case: Red 5-5 from its head, which White's printed numbers write 12/7 7/2 2/21 21/16
    p = LongNardyPosition(white={24: 14, 19: 1}, red={24: 14, 14: 1}, turn=RED)
    run = next(play for play in legal_plays(p, "55") if play.notation == "24/4")
    s = BoardSession(mode="humans", position=p, roll="55", perspective=WHITE)
    s.playing.play(run.notation)
    assert s.message.startswith("Red played 24/19/14/9/4 (in Red's numbers).")
    assert "2/21" not in s.message and "12/7" not in s.message


def test_backgammon_other_side_keeps_printed_numbers_and_its_own():
    from bglearn.plays import Move
    from bglearn.widgets.common import BoardNumbers

    numbers = BoardNumbers(WHITE)
    assert numbers.mirrored and not BoardNumbers(WHITE, "long-nardy").mirrored
    assert numbers.play(RED, [Move(8, 5, 3), Move(6, 5, 1)]) == "17/20 19/20 (in Red's numbers: 8/5 6/5)"
    assert numbers.play(WHITE, [Move(24, 18, 6), Move(18, 13, 5)]) == "24/18/13"
