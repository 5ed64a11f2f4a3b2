"""bglearn.board_map: the labelled map of the board that lesson 1 shows."""

from __future__ import annotations

import re

import pytest

from bglearn import RED, Position
from bglearn.board_map import board_map
from bglearn.svg import RenderError


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]+)</text>", svg.split("<svg ", 2)[1].split("<svg", 1)[0])


def _arrow(svg: str, colour: str) -> list[tuple[float, float]]:
    d = re.search(rf'data-map-arrow="{colour}" d="([^"]+)"', svg).group(1)
    return [(float(a), float(b)) for a, b in re.findall(r"([\d.]+) ([\d.]+)", d)]


def _board_box(svg: str) -> tuple[float, float, float]:
    """The inner board's top, bottom and the map's width."""
    width = float(re.search(r'<svg[^>]* width="([\d.]+)"', svg).group(1))
    inner = re.search(r'<svg x="[\d.]+" y="([\d.]+)"[^>]* height="([\d.]+)"', svg)
    top = float(inner.group(1))
    return top, top + float(inner.group(2)), width


def test_the_map_names_every_part_from_whites_side():
    texts = _texts(board_map())
    for label in ("Red's outer board", "Red's home board", "White's outer board", "White's home board",
                  "White's points 13–18", "White's points 19–24", "White's points 7–12", "White's points 1–6",
                  "White's tray", "Red's tray", "White's way round", "Red's way round"):
        assert label in texts, label
    assert texts.count("bar") == 2


def test_from_reds_side_the_labels_swap_and_use_reds_numbers():
    texts = _texts(board_map(perspective=RED))
    assert "Red's points 1–6" in texts and "White's points 1–6" not in texts
    svg = board_map(perspective=RED)
    bottom_labels = svg.index("Red's home board") > svg.index("White's home board")
    assert bottom_labels, "the bottom player's boards are labelled under the board"


@pytest.mark.parametrize("home", ["right", "left"])
def test_each_arrow_runs_from_its_24_point_round_to_its_home_board(home):
    svg = board_map(home=home)
    top, bottom, width = _board_box(svg)
    home_side = (lambda x: x > width / 2) if home == "right" else (lambda x: x < width / 2)
    white, red = _arrow(svg, "white"), _arrow(svg, "red")
    # White (at the bottom) starts above the board on the home side (its 24-point is top, home side),
    # turns on the far side and ends below the board on the home side, at its tray.
    assert white[0][1] < top and home_side(white[0][0]) and not home_side(white[1][0])
    assert white[-1][1] > bottom and home_side(white[-1][0])
    # Red: the same loop mirrored top to bottom, inside White's.
    assert red[0][1] > bottom and home_side(red[0][0]) and red[-1][1] < top and home_side(red[-1][0])
    assert abs(red[1][0] - width / 2) < abs(white[1][0] - width / 2)
    assert f'data-home="{home}"' in svg


def test_the_map_is_a_diagram_that_untrusted_notebooks_show():
    m = board_map(Position())
    assert m._repr_html_().startswith('<img src="data:image/svg+xml;base64,')
    assert board_map() == board_map()   # deterministic


def test_every_label_is_a_translated_message(monkeypatch):
    import bglearn.board_map as module

    monkeypatch.setattr(module, "_", lambda text: "«" + text)
    monkeypatch.setattr(module, "pgettext", lambda context, text: "«" + text)
    texts = _texts(board_map())
    assert texts and all(t.startswith("«") for t in texts), [t for t in texts if not t.startswith("«")]


def test_bad_options_are_named():
    with pytest.raises(RenderError, match="home must be"):
        board_map(home="top")
    with pytest.raises(RenderError, match="perspective"):
        board_map(perspective="blue")
