"""The question model: :class:`Question` (every lesson quiz and exercise question) and
:class:`PositionQuestion` (a graded exercise's question, described completely by its :meth:`spec`).

A question reads an answer with its kind's reader (:data:`bglearn.exercises.faces.READERS`, shared
with the student's side, which only reads) and judges what it read with the engine.

>>> from bglearn import Position, WHITE
>>> from bglearn.exercises.questions import PipCount
>>> q = PipCount(Position(), WHITE)                    # a PositionQuestion: a position and a task
>>> q.check(167).correct, q.check(166).correct
(True, False)
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal, TypeAlias

from ...i18n import N_, _
from ...ids import format_xgid
from ...plays import Play
from ...position import Player, Position
from ...verdicts import Reason, Verdict
from ..answers import MISSING, AnswerFormatError, plain_value, show_answer
from ..faces import READERS, SHAPES, XGID_FIELDS, Face, position_spec, problem, receipt, unanswered
from ..feedback import Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ...dice import Roll
    from ...svg import Diagram

__all__ = ["Question", "PositionQuestion", "Judgement", "PLAY_RULES", "no_spoiler", "Level", "LEVELS"]

Level: TypeAlias = Literal["recall", "apply", "transfer"]
LEVELS: tuple[Level, ...] = ("recall", "apply", "transfer")
"""What a question asks of a learner: ``recall`` asks again what the course has just printed (the
starting position, say); ``apply`` uses a taught rule on a new position of the kind the lesson showed;
``transfer`` carries rules into a kind of situation the lesson did not show (a hit on the way, a
beaver followed by a drop, the Crawford game worked out from a match's story). A lesson quiz gets its
level from its cell's tag; an exercise question from its class's :attr:`Question.level`."""

PLAY_RULES = frozenset({Reason.DICE_NOT_FULLY_USED, Reason.LARGER_DIE_REQUIRED, Reason.DOUBLES_UNDERPLAYED,
                        Reason.BAR_FIRST, Reason.BLOCKED, Reason.BEAR_OFF_NOT_ALL_HOME,
                        Reason.BEAR_OFF_HIGHER_POINT, Reason.HEAD_RULE, Reason.CLOSED_POINT, Reason.SIX_BLOCK})
"""The rules of play a play question can test (a tempting play breaks one of them; the last three are
Long Nardy's)."""

Judgement: TypeAlias = "tuple[bool, str] | tuple[bool, str, Play | None]"
"""What :meth:`Question.judge` returns: ``(right?, explanation)``, or with the play a play answer is."""


def no_spoiler(v: Verdict) -> str:
    """The engine's message about a wrong play, without the legal play it suggests (that would be
    the answer): the rule broken is stated instead."""
    message = v.message
    if v.suggestion is not None and (v.suggestion.notation in message or "for example" in message):
        return _("That breaks a rule: {rule}").format(rule=v.reason.rule)
    return message


def _remembered_rules(rules: Callable[[Any], tuple[str, ...]]) -> Callable[[Any], tuple[str, ...]]:
    """``rules`` computed once per question (kept on the instance; a frozen dataclass too)."""

    @functools.wraps(rules)
    def remembered(self: Any) -> tuple[str, ...]:
        cached: tuple[str, ...] | None = self.__dict__.get("_rules_cache")
        if cached is None:
            cached = rules(self)
            object.__setattr__(self, "_rules_cache", cached)
        return cached

    setattr(remembered, "_remembered", True)
    return remembered


class Question:
    """The one question model of the kit: every lesson quiz (:mod:`bglearn.quiz`) and every exercise
    question is a subclass. A question has a task (:meth:`prompt`), may have a position it is about
    (``position``, drawn by :meth:`diagram`), judges an answer in one way (:meth:`judge`, called by
    :meth:`check`, which returns the one :class:`Feedback` class) and is answered with one form
    (:class:`bglearn.exercises.form.QuestionForm`, whose control is chosen by ``form``). Answers are
    always passed in explicitly.

    Subclasses set ``kind`` and ``form`` and implement :meth:`prompt` and :meth:`judge`; they may
    override :meth:`read`, :meth:`answer_choices`, :meth:`rules`, :meth:`diagram_options`,
    :meth:`after_svg` and :meth:`example_answer`.

    ``form`` names the answer control: ``"play"`` (type a play, or click it on the board —
    :mod:`bglearn.widgets.answer`), ``"plays"`` (one play per line, or add plays clicked on the
    board), ``"choice"`` (click one of :meth:`answer_choices`), ``"points"`` (tick points), ``"number"``,
    ``"text"``."""

    kind: ClassVar[str] = "question"
    level: ClassVar[Level] = "apply"
    """What the question asks of a learner (:data:`LEVELS`); every exercise question kind states its own."""
    answer_hint: ClassVar[str] = N_("a Python value")
    answer_example: ClassVar[str] = "None"
    form: ClassVar[str] = "text"
    placeholder: ClassVar[str] = ""
    """What the text box shows before anything is typed ("" for the form's default)."""

    position: Position | None = None
    points: int = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each kind's :meth:`rules` is asked of the engine once per question: a question never changes,
        and the grader, the handout and the class report all ask for its rules."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("rules")
        if own is not None and not getattr(own, "_remembered", False):
            setattr(cls, "rules", _remembered_rules(own))

    # -- to override --------------------------------------------------------------------------
    def prompt(self) -> str:
        """The task, in Markdown."""
        raise NotImplementedError

    def judge(self, answer: Any) -> Judgement:
        """``(right?, explanation)`` — or ``(right?, explanation, play)`` when the answer is a legal
        play — for a non-blank answer; may raise :class:`AnswerFormatError` when it cannot be read.
        A graded exercise's explanation of a wrong answer names the rule, never the right answer."""
        raise NotImplementedError

    def read(self, answer: Any) -> Any:
        """``answer`` read into the shape the question expects, without judging it;
        :class:`AnswerFormatError` when it cannot be read. A lesson quiz reads by judging."""
        return self.judge(answer)

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
        from ...dice import Roll

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
        from ...svg import render

        return render(self.position, **self.diagram_options())

    @staticmethod
    def is_blank(answer: Any) -> bool:
        """True for no answer at all (never assigned, ``None`` or ``...``)."""
        return answer is MISSING or answer is None or answer is Ellipsis

    def check(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Judge ``answer`` (question ``number`` of an exercise; 0 for a lesson quiz): the
        :class:`Feedback`. Never raises for anything a student can write."""
        if self.is_blank(answer):
            return unanswered(self, answer, number)
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
        return problem(self, answer)

    def receipt(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Assessment mode: whether ``answer`` is well formed, and nothing about whether it is right
        (``recorded`` feedback, 0 points; the grade comes with the grader's feedback file)."""
        return receipt(self, answer, number)


@dataclass(frozen=True)
class PositionQuestion(Question):
    """A graded exercise's question: a generated ``position`` and parameters, described completely by
    :meth:`spec` (``kind``, ``rules``, ``xgid``, ``points``, ``params``) and rebuilt from it by
    :func:`question_from_spec` — what a handout's setup cell and the grader's manifest carry. Its
    answer shape (``form``, ``answer_hint``, ...) is its kind's :data:`~bglearn.exercises.faces.SHAPES`
    entry; what it shows and how it reads an answer are its :meth:`face`'s."""

    position: Position
    points: int = field(default=1, kw_only=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        shape = SHAPES.get(cls.__dict__.get("kind", ""))
        if shape is not None:
            cls.form, cls.answer_hint, cls.answer_example, cls.placeholder = (
                shape.form, shape.answer_hint, shape.answer_example, shape.placeholder)

    #: Rule codes that tell answers apart for this kind (``MAY_DOUBLE`` means "yes, double"; a
    #: ``NO_LEGAL_PLAY`` play question's answer is "no play"): a handout names all of them or none.
    answer_rules: ClassVar[frozenset[str]] = frozenset()

    # -- what the student's side sees -----------------------------------------------------------
    def face(self) -> Face:
        """The question as a handout's student holds it: position, kind, parameters, answer form."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in ("position", "points")}
        return Face(self.kind, self.position, self.points, fields)

    def read(self, answer: Any) -> Any:
        return READERS[self.kind](answer, self.face())

    def diagram_options(self) -> dict[str, Any]:
        return self.face().diagram_options()

    def answer_choices(self) -> list[tuple[str, Any]]:
        return self.face().answer_choices()

    def diagram(self) -> Diagram:
        return self.face().diagram()

    # -- machine-readable description ---------------------------------------------------------
    def xgid(self) -> str:
        """The question's position, side on roll, dice, cube and score as an XGID."""
        return format_xgid(self.position, **self._xgid_fields())

    def _xgid_fields(self) -> dict[str, Any]:
        return {}

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
            if f.name in XGID_FIELDS:
                continue
            params[f.name] = plain_value(getattr(self, f.name))
        if type(self.position) is Position:  # an XGID names no game: another game's position is written out
            out = {"kind": self.kind, "rules": list(self.public_rules()), "xgid": self.xgid(), "points": self.points}
        else:  # Long Nardy has no XGID: the position is written out (read back by read_spec)
            out = {"kind": self.kind, "rules": list(self.public_rules()),
                   "position": position_spec(self.position, tuple(self._xgid_fields().get("dice", ()))),
                   "points": self.points}
        if params:
            out["params"] = params
        return out

    @property
    def mover(self) -> Player:
        return self.position.turn
