"""Why a play is illegal: the reason, in words a learner understands.

:func:`explain` takes what a player tried — notation such as ``"13/7 8/7"``, a :class:`Move`, a list of
moves or a :class:`Play` — and returns a :class:`Verdict`: legal or not, a :class:`Reason` code, and one
plain sentence naming the rule (with a legal alternative where that helps).

>>> from bglearn import Position, explain
>>> v = explain(Position(), "61", "13/7")
>>> v.reason.name
'DICE_NOT_FULLY_USED'
>>> print(v.message)
6-1 can be played in full, for example 13/7 8/7: you must use both dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import permutations
from typing import Iterable, Sequence, Union

from .dice import Roll, RollLike, as_roll
from .errors import IllegalPlayError, NotationError
from .notation import Segment, format_point, parse_moves
from .plays import _H, _W, BAR, OFF, Move, Play, _mover_arrays, legal_plays
from .position import Position

__all__ = ["Reason", "Verdict", "explain", "parse_play", "legal_continuations"]


class Reason(Enum):
    """Why an attempted play is (il)legal. ``reason.rule`` states the rule in one sentence."""

    LEGAL = "The play is legal."
    BAD_NOTATION = "Moves are written from/to, such as 13/7 or bar/22*."
    NO_CHECKER = "You can only move your own checkers, from points where you have one."
    WRONG_DIRECTION = "Checkers move from higher-numbered points to lower ones, towards your home board."
    BLOCKED = "A checker may not land on a point held by two or more opposing checkers."
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


# -- the board during a realization ---------------------------------------------------------

class _State:
    """The mover's board during a check: ``b`` (0 off, 1-24, 25 bar), ``o`` opposing counts in the
    mover's numbering, and the integer key that :mod:`bglearn.plays` uses for positions."""

    __slots__ = ("b", "o", "key", "them")

    def __init__(self, b: list[int], o: list[int], key: int, them: str = "your opponent") -> None:
        self.b, self.o, self.key, self.them = b, o, key, them

    @classmethod
    def of(cls, position: Position) -> "_State":
        b, o = _mover_arrays(position)
        return cls(b, o, sum(n * _W[p] for p, n in enumerate(b)), str(position.turn.opponent))

    def copy(self) -> "_State":
        return _State(self.b[:], self.o[:], self.key, self.them)

    def step(self, s: int, t: int, die: int) -> tuple[bool, "_Problem | None"]:
        """Move one checker from ``s`` with ``die`` (``t`` is ``s - die`` or OFF); returns (hit, problem)."""
        problem = self.problem(s, t, die)
        if problem:
            return False, problem
        b, o = self.b, self.o
        b[s] -= 1
        b[t] += 1
        hit = t != OFF and o[t] == 1
        self.key += _W[t] - _W[s]
        if hit:
            o[t] = 0
            self.key += _H[t]
        return hit, None

    def problem(self, s: int, t: int, die: int) -> "_Problem | None":
        b, o = self.b, self.o
        if s != BAR and b[BAR]:
            return _Problem(Reason.BAR_FIRST, _bar_first_text(b[BAR]))
        if not b[s]:
            if s == BAR:
                return _Problem(Reason.NO_CHECKER, "You have no checker on the bar.")
            note = ""
            if o[s]:
                note = f" — the checkers there are {self.them}'s"
            return _Problem(Reason.NO_CHECKER, f"You have no checker on your {s}-point{note}.", point=s)
        if t == OFF:
            outside = [p for p in range(7, 25) if b[p]]
            if outside:
                where = _points_text(outside)
                return _Problem(
                    Reason.BEAR_OFF_NOT_ALL_HOME,
                    f"You may bear off only when all your checkers are in your home board (points 1-6); "
                    f"you still have {'a checker' if sum(b[p] for p in outside) == 1 else 'checkers'} "
                    f"on {where}.",
                )
            if die > s:
                higher = [p for p in range(s + 1, 7) if b[p]]
                if higher:
                    h = max(higher)
                    if h > die:
                        use = f"move the checker on your {h}-point ({h}/{h - die})"
                    else:
                        use = f"bear off the checker on your {h}-point ({h}/off)"
                    return _Problem(
                        Reason.BEAR_OFF_HIGHER_POINT,
                        f"A {die} bears off from your {s}-point only when no checker stands on a higher "
                        f"point, and you have one on your {h}-point: use the {die} to {use}.",
                    )
            elif die < s:
                return _Problem(
                    Reason.DIE_MISMATCH,
                    f"A {die} does not take a checker from your {s}-point off; it needs a {s} or more.",
                )
            return None
        n = o[t]
        if n >= 2:
            if s == BAR:
                return _Problem(
                    Reason.BLOCKED,
                    f"A {die} enters on your {t}-point, and {self.them} holds it with {n} checkers: "
                    f"you can't enter with the {die}.",
                    point=t,
                )
            return _Problem(
                Reason.BLOCKED,
                f"{self.them} holds your {t}-point with {n} checkers, so you can't land there.",
                point=t,
            )
        return None


@dataclass
class _Problem:
    reason: Reason
    message: str
    point: int | None = None
    depth: int = 0


def _bar_first_text(n: int) -> str:
    if n == 1:
        return "You have a checker on the bar: enter it before moving any other checker."
    return f"You have {n} checkers on the bar: enter them all before moving any other checker."


def _points_text(points: Sequence[int]) -> str:
    names = [f"your {p}-point" for p in sorted(points, reverse=True)]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _dice_words(values: Sequence[int]) -> str:
    vals = sorted(values, reverse=True)
    if not vals:
        return "no dice"
    return "-".join(str(v) for v in vals)


# -- realizing written text with the dice ---------------------------------------------------

@dataclass
class _Success:
    state: _State
    moves: list[Move]
    dice_left: list[int]
    unmarked: int  # hits on intermediate points that were not marked with '*'


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


def _realize(
    position: Position, roll: Roll, segments: Sequence[Segment]
) -> tuple[list[_Success], list[_Problem]]:
    """Every way of playing the written segments one die at a time (checkers may take turns, so two
    checkers can enter from the bar before either moves on), with the rule broken by each way that fails."""
    chains: list[tuple[tuple[int, ...], tuple[bool, ...]]] = []
    for seg in segments:
        chains.extend([(seg.path, seg.hits)] * seg.count)
    successes: list[_Success] = []
    problems: list[_Problem] = []
    start = _State.of(position)
    full = list(roll.dice)

    def fail(p: _Problem, legs_done: int, into_leg: int) -> None:
        p.depth = legs_done * 8 - into_leg
        if p.reason is Reason.NO_CHECKER and p.point and start.b[p.point]:
            n = start.b[p.point]
            p.message = (
                f"You have only {n} checker{'s' if n != 1 else ''} on your {p.point}-point, and "
                f"{'it has' if n == 1 else 'they have'} already moved this turn."
            )
        problems.append(p)

    # Problems that do not depend on the order of play: direction and distances.
    for path, _ in chains:
        for a, z in zip(path, path[1:]):
            leg = f"{format_point(a)}/{format_point(z)}"
            if z != OFF and z >= a:
                fail(_Problem(
                    Reason.WRONG_DIRECTION,
                    f"{leg} does not move the checker." if z == a else
                    f"{leg} goes backwards: your checkers move from higher-numbered points to lower ones, "
                    "towards your home board.",
                ), 0, 0)
            elif not _die_sequences(a, z, full):
                if z == OFF:
                    msg = (f"Bearing off from your {a}-point takes a {a} (or a higher number when no checker "
                           f"is on a higher point), and you rolled {roll}.")
                else:
                    msg = (f"{leg} is {a - z} pips, but you rolled {roll}: each move must match a die, or for "
                           "one checker the dice added together.")
                fail(_Problem(Reason.DIE_MISMATCH, msg), 0, 0)
    if problems:
        return [], problems

    seen: set = set()

    def dfs(state: _State, cursor: tuple, dice_left: tuple, moves: tuple, unmarked: int) -> None:
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
                    f"{format_point(path[j - 1])}/{format_point(z)} needs another die, but all the dice of "
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
                        f"There is no {start.them} blot on your {z}-point to hit ('*' marks a hit).",
                    ), legs_done, into_leg)
                    continue
                new_cursor = cursor[:i] + (((j + 1) if reached else j, t),) + cursor[i + 1:]
                dfs(st, new_cursor, tuple(rest), moves + (Move(pos, t, d, hit),),
                    unmarked + (1 if hit and not reached else 0))
            if not progressed:
                leg = f"{format_point(path[j - 1])}/{format_point(z)}"
                where = pos if pos != path[j - 1] else None
                msg = (f"{leg} is {path[j - 1] - z if z else path[j - 1]} pips, which the dice you still have "
                       f"to play ({_dice_words(dice_left)}) don't make.")
                if z == OFF:
                    msg = (f"Bearing off from your {where or path[j - 1]}-point needs a "
                           f"{where or path[j - 1]} or more, and you have {_dice_words(dice_left)} left to play.")
                fail(_Problem(Reason.DIE_MISMATCH, msg), legs_done, into_leg)

    dfs(start.copy(), tuple((1, path[0]) for path, _ in chains), tuple(full), (), 0)
    return successes, problems


def _best_problem(problems: list[_Problem]) -> _Problem:
    deepest = max(p.depth for p in problems)
    candidates = [p for p in problems if p.depth == deepest]
    blocked = [p for p in candidates if p.reason is Reason.BLOCKED]
    if len(blocked) > 1 and len(blocked) == len(candidates):
        points = sorted({p.point for p in blocked if p.point}, reverse=True)
        if len(points) > 1:
            return _Problem(
                Reason.BLOCKED,
                f"Every way of playing that lands on a point held by two or more opposing checkers "
                f"({_points_text(points)}), so it can't be played.",
                depth=deepest,
            )
    order = [Reason.BAR_FIRST, Reason.NO_CHECKER, Reason.WRONG_DIRECTION, Reason.BEAR_OFF_NOT_ALL_HOME,
             Reason.BEAR_OFF_HIGHER_POINT, Reason.BLOCKED, Reason.NO_BLOT_TO_HIT, Reason.DIE_MISMATCH]
    return min(candidates, key=lambda p: order.index(p.reason) if p.reason in order else len(order))


# -- legal results and completions ----------------------------------------------------------

def _key_after(key: int, moves: Iterable[Move]) -> int:
    for m in moves:
        key += _W[m.destination] - _W[m.source]
        if m.hit:
            key += _H[m.destination]
    return key


def _legal_index(position: Position, plays: list[Play]) -> dict[int, Play]:
    key0 = _State.of(position).key
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


def _can_complete(state: _State, dice_left: list[int], legal: dict[int, Play], memo: dict) -> Play | None:
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


def explain(
    position: Position,
    roll: RollLike,
    attempted: Attempt,
    complete: bool | None = None,
) -> Verdict:
    """Judge ``attempted`` for the side on roll with ``roll``.

    ``complete=True`` (the default for text, lists of moves and plays) judges a whole turn;
    ``complete=False`` (the default for a single :class:`Move`) judges the start of a turn, legal when it
    can still be completed into a legal play. Malformed text gives a verdict with
    :attr:`Reason.BAD_NOTATION`; this function does not raise for anything a learner types.
    """
    try:
        r = as_roll(roll)
    except NotationError as exc:
        return Verdict(False, Reason.BAD_NOTATION, str(exc))
    try:
        segments, text, default_complete = _segments_of(attempted)
    except NotationError as exc:
        return Verdict(False, Reason.BAD_NOTATION, str(exc), attempted=str(attempted))
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
                       f"{r} can be played (for example {example}), and if you can move, you must.",
                       suggestion=example, attempted=text)

    written = sum(seg.count * (seg.path[0] - seg.path[-1]) for seg in segments if seg.path[-1] <= seg.path[0])
    if written > r.pips:
        return Verdict(False, Reason.DIE_MISMATCH,
                       f"Your moves add up to {written} pips, but {r} gives only {r.pips}.",
                       suggestion=example, attempted=text)
    successes, problems = _realize(position, r, segments)
    if not successes:
        p = _best_problem(problems)
        moves_hint: list[Move] = []
        return Verdict(False, p.reason, p.message, suggestion=_closest(plays, moves_hint) if plays else None,
                       attempted=text)

    fewest = min(s.unmarked for s in successes)
    candidates = [s for s in successes if s.unmarked == fewest]
    memo: dict = {}
    if whole:
        for s in candidates:
            match = legal.get(s.state.key)
            if match is not None:
                return Verdict(True, Reason.LEGAL, f"{match} is a legal play of {r}.", play=match, attempted=text)
        if fewest:
            for s in successes:
                match = legal.get(s.state.key)
                if match is not None:
                    return Verdict(True, Reason.LEGAL, f"{match} is a legal play of {r}.", play=match,
                                   attempted=text)
        s = candidates[0]
        return _judge_incomplete(position, r, plays, s, max_dice, text, memo, legal)

    for s in candidates + [s for s in successes if s.unmarked != fewest]:
        target = _can_complete(s.state, s.dice_left, legal, memo)
        if target is not None:
            done = legal.get(s.state.key)
            msg = f"{text} is a legal start." if done is None else f"{done} is a legal play of {r}."
            return Verdict(True, Reason.LEGAL, msg, play=done, suggestion=target, attempted=text)
    return _judge_incomplete(position, r, plays, candidates[0], max_dice, text, memo, legal, partial=True)


def _judge_incomplete(position, r, plays, s: _Success, max_dice, text, memo, legal, partial=False) -> Verdict:
    used = len(s.moves)
    example = _closest(plays, s.moves)
    if r.is_double:
        if partial:
            msg = (f"After {text} you could not play as many {r.high}s as possible; with {r} you can play "
                   f"{max_dice}, for example {example}.")
        else:
            can = "all four" if max_dice == 4 else f"{max_dice} of the four"
            msg = (f"With {r} you can play {can} {r.high}s (for example {example}); "
                   f"you played only {used}.")
        return Verdict(False, Reason.DOUBLES_UNDERPLAYED, msg, suggestion=example, attempted=text)
    if max_dice == 2:
        if used == 1 and not _single_steps(s.state, s.dice_left):
            other = s.dice_left[0]
            msg = (f"After {text} the {other} can't be played, but {example} uses both dice: the roll is one "
                   f"unit, so you must play it in full.")
        else:
            msg = f"{r} can be played in full, for example {example}: you must use both dice."
        return Verdict(False, Reason.DICE_NOT_FULLY_USED, msg, suggestion=example, attempted=text)
    # Only one die can be used: it must be the larger when the larger can be played.
    larger = r.high
    msg = (f"Only one die of {r} can be played, and either could be, so you must play the larger one, the "
           f"{larger}: for example {example}.")
    return Verdict(False, Reason.LARGER_DIE_REQUIRED, msg, suggestion=example, attempted=text)


def parse_play(position: Position, roll: RollLike, text: Attempt) -> Play:
    """The legal :class:`Play` that ``text`` describes (any equivalent notation, any order, ``(n)``
    shorthand). Raises :class:`NotationError` for unreadable text and :class:`IllegalPlayError` (with the
    :class:`Verdict` as ``.verdict``) for an illegal play."""
    if isinstance(text, str):
        parse_moves(text)  # raise NotationError for unreadable text
    verdict = explain(position, roll, text, complete=True)
    if verdict.reason is Reason.BAD_NOTATION:
        raise NotationError(verdict.message)
    if not verdict.legal:
        raise IllegalPlayError(verdict.message, verdict)
    assert verdict.play is not None
    return verdict.play


def legal_continuations(
    position: Position, roll: RollLike, moves_so_far: Sequence[Move] = ()
) -> list[Move]:
    """The single-die moves that may come next after ``moves_so_far`` and still lead to a legal play.

    An empty list means the turn is complete (or the roll cannot be played at all). Raises
    :class:`IllegalPlayError` if ``moves_so_far`` is not the start of a legal play."""
    r = as_roll(roll)
    plays = legal_plays(position, r)
    legal = _legal_index(position, plays)
    state = _State.of(position)
    left = list(r.dice)
    for m in moves_so_far:
        m = m if isinstance(m, Move) else Move(*m)
        if m.die not in left:
            raise IllegalPlayError(f"{m} uses a {m.die}, but no {m.die} of {r} is left to play.")
        _, problem = state.step(m.source, m.destination, m.die)
        if problem:
            raise IllegalPlayError(problem.message)
        left.remove(m.die)
    memo: dict = {}
    if moves_so_far and _can_complete(state, left, legal, memo) is None:
        verdict = explain(position, r, list(moves_so_far), complete=False)
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
