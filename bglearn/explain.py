"""Why a play is illegal: the reason, in words a learner understands.

:func:`explain` takes what a player tried — notation such as ``"13/7 8/7"``, a :class:`Move`, a list of
moves or a :class:`Play` — and returns a :class:`Verdict`: legal or not, a :class:`Reason` code, and one
plain sentence naming the rule (with a legal alternative where that helps).

Which rule is named, when an attempt breaks several: the first that it breaks in this order.

1. The game is over (``GAME_OVER``); nothing written while a play exists (``MUST_MOVE``).
2. Each written move read on its own, rule by rule over all the moves: it goes nowhere or backwards
   (``WRONG_DIRECTION``); it enters from the bar on a point 1-6 that is a die of the roll, counted in
   the opponent's numbering (``ENTRY_POINT``: a 5 enters on your 20-point); its distance is no die and
   no sum of dice (``DIE_MISMATCH``); the moves add up to more pips than the roll (``DIE_MISMATCH``,
   bear-offs not counted); a ``*`` on a point with no opposing checker (``NO_BLOT_TO_HIT``).
3. Played on the board one die at a time, in every order: the way that completes the most written
   moves (a failure at the start of a move counting as further than one partway through it) names
   the step that fails, and among equally far ways the first of: ``BAR_FIRST``, ``NO_CHECKER``,
   ``WRONG_DIRECTION``, ``BEAR_OFF_NOT_ALL_HOME``, ``BEAR_OFF_HIGHER_POINT``, ``BLOCKED``,
   ``NO_BLOT_TO_HIT``, ``DIE_MISMATCH`` (a die too small to bear off, or the dice run out).
4. Every step can be made but the play is not one of the legal plays: the forced-move rule it breaks
   (``DOUBLES_UNDERPLAYED``, ``DICE_NOT_FULLY_USED``, ``LARGER_DIE_REQUIRED``).

Every play a message names, and every ``suggestion``, is a legal play; plays in messages are written
as paths (``bar/21/19``, see :func:`bglearn.notation.format_play`). ``numbering=`` writes the points
in the numbering of the board the learner looks at (default: the side on roll's own numbering).

>>> from bglearn import Position, explain
>>> v = explain(Position(), "61", "13/7")
>>> v.reason.name
'DICE_NOT_FULLY_USED'
>>> print(v.message)
6-1 can be played in full, for example 13/7 8/7: you must use both dice.
>>> from bglearn import RED
>>> print(explain(Position(), "31", "7/4 6/5", numbering=RED).message)  # a board numbered for Red
You have no checker on point 18.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import permutations
from typing import Iterable, Sequence, Union

from .dice import Roll, RollLike, as_roll
from .errors import IllegalPlayError, NotationError
from .kernel import HIT_WEIGHT, POINT_WEIGHT, mover_arrays, position_key
from .notation import Segment, format_play, format_point, parse_moves
from .plays import BAR, OFF, Move, Play, legal_plays
from .position import Player, Position

__all__ = ["Reason", "Verdict", "explain", "parse_play", "legal_continuations"]


class Reason(Enum):
    """Why an attempted play is (il)legal. ``reason.rule`` states the rule in one sentence."""

    LEGAL = "The play is legal."
    BAD_NOTATION = "Moves are written from/to, such as 13/7 or bar/22*."
    NO_CHECKER = "You can only move your own checkers, from points where you have one."
    WRONG_DIRECTION = "Checkers move from higher-numbered points to lower ones, towards your home board."
    BLOCKED = "A checker may not land on a point held by two or more opposing checkers."
    ENTRY_POINT = (
        "A checker on the bar enters in your opponent's home board: a die of n enters on your (25 - n)-point."
    )
    BAR_FIRST = "While you have a checker on the bar, you must enter it before moving any other checker."
    BEAR_OFF_NOT_ALL_HOME = "You may bear off only when all your checkers are in your home board."
    BEAR_OFF_HIGHER_POINT = (
        "A die higher than a checker's point bears it off only when no checker stands on a higher point."
    )
    DIE_MISMATCH = "Each move must use the number on one die (or, for one checker, several dice in turn)."
    DICE_NOT_FULLY_USED = "You must use both dice if any legal way of playing them does so."
    LARGER_DIE_REQUIRED = "If only one die can be used, and either could be, you must use the larger."
    DOUBLES_UNDERPLAYED = "With doubles you must play as many of the four moves as you can."
    NO_BLOT_TO_HIT = "A '*' marks a hit; you can only hit a point with exactly one opposing checker."
    MUST_MOVE = "If you can move, you must: a turn is lost only when no legal play exists."
    GAME_OVER = "The game is over: one side has borne off all its checkers."

    @property
    def rule(self) -> str:
        return self.value


@dataclass(frozen=True)
class Verdict:
    """The engine's ruling on an attempted play.

    ``legal`` — whether it may be played; ``reason`` — a :class:`Reason`; ``message`` — one sentence for
    the learner; ``play`` — the legal :class:`Play` it is (when legal and complete); ``suggestion`` — a
    legal play worth showing instead (when illegal and one exists).
    """

    legal: bool
    reason: Reason
    message: str
    play: Play | None = None
    suggestion: Play | None = None
    attempted: str = ""

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.message


Attempt = Union[str, Move, Play, Sequence[Move]]


# -- words: point numbers in the numbering the learner sees ----------------------------------

class _Words:
    """Point names for messages: the mover's own (``your 7-point``) or, when the learner looks at a
    board numbered for the other side, the number printed there (``point 18``)."""

    __slots__ = ("mover", "numbering", "flip", "them")

    def __init__(self, mover: Player, numbering: Player | None) -> None:
        self.mover = mover
        self.numbering = mover if numbering is None else Player(numbering)
        self.flip = self.numbering is not mover
        self.them = str(mover.opponent)

    def num(self, p: int) -> int:
        return 25 - p if self.flip and 1 <= p <= 24 else p

    def pt(self, p: int) -> str:
        """``your 7-point`` (or ``point 18`` in the other side's numbering)."""
        return f"point {self.num(p)}" if self.flip else f"your {p}-point"

    def pts(self, points: Sequence[int]) -> str:
        names = [self.pt(p) for p in sorted(points, reverse=True)]
        if len(names) == 1:
            return names[0]
        return ", ".join(names[:-1]) + " and " + names[-1]

    def leg(self, a: int, z: int) -> str:
        return f"{format_point(self.num(a))}/{format_point(self.num(z))}"

    def home(self) -> str:
        return "(points 19-24)" if self.flip else "(points 1-6)"

    def play(self, play: Play | None) -> str:
        if play is None:
            return ""
        return format_play(play, paths=True, numbering=self.numbering) or "(no legal play)"

    def segments(self, segments: Sequence[Segment], written: str) -> str:
        """The attempt as the learner wrote it (re-written in the board's numbering when that differs)."""
        if not self.flip:
            return written
        out = []
        for seg in segments:
            text = "/".join(format_point(self.num(p)) + ("*" if h else "") for p, h in zip(seg.path, seg.hits))
            out.append(text + (f"({seg.count})" if seg.count > 1 else ""))
        return " ".join(out)


# -- the board during a realization ---------------------------------------------------------

class _State:
    """The mover's board during a check: ``b`` (0 off, 1-24, 25 bar), ``o`` opposing counts in the
    mover's numbering, and the integer key that :mod:`bglearn.kernel` uses for positions."""

    __slots__ = ("b", "o", "key", "w")

    def __init__(self, b: list[int], o: list[int], key: int, w: _Words) -> None:
        self.b, self.o, self.key, self.w = b, o, key, w

    @classmethod
    def of(cls, position: Position, w: _Words) -> "_State":
        b, o = mover_arrays(position)
        return cls(b, o, position_key(b), w)

    def copy(self) -> "_State":
        return _State(self.b[:], self.o[:], self.key, self.w)

    def step(self, s: int, t: int, die: int) -> tuple[bool, "_Problem | None"]:
        """Move one checker from ``s`` with ``die`` (``t`` is ``s - die`` or OFF); returns (hit, problem)."""
        problem = self.problem(s, t, die)
        if problem:
            return False, problem
        b, o = self.b, self.o
        b[s] -= 1
        b[t] += 1
        hit = t != OFF and o[t] == 1
        self.key += POINT_WEIGHT[t] - POINT_WEIGHT[s]
        if hit:
            o[t] = 0
            self.key += HIT_WEIGHT[t]
        return hit, None

    def open_step(self, s: int, t: int) -> bool:
        """True when a checker may land on ``t`` (or bear off) from ``s``, ignoring bear-off order."""
        return t == OFF or self.o[t] < 2

    def problem(self, s: int, t: int, die: int) -> "_Problem | None":
        b, o, w = self.b, self.o, self.w
        if s != BAR and b[BAR]:
            return _Problem(Reason.BAR_FIRST, _bar_first_text(b[BAR]))
        if not b[s]:
            if s == BAR:
                return _Problem(Reason.NO_CHECKER, "You have no checker on the bar.", point=BAR)
            note = ""
            if o[s]:
                note = f" — the checkers there are {w.them}'s"
            return _Problem(Reason.NO_CHECKER, f"You have no checker on {w.pt(s)}{note}.", point=s)
        if t == OFF:
            outside = [p for p in range(7, 25) if b[p]]
            if outside:
                return _Problem(
                    Reason.BEAR_OFF_NOT_ALL_HOME,
                    f"You may bear off only when all your checkers are in your home board {w.home()}; "
                    f"you still have {'a checker' if sum(b[p] for p in outside) == 1 else 'checkers'} "
                    f"on {w.pts(outside)}.",
                )
            if die > s:
                higher = [p for p in range(s + 1, 7) if b[p]]
                if higher:
                    h = max(higher)
                    base = (f"A {die} bears off from {w.pt(s)} only when no checker stands on a higher "
                            f"point, and you have one on {w.pt(h)}")
                    if h > die and self.open_step(h, h - die):
                        hint = Move(h, h - die, die)
                        use = f"move the checker on {w.pt(h)} ({w.leg(h, h - die)})"
                    elif h <= die:
                        hint = Move(h, OFF, die)
                        use = f"bear off the checker on {w.pt(h)} ({w.leg(h, OFF)})"
                    else:
                        hint = None
                        use = ""
                    return _Problem(
                        Reason.BEAR_OFF_HIGHER_POINT,
                        f"{base}: use the {die} to {use}." if hint else f"{base}.",
                        hint=hint,
                        plain=f"{base}.",
                    )
            elif die < s:
                return _Problem(
                    Reason.DIE_MISMATCH,
                    f"A {die} does not take a checker from {w.pt(s)} off; it needs a {s} or more.",
                )
            return None
        n = o[t]
        if n >= 2:
            if s == BAR:
                return _Problem(
                    Reason.BLOCKED,
                    f"A {die} enters on {w.pt(t)}, and {w.them} holds it with {n} checkers: "
                    f"you can't enter with the {die}.",
                    point=t,
                )
            return _Problem(
                Reason.BLOCKED,
                f"{w.them} holds {w.pt(t)} with {n} checkers, so you can't land there.",
                point=t,
            )
        return None


class _Problem:
    """A rule broken by one step (a plain class, not a dataclass: defining dataclasses costs import time)."""

    __slots__ = ("reason", "message", "point", "depth", "hint", "plain")

    def __init__(self, reason: Reason, message: str, point: int | None = None, depth: int = 0,
                 hint: Move | None = None, plain: str = "") -> None:
        self.reason, self.message, self.point, self.depth = reason, message, point, depth
        self.hint = hint  # a move the message proposes: kept only if some legal play makes it
        self.plain = plain  # the message without the proposal


def _bar_first_text(n: int) -> str:
    if n == 1:
        return "You have a checker on the bar: enter it before moving any other checker."
    return f"You have {n} checkers on the bar: enter them all before moving any other checker."


def _dice_words(values: Sequence[int]) -> str:
    vals = sorted(values, reverse=True)
    if not vals:
        return "no dice"
    return "-".join(str(v) for v in vals)


# -- realizing written text with the dice ---------------------------------------------------

class _Success:
    """One way of playing the written moves to the end."""

    __slots__ = ("state", "moves", "dice_left", "unmarked")

    def __init__(self, state: _State, moves: list[Move], dice_left: list[int], unmarked: int) -> None:
        self.state, self.moves, self.dice_left = state, moves, dice_left
        self.unmarked = unmarked  # hits on intermediate points that were not marked with '*'


def _die_sequences(a: int, z: int, dice: list[int]) -> list[tuple[int, ...]]:
    """Orders of dice that take a checker from ``a`` to ``z`` (OFF allowed) landing on points in between."""
    out = []
    seen = set()
    for k in range(1, len(dice) + 1):
        for seq in permutations(dice, k):
            if seq in seen:
                continue
            seen.add(seq)
            pos = a
            ok = True
            for i, d in enumerate(seq):
                pos -= d
                last = i == k - 1
                if not last and pos < 1:
                    ok = False
                    break
            if not ok:
                continue
            if z == OFF:
                if pos <= 0:
                    out.append(seq)
            elif pos == z:
                out.append(seq)
    return out


def _chains(segments: Sequence[Segment]) -> list[tuple[tuple[int, ...], tuple[bool, ...]]]:
    """One path per checker. ``6/4*(2)`` is two checkers 6/4 of which only the first hits (the hit
    belongs to the first checker that lands there, as GNU Backgammon and XG write it)."""
    chains: list[tuple[tuple[int, ...], tuple[bool, ...]]] = []
    for seg in segments:
        chains.append((seg.path, seg.hits))
        quiet = tuple(False for _ in seg.hits)
        chains.extend([(seg.path, quiet)] * (seg.count - 1))
    return chains


def _reading_problem(
    start: _State, roll: Roll, chains: Sequence[tuple[tuple[int, ...], tuple[bool, ...]]]
) -> _Problem | None:
    """Stage 2 of the order in the module docstring: the written moves read on their own."""
    w = start.w
    full = list(roll.dice)
    legs = [(a, z) for path, _ in chains for a, z in zip(path, path[1:])]
    for a, z in legs:
        if z != OFF and z >= a:
            return _Problem(
                Reason.WRONG_DIRECTION,
                f"{w.leg(a, z)} does not move the checker." if z == a else
                f"{w.leg(a, z)} goes backwards: your checkers move towards your home board {w.home()}." if w.flip else
                f"{w.leg(a, z)} goes backwards: your checkers move from higher-numbered points to lower ones, "
                "towards your home board.",
            )
    for a, z in legs:
        if a == BAR and 1 <= z <= 6 and z in full and not _die_sequences(a, z, full):
            return _Problem(
                Reason.ENTRY_POINT,
                f"From the bar a {z} enters on {w.pt(25 - z)} ({w.them}'s {z}-point), not on {w.pt(z)}: "
                f"a checker on the bar enters in {w.them}'s home board.",
            )
    for a, z in legs:
        if not _die_sequences(a, z, full):
            if z == OFF:
                msg = (f"Bearing off from {w.pt(a)} takes a {a} (or a higher number when no checker "
                       f"is on a higher point), and you rolled {roll}.")
            else:
                msg = (f"{w.leg(a, z)} is {a - z} pips, but you rolled {roll}: each move must match a die, or for "
                       "one checker the dice added together.")
            return _Problem(Reason.DIE_MISMATCH, msg)
    written = sum(a - z for a, z in legs if z != OFF)
    if written > roll.pips:
        return _Problem(Reason.DIE_MISMATCH, f"Your moves add up to {written} pips, but {roll} gives only {roll.pips}.")
    for path, hits in chains:
        for z, marked in zip(path[1:], hits[1:]):
            if marked and z != OFF and start.o[z] == 0:
                return _Problem(
                    Reason.NO_BLOT_TO_HIT,
                    f"There is no {w.them} blot on {w.pt(z)} to hit ('*' marks a hit).",
                    point=z,
                )
    return None


def _realize(
    position: Position, roll: Roll, segments: Sequence[Segment], w: _Words
) -> tuple[list[_Success], list[_Problem]]:
    """Every way of playing the written segments one die at a time (checkers may take turns, so two
    checkers can enter from the bar before either moves on), with the rule broken by each way that fails."""
    chains = _chains(segments)
    successes: list[_Success] = []
    problems: list[_Problem] = []
    start = _State.of(position, w)
    full = list(roll.dice)

    first = _reading_problem(start, roll, chains)
    if first is not None:
        return [], [first]

    def fail(p: _Problem, legs_done: int, into_leg: int) -> None:
        p.depth = legs_done * 8 - into_leg
        if p.reason is Reason.NO_CHECKER and p.point and start.b[p.point]:
            n = start.b[p.point]
            if p.point == BAR:
                p.message = (
                    "You have only one checker on the bar, and it has already entered this turn." if n == 1 else
                    f"You have only {n} checkers on the bar, and they have all entered this turn."
                )
            else:
                p.message = (
                    f"You have only {n} checker{'s' if n != 1 else ''} on {w.pt(p.point)}, and "
                    f"{'it has' if n == 1 else 'they have'} already moved this turn."
                )
        problems.append(p)

    seen: set[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], int]] = set()

    def dfs(state: _State, cursor: tuple[tuple[int, int], ...], dice_left: tuple[int, ...],
            moves: tuple[Move, ...], unmarked: int) -> None:
        # cursor[i] = (index of the next waypoint of chain i, where its checker stands now)
        if len(successes) > 64:
            return
        memo_key = (state.key, cursor, dice_left, unmarked)
        if memo_key in seen:
            return
        seen.add(memo_key)
        pending = [i for i, c in enumerate(chains) if cursor[i][0] < len(c[0])]
        if not pending:
            successes.append(_Success(state, list(moves), list(dice_left), unmarked))
            return
        legs_done = sum(cursor[i][0] - 1 for i in range(len(chains)))
        tried = set()
        for i in pending:
            path, hits = chains[i]
            j, pos = cursor[i]
            z, marked = path[j], hits[j]
            into_leg = 0 if pos == path[j - 1] else 1
            if not dice_left:
                fail(_Problem(
                    Reason.DIE_MISMATCH,
                    f"{w.leg(path[j - 1], z)} needs another die, but all the dice of "
                    f"{roll} are already used.",
                ), legs_done, into_leg)
                continue
            progressed = False
            for d in sorted(set(dice_left), reverse=True):
                t = pos - d
                if z == OFF:
                    if t < 1:
                        t = OFF
                elif t < z:
                    continue
                if t != OFF and t < 1:
                    continue
                # can the rest of this leg still be made from t?
                rest = list(dice_left)
                rest.remove(d)
                if t != z and t != OFF and not _die_sequences(t, z, rest):
                    continue
                progressed = True
                sig = (pos, t, d, z, marked, path[j:])
                if sig in tried:
                    continue
                tried.add(sig)
                st = state.copy()
                hit, problem = st.step(pos, t, d)
                if problem:
                    fail(problem, legs_done, into_leg)
                    continue
                reached = t == z or t == OFF
                if reached and marked and not hit:
                    fail(_Problem(
                        Reason.NO_BLOT_TO_HIT,
                        f"There is no {w.them} blot on {w.pt(z)} to hit ('*' marks a hit): "
                        f"a checker of yours has already hit it this turn.",
                    ), legs_done, into_leg)
                    continue
                new_cursor = cursor[:i] + (((j + 1) if reached else j, t),) + cursor[i + 1:]
                dfs(st, new_cursor, tuple(rest), moves + (Move(pos, t, d, hit),),
                    unmarked + (1 if hit and not reached else 0))
            if not progressed:
                a = path[j - 1]
                where = pos if pos != a else a
                if z == OFF:
                    msg = (f"Bearing off from {w.pt(where)} needs a {where} or more, and you have "
                           f"{_dice_words(dice_left)} left to play.")
                else:
                    msg = (f"{w.leg(a, z)} is {a - z} pips, which the dice you still have "
                           f"to play ({_dice_words(dice_left)}) don't make.")
                fail(_Problem(Reason.DIE_MISMATCH, msg), legs_done, into_leg)

    dfs(start.copy(), tuple((1, path[0]) for path, _ in chains), tuple(full), (), 0)
    return successes, problems


_PRECEDENCE = [Reason.BAR_FIRST, Reason.NO_CHECKER, Reason.WRONG_DIRECTION, Reason.BEAR_OFF_NOT_ALL_HOME,
               Reason.BEAR_OFF_HIGHER_POINT, Reason.BLOCKED, Reason.NO_BLOT_TO_HIT, Reason.DIE_MISMATCH]


def _best_problem(problems: list[_Problem], w: _Words) -> _Problem:
    deepest = max(p.depth for p in problems)
    candidates = [p for p in problems if p.depth == deepest]
    blocked = [p for p in candidates if p.reason is Reason.BLOCKED]
    if len(blocked) > 1 and len(blocked) == len(candidates):
        points = sorted({p.point for p in blocked if p.point}, reverse=True)
        if len(points) > 1:
            return _Problem(
                Reason.BLOCKED,
                f"Every way of playing that lands on a point held by two or more opposing checkers "
                f"({w.pts(points)}), so it can't be played.",
                depth=deepest,
            )
    return min(candidates, key=lambda p: _PRECEDENCE.index(p.reason) if p.reason in _PRECEDENCE else len(_PRECEDENCE))


# -- legal results and completions ----------------------------------------------------------

def _key_after(key: int, moves: Iterable[Move]) -> int:
    for m in moves:
        key += POINT_WEIGHT[m.destination] - POINT_WEIGHT[m.source]
        if m.hit:
            key += HIT_WEIGHT[m.destination]
    return key


def _legal_index(position: Position, plays: list[Play]) -> dict[int, Play]:
    key0 = position_key(mover_arrays(position)[0])
    return {_key_after(key0, p.moves): p for p in plays}


def _single_steps(state: _State, dice_left: Sequence[int]) -> list[Move]:
    """Every single-die move that is legal on its own from ``state``."""
    out = []
    for d in sorted(set(dice_left), reverse=True):
        for s in range(25, 0, -1):
            if not state.b[s]:
                continue
            t = s - d
            if t <= 0:
                t = OFF
            if state.problem(s, t, d) is None:
                hit = t != OFF and state.o[t] == 1
                out.append(Move(s, t, d, hit))
    return out


def _can_complete(state: _State, dice_left: list[int], legal: dict[int, Play], memo: dict[tuple[int, tuple[int, ...]], Play | None]) -> Play | None:
    """A legal play reachable from ``state`` by playing some of ``dice_left`` in some order."""
    memo_key = (state.key, tuple(sorted(dice_left)))
    if memo_key in memo:
        return memo[memo_key]
    found = legal.get(state.key)
    if found is None:
        for m in _single_steps(state, dice_left):
            st = state.copy()
            st.step(m.source, m.destination, m.die)
            left = list(dice_left)
            left.remove(m.die)
            found = _can_complete(st, left, legal, memo)
            if found is not None:
                break
    memo[memo_key] = found
    return found


def _closest(plays: list[Play], moves: Sequence[Move]) -> Play | None:
    """The legal play to show instead: the one that keeps most of what the learner played, then the one
    that leaves the mover the fewest blots (a tidy example, not a strategic recommendation)."""
    if not plays:
        return None
    sources = [m.source for m in moves]

    def score(p: Play) -> tuple[int, int]:
        left = list(sources)
        n = 0
        for m in p.moves:
            if m.source in left:
                left.remove(m.source)
                n += 1
        return n, -len(p.result.blots(p.player))

    return max(plays, key=score)


# -- the public functions -------------------------------------------------------------------

def _segments_of(attempted: Attempt) -> tuple[list[Segment], str, bool]:
    """Segments, display text, and whether the attempt defaults to a complete play."""
    if isinstance(attempted, str):
        return parse_moves(attempted), attempted.strip(), True
    if isinstance(attempted, Move):
        return [Segment((attempted.source, attempted.destination), (False, attempted.hit))], str(attempted), False
    moves: Sequence[Move]
    if isinstance(attempted, Play):
        moves = attempted.moves
    else:
        try:
            moves = [m if isinstance(m, Move) else Move(*m) for m in attempted]
        except TypeError:
            raise NotationError(
                f"explain takes notation text, a Move, a list of Moves or a Play, got {type(attempted).__name__}."
            ) from None
    segs = [Segment((m.source, m.destination), (False, m.hit)) for m in moves]
    return segs, " ".join(str(m) for m in moves), True


def _with_hint(p: _Problem, plays: list[Play]) -> str:
    """The problem's message, keeping a proposed move only when some legal play makes it."""
    if p.hint is None:
        return p.message
    h = p.hint
    for play in plays:
        for m in play.moves:
            if m.source == h.source and m.die == h.die and m.destination == h.destination:
                return p.message
    return p.plain


def explain(
    position: Position,
    roll: RollLike,
    attempted: Attempt,
    complete: bool | None = None,
    *,
    numbering: Player | None = None,
) -> Verdict:
    """Judge ``attempted`` for the side on roll with ``roll``.

    ``complete=True`` (the default for text, lists of moves and plays) judges a whole turn;
    ``complete=False`` (the default for a single :class:`Move`) judges the start of a turn, legal when it
    can still be completed into a legal play. Malformed text gives a verdict with
    :attr:`Reason.BAD_NOTATION`; this function does not raise for anything a learner types.

    ``attempted`` is always in the mover's numbering (as plays are written). ``numbering`` is whose
    point numbers the *message* uses: the side on roll's (the default: ``your 7-point``) or, for a
    board drawn from the other side, that side's numbers as printed on it (``point 18``). When the
    reason is a broken rule, it is the first rule broken in the order given in the module docstring.
    """
    try:
        r = as_roll(roll)
    except NotationError as exc:
        return Verdict(False, Reason.BAD_NOTATION, str(exc))
    try:
        segments, text, default_complete = _segments_of(attempted)
    except NotationError as exc:
        return Verdict(False, Reason.BAD_NOTATION, str(exc), attempted=str(attempted))
    w = _Words(position.turn, numbering)
    shown = w.segments(segments, text)
    whole = default_complete if complete is None else complete
    plays = legal_plays(position, r)
    if position.is_game_over:
        return Verdict(False, Reason.GAME_OVER, f"The game is over: {position.winner} has borne off all 15 checkers.",
                       attempted=text)
    legal = _legal_index(position, plays)
    max_dice = len(plays[0].moves) if plays else 0
    example = _closest(plays, [])

    if not segments:
        if not plays:
            return Verdict(True, Reason.LEGAL, f"No legal play exists with {r}: the turn is lost.",
                           play=Play(position, r, ()), attempted=text)
        if not whole:
            return Verdict(True, Reason.LEGAL, "Nothing played yet.", attempted=text)
        return Verdict(False, Reason.MUST_MOVE,
                       f"{r} can be played (for example {w.play(example)}), and if you can move, you must.",
                       suggestion=example, attempted=text)

    successes, problems = _realize(position, r, segments, w)
    if not successes:
        p = _best_problem(problems, w)
        return Verdict(False, p.reason, _with_hint(p, plays), suggestion=_closest(plays, []) if plays else None,
                       attempted=text)

    fewest = min(s.unmarked for s in successes)
    candidates = [s for s in successes if s.unmarked == fewest]
    memo: dict[tuple[int, tuple[int, ...]], Play | None] = {}
    if whole:
        for s in candidates:
            match = legal.get(s.state.key)
            if match is not None:
                return Verdict(True, Reason.LEGAL, f"{w.play(match)} is a legal play of {r}.", play=match,
                               attempted=text)
        if fewest:
            for s in successes:
                match = legal.get(s.state.key)
                if match is not None:
                    return Verdict(True, Reason.LEGAL, f"{w.play(match)} is a legal play of {r}.", play=match,
                                   attempted=text)
        s = candidates[0]
        return _judge_incomplete(r, plays, s, max_dice, shown, text, w)

    for s in candidates + [s for s in successes if s.unmarked != fewest]:
        target = _can_complete(s.state, s.dice_left, legal, memo)
        if target is not None:
            done = legal.get(s.state.key)
            msg = f"{shown} is a legal start." if done is None else f"{w.play(done)} is a legal play of {r}."
            return Verdict(True, Reason.LEGAL, msg, play=done, suggestion=target, attempted=text)
    return _judge_incomplete(r, plays, candidates[0], max_dice, shown, text, w, partial=True)


def _judge_incomplete(
    r: Roll, plays: list[Play], s: _Success, max_dice: int, shown: str, text: str, w: _Words, partial: bool = False
) -> Verdict:
    used = len(s.moves)
    example = _closest(plays, s.moves)
    ex = w.play(example)
    if r.is_double:
        if partial:
            msg = (f"After {shown} you could not play as many {r.high}s as possible; with {r} you can play "
                   f"{max_dice}, for example {ex}.")
        else:
            can = "all four" if max_dice == 4 else f"{max_dice} of the four"
            msg = (f"With {r} you can play {can} {r.high}s (for example {ex}); "
                   f"you played only {used}.")
        return Verdict(False, Reason.DOUBLES_UNDERPLAYED, msg, suggestion=example, attempted=text)
    if max_dice == 2:
        if used == 1 and not _single_steps(s.state, s.dice_left):
            other = s.dice_left[0]
            msg = (f"After {shown} the {other} can't be played, but {ex} uses both dice: the roll is one "
                   f"unit, so you must play it in full.")
        else:
            msg = f"{r} can be played in full, for example {ex}: you must use both dice."
        return Verdict(False, Reason.DICE_NOT_FULLY_USED, msg, suggestion=example, attempted=text)
    # Only one die can be used: it must be the larger when the larger can be played.
    larger = r.high
    msg = (f"Only one die of {r} can be played, and either could be, so you must play the larger one, the "
           f"{larger}: for example {ex}.")
    return Verdict(False, Reason.LARGER_DIE_REQUIRED, msg, suggestion=example, attempted=text)


def parse_play(position: Position, roll: RollLike, text: Attempt, *, numbering: Player | None = None) -> Play:
    """The legal :class:`Play` that ``text`` describes (any equivalent notation, any order, ``(n)``
    shorthand; a hit mark in a repeated move, ``6/4*(2)``, belongs to the first checker). Raises
    :class:`NotationError` for unreadable text and :class:`IllegalPlayError` (with the
    :class:`Verdict` as ``.verdict``) for an illegal play; ``numbering`` as in :func:`explain`."""
    if isinstance(text, str):
        parse_moves(text)  # raise NotationError for unreadable text
    verdict = explain(position, roll, text, complete=True, numbering=numbering)
    if verdict.reason is Reason.BAD_NOTATION:
        raise NotationError(verdict.message)
    if not verdict.legal:
        raise IllegalPlayError(verdict.message, verdict)
    assert verdict.play is not None
    return verdict.play


def legal_continuations(
    position: Position,
    roll: RollLike,
    moves_so_far: Sequence[Move] = (),
    *,
    numbering: Player | None = None,
) -> list[Move]:
    """The single-die moves that may come next after ``moves_so_far`` and still lead to a legal play.

    Moves (given and returned) are in the mover's numbering. An empty list means the turn is complete
    (or the roll cannot be played at all). Raises :class:`IllegalPlayError` if ``moves_so_far`` is not
    the start of a legal play; its message uses ``numbering`` as :func:`explain` does."""
    r = as_roll(roll)
    plays = legal_plays(position, r)
    legal = _legal_index(position, plays)
    w = _Words(position.turn, numbering)
    state = _State.of(position, w)
    left = list(r.dice)
    for m in moves_so_far:
        m = m if isinstance(m, Move) else Move(*m)
        if m.die not in left:
            raise IllegalPlayError(
                f"{w.leg(m.source, m.destination)} uses a {m.die}, but no {m.die} of {r} is left to play."
            )
        _, problem = state.step(m.source, m.destination, m.die)
        if problem:
            raise IllegalPlayError(_with_hint(problem, plays))
        left.remove(m.die)
    memo: dict[tuple[int, tuple[int, ...]], Play | None] = {}
    if moves_so_far and _can_complete(state, left, legal, memo) is None:
        verdict = explain(position, r, list(moves_so_far), complete=False, numbering=numbering)
        raise IllegalPlayError(verdict.message, verdict)
    out = []
    for m in _single_steps(state, left):
        st = state.copy()
        st.step(m.source, m.destination, m.die)
        rest = list(left)
        rest.remove(m.die)
        if _can_complete(st, rest, legal, memo) is not None:
            out.append(m)
    return out
