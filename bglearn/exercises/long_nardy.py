"""The Long Nardy exercise: the numbering, the opening throw, the head rule and its first-turn exception,
closed points, the six-block rule, bearing off, and oin or mars.

Every student's variant has the same slots (:func:`long_nardy_slots`): the same kinds of question,
each testing the same rule, with positions of its own. Positions come from random legal play from
the Long Nardy start (the engine decides what is legal) or, for the six-block rule and bearing off,
are built around the rule — random play almost never builds six points in a row. Every question is
checked with the engine, as in :mod:`bglearn.exercises.generators`: it must test its slot's rule
(:meth:`~bglearn.exercises.questions.Question.rules`), have a position that can occur in a game and
an answer count within the bands.

>>> from bglearn.exercises import generate
>>> qs = generate("long-nardy", seed=1, student="alice")
>>> sorted({code for q in qs for code in q.rules()} & set(LONG_NARDY_RULES)) == sorted(LONG_NARDY_RULES)
True
"""

from __future__ import annotations

import random
from typing import Callable

from ..dice import ALL_ROLLS, Roll
from ..verdicts import Reason, explain
from ..i18n import _
from ..kernel import mover_arrays
from ..plays import legal_plays
from ..position import Player, Position
from .candidates import tempting_plays
from .slots import ExerciseSpec, Slot, accepts, in_band
from .questions import (ListPlays, MakePlay, MayBearOff, OpeningStarter, PickPlay, PointOwner, Question,
                        ResultKindQuestion)
from ..variants.long_nardy import OPPOSITE, six_block

__all__ = ["VARIANT", "LONG_NARDY_RULES", "LONG_NARDY_EXERCISE", "long_nardy_slots", "nardy_position",
           "head_candidates", "pick_options", "block_problem"]

VARIANT = "long-nardy"
HEAD = 24
WHITE, RED = Player.WHITE, Player.RED

LONG_NARDY_RULES: tuple[str, ...] = ("NARDY_NUMBERING", "NARDY_OPENING", "HEAD_RULE", "HEAD_EXCEPTION", "CLOSED_POINT",
                                     "SIX_BLOCK", "BEAR_OFF", "BEAR_OFF_HIGHER_POINT", "BEAR_OFF_NOT_ALL_HOME",
                                     "OIN_MARS")
"""The rule codes the exercise declares (every student's variant tests each one)."""


def _opposite(point: int) -> int:
    """My ``point`` in the opponent's numbering (Long Nardy: shifted by half a board)."""
    return OPPOSITE[point]


def nardy_position(me: dict[int, int], them: dict[int, int], turn: Player) -> Position:
    """A Long Nardy position: ``me`` {point: checkers} for the side on roll, ``them`` for the other
    side, each in **its own** numbering (checkers not given are borne off). The engine validates it
    (:class:`~bglearn.errors.InvalidPositionError` when the two sides share a point)."""
    on_roll = [0] + [me.get(i, 0) for i in range(1, 25)]
    other = [0] + [them.get(i, 0) for i in range(1, 25)]
    return Position.from_arrays(on_roll, other, turn, variant=VARIANT)


def block_problem(position: Position) -> str | None:
    """Why a Long Nardy ``position`` could not occur in a game because a side holds six points in a
    row that no opposing checker has passed (no legal play makes one), or ``None``."""
    for side in (position.turn, position.turn.opponent):
        b, o = mover_arrays(position.with_turn(side))
        if six_block(b, o, position.off(side.opponent)):
            return _("{side} holds six points in a row that no opposing checker has passed").format(side=side)
    return None


def _start(turn: Player) -> Position:
    return Position(variant=VARIANT).with_turn(turn)


def _roll(rng: random.Random, doubles: bool) -> Roll:
    return rng.choice([r for r in ALL_ROLLS if r.is_double == doubles])


def _played(rng: random.Random, plies: int) -> Position:
    """The Long Nardy start after ``plies`` random legal plays (the engine chooses what is legal)."""
    p = _start(rng.choice([WHITE, RED]))
    for _step in range(plies):
        plays = legal_plays(p, rng.choice(ALL_ROLLS))
        p = rng.choice(plays).result if plays else p.pass_turn()
    return p


# -- candidate plays a learner might try ------------------------------------------------------------

def head_candidates(position: Position, roll: Roll) -> list[str]:
    """Plays that take more than one checker off the head (two for a non-double, two to four for a
    double): only proposals — :func:`~bglearn.verdicts.explain` decides which the head rule forbids."""
    d_hi, d_lo = roll.high, roll.low
    if roll.is_double:
        return [f"{HEAD}/{HEAD - d_hi}({k})" for k in (2, 3, 4)]
    return [f"{HEAD}/{HEAD - d_hi} {HEAD}/{HEAD - d_lo}"]


def pick_options(rng: random.Random, position: Position, roll: Roll, reason: Reason,
                 extra: list[str] | None = None, n_wrong: int = 3) -> tuple[str, ...] | None:
    """Four options for a pick-the-play question, exactly one legal (chosen from the engine's legal
    plays); at least one wrong option breaks ``reason`` (judged by the engine), the others break
    other rules. ``None`` when the roll has no such wrong option or no legal play."""
    plays = legal_plays(position, roll)
    if not plays:
        return None
    bad = list(tempting_plays(position, roll))
    for text in extra or []:
        v = explain(position, roll, text, plays=plays)
        if not v.legal and v.reason is not Reason.BAD_NOTATION:
            bad.append((text, v.reason))
    bad = list(dict(bad).items())  # one entry per text
    preferred = [t for t, r in bad if r is reason]
    if not preferred:
        return None
    others = [t for t, r in bad if r is not reason]
    rng.shuffle(preferred)
    rng.shuffle(others)
    wrong = (preferred[:1] + others[:1] + preferred[1:2] + others[1:] + preferred[2:])[:n_wrong]
    if len(wrong) < n_wrong:
        return None
    options = [rng.choice(plays).notation] + wrong
    rng.shuffle(options)
    if sum(explain(position, roll, t, plays=plays).legal for t in options) != 1:
        return None
    return tuple(options)


def _pick(rng: random.Random, position: Position, roll: Roll, reason: Reason,
          extra: list[str] | None = None) -> Question | None:
    options = pick_options(rng, position, roll, reason, extra)
    return None if options is None else PickPlay(position, roll=roll, options=options)


# -- the head rule ----------------------------------------------------------------------------------

def _head_ordinary(r: random.Random) -> Question | None:
    """A non-double with two or more checkers on the head (not the exception)."""
    pos = _played(r, r.randint(2, 9))
    if pos.checkers(pos.turn)[HEAD] < 2:
        return None
    roll = _roll(r, False)
    return _pick(r, pos, roll, Reason.HEAD_RULE, head_candidates(pos, roll))


def _head_exception(r: random.Random) -> Question | None:
    """The exception, for every student: a side's first turn, all fifteen on the head, and 6-6, 4-4 or
    3-3 (two may leave, not three). The first turn of the game, or the second side's first turn after
    the first side's play (the engine plays it); the engine's :func:`legal_plays` decide what may leave."""
    pos = _start(r.choice([WHITE, RED]))
    if r.random() < 0.5:
        plays = legal_plays(pos, r.choice(ALL_ROLLS))
        pos = r.choice(plays).result if plays else pos.pass_turn()
    roll = Roll(*(2 * [r.choice([6, 4, 3])]))
    return _pick(r, pos, roll, Reason.HEAD_RULE, head_candidates(pos, roll))


# -- numbering, the opening, oin and mars -----------------------------------------------------------

def _numbering(r: random.Random) -> Question:
    """Whose checkers stand on a point, in one side's numbering, after some random play."""
    pos = _played(r, r.randint(6, 20))
    return PointOwner(pos, point=r.randint(1, 24), numbering=r.choice([WHITE, RED]))


def _opening(r: random.Random) -> Question:
    """The opening throw of a Long Nardy game: who starts (equal dice now and then)."""
    return OpeningStarter(_start(WHITE), white_die=r.randint(1, 6), red_die=r.randint(1, 6))


def _finished(r: random.Random) -> Question | None:
    """A finished game: the winner has borne off all fifteen; the loser has borne off some (an oin),
    every other checker home, or none (a mars), its checkers on their way."""
    if r.random() < 0.5:
        off = r.randint(1, 13)
        loser = {p: n for p, n in _scatter(r, 15 - off, list(range(1, 7))).items()}
    else:
        loser = _scatter(r, 15, list(range(1, 19)))
    pos = nardy_position({}, loser, r.choice([WHITE, RED])).with_turn(r.choice([WHITE, RED]))
    return None if block_problem(pos) else ResultKindQuestion(pos)


def _scatter(r: random.Random, n: int, points: list[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for _step in range(n):
        p = r.choice(points)
        out[p] = out.get(p, 0) + 1
    return out


# -- closed points ----------------------------------------------------------------------------------

def _closed_builder(kind: str) -> Callable[[random.Random], Question | None]:
    def build(r: random.Random) -> Question | None:
        pos = _played(r, r.randint(8, 24))
        rolls = [x for x in ALL_ROLLS if not x.is_double]
        r.shuffle(rolls)
        for roll in rolls[:6]:
            if kind == "pick-play":
                q = _pick(r, pos, roll, Reason.CLOSED_POINT)
            else:
                q = MakePlay(pos, roll=roll)
            if q is not None and accepts(q, "CLOSED_POINT"):
                return q
        return None
    return build


# -- the six-block rule -----------------------------------------------------------------------------

def _six_block_position(r: random.Random) -> Position | None:
    """The mover holds five of six points in a row on its own side of the board (its points ``b`` to
    ``b + 5``, the opponent's ``b + 12`` to ``b + 17``) with checkers ready to make the sixth; every
    opposing checker is still behind the wall (on the mover's points above it, up to the
    opponent's head)."""
    b = r.randint(1, 6)
    block = list(range(b, b + 6))
    gap = r.choice(block)
    me: dict[int, int] = {p: r.choice([1, 1, 2]) for p in block if p != gap}
    behind = list(range(b + 6, 13))                        # the mover's points between the wall and the opponent's head
    them_mine: dict[int, int] = {}                         # the opponent's checkers, in the MOVER's numbering
    them_mine[12] = r.randint(4, 10)                       # the opponent's head (its 24-point)
    free_behind = [p for p in behind if p != 12]
    r.shuffle(free_behind)
    for p in free_behind[: r.randint(1, max(1, len(free_behind)))]:
        them_mine[p] = r.randint(1, 3)
    feeders = [p for p in range(gap + 1, gap + 7) if p not in them_mine and p <= 24]
    if not feeders:
        return None
    for p in r.sample(feeders, min(len(feeders), r.randint(1, 2))):
        me[p] = me.get(p, 0) + 1
    rest = 15 - sum(me.values())
    if rest < 0:
        return None
    me[HEAD] = me.get(HEAD, 0) + rest // 2                # the rest: some on the head, some on the way
    for _step in range(rest - rest // 2):
        p = r.randint(13, 23)
        me[p] = me.get(p, 0) + 1
    left = 15 - sum(them_mine.values())
    if left < 0:
        return None
    them_mine[12] += left
    them = {_opposite(p): n for p, n in them_mine.items()}
    pos = nardy_position(me, them, r.choice([WHITE, RED]))
    return None if block_problem(pos) else pos


def _six_block(r: random.Random) -> Question | None:
    pos = _six_block_position(r)
    if pos is None:
        return None
    rolls = [x for x in ALL_ROLLS if not x.is_double]
    r.shuffle(rolls)
    for roll in rolls[:8]:
        q = _pick(r, pos, roll, Reason.SIX_BLOCK)
        if q is not None and accepts(q, "SIX_BLOCK"):
            return q
    return None


# -- bearing off ------------------------------------------------------------------------------------

def _bearoff_position(r: random.Random, *, outside: int = 0) -> Position:
    """The mover bears off: every checker home (points 1-6), some borne off; with ``outside=1`` one
    checker is still on its way home and none is off. The opponent's checkers are on their way home
    (the opponent's points 1-11, which are the mover's 13-23) and hold none of the mover's home."""
    off = 0 if outside else r.randint(1, 9)
    me: dict[int, int] = {}
    for _step in range(15 - off - outside):
        p = r.randint(1, 6)
        me[p] = me.get(p, 0) + 1
    if outside:
        p = r.randint(7, 11)
        me[p] = me.get(p, 0) + 1
    them: dict[int, int] = {}
    for _step in range(15 - r.randint(0, 4)):
        p = r.randint(1, 11)
        if me.get(_opposite(p)):
            continue  # that point is the mover's
        them[p] = them.get(p, 0) + 1
    return nardy_position(me, them, r.choice([WHITE, RED]))


def _bearoff_builder(kind: str, target: str, *, outside: int = 0, truth: bool | None = None,
                     points: int = 1) -> Callable[[random.Random], Question | None]:
    def build(r: random.Random) -> Question | None:
        pos = _bearoff_position(r, outside=outside)
        if block_problem(pos):
            return None
        rolls = [x for x in ALL_ROLLS if not x.is_double]
        r.shuffle(rolls)
        for roll in rolls[:8]:
            q: Question | None
            if kind == "may-bear-off":
                q = MayBearOff.chosen(pos, roll, r, truth)
                if q is None:
                    continue
            elif kind == "list-plays":
                q = ListPlays(pos, roll=roll, points=points)
            else:
                q = MakePlay(pos, roll=roll, points=points)
            if in_band(q) and accepts(q, target):
                return q
        return None
    return build


def long_nardy_slots() -> list[Slot]:
    """The questions every student's variant has: the numbering, the opening throw, two on the head rule
    (a plain roll; the first-turn double that lets two leave), two on closed points, one on the six-block
    rule, four on bearing off, and an oin or a mars."""
    b = _bearoff_builder
    return [Slot("point-owner", "NARDY_NUMBERING", _numbering), Slot("opening-starter", "NARDY_OPENING", _opening),
            Slot("pick-play", "HEAD_RULE", _head_ordinary, doubles=False),
            Slot("pick-play", "HEAD_EXCEPTION", _head_exception, doubles=True),
            Slot("pick-play", "CLOSED_POINT", _closed_builder("pick-play"), doubles=False),
            Slot("make-play", "CLOSED_POINT", _closed_builder("make-play"), doubles=False),
            Slot("pick-play", "SIX_BLOCK", _six_block, doubles=False),
            Slot("may-bear-off", "BEAR_OFF", b("may-bear-off", "BEAR_OFF", truth=True), doubles=False),
            Slot("may-bear-off", "BEAR_OFF_NOT_ALL_HOME",
                 b("may-bear-off", "BEAR_OFF_NOT_ALL_HOME", outside=1, truth=False), doubles=False),
            Slot("make-play", "BEAR_OFF_HIGHER_POINT", b("make-play", "BEAR_OFF_HIGHER_POINT"), doubles=False),
            Slot("list-plays", "BEAR_OFF_HIGHER_POINT", b("list-plays", "BEAR_OFF_HIGHER_POINT", points=2),
                 doubles=False),
            Slot("result-kind", "OIN_MARS", _finished)]


LONG_NARDY_EXERCISE: ExerciseSpec = ExerciseSpec("long-nardy", LONG_NARDY_RULES, long_nardy_slots)
"""The exercise, registered in :data:`bglearn.exercises.generators.EXERCISES` as ``"long-nardy"``;
its title and introduction are ``exercises/src/long-nardy.md``."""
