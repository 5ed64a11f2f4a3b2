"""What a practice board asks the learner to achieve, judged by the engine (issue 25).

A goal is a small object a :class:`~bglearn.learn.goal_board.GoalBoard` asks after each finished turn:
:meth:`Goal.check` takes the position the stage started from, the plays made so far and the position
now, and returns a :class:`GoalResult` — met or not, whether the attempt is over, and one sentence
for the learner (what was missed, when it was). Every judgement is the engine's: legal plays
(:func:`~bglearn.plays.legal_plays`), play sameness (``Play ==``: same resulting position), the
position's own counts, and :func:`~bglearn.verdicts.explain` for why a play is illegal. A goal that
cannot be met from its stage's position and dice is refused when the board is made
(:class:`GoalError`, for the lesson's author).

Points in goals and messages are in the **mover's** numbering ("your 7-point").

>>> from bglearn import Position, legal_plays, parse_play
>>> goal = MakePoint(7)
>>> goal.prepare(Position(), ["61"])
>>> start = Position()
>>> play = parse_play(start, "61", "13/7 8/7")
>>> goal.check(start, [play], play.result).met
True
>>> other = parse_play(start, "61", "24/18 6/5")
>>> print(goal.check(start, [other], other.result).message)
That play does not make your 7-point: checkers from your 13- and 8-points can reach it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..dice import Roll, RollLike, as_roll
from ..errors import BglearnError
from ..i18n import _, ngettext
from ..notation import parse_moves
from ..plays import BAR, Move, legal_plays
from ..plays import Play as Turn
from ..position import Position
from ..verdicts import explain, parse_play

__all__ = ["GoalError", "GoalResult", "Goal", "PlayLegal", "MakePoint", "Hit", "EnterAndHit", "BearOffAll",
           "Play", "BestOf", "SetUp", "CatchIllegal", "STAGE_ID"]

STAGE_ID = re.compile(r"^\d{2}\.\d{1,2}$")
"""A stage id: the lesson's two-digit number, a dot, the stage's number in the lesson (``"03.2"``)."""


class GoalError(BglearnError):
    """A goal that cannot be used as given (a lesson author's mistake), with the reason."""


@dataclass(frozen=True)
class GoalResult:
    """The judgement of a turn: ``met`` (the goal is achieved), ``done`` (the attempt is over: met, or
    failed), ``message`` (one sentence for the learner; empty while a multi-turn attempt goes on)."""

    met: bool
    done: bool
    message: str = ""


def _rolls(rolls: Sequence[RollLike]) -> list[Roll]:
    return [as_roll(r) for r in rolls]


def _holds(position: Position, point: int) -> bool:
    """True when the side that just played (``position.turn``'s opponent) holds ``point`` (its own
    numbering): two checkers, or one in a game without hitting (Long Nardy: one checker closes a point)."""
    mover = position.turn.opponent
    return position.point(mover, point) >= (2 if type(position).hits else 1)


class Goal:
    """The base of every goal. ``rules`` are the rule codes it practises
    (:data:`bglearn.exercises.rules.RULES`); ``turns`` how many turns an attempt takes; ``mode`` the board
    mode it needs (``"humans"``, ``"setup"`` or ``"practice"``)."""

    rules: tuple[str, ...] = ()
    turns: int = 1
    mode: str = "humans"

    def __init__(self, *, rules: Iterable[str] | None = None) -> None:
        if rules is not None:
            self.rules = tuple(rules)
        self.start: Position | None = None
        self.rolls: list[Roll] = []

    def prepare(self, position: Position, rolls: Sequence[RollLike]) -> None:
        """Bind the goal to its stage's start and dice; raise :class:`GoalError` when the engine says it
        cannot be met from there."""
        if not isinstance(position, Position):
            raise GoalError(_("a goal needs a Position to start from, got {kind}.").format(kind=type(position).__name__))
        self.start = position
        self.rolls = _rolls(rolls)
        if self.mode == "humans" and len(self.rolls) < self.turns:
            raise GoalError(ngettext("this goal takes {n} turn: give its roll (roll= or rolls=).",
                                     "this goal takes {n} turns: give {n} rolls (rolls=[...]).",
                                     self.turns).format(n=self.turns))
        self.validate()

    def validate(self) -> None:
        """Raise :class:`GoalError` when no legal play meets the goal (default: the first roll's plays)."""
        start, roll = self._first()
        if not any(self.meets(p) for p in legal_plays(start, roll)):
            raise GoalError(_("no legal play of {roll} meets the goal \"{goal}\" from this position.").format(
                roll=roll, goal=self.describe()))

    def _first(self) -> tuple[Position, Roll]:
        if self.start is None or not self.rolls:
            raise GoalError(_("the goal has no position and roll yet: it is prepared by its GoalBoard."))
        return self.start, self.rolls[0]

    def meets(self, play: Turn) -> bool:
        """True when the one-turn ``play`` meets the goal."""
        raise NotImplementedError  # pragma: no cover - every one-turn goal defines it

    def missed(self, play: Turn) -> str:
        """What a play that does not meet the goal missed, in one sentence."""
        return _("That play does not meet the goal.")

    def check(self, start: Position, plays: Sequence[Turn], now: Position) -> GoalResult:
        """Judge the turn just finished (``plays``: every play of this attempt, the last one just made)."""
        play = plays[-1]
        if self.meets(play):
            return GoalResult(True, True, _("Goal met: {play}.").format(play=play.path_notation or play))
        return GoalResult(False, True, self.missed(play))

    def describe(self) -> str:
        """The goal in a few words (the repr's, and error messages')."""
        return type(self).__name__

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def _example(self) -> Turn | None:
        """A legal play of the first roll that meets the goal (the engine's first in its order)."""
        start, roll = self._first()
        return next((p for p in legal_plays(start, roll) if self.meets(p)), None)


class PlayLegal(Goal):
    """Any legal play (a board refuses an illegal one and explains it with the engine's reason)."""

    def __init__(self, *, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        self._given_rules = rules is not None

    def validate(self) -> None:
        start, roll = self._first()
        if not self._given_rules:
            self.rules = _rules_of_roll(start, roll)

    def meets(self, play: Turn) -> bool:
        return True

    def describe(self) -> str:
        return _("play legally")


def _rules_of_roll(position: Position, roll: Roll) -> tuple[str, ...]:
    """The rules a roll from ``position`` exercises, by asking the engine what a careless play breaks:
    each single die moved from each checker, judged as a whole turn."""
    found: list[str] = []
    mover = position.checkers(position.turn)
    for source in [BAR] + list(range(24, 0, -1)):
        if not mover[0 if source == BAR else source]:
            continue
        for die in sorted(set(roll.dice)):
            if source - die <= 0 and not position.all_home(position.turn):
                continue  # bearing off before all are home: not what a careless play of this roll tries
            text = f"{'bar' if source == BAR else source}/{max(source - die, 0) or 'off'}"
            verdict = explain(position, roll, text)
            if not verdict.legal and verdict.reason.name not in found:
                found.append(verdict.reason.name)
    return tuple(found) or ("MUST_MOVE",)


class MakePoint(Goal):
    """After the play the mover holds ``point`` (mover's numbering; two or more checkers, or one in
    a game without hitting), which it did not hold before."""

    rules = ("BLOCKED",)

    def __init__(self, point: int, *, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        if isinstance(point, bool) or not isinstance(point, int) or not 1 <= point <= 24:
            raise GoalError(_("MakePoint needs a point 1-24 in the mover's numbering, got {point!r}.").format(point=point))
        self.point = point

    def validate(self) -> None:
        start, _roll = self._first()
        if start.point(start.turn, self.point) >= (2 if type(start).hits else 1):
            raise GoalError(_("{who} already holds its {n}-point: MakePoint needs a point not yet made.").format(
                who=start.turn, n=self.point))
        super().validate()

    def meets(self, play: Turn) -> bool:
        return _holds(play.result, self.point)

    def missed(self, play: Turn) -> str:
        example = self._example()
        sources = sorted({m.source for m in example.moves if m.destination == self.point}, reverse=True) if example else []
        if len(sources) > 1:
            return _("That play does not make your {n}-point: checkers from your {a}- and {b}-points can reach "
                     "it.").format(n=self.point, a=sources[0], b=sources[1])
        if self.start is not None and not type(self.start).hits:  # one checker holds a point (Long Nardy)
            return _("That play does not bring a checker to your {n}-point.").format(n=self.point)
        return _("That play does not make your {n}-point: you need two checkers on it.").format(n=self.point)

    def describe(self) -> str:
        # Translators: a goal: make (hold) a point, e.g. "make your 7-point".
        return _("make your {n}-point").format(n=self.point)

    def __repr__(self) -> str:
        return f"MakePoint({self.point})"


class Hit(Goal):
    """The play hits at least ``count`` blots."""

    rules = ("NO_BLOT_TO_HIT",)

    def __init__(self, count: int = 1, *, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            raise GoalError(_("Hit needs a count of blots from 1 to 4, got {count!r}.").format(count=count))
        self.count = count

    def meets(self, play: Turn) -> bool:
        return play.hit_count >= self.count

    def missed(self, play: Turn) -> str:
        example = self._example()
        hit = next((m for m in example.moves if m.hit), None) if example else None
        if play.hit_count and self.count > 1:
            return ngettext("That play hits only {hit} blot: {n} can be hit.", "That play hits only {hit} blots: {n} can be hit.",
                            play.hit_count).format(hit=play.hit_count, n=self.count)
        if hit is not None:
            return _("That play does not hit: the blot on your {n}-point could be hit with the {die}.").format(
                n=hit.destination, die=hit.die)
        return _("That play does not hit.")  # pragma: no cover - validate() found a hitting play

    def describe(self) -> str:
        return ngettext("hit a blot", "hit {n} blots", self.count).format(n=self.count)

    def __repr__(self) -> str:
        return f"Hit({self.count})"


class EnterAndHit(Goal):
    """The play enters the mover's checker from the bar and hits a blot."""

    rules = ("BAR_FIRST", "ENTRY_POINT")

    def validate(self) -> None:
        start, _roll = self._first()
        if not start.bar(start.turn):
            raise GoalError(_("EnterAndHit needs a position with a checker of {who} on the bar.").format(who=start.turn))
        super().validate()

    def meets(self, play: Turn) -> bool:
        return any(m.source == BAR for m in play.moves) and play.hits

    def missed(self, play: Turn) -> str:
        example = self._example()
        hit = next((m for m in example.moves if m.hit), None) if example else None
        if hit is not None:
            return _("That play does not hit: the blot on your {n}-point could be hit with the {die}.").format(
                n=hit.destination, die=hit.die)
        return _("That play does not hit.")  # pragma: no cover - validate() found a hitting play

    def describe(self) -> str:
        return _("enter from the bar and hit")


class BearOffAll(Goal):
    """Every checker of the mover borne off within ``turns`` turns, with the board's ``rolls`` (the
    opponent does nothing meanwhile)."""

    rules = ("BEAR_OFF", "BEAR_OFF_HIGHER_POINT")

    def __init__(self, turns: int, *, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 8:
            raise GoalError(_("BearOffAll needs a number of turns from 1 to 8, got {turns!r}.").format(turns=turns))
        self.turns = turns

    def _reachable(self, position: Position, turn: int) -> Turn | None:
        """A play of roll ``turn`` from ``position`` (mover on roll) that keeps the goal in reach, or None."""
        if turn >= self.turns:
            return None
        mover = position.turn
        for play in legal_plays(position, self.rolls[turn]):
            after = play.result
            if after.off(mover) == 15 or (turn + 1 < self.turns
                                          and self._reachable(after.with_turn(mover), turn + 1) is not None):
                return play
        return None

    def validate(self) -> None:
        start, _roll = self._first()
        if self._reachable(start, 0) is None:
            raise GoalError(ngettext("with these rolls {who} cannot bear off every checker in {n} turn.",
                                     "with these rolls {who} cannot bear off every checker in {n} turns.",
                                     self.turns).format(who=start.turn, n=self.turns))

    def check(self, start: Position, plays: Sequence[Turn], now: Position) -> GoalResult:
        mover = start.turn
        left = 15 - plays[-1].result.off(mover)
        if left == 0:
            return GoalResult(True, True, ngettext("Goal met: every checker off in {n} turn.",
                                                   "Goal met: every checker off in {n} turns.", len(plays)).format(n=len(plays)))
        position = start
        for i, play in enumerate(plays):
            keeper = self._reachable(position, i)
            after = play.result.with_turn(mover)
            if keeper is not None and (i + 1 >= self.turns or self._reachable(after, i + 1) is None) \
                    and after.off(mover) < 15:
                return GoalResult(False, True, _("After turn {n} the goal was out of reach; with {roll}, {play} would "
                                                 "have kept it in reach.").format(n=i + 1, roll=play.roll,
                                                                                   play=keeper.path_notation))
            position = after
        if len(plays) < self.turns:
            return GoalResult(False, False, ngettext("{n} checker still to bear off.", "{n} checkers still to bear off.",
                                                     left).format(n=left))
        return GoalResult(False, True, ngettext("{n} checker is still on the board.", "{n} checkers are still on the board.",
                                                left).format(n=left))  # pragma: no cover - caught above

    def describe(self) -> str:
        return ngettext("bear off every checker in {n} turn", "bear off every checker in {n} turns",
                        self.turns).format(n=self.turns)

    def __repr__(self) -> str:
        return f"BearOffAll({self.turns})"


class Play(Goal):
    """Exactly the play ``text`` (any notation of it: two plays are the same play when they lead to the
    same position)."""

    def __init__(self, text: str, *, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        if not isinstance(text, str) or not text.strip():
            raise GoalError(_("Play needs the play as text, e.g. \"13/7 8/7\"."))
        self.text = text.strip()
        self.expected: Any = None

    def validate(self) -> None:
        start, roll = self._first()
        verdict = explain(start, roll, self.text)
        if not verdict.legal:
            raise GoalError(_("the goal's play {play} is not legal here: {why}").format(play=self.text, why=verdict.message))
        self.expected = parse_play(start, roll, self.text)
        if not self.rules:
            self.rules = _rules_of_roll(start, roll)

    def meets(self, play: Any) -> bool:
        return bool(play == self.expected)

    def missed(self, play: Any) -> str:
        return _("That is a legal play, but not the one asked for: {play}.").format(play=self.expected.path_notation)

    def describe(self) -> str:
        return _("play {play}").format(play=self.text)

    def __repr__(self) -> str:
        return f"Play({self.text!r})"


class BestOf(Goal):
    """Any one of ``goals`` (all one-turn goals of the same board)."""

    def __init__(self, *goals: Goal, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        if not goals or not all(isinstance(g, Goal) and g.turns == 1 and g.mode == "humans" for g in goals):
            raise GoalError(_("BestOf needs one or more one-turn goals, e.g. BestOf(Hit(), MakePoint(5))."))
        self.goals = goals
        if rules is None:
            self.rules = tuple(dict.fromkeys(r for g in goals for r in g.rules))

    def prepare(self, position: Position, rolls: Sequence[RollLike]) -> None:
        for g in self.goals:
            g.start, g.rolls = position, _rolls(rolls)
        super().prepare(position, rolls)

    def validate(self) -> None:
        for g in self.goals:
            if isinstance(g, (MakePoint, EnterAndHit, Play)):
                try:
                    g.validate()
                except GoalError:
                    continue
        super().validate()

    def meets(self, play: Any) -> bool:
        return any(g.meets(play) for g in self.goals if not isinstance(g, Play) or g.expected is not None)

    def missed(self, play: Any) -> str:
        return self.goals[0].missed(play)

    def describe(self) -> str:
        return " / ".join(g.describe() for g in self.goals)

    def __repr__(self) -> str:
        return f"BestOf({', '.join(repr(g) for g in self.goals)})"


class SetUp(Goal):
    """``mode="setup"``: the learner places the checkers in the starting position, one by one (the
    board's Start position button does it for them, and does not count)."""

    rules = ("STARTING_POSITION",)
    mode = "setup"

    def validate(self) -> None:
        if self.start is None or not type(self.start).has_bar:
            raise GoalError(_("SetUp places backgammon checkers: the board's position must be a backgammon one."))

    def check(self, start: Position, plays: Sequence[Any], now: Position) -> GoalResult:
        target = type(start)()
        if now.white == target.white and now.red == target.red:
            return GoalResult(True, True, _("Goal met: every checker is on its starting point."))
        wrong = [n for n in range(1, 25) if now.white[n] != target.white[n]]
        return GoalResult(False, False, ngettext("{n} White point is not as at the start yet.",
                                                 "{n} White points are not as at the start yet.", len(wrong)).format(n=len(wrong))
                          if wrong else _("White is set up; now Red."))

    def describe(self) -> str:
        return _("set up the starting position")


class CatchIllegal(Goal):
    """``mode="practice"``: the opponent (the side on roll at the stage's start) makes ``play``, which the
    rules forbid; the learner must demand a correction (accepting it fails the goal)."""

    mode = "practice"

    def __init__(self, play: str, *, rules: Iterable[str] | None = None) -> None:
        super().__init__(rules=rules)
        if not isinstance(play, str) or not play.strip():
            raise GoalError(_("CatchIllegal needs the illegal play as text, e.g. \"13/9 13/10\"."))
        self.play = play.strip()
        self.verdict: Any = None

    def validate(self) -> None:
        start, roll = self._first()
        verdict = explain(start, roll, self.play)
        if verdict.legal:
            raise GoalError(_("CatchIllegal needs an illegal play, but {play} is a legal play of {roll}.").format(
                play=self.play, roll=roll))
        if verdict.reason.name == "BAD_NOTATION":
            raise GoalError(_("CatchIllegal cannot read the play {play}: {why}").format(play=self.play, why=verdict.message))
        self.verdict = verdict
        if not self.rules:
            self.rules = (verdict.reason.name,)
        self.moves()

    def moves(self) -> list[Move]:
        """The illegal play's single moves as written (each leg of a path one move), for the board to
        make; a move that cannot be made on the board at all (no checker there, a point the opponent
        holds) is a :class:`GoalError`."""
        start, roll = self._first()
        mover, blocked_at = start.turn, (2 if type(start).hits else 1)
        theirs = start.checkers(mover.opponent)
        moves = []
        for segment in parse_moves(self.play):
            for _copy in range(segment.count):
                for (a, b), hit in zip(zip(segment.path, segment.path[1:]), segment.hits[1:]):
                    held = theirs[start.OPPOSITE[b]] if b != 0 else 0
                    if held >= blocked_at:
                        raise GoalError(_("CatchIllegal: {play} lands on a point the opponent holds; the board "
                                          "cannot show it.").format(play=self.play))
                    moves.append(Move(a, b, a - b, bool(hit or (held == 1 and type(start).hits))))
        try:
            after = Turn(start, roll, moves).result
            type(start).check_sides(after.white, after.red)
        except (BglearnError, IndexError) as exc:
            raise GoalError(_("CatchIllegal: {play} cannot be made on this board: {why}").format(
                play=self.play, why=exc)) from exc
        return moves

    def judge(self, decision: str) -> GoalResult:
        """The learner's decision on the tabled play: ``"corrected"`` meets the goal, ``"accepted"`` fails it."""
        if decision == "corrected":
            return GoalResult(True, True, _("Goal met: you caught it. {why}").format(why=self.verdict.message))
        return GoalResult(False, True, _("That play was illegal and you let it stand: {why}").format(why=self.verdict.message))

    def check(self, start: Position, plays: Sequence[Any], now: Position) -> GoalResult:
        return GoalResult(False, False)

    def describe(self) -> str:
        return _("catch the illegal play {play}").format(play=self.play)

    def __repr__(self) -> str:
        return f"CatchIllegal({self.play!r})"
