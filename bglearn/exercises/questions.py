"""Question types: a position, a task, and an answer judged by the engine.

Every question states its task (:meth:`Question.prompt`), draws its position
(:meth:`Question.diagram`) and judges an answer written in plain Python (:meth:`Question.check`),
returning a :class:`Feedback`. No answer key is stored anywhere: the right answer is asked of the
engine every time — :func:`~bglearn.plays.legal_plays`, :func:`~bglearn.explain.explain`,
:func:`~bglearn.explain.legal_continuations`, :func:`~bglearn.result.game_result`,
:func:`~bglearn.result.points_won`, :class:`~bglearn.cube.Cube`, :meth:`Position.owner`, ...
So equivalent notations (``"8/5 6/5"`` and ``"6/5 8/5"``, ``"8/5(2)"`` and ``"8/5 8/5"``, ``"13/7/5"``
and ``"13/5"``) are the same answer, because they are the same play.

>>> from bglearn import Position
>>> q = MakePlay(Position(), "31")
>>> q.check("6/5 8/5").correct
True
>>> print(q.check("13/10").message)
3-1 can be played in full, for example 24/23 13/10: you must use both dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..cube import Cube
from ..dice import OpeningRoll, Roll
from ..explain import explain, legal_continuations
from ..notation import parse_moves
from ..plays import BAR, OFF, Play, legal_plays
from ..position import Player, Position
from ..result import game_result, points_won
from .answers import (
    AnswerFormatError,
    as_bool,
    as_int,
    as_int_list,
    as_player,
    as_text_list,
    show_answer,
)

__all__ = [
    "Feedback", "Question", "ListPlays", "PickPlay", "MakePlay", "EntryPoints", "MayBearOff",
    "PointsWon", "DropPoints", "ResultKindQuestion", "MayDouble", "SetUpStart", "PointOwner",
    "PipCount", "OpeningStarter", "QUESTION_KINDS",
]

LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``correct``, the ``points`` earned of ``max_points``, and a
    ``message`` that explains it (for plays, the engine's own explanation).

    In a notebook it shows as a line of Markdown; its plain-text form is just the points earned,
    which is what nbgrader's autograder reads as the partial credit of the check cell.
    """

    number: int
    correct: bool
    points: float
    max_points: float
    message: str
    answered: bool = True
    answer: str = ""

    def __bool__(self) -> bool:
        return self.correct

    @property
    def status(self) -> str:
        """``"correct"``, ``"wrong"`` or ``"unanswered"``."""
        return "correct" if self.correct else ("wrong" if self.answered else "unanswered")

    def __str__(self) -> str:
        mark = "✔" if self.correct else ("✘" if self.answered else "…")
        return f"{mark} Question {self.number} ({self.points:g}/{self.max_points:g}): {self.message}"

    def __repr__(self) -> str:
        return f"{self.points:g}"

    def _repr_markdown_(self) -> str:
        mark = "✅" if self.correct else ("❌" if self.answered else "✏️")
        return f"{mark} **Question {self.number}** ({self.points:g}/{self.max_points:g} points): {self.message}"


class _Missing:
    def __repr__(self) -> str:
        return "<no answer>"


MISSING: Any = _Missing()
"""Stands for an answer variable that was never assigned."""


@dataclass(frozen=True)
class Question:
    """Base class: subclasses set ``kind``, ``answer_hint`` and implement ``prompt``, ``judge`` and
    ``example_answer``. ``position`` is the position the question is about (drawn as its diagram)."""

    kind: ClassVar[str] = "question"
    answer_hint: ClassVar[str] = "a Python value"
    answer_example: ClassVar[str] = "None"

    position: Position
    points: int = field(default=1, kw_only=True)

    # -- to override --------------------------------------------------------------------------
    def prompt(self) -> str:
        """The task, in Markdown."""
        raise NotImplementedError

    def judge(self, answer: Any) -> tuple[bool, str]:
        """(right?, explanation) for a non-empty answer; may raise :class:`AnswerFormatError`."""
        raise NotImplementedError

    def example_answer(self) -> Any:
        """One answer the engine judges correct (used by tests and for nbgrader solution cells)."""
        raise NotImplementedError

    def diagram_options(self) -> dict:
        return {"perspective": self.position.turn}

    # -- shared -------------------------------------------------------------------------------
    def diagram(self):
        """The position as an SVG diagram (a :class:`bglearn.svg.Diagram`)."""
        from ..svg import render

        return render(self.position, **self.diagram_options())

    def check(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Judge ``answer``: never raises for anything a student can write."""
        if answer is MISSING or answer is None or answer is Ellipsis:
            how = f"Write your answer as {self.answer_hint}, for example `{self.answer_example}`."
            return Feedback(number, False, 0, self.points, f"Not answered yet. {how}", answered=False,
                            answer="" if answer is MISSING else repr(answer))
        try:
            ok, message = self.judge(answer)
        except AnswerFormatError as exc:
            ok, message = False, f"Your answer {show_answer(answer)} can't be read: {exc}"
        except RecursionError:
            ok, message = False, "Your answer can't be read (it refers to itself)."
        return Feedback(number, ok, self.points if ok else 0, self.points, message, answer=show_answer(answer))

    @property
    def mover(self) -> Player:
        return self.position.turn


def _verdict_text(position: Position, roll: Roll, text: str) -> str:
    v = explain(position, roll, text)
    return v.message


@dataclass(frozen=True)
class _RollQuestion(Question):
    roll: Roll = Roll(1, 1)

    def diagram_options(self) -> dict:
        return {"perspective": self.position.turn, "dice": self.roll}

    def legal(self) -> list[Play]:
        return legal_plays(self.position, self.roll)


@dataclass(frozen=True)
class ListPlays(_RollQuestion):
    """List every legal play of the roll (``[]`` if the turn is lost)."""

    kind: ClassVar[str] = "list-plays"
    answer_hint: ClassVar[str] = 'a list of plays as text (`[]` if there is no legal play)'
    answer_example: ClassVar[str] = '["24/18 13/11", "13/7 13/11"]'

    def prompt(self) -> str:
        return (f"{self.mover} to play **{self.roll}**. List **every** legal play. Each play is written "
                f"once (equivalent notations count as the same play); if no play is legal, answer `[]`.")

    def judge(self, answer: Any) -> tuple[bool, str]:
        texts = as_text_list(answer)
        legal = self.legal()
        found: set[Play] = set()
        wrong: list[str] = []
        repeated = 0
        for text in texts:
            v = explain(self.position, self.roll, text)
            if v.legal and v.play is not None and not v.play.is_empty:
                if v.play in found:
                    repeated += 1
                found.add(v.play)
            elif v.legal and not legal:
                continue  # "no play" when the turn is lost
            else:
                wrong.append(f"`{text}` is not legal: {v.message}")
        if not legal:
            if not texts or not wrong:
                return True, f"Right: {self.roll} cannot be played at all here, so the turn is lost."
            return False, " ".join(wrong) + f" In fact no play of {self.roll} is legal here: the turn is lost."
        missing = [p for p in legal if p not in found]
        parts = list(wrong)
        if missing:
            shown = ", ".join(f"`{p}`" for p in missing[:3])
            more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            parts.append(f"You found {len(found)} of the {len(legal)} legal plays; missing: {shown}{more}.")
        if parts:
            return False, " ".join(parts)
        note = f" (you wrote {repeated} play{'s' if repeated > 1 else ''} twice in different ways)" if repeated else ""
        return True, f"Right: these are all {len(legal)} legal plays of {self.roll}{note}."

    def example_answer(self) -> list[str]:
        return [p.notation for p in self.legal()]


@dataclass(frozen=True)
class PickPlay(_RollQuestion):
    """Choose the one legal play among the candidates (answer its letter)."""

    kind: ClassVar[str] = "pick-play"
    answer_hint: ClassVar[str] = 'the letter of your choice, as text'
    answer_example: ClassVar[str] = '"B"'
    options: tuple[str, ...] = ()

    def prompt(self) -> str:
        lines = [f"{self.mover} to play **{self.roll}**. Exactly one of these plays is legal. Which one?", ""]
        lines += [f"- **{LETTERS[i]}**: `{text}`" for i, text in enumerate(self.options)]
        return "\n".join(lines)

    def _choice(self, answer: Any) -> int:
        if isinstance(answer, int) and not isinstance(answer, bool) and 1 <= answer <= len(self.options):
            return answer - 1
        if isinstance(answer, str):
            word = answer.strip().strip(")").strip()
            if len(word) == 1 and word.upper() in LETTERS[: len(self.options)]:
                return LETTERS.index(word.upper())
            # The text of an option (or an equivalent notation of it).
            for i, text in enumerate(self.options):
                if word == text:
                    return i
            try:
                mine = explain(self.position, self.roll, word)
            except Exception:  # pragma: no cover - explain does not raise for text
                mine = None
            if mine is not None and mine.play is not None:
                for i, text in enumerate(self.options):
                    v = explain(self.position, self.roll, text)
                    if v.play is not None and v.play == mine.play:
                        return i
        raise AnswerFormatError(
            f"answer one of the letters {', '.join(LETTERS[: len(self.options)])} (as text, e.g. \"B\"), "
            f"not {show_answer(answer)}."
        )

    def judge(self, answer: Any) -> tuple[bool, str]:
        i = self._choice(answer)
        v = explain(self.position, self.roll, self.options[i])
        if v.legal:
            return True, f"Right: {LETTERS[i]} (`{self.options[i]}`) is legal. {v.message}"
        return False, f"{LETTERS[i]} (`{self.options[i]}`) is not legal: {v.message}"

    def verdicts(self):
        return [explain(self.position, self.roll, t) for t in self.options]

    def example_answer(self) -> str:
        for i, v in enumerate(self.verdicts()):
            if v.legal:
                return LETTERS[i]
        raise AssertionError("a pick-the-play question without a legal option")


@dataclass(frozen=True)
class MakePlay(_RollQuestion):
    """Write a legal play of the roll."""

    kind: ClassVar[str] = "make-play"
    answer_hint: ClassVar[str] = 'a play as text (`"no play"` if the turn is lost)'
    answer_example: ClassVar[str] = '"24/18 13/11"'
    task: str = ""

    def prompt(self) -> str:
        extra = f" {self.task}" if self.task else ""
        return (f"{self.mover} to play **{self.roll}**.{extra} Write a **legal** play "
                f"(answer `\"no play\"` if the roll cannot be played).")

    def judge(self, answer: Any) -> tuple[bool, str]:
        if not isinstance(answer, str):
            raise AnswerFormatError(f"write the play as text, such as \"24/18 13/11\", not {show_answer(answer)}.")
        v = explain(self.position, self.roll, answer)
        if v.legal:
            return True, f"Right: {v.message}"
        return False, v.message

    def example_answer(self) -> str:
        plays = self.legal()
        return plays[0].notation if plays else "no play"


@dataclass(frozen=True)
class EntryPoints(_RollQuestion):
    """On which points may the checker on the bar enter with this roll?"""

    kind: ClassVar[str] = "entry-points"
    answer_hint: ClassVar[str] = "a list of point numbers in your own numbering (`[]` if it can't enter)"
    answer_example: ClassVar[str] = "[22, 20]"

    def prompt(self) -> str:
        n = self.position.bar(self.mover)
        what = "the checker" if n == 1 else f"a checker (of the {n})"
        return (f"{self.mover} has {n} checker{'s' if n > 1 else ''} on the bar and rolls **{self.roll}**. "
                f"On which points may {what} on the bar enter? Give the points in {self.mover}'s numbering; "
                f"answer `[]` if it cannot enter.")

    def truth(self) -> list[int]:
        return sorted({m.destination for m in legal_continuations(self.position, self.roll) if m.source == BAR})

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = sorted(set(as_int_list(answer)))
        truth = self.truth()
        if mine == truth:
            if not truth:
                return True, f"Right: with {self.roll} the checker cannot enter, so {self.mover} loses the turn."
            return True, f"Right: it may enter on {_and(truth)}."
        parts = []
        for p in mine:
            if p not in truth:
                v = explain(self.position, self.roll, f"bar/{p}", complete=False)
                parts.append(f"bar/{p}: {v.message}" if not v.legal else f"bar/{p} is not a legal entry.")
        for p in truth:
            if p not in mine:
                parts.append(f"bar/{p} is possible (a {25 - p} enters on your {p}-point).")
        if not truth:
            parts.append(f"With {self.roll} the checker cannot enter at all: the turn is lost.")
        return False, " ".join(parts)

    def example_answer(self) -> list[int]:
        return self.truth()


@dataclass(frozen=True)
class MayBearOff(_RollQuestion):
    """Is there a legal play of the roll that bears a checker off from the given point?"""

    kind: ClassVar[str] = "may-bear-off"
    answer_hint: ClassVar[str] = "`True` or `False`"
    answer_example: ClassVar[str] = "True"
    point: int = 6

    def prompt(self) -> str:
        return (f"{self.mover} rolls **{self.roll}**. May {self.mover} bear off a checker from the "
                f"**{self.point}-point** this turn, that is: is there a legal play of {self.roll} that "
                f"includes `{self.point}/off`? Answer `True` or `False`.")

    def witness(self) -> Play | None:
        for play in self.legal():
            for seg in parse_moves(play.notation):
                if seg.path[0] == self.point and seg.path[-1] == OFF:
                    return play
        return None

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_bool(answer)
        play = self.witness()
        if play is not None:
            why = f"`{play}` is a legal play of {self.roll}, and it bears off from the {self.point}-point."
            return (True, f"Right: {why}") if mine else (False, f"It may: {why}")
        v = explain(self.position, self.roll, f"{self.point}/off", complete=False)
        why = v.message if not v.legal else f"no legal play of {self.roll} includes {self.point}/off."
        return (True, f"Right: {why}") if not mine else (False, f"It may not: {why}")

    def example_answer(self) -> bool:
        return self.witness() is not None


def _and(items) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cube_words(value: int, owner: Player | None) -> str:
    if owner is None:
        return "the cube is centred" + (" at 1" if value == 1 else f" at {value}")
    return f"the cube is at {value}, owned by {owner}"


@dataclass(frozen=True)
class _ScoringQuestion(Question):
    cube: int = 1
    cube_owner: Player | None = None
    jacoby: bool = False
    match_length: int = 0
    score: tuple[int, int] = (0, 0)

    def setting(self) -> str:
        if self.match_length:
            w, r = self.score
            return f"A {self.match_length}-point match, score White {w} – Red {r}"
        return "Money play" + (", Jacoby rule in use" if self.jacoby else ", no Jacoby rule")

    def diagram_options(self) -> dict:
        opts = {"perspective": Player.WHITE, "cube": self.cube, "cube_owner": self.cube_owner}
        if self.match_length:
            opts.update(score=self.score, match_length=self.match_length)
        return opts


@dataclass(frozen=True)
class PointsWon(_ScoringQuestion):
    """The game is over: how many points does the winner score?"""

    kind: ClassVar[str] = "points-won"
    answer_hint: ClassVar[str] = "a whole number"
    answer_example: ClassVar[str] = "2"

    def prompt(self) -> str:
        winner = self.position.winner
        return (f"{self.setting()}. The game is over: {winner} has borne off all 15 checkers, and "
                f"{_cube_words(self.cube, self.cube_owner)}. How many points does {winner} score?")

    def truth(self) -> tuple[int, str]:
        result = game_result(self.position)
        assert result is not None, "a points question needs a finished game"
        pts = points_won(result.kind, self.cube, cube_centred=self.cube_owner is None, jacoby=self.jacoby,
                         match_length=self.match_length)
        why = f"{result.winner} wins a {result.kind.word} ({result.reason})"
        if self.jacoby and not self.match_length and self.cube_owner is None and int(result.kind) > 1:
            why += "; with the Jacoby rule and a centred cube it counts as a single"
        elif int(result.kind) > 1:
            why += f", worth {int(result.kind)} times the cube"
        return pts, f"{why}: {pts} point{'s' if pts != 1 else ''}."

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        pts, why = self.truth()
        return (mine == pts), (f"Right: {why}" if mine == pts else f"Not {mine}: {why}")

    def example_answer(self) -> int:
        return self.truth()[0]


@dataclass(frozen=True)
class DropPoints(_ScoringQuestion):
    """A double is dropped: how many points does the doubler win?"""

    kind: ClassVar[str] = "drop-points"
    answer_hint: ClassVar[str] = "a whole number"
    answer_example: ClassVar[str] = "1"
    doubler: Player = Player.WHITE

    def _cube(self) -> Cube:
        return Cube(self.cube, self.cube_owner)

    def prompt(self) -> str:
        d, r = self.doubler, self.doubler.opponent
        offered = self._cube().double(d, match_length=self.match_length, score=self.score).offer
        return (f"{self.setting()}; {_cube_words(self.cube, self.cube_owner)}. {d} doubles to "
                f"{offered.value} and {r} **drops** (refuses). How many points does {d} win?")

    def truth(self) -> int:
        return self._cube().double(self.doubler, match_length=self.match_length, score=self.score).drop()

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        pts = self.truth()
        why = (f"a dropped double ends the game and the dropper pays the stake before the double: "
               f"{pts} point{'s' if pts != 1 else ''}.")
        return (mine == pts), (f"Right: {why}" if mine == pts else f"Not {mine}: {why}")

    def example_answer(self) -> int:
        return self.truth()


@dataclass(frozen=True)
class ResultKindQuestion(_ScoringQuestion):
    """The game is over: single, gammon or backgammon?"""

    kind: ClassVar[str] = "result-kind"
    answer_hint: ClassVar[str] = '"single", "gammon" or "backgammon"'
    answer_example: ClassVar[str] = '"gammon"'

    def prompt(self) -> str:
        return (f"The game is over: {self.position.winner} has borne off all 15 checkers. Is it a "
                f"single game, a gammon or a backgammon?")

    def judge(self, answer: Any) -> tuple[bool, str]:
        words = {"single": 1, "gammon": 2, "backgammon": 3, "1": 1, "2": 2, "3": 3}
        key = str(answer).strip().lower().removesuffix(" game")
        if key not in words:
            raise AnswerFormatError(f'answer "single", "gammon" or "backgammon", not {show_answer(answer)}.')
        result = game_result(self.position)
        assert result is not None
        right = words[key] == int(result.kind)
        why = f"it is a {result.kind.word}: {result.reason}."
        return right, (f"Right: {why}" if right else f"No, {why}")

    def example_answer(self) -> str:
        result = game_result(self.position)
        assert result is not None
        return result.kind.word


@dataclass(frozen=True)
class MayDouble(_ScoringQuestion):
    """May this player double now?"""

    kind: ClassVar[str] = "may-double"
    answer_hint: ClassVar[str] = "`True` or `False`"
    answer_example: ClassVar[str] = "False"
    player: Player = Player.WHITE
    crawford: bool = False
    rolled: bool = False

    def setting(self) -> str:
        text = super().setting()
        if self.crawford:
            text += " (this is the Crawford game)"
        return text

    def prompt(self) -> str:
        when = ("has already rolled the dice" if self.rolled else "is about to roll, at the start of the turn")
        return (f"{self.setting()}; {_cube_words(self.cube, self.cube_owner)}. It is {self.player}'s turn and "
                f"{self.player} {when}. May {self.player} double now? Answer `True` or `False`.")

    def _context(self) -> dict:
        return {"crawford": self.crawford, "rolled": self.rolled, "match_length": self.match_length,
                "score": self.score}

    def truth(self) -> str | None:
        return Cube(self.cube, self.cube_owner).why_not(self.player, **self._context())

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_bool(answer)
        reason = self.truth()
        if reason is None:
            why = f"{self.player} may double: " + (
                "either side may double while the cube is centred." if self.cube_owner is None
                else f"{self.player} owns the cube, so {self.player} may redouble.")
            return (True, f"Right: {why}") if mine else (False, f"Yes, {why}")
        return (True, f"Right: {reason}") if not mine else (False, f"No: {reason}")

    def example_answer(self) -> bool:
        return self.truth() is None


@dataclass(frozen=True)
class SetUpStart(Question):
    """Set up one side's starting checkers as ``{point: count}``."""

    kind: ClassVar[str] = "set-up"
    answer_hint: ClassVar[str] = "a dict `{point: count}`"
    answer_example: ClassVar[str] = "{24: 2, 13: 5}"
    side: Player = Player.WHITE
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        whose = "its own" if self.numbering == self.side else f"{self.numbering}'s"
        return (f"Set up the **starting position** of {self.side}'s checkers: write a dict "
                f"`{{point: count}}` with the points in **{whose} numbering** (the diagram shows the "
                f"board numbered from {self.numbering}'s side, with {self.side}'s checkers not yet placed).")

    def diagram(self):
        from ..svg import render

        return render(self.position, perspective=self.numbering, caption="Where do the checkers start?")

    def expected(self) -> dict[int, int]:
        start = Position()
        out = {}
        for point in range(1, 25):
            owner, n = start.owner(point, self.numbering)
            if owner == self.side:
                out[point] = n
        return out

    def judge(self, answer: Any) -> tuple[bool, str]:
        if not isinstance(answer, dict):
            raise AnswerFormatError(f"write a dict such as {{24: 2, 13: 5}}, not {show_answer(answer)}.")
        mine: dict[int, int] = {}
        for k, v in answer.items():
            p = as_int(k)
            if not 1 <= p <= 24:
                raise AnswerFormatError(f"there is no point {p}; points are 1-24.")
            mine[p] = mine.get(p, 0) + as_int(v)
        mine = {p: n for p, n in mine.items() if n}
        want = self.expected()
        if mine == want:
            return True, f"Right: {self.side} starts with {_layout(want)}."
        total = sum(mine.values())
        parts = []
        if total != 15:
            parts.append(f"You placed {total} checkers; each side has 15.")
        for p in sorted(set(mine) | set(want), reverse=True):
            if mine.get(p, 0) != want.get(p, 0):
                parts.append(f"point {p}: you put {mine.get(p, 0)}, the start has {want.get(p, 0)}.")
        return False, " ".join(parts[:6]) + (" …" if len(parts) > 6 else "")

    def example_answer(self) -> dict[int, int]:
        return self.expected()


def _layout(d: dict[int, int]) -> str:
    return ", ".join(f"{n} on the {p}" for p, n in sorted(d.items(), reverse=True))


@dataclass(frozen=True)
class PointOwner(Question):
    """Who holds a point, and with how many checkers?"""

    kind: ClassVar[str] = "point-owner"
    answer_hint: ClassVar[str] = 'a colour and a count, such as `("Red", 5)`, or `"empty"`'
    answer_example: ClassVar[str] = '("Red", 5)'
    point: int = 1
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        return (f"In the position shown, whose checkers stand on **{self.numbering}'s {self.point}-point**, "
                f"and how many? Answer like `(\"Red\", 5)`, or `\"empty\"` if nobody is there.")

    def diagram_options(self) -> dict:
        return {"perspective": self.numbering}

    def judge(self, answer: Any) -> tuple[bool, str]:
        owner, n = self.position.owner(self.point, self.numbering)
        truth = "empty" if owner is None else f"{owner} has {n} checker{'s' if n != 1 else ''} there"
        if isinstance(answer, str) and answer.strip().lower() in ("empty", "none", "nobody", "no one"):
            right = owner is None
        else:
            if isinstance(answer, str):
                parts = answer.replace(",", " ").split()
            elif isinstance(answer, (tuple, list)):
                parts = list(answer)
            else:
                raise AnswerFormatError(f'answer like ("Red", 5) or "empty", not {show_answer(answer)}.')
            if len(parts) != 2:
                raise AnswerFormatError(f'answer a colour and a count, like ("Red", 5), not {show_answer(answer)}.')
            a, b = parts
            try:
                colour, count = as_player(a), as_int(b)
            except AnswerFormatError:
                colour, count = as_player(b), as_int(a)
            right = owner == colour and n == count
        return right, (f"Right: {truth}." if right else f"No: on {self.numbering}'s {self.point}-point, {truth}.")

    def example_answer(self) -> Any:
        owner, n = self.position.owner(self.point, self.numbering)
        return "empty" if owner is None else (str(owner), n)


@dataclass(frozen=True)
class PipCount(Question):
    """How many pips does a side need to bear everything off?"""

    kind: ClassVar[str] = "pip-count"
    answer_hint: ClassVar[str] = "a whole number"
    answer_example: ClassVar[str] = "150"
    player: Player = Player.WHITE

    def prompt(self) -> str:
        return (f"What is {self.player}'s **pip count** here (the total number of pips {self.player} must "
                f"move to bear off every checker; a checker on the bar counts 25)?")

    def diagram_options(self) -> dict:
        return {"perspective": self.player, "pips": False}

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        truth = self.position.pip_count(self.player)
        side = self.position.checkers(self.player)
        terms = " + ".join(f"{n}×{i}" for i, n in sorted(enumerate(side), reverse=True) if i and n)
        if side[0]:
            terms += f" + {side[0]}×25 (bar)"
        why = f"{terms} = {truth}."
        return mine == truth, (f"Right: {why}" if mine == truth else f"Not {mine}: {why}")

    def example_answer(self) -> int:
        return self.position.pip_count(self.player)


@dataclass(frozen=True)
class OpeningStarter(Question):
    """The opening throw: who moves first?"""

    kind: ClassVar[str] = "opening-starter"
    answer_hint: ClassVar[str] = '"White" or "Red"'
    answer_example: ClassVar[str] = '"Red"'
    white_die: int = 1
    red_die: int = 2

    def _opening(self) -> OpeningRoll:
        return OpeningRoll(self.white_die, self.red_die)

    def prompt(self) -> str:
        return (f"The opening throw: White throws a **{self.white_die}** and Red a **{self.red_die}**. "
                f"Who moves first? (And notice which roll that player plays.)")

    def diagram_options(self) -> dict:
        return {"perspective": Player.WHITE}

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_player(answer)
        o = self._opening()
        why = f"{o.starter} threw the higher die, so {o.starter} starts by playing {o.roll}."
        return mine == o.starter, (f"Right: {why}" if mine == o.starter else f"No: {why}")

    def example_answer(self) -> str:
        return str(self._opening().starter)


QUESTION_KINDS = {cls.kind: cls for cls in (
    ListPlays, PickPlay, MakePlay, EntryPoints, MayBearOff, PointsWon, DropPoints, ResultKindQuestion,
    MayDouble, SetUpStart, PointOwner, PipCount, OpeningStarter)}
"""Every question type, by its ``kind``."""
