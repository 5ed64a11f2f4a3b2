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
from typing import Any, NamedTuple, Sequence

from .errors import NotationError
from .i18n import _

__all__ = ["Segment", "parse_moves", "format_play", "format_moves", "format_point"]

BAR, OFF = 25, 0


def format_point(p: int) -> str:
    """``bar``, ``off`` or the point number."""
    return "bar" if p == BAR else "off" if p == OFF else str(p)


class Segment(NamedTuple):
    """One written piece of a play: a checker's path (``path[0]`` the source, then every written
    point; 25 = bar, 0 = off), whether a hit was marked at each point, and how many times it is made."""

    path: tuple[int, ...]
    hits: tuple[bool, ...]
    count: int = 1  # type: ignore[assignment]  # a field named as in the notation; shadows tuple.count

    def __str__(self) -> str:
        text = "/".join(format_point(p) + ("*" if h else "") for p, h in zip(self.path, self.hits))
        return text + (f"({self.count})" if self.count > 1 else "")


_TOKEN = re.compile(r"^(?P<body>[^()]+?)(?:\((?P<count>[^)]*)\))?$")
_LOOSE = re.compile(r"\s[/*()]|[/(]\s")
"""Where the writing has a space that :func:`parse_moves` closes up (none in ``13/7 8/7``)."""
_SEPARATORS = re.compile(r"[\s,;]+")
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
            raise NotationError(_("in {token}: 'bar' can only start a move (a checker enters from the bar).").format(
                token=repr(token)))
        if hit:
            raise NotationError(_("in {token}: '*' marks a hit on the point landed on, not on the bar.").format(
                token=repr(token)))
        return BAR, False
    if word in ("off", "o", "0"):
        if not last:
            raise NotationError(_("in {token}: 'off' can only end a move (a checker borne off is gone).").format(
                token=repr(token)))
        if hit:
            raise NotationError(_("in {token}: nothing can be hit when bearing off.").format(token=repr(token)))
        return OFF, False
    if not word.isdigit():
        raise NotationError(
            _("in {token}: {text} is not a point; write a number 1-24, 'bar' or 'off'.").format(
                token=repr(token), text=repr(raw))
        )
    n = int(word)
    if not 1 <= n <= 24:
        raise NotationError(_("in {token}: there is no point {number}; points are 1-24.").format(
            token=repr(token), number=n))
    if first and hit:
        raise NotationError(_("in {token}: '*' goes after the point where the blot is hit, not the start.").format(
            token=repr(token)))
    return n, hit


def parse_moves(text: str) -> list[Segment]:
    """The segments written in ``text`` (``"24/18 13/11"``, ``"bar/22*"``, ``"8/5(2)"``,
    ``"13/7/5"``). This reads the writing only; whether the play is legal is
    :func:`bglearn.explain`'s job. Malformed text raises :class:`NotationError` naming the bad part.
    An empty play (``""``, ``"pass"``, ``"no play"``) gives an empty list."""
    if not isinstance(text, str):
        raise NotationError(_("a play is written as text such as '24/18 13/11', got {type}.").format(
            type=type(text).__name__))
    t = text.strip()
    if t.lower() in _EMPTY:
        return []
    if _LOOSE.search(t):  # spaces around '/', before '*', around '(' or before ')': close them up
        t = re.sub(r"\s*/\s*", "/", t)
        t = re.sub(r"\s*\*", "*", t)
        t = re.sub(r"\s*\(\s*", "(", t)
        t = re.sub(r"\s*\)", ")", t)
    segments: list[Segment] = []
    for token in _SEPARATORS.split(t):
        if not token:
            continue
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(_("{token} is not a move; write moves like '13/7', 'bar/22*' or '8/5(2)'.").format(
                token=repr(token)))
        body, count_text = m.group("body"), m.group("count")
        count = 1
        if count_text is not None:
            if not count_text.strip().isdigit() or not 1 <= int(count_text) <= 4:
                raise NotationError(
                    _("in {token}: '({count})' must be a count 1-4, as in '8/5(2)'.").format(
                        token=repr(token), count=count_text)
                )
            count = int(count_text)
        parts = body.split("/")
        if len(parts) < 2:
            raise NotationError(
                _("{token} is not a move: write the start and end points separated by '/', as in '13/7'.").format(
                    token=repr(token))
            )
        if any(not p.strip() for p in parts):
            raise NotationError(_("{token} has an empty point between '/' signs.").format(token=repr(token)))
        path, hits = [], []
        for i, part in enumerate(parts):
            p, h = _point(part, token, i == 0, i == len(parts) - 1)
            path.append(p)
            hits.append(h)
        segments.append(Segment(tuple(path), tuple(hits), count))
    if sum(s.count * (len(s.path) - 1) for s in segments) > 4:
        raise NotationError(_("{text} has more moves than any roll allows (at most four).").format(text=repr(text)))
    return segments


def format_play(play: Any, *, paths: bool = False, numbering: Any = None) -> str:
    """A :class:`~bglearn.plays.Play` as text (empty string for a lost turn).

    The default is the standard notation, written as GNU Backgammon writes it (and as
    :attr:`Play.notation <bglearn.plays.Play.notation>` gives it, which records and IDs depend on):
    moves sorted by source, highest first; one checker's consecutive moves joined into one path whose
    intermediate point is written only where an opposing blot stood (``13/11*/5``, but ``24/13``);
    identical paths counted (``8/5(2)``), a hit mark going to the first of them only (``6/4*(2)``:
    the first checker to land hits, the second lands on the point just taken). One difference from
    gnubg: a bear-off is not joined to the move before it (``8/6 6/off``; gnubg writes ``8/off``).

    ``paths=True`` gives the learner's form: every point a checker lands on is written
    (``bar/21/19`` for 4-2 entering and moving on, where the standard ``bar/19`` reads as a 6 entering;
    ``13/7/5``), the rest as above.

    ``numbering`` (a :class:`~bglearn.position.Player`) writes the points in that side's numbering
    (default: the side that plays); a checker that White writes ``13/7`` is ``12/18`` in Red's numbers.
    ``bar`` and ``off`` are the same for both sides.
    """
    # The moves as (source, destination, die, hit) tuples: a Play's raw_moves, which need no Move made.
    raw = getattr(play, "raw_moves", None)
    flip = numbering is not None and numbering != play.position.turn
    # the game's map to the other side's numbers
    return format_moves(play.moves if raw is None else raw, paths=paths,
                        opposite=play.position.OPPOSITE if flip else None)


def format_moves(moves: Sequence[Sequence[Any]], *, paths: bool = False, opposite: Sequence[int] | None = None) -> str:
    """One side's moves ``(source, destination, die, hit)`` (:class:`~bglearn.plays.Move` s, in that
    side's numbering) as text, joined, counted and ordered as :func:`format_play` writes a play;
    ``paths=True`` writes every point a checker lands on. ``opposite`` (a game's ``OPPOSITE``) writes
    the points in the other side's numbers.

    >>> from bglearn.plays import Move
    >>> format_moves([Move(24, 19, 5), Move(19, 16, 3)]), format_moves([Move(24, 19, 5), Move(19, 16, 3)], paths=True)
    ('24/16', '24/19/16')
    """
    moves = sorted(moves, key=_highest_first)
    flip = opposite is not None
    opposite = opposite or ()
    blots = {m[1] for m in moves if m[3]}  # points where an opposing blot stood at the start
    # Join each checker's consecutive moves into one path (gnubg's FormatMove): a move continues the
    # first earlier path that ends where it starts. Unlike gnubg, a bear-off stays its own move
    # (``8/6 6/off``, where gnubg writes ``8/off``), as the rule texts' cases write it.
    chains: list[list[int]] = []
    for m in moves:
        source, destination = m[0], m[1]
        for c in chains:
            if c[-1] == source and destination != OFF:
                c.append(destination)
                break
        else:
            chains.append([source, destination])
    shown_paths: list[tuple[int, ...]] = []
    for c in chains:
        inner = c[1:-1] if paths else [p for p in c[1:-1] if p in blots]
        shown_paths.append((c[0], *inner, c[-1]))
    counted: dict[tuple[int, ...], int] = {}
    for path in shown_paths:
        counted[path] = counted.get(path, 0) + 1
    marked: set[int] = set()
    texts = []
    for path, n in counted.items():
        parts = [format_point(_renumber(path[0], flip, opposite))]
        for p in path[1:]:
            star = p in blots and p not in marked
            if star:
                marked.add(p)
            parts.append(format_point(_renumber(p, flip, opposite)) + ("*" if star else ""))
        texts.append("/".join(parts) + (f"({n})" if n > 1 else ""))
    return " ".join(texts)


def _highest_first(m: Sequence[int]) -> tuple[int, int]:
    """The sort key of standard notation's move order: highest source first, then highest destination."""
    return (-m[0], -m[1])


def _renumber(p: int, flip: bool, opposite: Sequence[int]) -> int:
    """``p`` in the other side's numbering when ``flip``: ``opposite[p]`` (the game's ``OPPOSITE``:
    ``25 - p`` in backgammon; another map in Long Nardy, where both sides move the same way round)."""
    if not flip or p in (BAR, OFF):
        return p
    return opposite[p]
