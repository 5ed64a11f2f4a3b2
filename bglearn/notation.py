"""Move text: formatting a play in standard notation and reading what a player writes.

Conventions: points in the mover's numbering, ``bar`` and ``off``; ``*`` after a point where a blot
was hit; one checker's consecutive moves chained (``13/7/5`` may be written ``13/5``; an intermediate
point is written where a hit happened there); ``(n)`` for a move made n times; highest source first.

>>> from bglearn.notation import parse_moves
>>> parse_moves("bar/22* 8/5(2)")
[Segment(path=(25, 22), hits=(False, True), count=1), Segment(path=(8, 5), hits=(False, False), count=2)]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import NotationError

__all__ = ["Segment", "parse_moves", "format_play", "format_point"]

BAR, OFF = 25, 0


def format_point(p: int) -> str:
    """``bar``, ``off`` or the point number."""
    return "bar" if p == BAR else "off" if p == OFF else str(p)


class Segment(NamedTuple):
    """One written piece of a play: a checker's path (``path[0]`` the source, then every written
    point; 25 = bar, 0 = off), whether a hit was marked at each point, and how many times it is made."""

    path: tuple[int, ...]
    hits: tuple[bool, ...]
    count: int = 1

    def __str__(self) -> str:
        text = "/".join(format_point(p) + ("*" if h else "") for p, h in zip(self.path, self.hits))
        return text + (f"({self.count})" if self.count > 1 else "")


_TOKEN = re.compile(r"^(?P<body>[^()]+?)(?:\((?P<count>[^)]*)\))?$")
_EMPTY = {"", "-", "pass", "no play", "(no play)", "no legal play", "(no legal play)", "none",
          "cannot move", "can't move", "no move", "(no move)"}


def _point(text: str, token: str, first: bool, last: bool) -> tuple[int, bool]:
    raw = text
    hit = raw.endswith("*")
    if hit:
        raw = raw[:-1]
    word = raw.strip().lower()
    if word in ("bar", "b", "25"):
        if not first:
            raise NotationError(f"in {token!r}: 'bar' can only start a move (a checker enters from the bar).")
        if hit:
            raise NotationError(f"in {token!r}: '*' marks a hit on the point landed on, not on the bar.")
        return BAR, False
    if word in ("off", "o", "0"):
        if not last:
            raise NotationError(f"in {token!r}: 'off' can only end a move (a checker borne off is gone).")
        if hit:
            raise NotationError(f"in {token!r}: nothing can be hit when bearing off.")
        return OFF, False
    if not word.isdigit():
        raise NotationError(
            f"in {token!r}: {raw!r} is not a point; write a number 1-24, 'bar' or 'off'."
        )
    n = int(word)
    if not 1 <= n <= 24:
        raise NotationError(f"in {token!r}: there is no point {n}; points are 1-24.")
    if first and hit:
        raise NotationError(f"in {token!r}: '*' goes after the point where the blot is hit, not the start.")
    return n, hit


def parse_moves(text: str) -> list[Segment]:
    """The segments written in ``text`` (``"24/18 13/11"``, ``"bar/22*"``, ``"8/5(2)"``,
    ``"13/7/5"``). This reads the writing only; whether the play is legal is
    :func:`bglearn.explain`'s job. Malformed text raises :class:`NotationError` naming the bad part.
    An empty play (``""``, ``"pass"``, ``"no play"``) gives an empty list."""
    if not isinstance(text, str):
        raise NotationError(f"a play is written as text such as '24/18 13/11', got {type(text).__name__}.")
    t = text.strip()
    if t.lower() in _EMPTY:
        return []
    t = re.sub(r"\s*/\s*", "/", t)
    t = re.sub(r"\s*\*", "*", t)
    t = re.sub(r"\s*\(\s*", "(", t)
    t = re.sub(r"\s*\)", ")", t)
    segments: list[Segment] = []
    for token in re.split(r"[\s,;]+", t):
        if not token:
            continue
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"{token!r} is not a move; write moves like '13/7', 'bar/22*' or '8/5(2)'.")
        body, count_text = m.group("body"), m.group("count")
        count = 1
        if count_text is not None:
            if not count_text.strip().isdigit() or not 1 <= int(count_text) <= 4:
                raise NotationError(
                    f"in {token!r}: '({count_text})' must be a count 1-4, as in '8/5(2)'."
                )
            count = int(count_text)
        parts = body.split("/")
        if len(parts) < 2:
            raise NotationError(
                f"{token!r} is not a move: write the start and end points separated by '/', as in '13/7'."
            )
        if any(not p.strip() for p in parts):
            raise NotationError(f"{token!r} has an empty point between '/' signs.")
        path, hits = [], []
        for i, part in enumerate(parts):
            p, h = _point(part, token, i == 0, i == len(parts) - 1)
            path.append(p)
            hits.append(h)
        segments.append(Segment(tuple(path), tuple(hits), count))
    if sum(s.count * (len(s.path) - 1) for s in segments) > 4:
        raise NotationError(f"{text!r} has more moves than any roll allows (at most four).")
    return segments


def format_play(play) -> str:
    """Standard notation of a :class:`~bglearn.plays.Play` (empty string for a lost turn)."""
    chains: list[list] = []  # [path points, hit flags]
    for m in play.moves:
        target = None
        if m.destination != OFF:
            for c in chains:
                if c[0][-1] == m.source:
                    target = c
                    break
        if target is None:
            chains.append([[m.source, m.destination], [False, m.hit]])
        else:
            target[0].append(m.destination)
            target[1].append(m.hit)
    texts: dict[str, list] = {}
    for path, hits in chains:
        shown = [format_point(path[0])]
        for p, h in zip(path[1:-1], hits[1:-1]):
            if h:
                shown.append(format_point(p) + "*")
        shown.append(format_point(path[-1]) + ("*" if hits[-1] else ""))
        text = "/".join(shown)
        if text in texts:
            texts[text][2] += 1
        else:
            texts[text] = [path[0], path[-1], 1]
    items = sorted(texts.items(), key=lambda kv: (-kv[1][0], -kv[1][1]))
    return " ".join(t + (f"({n})" if n > 1 else "") for t, (_, _, n) in items)
