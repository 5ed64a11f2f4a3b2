"""Question types: a position, a task, and an answer judged by the engine.

Every question states its task (:meth:`Question.prompt`), draws its position
(:meth:`Question.diagram`) and judges an answer written in plain Python (:meth:`Question.check`),
returning a :class:`Feedback`. No answer key is stored anywhere: the right answer is asked of the
engine every time — :func:`~bglearn.plays.legal_plays`, :func:`~bglearn.verdicts.explain`,
:func:`~bglearn.verdicts.legal_continuations`, :func:`~bglearn.result.game_result`,
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
import html
import json
import re
from functools import lru_cache
from random import Random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, TypeAlias

from ..cube import Cube
from ..dice import OpeningRoll, Roll, as_roll
from ..verdicts import Reason, Verdict, explain, legal_continuations
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
    is_word,
    plain_value,
    show_answer,
)
from ..i18n import N_, _, join_and, ngettext
from .candidates import tempting_plays
from .feedback import Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ..svg import Diagram

__all__ = [
    "Feedback", "Question", "PositionQuestion", "ListPlays", "PickPlay", "MakePlay", "EntryPoints", "MayBearOff",
    "PointsWon", "DropPoints", "ResultKindQuestion", "MayDouble", "SetUpStart", "PointOwner",
    "PipCount", "OpeningStarter", "QUESTION_KINDS", "MISSING", "question_from_spec", "SpecError",
]

LETTERS = "ABCDEFGH"

PLAY_RULES = frozenset({Reason.DICE_NOT_FULLY_USED, Reason.LARGER_DIE_REQUIRED, Reason.DOUBLES_UNDERPLAYED,
                        Reason.BAR_FIRST, Reason.BLOCKED, Reason.BEAR_OFF_NOT_ALL_HOME,
                        Reason.BEAR_OFF_HIGHER_POINT, Reason.HEAD_RULE, Reason.CLOSED_POINT, Reason.SIX_BLOCK})
"""The rules of play a play question can test (a tempting play breaks one of them; the last three are
Long Nardy's)."""


class SpecError(AnswerFormatError):
    """A question description (``metadata.bglearn`` / the handout's setup cell) that cannot be read."""


class _Missing:
    def __repr__(self) -> str:
        return "<no answer>"


MISSING: Any = _Missing()
"""Stands for an answer variable that was never assigned."""

Judgement: TypeAlias = "tuple[bool, str] | tuple[bool, str, Play | None]"
"""What :meth:`Question.judge` returns: ``(right?, explanation)``, or with the play a play answer is."""

_PLAYER_FIELDS = ("side", "numbering", "player", "doubler")
_XGID_FIELDS = ("position", "points", "roll", "cube", "cube_owner", "jacoby", "match_length", "score", "crawford")


def _no_spoiler(v: Verdict) -> str:
    """The engine's message about a wrong play, without the legal play it suggests (that would be
    the answer): the rule broken is stated instead."""
    message = v.message
    if v.suggestion is not None and (v.suggestion.notation in message or "for example" in message):
        return _("That breaks a rule: {rule}").format(rule=v.reason.rule)
    return message


class Question:
    """The one question model of the kit: every lesson quiz (:mod:`bglearn.quiz`) and every exercise
    question is a subclass. A question has a task (:meth:`prompt`), may have a position it is about
    (``position``, drawn by :meth:`diagram`), judges an answer in one way (:meth:`judge`, called by
    :meth:`check`, which returns the one :class:`Feedback` class) and is answered with one form
    (:class:`bglearn.exercises.form.QuestionForm`, whose control is chosen by ``form``). Answers are
    always passed in explicitly.

    Subclasses set ``kind`` and ``form`` and implement :meth:`prompt` and :meth:`judge`; they may
    override :meth:`answer_choices`, :meth:`rules`, :meth:`diagram_options`, :meth:`after_svg` and
    :meth:`example_answer`.

    ``form`` names the answer control: ``"play"`` (type a play, or click it on the board —
    :mod:`bglearn.widgets.answer`), ``"plays"`` (one play per line, or add plays clicked on the
    board), ``"choice"`` (click one of :meth:`answer_choices`), ``"points"`` (tick points), ``"number"``,
    ``"text"``."""

    kind: ClassVar[str] = "question"
    answer_hint: ClassVar[str] = N_("a Python value")
    answer_example: ClassVar[str] = "None"
    form: ClassVar[str] = "text"
    placeholder: ClassVar[str] = ""
    """What the text box shows before anything is typed ("" for the form's default)."""

    position: Position | None = None
    points: int = 1

    # -- to override --------------------------------------------------------------------------
    def prompt(self) -> str:
        """The task, in Markdown."""
        raise NotImplementedError

    def judge(self, answer: Any) -> Judgement:
        """``(right?, explanation)`` — or ``(right?, explanation, play)`` when the answer is a legal
        play — for a non-blank answer; may raise :class:`AnswerFormatError` when it cannot be read.
        A graded exercise's explanation of a wrong answer names the rule, never the right answer."""
        raise NotImplementedError

    def example_answer(self) -> Any:
        """One answer the engine judges correct (for tests, the teacher's solution notebook and the
        grader's synthetic classes; never shown to a student)."""
        raise NotImplementedError

    def spec(self) -> dict[str, Any]:
        """The question as JSON-ready data that :func:`question_from_spec` rebuilds (every exercise
        question has one: a handout and the manifest carry them)."""
        raise NotImplementedError

    def rules(self) -> tuple[str, ...]:
        """The rule codes (:data:`bglearn.exercises.rules.RULES`) this question tests, asked of the engine."""
        return ()

    def diagram_options(self) -> dict[str, Any]:
        """Options of :func:`bglearn.svg.render` for the question's diagram."""
        return {"perspective": self.position.turn} if self.position is not None else {}

    def answer_choices(self) -> list[tuple[str, Any]]:
        """``(label, answer)`` pairs for a ``"choice"`` (or ``"points"``) form."""
        return []

    def board_answer(self) -> tuple[Position, Roll] | None:
        """``(position, roll)`` when the answer is a play that can be clicked on a board (the
        ``"play"`` and ``"plays"`` forms), else ``None``."""
        roll = getattr(self, "roll", None)
        if self.form in ("play", "plays") and self.position is not None and isinstance(roll, Roll):
            return self.position, roll
        return None

    def after_svg(self, feedback: Feedback) -> str:
        """A picture the form shows after a right answer ("" for none)."""
        return ""

    def answer_count(self) -> int:
        """How many different right answers there are (for fairness reports)."""
        return 1

    def difficulty(self) -> int:
        """A rough difficulty, 1 (one fact) and up: one per rule tested, plus one when the answer must
        list several things."""
        return max(1, len(self.rules()))

    # -- shared -------------------------------------------------------------------------------
    def diagram(self) -> Diagram | None:
        """The position as an SVG diagram (a :class:`bglearn.svg.Diagram`); ``None`` without one."""
        if self.position is None:
            return None
        from ..svg import render

        return render(self.position, **self.diagram_options())

    def _unanswered(self, answer: Any, number: int) -> Feedback:
        how = _("Answer with the form, or in Python as {how}, for example `{example}`.").format(
            how=_(self.answer_hint), example=self.answer_example)
        return Feedback(number, False, 0, self.points, _("Not answered yet.") + " " + how, answered=False,
                        answer="" if answer is MISSING else show_answer(answer))

    @staticmethod
    def is_blank(answer: Any) -> bool:
        """True for no answer at all (never assigned, ``None`` or ``...``)."""
        return answer is MISSING or answer is None or answer is Ellipsis

    def check(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Judge ``answer`` (question ``number`` of an exercise; 0 for a lesson quiz): the
        :class:`Feedback`. Never raises for anything a student can write."""
        if self.is_blank(answer):
            return self._unanswered(answer, number)
        play = None
        try:
            ok, message, *rest = self.judge(answer)
            play = rest[0] if rest else None
        except AnswerFormatError as exc:
            ok, message = False, _("Your answer {answer} can't be read: {why}").format(
                answer=show_answer(answer), why=exc)
        except RecursionError:
            ok, message = False, _("Your answer can't be read (it refers to itself).")
        return Feedback(number, ok, self.points if ok else 0, self.points, message, answer=show_answer(answer),
                        play=play)

    def problem(self, answer: Any) -> str | None:
        """Why ``answer`` cannot be read (how to write it), or ``None`` when it is well formed.
        Says nothing about whether it is right."""
        if self.is_blank(answer):
            return _("there is no answer yet: write {how}.").format(how=_(self.answer_hint))
        try:
            if len(json.dumps(plain_value(answer))) > MAX_ANSWER_CHARS:
                return ngettext("it is far too long (more than {n} character).",
                                "it is far too long (more than {n} characters).", MAX_ANSWER_CHARS).format(n=MAX_ANSWER_CHARS)
            self.judge(answer)
        except AnswerFormatError as exc:
            return str(exc)
        except RecursionError:
            return _("it refers to itself.")
        return None

    def receipt(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Assessment mode: whether ``answer`` is well formed, and nothing about whether it is right
        (``recorded`` feedback, 0 points; the grade comes with the grader's feedback file)."""
        if self.is_blank(answer):
            return self._unanswered(answer, number)
        why = self.problem(answer)
        if why is not None:
            return Feedback(number, False, 0, self.points, _("Your answer {answer} can't be read: {why}").format(
                answer=show_answer(answer), why=why), answer=show_answer(answer), recorded=True)
        return Feedback(number, False, 0, self.points,
                        _("Recorded {answer}: it is well formed. Your grade comes with the feedback after "
                          "grading.").format(answer=show_answer(answer)), answer=show_answer(answer), recorded=True)


@dataclass(frozen=True)
class PositionQuestion(Question):
    """A graded exercise's question: a generated ``position`` and parameters, described completely by
    :meth:`spec` (``kind``, ``rules``, ``xgid``, ``points``, ``params``) and rebuilt from it by
    :func:`question_from_spec` — what a handout's setup cell and the grader's manifest carry."""

    position: Position
    points: int = field(default=1, kw_only=True)

    # -- machine-readable description ---------------------------------------------------------
    def xgid(self) -> str:
        """The question's position, side on roll, dice, cube and score as an XGID."""
        return format_xgid(self.position, **self._xgid_fields())

    def _xgid_fields(self) -> dict[str, Any]:
        return {}

    #: Rule codes that tell answers apart for this kind (``MAY_DOUBLE`` means "yes, double"; a
    #: ``NO_LEGAL_PLAY`` play question's answer is "no play"): a handout names all of them or none.
    answer_rules: ClassVar[frozenset[str]] = frozenset()

    def public_rules(self) -> tuple[str, ...]:
        """The rules a handout says the question tests (``metadata.bglearn`` and the setup cell): the
        rules it tests, with every code of :attr:`answer_rules` in place of the ones that apply, so
        the list never tells the answer (a question whose answer is "yes" and one whose answer is
        "no" show the same list). :meth:`rules` — the exact ones, for coverage reports — is the
        teacher's."""
        group = self.answer_rules_here()
        return tuple(sorted((set(self.rules()) - self.answer_rules) | group))

    def answer_rules_here(self) -> frozenset[str]:
        """The :attr:`answer_rules` that could apply to this question's setting."""
        return self.answer_rules

    def spec(self) -> dict[str, Any]:
        """A JSON-ready description: ``kind``, ``rules`` (:meth:`public_rules`), ``xgid``, ``points`` and
        the question's other parameters (``params``). :func:`question_from_spec` rebuilds the question
        from it."""
        params = {}
        for f in dataclasses.fields(self):
            if f.name in _XGID_FIELDS:
                continue
            value = getattr(self, f.name)
            params[f.name] = plain_value(value)
        if self.position.variant == "backgammon":
            out = {"kind": self.kind, "rules": list(self.public_rules()), "xgid": self.xgid(), "points": self.points}
        else:  # Long Nardy has no XGID: the position is written out (read back by _variant_position)
            out = {"kind": self.kind, "rules": list(self.public_rules()), "position": _position_spec(self),
                   "points": self.points}
        if params:
            out["params"] = params
        return out

    @property
    def mover(self) -> Player:
        return self.position.turn


def _position_spec(q: Any) -> dict[str, Any]:
    """A Long Nardy question's position and dice as JSON: ``variant``, ``white`` and ``red`` (25 numbers
    each, in each side's own numbering), ``turn`` and ``dice``."""
    pos = q.position
    return {"variant": pos.variant, "white": list(pos.checkers(Player.WHITE)), "red": list(pos.checkers(Player.RED)),
            "turn": pos.turn.name.lower(), "dice": list(q._xgid_fields().get("dice", ()))}


def _variant_position(data: Any) -> Any:
    """What :func:`parse_xgid` gives, from :func:`_position_spec`'s dict (no cube, no score); a
    ``ValueError`` naming the problem otherwise."""
    from types import SimpleNamespace

    if not isinstance(data, dict):
        raise ValueError(f"the position is a dict, not {show_answer(data)}")
    try:
        position = Position(white=list(data["white"]), red=list(data["red"]), turn=as_player(data["turn"]),
                            variant=str(data["variant"]))
        dice = tuple(int(d) for d in data.get("dice", ()))
    except Exception as exc:  # a hand-edited description: one clear error, never a traceback
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    return SimpleNamespace(position=position, dice=dice, cube_value=1, cube_owner=None, match_length=0,
                           score=(0, 0), jacoby=False, crawford=False)


def question_from_spec(spec: Any) -> PositionQuestion:
    """The question described by ``spec`` (from :meth:`Question.spec`); :class:`SpecError` naming
    the problem otherwise."""
    if not isinstance(spec, dict):
        raise SpecError(_("a question description is a dict, not {spec}.").format(spec=show_answer(spec)))
    kind = spec.get("kind")
    cls = QUESTION_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SpecError(_("unknown question kind {kind}; known: {kinds}.").format(
            kind=repr(spec.get("kind")), kinds=", ".join(QUESTION_KINDS)))
    try:
        x = _variant_position(spec["position"]) if "xgid" not in spec and "position" in spec else parse_xgid(spec["xgid"])
    except KeyError:
        raise SpecError(_("the question description has no xgid.")) from None
    except ValueError as exc:
        raise SpecError(_("the question's xgid can't be read: {error}").format(error=exc)) from None
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
            raise SpecError(_("a {kind} question has no parameter {key}.").format(kind=cls.kind, key=repr(key)))
        if key in _PLAYER_FIELDS:
            value = as_player(value)
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SpecError(_("the {kind} question can't be built: {error}").format(kind=cls.kind, error=exc)) from None


def _reason_codes(reasons: Iterable[Reason]) -> tuple[str, ...]:
    return tuple(sorted({r.name for r in reasons}))


@lru_cache(maxsize=20000)
def _play_rules(position: Position, roll: Roll) -> tuple[str, ...]:
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


FORCED_TOPICS = frozenset({"DICE_NOT_FULLY_USED", "LARGER_DIE_REQUIRED", "SMALLER_DIE_ONLY", "DOUBLES_UNDERPLAYED",
                           "NO_LEGAL_PLAY"})
"""What a play question's answer depends on: how many dice (and which) can be played."""


def _forced_group(roll: Roll) -> frozenset[str]:
    """The forced-move topics a roll could raise: a double can be underplayed, two dice can be played
    in full, by the larger or the smaller only; any roll can be unplayable."""
    if roll.is_double:
        return frozenset({"DOUBLES_UNDERPLAYED", "NO_LEGAL_PLAY"})
    return frozenset({"DICE_NOT_FULLY_USED", "LARGER_DIE_REQUIRED", "SMALLER_DIE_ONLY", "NO_LEGAL_PLAY"})


@dataclass(frozen=True)
class _RollQuestion(PositionQuestion):
    roll: Roll = Roll(1, 1)

    def __post_init__(self) -> None:
        if not isinstance(self.roll, Roll):
            object.__setattr__(self, "roll", as_roll(self.roll))

    def diagram_options(self) -> dict[str, Any]:
        return {"perspective": self.position.turn, "dice": self.roll}

    def _xgid_fields(self) -> dict[str, Any]:
        return {"dice": tuple(self.roll)}

    def legal(self) -> list[Play]:
        return legal_plays(self.position, self.roll)

    def play_topics(self) -> set[str]:
        return _play_topics(self.position, self.roll)

    def rules(self) -> tuple[str, ...]:
        return _play_rules(self.position, self.roll)

    def answer_count(self) -> int:
        return len(self.legal())


@dataclass(frozen=True)
class ListPlays(_RollQuestion):
    """List every legal play of the roll (``[]`` if the turn is lost)."""

    kind: ClassVar[str] = "list-plays"
    answer_rules: ClassVar[frozenset[str]] = frozenset(FORCED_TOPICS)

    def answer_rules_here(self) -> frozenset[str]:
        return _forced_group(self.roll)
    answer_hint: ClassVar[str] = N_('a list of plays as text (`[]` if there is no legal play)')
    answer_example: ClassVar[str] = '["24/18 13/11", "13/7 13/11"]'
    form: ClassVar[str] = "plays"

    def prompt(self) -> str:
        return _("{mover} to play **{roll}**. List **every** legal play. Each play is written once (equivalent "
                 "notations count as the same play); if no play is legal, answer `[]`.").format(
                     mover=self.mover, roll=self.roll)

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
                wrong.append(_("{play} is not legal: {why}").format(play=f"`{text}`", why=_no_spoiler(v)))
        if len(texts) > 50:
            wrong.append(ngettext("You wrote {n} play; no roll has that many here.",
                                  "You wrote {n} plays; no roll has that many here.", len(texts)).format(n=len(texts)))
        if not legal:
            if not texts or not wrong:
                return True, _("Right: {roll} cannot be played at all here, so the turn is lost.").format(roll=self.roll)
            return False, " ".join(wrong[:3])
        parts = list(wrong[:3])
        missing = [p for p in legal if p not in found]
        if missing:
            parts.append(_("Some legal plays are missing from your list ({n} found).").format(n=len(found)))
        if parts:
            return False, " ".join(parts)
        message = ngettext("Right: this is the {n} legal play of {roll}.", "Right: these are all {n} legal plays of {roll}.",
                           len(legal)).format(n=len(legal), roll=self.roll)
        if repeated:
            message += " " + ngettext("(You wrote {n} play twice in different ways.)",
                                      "(You wrote {n} plays twice in different ways.)", repeated).format(n=repeated)
        return True, message

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
    answer_rules: ClassVar[frozenset[str]] = frozenset(FORCED_TOPICS)

    def answer_rules_here(self) -> frozenset[str]:
        return _forced_group(self.roll)
    answer_hint: ClassVar[str] = N_('the letter of your choice, as text')
    answer_example: ClassVar[str] = '"B"'
    form: ClassVar[str] = "choice"
    options: tuple[str, ...] = ()

    def prompt(self) -> str:
        lines = [_("{mover} to play **{roll}**. Exactly one of these plays is legal. Which one?").format(
            mover=self.mover, roll=self.roll), ""]
        lines += [f"- **{LETTERS[i]}**: `{text}`" for i, text in enumerate(self.options)]
        return "\n".join(lines)

    def answer_choices(self) -> list[tuple[str, Any]]:
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
            _("answer one of the letters {letters} (as text, e.g. \"B\"), not {answer}.").format(
                letters=", ".join(LETTERS[: len(self.options)]), answer=show_answer(answer))
        )

    def judge(self, answer: Any) -> tuple[bool, str]:
        i = self._choice(answer)
        v = explain(self.position, self.roll, self.options[i])
        if v.legal:
            return True, _("Right: {letter} ({play}) is legal. {why}").format(
                letter=LETTERS[i], play=f"`{self.options[i]}`", why=v.message)
        return False, _("{letter} ({play}) is not legal: {why}").format(
            letter=LETTERS[i], play=f"`{self.options[i]}`", why=_no_spoiler(v))

    def verdicts(self) -> list[Verdict]:
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
    answer_rules: ClassVar[frozenset[str]] = frozenset(FORCED_TOPICS)

    def answer_rules_here(self) -> frozenset[str]:
        return _forced_group(self.roll)
    answer_hint: ClassVar[str] = N_('a play as text (`"no play"` if the turn is lost)')
    answer_example: ClassVar[str] = '"24/18 13/11"'
    form: ClassVar[str] = "play"
    task: str = ""
    """An extra sentence of the task: an English message marked with ``N_`` (stored as it is, so a
    question reads back the same in any language), translated when shown; it may name ``{player}`` (the
    side on roll), ``{high}`` and ``{low}`` (the dice)."""

    def prompt(self) -> str:
        head = _("{mover} to play **{roll}**.").format(mover=self.mover, roll=self.roll)
        extra = " " + _(self.task).format(player=self.mover, high=self.roll.high, low=self.roll.low) if self.task else ""
        return head + extra + " " + _("Write a **legal** play (answer `\"no play\"` if the roll cannot be played).")

    def judge(self, answer: Any) -> Judgement:
        if not isinstance(answer, str):
            raise AnswerFormatError(_("write the play as text, such as \"24/18 13/11\", not {answer}.").format(
                answer=show_answer(answer)))
        if len(answer) > 200:
            raise AnswerFormatError(_("a play is at most four moves; that text is far too long."))
        v = explain(self.position, self.roll, answer)
        if v.reason is Reason.BAD_NOTATION:
            raise AnswerFormatError(v.message)
        if v.legal:
            return True, _("Right: {why}").format(why=v.message), v.play
        return False, _no_spoiler(v)

    def example_answer(self) -> str:
        plays = self.legal()
        return plays[0].notation if plays else "no play"


@dataclass(frozen=True)
class EntryPoints(_RollQuestion):
    """On which points may the checker on the bar enter with this roll?"""

    kind: ClassVar[str] = "entry-points"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"ENTERING", "BLOCKED", "NO_LEGAL_PLAY"})
    answer_hint: ClassVar[str] = N_("a list of point numbers in your own numbering (`[]` if it can't enter)")
    answer_example: ClassVar[str] = "[22, 20]"
    form: ClassVar[str] = "points"

    def prompt(self) -> str:
        n = self.position.bar(self.mover)
        return ngettext("{mover} has {n} checker on the bar and rolls **{roll}**. On which points may the "
                        "checker on the bar enter? Give the points in {mover}'s numbering; answer `[]` if it "
                        "cannot enter.",
                        "{mover} has {n} checkers on the bar and rolls **{roll}**. On which points may a checker "
                        "(of the {n}) on the bar enter? Give the points in {mover}'s numbering; answer `[]` if it "
                        "cannot enter.", n).format(mover=self.mover, n=n, roll=self.roll)

    def answer_choices(self) -> list[tuple[str, Any]]:
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
                return True, _("Right: with {roll} the checker cannot enter, so {mover} loses the turn.").format(
                    roll=self.roll, mover=self.mover)
            return True, _("Right: it may enter on {points}.").format(points=_and(truth))
        parts = []
        for p in mine:
            if p not in truth:
                v = explain(self.position, self.roll, f"bar/{p}", complete=False)
                parts.append(f"bar/{p}: {_no_spoiler(v)}" if not v.legal
                             else _("{move} is not a legal entry.").format(move=f"bar/{p}"))
        if any(p not in mine for p in truth):
            parts.append(_("Your list misses a point where it may enter."))
        return False, " ".join(parts)

    def example_answer(self) -> list[int]:
        return self.truth()


@dataclass(frozen=True)
class MayBearOff(_RollQuestion):
    """Is there a legal play of the roll that bears a checker off from the given point?"""

    kind: ClassVar[str] = "may-bear-off"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"BEAR_OFF", "BEAR_OFF_NOT_ALL_HOME", "BEAR_OFF_HIGHER_POINT",
                                                        "BLOCKED", "NO_LEGAL_PLAY"} | FORCED_TOPICS)
    answer_hint: ClassVar[str] = N_("`True` or `False`")
    answer_example: ClassVar[str] = "True"
    form: ClassVar[str] = "choice"
    point: int = 6

    def prompt(self) -> str:
        return _("{mover} rolls **{roll}**. May {mover} bear off a checker from the **{point}-point** this turn, "
                 "that is: is there a legal play of {roll} that includes {move}? Answer `True` or `False`.").format(
                     mover=self.mover, roll=self.roll, point=self.point, move=f"`{self.point}/off`")

    def answer_choices(self) -> list[tuple[str, Any]]:
        return [(_("Yes"), True), (_("No"), False)]

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
            why = _("{play} is a legal play of {roll}, and it bears off from the {point}-point.").format(
                play=f"`{play}`", roll=self.roll, point=self.point)
            return ((True, _("Right: {why}").format(why=why)) if mine else
                    (False, _("It may: look for a legal play of the whole roll that ends with {move}.").format(
                        move=f"{self.point}/off")))
        v = explain(self.position, self.roll, f"{self.point}/off", complete=False)
        why = v.message if not v.legal else _("no legal play of {roll} includes {move}.").format(
            roll=self.roll, move=f"{self.point}/off")
        return ((True, _("Right: {why}").format(why=why)) if not mine
                else (False, _("It may not: {why}").format(why=why)))

    def example_answer(self) -> bool:
        return self.witness() is not None

    @classmethod
    def chosen(cls, position: Position, roll: Roll, rng: Random, truth: bool | None = None) -> "MayBearOff | None":
        """A question on a checker of the side on roll that one die of ``roll`` could carry off (a die
        at least its point), picked with ``rng``; with ``truth``, only a question whose answer it is.
        ``None`` when the roll offers no such checker or the answer is not ``truth``."""
        me = position.checkers(position.turn)
        points = [p for p in range(1, 7) if me[p] and any(d >= p for d in roll.dice)]
        if not points:
            return None
        question = cls(position, roll=roll, point=rng.choice(points))
        if truth is not None and question.example_answer() is not truth:
            return None
        return question


def _and(items: Iterable[object]) -> str:
    return join_and(items)


def _cube_words(value: int, owner: Player | None) -> str:
    if owner is None:
        return _("the cube is centred at {value}").format(value=value)
    return _("the cube is at {value}, owned by {owner}").format(value=value, owner=owner)


@dataclass(frozen=True)
class _ScoringQuestion(PositionQuestion):
    cube: int = 1
    cube_owner: Player | None = None
    jacoby: bool = False
    match_length: int = 0
    score: tuple[int, int] = (0, 0)

    form: ClassVar[str] = "number"

    def setting(self) -> str:
        if self.match_length:
            w, r = self.score
            return _("A {length}-point match, score White {white} – Red {red}").format(
                length=self.match_length, white=w, red=r)
        return _("Money play, Jacoby rule in use") if self.jacoby else _("Money play, no Jacoby rule")

    def _xgid_fields(self) -> dict[str, Any]:
        return {"cube": self.cube, "cube_owner": self.cube_owner, "jacoby": self.jacoby and not self.match_length,
                "match_length": self.match_length, "score": tuple(self.score)}

    def diagram_options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {"perspective": Player.WHITE, "cube": self.cube, "cube_owner": self.cube_owner}
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
    answer_rules: ClassVar[frozenset[str]] = frozenset({"SINGLE", "GAMMON", "BACKGAMMON", "JACOBY", "MATCH_SCORE"})

    def answer_rules_here(self) -> frozenset[str]:
        return frozenset({"SINGLE", "GAMMON", "BACKGAMMON"} | ({"JACOBY"} if self.jacoby and not self.match_length
                                                                  else set()) | ({"MATCH_SCORE"} if self.match_length
                                                                                 else set()))
    answer_hint: ClassVar[str] = N_("a whole number")
    answer_example: ClassVar[str] = "2"

    def prompt(self) -> str:
        winner = self.position.winner
        return _("{setting}. The game is over: {winner} has borne off all 15 checkers, and {cube}. How many points "
                 "does {winner} score?").format(setting=self.setting(), winner=winner,
                                                cube=_cube_words(self.cube, self.cube_owner))

    def explain_truth(self) -> tuple[int, str]:
        result = game_result(self.position)
        assert result is not None, "a points question needs a finished game"
        pts = points_won(result.kind, self.cube, cube_centred=self.cube_owner is None, jacoby=self.jacoby,
                         match_length=self.match_length)
        why = _("{winner} wins a {kind} ({reason})").format(winner=result.winner, kind=result.kind.word,
                                                            reason=result.reason)
        if self.jacoby and not self.match_length and self.cube_owner is None and int(result.kind) > 1:
            why += _("; with the Jacoby rule and a centred cube it counts as a single")
        elif int(result.kind) > 1:
            why += ngettext(", worth {n} time the cube", ", worth {n} times the cube", int(result.kind)).format(
                n=int(result.kind))
        return pts, why

    def rules(self) -> tuple[str, ...]:
        out = _result_topics(self.position)
        result = game_result(self.position)
        more_than_single = result is not None and int(result.kind) > 1
        if self.cube > 1:
            out.add("CUBE_VALUE")
        if self.jacoby and not self.match_length and more_than_single:
            out.add("JACOBY")
        if self.match_length and more_than_single:
            out.add("MATCH_SCORE")
        return tuple(sorted(out))

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        pts, why = self.explain_truth()
        if mine == pts:
            return True, ngettext("Right: {why}: {n} point.", "Right: {why}: {n} points.", pts).format(why=why, n=pts)
        return False, _("Not {answer}: {why}; multiply by the cube.").format(answer=mine, why=why)

    def example_answer(self) -> int:
        return self.explain_truth()[0]


@dataclass(frozen=True)
class DropPoints(_ScoringQuestion):
    """A double is dropped: how many points does the doubler win?"""

    kind: ClassVar[str] = "drop-points"
    answer_hint: ClassVar[str] = N_("a whole number")
    answer_example: ClassVar[str] = "1"
    doubler: Player = Player.WHITE

    def _cube(self) -> Cube:
        return Cube(self.cube, self.cube_owner)

    def prompt(self) -> str:
        d, r = self.doubler, self.doubler.opponent
        offered = self._cube().double(d, match_length=self.match_length, score=self.score).offer
        assert offered is not None  # double() puts the cube on offer (or raises)
        return _("{setting}; {cube}. {doubler} doubles to {value} and {other} **drops** (refuses). How many points "
                 "does {doubler} win?").format(setting=self.setting(), cube=_cube_words(self.cube, self.cube_owner),
                                               doubler=d, value=offered.value, other=r)

    def truth(self) -> int:
        return self._cube().double(self.doubler, match_length=self.match_length, score=self.score).drop()

    def rules(self) -> tuple[str, ...]:
        return ("DROP",) + (("CUBE_VALUE",) if self.cube > 1 else ())

    def judge(self, answer: Any) -> tuple[bool, str]:
        mine = as_int(answer)
        pts = self.truth()
        why = _("a dropped double ends the game and the dropper pays the stake before the double")
        if mine == pts:
            return True, ngettext("Right: {why}: {n} point.", "Right: {why}: {n} points.", pts).format(why=why, n=pts)
        return False, _("Not {answer}: {why}.").format(answer=mine, why=why)

    def example_answer(self) -> int:
        return self.truth()


@dataclass(frozen=True)
class ResultKindQuestion(_ScoringQuestion):
    """The game is over: single, gammon or backgammon?"""

    kind: ClassVar[str] = "result-kind"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"SINGLE", "GAMMON", "BACKGAMMON"})
    answer_hint: ClassVar[str] = N_('"single", "gammon" or "backgammon"')
    answer_example: ClassVar[str] = '"gammon"'
    form: ClassVar[str] = "choice"

    def prompt(self) -> str:
        return _("The game is over: {winner} has borne off all 15 checkers. Is it a single game, a gammon or a "
                 "backgammon?").format(winner=self.position.winner)

    def answer_choices(self) -> list[tuple[str, Any]]:
        return [(_("single"), "single"), (_("gammon"), "gammon"), (_("backgammon"), "backgammon")]

    def rules(self) -> tuple[str, ...]:
        return tuple(sorted(_result_topics(self.position)))

    def judge(self, answer: Any) -> tuple[bool, str]:
        text = str(answer) if isinstance(answer, (str, int)) and not isinstance(answer, bool) else None
        said = next((kind for kind, key in enumerate(("single", "gammon", "backgammon"), 1) if is_word(text, key)), None)
        if said is None:
            raise AnswerFormatError(_('answer "single", "gammon" or "backgammon", not {answer}.').format(
                answer=show_answer(answer)))
        result = game_result(self.position)
        assert result is not None
        right = said == int(result.kind)
        if right:
            return True, _("Right: it is a {kind}: {reason}.").format(kind=result.kind.word, reason=result.reason)
        return False, _("No.") + " " + _(TOPIC_HINT)

    def example_answer(self) -> str:
        result = game_result(self.position)
        assert result is not None
        return result.kind.word


TOPIC_HINT = N_("Look at the loser: has it borne off a checker? Has it a checker on the bar or in the "
              "winner's home board?")


@dataclass(frozen=True)
class MayDouble(_ScoringQuestion):
    """May this player double now?"""

    kind: ClassVar[str] = "may-double"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"MAY_DOUBLE", "CUBE_OWNERSHIP", "DOUBLE_BEFORE_ROLLING",
                                                        "CRAWFORD"})
    answer_hint: ClassVar[str] = N_("`True` or `False`")
    answer_example: ClassVar[str] = "False"
    form: ClassVar[str] = "choice"
    player: Player = Player.WHITE
    crawford: bool = False
    rolled: bool = False

    def setting(self) -> str:
        text = super().setting()
        if self.crawford:
            text += " " + _("(this is the Crawford game)")
        return text

    def _xgid_fields(self) -> dict[str, Any]:
        return {**super()._xgid_fields(), "crawford": self.crawford and bool(self.match_length)}

    def answer_choices(self) -> list[tuple[str, Any]]:
        return [(_("Yes"), True), (_("No"), False)]

    def prompt(self) -> str:
        text = (_("{setting}; {cube}. It is {player}'s turn and {player} has already rolled the dice. May {player} "
                  "double now? Answer `True` or `False`.") if self.rolled else
                _("{setting}; {cube}. It is {player}'s turn and {player} is about to roll, at the start of the turn. "
                  "May {player} double now? Answer `True` or `False`."))
        return text.format(setting=self.setting(), cube=_cube_words(self.cube, self.cube_owner), player=self.player)

    def _context(self) -> dict[str, Any]:
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
            why = (_("{player} may double: either side may double while the cube is centred.") if self.cube_owner is None
                   else _("{player} may double: {player} owns the cube, so {player} may redouble.")).format(
                       player=self.player)
            return ((True, _("Right: {why}").format(why=why)) if mine else
                    (False, _("Not so: check who owns the cube and when a double may be offered.")))
        return ((True, _("Right: {why}").format(why=reason)) if not mine
                else (False, _("No: {why}").format(why=reason)))

    def example_answer(self) -> bool:
        return self.truth() is None


def _parse_layout(text: str) -> dict[int, int]:
    """``"24:2 13:5"`` / ``"24=2, 13=5"`` / ``"{24: 2, 13: 5}"`` as a dict (the widget's typed form)."""
    body = text.strip().strip("{}")
    out: dict[int, int] = {}
    for part in re.split(r"[,;\s]+(?=\d+\s*[:=])", body):
        part = part.strip().rstrip(",;")
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*[:=]\s*(\d+)", part)
        if not m:
            raise AnswerFormatError(_("write point:count pairs such as \"3:1 10:2\", not {part}.").format(part=repr(part)))
        out[int(m.group(1))] = out.get(int(m.group(1)), 0) + int(m.group(2))
    return out


@dataclass(frozen=True)
class SetUpStart(PositionQuestion):
    """Set up one side's starting checkers as ``{point: count}``."""

    kind: ClassVar[str] = "set-up"
    placeholder: ClassVar[str] = N_("point:count pairs, e.g. 3:1 10:2")
    answer_hint: ClassVar[str] = N_("a dict `{point: count}` (or text such as `\"3:1 10:2\"`)")
    answer_example: ClassVar[str] = "{3: 1, 10: 2}"
    form: ClassVar[str] = "text"
    side: Player = Player.WHITE
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        text = (_("Set up the **starting position** of {side}'s checkers: write a dict {form} with the points in "
                  "**its own numbering** (the diagram shows the board numbered from {numbering}'s side, with "
                  "{side}'s checkers not yet placed).") if self.numbering == self.side else
                _("Set up the **starting position** of {side}'s checkers: write a dict {form} with the points in "
                  "**{numbering}'s numbering** (the diagram shows the board numbered from {numbering}'s side, with "
                  "{side}'s checkers not yet placed)."))
        return text.format(side=self.side, numbering=self.numbering, form="`{point: count}`")

    def diagram(self) -> Diagram:
        from ..svg import Diagram, render

        svg = render(self.position, perspective=self.numbering, caption=_("Where do the checkers start?"))
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
            raise AnswerFormatError(_("write a dict such as {example}, not {answer}.").format(
                example="{3: 1, 10: 2}", answer=show_answer(answer)))
        mine: dict[int, int] = {}
        for k, v in list(answer.items())[:30]:
            p = as_int(k)
            if not 1 <= p <= 24:
                raise AnswerFormatError(_("there is no point {n}; points are 1-24.").format(n=p))
            mine[p] = mine.get(p, 0) + as_int(v)
        mine = {p: n for p, n in mine.items() if n}
        want = self.expected()
        if mine == want:
            return True, _("Right: {side} starts with {layout}.").format(side=self.side, layout=_layout(want))
        total = sum(mine.values())
        parts = []
        if total != 15:
            parts.append(ngettext("You placed {n} checker; each side has 15.", "You placed {n} checkers; each side has 15.",
                                  total).format(n=total))
        wrong = sum(1 for p in set(mine) | set(want) if mine.get(p, 0) != want.get(p, 0))
        parts.append(ngettext("{n} point is not as at the start.", "{n} points are not as at the start.", wrong).format(
            n=wrong) + " " + _("Remember whose numbering the diagram uses."))
        return False, " ".join(parts)

    def example_answer(self) -> dict[int, int]:
        return self.expected()


_TRAY = re.compile(r'(<g\b[^>]*\bdata-off="(white|red)"[^>]*>)(.*?)(</g>)', re.S)


def _empty_tray(svg: str, side: Player) -> str:
    """``svg`` with ``side``'s tray drawn empty: its checkers are not yet placed, not borne off."""
    name = "white" if side is Player.WHITE else "red"

    def fix(m: re.Match[str]) -> str:
        if m.group(2) != name:
            return m.group(0)
        label = html.escape(_("{side}'s tray: empty (checkers not yet placed)").format(side=side), quote=False).replace('"', "&quot;")
        head = re.sub(r'aria-label="[^"]*"', lambda _m: f'aria-label="{label}"', m.group(1))
        head = re.sub(r'data-count="\d+"', 'data-count="0"', head)
        body = re.sub(r'<rect\b[^>]*bg-off-checker[^>]*/>', "", m.group(3))
        body = re.sub(r'<text\b[^>]*bg-off-count[^>]*>.*?</text>', "", body, flags=re.S)
        return head + body + m.group(4)

    return _TRAY.sub(fix, svg)


def _layout(d: dict[int, int]) -> str:
    return ", ".join(_("{n} on the {point}").format(n=n, point=p) for p, n in sorted(d.items(), reverse=True))


@dataclass(frozen=True)
class PointOwner(PositionQuestion):
    """Who holds a point, and with how many checkers?"""

    kind: ClassVar[str] = "point-owner"
    placeholder: ClassVar[str] = N_("a colour and a count, e.g. Red 5 (or: empty)")
    answer_hint: ClassVar[str] = N_('a colour and a count, such as `("Red", 5)`, or `"empty"`')
    answer_example: ClassVar[str] = '("Red", 5)'
    form: ClassVar[str] = "text"
    point: int = 1
    numbering: Player = Player.WHITE

    def prompt(self) -> str:
        return _("In the position shown, whose checkers stand on **{numbering}'s {point}-point**, and how many? "
                 "Answer like {example}, or {empty} if nobody is there.").format(
                     numbering=self.numbering, point=self.point, example='`("Red", 5)`', empty='`"empty"`')

    def diagram_options(self) -> dict[str, Any]:
        return {"perspective": self.numbering}

    def rules(self) -> tuple[str, ...]:
        return ("NUMBERING",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        owner, n = self.position.owner(self.point, self.numbering)
        truth = (_("it is empty") if owner is None else
                 ngettext("{owner} has {n} checker there", "{owner} has {n} checkers there", n).format(owner=owner, n=n))
        if is_word(answer, "empty"):
            right = owner is None
        else:
            if isinstance(answer, str):
                parts = answer.replace(",", " ").split()
            elif isinstance(answer, (tuple, list)):
                parts = list(answer)
            else:
                raise AnswerFormatError(_('answer like ("Red", 5) or "empty", not {answer}.').format(
                    answer=show_answer(answer)))
            if len(parts) != 2:
                raise AnswerFormatError(_('answer a colour and a count, like ("Red", 5), not {answer}.').format(
                    answer=show_answer(answer)))
            a, b = parts
            try:
                colour, count = as_player(a), as_int(b)
            except AnswerFormatError:
                colour, count = as_player(b), as_int(a)
            right = owner == colour and n == count
        if right:
            return True, _("Right: {truth}.").format(truth=truth)
        return False, _("No. Count from {numbering}'s 1-point, in {numbering}'s home board, to find the "
                        "{point}-point.").format(numbering=self.numbering, point=self.point)

    def example_answer(self) -> Any:
        owner, n = self.position.owner(self.point, self.numbering)
        return "empty" if owner is None else (str(owner), n)


@dataclass(frozen=True)
class PipCount(PositionQuestion):
    """How many pips does a side need to bear everything off?"""

    kind: ClassVar[str] = "pip-count"
    answer_hint: ClassVar[str] = N_("a whole number")
    answer_example: ClassVar[str] = "150"
    form: ClassVar[str] = "number"
    player: Player = Player.WHITE

    def prompt(self) -> str:
        return _("What is {player}'s **pip count** here (the total number of pips {player} must move to bear off "
                 "every checker; a checker on the bar counts 25)?").format(player=self.player)

    def diagram_options(self) -> dict[str, Any]:
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
                terms += " + " + _("{n}×25 (bar)").format(n=side[0])
            return True, _("Right: {sum} = {total}.").format(sum=terms, total=truth)
        return False, _("Not {answer}: for each point, multiply {player}'s checkers by the point number in "
                        "{player}'s numbering and add them up.").format(answer=mine, player=self.player)

    def example_answer(self) -> int:
        return self.position.pip_count(self.player)


NEITHER = "neither"
"""The answer to an opening throw with equal dice: nobody starts, both throw again."""


@dataclass(frozen=True)
class OpeningStarter(PositionQuestion):
    """The opening throw: who moves first (or, on equal dice, nobody yet)?"""

    kind: ClassVar[str] = "opening-starter"
    answer_rules: ClassVar[frozenset[str]] = frozenset({"OPENING_THROW", "OPENING_TIE"})
    answer_hint: ClassVar[str] = N_('"White", "Red" or "neither"')
    answer_example: ClassVar[str] = '"Red"'
    form: ClassVar[str] = "choice"
    white_die: int = 1
    red_die: int = 2

    def prompt(self) -> str:
        return _("The opening throw: White throws a **{white}** and Red a **{red}**. Who moves first? Answer "
                 "\"White\", \"Red\", or \"neither\" if nobody may move yet.").format(white=self.white_die, red=self.red_die)

    def answer_choices(self) -> list[tuple[str, Any]]:
        return [(_("White"), "White"), (_("Red"), "Red"), (_("Neither: throw again"), NEITHER)]

    def diagram_options(self) -> dict[str, Any]:
        return {"perspective": Player.WHITE}

    def _xgid_fields(self) -> dict[str, Any]:
        return {}

    def starter(self) -> Player | None:
        """The side that starts, or ``None`` on a tie (asked of :class:`OpeningRoll`)."""
        if self.white_die == self.red_die:
            return None
        return OpeningRoll(self.white_die, self.red_die).starter

    def rules(self) -> tuple[str, ...]:
        return ("OPENING_TIE",) if self.starter() is None else ("OPENING_THROW",)

    def judge(self, answer: Any) -> tuple[bool, str]:
        if is_word(answer, "neither"):
            mine = None
        else:
            mine = as_player(answer)
        starter = self.starter()
        if starter is None:
            why = _("the dice are equal, so both sides throw again.")
        else:
            why = _("{starter} threw the higher die, so {starter} starts by playing {roll}.").format(
                starter=starter, roll=OpeningRoll(self.white_die, self.red_die).roll)
        if mine == starter:
            return True, _("Right: {why}").format(why=why)
        return False, _("No. Compare the two dice: the higher die moves first, and equal dice are thrown again.")

    def example_answer(self) -> str:
        starter = self.starter()
        return NEITHER if starter is None else str(starter)


QUESTION_KINDS = {cls.kind: cls for cls in (
    ListPlays, PickPlay, MakePlay, EntryPoints, MayBearOff, PointsWon, DropPoints, ResultKindQuestion,
    MayDouble, SetUpStart, PointOwner, PipCount, OpeningStarter)}
"""Every question type, by its ``kind``."""
