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
>>> print(q.check("13/10").message)   # the rule broken, not a legal play (that would be the answer)
That breaks a rule: You must use both dice if any legal way of playing them does so.

A wrong answer's feedback never contains the right answer; :meth:`Question.receipt` (assessment
mode) says only whether an answer is well formed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..cube import Cube
from ..dice import OpeningRoll, Roll, as_roll
from ..explain import Reason, Verdict, explain, legal_continuations
from ..ids import format_xgid, parse_xgid
from ..notation import parse_moves
from ..plays import BAR, OFF, Play, legal_plays
from ..position import Player, Position
from ..result import game_result, points_won
from .answers import (
    MAX_ANSWER_CHARS,
    AnswerFormatError,
    as_bool,
    as_int,
    as_int_list,
    as_player,
    as_text_list,
    plain_value,
    show_answer,
)
from .feedback import Feedback

__all__ = [
    "Feedback", "Question", "ListPlays", "PickPlay", "MakePlay", "EntryPoints", "MayBearOff",
    "PointsWon", "DropPoints", "ResultKindQuestion", "MayDouble", "SetUpStart", "PointOwner",
    "PipCount", "OpeningStarter", "QUESTION_KINDS", "MISSING", "question_from_spec", "SpecError",
]

LETTERS = "ABCDEFGH"

PLAY_RULES = frozenset({Reason.DICE_NOT_FULLY_USED, Reason.LARGER_DIE_REQUIRED, Reason.DOUBLES_UNDERPLAYED,
                        Reason.BAR_FIRST, Reason.BLOCKED, Reason.BEAR_OFF_NOT_ALL_HOME,
                        Reason.BEAR_OFF_HIGHER_POINT})
"""The rules of play a play question can test (a tempting play breaks one of them)."""


class SpecError(AnswerFormatError):
    """A question description (``metadata.bglearn`` / the handout's setup cell) that cannot be read."""


class _Missing:
    def __repr__(self) -> str:
        return "<no answer>"


MISSING: Any = _Missing()
"""Stands for an answer variable that was never assigned."""

_PLAYER_FIELDS = ("side", "numbering", "player", "doubler")
_XGID_FIELDS = ("position", "points", "roll", "cube", "cube_owner", "jacoby", "match_length", "score", "crawford")


def _no_spoiler(v: Verdict) -> str:
    """The engine's message about a wrong play, without the legal play it suggests (that would be
    the answer): the rule broken is stated instead."""
    message = v.message
    if v.suggestion is not None and (v.suggestion.notation in message or "for example" in message):
        return f"That breaks a rule: {v.reason.rule}"
    return message


@dataclass(frozen=True)
class Question:
    """Base class: subclasses set ``kind``, ``answer_hint``, ``form`` and implement ``prompt``,
    ``judge``, ``example_answer`` and ``rules``. ``position`` is the position the question is about
    (drawn as its diagram); ``points`` what a right answer earns.

    ``form`` names the answer widget (:mod:`bglearn.exercises.form`): ``"play"`` (type a play),
    ``"plays"`` (one play per line), ``"choice"`` (click one of :meth:`choices`), ``"points"``
    (tick points), ``"number"``, ``"text"``."""

    kind: ClassVar[str] = "question"
    answer_hint: ClassVar[str] = "a Python value"
    answer_example: ClassVar[str] = "None"
    form: ClassVar[str] = "text"

    position: Position
    points: int = field(default=1, kw_only=True)

    # -- to override --------------------------------------------------------------------------
    def prompt(self) -> str:
        """The task, in Markdown."""
        raise NotImplementedError

    def judge(self, answer: Any) -> tuple[bool, str]:
        """(right?, explanation) for a non-empty answer; may raise :class:`AnswerFormatError`.
        A wrong answer's explanation names the rule, never the right answer."""
        raise NotImplementedError

    def example_answer(self) -> Any:
        """One answer the engine judges correct (for tests, the teacher's solution notebook and the
        grader's synthetic classes; never shown to a student)."""
        raise NotImplementedError

    def rules(self) -> tuple[str, ...]:
        """The rule codes (:data:`bglearn.exercises.rules.RULES`) this question tests, asked of the engine."""
        return ()

    def diagram_options(self) -> dict:
        return {"perspective": self.position.turn}

    def choices(self) -> list[tuple[str, Any]]:
        """``(label, answer)`` pairs for a ``"choice"`` form."""
        return []

    def answer_count(self) -> int:
        """How many different right answers there are (for fairness reports)."""
        return 1

    def difficulty(self) -> int:
        """A rough difficulty, 1 (one fact) and up: one per rule tested, plus one when the answer must
        list several things."""
        return max(1, len(self.rules()))

    # -- shared -------------------------------------------------------------------------------
    def diagram(self):
        """The position as an SVG diagram (a :class:`bglearn.svg.Diagram`)."""
        from ..svg import render

        return render(self.position, **self.diagram_options())

    def _unanswered(self, answer: Any, number: int) -> Feedback:
        how = f"Answer with the form, or in Python as {self.answer_hint}, for example `{self.answer_example}`."
        return Feedback(number, False, 0, self.points, f"Not answered yet. {how}", answered=False,
                        answer="" if answer is MISSING else repr(answer))

    @staticmethod
    def is_blank(answer: Any) -> bool:
        return answer is MISSING or answer is None or answer is Ellipsis

    def check(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Judge ``answer``: never raises for anything a student can write."""
        if self.is_blank(answer):
            return self._unanswered(answer, number)
        try:
            ok, message = self.judge(answer)
        except AnswerFormatError as exc:
            ok, message = False, f"Your answer {show_answer(answer)} can't be read: {exc}"
        except RecursionError:
            ok, message = False, "Your answer can't be read (it refers to itself)."
        return Feedback(number, ok, self.points if ok else 0, self.points, message, answer=show_answer(answer))

    def problem(self, answer: Any) -> str | None:
        """Why ``answer`` cannot be read (how to write it), or ``None`` when it is well formed.
        Says nothing about whether it is right."""
        if self.is_blank(answer):
            return f"there is no answer yet: write {self.answer_hint}."
        try:
            if len(json.dumps(plain_value(answer))) > MAX_ANSWER_CHARS:
                return f"it is far too long (more than {MAX_ANSWER_CHARS} characters)."
            self.judge(answer)
        except AnswerFormatError as exc:
            return str(exc)
        except RecursionError:
            return "it refers to itself."
        return None

    def receipt(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Assessment mode: whether ``answer`` is well formed, and nothing about whether it is right
        (``recorded`` feedback, 0 points; the grade comes with the grader's feedback file)."""
        if self.is_blank(answer):
            return self._unanswered(answer, number)
        why = self.problem(answer)
        if why is not None:
            return Feedback(number, False, 0, self.points, f"Your answer {show_answer(answer)} can't be read: {why}",
                            answer=show_answer(answer), recorded=True)
        return Feedback(number, False, 0, self.points,
                        f"Recorded {show_answer(answer)}: it is well formed. Your grade comes with the feedback "
                        f"after grading.", answer=show_answer(answer), recorded=True)

    # -- machine-readable description ---------------------------------------------------------
    def xgid(self) -> str:
        """The question's position, side on roll, dice, cube and score as an XGID."""
        return format_xgid(self.position, **self._xgid_fields())

    def _xgid_fields(self) -> dict:
        return {}

    def spec(self) -> dict:
        """A JSON-ready description: ``kind``, ``rules``, ``xgid``, ``points`` and the question's other
        parameters (``params``). :func:`question_from_spec` rebuilds the question from it."""
        params = {}
        for f in dataclasses.fields(self):
            if f.name in _XGID_FIELDS:
                continue
            value = getattr(self, f.name)
            params[f.name] = plain_value(value)
        out = {"kind": self.kind, "rules": list(self.rules()), "xgid": self.xgid(), "points": self.points}
        if params:
            out["params"] = params
        return out

    @property
    def mover(self) -> Player:
        return self.position.turn


def question_from_spec(spec: Any) -> Question:
    """The question described by ``spec`` (from :meth:`Question.spec`); :class:`SpecError` naming
    the problem otherwise."""
    if not isinstance(spec, dict):
        raise SpecError(f"a question description is a dict, not {show_answer(spec)}.")
    cls = QUESTION_KINDS.get(spec.get("kind"))
    if cls is None:
        raise SpecError(f"unknown question kind {spec.get('kind')!r}; known: {', '.join(QUESTION_KINDS)}.")
    try:
        x = parse_xgid(spec["xgid"])
    except KeyError:
        raise SpecError("the question description has no xgid.") from None
    except ValueError as exc:
        raise SpecError(f"the question's xgid can't be read: {exc}") from None
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {"position": x.position, "points": int(spec.get("points", 1))}
    if "roll" in names and x.dice:
        kwargs["roll"] = Roll(*x.dice)
    if "cube" in names:
        kwargs.update(cube=x.cube_value, cube_owner=x.cube_owner, match_length=x.match_length, score=tuple(x.score),
                      jacoby=x.jacoby)
    if "crawford" in names:
        kwargs["crawford"] = x.crawford
    for key, value in (spec.get("params") or {}).items():
        if key not in names or key in _XGID_FIELDS:
            raise SpecError(f"a {cls.kind} question has no parameter {key!r}.")
        if key in _PLAYER_FIELDS:
            value = as_player(value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SpecError(f"the {cls.kind} question can't be built: {exc}") from None


def _reason_codes(reasons) -> tuple[str, ...]:
    return tuple(sorted({r.name for r in reasons}))


@lru_cache(maxsize=20000)
def _play_rules(position: Position, roll: Roll) -> tuple[str, ...]:
    from .generators import tempting_plays  # the attempts a learner might make

    reasons = {r for _, r in tempting_plays(position, roll, PLAY_RULES, light=True)}
    return tuple(sorted(set(_reason_codes(reasons)) | _play_topics(position, roll)))


def _play_topics(position: Position, roll: Roll) -> set[str]:
    """Topics of a roll in a position, asked of the engine: no legal play; only the smaller die
    playable; a bearing-off side that was hit (a checker borne off and one back)."""
    out: set[str] = set()
    plays = legal_plays(position, roll)
    mover = position.turn
    if not plays:
        out.add("NO_LEGAL_PLAY")
    elif not roll.is_double and all(p.dice_used == (roll.low,) for p in plays):
        out.add("SMALLER_DIE_ONLY")
    if position.off(mover) and (position.bar(mover) or sum(position.checkers(mover)[7:25])):
        out.add("HIT_DURING_BEAR_OFF")
    return out


@dataclass(frozen=True)
class _RollQuestion(Question):
    roll: Roll = Roll(1, 1)

    def __post_init__(self) -> None:
        if not isinstance(self.roll, Roll):
            object.__setattr__(self, "roll", as_roll(self.roll))

    def diagram_options(self) -> dict:
        return {"perspective": self.position.turn, "dice": self.roll}

    def _xgid_fields(self) -> dict:
        return {"dice": tuple(self.roll)}

    def legal(self) -> list[Play]:
        return legal_plays(self.position, self.roll)

    def play_topics(self) -> set[str]:
        return _play_topics(self.position, self.roll)

    def rules(self) -> tuple[str, ...]:
        from .generators import tempting_plays  # the candidate plays a learner might try

        return _play_rules(self.position, self.roll)

    def answer_count(self) -> int:
        return len(self.legal())


@dataclass(frozen=True)
class ListPlays(_RollQuestion):
    """List every legal play of the roll (``[]`` if the turn is lost)."""

    kind: ClassVar[str] = "list-plays"
    answer_hint: ClassVar[str] = 'a list of plays as text (`[]` if there is no legal play)'
    answer_example: ClassVar[str] = '["24/18 13/11", "13/7 13/11"]'
    form: ClassVar[str] = "plays"

    def prompt(self) -> str:
        return (f"{self.mover} to play **{self.roll}**. List **every** legal play. Each play is written "
                f"once (equivalent notations count as the same play); if no play is legal, answer `[]`.")

    def judge(self, answer: Any) -> tuple[bool, str]:
        texts = as_text_list(answer)
        legal = self.legal()
        found: set[Play] = set()
        wrong: list[str] = []
        repeated = 0
        for text in texts[:50]:
            v = explain(self.position, self.roll, text)
            if v.legal and v.play is not None and not v.play.is_empty:
                if v.play in found:
                    repeated += 1
                found.add(v.play)
            elif v.legal and not legal:
                continue  # "no play" when the turn is lost
            else:
                wrong.append(f"`{text}` is not legal: {_no_spoiler(v)}")
        if len(texts) > 50:
            wrong.append(f"You wrote {len(texts)} plays; no roll has that many here.")
        if not legal:
            if not texts or not wrong:
                return True, f"Right: {self.roll} cannot be played at all here, so the turn is lost."
            return False, " ".join(wrong[:3])
        parts = list(wrong[:3])
        missing = [p for p in legal if p not in found]
        if missing:
            parts.append(f"Some legal plays are missing from your list ({len(found)} found).")
        if parts:
            return False, " ".join(parts)
        note = f" (you wrote {repeated} play{'s' if repeated > 1 else ''} twice in different ways)" if repeated else ""
        return True, f"Right: these are all {len(legal)} legal plays of {self.roll}{note}."

    def example_answer(self) -> list[str]:
        return [p.notation for p in self.legal()]

    def answer_count(self) -> int:
        return 1

    def difficulty(self) -> int:
        return max(1, len(self.rules())) + (1 if len(self.legal()) > 1 else 0)


@dataclass(frozen=True)
class PickPlay(_RollQuestion):
    """Choose the one legal play among the candidates (answer its letter)."""

    kind: ClassVar[str] = "pick-play"
    answer_hint: ClassVar[str] = 'the letter of your choice, as text'
    answer_example: ClassVar[str] = '"B"'
    form: ClassVar[str] = "choice"
    options: tuple[str, ...] = ()

    def prompt(self) -> str:
        lines = [f"{self.mover} to play **{self.roll}**. Exactly one of these plays is legal. Which one?", ""]
        lines += [f"- **{LETTERS[i]}**: `{text}`" for i, text in enumerate(self.options)]
        return "\n".join(lines)

    def choices(self) -> list[tuple[str, Any]]:
        return [(f"{LETTERS[i]}: {text}", LETTERS[i]) for i, text in enumerate(self.options)]

    def _choice(self, answer: Any) -> int:
        if isinstance(answer, int) and not isinstance(answer, bool) and 1 <= answer <= len(self.options):
            return answer - 1
        if isinstance(answer, str):
            word = answer.strip().strip(")").strip()
            if len(word) == 1 and word.upper() in LETTERS[: len(self.options)]:
                return LETTERS.index(word.upper())
            for i, text in enumerate(self.options):
                if word == text:
                    return i
            mine = explain(self.position, self.roll, word)
            if mine.play is not None:
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
        return False, f"{LETTERS[i]} (`{self.options[i]}`) is not legal: {_no_spoiler(v)}"

    def verdicts(self):
        return [explain(self.position, self.roll, t) for t in self.options]

    def rules(self) -> tuple[str, ...]:
        reasons = {v.reason for v in self.verdicts() if not v.legal and v.reason in PLAY_RULES}
        return tuple(sorted(set(_reason_codes(reasons)) | (self.play_topics() - {"NO_LEGAL_PLAY"})))

    def answer_count(self) -> int:
        return 1

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
    form: ClassVar[str] = "play"
    task: str = ""

    def prompt(self) -> str:
        extra = f" {self.task}" if self.task else ""
        return (f"{self.mover} to play **{self.roll}**.{extra} Write a **legal** play "
                f"(answer `\"no play\"` if the roll cannot be played).")

    def judge(self, answer: Any) -> tuple[bool, str]:
        if not isinstance(answer, str):
            raise AnswerFormatError(f"write the play as text, such as \"24/18 13/11\", not {show_answer(answer)}.")
        if len(answer) > 200:
            raise AnswerFormatError("a play is at most four moves; that text is far too long.")
        v = explain(self.position, self.roll, answer)
        if v.reason is Reason.BAD_NOTATION:
            raise AnswerFormatError(v.message)
        if v.legal:
            return True, f"Right: {v.message}"
        return False, _no_spoiler(v)

    def example_answer(self) -> str:
        plays = self.legal()
        return plays[0].notation if plays else "no play"


@dataclass(frozen=True)
class EntryPoints(_RollQuestion):
    """On which points may the checker on the bar enter with this roll?"""

    kind: ClassVar[str] = "entry-points"
    answer_hint: ClassVar[str] = "a list of point numbers in your own numbering (`[]` if it can't enter)"
    answer_example: ClassVar[str] = "[22, 20]"
    form: ClassVar[str] = "points"

    def prompt(self) -> str:
        n = self.position.bar(self.mover)
        what = "the checker" if n == 1 else f"a checker (of the {n})"
        return (f"{self.mover} has {n} checker{'s' if n > 1 else ''} on the bar and rolls **{self.roll}**. "
                f"On which points may {what} on the bar enter? Give the points in {self.mover}'s numbering; "
                f"answer `[]` if it cannot enter.")

    def choices(self) -> list[tuple[str, Any]]:
        return [(str(p), p) for p in range(24, 18, -1)]

    def truth(self) -> list[int]:
        return sorted({m.destination for m in legal_continuations(self.position, self.roll) if m.source == BAR})

    def rules(self) -> tuple[str, ...]:
        out = {"ENTERING"}
        blocked = [d for d in set(self.roll.dice) if 25 - d not in self.truth()]
        if blocked:
            out.add("BLOCKED")
        if not self.truth():
            out.add("NO_LEGAL_PLAY")
        return tuple(sorted(out))

    def answer_count(self) -> int:
        return len(self.truth())

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
                parts.append(f"bar/{p}: {_no_spoiler(v)}" if not v.legal else f"bar/{p} is not a legal entry.")
        if any(p not in mine for p in truth):
            parts.append("Your list misses a point where it may enter.")
        return False, " ".join(parts)

    def example_answer(self) -> list[int]:
        return self.truth()


@dataclass(frozen=True)
class MayBearOff(_RollQuestion):
    """Is there a legal play of the roll that bears a checker off from the given point?"""

    kind: ClassVar[str] = "may-bear-off"
    answer_hint: ClassVar[str] = "`True` or `False`"
    answer_example: ClassVar[str] = "True"
    form: ClassVar[str] = "choice"
    point: int = 6

    def prompt(self) -> str:
        return (f"{self.mover} rolls **{self.roll}**. May {self.mover} bear off a checker from the "
                f"**{self.point}-point** this turn, that is: is there a legal play of {self.roll} that "
                f"includes `{self.point}/off`? Answer `True` or `False`.")

    def choices(self) -> list[tuple[str, Any]]:
        return [("Yes", True), ("No", False)]

    def witness(self) -> Play | None:
        for play in self.legal():
            for seg in parse_moves(play.notation):
                if seg.path[0] == self.point and seg.path[-1] == OFF:
                    return play
        return None

    def rules(self) -> tuple[str, ...]:
        out = set(self.play_topics() - {"SMALLER_DIE_ONLY"})
        if self.witness() is not None:
            out.add("BEAR_OFF")
        else:
            v = explain(self.position, self.roll, f"{self.point}/off", complete=False)
            if not v.legal and v.reason in PLAY_RULES:
                out.add(v.reason.name)
        return tuple(sorted(out))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_bool(answer)
        play = self.witness()
        if play is not None:
            why = f"`{play}` is a legal play of {self.roll}, and it bears off from the {self.point}-point."
            return (True, f"Right: {why}") if mine else (False, "It may: look for a legal play of the whole roll "
                                                                 f"that ends with {self.point}/off.")
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

    form: ClassVar[str] = "number"

    def setting(self) -> str:
        if self.match_length:
            w, r = self.score
            return f"A {self.match_length}-point match, score White {w} – Red {r}"
        return "Money play" + (", Jacoby rule in use" if self.jacoby else ", no Jacoby rule")

    def _xgid_fields(self) -> dict:
        return {"cube": self.cube, "cube_owner": self.cube_owner, "jacoby": self.jacoby and not self.match_length,
                "match_length": self.match_length, "score": tuple(self.score)}

    def diagram_options(self) -> dict:
        opts = {"perspective": Player.WHITE, "cube": self.cube, "cube_owner": self.cube_owner}
        if self.match_length:
            opts.update(score=self.score, match_length=self.match_length)
        return opts


def _result_topics(position: Position) -> set[str]:
    result = game_result(position)
    return set() if result is None else {result.kind.name}


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

    def explain_truth(self) -> tuple[int, str]:
        result = game_result(self.position)
        assert result is not None, "a points question needs a finished game"
        pts = points_won(result.kind, self.cube, cube_centred=self.cube_owner is None, jacoby=self.jacoby,
                         match_length=self.match_length)
        why = f"{result.winner} wins a {result.kind.word} ({result.reason})"
        if self.jacoby and not self.match_length and self.cube_owner is None and int(result.kind) > 1:
            why += "; with the Jacoby rule and a centred cube it counts as a single"
        elif int(result.kind) > 1:
            why += f", worth {int(result.kind)} times the cube"
        return pts, why

    def rules(self) -> tuple[str, ...]:
        out = _result_topics(self.position)
        result = game_result(self.position)
        if self.cube > 1:
            out.add("CUBE_VALUE")
        if self.jacoby and not self.match_length and int(result.kind) > 1:
            out.add("JACOBY")
        if self.match_length and int(result.kind) > 1:
            out.add("MATCH_SCORE")
        return tuple(sorted(out))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        pts, why = self.explain_truth()
        if mine == pts:
            return True, f"Right: {why}: {pts} point{'s' if pts != 1 else ''}."
        return False, f"Not {mine}: {why}; multiply by the cube."

    def example_answer(self) -> int:
        return self.explain_truth()[0]


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

    def rules(self) -> tuple[str, ...]:
        return ("DROP",) + (("CUBE_VALUE",) if self.cube > 1 else ())

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        pts = self.truth()
        why = "a dropped double ends the game and the dropper pays the stake before the double"
        return (mine == pts), (f"Right: {why}: {pts} point{'s' if pts != 1 else ''}." if mine == pts
                               else f"Not {mine}: {why}.")

    def example_answer(self) -> int:
        return self.truth()


@dataclass(frozen=True)
class ResultKindQuestion(_ScoringQuestion):
    """The game is over: single, gammon or backgammon?"""

    kind: ClassVar[str] = "result-kind"
    answer_hint: ClassVar[str] = '"single", "gammon" or "backgammon"'
    answer_example: ClassVar[str] = '"gammon"'
    form: ClassVar[str] = "choice"

    def prompt(self) -> str:
        return (f"The game is over: {self.position.winner} has borne off all 15 checkers. Is it a "
                f"single game, a gammon or a backgammon?")

    def choices(self) -> list[tuple[str, Any]]:
        return [(w, w) for w in ("single", "gammon", "backgammon")]

    def rules(self) -> tuple[str, ...]:
        return tuple(sorted(_result_topics(self.position)))

    def judge(self, answer: Any) -> tuple[bool, str]:
        words = {"single": 1, "gammon": 2, "backgammon": 3, "1": 1, "2": 2, "3": 3}
        key = str(answer).strip().lower().removesuffix(" game") if isinstance(answer, (str, int)) else None
        if key not in words:
            raise AnswerFormatError(f'answer "single", "gammon" or "backgammon", not {show_answer(answer)}.')
        result = game_result(self.position)
        assert result is not None
        right = words[key] == int(result.kind)
        if right:
            return True, f"Right: it is a {result.kind.word}: {result.reason}."
        return False, f"No. {TOPIC_HINT}"

    def example_answer(self) -> str:
        result = game_result(self.position)
        assert result is not None
        return result.kind.word


TOPIC_HINT = ("Look at the loser: has it borne off a checker? Has it a checker on the bar or in the "
              "winner's home board?")


@dataclass(frozen=True)
class MayDouble(_ScoringQuestion):
    """May this player double now?"""

    kind: ClassVar[str] = "may-double"
    answer_hint: ClassVar[str] = "`True` or `False`"
    answer_example: ClassVar[str] = "False"
    form: ClassVar[str] = "choice"
    player: Player = Player.WHITE
    crawford: bool = False
    rolled: bool = False

    def setting(self) -> str:
        text = super().setting()
        if self.crawford:
            text += " (this is the Crawford game)"
        return text

    def _xgid_fields(self) -> dict:
        return {**super()._xgid_fields(), "crawford": self.crawford and bool(self.match_length)}

    def choices(self) -> list[tuple[str, Any]]:
        return [("Yes", True), ("No", False)]

    def prompt(self) -> str:
        when = ("has already rolled the dice" if self.rolled else "is about to roll, at the start of the turn")
        return (f"{self.setting()}; {_cube_words(self.cube, self.cube_owner)}. It is {self.player}'s turn and "
                f"{self.player} {when}. May {self.player} double now? Answer `True` or `False`.")

    def _context(self) -> dict:
        return {"crawford": self.crawford, "rolled": self.rolled, "match_length": self.match_length,
                "score": self.score}

    def truth(self) -> str | None:
        return Cube(self.cube, self.cube_owner).why_not(self.player, **self._context())

    def rules(self) -> tuple[str, ...]:
        if self.truth() is None:
            return ("MAY_DOUBLE",)
        if self.crawford:
            return ("CRAWFORD",)
        if self.rolled:
            return ("DOUBLE_BEFORE_ROLLING",)
        return ("CUBE_OWNERSHIP",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_bool(answer)
        reason = self.truth()
        if reason is None:
            why = f"{self.player} may double: " + (
                "either side may double while the cube is centred." if self.cube_owner is None
                else f"{self.player} owns the cube, so {self.player} may redouble.")
            return (True, f"Right: {why}") if mine else (False, "Not so: check who owns the cube and when a "
                                                                 "double may be offered.")
        return (True, f"Right: {reason}") if not mine else (False, f"No: {reason}")

    def example_answer(self) -> bool:
        return self.truth() is None


def _parse_layout(text: str) -> dict:
    """``"24:2 13:5"`` / ``"24=2, 13=5"`` / ``"{24: 2, 13: 5}"`` as a dict (the widget's typed form)."""
    body = text.strip().strip("{}")
    out: dict = {}
    for part in re.split(r"[,;\s]+(?=\d+\s*[:=])", body):
        part = part.strip().rstrip(",;")
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*[:=]\s*(\d+)", part)
        if not m:
            raise AnswerFormatError(f"write point:count pairs such as \"3:1 10:2\", not {part!r}.")
        out[int(m.group(1))] = out.get(int(m.group(1)), 0) + int(m.group(2))
    return out


@dataclass(frozen=True)
class SetUpStart(Question):
    """Set up one side's starting checkers as ``{point: count}``."""

    kind: ClassVar[str] = "set-up"
    answer_hint: ClassVar[str] = "a dict `{point: count}` (or text such as `\"3:1 10:2\"`)"
    answer_example: ClassVar[str] = "{3: 1, 10: 2}"
    form: ClassVar[str] = "text"
    side: Player = Player.WHITE
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        whose = "its own" if self.numbering == self.side else f"{self.numbering}'s"
        return (f"Set up the **starting position** of {self.side}'s checkers: write a dict "
                f"`{{point: count}}` with the points in **{whose} numbering** (the diagram shows the "
                f"board numbered from {self.numbering}'s side, with {self.side}'s checkers not yet placed).")

    def diagram(self):
        from ..svg import Diagram, render

        svg = render(self.position, perspective=self.numbering, caption="Where do the checkers start?")
        return Diagram(_empty_tray(str(svg), self.side))

    def rules(self) -> tuple[str, ...]:
        return ("STARTING_POSITION",) + (("NUMBERING",) if self.numbering != self.side else ())

    def expected(self) -> dict[int, int]:
        start = Position()
        out = {}
        for point in range(1, 25):
            owner, n = start.owner(point, self.numbering)
            if owner == self.side:
                out[point] = n
        return out

    def judge(self, answer: Any) -> tuple[bool, str]:
        if isinstance(answer, str):
            answer = _parse_layout(answer)
        if not isinstance(answer, dict):
            raise AnswerFormatError(f"write a dict such as {{3: 1, 10: 2}}, not {show_answer(answer)}.")
        mine: dict[int, int] = {}
        for k, v in list(answer.items())[:30]:
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
        wrong = sum(1 for p in set(mine) | set(want) if mine.get(p, 0) != want.get(p, 0))
        parts.append(f"{wrong} point{'s are' if wrong != 1 else ' is'} not as at the start. "
                     f"Remember whose numbering the diagram uses.")
        return False, " ".join(parts)

    def example_answer(self) -> dict[int, int]:
        return self.expected()


_TRAY = re.compile(r'(<g\b[^>]*\bdata-off="(white|red)"[^>]*>)(.*?)(</g>)', re.S)


def _empty_tray(svg: str, side: Player) -> str:
    """``svg`` with ``side``'s tray drawn empty: its checkers are not yet placed, not borne off."""
    name = "white" if side is Player.WHITE else "red"

    def fix(m: re.Match) -> str:
        if m.group(2) != name:
            return m.group(0)
        head = re.sub(r'aria-label="[^"]*"', f'aria-label="{side}\'s tray: empty (checkers not yet placed)"',
                      m.group(1))
        head = re.sub(r'data-count="\d+"', 'data-count="0"', head)
        body = re.sub(r'<rect\b[^>]*bg-off-checker[^>]*/>', "", m.group(3))
        body = re.sub(r'<text\b[^>]*bg-off-count[^>]*>.*?</text>', "", body, flags=re.S)
        return head + body + m.group(4)

    return _TRAY.sub(fix, svg)


def _layout(d: dict[int, int]) -> str:
    return ", ".join(f"{n} on the {p}" for p, n in sorted(d.items(), reverse=True))


@dataclass(frozen=True)
class PointOwner(Question):
    """Who holds a point, and with how many checkers?"""

    kind: ClassVar[str] = "point-owner"
    answer_hint: ClassVar[str] = 'a colour and a count, such as `("Red", 5)`, or `"empty"`'
    answer_example: ClassVar[str] = '("Red", 5)'
    form: ClassVar[str] = "text"
    point: int = 1
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        return (f"In the position shown, whose checkers stand on **{self.numbering}'s {self.point}-point**, "
                f"and how many? Answer like `(\"Red\", 5)`, or `\"empty\"` if nobody is there.")

    def diagram_options(self) -> dict:
        return {"perspective": self.numbering}

    def rules(self) -> tuple[str, ...]:
        return ("NUMBERING",)

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
        if right:
            return True, f"Right: {truth}."
        return False, (f"No. Count from {self.numbering}'s 1-point, in {self.numbering}'s home board, "
                       f"to find the {self.point}-point.")

    def example_answer(self) -> Any:
        owner, n = self.position.owner(self.point, self.numbering)
        return "empty" if owner is None else (str(owner), n)


@dataclass(frozen=True)
class PipCount(Question):
    """How many pips does a side need to bear everything off?"""

    kind: ClassVar[str] = "pip-count"
    answer_hint: ClassVar[str] = "a whole number"
    answer_example: ClassVar[str] = "150"
    form: ClassVar[str] = "number"
    player: Player = Player.WHITE

    def prompt(self) -> str:
        return (f"What is {self.player}'s **pip count** here (the total number of pips {self.player} must "
                f"move to bear off every checker; a checker on the bar counts 25)?")

    def diagram_options(self) -> dict:
        return {"perspective": self.player, "pips": False}

    def rules(self) -> tuple[str, ...]:
        return ("PIP_COUNT",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        truth = self.position.pip_count(self.player)
        if mine == truth:
            side = self.position.checkers(self.player)
            terms = " + ".join(f"{n}×{i}" for i, n in sorted(enumerate(side), reverse=True) if i and n)
            if side[0]:
                terms += f" + {side[0]}×25 (bar)"
            return True, f"Right: {terms} = {truth}."
        return False, (f"Not {mine}: for each point, multiply {self.player}'s checkers by the point number in "
                       f"{self.player}'s numbering and add them up.")

    def example_answer(self) -> int:
        return self.position.pip_count(self.player)


NEITHER = "neither"
"""The answer to an opening throw with equal dice: nobody starts, both throw again."""


@dataclass(frozen=True)
class OpeningStarter(Question):
    """The opening throw: who moves first (or, on equal dice, nobody yet)?"""

    kind: ClassVar[str] = "opening-starter"
    answer_hint: ClassVar[str] = '"White", "Red" or "neither"'
    answer_example: ClassVar[str] = '"Red"'
    form: ClassVar[str] = "choice"
    white_die: int = 1
    red_die: int = 2

    def prompt(self) -> str:
        return (f"The opening throw: White throws a **{self.white_die}** and Red a **{self.red_die}**. "
                f"Who moves first? Answer \"White\", \"Red\", or \"neither\" if nobody may move yet.")

    def choices(self) -> list[tuple[str, Any]]:
        return [("White", "White"), ("Red", "Red"), ("Neither: throw again", NEITHER)]

    def diagram_options(self) -> dict:
        return {"perspective": Player.WHITE}

    def _xgid_fields(self) -> dict:
        return {}

    def starter(self) -> Player | None:
        """The side that starts, or ``None`` on a tie (asked of :class:`OpeningRoll`)."""
        if self.white_die == self.red_die:
            return None
        return OpeningRoll(self.white_die, self.red_die).starter

    def rules(self) -> tuple[str, ...]:
        return ("OPENING_TIE",) if self.starter() is None else ("OPENING_THROW",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        if isinstance(answer, str) and answer.strip().lower().rstrip(".!") in (
                NEITHER, "nobody", "none", "tie", "again", "throw again", "reroll", "re-roll", "neither: throw again"):
            mine = None
        else:
            mine = as_player(answer)
        starter = self.starter()
        if starter is None:
            why = "the dice are equal, so both sides throw again."
        else:
            why = (f"{starter} threw the higher die, so {starter} starts by playing "
                   f"{OpeningRoll(self.white_die, self.red_die).roll}.")
        if mine == starter:
            return True, f"Right: {why}"
        return False, "No. Compare the two dice: the higher die moves first, and equal dice are thrown again."

    def example_answer(self) -> str:
        starter = self.starter()
        return NEITHER if starter is None else str(starter)


QUESTION_KINDS = {cls.kind: cls for cls in (
    ListPlays, PickPlay, MakePlay, EntryPoints, MayBearOff, PointsWon, DropPoints, ResultKindQuestion,
    MayDouble, SetUpStart, PointOwner, PipCount, OpeningStarter)}
"""Every question type, by its ``kind``."""
