"""The Long Nardy board's fixed facts, shared by the variant's position, rules, checks and diagram
(a module of constants with no imports from the rest of the variant, so each of those can use it).
``OPPOSITE`` is the one place the numbering formula is written.

Each side numbers the points from its own home: my point ``i`` is the opponent's point
``((i + 11) mod 24) + 1`` (my 24-point, my head, is the opponent's 12-point; my 13-point is the
opponent's 1-point). The map is its own inverse.

>>> OPPOSITE[24], OPPOSITE[13], OPPOSITE[12], OPPOSITE[1]
(12, 1, 24, 13)
"""

from __future__ import annotations

from ...player import CHECKERS

__all__ = ["VARIANT", "HEAD", "START", "OPPOSITE"]

VARIANT = "long-nardy"
"""The name of the variant, as ``position.variant`` gives it."""

HEAD = 24
"""Each side's head (its own 24-point), where all 15 checkers start."""

START: tuple[int, ...] = tuple(CHECKERS if i == HEAD else 0 for i in range(25))
"""One side's checkers at the start: all 15 on the head (index 0 = bar, always 0)."""

OPPOSITE: tuple[int, ...] = (0, *(((i + 11) % 24) + 1 for i in range(1, 25)))
"""``OPPOSITE[i]`` is the opponent's number for my point ``i`` (index 0 unused)."""
