"""Why a play is illegal: the reason, in words a learner understands.

:func:`explain` takes what a player tried — notation such as ``"13/7 8/7"``, a :class:`Move`, a list of
moves or a :class:`Play` — and returns a :class:`Verdict`: legal or not, a :class:`Reason` code, and one
plain sentence naming the rule (with a legal alternative where that helps).

Which rule is named, when an attempt breaks several: the first that it breaks in this order.

1. The game is over (``GAME_OVER``); nothing written while a play exists (``MUST_MOVE``).
2. Each written move read on its own, rule by rule over all the moves: it goes nowhere or backwards
   (``WRONG_DIRECTION``); it enters from the bar on a point 1-6 that is a die of the roll, counted in
   the opponent's numbering (``ENTRY_POINT``: a 5 enters on your 20-point); its distance is no die and
   no sum of dice (``DIE_MISMATCH``; but ``BEAR_OFF_NOT_ALL_HOME`` when that move is a bear-off and
   checkers that no written move brings home are outside the home board); the moves add up to more
   pips than the roll (``DIE_MISMATCH``, bear-offs not counted); a ``*`` on a point with no opposing
   checker (``NO_BLOT_TO_HIT``).
3. When no way of playing the moves succeeds, the learner's most likely reading first: as many moves
   as dice, each one die (a bear-off takes the die equal to its point if one is left, else the
   highest), played from the bar first and then as written; the first rule a step breaks is named
   (``bar/19 13/9`` with 6-4 against a held 19-point is ``BLOCKED``; ``5/off 3/2`` with 4-1 is a 4
   too small to bear off, ``DIE_MISMATCH``). Otherwise, played on the board one die at a time, in
   every order: the way that completes the most written moves (a failure at the start of a move
   counting as further than one partway through it) names the step that fails, and among equally far
   ways the first of: ``BAR_FIRST``, ``NO_CHECKER``, ``WRONG_DIRECTION``, ``BEAR_OFF_NOT_ALL_HOME``,
   ``BEAR_OFF_HIGHER_POINT``, ``BLOCKED``, ``NO_BLOT_TO_HIT``, ``DIE_MISMATCH`` (a die too small to
   bear off, or the dice run out).
4. Every step can be made but the play is not one of the legal plays: the forced-move rule it breaks
   (``DOUBLES_UNDERPLAYED``, ``DICE_NOT_FULLY_USED``, ``LARGER_DIE_REQUIRED``).

Long Nardy (its rules here in :mod:`bglearn.variants.long_nardy.explain`) adds: at
stage 2, a move from the bar (``BAD_NOTATION``: there is no bar) and any ``*`` (``CLOSED_POINT``:
no hitting) before the other checks; at stage 3, ``HEAD_RULE`` after ``BEAR_OFF_HIGHER_POINT`` and
``CLOSED_POINT`` (a point with any opposing checker) in place of ``BLOCKED``; before stage 4, a play
that ends holding a six-point block the rule forbids (``SIX_BLOCK``).

Every play a message names, and every ``suggestion``, is a legal play; ``advice`` adds one to a
refusal whose message names none (for lessons and practice; graded feedback keeps to ``message``).
Plays in messages are written as paths (``bar/21/19``, see :func:`bglearn.notation.format_play`).
``numbering=`` writes the points in the numbering of the board the learner looks at (default: the
side on roll's own numbering).

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

from enum import Enum
from itertools import permutations
from typing import Any, Callable, Iterator, Sequence, Union

from .dice import Roll, RollLike, as_roll
from .errors import IllegalPlayError, NotationError
from .i18n import N_, _, ngettext
from .kernel import HIT_WEIGHT, POINT_WEIGHT, mover_arrays, position_key
from .notation import Segment, format_play, format_point, parse_moves
from .plays import BAR, OFF, Move, Play, legal_plays
from .position import Player, Position
from .values import Value

__all__ = ["Reason", "Verdict", "explain", "parse_play", "legal_continuations"]


class Reason(Enum):
    """Why an attempted play is (il)legal. ``reason.rule`` states the rule in one sentence."""

    LEGAL = N_("The play is legal.")
    BAD_NOTATION = N_("Moves are written from/to, such as 13/7 or bar/22*.")
    NO_CHECKER = N_("You can only move your own checkers, from points where you have one.")
    WRONG_DIRECTION = N_("Checkers move from higher-numbered points to lower ones, towards your home board.")
    BLOCKED = N_("A checker may not land on a point held by two or more opposing checkers.")
    ENTRY_POINT = N_(
        "A checker on the bar enters in your opponent's home board: a die of n enters on your (25 - n)-point."
    )
    BAR_FIRST = N_("While you have a checker on the bar, you must enter it before moving any other checker.")
    BEAR_OFF_NOT_ALL_HOME = N_("You may bear off only when all your checkers are in your home board.")
    BEAR_OFF_HIGHER_POINT = N_(
        "A die higher than a checker's point bears it off only when no checker stands on a higher point."
    )
    DIE_MISMATCH = N_("Each move must use the number on one die (or, for one checker, several dice in turn).")
    DICE_NOT_FULLY_USED = N_("You must use both dice if any legal way of playing them does so.")
    LARGER_DIE_REQUIRED = N_("If only one die can be used, and either could be, you must use the larger.")
    DOUBLES_UNDERPLAYED = N_("With doubles you must play as many of the four moves as you can.")
    NO_BLOT_TO_HIT = N_("A '*' marks a hit; you can only hit a point with exactly one opposing checker.")
    MUST_MOVE = N_("If you can move, you must: a turn is lost only when no legal play exists.")
    GAME_OVER = N_("The game is over: one side has borne off all its checkers.")
    # Long Nardy (bglearn.variants.long_nardy)
    HEAD_RULE = N_(
        "Only one checker may leave the head (your 24-point) in a turn; two when all 15 are still there "
        "and you roll 6-6, 4-4 or 3-3."
    )
    CLOSED_POINT = N_(
        "In Long Nardy a point with any opposing checker on it is closed: you can't land there, and nothing "
        "is ever hit."
    )
    SIX_BLOCK = N_(
        "A play may not leave you holding six points in a row in front of your opponent unless at least one "
        "opposing checker is already past them."
    )

    @property
    def rule(self) -> str:
        """The rule in one sentence, in the current language (:func:`bglearn.set_language`)."""
        return _(self.value)


class _Advised(Value):
    """Holds a verdict's advice apart from its fields (so it is worked out only when asked for)."""

    __slots__ = ("_advice",)
    _advice: "str | Callable[[], str]"


class Verdict(_Advised):
    """The engine's ruling on an attempted play.

    ``legal`` — whether it may be played; ``reason`` — a :class:`Reason`; ``message`` — one sentence for
    the learner; ``play`` — the legal :class:`Play` it is (when legal and complete); ``suggestion`` — a
    legal play worth showing instead (when illegal and one exists); ``attempted`` — the attempt as written.
    :attr:`advice` is the message for a learner who may be shown the way (a lesson, practice).
    ``advice`` (text, or a function making it when first asked for) sets it; by default it is the message.
    """

    __slots__ = ("legal", "reason", "message", "play", "suggestion", "attempted")
    legal: bool
    reason: Reason
    message: str
    play: Play | None
    suggestion: Play | None
    attempted: str

    def __init__(
        self, legal: bool, reason: Reason, message: str, play: Play | None = None,
        suggestion: Play | None = None, attempted: str = "", advice: str | Callable[[], str] = "",
    ) -> None:
        self._init(legal=legal, reason=reason, message=message, play=play, suggestion=suggestion,
                   attempted=attempted)
        object.__setattr__(self, "_advice", advice)

    @property
    def advice(self) -> str:
        """The message, followed — when it names no legal play and no move of one — by a legal play (or,
        when none exists, by "the turn is lost"): what a lesson or practice shows. A graded answer's
        feedback uses :attr:`message`, which names the rule without giving an answer away."""
        advice = self._advice
        if callable(advice):
            advice = advice()
            object.__setattr__(self, "_advice", advice)
        return advice or self.message

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), (*self._values(), self.advice)

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.message


Attempt = Union[str, Move, Play, Sequence[Move]]


# -- words: point numbers in the numbering the learner sees ----------------------------------

class PointWords:
    """Point names for the messages of a check: the mover's own (``your 7-point``) or, when the learner
    looks at a board numbered for the other side, the number printed there (``point 18``). Made by
    :func:`explain`; a variant's :class:`CheckState` uses it to name points in its own messages
    (:meth:`pt`, :meth:`pts`) and ``them`` to name the opponent."""

    __slots__ = ("mover", "numbering", "flip", "opposite")

    def __init__(self, mover: Player, numbering: Player | None,
                 opposite: Sequence[int] = Position.OPPOSITE) -> None:
        self.opposite = opposite  # the game's map to the other side's numbers (Position.OPPOSITE)
        self.mover = mover
        self.numbering = mover if numbering is None else Player(numbering)
        self.flip = self.numbering is not mover

    @property
    def them(self) -> str:
        """The opponent's name in the current language (asked only by the messages that name it)."""
        return self.mover.opponent.name_text

    def num(self, p: int) -> int:
        if self.flip and 1 <= p <= 24:
            return self.opposite[p]
        return p

    def pt(self, p: int) -> str:
        """``your 7-point`` (or ``point 18`` in the other side's numbering)."""
        # Translators: a point named inside a sentence, on a board numbered for the other side.
        # Translators: "your {number}-point" is the learner's own numbering; notation stays as it is.
        return _("point {number}").format(number=self.num(p)) if self.flip else _("your {number}-point").format(number=p)

    def pts(self, points: Sequence[int]) -> str:
        names = [self.pt(p) for p in sorted(points, reverse=True)]
        if len(names) == 1:
            return names[0]
        # Translators: the end of a list of points, e.g. "your 8-point, your 7-point and your 6-point".
        return _("{points} and {last}").format(points=", ".join(names[:-1]), last=names[-1])

    def leg(self, a: int, z: int) -> str:
        return f"{format_point(self.num(a))}/{format_point(self.num(z))}"

    def home(self) -> str:
        first, last = sorted((self.num(1), self.num(6)))  # the mover's points 1-6, as the board numbers them
        return _("(points {first}-{last})").format(first=first, last=last)

    def play(self, play: Play | None) -> str:
        if play is None:
            return ""
        return format_play(play, paths=True, numbering=self.numbering) or _("(no legal play)")

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

class CheckState:
    """The mover's board during a check: ``b`` (0 off, 1-24, 25 bar), ``o`` opposing counts in the
    mover's numbering, and the integer key that :mod:`bglearn.kernel` uses for positions.

    This class plays backgammon's rules; a variant subclasses it (and overrides :meth:`problem`,
    :meth:`open_step`, :meth:`reading_problem`, :meth:`end_problem`, :meth:`copy`) and hands its
    state out through its position class's ``check_state`` (see :mod:`bglearn.variants.long_nardy.explain`)."""

    __slots__ = ("b", "o", "key", "w")

    def __init__(self, b: list[int], o: list[int], key: int, w: PointWords) -> None:
        self.b, self.o, self.key, self.w = b, o, key, w

    @classmethod
    def of(cls, position: Position, w: PointWords, roll: Roll | None = None) -> "CheckState":
        """The start of a check by backgammon's rules (:meth:`Position.check_state
        <bglearn.position.Position.check_state>`); :func:`explain` asks the position, whose game may hand
        out its own state (such as :class:`bglearn.variants.long_nardy.explain.NardyState`)."""
        b, o = mover_arrays(position)
        return cls(b, o, position_key(b), w)

    def reading_problem(self, chains: Sequence[tuple[tuple[int, ...], tuple[bool, ...]]]) -> "Problem | None":
        """A rule of the variant that the written moves break on their own (backgammon: none)."""
        return None

    def end_problem(self, partial: bool) -> "Problem | None":
        """A rule of the variant broken by the position reached (backgammon: none); ``partial`` when
        the moves so far are only the start of a turn that cannot be completed."""
        return None

    def copy(self) -> "CheckState":
        return CheckState(self.b[:], self.o[:], self.key, self.w)

    def step(self, s: int, t: int, die: int) -> tuple[bool, "Problem | None"]:
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

    def allows(self, s: int, t: int, die: int) -> bool:
        """True when :meth:`problem` finds nothing wrong with the step, found without writing the
        message (a variant that overrides :meth:`problem` is asked through it)."""
        if type(self).problem is not CheckState.problem:
            return self.problem(s, t, die) is None
        b = self.b
        if (s != BAR and b[BAR]) or not b[s]:
            return False
        if t != OFF:
            return self.o[t] < 2
        if any(b[7:25]):
            return False
        return not any(b[s + 1:7]) if die > s else die == s

    def problem(self, s: int, t: int, die: int) -> "Problem | None":
        b, o, w = self.b, self.o, self.w
        if s != BAR and b[BAR]:
            return Problem(Reason.BAR_FIRST, _bar_first_text(b[BAR]))
        if not b[s]:
            if s == BAR:
                return Problem(Reason.NO_CHECKER, _("You have no checker on the bar."), point=BAR)
            if o[s]:
                text = _("You have no checker on {point} — the checkers there are {player}'s.")
            else:
                text = _("You have no checker on {point}.")
            return Problem(Reason.NO_CHECKER, text.format(point=w.pt(s), player=w.them), point=s)
        if t == OFF:
            outside = [p for p in range(7, 25) if b[p]]
            if outside:
                n = sum(b[p] for p in outside)
                if len(outside) == 1:  # one point: a language may say "on the point" in the singular
                    text = ngettext(
                        "You may bear off only when all your checkers are in your home board {home}; "
                        "you still have a checker on {point}.",
                        "You may bear off only when all your checkers are in your home board {home}; "
                        "you still have {n} checkers on {point}.", n)
                else:
                    text = ngettext(
                        "You may bear off only when all your checkers are in your home board {home}; "
                        "you still have a checker on {points}.",
                        "You may bear off only when all your checkers are in your home board {home}; "
                        "you still have {n} checkers on {points}.", n)
                return Problem(Reason.BEAR_OFF_NOT_ALL_HOME, text.format(
                    home=w.home(), point=w.pt(outside[0]), points=w.pts(outside), n=n))
            if die > s:
                higher = [p for p in range(s + 1, 7) if b[p]]
                if higher:
                    h = max(higher)
                    names = {"die": die, "point": w.pt(s), "higher": w.pt(h)}
                    plain = _("A {die} bears off from {point} only when no checker stands on a higher point, "
                              "and you have one on {higher}.").format(**names)
                    if h > die and self.open_step(h, h - die):
                        hint: Move | None = Move(h, h - die, die)
                        text = _("A {die} bears off from {point} only when no checker stands on a higher point, "
                                 "and you have one on {higher}: use the {die} to move the checker on {higher} "
                                 "({move}).").format(move=w.leg(h, h - die), **names)
                    elif h <= die:
                        hint = Move(h, OFF, die)
                        text = _("A {die} bears off from {point} only when no checker stands on a higher point, "
                                 "and you have one on {higher}: use the {die} to bear off the checker on "
                                 "{higher} ({move}).").format(move=w.leg(h, OFF), **names)
                    else:
                        hint = None
                        text = plain
                    return Problem(Reason.BEAR_OFF_HIGHER_POINT, text, hint=hint, plain=plain)
            elif die < s:
                return Problem(
                    Reason.DIE_MISMATCH,
                    _("A {die} is too small to bear off from {point}: that takes a {needed} or more.").format(
                        die=die, point=w.pt(s), needed=s),
                )
            return None
        n = o[t]
        if n >= 2:
            if s == BAR:
                return Problem(
                    Reason.BLOCKED,
                    ngettext("A {die} enters on {point}, and {player} holds it with {n} checker: "
                             "you can't enter with the {die}.",
                             "A {die} enters on {point}, and {player} holds it with {n} checkers: "
                             "you can't enter with the {die}.", n).format(die=die, point=w.pt(t), player=w.them, n=n),
                    point=t,
                )
            return Problem(
                Reason.BLOCKED,
                ngettext("{player} holds {point} with {n} checker, so you can't land there.",
                         "{player} holds {point} with {n} checkers, so you can't land there.", n).format(
                    player=w.them, point=w.pt(t), n=n),
                point=t,
            )
        return None


class Problem:
    """A rule broken by one step of a check: the ``reason`` and the learner's ``message``, the ``point``
    it is about, and (for the kit's own use) how far into the play it was found, a move the message
    proposes and the message without that proposal. A :class:`CheckState` returns one from
    :meth:`CheckState.problem` and the other checks; :func:`explain` turns the first into the verdict.
    (A plain class, not a dataclass: defining dataclasses costs import time.)"""

    __slots__ = ("reason", "message", "point", "depth", "hint", "plain")

    def __init__(self, reason: Reason, message: str, point: int | None = None, depth: int = 0,
                 hint: Move | None = None, plain: str = "") -> None:
        self.reason, self.message, self.point, self.depth = reason, message, point, depth
        self.hint = hint  # a move the message proposes: kept only if some legal play makes it
        self.plain = plain  # the message without the proposal


def _bar_first_text(n: int) -> str:
    return ngettext("You have a checker on the bar: enter it before moving any other checker.",
                    "You have {n} checkers on the bar: enter them all before moving any other checker.", n).format(n=n)


def _dice_words(values: Sequence[int]) -> str:
    vals = sorted(values, reverse=True)
    return "-".join(str(v) for v in vals)


# -- realizing written text with the dice ---------------------------------------------------

class _Success:
    """One way of playing the written moves to the end."""

    __slots__ = ("state", "moves", "dice_left", "unmarked")

    def __init__(self, state: CheckState, moves: list[Move], dice_left: list[int], unmarked: int) -> None:
        self.state, self.moves, self.dice_left = state, moves, dice_left
        self.unmarked = unmarked  # hits on intermediate points that were not marked with '*'


def _reaches(a: int, z: int, dice: Sequence[int]) -> bool:
    """True when some order of some of ``dice`` takes a checker from ``a`` to ``z`` (see
    :func:`_die_sequences`); remembered, as a check asks the same few questions again and again."""
    key = (a, z, tuple(dice))
    known = _REACHES.get(key)
    if known is None:
        known = _REACHES[key] = bool(_die_sequences(a, z, list(dice)))
    return known


_REACHES: dict[tuple[int, int, tuple[int, ...]], bool] = {}


def _next_dice(dice_left: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each different die of ``dice_left``, the highest first, with the dice left after playing it."""
    known = _NEXT_DICE.get(dice_left)
    if known is None:
        out = []
        for d in sorted(set(dice_left), reverse=True):
            rest = list(dice_left)
            rest.remove(d)
            out.append((d, tuple(rest)))
        known = _NEXT_DICE[dice_left] = tuple(out)
    return known


_NEXT_DICE: dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}


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
    start: CheckState, roll: Roll, chains: Sequence[tuple[tuple[int, ...], tuple[bool, ...]]]
) -> Problem | None:
    """Stage 2 of the order in the module docstring: the written moves read on their own."""
    w = start.w
    variant_problem = start.reading_problem(chains)
    if variant_problem is not None:
        return variant_problem
    full = list(roll.dice)
    legs = [(a, z) for path, _ in chains for a, z in zip(path, path[1:])]
    for a, z in legs:
        if z != OFF and z >= a:
            return Problem(
                Reason.WRONG_DIRECTION,
                (_("{move} does not move the checker.") if z == a else
                 _("{move} goes backwards: your checkers move towards your home board {home}.") if w.flip else
                 _("{move} goes backwards: your checkers move from higher-numbered points to lower ones, "
                   "towards your home board.")).format(move=w.leg(a, z), home=w.home()),
            )
    for a, z in legs:
        if a == BAR and 1 <= z <= 6 and z in full and not _reaches(a, z, full):
            return Problem(
                Reason.ENTRY_POINT,
                _("From the bar a {die} enters on {entry} ({player}'s {die}-point), not on {point}: "
                  "a checker on the bar enters in {player}'s home board.").format(
                    die=z, entry=w.pt(25 - z), player=w.them, point=w.pt(z)),
            )
    for a, z in legs:
        if not _reaches(a, z, full):
            if z == OFF:
                home = _not_all_home(start, chains, a)
                if home is not None:
                    return home
                msg = _("Bearing off from {point} takes a {needed} (or a higher number when no checker "
                        "is on a higher point), and you rolled {roll}.").format(point=w.pt(a), needed=a, roll=roll)
            else:
                msg = ngettext("{move} is {n} pip, but you rolled {roll}: each move must match a die, or for "
                               "one checker the dice added together.",
                               "{move} is {n} pips, but you rolled {roll}: each move must match a die, or for "
                               "one checker the dice added together.", a - z).format(
                    move=w.leg(a, z), n=a - z, roll=roll)
            return Problem(Reason.DIE_MISMATCH, msg)
    written = sum(a - z for a, z in legs if z != OFF)
    if written > roll.pips:
        return Problem(Reason.DIE_MISMATCH, ngettext(
            "Your moves add up to {n} pip, but {roll} gives only {pips}.",
            "Your moves add up to {n} pips, but {roll} gives only {pips}.", written).format(
            n=written, roll=roll, pips=roll.pips))
    for path, hits in chains:
        for z, marked in zip(path[1:], hits[1:]):
            if marked and z != OFF and start.o[z] == 0:
                return Problem(
                    Reason.NO_BLOT_TO_HIT,
                    _("There is no {player} blot on {point} to hit ('*' marks a hit).").format(
                        player=w.them, point=w.pt(z)),
                    point=z,
                )
    return None


def _not_all_home(start: CheckState, chains: Sequence[tuple[tuple[int, ...], tuple[bool, ...]]],
                  a: int) -> Problem | None:
    """``BEAR_OFF_NOT_ALL_HOME`` for a bear-off from ``a`` when checkers stay outside the home board
    that no written move brings home (then no die could bear off: that is the rule to name first)."""
    outside = sum(start.b[7:26])
    brought = sum(1 for path, _ in chains if path[0] >= 7 and (path[-1] == OFF or path[-1] <= 6))
    if not 1 <= a <= 6 or outside <= brought or not start.b[a]:
        return None
    problem = start.problem(a, OFF, a)
    return problem if problem is not None and problem.reason is Reason.BEAR_OFF_NOT_ALL_HOME else None


def _already_moved(p: Problem, start: CheckState, w: PointWords) -> None:
    """Reword a ``NO_CHECKER`` found partway through a play on a point that had checkers at the start:
    they have already moved this turn."""
    if p.reason is not Reason.NO_CHECKER or not p.point or not start.b[p.point]:
        return
    n = start.b[p.point]
    if p.point == BAR:
        p.message = ngettext(
            "You have only one checker on the bar, and it has already entered this turn.",
            "You have only {n} checkers on the bar, and they have all entered this turn.", n).format(n=n)
    else:
        p.message = ngettext(
            "You have only {n} checker on {point}, and it has already moved this turn.",
            "You have only {n} checkers on {point}, and they have already moved this turn.", n).format(
            n=n, point=w.pt(p.point))


def _likely_problem(position: Position, roll: Roll, segments: Sequence[Segment], w: PointWords) -> Problem | None:
    """The rule broken by the learner's most likely reading of an illegal attempt, or None when there
    is no clear one. When the written moves are as many as the dice and each non-bear-off move is one
    die's distance, each move is read as one die (a bear-off takes the die equal to its point when
    one is left, else the highest left) and the moves are played from the bar first, then in the
    written order; the first rule a step breaks is named (``bar/19 13/9`` with 6-4 against a held
    19-point: the 6 is BLOCKED, not "enter first"; ``5/off 3/2`` with 4-1: the 4 is too small)."""
    dice = list(roll.dice)
    if sum([(len(seg.path) - 1) * seg.count for seg in segments]) != len(dice):
        return None  # (checked first: most attempts that get here are one move written as the turn)
    legs = [(a, z, marked) for path, hits in _chains(segments) for a, z, marked in zip(path, path[1:], hits[1:])]
    assigned = [0] * len(legs)
    for i, (a, z, _marked) in enumerate(legs):
        if z != OFF:
            if a - z not in dice:
                return None
            dice.remove(a - z)
            assigned[i] = a - z
    for want_exact in (True, False):
        for i, (a, z, _marked) in enumerate(legs):
            if z == OFF and not assigned[i] and (a in dice or not want_exact):
                assigned[i] = a if want_exact else max(dice)
                dice.remove(assigned[i])
    start = position.check_state(w, roll)
    state = start.copy()
    for i in sorted(range(len(legs)), key=lambda i: legs[i][0] != BAR):  # bar first, else as written
        a, z, marked = legs[i]
        hit, problem = state.step(a, OFF if z == OFF else a - assigned[i], assigned[i])
        if problem is not None:
            _already_moved(problem, start, w)
            return problem
        if marked and not hit:
            return None
    return None


def _realize(
    position: Position, roll: Roll, segments: Sequence[Segment], w: PointWords, first_clean: bool = False,
    legal: _LegalIndex | None = None,
) -> tuple[list[_Success], list[Problem]]:
    """Every way of playing the written segments one die at a time (checkers may take turns, so two
    checkers can enter from the bar before either moves on), with the rule broken by each way that fails.

    With ``first_clean`` the search stops at the first way with no unmarked hit: every such way reaches
    the same position (the same checkers end on the same points, and the blots hit are those on the
    written points), and a complete play is judged by the first of them, so the ways after it cannot
    change the verdict. ``legal``: the legal plays' index, which takes the start's key as its own."""
    chains = _chains(segments)
    successes: list[_Success] = []
    problems: list[Problem] = []
    start = position.check_state(w, roll)
    if legal is not None:
        legal.starts_at(start.key)
    full = list(roll.dice)

    first = _reading_problem(start, roll, chains)
    if first is not None:
        first.depth = _READING  # found before playing anything: no other reading overrides it
        return [], [first]

    def fail(p: Problem, legs_done: int, into_leg: int) -> None:
        p.depth = legs_done * 8 - into_leg
        _already_moved(p, start, w)
        problems.append(p)

    seen: set[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], int]] = set()
    new_move = tuple.__new__  # Move(...) without NamedTuple's argument handling
    done = [False]  # a way with no unmarked hit was found (with ``first_clean``)

    def dfs(state: CheckState, cursor: tuple[tuple[int, int], ...], dice_left: tuple[int, ...],
            moves: tuple[Move, ...], unmarked: int) -> None:
        # cursor[i] = (index of the next waypoint of chain i, where its checker stands now)
        if len(successes) > 64 or done[0]:
            return
        memo_key = (state.key, cursor, dice_left, unmarked)
        if memo_key in seen:
            return
        seen.add(memo_key)
        pending = [i for i, c in enumerate(chains) if cursor[i][0] < len(c[0])]
        if not pending:
            successes.append(_Success(state, list(moves), list(dice_left), unmarked))
            if first_clean and not unmarked:
                done[0] = True
            return
        legs_done = sum([c[0] for c in cursor]) - len(cursor)
        tried = set()
        for i in pending:
            path, hits = chains[i]
            j, pos = cursor[i]
            z, marked = path[j], hits[j]
            into_leg = 0 if pos == path[j - 1] else 1
            if not dice_left:
                fail(Problem(
                    Reason.DIE_MISMATCH,
                    _("{move} needs another die, but all the dice of {roll} are already used.").format(
                        move=w.leg(path[j - 1], z), roll=roll),
                ), legs_done, into_leg)
                continue
            progressed = False
            for d, rest in _next_dice(dice_left):
                t = pos - d
                if z == OFF:
                    if t < 1:
                        t = OFF
                elif t < z:
                    continue
                if t != OFF and t < 1:
                    continue
                # can the rest of this leg still be made from t?
                if t != z and t != OFF and not _reaches(t, z, rest):
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
                    fail(Problem(
                        Reason.NO_BLOT_TO_HIT,
                        _("There is no {player} blot on {point} to hit ('*' marks a hit): "
                          "a checker of yours has already hit it this turn.").format(player=w.them, point=w.pt(z)),
                    ), legs_done, into_leg)
                    continue
                new_cursor = cursor[:i] + (((j + 1) if reached else j, t),) + cursor[i + 1:]
                dfs(st, new_cursor, rest, moves + (new_move(Move, (pos, t, d, hit)),),
                    unmarked + (1 if hit and not reached else 0))
                if done[0]:
                    return
            if not progressed:
                a = path[j - 1]
                where = pos if pos != a else a
                if z == OFF and not dice_left:
                    msg = _("Bearing off from {point} needs a {needed} or more, and you have no dice left "
                            "to play.").format(point=w.pt(where), needed=where)
                elif z == OFF:
                    msg = _("Bearing off from {point} needs a {needed} or more, and you have {dice} left "
                            "to play.").format(point=w.pt(where), needed=where, dice=_dice_words(dice_left))
                else:
                    msg = ngettext("{move} is {n} pip, which the dice you still have to play ({dice}) don't make.",
                                   "{move} is {n} pips, which the dice you still have to play ({dice}) don't make.",
                                   a - z).format(move=w.leg(a, z), n=a - z, dice=_dice_words(dice_left))
                fail(Problem(Reason.DIE_MISMATCH, msg), legs_done, into_leg)

    dfs(start.copy(), tuple((1, path[0]) for path, _ in chains), tuple(full), (), 0)
    return successes, problems


_READING = -1000
"""The ``depth`` of a problem found by stage 2 (the written moves read on their own): below any depth
reached on the board (at least -1, a failure partway through the first move)."""

_PRECEDENCE = [Reason.BAR_FIRST, Reason.NO_CHECKER, Reason.WRONG_DIRECTION, Reason.BEAR_OFF_NOT_ALL_HOME,
               Reason.BEAR_OFF_HIGHER_POINT, Reason.HEAD_RULE, Reason.BLOCKED, Reason.CLOSED_POINT,
               Reason.NO_BLOT_TO_HIT, Reason.DIE_MISMATCH]


def _best_problem(problems: list[Problem], w: PointWords) -> Problem:
    deepest = max(p.depth for p in problems)
    candidates = [p for p in problems if p.depth == deepest]
    blocked = [p for p in candidates if p.reason is Reason.BLOCKED]
    if len(blocked) > 1 and len(blocked) == len(candidates):
        points = sorted({p.point for p in blocked if p.point}, reverse=True)
        if len(points) > 1:
            return Problem(
                Reason.BLOCKED,
                _("Whichever die is played first, this move stops on a point held by two or more opposing "
                  "checkers ({points}), so it can't be played.").format(points=w.pts(points)),
                depth=deepest,
            )
    return min(candidates, key=lambda p: _PRECEDENCE.index(p.reason) if p.reason in _PRECEDENCE else len(_PRECEDENCE))


# -- legal results and completions ----------------------------------------------------------

class _LegalIndex:
    """The legal plays by the kernel's key of the position each reaches (hits included), worked out
    only as far as the look-ups need: the play an attempt makes is often among the first. Plays reach
    different positions, so they have different keys."""

    __slots__ = ("position", "_plays", "_key0", "_known", "_next")

    def __init__(self, position: Position, plays: list[Play]) -> None:
        self.position = position
        self._plays = plays
        self._key0: int | None = None  # the key of the position itself, once needed
        self._known: dict[int, Play] = {}
        self._next = 0  # plays[:_next] are in _known

    @property
    def key0(self) -> int:
        """The key of the position the plays start from."""
        if self._key0 is None:
            self._key0 = position_key(mover_arrays(self.position)[0])
        return self._key0

    def starts_at(self, key: int) -> None:
        """Take ``key`` as :attr:`key0` (a check's start state has it already: the same key)."""
        if self._key0 is None:
            self._key0 = key

    def get(self, key: int) -> Play | None:
        """The legal play that reaches the position of ``key``, if any."""
        found = self._known.get(key)
        if found is not None:
            return found
        plays, known, W, H = self._plays, self._known, POINT_WEIGHT, HIT_WEIGHT
        key0 = self.key0
        while self._next < len(plays):
            p = plays[self._next]
            self._next += 1
            k = key0
            for s, t, _die, hit in p.raw_moves:  # the moves as the kernel made them (no Move objects)
                k += W[t] - W[s]
                if hit:
                    k += H[t]
            known[k] = p
            if k == key:
                return p
        return None


def _as_written(segments: Sequence[Segment], legal: _LegalIndex, max_dice: int, roll: Roll) -> Play | None:
    """The legal play made of exactly the written moves, when each is one checker moved once
    (``13/7 8/7``, ``13/11* 6/5``, ``6/4*(2) 8/6(2)``), in a game played by backgammon's rules; else
    None. A ``*`` is taken only on a point with an opposing blot where one move lands (or the same move
    repeated, the first marked). ``max_dice``: how many moves each legal play makes.

    This is the verdict the check one die at a time would reach, found without it: the play's own
    moves are made in some order (a marked move first onto its point), so that check succeeds, and
    with no waypoint between the written points every way it succeeds reaches this play's position
    (the written points, the blots on them hit), which is the legal play it names."""
    position = legal.position
    if type(position).check_state is not Position.check_state:
        return None
    legs: list[tuple[int, int]] = []
    marked: list[int] = []
    for seg in segments:
        if len(seg.path) != 2:
            return None
        legs.extend([(seg.path[0], seg.path[1])] * seg.count)
        if seg.hits[1]:
            marked.append(seg.path[1])
    if len(legs) != max_dice or any(z != OFF and a - z not in roll for a, z in legs):
        return None  # not as many moves as a legal play makes, or a move no die makes
    o = mover_arrays(position)[1]
    for z in marked:
        if z == OFF or o[z] != 1 or marked.count(z) > 1 or len({a for a, t in legs if t == z}) > 1:
            return None
    W, H = POINT_WEIGHT, HIT_WEIGHT
    key = legal.key0
    for a, z in legs:
        key += W[z] - W[a]
    for z in {z for _a, z in legs}:
        if z != OFF and o[z] == 1:
            key += H[z]
    play = legal.get(key)
    if play is None or sorted(legs) != sorted([(m[0], m[1]) for m in play.raw_moves]):
        return None
    return play


def _single_steps(state: CheckState, dice_left: Sequence[int]) -> list[Move]:
    """Every single-die move that is legal on its own from ``state``."""
    return list(_each_single_step(state, dice_left))


def _each_single_step(state: CheckState, dice_left: Sequence[int]) -> Iterator[Move]:
    """The moves of :func:`_single_steps` one by one (the first found without looking for the rest)."""
    for d in sorted(set(dice_left), reverse=True):
        for s in range(25, 0, -1):
            if not state.b[s]:
                continue
            t = s - d
            if t <= 0:
                t = OFF
            if state.allows(s, t, d):
                hit = t != OFF and state.o[t] == 1
                yield Move(s, t, d, hit)


def _can_complete(state: CheckState, dice_left: list[int], legal: _LegalIndex, memo: dict[tuple[int, tuple[int, ...]], Play | None]) -> Play | None:
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
    position = plays[0].position
    if moves:  # keep the plays that make the most of the learner's moves (by their starting points)
        sources = [m.source for m in moves]
        kept = []
        if len(sources) == 1:  # the commonest case (a first move written as the whole turn), quicker
            src = sources[0]
            for p in plays:
                n = 0
                for m in p.raw_moves:
                    if m[0] == src:
                        n = 1
                        break
                kept.append(n)
        else:
            for p in plays:
                left = list(sources)
                n = 0
                for m in p.raw_moves:
                    if m[0] in left:
                        left.remove(m[0])
                        n += 1
                kept.append(n)
        most = max(kept)
        plays = [p for p, n in zip(plays, kept) if n == most]
    me = position.checkers(position.turn)  # the mover's own numbering, as the plays' moves are
    # The mover's counts by the kernel's places (1-24 points); off (0) and the bar (25) hold a count
    # that never makes or removes a blot.
    counts = [_NOT_A_POINT, *me[1:25], _NOT_A_POINT]
    blots = sum([1 for n in me[1:25] if n == 1])
    best = plays[0]
    fewest = _NOT_A_POINT
    for p in plays:  # the first play that leaves the fewest blots, as min() gives it
        c = counts[:]
        change = 0  # blots made minus blots removed
        for s, t, _die, _hit in p.raw_moves:
            n = c[s]
            change += _LEAVE[n]
            c[s] = n - 1
            n = c[t]
            change += _LAND[n]
            c[t] = n + 1
        if change < fewest:
            best, fewest = p, change
            if blots + change == 0:  # none leaves fewer
                break
    return best


_NOT_A_POINT = 100
_LEAVE = [-1 if n == 1 else 1 if n == 2 else 0 for n in range(_NOT_A_POINT + 5)]
"""The change in the number of blots when a checker leaves a point holding ``n``."""
_LAND = [1 if n == 0 else -1 if n == 1 else 0 for n in range(_NOT_A_POINT + 5)]
"""The change in the number of blots when a checker lands on a point holding ``n``."""


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
                _("explain takes notation text, a Move, a list of Moves or a Play, got {type}.").format(
                    type=type(attempted).__name__)
            ) from None
    segs = [Segment((m.source, m.destination), (False, m.hit)) for m in moves]
    return segs, " ".join(str(m) for m in moves), True


def _with_hint(p: Problem, plays: list[Play]) -> str:
    """The problem's message, keeping a proposed move only when some legal play makes it."""
    if p.hint is None:
        return p.message
    h = p.hint
    for play in plays:
        for m in play.moves:
            if m.source == h.source and m.die == h.die and m.destination == h.destination:
                return p.message
    return p.plain


def _refusal(p: Problem, plays: list[Play], suggestion: Play | None, text: str, r: Roll, w: PointWords) -> Verdict:
    """The verdict on an attempt that breaks the rule of ``p``, with its :attr:`Verdict.advice`: the
    message, then (unless it proposes a legal move already) a legal play, or that the turn is lost."""
    message = _with_hint(p, plays)

    def advice() -> str:
        if p.hint is not None and message is p.message:  # the message proposes a move of a legal play
            return message
        if suggestion is not None:
            return message + " " + _("For example, {play} is a legal play of {roll}.").format(
                play=w.play(suggestion), roll=r)
        if not plays:
            return message + " " + _("No legal play exists with {roll}: the turn is lost.").format(roll=r)
        return message

    return Verdict(False, p.reason, message, suggestion=suggestion, attempted=text, advice=advice)


def explain(
    position: Position,
    roll: RollLike,
    attempted: Attempt,
    complete: bool | None = None,
    *,
    numbering: Player | None = None,
    plays: Sequence[Play] | None = None,
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
    ``plays``: ``legal_plays(position, roll)`` when the caller has it already (a board asks once a turn).
    """
    try:
        r = as_roll(roll)
    except NotationError as exc:
        return Verdict(False, Reason.BAD_NOTATION, str(exc))
    try:
        segments, text, default_complete = _segments_of(attempted)
    except NotationError as exc:
        return Verdict(False, Reason.BAD_NOTATION, str(exc), attempted=str(attempted))
    w = PointWords(position.turn, numbering, position.OPPOSITE)
    shown = w.segments(segments, text)
    whole = default_complete if complete is None else complete
    plays = legal_plays(position, r) if plays is None else list(plays)
    if position.is_game_over:
        winner = position.winner
        return Verdict(False, Reason.GAME_OVER,
                       _("The game is over: {player} has borne off all 15 checkers.").format(
                           player=winner.name_text if winner is not None else ""),
                       attempted=text)
    max_dice = len(plays[0].raw_moves) if plays else 0

    if not segments:
        example = _closest(plays, [])
        if not plays:
            return Verdict(True, Reason.LEGAL, _("No legal play exists with {roll}: the turn is lost.").format(roll=r),
                           play=Play(position, r, ()), attempted=text)
        if not whole:
            return Verdict(True, Reason.LEGAL, _("Nothing played yet."), attempted=text)
        return Verdict(False, Reason.MUST_MOVE,
                       _("{roll} can be played (for example {play}), and if you can move, you must.").format(
                           roll=r, play=w.play(example)),
                       suggestion=example, attempted=text)

    legal = _LegalIndex(position, plays)
    if whole:
        match = _as_written(segments, legal, max_dice, r)
        if match is not None:
            return Verdict(True, Reason.LEGAL, _("{play} is a legal play of {roll}.").format(
                play=w.play(match), roll=r), play=match, attempted=text)
    successes, problems = _realize(position, r, segments, w, first_clean=whole, legal=legal)
    if not successes:
        likely = None if problems[0].depth == _READING else _likely_problem(position, r, segments, w)
        p = likely or _best_problem(problems, w)
        return _refusal(p, plays, _closest(plays, []) if plays else None, text, r, w)

    fewest = min(s.unmarked for s in successes)
    candidates = [s for s in successes if s.unmarked == fewest]
    memo: dict[tuple[int, tuple[int, ...]], Play | None] = {}
    if whole:
        for s in candidates:
            match = legal.get(s.state.key)
            if match is not None:
                return Verdict(True, Reason.LEGAL, _("{play} is a legal play of {roll}.").format(
                    play=w.play(match), roll=r), play=match, attempted=text)
        if fewest:
            for s in successes:
                match = legal.get(s.state.key)
                if match is not None:
                    return Verdict(True, Reason.LEGAL, _("{play} is a legal play of {roll}.").format(
                        play=w.play(match), roll=r), play=match, attempted=text)
        s = candidates[0]
        broken = s.state.end_problem(partial=False)
        if broken is not None:
            return _refusal(broken, plays, _closest(plays, s.moves), text, r, w)
        return _judge_incomplete(r, plays, s, max_dice, shown, text, w)

    for s in candidates + [s for s in successes if s.unmarked != fewest]:
        target = _can_complete(s.state, s.dice_left, legal, memo)
        if target is not None:
            done = legal.get(s.state.key)
            msg = (_("{move} is a legal start.").format(move=shown) if done is None else
                   _("{play} is a legal play of {roll}.").format(play=w.play(done), roll=r))
            return Verdict(True, Reason.LEGAL, msg, play=done, suggestion=target, attempted=text)
    broken = candidates[0].state.end_problem(partial=True)
    if broken is not None:
        return _refusal(broken, plays, _closest(plays, candidates[0].moves), text, r, w)
    return _judge_incomplete(r, plays, candidates[0], max_dice, shown, text, w, partial=True)


def _judge_incomplete(
    r: Roll, plays: list[Play], s: _Success, max_dice: int, shown: str, text: str, w: PointWords, partial: bool = False
) -> Verdict:
    used = len(s.moves)
    example = _closest(plays, s.moves)
    ex = w.play(example)
    if r.is_double:
        names = {"move": shown, "die": r.high, "roll": r, "max": max_dice, "play": ex, "n": used}
        if partial:
            msg = ngettext("After {move} you could not play as many {die}s as possible; with {roll} you can play "
                           "{max} move, for example {play}.",
                           "After {move} you could not play as many {die}s as possible; with {roll} you can play "
                           "{max} moves, for example {play}.", max_dice).format(**names)
        elif max_dice == 4:
            msg = ngettext("With {roll} you can play all four {die}s (for example {play}); you played only {n}.",
                           "With {roll} you can play all four {die}s (for example {play}); you played only {n}.",
                           used).format(**names)
        else:
            msg = ngettext("With {roll} you can play {max} of the four {die}s (for example {play}); "
                           "you played only {n}.",
                           "With {roll} you can play {max} of the four {die}s (for example {play}); "
                           "you played only {n}.", used).format(**names)
        return Verdict(False, Reason.DOUBLES_UNDERPLAYED, msg, suggestion=example, attempted=text)
    if max_dice == 2:
        if used == 1 and next(_each_single_step(s.state, s.dice_left), None) is None:
            other = s.dice_left[0]
            msg = _("After {move} the {die} can't be played, but {play} uses both dice: the roll is one "
                    "unit, so you must play it in full.").format(move=shown, die=other, play=ex)
        else:
            msg = _("{roll} can be played in full, for example {play}: you must use both dice.").format(roll=r, play=ex)
        return Verdict(False, Reason.DICE_NOT_FULLY_USED, msg, suggestion=example, attempted=text)
    # Only one die can be used: it must be the larger when the larger can be played.
    larger = r.high
    msg = _("Only one die of {roll} can be played, and either could be, so you must play the larger one, the "
            "{die}: for example {play}.").format(roll=r, die=larger, play=ex)
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
    plays: Sequence[Play] | None = None,
) -> list[Move]:
    """The single-die moves that may come next after ``moves_so_far`` and still lead to a legal play.

    Moves (given and returned) are in the mover's numbering. An empty list means the turn is complete
    (or the roll cannot be played at all). Raises :class:`IllegalPlayError` if ``moves_so_far`` is not
    the start of a legal play; its message uses ``numbering`` as :func:`explain` does, and ``plays``
    (``legal_plays(position, roll)`` when the caller has it already) saves asking the engine again."""
    r = as_roll(roll)
    plays = legal_plays(position, r) if plays is None else list(plays)
    legal = _LegalIndex(position, plays)
    w = PointWords(position.turn, numbering, position.OPPOSITE)
    state = position.check_state(w, r)
    left = list(r.dice)
    for m in moves_so_far:
        m = m if isinstance(m, Move) else Move(*m)
        if m.die not in left:
            raise IllegalPlayError(
                _("{move} uses a {die}, but no {die} of {roll} is left to play.").format(
                    move=w.leg(m.source, m.destination), die=m.die, roll=r)
            )
        _hit, problem = state.step(m.source, m.destination, m.die)
        if problem:
            raise IllegalPlayError(_with_hint(problem, plays))
        left.remove(m.die)
    memo: dict[tuple[int, tuple[int, ...]], Play | None] = {}
    if moves_so_far and _can_complete(state, left, legal, memo) is None:
        verdict = explain(position, r, list(moves_so_far), complete=False, numbering=numbering, plays=plays)
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
