"""The portrait layout of :func:`bglearn.render` (issue 28): a board a phone user can read and hit.

At a rendered width of 320 px (and 400 px, and 270 px: in JupyterLab a 320 px screen leaves the
board 282 px) every point number must be at least 9 px high and every point, bar and tray a target
at least 24 px each way (WCAG 2.5.8). The sizes are computed from the
SVG itself: each element's transform is applied, and the viewBox is scaled to the rendered width.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from bglearn import RED, WHITE, Position, legal_plays, render
from bglearn.svg import RenderError
from bglearn.variants import find_variant

NS = "{http://www.w3.org/2000/svg}"
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)

OPENING = Position()
BAR_STACK = Position(white={"bar": 2, 6: 7, 8: 2, 13: 4}, red={"bar": 1, 6: 4, 8: 3, 13: 5, 24: 2}, turn=WHITE)
BEAROFF = Position(white={6: 2, 5: 3, 3: 2, 1: 1}, red={6: 3, 4: 2, 2: 2, 1: 2, 21: 1}, turn=WHITE)
LONG_NARDY = find_variant("long-nardy")()
PLAY = next(pl for pl in legal_plays(OPENING, "31") if pl.notation == "8/5 6/5")

VIEWS = {
    "opening": (OPENING, {}),
    "everything": (OPENING, {"dice": "31", "arrows": PLAY, "highlight": [5, 3], "selected": 8, "cube": 2,
                             "cube_owner": RED, "caption": "Make your 5-point", "score": (2, 4), "match_length": 7}),
    "both numbers, red side, home left": (BAR_STACK, {"numbers": "both", "perspective": RED, "home": "left"}),
    "bear-off, contrast": (BEAROFF, {"dice": "52", "theme": "contrast"}),
    "long nardy": (LONG_NARDY, {"dice": "64"}),
}


# -- geometry of an SVG: transforms applied ---------------------------------------------------------------
def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def parse_transform(text: str | None) -> Matrix:
    if not text:
        return IDENTITY
    name, args = re.fullmatch(r"\s*(\w+)\(([^)]*)\)\s*", text).groups()
    v = [float(x) for x in args.replace(",", " ").split()]
    if name == "matrix":
        return tuple(v)  # type: ignore[return-value]
    if name == "rotate":
        angle, cx, cy = (v + [0, 0])[:3]
        r = math.radians(angle)
        cos, sin = round(math.cos(r), 12), round(math.sin(r), 12)
        rot = (cos, sin, -sin, cos, 0.0, 0.0)
        return multiply(multiply((1, 0, 0, 1, cx, cy), rot), (1, 0, 0, 1, -cx, -cy))
    raise AssertionError(f"unexpected transform {text!r}")


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def walk(el: ET.Element, m: Matrix = IDENTITY, font: float | None = None):
    """Every element with its full transform (to the viewBox) and its font size (inherited)."""
    m = multiply(m, parse_transform(el.get("transform")))
    font = float(el.get("font-size")) if el.get("font-size") else font
    yield el, m, font
    for child in el:
        yield from walk(child, m, font)


def screen_box(rect: ET.Element, m: Matrix) -> tuple[float, float, float, float]:
    """(left, top, width, height) of a rectangle on the canvas, in viewBox units."""
    x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
    corners = [apply(m, px, py) for px in (x, x + w) for py in (y, y + h)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def targets(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """The clickable area of every point, bar and tray on the canvas, by what it is."""
    out = {}
    for el, m, _ in walk(root):
        key = next((f"{a}={el.get(a)}" for a in ("data-point", "data-bar", "data-off") if el.get(a)), None)
        if key and el.tag == f"{NS}g" and el.get("aria-hidden") != "true":
            rect = next(c for c in el if c.tag == f"{NS}rect" and "bg-area" in (c.get("class") or ""))
            out[key] = screen_box(rect, multiply(m, parse_transform(rect.get("transform"))))
    return out


def number_texts(root: ET.Element):
    """(text, font size, transform) of every point number."""
    out = []
    for el, m, font in walk(root):
        if el.tag == f"{NS}g" and "bg-numbers" in (el.get("class") or "").split():
            for t, tm, tfont in walk(el, m, font):
                if t.tag == f"{NS}text":
                    out.append((t.text, tfont, tm, t))
    return out


def scale(root: ET.Element, width: float) -> float:
    return width / float(root.get("viewBox").split()[2])


# -- the sizes a phone user needs ---------------------------------------------------------------------------
@pytest.mark.parametrize("width", [270, 320, 400])   # 270: a 320 px screen less JupyterLab's margins (282 px)
@pytest.mark.parametrize("view", sorted(VIEWS))
def test_portrait_numbers_and_targets_are_big_enough_on_a_phone(view, width):
    position, options = VIEWS[view]
    root = ET.fromstring(render(position, layout="portrait", width=width, interactive=True, **options))
    k = scale(root, width)
    numbers = number_texts(root)
    assert len(numbers) == (48 if options.get("numbers") == "both" else 24)
    small = {text: round(font * k, 1) for text, font, _, _ in numbers if font * k < 9}
    assert not small, f"point numbers under 9 px at {width} px: {small}"
    areas = targets(root)
    assert len(areas) == (24 + 2 + 2 if position.has_bar else 24 + 2)
    tiny = {key: (round(w * k, 1), round(h * k, 1)) for key, (_, _, w, h) in areas.items() if min(w, h) * k < 24}
    assert not tiny, f"targets under 24 px at {width} px: {tiny}"


def test_the_landscape_board_is_too_small_at_320_px_which_is_why_portrait_exists():
    root = ET.fromstring(render(OPENING, width=320, interactive=True))
    k = scale(root, 320)
    assert max(font for _, font, _, _ in number_texts(root)) * k < 9
    assert min(min(w, h) for _, _, w, h in targets(root).values()) * k < 24


def test_portrait_is_tall_and_narrow():
    root = ET.fromstring(render(OPENING, layout="portrait", width=320))
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    assert h > 1.3 * w and w < 0.8 * 656   # narrower than the landscape board, and taller than wide
    assert float(root.get("width")) == 320 and float(root.get("height")) == pytest.approx(320 * h / w, abs=0.01)
    assert root.get("data-layout") == "portrait"


def test_targets_do_not_overlap_and_lie_on_the_canvas():
    root = ET.fromstring(render(BAR_STACK, layout="portrait", interactive=True))
    _, _, cw, ch = (float(v) for v in root.get("viewBox").split())
    boxes = list(targets(root).values())
    for x, y, w, h in boxes:
        assert 0 <= x and x + w <= cw + 0.01 and 0 <= y and y + h <= ch + 0.01
    for i, (x1, y1, w1, h1) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[i + 1:]:
            overlap = min(x1 + w1, x2 + w2) - max(x1, x2), min(y1 + h1, y2 + h2) - max(y1, y2)
            assert min(overlap) <= 0.01


# -- the same board, turned ----------------------------------------------------------------------------------
def data_attributes(svg: str) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    root = ET.fromstring(svg)
    out = []
    for el in root.iter():
        data = tuple(sorted((k, v) for k, v in el.attrib.items()
                            if (k.startswith("data-") and k != "data-layout") or k in ("aria-label", "role", "tabindex")))
        if data and el is not root:
            out.append((el.tag, data))
    return sorted(out)


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_portrait_keeps_every_data_attribute_and_name(view):
    position, options = VIEWS[view]
    for interactive in (False, True):
        landscape = render(position, interactive=interactive, **options)
        portrait = render(position, interactive=interactive, layout="portrait", **options)
        assert data_attributes(portrait) == data_attributes(landscape)


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_every_text_stays_upright(view):
    position, options = VIEWS[view]
    root = ET.fromstring(render(position, layout="portrait", **options))
    texts = [(t, m) for t, m, _ in walk(root) if t.tag == f"{NS}text"]
    assert len(texts) > 24
    for t, m in texts:
        a, b, c, d, _, _ = m
        assert (a, b, c, d) == pytest.approx((1, 0, 0, 1), abs=1e-9), f"{t.text!r} is turned: {m}"
    # ... while the board itself is turned: the points run down the canvas
    areas = targets(root)
    x12, y12, _, _ = areas["data-point=12"]
    x1, y1, _, _ = areas["data-point=1"]
    assert x1 == pytest.approx(x12) and (y1 > y12) == (options.get("home", "right") == "right")


def test_each_number_sits_beside_its_own_point():
    root = ET.fromstring(render(OPENING, layout="portrait"))
    areas = targets(root)
    for text, _, m, t in number_texts(root):
        # the glyphs' centre: the point the number is turned about (the turn leaves it where it is)
        cx, cy = (float(v) for v in re.findall(r"[-\d.]+", t.get("transform"))[1:])
        x, y = apply(m, cx, cy)
        left, top, w, h = areas[f"data-point={text}"]
        assert top < y < top + h, text                # on the point's row
        assert not left <= x <= left + w, text        # in the band beside it, not on the point


def test_checkers_stay_on_their_points():
    root = ET.fromstring(render(BAR_STACK, layout="portrait"))
    areas = targets(root)
    for el, m, _ in walk(root):
        if el.tag == f"{NS}g" and el.get("data-stack"):
            left, top, w, h = areas[f"data-point={el.get('data-stack')}"]
            for c in el.iter(f"{NS}circle"):
                x, y = apply(m, float(c.get("cx")), float(c.get("cy")))
                assert left < x < left + w and top < y < top + h


def test_portrait_is_deterministic_and_landscape_unchanged_by_it():
    a = render(OPENING, layout="portrait", dice="31", arrows=PLAY, interactive=True)
    assert a == render(OPENING, layout="portrait", dice="31", arrows=PLAY, interactive=True)
    assert render(OPENING) == render(OPENING, layout="landscape")
    assert "transform" not in render(OPENING, dice="31", arrows=PLAY)


@pytest.mark.parametrize("bad", ["tall", "Portrait", 90, None])
def test_a_bad_layout_is_a_clear_error(bad):
    with pytest.raises(RenderError, match="layout must be 'landscape' or 'portrait'"):
        render(OPENING, layout=bad)


@pytest.mark.parametrize("home,where", [("right", "bottom left"), ("left", "top left")])
def test_the_description_says_where_the_turned_board_puts_the_home_board(home, where):
    root = ET.fromstring(render(OPENING, layout="portrait", home=home))
    desc = root.find(f"{NS}desc").text
    assert f"White's home board at the {where}." in desc and "bottom right" not in desc
    areas = targets(root)
    one, twelve = areas["data-point=1"], areas["data-point=12"]
    _, _, cw, ch = (float(v) for v in root.get("viewBox").split())
    assert one[0] < cw / 2 and (one[1] > ch / 2) == (where == "bottom left") and twelve[0] == one[0]
