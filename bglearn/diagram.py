"""A text diagram of a position, for terminals and doctests.

The board is drawn from White's side: White's home board bottom right, points 13-24 along the top,
``O`` for White's checkers and ``X`` for Red's; more than five on a point show the count.
"""

from __future__ import annotations

from .position import RED, WHITE, Position

__all__ = ["text_diagram"]


def _cell(position: Position, point: int, row: int) -> str:
    owner, n = position.owner(point, WHITE)
    if owner is None or n <= row:
        return " . " if row == 0 else "   "
    mark = "O" if owner is WHITE else "X"
    if row == 4 and n > 5:
        return f"{n:^3}"
    return f" {mark} "


def text_diagram(position: Position) -> str:
    """A multi-line picture of ``position`` from White's side (O = White, X = Red)."""
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
    lines.append("|" + " " * 18 + "|BAR|" + " " * 18 + "|")
    for row in range(4, -1, -1):
        left = "".join(_cell(position, p, row) for p in bottom[:6])
        right = "".join(_cell(position, p, row) for p in bottom[6:])
        bar = position.bar(WHITE)
        mid = f" {'O' if bar > row else ' '} " if not (row == 4 and bar > 5) else f"{bar:^3}"
        lines.append(f"|{left}|{mid}|{right}|")
    lines.append("+" + "-" * 18 + "+---+" + "-" * 18 + "+")
    lines.append(" " + "".join(f"{p:^3}" for p in bottom[:6]) + "|   |" + "".join(f"{p:^3}" for p in bottom[6:]))
    turn = "White (O)" if position.turn is WHITE else "Red (X)"
    lines.append(
        f"{turn} to play · pips White {position.pip_count(WHITE)}, Red {position.pip_count(RED)}"
        f" · off White {position.off(WHITE)}, Red {position.off(RED)}"
    )
    return "\n".join(lines)
