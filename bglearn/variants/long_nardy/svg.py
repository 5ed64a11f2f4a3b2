"""What a Long Nardy diagram adds to the backgammon board (:func:`bglearn.svg.render` asks the position for it:
:meth:`LongNardyPosition.draw_variant <bglearn.variants.long_nardy.position.LongNardyPosition.draw_variant>`): both
heads marked, each side's arrow of travel from its head, and the words that name the variant.

Both sides travel anticlockwise (home on the right; clockwise when ``home="left"`` mirrors the
board): the bottom player from its head (its 24-point,
top right) along the top row and back along the bottom; the top player from its head (the bottom
player's 12-point, bottom left) along the bottom row and back along the top. Display only: the
points come from the position's numbering (:data:`bglearn.variants.long_nardy.board.OPPOSITE`), no rule is
decided here.

>>> from bglearn import RED, WHITE
>>> from bglearn.variants.long_nardy.svg import screen_point
>>> screen_point(WHITE, WHITE, 24), screen_point(WHITE, RED, 24)   # each side's 24-point, seen by White
(24, 12)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...player import WHITE, Player
from ...svg import F, PW, checker_style, coord
from .board import HEAD, OPPOSITE

if TYPE_CHECKING:  # pragma: no cover
    from ...position import Position

__all__ = ["draw_nardy", "describe_nardy", "screen_point"]


def screen_point(perspective: Player, mover: Player, n: int) -> int:
    """``mover``'s point ``n`` as the bottom player (``perspective``) numbers it."""
    return n if mover is perspective else OPPOSITE[n]


def describe_nardy(position: "Position", perspective: Player, home: str = "right") -> tuple[str, str]:
    """The title and the first sentences of the diagram's description (its accessible text): the
    direction the sides move as drawn (anticlockwise with the home board on the right, clockwise when
    ``home="left"`` mirrors the board). A board without a bar says nothing about one."""
    turn = position.turn.name_text
    title = _("Long Nardy position, {player} on roll").format(player=turn)
    other = perspective.opponent
    if home == "left":
        text = _("Long Nardy (long backgammon): no hitting. As drawn here, both sides move clockwise from "
                 "their head: {player}'s head is its 24-point, {other}'s head is {player}'s {head}-point.")
    else:
        text = _("Long Nardy (long backgammon): no hitting. As drawn here, both sides move anticlockwise "
                 "from their head: {player}'s head is its 24-point, {other}'s head is {player}'s {head}-point.")
    return title, text.format(player=perspective.name_text, other=other.name_text, head=OPPOSITE[HEAD])


def draw_nardy(b: Any, dwg: Any, board: Any, th: Any, position: "Position") -> None:
    """Mark both heads and draw both arrows of travel on a board drawn by :func:`bglearn.svg.render`."""
    p = board.p
    layer = b.g(dwg, {"class": "bg-nardy", "data-variant": "long-nardy"})
    portrait_labels: list[tuple[float, float, float]] = []   # (x, y of the arrow, its last field's step)
    for player in (p, p.opponent):
        head = screen_point(p, player, HEAD)
        name = "white" if player is WHITE else "red"
        colour = th.white_fill if player is WHITE else th.red_fill
        g = b.g(layer, {"class": "bg-head", "data-head": name, "data-head-point": str(head), "role": "img",
                        "aria-label": _("{player}'s head: {player}'s 24-point, where its 15 checkers start").format(
                            player=player.name_text)})
        # a bar in the owner's colour on the frame just outside the head's triangle (never over checkers)
        left = board.rx(board.column(head), PW)
        y0 = board.fy - F + 2 if head >= 13 else board.fb + 2
        b.rect(g, left + 2, y0, PW - 4, F - 4, class_="bg-head-mark", rx="2", fill=colour,
               stroke=th.halo, stroke_width="1.5")
        # the arrow of travel: from the head along its own row, on both fields of that row
        top = head >= 13
        y = board.ym - 12 if top else board.ym + 12
        pts = list(range(head, head - 12, -1))  # the head's row: 24 down to 13, or 12 down to 1
        fields = [pts[:6], pts[6:]]
        arrow = b.g(layer, {"class": "bg-travel", "data-travel": name, "role": "img",
                            "aria-label": _("{player} moves this way, from its head round the board to its "
                                            "home").format(player=player.name_text)})
        style = checker_style(th, player)
        for field in fields:
            x1, x2 = board.point_x(field[0]), board.point_x(field[-1])
            step = PW / 2 if x2 > x1 else -PW / 2
            x1 -= step * 0.6
            x2 += step * 0.6
            d = f"M{coord(x1)} {coord(y)}L{coord(x2 - step * 0.6)} {coord(y)}"
            b.path(arrow, d, fill="none", stroke=th.halo, stroke_width="7", stroke_linecap="round")
            b.path(arrow, d, fill="none", stroke=colour, stroke_width="3", stroke_linecap="butt")
            tip = (f"M{coord(x2)} {coord(y)}L{coord(x2 - step * 0.8)} {coord(y - 7)}"
                   f"L{coord(x2 - step * 0.8)} {coord(y + 7)}Z")
            b.path(arrow, tip, fill=colour, stroke=style["stroke"], stroke_width="1.5", stroke_linejoin="round")
        word = _("head")
        if board.portrait:   # after both arrows (below)
            last_step = PW / 2 if board.point_x(pts[-1]) > board.point_x(pts[6]) else -PW / 2
            portrait_labels.append((board.point_x(pts[0]), y, last_step))
        else:
            label_y = y - 8 if top else y + 18
            b.label(arrow, board.point_x(pts[0]), label_y - 4, 4, word, class_="bg-head-label", font_size="12",
                    font_weight="bold", fill=th.felt_text)
    if portrait_labels:
        # Upright on the turned board, "head" sits on its own arrow's start, in the head's row, on a
        # patch of felt: beside the stack (never over its count), drawn after both arrows and moved
        # along the row away from the other side's arrowhead, which ends in the same row.
        word = _("head")
        half = 4 + 3.6 * len(word)
        labels = b.g(layer, {"class": "bg-head-labels", "aria-hidden": "true"})
        for (x, y, _step), (_x, _y, other_step) in zip(portrait_labels, portrait_labels[::-1]):
            cx = x - (10 if other_step > 0 else -10)
            b.rect(labels, cx - 8, y - half, 16, 2 * half, class_="bg-head-patch", rx="3", fill=th.felt, stroke="none")
            b.label(labels, cx, y, 4, word, class_="bg-head-label", font_size="12", font_weight="bold",
                    fill=th.felt_text)
