"""Colours and the embedded style sheet of the board diagrams drawn by :mod:`bglearn.svg`.

A :class:`Theme` is only colours; the geometry lives in :mod:`bglearn.svg`. Two themes exist:
``"classic"`` (a dark wooden board with dark green felt, cream and caramel points, ivory and red
checkers with dark rims) and ``"contrast"`` (high contrast, built from the Okabe–Ito colour-blind-safe
palette: black frame, white felt, blue and grey points, white and vermillion checkers with heavy
black outlines). In both, every mark needed to read the board has at least 3:1 against what is
beside it, in colour and in grayscale, and text 4.5:1 (WCAG 2.2 1.4.11 and 1.4.3; a checker close to
its ground in brightness is set off by its rim, 3:1 against both and 2 px wide at 320 px):
``tests/test_contrast.py`` computes every pair.

>>> from bglearn.svg_theme import THEMES, contrast_ratio
>>> sorted(THEMES)
['classic', 'contrast']
>>> round(contrast_ratio("#000000", "#ffffff"), 1)
21.0
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Theme", "THEMES", "style_sheet", "relative_luminance", "contrast_ratio"]


@dataclass(frozen=True)
class Theme:
    """The colours of one board style (CSS colour strings)."""

    name: str
    frame: str          # the wood: outer frame, number and info bands
    bar: str            # the bar between the two halves
    felt: str           # the playing fields
    tray: str           # the bear-off trays
    point_odd: str      # triangles of odd-numbered points
    point_even: str     # triangles of even-numbered points
    label: str          # text on the frame (point numbers, pip counts, caption)
    felt_text: str      # text on the felt (Long Nardy's "head")
    white_fill: str
    white_stroke: str
    white_text: str     # count written on a White checker
    red_fill: str
    red_stroke: str
    red_text: str
    checker_stroke_width: str
    cube_fill: str
    cube_stroke: str
    cube_text: str
    tray_text: str      # the count written in a bear-off tray
    highlight: str      # candidate destination points (outline and landing ring)
    selected: str       # the ring around the selected checker
    halo: str           # the dark edge around every mark, so it shows on light and dark ground alike
    arrow: str          # a play drawn as arrows (solid)
    last_play: str      # the last play drawn as arrows (dashed)
    hit: str            # the mark where a blot is hit
    focus: str          # keyboard focus ring (drawn with the halo colour around it)


THEMES: dict[str, Theme] = {
    "classic": Theme(
        name="classic",
        frame="#3f2915",
        bar="#2e1d0f",
        felt="#143322",
        tray="#112c1d",
        point_odd="#e6d3a3",
        point_even="#b6753c",
        label="#f3e6c8",
        felt_text="#f3e6c8",
        white_fill="#f7f3e8",
        white_stroke="#1a1a1a",
        white_text="#1a1a1a",
        red_fill="#ea4b3c",
        red_stroke="#1a1a1a",
        red_text="#000000",
        checker_stroke_width="4.5",
        cube_fill="#fbf8ef",
        cube_stroke="#333333",
        cube_text="#1a1a1a",
        tray_text="#f3e6c8",
        highlight="#ffd54a",
        selected="#4fc3f7",
        halo="#000000",
        arrow="#ffeb3b",
        last_play="#9fe3ff",
        hit="#ff6f00",
        focus="#ffffff",
    ),
    "contrast": Theme(
        name="contrast",
        frame="#000000",
        bar="#1a1a1a",
        felt="#ffffff",
        tray="#1a1a1a",
        point_odd="#2b7fc0",
        point_even="#767676",
        label="#ffffff",
        felt_text="#000000",
        white_fill="#ffffff",
        white_stroke="#000000",
        white_text="#000000",
        red_fill="#d55e00",
        red_stroke="#000000",
        red_text="#000000",
        checker_stroke_width="4.5",
        cube_fill="#ffffff",
        cube_stroke="#000000",
        cube_text="#000000",
        tray_text="#ffffff",
        highlight="#f0e442",
        selected="#56b4e9",
        halo="#000000",
        arrow="#f0e442",
        last_play="#cc79a7",
        hit="#e69f00",
        focus="#ffffff",
    ),
}
"""The themes :func:`bglearn.render` accepts, by name."""


def style_sheet(theme: Theme) -> str:
    """The ``<style>`` text: pointer and keyboard-focus styling for the clickable groups (the
    ``.bg-area`` rectangle of a group focused from the keyboard gets a visible outline; a mouse click
    draws no ring: ``:focus-visible``). Scoped to the theme's class so several boards with different
    themes can share a notebook page."""
    scope = f".bg-theme-{theme.name}"
    return (
        f"{scope} [tabindex]{{cursor:pointer}}"
        f"{scope} [tabindex]:focus{{outline:none}}"
        f"{scope} [tabindex]:focus-visible{{outline:3px solid {theme.focus};outline-offset:-4px}}"
        f"{scope} [tabindex]:focus-visible>.bg-area"
        f"{{stroke:{theme.halo};stroke-width:5;stroke-opacity:1}}"
        f"{scope} .bg-arrows,{scope} .bg-last-play,{scope} .bg-count{{pointer-events:none}}"
    )


def relative_luminance(color: str) -> float:
    """WCAG 2.2 relative luminance of a ``#rrggbb`` colour (0 for black, 1 for white)."""
    c = color.lstrip("#")
    if len(c) != 6:
        raise ValueError(f"expected a #rrggbb colour, got {color!r}")
    channels = []
    for i in (0, 2, 4):
        v = int(c[i:i + 2], 16) / 255
        channels.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2.2 contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
