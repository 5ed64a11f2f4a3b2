"""The SVG board diagrams: what is drawn matches the position, the layout is the one backgammon
players expect, options do what they say, output is deterministic, and the pictures match the
reference PNGs under tests/reference/.

Regenerate the reference images (after a deliberate change of the drawing) with
``BGLEARN_UPDATE_REFERENCE=1 python3 -m pytest tests/test_render.py -k reference`` and look at them.
"""

from __future__ import annotations

import io
import math
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bglearn import RED, WHITE, BglearnError, Move, Position, Roll, legal_plays, render
from bglearn.cli import main
from bglearn.svg import PNG_MISSING_MESSAGE, Diagram, RenderError
from bglearn.svg_theme import THEMES, contrast_ratio

NS = "{http://www.w3.org/2000/svg}"
REPO = Path(__file__).resolve().parent.parent
REFERENCE = Path(__file__).resolve().parent / "reference"


# -- helpers ----------------------------------------------------------------------------------------
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, attr: str) -> dict[str, ET.Element]:
    return {g.get(attr): g for g in root.iter(f"{NS}g") if g.get(attr) is not None}


def stacks(root: ET.Element) -> dict[int, ET.Element]:
    return {int(k): v for k, v in groups(root, "data-stack").items()}


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def area(el: ET.Element) -> tuple[float, float]:
    """Centre of a clickable group's area rectangle."""
    r = next(c for c in el if c.tag == f"{NS}rect" and "bg-area" in classes(c))
    return float(r.get("x")) + float(r.get("width")) / 2, float(r.get("y")) + float(r.get("height")) / 2


def checkers_in(el: ET.Element) -> list[ET.Element]:
    return [c for c in el.iter(f"{NS}circle") if "bg-checker" in classes(c)]


def count_labels(el: ET.Element) -> list[ET.Element]:
    return [t for t in el.iter(f"{NS}text") if "bg-count" in classes(t)]


def random_position(seed: int) -> Position:
    """A random legal-looking position: each checker put on the bar, a point, or off."""
    rng = random.Random(seed)
    white = [0] * 25
    red = [0] * 25
    for _ in range(rng.randint(1, 15)):  # at least one White checker stays in play
        white[rng.randint(0, 24)] += 1
    for _ in range(rng.randint(0, 15)):
        while True:
            place = rng.randint(0, 24)
            if place == 0 or not white[25 - place]:
                red[place] += 1
                break
    if rng.random() < 0.3:  # some tall stacks
        for side in (white, red):
            biggest = max(range(1, 25), key=lambda i: side[i])
            if side[biggest]:
                extra = 15 - sum(side)
                side[biggest] += extra
    return Position(white, red, turn=rng.choice([WHITE, RED]))


OPENING = Position()
BEAROFF = Position(white={6: 2, 5: 3, 3: 2, 1: 1}, red={6: 3, 4: 2, 2: 2, 1: 2, 21: 1}, turn=WHITE)
BAR_STACK = Position(white={"bar": 2, 6: 7, 8: 2, 13: 4}, red={"bar": 1, 6: 4, 8: 3, 13: 5, 24: 2}, turn=WHITE)


# -- what is drawn matches the position --------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), perspective=st.sampled_from([WHITE, RED]), home=st.sampled_from(["right", "left"]))
def test_checkers_drawn_match_the_position(seed, perspective, home):
    position = random_position(seed)
    root = parse(render(position, perspective=perspective, home=home))
    found = stacks(root)
    for n in range(1, 25):
        who, count = position.owner(n, perspective)
        if who is None:
            assert n not in found
            continue
        g = found[n]
        assert g.get("data-color") == ("white" if who is WHITE else "red")
        assert int(g.get("data-count")) == count
        assert len(checkers_in(g)) == min(count, 5)
        labels = count_labels(g)
        assert [t.text for t in labels] == ([str(count)] if count > 5 else [])
    bars, trays = groups(root, "data-bar"), groups(root, "data-off")
    for player, name in ((WHITE, "white"), (RED, "red")):
        assert int(bars[name].get("data-count")) == position.bar(player)
        assert len(checkers_in(bars[name])) == min(position.bar(player), 5)
        assert len(count_labels(bars[name])) == (1 if position.bar(player) > 5 else 0)
        assert int(trays[name].get("data-count")) == position.off(player)
        slabs = [r for r in trays[name].iter(f"{NS}rect") if "bg-off-checker" in classes(r)]
        assert len(slabs) == position.off(player)
        # every checker of the side is accounted for exactly once
        on_points = sum(int(g.get("data-count")) for g in found.values() if g.get("data-color") == name)
        assert on_points + position.bar(player) + position.off(player) == 15


def test_opening_position_stacks_from_whites_side():
    root = parse(render(OPENING))
    found = {n: (g.get("data-color"), int(g.get("data-count"))) for n, g in stacks(root).items()}
    assert found == {
        24: ("white", 2), 13: ("white", 5), 8: ("white", 3), 6: ("white", 5),
        1: ("red", 2), 12: ("red", 5), 17: ("red", 3), 19: ("red", 5),
    }


def test_seven_high_stack_and_two_on_the_bar():
    root = parse(render(BAR_STACK))
    six = stacks(root)[6]
    assert len(checkers_in(six)) == 5 and [t.text for t in count_labels(six)] == ["7"]
    bar = groups(root, "data-bar")["white"]
    assert bar.get("data-count") == "2" and len(checkers_in(bar)) == 2
    assert groups(root, "data-bar")["red"].get("data-count") == "1"


def test_more_than_five_on_the_bar_shows_the_count():
    p = Position(white={"bar": 7, 6: 8}, red=None)
    bar = groups(parse(render(p)), "data-bar")["white"]
    assert len(checkers_in(bar)) == 5 and [t.text for t in count_labels(bar)] == ["7"]


def test_trays_show_the_borne_off_count():
    root = parse(render(BEAROFF))
    trays = groups(root, "data-off")
    assert trays["white"].get("data-count") == "7" and trays["red"].get("data-count") == "5"
    texts = [t.text for t in trays["white"].iter(f"{NS}text")]
    assert texts == ["7"]
    assert [t.text for t in groups(parse(render(OPENING)), "data-off")["white"].iter(f"{NS}text")] == []


# -- the layout a backgammon player expects -------------------------------------------------------------
@pytest.mark.parametrize("perspective", [WHITE, RED])
def test_point_layout_home_right(perspective):
    root = parse(render(OPENING, perspective=perspective))
    pts = {int(k): area(v) for k, v in groups(root, "data-point").items()}
    assert sorted(pts) == list(range(1, 25))
    bar_x = area(groups(root, "data-bar")["white"])[0]
    tray_x = area(groups(root, "data-off")["white"])[0]
    xs = {n: x for n, (x, _) in pts.items()}
    ys = {n: y for n, (_, y) in pts.items()}
    # 1-12 along the bottom, right to left; 13-24 along the top, left to right
    assert all(ys[n] > ys[25 - n] for n in range(1, 13))
    assert [xs[n] for n in range(1, 13)] == sorted((xs[n] for n in range(1, 13)), reverse=True)
    assert [xs[n] for n in range(13, 25)] == sorted(xs[n] for n in range(13, 25))
    # the home board (1-6) bottom right of the bar, the bar between 6 and 7, trays beside the home board
    assert xs[6] > bar_x > xs[7] and xs[19] > bar_x > xs[18]
    assert tray_x > xs[1]
    # opposite points face each other
    assert all(xs[n] == xs[25 - n] for n in range(1, 13))


def test_home_left_mirrors_the_board():
    root = parse(render(OPENING, home="left"))
    xs = {int(k): area(v)[0] for k, v in groups(root, "data-point").items()}
    tray_x = area(groups(root, "data-off")["white"])[0]
    assert xs[1] < xs[6] < xs[7] < xs[12] and xs[13] > xs[24]
    assert tray_x < xs[1]


def test_numbering_flips_with_perspective():
    p = random_position(7)
    white_view = parse(render(p, perspective=WHITE))
    red_view = parse(render(p, perspective=RED))
    w = {n: (g.get("data-color"), g.get("data-count")) for n, g in stacks(white_view).items()}
    r = {n: (g.get("data-color"), g.get("data-count")) for n, g in stacks(red_view).items()}
    assert r == {25 - n: v for n, v in w.items()}
    # the printed number at the bottom right is 1 from either side, and means that side's 1-point
    for root in (white_view, red_view):
        numbers = [t for g in root.iter(f"{NS}g") if g.get("class") == "bg-numbers" for t in g]
        bottom_right = max(numbers, key=lambda t: (float(t.get("y")), float(t.get("x"))))
        assert bottom_right.text == "1"
    assert "White's 1-point" in groups(white_view, "data-point")["1"].get("aria-label")
    assert "Red's 1-point" in groups(red_view, "data-point")["1"].get("aria-label")
    assert white_view.get("data-perspective") == "white" and red_view.get("data-perspective") == "red"


def test_bottom_player_checkers_sit_on_its_half_of_the_bar():
    root = parse(render(BAR_STACK, perspective=WHITE))
    bars = groups(root, "data-bar")
    assert area(bars["white"])[1] > area(bars["red"])[1]
    root = parse(render(BAR_STACK, perspective=RED))
    bars = groups(root, "data-bar")
    assert area(bars["red"])[1] > area(bars["white"])[1]


# -- cube, dice, pips, caption ---------------------------------------------------------------------------
def cube_of(root):
    found = [g for g in root.iter(f"{NS}g") if "bg-cube" in classes(g)]
    return found[0] if found else None


def test_cube_centred_shows_64_and_hides_on_request():
    root = parse(render(OPENING))
    cube = cube_of(root)
    assert cube is not None and cube.get("data-cube-owner") == "centre"
    assert [t.text for t in cube.iter(f"{NS}text")] == ["64"]
    assert cube_of(parse(render(OPENING, show_cube=False))) is None
    assert [t.text for t in cube_of(parse(render(OPENING, cube=4))).iter(f"{NS}text")] == ["4"]


@pytest.mark.parametrize("perspective", [WHITE, RED])
def test_cube_is_drawn_on_the_owners_side(perspective):
    y = {}
    for owner in (None, WHITE, RED):
        cube = cube_of(parse(render(OPENING, cube=2, cube_owner=owner, perspective=perspective)))
        assert [t.text for t in cube.iter(f"{NS}text")] == ["2"]
        y[owner] = float(cube.find(f"{NS}rect").get("y"))
    bottom, top = perspective, perspective.opponent
    assert y[bottom] > y[None] > y[top]


def dice_of(root):
    return [g for g in root.iter(f"{NS}g") if "bg-dice" in classes(g)]


def test_dice_appear_only_when_given_on_the_side_of_the_player_on_roll():
    assert dice_of(parse(render(OPENING))) == []
    root = parse(render(OPENING, dice="31"))
    (dice,) = dice_of(root)
    assert dice.get("data-dice") == "31"
    assert [g.get("data-die") for g in dice if "bg-die" in classes(g)] == ["3", "1"]
    bar_x = area(groups(root, "data-bar")["white"])[0]
    die_x = float(dice.find(f"{NS}g").find(f"{NS}rect").get("x"))
    assert die_x > bar_x  # White (bottom) rolls in the right-hand half
    root = parse(render(OPENING.with_turn(RED), dice=Roll(6, 6)))
    (dice,) = dice_of(root)
    assert dice.get("data-dice") == "66" and dice.get("data-color") == "red"
    assert float(dice.find(f"{NS}g").find(f"{NS}rect").get("x")) < bar_x  # top player: left half


def test_pip_counts_and_who_is_on_roll():
    p = BAR_STACK
    svg = render(p)
    assert f"White  ·  {p.pip_count(WHITE)} pips" in svg and f"Red  ·  {p.pip_count(RED)} pips" in svg
    assert svg.count("on roll</text>") == 1
    assert " pips<" not in render(p, pips=False)
    root = parse(svg)
    on_roll = [g for g in root.iter(f"{NS}g") if g.get("data-player") and any(
        "bg-on-roll" in classes(t) for t in g)]
    assert [g.get("data-player") for g in on_roll] == ["white"]


def test_title_and_desc_describe_the_position():
    p = BAR_STACK
    root = parse(render(p, dice="44"))
    title, desc = root.find(f"{NS}title").text, root.find(f"{NS}desc").text
    assert p.position_id() in title and "White on roll" in title
    assert p.position_id() in desc and "White to play 4-4" in desc
    assert f"White {p.pip_count(WHITE)}, Red {p.pip_count(RED)}" in desc
    assert "On the bar: White 2, Red 1" in desc


def test_caption_score_and_match_length():
    svg = render(OPENING, caption="Opening\nWhite to play", score=(2, 4), match_length=7, crawford=True)
    root = parse(svg)
    texts = [t.text for g in root.iter(f"{NS}g") if g.get("class") == "bg-caption" for t in g]
    assert texts == ["Opening", "White to play"]
    assert float(root.get("viewBox").split()[3]) > float(parse(render(OPENING)).get("viewBox").split()[3])
    # the score and the match are on the board itself, beside the names and in the top band
    rows = {g.get("data-player"): "".join(g.find(f"{NS}text").itertext())
            for g in root.iter(f"{NS}g") if g.get("class") == "bg-player"}
    assert rows["white"].endswith("score 2") and rows["red"].endswith("score 4")
    match = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "bg-match"]
    assert match == ["7-point match · Crawford game"]
    desc = root.find(f"{NS}desc").text
    assert "7-point match · Crawford game: White 2, Red 4." in desc


def test_no_side_is_on_roll_once_the_game_is_over():
    assert 'class="bg-on-roll"' in render(OPENING)
    assert 'class="bg-on-roll"' not in render(OPENING, on_roll=False)
    over = Position(white={}, red={6: 15}, turn=RED)
    assert over.is_game_over and 'class="bg-on-roll"' not in render(over)


def test_marks_are_drawn_under_or_around_the_checkers_never_over_them():
    root = parse(render(OPENING, highlight=[6, 5], selected=8, interactive=True))
    pts = groups(root, "data-point")
    for n in ("6", "5", "8"):
        kids = list(pts[n])
        kinds = [k.get("class") for k in kids]
        marks = [k for k in kids if k.get("class") == "bg-mark"]
        assert marks, n
        for mark in marks:
            for shape in mark:
                assert shape.get("fill") == "none" and shape.get("fill-opacity") is None
        if n in ("6", "5"):   # destinations: under the stack
            assert kinds.index("bg-mark") < (kinds.index("bg-stack") if "bg-stack" in kinds else len(kinds))
        else:                 # the selected checker: a ring outside it
            ring = [c for c in marks[-1] if c.tag == f"{NS}circle"]
            assert ring and all(float(c.get("r")) > 18 for c in ring)


def test_last_play_arrows_are_opaque_and_dashed():
    play = next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5")
    root = parse(render(play.result, last_play=play))
    group = [g for g in root.iter(f"{NS}g") if g.get("class") == "bg-last-play"][0]
    assert group.get("opacity") is None
    strokes = [p for p in group.iter(f"{NS}path") if p.get("stroke-dasharray")]
    assert len(strokes) == 2 and all(p.get("stroke-opacity") is None for p in group.iter(f"{NS}path"))


# -- contrast: WCAG 2.2 AA from the theme colours ---------------------------------------------------------
def _grounds(th):
    return {"felt": th.felt, "light point": th.point_odd if th.name == "classic" else th.point_even,
            "dark point": th.point_even if th.name == "classic" else th.point_odd, "bar": th.bar}


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_text_has_at_least_4_5_to_1(theme):
    th = THEMES[theme]
    pairs = {"labels on the frame": (th.label, th.frame), "count on a White checker": (th.white_text, th.white_fill),
             "count on a Red checker": (th.red_text, th.red_fill), "cube": (th.cube_text, th.cube_fill),
             "count in a tray": (th.tray_text, th.tray)}
    low = {k: round(contrast_ratio(*v), 2) for k, v in pairs.items() if contrast_ratio(*v) < 4.5}
    assert not low, low


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_marks_that_carry_meaning_have_at_least_3_to_1(theme):
    """Each mark is a colour with a dark halo around it: on every ground one of the two must stand
    out by 3:1 — so a lit point differs from an unlit one in grayscale too."""
    th = THEMES[theme]
    low = {}
    for mark in ("highlight", "selected", "arrow", "last_play", "hit", "focus"):
        color = getattr(th, mark)
        assert contrast_ratio(color, th.halo) >= 3, (mark, "against its own halo")
        for ground, bg in _grounds(th).items():
            best = max(contrast_ratio(color, bg), contrast_ratio(th.halo, bg))
            if best < 3:
                low[(mark, ground)] = round(best, 2)
    # checkers against every ground: their fill or their outline
    for side in ("white", "red"):
        fill, stroke = getattr(th, f"{side}_fill"), getattr(th, f"{side}_stroke")
        for ground, bg in _grounds(th).items():
            best = max(contrast_ratio(fill, bg), contrast_ratio(stroke, bg))
            if best < 3:
                low[(side, ground)] = round(best, 2)
    assert not low, low


def test_contrast_ratio_matches_wcag_examples():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast_ratio("#ffffff", "#ffffff") == 1


def test_numbers_can_be_left_out():
    root = parse(render(OPENING, numbers=False))
    assert not [g for g in root.iter(f"{NS}g") if g.get("class") == "bg-numbers"]
    assert len(groups(root, "data-point")) == 24


# -- highlights, arrows ----------------------------------------------------------------------------------
def test_highlight_and_selected_classes():
    root = parse(render(OPENING, highlight=[5, 7, "bar"], selected=8))
    pts = groups(root, "data-point")
    assert {n for n, g in pts.items() if "bg-highlight" in classes(g)} == {"5", "7"}
    assert {n for n, g in pts.items() if "bg-selected" in classes(g)} == {"8"}
    bars = groups(root, "data-bar")
    assert "bg-highlight" in classes(bars["white"]) and "bg-highlight" not in classes(bars["red"])
    root = parse(render(BEAROFF.with_turn(RED), highlight=["off"], selected="bar"))
    trays, bars = groups(root, "data-off"), groups(root, "data-bar")
    assert "bg-highlight" in classes(trays["red"]) and "bg-highlight" not in classes(trays["white"])
    assert "bg-selected" in classes(bars["red"])
    assert not [g for g in root.iter(f"{NS}g") if "bg-highlight" in classes(g) and g.get("data-point")]


def test_highlight_in_red_perspective_uses_reds_numbering():
    root = parse(render(OPENING, perspective=RED, highlight=[6]))
    (g,) = [g for g in root.iter(f"{NS}g") if "bg-highlight" in classes(g)]
    assert g.get("data-point") == "6" and g.find(f"{NS}g[@data-stack]").get("data-color") == "red"


def arrows_of(root, cls="bg-arrows"):
    layer = [g for g in root.iter(f"{NS}g") if g.get("class") == cls]
    return [a for a in layer[0] if "bg-arrow" in classes(a)] if layer else []


def test_arrows_for_a_play_with_hits_marked():
    p = Position(red={6: 4, 8: 3, 13: 5, 24: 2, 21: 1})
    play = next(pl for pl in legal_plays(p, "64") if pl.notation == "24/18 8/4*")
    root = parse(render(p, arrows=play))
    arrows = arrows_of(root)
    assert len(arrows) == 2
    assert sum("bg-arrow-hit" in classes(a) for a in arrows) == 1
    assert len([e for e in root.iter() if "bg-hit" in classes(e)]) == 1
    assert arrows_of(root, "bg-last-play") == []
    last = parse(render(play.result, last_play=play))
    assert len(arrows_of(last, "bg-last-play")) == 2 and arrows_of(last) == []


def test_arrows_point_from_source_to_destination_on_screen():
    play = next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5")
    for perspective in (WHITE, RED):
        root = parse(render(OPENING, arrows=play, perspective=perspective))
        pts = {int(k): area(v)[0] for k, v in groups(root, "data-point").items()}
        starts = []
        for a in arrows_of(root):
            d = a.find(f"{NS}path").get("d")
            x0 = float(d[1:].split()[0])
            starts.append(x0)
        own = (lambda n: n) if perspective is WHITE else (lambda n: 25 - n)
        assert sorted(starts) == sorted([pts[own(8)], pts[own(6)]])


def test_arrows_accept_moves_and_bar_and_off():
    p = Position(white={"bar": 1, 6: 14})
    root = parse(render(p, arrows=[Move(25, 22, 3), Move(6, 0, 6)]))
    assert len(arrows_of(root)) == 2


# -- structure for the interactive board -----------------------------------------------------------------
def test_plain_diagrams_stay_out_of_the_tab_order():
    root = parse(render(BAR_STACK))
    labelled = [g for g in root.iter(f"{NS}g") if g.get("data-point") or g.get("data-bar") or g.get("data-off")]
    assert len(labelled) == 28 and all(g.get("aria-label") for g in labelled)
    assert not [g for g in root.iter(f"{NS}g") if g.get("tabindex") or g.get("role") == "button"]
    # a label needs a role that allows it (axe-core: aria-prohibited-attr): pictures, not buttons
    assert all(g.get("role") == "img" for g in labelled)
    assert root.get("role") == "img" and root.get("aria-label") is None   # named by its <title>


def test_clickable_groups_are_focusable_buttons_with_labels():
    root = parse(render(BAR_STACK, interactive=True))
    clickable = [g for g in root.iter(f"{NS}g")
                 if g.get("data-point") or g.get("data-bar") or g.get("data-off")]
    assert len(clickable) == 24 + 2 + 2
    for g in clickable:   # one tab stop for the whole board, moved among the targets by the board's script
        assert g.get("tabindex") == "-1" and g.get("role") == "button" and g.get("aria-label")
    # the board is a group of buttons, named in words (not by a Position ID)
    assert root.get("role") == "group" and root.get("aria-label") == "Backgammon board, White on roll"
    named = parse(render(OPENING, dice="31", interactive=True)).get("aria-label")
    assert named == "Backgammon board, White to play 3-1"
    assert groups(root, "data-point")["6"].get("aria-label") == "White's 6-point: 7 White checkers"
    assert groups(root, "data-point")["5"].get("aria-label") == "White's 5-point: empty"
    assert groups(root, "data-bar")["white"].get("aria-label") == "White's bar: 2 White checkers"
    style = root.find(f"{NS}style").text
    assert ":focus" in style
    assert root.get("viewBox").startswith("0 0 ")


def test_a_targets_name_says_its_state():
    """The marks a sighted player sees (the selected checker, where it can go) are in the names a
    screen reader speaks, and only on the targets that carry them."""
    root = parse(render(BEAROFF, highlight=[2, 4, "off"], selected=6, interactive=True))
    points, trays = groups(root, "data-point"), groups(root, "data-off")
    assert points["6"].get("aria-label") == "White's 6-point: 2 White checkers, selected"
    assert points["4"].get("aria-label") == "White's 4-point: 1 Red checker, you can move here"
    assert points["2"].get("aria-label") == "White's 2-point: empty, you can move here"
    assert trays["white"].get("aria-label") == "White's tray: 7 borne off, you can bear off here"
    assert trays["red"].get("aria-label") == "Red's tray: 5 borne off"   # not Red's turn: no state
    plain = [g.get("aria-label") for g in root.iter(f"{NS}g") if g.get("aria-label")
             and g.get("data-point") not in ("6", "4", "2") and g.get("data-off") != "white"]
    assert plain and not [name for name in plain if "selected" in name or "here" in name]
    bar = groups(parse(render(BAR_STACK, selected="bar", highlight=[22], interactive=True)), "data-bar")
    assert bar["white"].get("aria-label") == "White's bar: 2 White checkers, selected"
    assert bar["red"].get("aria-label") == "Red's bar: 1 Red checker"


def test_width_scales_the_drawing():
    root = parse(render(OPENING, width=400))
    vb = [float(v) for v in root.get("viewBox").split()]
    assert float(root.get("width")) == 400
    assert float(root.get("height")) == pytest.approx(400 * vb[3] / vb[2], abs=0.01)


# -- determinism -------------------------------------------------------------------------------------------
def test_same_input_gives_byte_identical_svg():
    p = random_position(3)
    play = legal_plays(OPENING, "31")[0]
    options = dict(dice="31", arrows=play, highlight=[5], selected=8, caption="x", theme="contrast")
    first = render(OPENING, **options)
    render(p, perspective=RED, home="left")  # other renders in between change nothing
    assert render(OPENING, **options) == first
    assert render(p) == render(p)


def test_the_svg_text_is_what_elementtree_writes_for_the_drawing(monkeypatch):
    """The diagrams are written straight from the drawing (faster); the text is byte for byte what
    svgwrite's ElementTree would write, for any board and options."""
    import bglearn.svg as svg_module

    fast = svg_module._document_text
    rng = random.Random(28)
    for seed in range(40):
        options = {"interactive": rng.random() < 0.5, "layout": rng.choice(["landscape", "portrait"]),
                   "numbers": rng.choice([True, False, "both"]), "theme": rng.choice(sorted(THEMES)),
                   "dice": rng.choice([None, "31", "66"]), "caption": rng.choice([None, 'a <b> & "c"\nline 2']),
                   "score": rng.choice([None, (1, 2)]), "match_length": rng.choice([None, 5]),
                   "highlight": rng.sample(range(1, 25), 3), "selected": rng.choice([None, 3, "bar"]),
                   "home": rng.choice(["left", "right"]), "perspective": rng.choice([WHITE, RED])}
        position = random_position(seed)
        monkeypatch.setattr(svg_module, "_document_text", fast)
        quick = render(position, **options)
        monkeypatch.setattr(svg_module, "_document_text",
                            lambda dwg: svg_module.ET.tostring(dwg.get_xml(), encoding="unicode"))
        assert quick == render(position, **options), options


def test_svg_is_the_same_in_another_process():
    code = (
        "from bglearn import Position, render, legal_plays;"
        "p = Position(); print(render(p, dice='31', arrows=legal_plays(p, '31')[0], highlight=[5]))"
    )
    outs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONHASHSEED=seed)
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                text=True, check=True).stdout)
    p = Position()
    assert outs == {str(render(p, dice="31", arrows=legal_plays(p, "31")[0], highlight=[5])) + "\n"}


# -- the Diagram object -------------------------------------------------------------------------------------
def test_diagram_is_svg_text_that_jupyter_displays(tmp_path):
    d = render(OPENING)
    assert isinstance(d, Diagram) and isinstance(d, str) and d.startswith("<svg")
    assert d._repr_svg_() == str(d)
    assert OPENING._repr_svg_() == str(d)
    svg_path = d.save(tmp_path / "board.svg")
    assert svg_path.read_text(encoding="utf-8") == str(d)
    png_path = d.save(tmp_path / "board.png")
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert d.to_png()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_without_cairosvg_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(BglearnError) as err:
        render(OPENING).save(tmp_path / "x.png")
    assert str(err.value) == PNG_MISSING_MESSAGE
    assert PNG_MISSING_MESSAGE == "PNG export needs the optional cairosvg package: pip install 'bglearn-kit[png]'"


@pytest.mark.parametrize("options, words", [
    ({"perspective": "blue"}, "perspective"),
    ({"home": "top"}, "home"),
    ({"theme": "neon"}, "theme"),
    ({"highlight": [25]}, "highlight"),
    ({"selected": "middle"}, "selected"),
    ({"cube": 0}, "cube"),
    ({"cube_owner": 3}, "cube_owner"),
    ({"width": -5}, "width"),
    ({"score": (1,)}, "score"),
    ({"arrows": 42}, "arrows"),
    ({"arrows": [(30, 1, 2)]}, "arrows"),
    ({"dice": "79"}, "roll"),
])
def test_bad_options_are_clear_errors(options, words):
    with pytest.raises(BglearnError) as err:
        render(OPENING, **options)
    assert words in str(err.value)


def test_render_needs_a_position():
    with pytest.raises(RenderError, match="Position"):
        render("4HPwATDgc/ABMA")


# -- the command line ----------------------------------------------------------------------------------------
def test_cli_renders_svg_and_png(tmp_path, capsys):
    out = tmp_path / "b.svg"
    assert main(["render", "--position", "4HPwATDgc/ABMA", "--dice", "31", "-o", str(out)]) == 0
    root = parse(out.read_text(encoding="utf-8"))
    assert dice_of(root)[0].get("data-dice") == "31"
    png = tmp_path / "b.png"
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:2:4:0:7:10"
    assert main(["render", "--position", xgid, "--perspective", "red", "--png", "-o", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert main(["render", "--position", xgid, "--perspective", "red", "--caption", "hi", "-o", str(out)]) == 0
    root = parse(out.read_text(encoding="utf-8"))
    cube = cube_of(root)
    assert cube.get("data-cube-owner") == "red" and cube.get("data-cube-value") == "2"
    assert dice_of(root)[0].get("data-dice") == "52" and root.get("data-perspective") == "red"
    assert "7-point match: White 2, Red 4" in out.read_text(encoding="utf-8")


def test_cli_writes_svg_to_stdout_and_reports_bad_input(capsys):
    assert main(["render", "--position", "4HPwATDgc/ABMA", "--turn", "red"]) == 0
    out = capsys.readouterr().out
    assert parse(out).get("data-turn") == "red"
    assert main(["render", "--position", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bglearn render:") and err.count("\n") == 1


def test_cli_draws_the_portrait_layout_for_narrow_screens(capsys):
    assert main(["render", "--position", "4HPwATDgc/ABMA", "--layout", "portrait"]) == 0
    root = parse(capsys.readouterr().out)
    assert root.get("data-layout") == "portrait"
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert height > width   # tall and narrow
    with pytest.raises(SystemExit):   # argparse names the allowed values
        main(["render", "--position", "4HPwATDgc/ABMA", "--layout", "sideways"])
    assert "portrait" in capsys.readouterr().err


# -- reference pictures ---------------------------------------------------------------------------------------
REFERENCE_CASES = {
    "opening": lambda: render(OPENING, dice="31", width=400),
    "bearoff": lambda: render(BEAROFF, dice="52", width=400),
    "bar_and_stack": lambda: render(BAR_STACK, dice="44", width=400),
    "cube_white": lambda: render(OPENING, cube=2, cube_owner=WHITE, width=400),
    "cube_red": lambda: render(OPENING, cube=4, cube_owner=RED, width=400),
    "red_contrast": lambda: render(BAR_STACK, perspective=RED, theme="contrast", width=400),
    "arrows_left": lambda: render(
        OPENING, dice="31", home="left", highlight=[5], selected=8,
        arrows=next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5"),
        caption="Make your 5-point", width=400),
    "last_play_match": lambda: render(
        next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5").result,
        last_play=next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5"),
        score=(3, 4), match_length=5, crawford=True, width=400),
    "highlight_red_side": lambda: render(OPENING.with_turn(RED), dice="64", perspective=WHITE,
                                         highlight=[5, 7, 11], selected=1, width=400),
    "portrait_everything": lambda: render(
        OPENING, dice="31", highlight=[5, 3], selected=8, cube=2, cube_owner=RED, layout="portrait",
        arrows=next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5"),
        caption="Make your 5-point", score=(3, 4), match_length=5, width=320),
    "portrait_contrast_both": lambda: render(BAR_STACK, perspective=RED, theme="contrast", numbers="both",
                                             home="left", layout="portrait", width=320),
}


BLOCK = 16       # compare 16 x 16 pixel blocks
TOLERANCE = 40   # the largest mean grey-level difference of a block that still passes


def _worst_block(a, b) -> float:
    """The largest mean grey-level difference over the BLOCK x BLOCK squares of two pictures.
    Text rasterised a little differently (font caches, hinting) stays well under 20; a checker
    drawn in another place gives more than 100."""
    from PIL import ImageChops

    diff = ImageChops.difference(a, b).convert("L").reduce(BLOCK)
    return float(diff.getextrema()[1])


def _pixels(png: bytes):
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("name", sorted(REFERENCE_CASES))
def test_matches_reference_picture(name):
    pytest.importorskip("cairosvg")
    from PIL import ImageChops, ImageStat

    png = REFERENCE_CASES[name]().to_png()
    ref_path = REFERENCE / f"{name}.png"
    if os.environ.get("BGLEARN_UPDATE_REFERENCE"):
        REFERENCE.mkdir(exist_ok=True)
        ref_path.write_bytes(png)
    assert ref_path.exists(), f"missing reference {ref_path}; see this module's docstring"
    got, ref = _pixels(png), _pixels(ref_path.read_bytes())
    assert got.size == ref.size
    diff = ImageChops.difference(got, ref)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    worst = _worst_block(got, ref)
    # font rasterisation may differ a little between runs and machines; a moved checker does not pass
    assert mean < 1.5 and worst < TOLERANCE, f"{name}: mean difference {mean:.2f}, worst block {worst:.0f}"


def test_a_moved_checker_fails_the_picture_comparison():
    """The tolerance above is tight enough to notice one checker in the wrong place."""

    a = _pixels(render(OPENING, width=400).to_png())
    moved = Position(white={6: 5, 8: 3, 13: 5, 24: 1, 23: 1})
    b = _pixels(render(moved, width=400).to_png())
    assert _worst_block(a, b) > 2 * TOLERANCE


# -- a game without a bar, and the words of a mirrored board (issue #26) --------------------------------------
BAR_WORDS = {"en": "bar", "es": "barra", "fi": "palkki", "ro": "bar"}


def spoken_texts(svg: str) -> list[str]:
    """Everything a screen reader or a reader of the page is told: title, desc, aria-labels, printed text."""
    root = parse(svg)
    texts = [el.text or "" for el in root.iter() if el.tag in (f"{NS}title", f"{NS}desc", f"{NS}text")]
    return texts + [el.get("aria-label") for el in root.iter() if el.get("aria-label")]


@pytest.mark.parametrize("lang", sorted(BAR_WORDS))
@pytest.mark.parametrize("home", ["right", "left"])
def test_a_long_nardy_board_says_nothing_about_a_bar(lang, home):
    from bglearn.i18n import using_language

    position = Position({24: 13, 19: 1, 17: 1}, {24: 14, 20: 1}, variant="long-nardy")
    assert not position.has_bar
    with using_language(lang):
        svg = render(position, home=home, interactive=True, dice="31")
        text = str(position)
    said = " ".join(spoken_texts(svg)).lower()
    assert BAR_WORDS[lang] not in said, said
    assert "BAR" not in text and "BAR" in str(Position())
    bar_strips = [g for g in parse(svg).iter(f"{NS}g") if g.get("data-bar")]
    assert bar_strips and all(g.get("aria-hidden") == "true" and g.get("role") is None for g in bar_strips)


@pytest.mark.parametrize("layout", ["landscape", "portrait"])
def test_arrows_from_a_tall_stack_leave_its_count_readable(layout):
    """Long Nardy's first move leaves the head of 15: the arrow starts at the edge of the checker
    that carries the count, not on the count (issue 28); each move of the play is an arrow of its own."""
    position = Position(variant="long-nardy")
    play = legal_plays(position, "64")[0]
    assert len(play.moves) == 2   # one checker from the head, both dice: 24/18 18/14
    for option in ("arrows", "last_play"):
        drawn = position if option == "arrows" else play.result
        root = parse(render(drawn, layout=layout, **{option: play}))
        arrows = arrows_of(root, "bg-arrows" if option == "arrows" else "bg-last-play")
        assert len(arrows) == len(play.moves)
        (head,) = [g for g in stacks(root).values() if count_labels(g) and g.get("data-color") == "white"]
        top = checkers_in(head)[-1]
        cx, cy = float(top.get("cx")), float(top.get("cy"))
        for a in arrows:
            d = a.find(f"{NS}path").get("d")
            ends = [(float(x), float(y)) for x, y in re.findall(r"([-\d.]+) ([-\d.]+)", d)]
            start, end = ends[0], ends[-1]
            for x, y in (start, end):
                assert math.hypot(x - cx, y - cy) > 18, (option, d)


def test_a_backgammon_board_still_names_its_bar():
    said = " ".join(spoken_texts(render(Position({"bar": 1, 6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}),
                                        interactive=True)))
    assert "White's bar: 1 White checker" in said and "On the bar: White 1." in said


@pytest.mark.parametrize("home,direction", [("right", "anticlockwise"), ("left", "clockwise")])
def test_the_long_nardy_description_follows_the_drawn_direction(home, direction):
    desc = parse(render(Position(variant="long-nardy"), home=home)).find(f"{NS}desc").text
    assert f"both sides move {direction} from their head" in desc
    assert f"home board at the bottom {home}" in desc


def test_the_text_board_status_line_is_in_the_current_language():
    from bglearn.i18n import using_language

    with using_language("fi"):
        line = str(Position()).splitlines()[-1]
    assert line == "Valkoinen (O) siirtää · pipit: Valkoinen 167, Punainen 167 · kotiutettu: Valkoinen 0, Punainen 0"
    assert str(Position()).splitlines()[-1] == "White (O) to play · pips White 167, Red 167 · off White 0, Red 0"
