"""Diagram forms that need no drawing library: a text diagram, and the HTML form of an SVG picture.

:func:`text_diagram` draws the board as text from White's side: White's home board bottom right,
points 13-24 along the top, ``O`` for White's checkers and ``X`` for Red's; more than five on a
point show the count.

:func:`svg_image` wraps an SVG picture (from :func:`bglearn.svg.render`) in an ``<img>`` tag with a
``data:`` URI. That is the one form of a picture that an *untrusted* notebook shows: JupyterLab
renders only "safe" MIME types there (``image/svg+xml`` is not one; sanitised ``text/html`` is),
and its HTML sanitiser removes inline ``<svg>`` elements (leaving their texts run together) but keeps
``<img src="data:...">``. So every board a notebook stores carries this ``text/html`` form too
(``Diagram._repr_html_``, ``Position._repr_html_``, the widgets' static fallbacks).

>>> from bglearn import Position
>>> from bglearn.diagram import svg_image, text_diagram
>>> print(text_diagram(Position()).splitlines()[-1])
White (O) to play · pips White 167, Red 167 · off White 0, Red 0
>>> svg_image("<svg xmlns='http://www.w3.org/2000/svg'/>", alt="board")[:31]
'<img src="data:image/svg+xml;ba'
"""

from __future__ import annotations

import base64
import html
import re

from .i18n import _
from .position import RED, WHITE, Position

__all__ = ["text_diagram", "svg_image"]

_SVG_TAG = re.compile(r"<svg\b[^>]*>", re.S)
_SVG_ATTR = {name: re.compile(rf'\s{name}="\s*([\d.]+)(?:px)?\s*"') for name in ("width", "height")}
_SVG_VIEWBOX = re.compile(r'\sviewBox="\s*[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)[ ,]+([\d.]+)\s*"')
_SVG_TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def svg_image(svg: str, *, alt: str | None = None, max_width: str | None = "100%") -> str:
    """An ``<img>`` tag showing ``svg`` (the text of an SVG document) from a base64 ``data:`` URI.

    The tag carries the SVG's width and height (from its attributes, else its viewBox) so the
    picture keeps its size, scales down to ``max_width``, and has ``alt`` text for screen readers
    (default: the SVG's ``<title>``, else "board diagram"). Deterministic: the same SVG gives the
    same tag. Raises :class:`ValueError` when ``svg`` is not SVG text.
    """
    if not isinstance(svg, str) or "<svg" not in svg:
        raise ValueError("svg_image needs the text of an SVG document (it has no <svg> element).")
    if alt is None:
        title = _SVG_TITLE.search(svg)
        alt = html.unescape(title.group(1)).strip() if title else "board diagram"
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    attrs = "".join(f' {name}="{_num(value)}"' for name, value in _svg_size(svg).items())
    style = f' style="max-width: {max_width}; height: auto"' if max_width else ""
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt, quote=True)}"{attrs}{style}/>'


def _svg_size(svg: str) -> dict[str, str]:
    """The SVG's width and height in pixels, from its attributes or else its viewBox ({} if neither)."""
    tag = _SVG_TAG.search(svg)
    if not tag:
        return {}
    found = {name: m.group(1) for name, rx in _SVG_ATTR.items() if (m := rx.search(tag.group(0)))}
    if len(found) == 2:
        return found
    box = _SVG_VIEWBOX.search(tag.group(0))
    return {"width": box.group(1), "height": box.group(2)} if box else {}


def _num(text: str) -> str:
    value = float(text)
    return str(int(value)) if value == int(value) else f"{value:g}"


def _cell(position: Position, point: int, row: int) -> str:
    owner, n = position.owner(point, WHITE)
    if owner is None or n <= row:
        return " . " if row == 0 else "   "
    mark = "O" if owner is WHITE else "X"
    if row == 4 and n > 5:
        return f"{n:^3}"
    return f" {mark} "


def text_diagram(position: Position) -> str:
    """A multi-line picture of ``position`` from White's side (O = White, X = Red), its last line (who
    is to play, the pip counts, the checkers off) in the current language; a game without a bar
    (Long Nardy) has no "BAR" between the halves."""
    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    lines = [" " + "".join(f"{p:^3}" for p in top[:6]) + "|   |" + "".join(f"{p:^3}" for p in top[6:])]
    lines.append("+" + "-" * 18 + "+---+" + "-" * 18 + "+")
    for row in range(5):
        left = "".join(_cell(position, p, row) for p in top[:6])
        right = "".join(_cell(position, p, row) for p in top[6:])
        bar = position.bar(RED)
        mid = f" {'X' if bar > row else ' '} " if not (row == 4 and bar > 5) else f"{bar:^3}"
        lines.append(f"|{left}|{mid}|{right}|")
    lines.append("|" + " " * 18 + ("|BAR|" if position.has_bar else "|   |") + " " * 18 + "|")
    for row in range(4, -1, -1):
        left = "".join(_cell(position, p, row) for p in bottom[:6])
        right = "".join(_cell(position, p, row) for p in bottom[6:])
        bar = position.bar(WHITE)
        mid = f" {'O' if bar > row else ' '} " if not (row == 4 and bar > 5) else f"{bar:^3}"
        lines.append(f"|{left}|{mid}|{right}|")
    lines.append("+" + "-" * 18 + "+---+" + "-" * 18 + "+")
    lines.append(" " + "".join(f"{p:^3}" for p in bottom[:6]) + "|   |" + "".join(f"{p:^3}" for p in bottom[6:]))
    # Translators: the last line of the text board; {mark} is O (White) or X (Red), as drawn above.
    lines.append(_("{side} ({mark}) to play · pips White {white}, Red {red} · off White {white_off}, Red "
                   "{red_off}").format(
        side=position.turn, mark="O" if position.turn is WHITE else "X", white=position.pip_count(WHITE),
        red=position.pip_count(RED), white_off=position.off(WHITE), red_off=position.off(RED)))
    return "\n".join(lines)
