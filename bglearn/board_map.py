"""A labelled map of the board: the picture a first lesson needs to name the parts of the board.

>>> from bglearn.board_map import board_map
>>> svg = board_map()
>>> "White's home board" in svg and "Red's outer board" in svg and 'data-map-arrow="white"' in svg
True

:func:`board_map` draws the starting position with :func:`bglearn.svg.render` and labels, around
it, the four quadrants (each player's home and outer board, with the bottom player's point
numbers), the bar, both trays, and each colour's direction of travel as an arrow: from its 24-point
round to its home board and off. ``home="left"`` draws the mirrored board (home boards on the left),
where the arrows run the other way round: the direction follows the home board.

The labels sit on the renderer's own layout (``bglearn.svg``'s geometry), so they stay on the parts
they name when the board's proportions change. Every label is a translated message.
"""

from __future__ import annotations

from typing import Callable

from .i18n import N_, _, pgettext
from .position import RED, WHITE, Player, Position
from .svg import BAR_W, PW, TRAY_W, W, X_B, X_L, X_R, X_T, Diagram, RenderError, coord, player_option, render

__all__ = ["board_map"]

#: The quadrants' names, by owner and kind (full sentences, so each language words them its own way).
QUADRANT = {
    (WHITE, "home"): N_("White's home board"), (WHITE, "outer"): N_("White's outer board"),
    (RED, "home"): N_("Red's home board"), (RED, "outer"): N_("Red's outer board"),
}
#: The line under a quadrant's name: its points in the bottom player's numbering.
POINTS = {WHITE: N_("White's points {first}–{last}"), RED: N_("Red's points {first}–{last}")}
TRAY = {WHITE: N_("White's tray"), RED: N_("Red's tray")}
WAY = {WHITE: N_("White's way round"), RED: N_("Red's way round")}

ARROW = {WHITE: "#1f6feb", RED: "#c62828"}   # White's arrow blue (white is invisible on paper), Red's red
MARGIN = 30        # room left and right of the board for the arrows' turns
LABELS = 40        # the band of two label lines above and below the board
LANE_IN, LANE_OUT = 9, 21   # the two arrows' distances from the board (the bottom player's outside)
FONT = 'font-family="DejaVu Sans, Verdana, Arial, sans-serif"'


def board_map(position: Position | None = None, *, perspective: Player = WHITE, home: str = "right",
              theme: str = "classic", caption: str | None = None) -> Diagram:
    """The board (``position``, default the start) with its parts labelled, as a :class:`Diagram`.

    Above and below the board: each quadrant's name ("Red's outer board", ...) and its points in
    the ``perspective`` player's numbering ("White's points 13–18"); the bar; both trays; and two
    arrows, each colour's direction of travel from its 24-point to its home board and off (the
    ``perspective`` player's outside, the opponent's inside), named in a legend under the board.
    ``home`` ("right" or "left") and ``theme`` are passed to :func:`bglearn.svg.render`, as is
    ``caption``. The returned SVG carries ``data-map-arrow="white"``/``"red"`` on the arrows and
    ``data-home`` like the board. Bad options raise :class:`~bglearn.svg.RenderError`.
    """
    position = Position() if position is None else position
    bottom = player_option(perspective, "perspective")
    if home not in ("right", "left"):
        raise RenderError(f"home must be 'right' or 'left', got {home!r}.")
    top_player = bottom.opponent
    board_svg = str(render(position, perspective=bottom, home=home, theme=theme, caption=caption))
    height = float(board_svg.split('height="', 1)[1].split('"', 1)[0])
    width = W + 2 * MARGIN
    top = LABELS + LANE_OUT + 6                    # the board's top edge in the map
    under = top + height + LANE_OUT + 6            # the top of the labels under the board
    total = under + LABELS + 24

    def x(logical: float) -> float:
        """The map's x of a board x given with the home board on the right (mirrored for home="left")."""
        return MARGIN + (W - logical if home == "left" else logical)

    parts: list[str] = []
    label = _labeller(parts)
    left, right = X_L + 3 * PW, X_R + 3 * PW        # the centres of the left and right fields
    for y, owner, outer_first, home_first in ((0, top_player, 13, 19), (under, bottom, 7, 1)):
        for cx, kind, first in ((left, "outer", outer_first), (right, "home", home_first)):
            label(x(cx), y + 16, _(QUADRANT[owner, kind]), bold=True)
            label(x(cx), y + 33, _(POINTS[bottom]).format(first=first, last=first + 5))
        # a word on the map, not the notation "bar" of bar/22 (which every language keeps)
        label(x(X_B + BAR_W / 2), y + 16, pgettext("board map", "bar"), bold=True)
        label(x(X_T + TRAY_W / 2), y + 33, _(TRAY[owner]))

    # The arrows: the bottom player from its 24-point (top right) along the top, down the far side,
    # along the bottom to its 1-point and into its tray; the top player the same way mirrored top to
    # bottom, one lane nearer the board.
    start_x, end_x = x(X_R + 6 * PW - 8), x(X_T + TRAY_W / 2)
    for player, lane in ((bottom, LANE_OUT), (top_player, LANE_IN)):
        above, below = top - lane, top + height + lane
        y_from, y_to = (above, below) if player is bottom else (below, above)
        side = MARGIN - lane if home == "right" else width - MARGIN + lane
        parts.append(
            f'<path data-map-arrow="{"white" if player is WHITE else "red"}" d="M {coord(start_x)} {coord(y_from)} '
            f'L {coord(side)} {coord(y_from)} L {coord(side)} {coord(y_to)} L {coord(end_x)} {coord(y_to)}" fill="none" '
            f'stroke="{ARROW[player]}" stroke-width="3" marker-start="url(#map-tail-{player.name.lower()})" '
            f'marker-end="url(#map-head-{player.name.lower()})"/>')
    for i, player in enumerate((bottom, top_player)):   # the legend: a piece of each arrow, named
        lx, ly = width / 2 + (i - 1) * width / 2.4 + 24, under + LABELS + 12
        parts.append(f'<line x1="{coord(lx)}" y1="{coord(ly)}" x2="{coord(lx + 28)}" y2="{coord(ly)}" stroke="{ARROW[player]}" '
                     f'stroke-width="3"/><text x="{coord(lx + 36)}" y="{coord(ly + 5)}" font-size="13" {FONT} '
                     f'font-weight="bold" fill="{ARROW[player]}">{_escape(_(WAY[player]))}</text>')
    heads = "".join(
        f'<marker id="map-head-{p.name.lower()}" markerWidth="8" markerHeight="8" refX="6" refY="4" '
        f'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="{ARROW[p]}"/></marker>'
        f'<marker id="map-tail-{p.name.lower()}" markerWidth="6" markerHeight="6" refX="3" refY="3">'
        f'<circle cx="3" cy="3" r="2.5" fill="{ARROW[p]}"/></marker>' for p in (WHITE, RED))
    inner = board_svg.replace("<svg ", f'<svg x="{MARGIN}" y="{coord(top)}" ', 1)
    title = _("Map of the board: the quadrants, the bar, the trays and each colour's direction of travel")
    return Diagram(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{coord(width)}" height="{coord(total)}" '
        f'viewBox="0 0 {coord(width)} {coord(total)}" role="img" class="bg-board-map" data-home="{home}">'
        f"<title>{_escape(title)}</title><defs>{heads}</defs>"
        f'<rect width="{coord(width)}" height="{coord(total)}" fill="#ffffff"/>'
        f"{''.join(parts)}{inner}</svg>")


def _labeller(parts: list[str]) -> Callable[..., None]:
    def label(cx: float, y: float, text: str, bold: bool = False) -> None:
        weight = ' font-weight="bold"' if bold else ""
        parts.append(f'<text x="{coord(cx)}" y="{coord(y)}" text-anchor="middle" font-size="13" {FONT}{weight} '
                     f'fill="#222222">{_escape(text)}</text>')
    return label


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
