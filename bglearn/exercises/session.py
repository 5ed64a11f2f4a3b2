"""The object an exercise notebook talks to: ``show(n)`` draws question n, ``ask(n)`` shows its
answer form, ``check(n, answer)`` judges an answer, ``summary()`` adds everything up.

Answers are always passed explicitly: the check cell of question 3 runs ``check(3, answer_3)``;
when ``answer_3`` is ``None`` the answer given with the form of question 3 is checked instead.

Two modes (:data:`MODES`):

- ``"practice"``: ``check`` judges the answer at once and explains it with the engine's reasons
  (never quoting the right answer);
- ``"assessment"``: ``check`` only says whether the answer is well formed and records it; the verdicts
  arrive with the grader's feedback file.

A handout (:func:`open_handout`) carries its questions themselves (positions as XGIDs, see
:meth:`Question.spec`), not the seed they were generated from, so nothing in it derives a classmate's
variant; there ``question(n).example_answer()`` is not available.

>>> ex = load_exercise("bearing-off", seed=2026, student="alice")
>>> len(ex.questions) >= 8
True
>>> ex.check(1, None).status
'unanswered'
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from ..errors import BglearnError
from ..i18n import _, ngettext
from .feedback import Feedback
from .generators import EXERCISES, ExerciseSpec, generate
from .questions import MISSING, Question, question_from_spec

if TYPE_CHECKING:  # pragma: no cover
    from ..svg import Diagram
    from .form import QuestionForm

__all__ = ["Exercise", "load_exercise", "open_handout", "from_specs", "Summary", "DEFAULT_SEED", "MODES", "current", "check",
           "QuestionView"]

DEFAULT_SEED = 1
"""The seed of the exercise notebooks shipped in ``exercises/`` (no student id)."""

MODES = ("practice", "assessment")
"""``practice``: instant explained feedback; ``assessment``: ``check`` only confirms the form."""

_MAX_SAVED_FILE = 5_000_000
_CURRENT: "Exercise | None" = None


@dataclass(frozen=True)
class Summary:
    """Every answer's feedback and the total."""

    exercise: str
    feedback: tuple[Feedback, ...]
    mode: str = "practice"

    @property
    def points(self) -> float:
        return sum(f.points or 0.0 for f in self.feedback)  # points is always set once a Feedback exists

    @property
    def max_points(self) -> float:
        return sum(f.max_points for f in self.feedback)

    @property
    def answered(self) -> int:
        return sum(1 for f in self.feedback if f.answered)

    def __str__(self) -> str:
        lines = [str(f) for f in self.feedback]
        if self.mode == "assessment":
            lines.append(_("Answered: {n} of {total}").format(n=self.answered, total=len(self.feedback)))
        else:
            lines.append(_("Total: {points} / {max_points}").format(points=f"{self.points:g}",
                                                                   max_points=f"{self.max_points:g}"))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (_("{n} answered").format(n=self.answered) if self.mode == "assessment" else f"{self.points:g}")

    def _repr_markdown_(self) -> str:
        if self.mode == "assessment":
            rows = [f"| {_('Question')} | {_('Your answer')} | |", "|---|---|---|"]
            for f in self.feedback:
                state = "📝 " + _("recorded") if f.answered else "✏️ " + _("not answered")
                rows.append(f"| {f.number} | `{f.answer or '—'}` | {state} |")
            answered = _("{n} of {total}").format(n=self.answered, total=len(self.feedback))
            rows.append(f"| **{_('Answered')}** | **{answered}** | |")
            return "\n".join(rows)
        rows = [f"| {_('Question')} | {_('Points')} | |", "|---|---|---|"]
        words = {"correct": _("correct"), "wrong": _("wrong"), "unanswered": _("unanswered"), "recorded": _("recorded")}
        for f in self.feedback:
            mark = "✅" if f.correct else ("❌" if f.answered else "✏️")
            rows.append(f"| {f.number} | {f.points:g}/{f.max_points:g} | {mark} {words[f.status]} |")
        rows.append(f"| **{_('Total')}** | **{self.points:g}/{self.max_points:g}** | |")
        return "\n".join(rows)


_HIDDEN = frozenset({"example_answer", "expected", "truth", "witness", "explain_truth", "starter", "legal",
                     "verdicts", "judge", "answer_count", "difficulty", "play_topics", "after_svg", "answers"})


class QuestionView:
    """A question as a handout shows it: the task, the diagram, the rules it names and the checks, but
    not the engine's own answer (``example_answer``, ``judge`` and the like raise); ``rules()`` is the
    handout's list (:meth:`~bglearn.exercises.questions.PositionQuestion.public_rules`, which never tells
    an answer), and in assessment mode ``check`` only confirms the form, as the check cells do."""

    def __init__(self, question: Question, mode: str = "practice") -> None:
        object.__setattr__(self, "_q", question)
        object.__setattr__(self, "_mode", mode)

    def __getattr__(self, name: str) -> Any:
        if name in _HIDDEN:
            raise BglearnError(_("{name}() is not available in a handout: answer the question yourself.").format(
                name=name))
        q = object.__getattribute__(self, "_q")
        if name == "rules":
            return getattr(q, "public_rules", q.rules)
        if name == "check" and object.__getattribute__(self, "_mode") == "assessment":
            return q.receipt
        return getattr(q, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise BglearnError(_("a handout's questions cannot be changed."))

    def __repr__(self) -> str:
        q = object.__getattribute__(self, "_q")
        return f"<question: {q.kind}>"


class Exercise:
    """One student's variant of one exercise. Questions are generated on first use from
    ``(name, seed, student)``, so the same three always give the same questions — or, for a
    handout, given as question descriptions (:func:`open_handout`)."""

    def __init__(self, name: str, seed: int | str = DEFAULT_SEED, student: str = "", mode: str = "practice",
                 *, questions: Sequence[Question] | None = None, handout: bool | None = None) -> None:
        if name not in EXERCISES:
            raise BglearnError(_("there is no exercise {name}; choose one of {names}.").format(
                name=repr(name), names=", ".join(EXERCISES)))
        if mode not in MODES:
            raise BglearnError(_("mode must be one of {modes}, not {mode}.").format(modes=", ".join(MODES), mode=repr(mode)))
        self.name = name
        self.seed = seed
        self.student = student
        self.mode = mode
        self.handout = questions is not None if handout is None else handout
        """True for a student's handout: ``question(n)`` hides the engine's answers."""
        self._questions: tuple[Question, ...] | None = tuple(questions) if questions is not None else None
        self.answers: dict[int, Any] = {}
        """The answers given with the forms, by question number (in this kernel)."""
        self.checked: dict[int, Any] = {}
        """The answers last passed to :meth:`check` (the ``answer_<n>`` values), by question number."""
        self._forms: dict[int, Any] = {}
        self._saved: dict[int, Any] | None = None

    @property
    def spec(self) -> ExerciseSpec:
        return EXERCISES[self.name]

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def questions(self) -> tuple[Question, ...]:
        if self._questions is None:
            self._questions = tuple(generate(self.name, self.seed, self.student))
        if self.handout:
            return tuple(QuestionView(q, self.mode) for q in self._questions)  # type: ignore[misc]
        return self._questions

    def unmasked_question(self, number: int) -> Question:
        """Question ``number`` itself, answers included, even in a handout (whose :meth:`question`
        shows a student only the task): what the notebook writer and the grader work from."""
        qs = self._questions if self._questions is not None else self.questions
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(qs):
            raise BglearnError(_("there is no question {number}; this exercise has questions 1-{last}.").format(
                number=repr(number), last=len(qs)))
        return qs[number - 1]

    def question(self, number: int) -> Question:
        """Question ``number`` (counted from 1)."""
        q = self.unmasked_question(number)
        return QuestionView(q, self.mode) if self.handout else q  # type: ignore[return-value]

    @property
    def max_points(self) -> int:
        return sum(q.points for q in self.questions)

    def show(self, number: int) -> Diagram | None:
        """The diagram of question ``number`` (an SVG object that draws itself in a notebook)."""
        return self.unmasked_question(number).diagram()

    # -- answers --------------------------------------------------------------------------------
    def _verdict(self, number: int, answer: Any) -> Feedback:
        q = self.unmasked_question(number)
        return q.check(answer, number) if self.mode == "practice" else q.receipt(answer, number)

    def check(self, number: int, answer: Any = MISSING) -> Feedback:
        """Check the answer to question ``number``: ``answer`` (the value of ``answer_<n>``); when it
        is ``None`` (or not given), the answer given with the question's form. In practice mode the
        feedback judges and explains it; in assessment mode it only says whether it is well formed.
        Never raises for a student's answer."""
        q = self.unmasked_question(number)
        if q.is_blank(answer):
            answer = self.form_answer(number)
        else:
            self.checked[number] = answer
        return self._verdict(number, answer)

    def record(self, number: int, answer: Any) -> Feedback:
        """Keep ``answer`` as the form answer to question ``number`` (if it is well formed) and return
        the feedback for it. A malformed answer is not kept: the previous one stays."""
        q = self.unmasked_question(number)
        if q.problem(answer) is None:
            self.answers[number] = answer
        return self._verdict(number, answer)

    def form_answer(self, number: int) -> Any:
        """The answer given with the form of question ``number`` in this kernel, else the one saved
        in the notebook file (after a restart), else ``None``."""
        if number in self.answers:
            return self.answers[number]
        return self.saved_in_file().get(number)

    def saved_in_file(self) -> dict[int, Any]:
        """The form answers saved in this notebook's file, when the kernel knows the file (Jupyter
        server sets ``JPY_SESSION_NAME``); ``{}`` otherwise."""
        if self._saved is None:
            self._saved = {}
            name = os.environ.get("JPY_SESSION_NAME", "")
            for path in (Path(name), Path(Path(name).name)) if name.endswith(".ipynb") else ():
                try:
                    if path.is_file() and path.stat().st_size <= _MAX_SAVED_FILE:
                        from .answers import saved_answers

                        self._saved = saved_answers(json.loads(path.read_text(encoding="utf-8")))
                        break
                except (OSError, ValueError):
                    continue
        return self._saved

    def ask(self, number: int) -> QuestionForm:
        """The answer form of question ``number`` (a widget: type a play, pick an option, tick points,
        enter a number). Each answer is kept in the notebook, where the grader reads it."""
        from .form import QuestionForm

        q = self.unmasked_question(number)
        button = _("Check") if self.mode == "practice" else _("Save answer")
        form = QuestionForm(q, lambda value: self.record(number, value), number=number, keep=True, button=button,
                            answer=self.form_answer(number))
        self._forms[number] = form
        return form

    def check_all(self, answers: dict[int, Any]) -> Summary:
        """Judge every question with ``answers`` {number: value} (missing: unanswered), whatever the mode."""
        out = tuple(self.unmasked_question(n).check(answers.get(n, MISSING), n) for n in range(1, len(self.questions) + 1))
        return Summary(self.name, out)

    def summary(self, answers: dict[int, Any] | None = None) -> Summary:
        """Every answer checked — ``answers`` {number: value}, else the answers last passed to
        :meth:`check`, else those given with the forms: the total in practice mode, what was
        recorded in assessment mode."""
        given = dict(answers) if answers is not None else dict(self.checked)
        out = []
        for n in range(1, len(self.questions) + 1):
            value = given.get(n)
            out.append(self.check(n, MISSING if value is None else value))
        return Summary(self.name, tuple(out), self.mode)

    def specs(self) -> list[dict[str, Any]]:
        """The description of every question (:meth:`Question.spec`), as a handout carries them."""
        return [self.unmasked_question(n).spec() for n in range(1, len(self.questions) + 1)]

    def __repr__(self) -> str:
        if self.handout:
            return f"Exercise({self.name!r}, student={self.student!r}, mode={self.mode!r}, handout)"
        return f"Exercise({self.name!r}, seed={self.seed!r}, student={self.student!r}, mode={self.mode!r})"


def load_exercise(name: str, seed: int | str = DEFAULT_SEED, student: str = "", mode: str = "practice") -> Exercise:
    """The exercise ``name`` for ``student`` under the class ``seed`` (what the teacher and the
    grader use; students get :func:`open_handout`)."""
    return Exercise(name, seed, student, mode)


def open_handout(name: str, *, questions: Sequence[dict[str, Any]], mode: str = "practice", student: str = "",
                 lang: str | None = None) -> Exercise:
    """The exercise of a handout: its questions rebuilt from their descriptions (no seed). It becomes
    the :func:`current` exercise, the one the check cells' ``check`` judges. ``lang`` (a handout in
    Spanish, Finnish or Romanian) makes the feedback speak that language."""
    global _CURRENT
    if lang is not None:
        from ..i18n import set_language

        set_language(lang)
    if not isinstance(questions, (list, tuple)) or not questions:
        raise BglearnError(_("a handout needs its list of question descriptions."))
    built = [question_from_spec(spec) for spec in questions]
    ex = Exercise(name, seed="", student=student, mode=mode, questions=built)
    _CURRENT = ex
    return ex


def from_specs(name: str, specs: Sequence[dict[str, Any]], seed: int | str = "", student: str = "",
               mode: str = "practice") -> Exercise:
    """The teacher's (or grader's) view of ``student``'s variant, rebuilt from the question
    descriptions ``bglearn assign`` kept in the private manifest — the same questions
    :func:`load_exercise` would generate from the seed, in a few milliseconds instead of a second."""
    built = [question_from_spec(spec) for spec in specs]
    return Exercise(name, seed, student, mode, questions=built, handout=False)


def current() -> Exercise:
    """The exercise opened by this notebook's setup cell."""
    if _CURRENT is None:
        raise BglearnError(_("run the notebook's first code cell (the setup cell) before checking answers."))
    return _CURRENT


def check(number: int, answer: Any = MISSING) -> Feedback:
    """Check cells call this: the answer to question ``number`` of the :func:`current` exercise (see
    :meth:`Exercise.check`). Imported afresh in every check cell, so rebinding ``check`` in a
    notebook changes nothing. When the cell run just before failed (a Python answer with a syntax
    error, say), ``answer`` may be a stale value: it is not checked, and the feedback says why."""
    ex = current()
    if _previous_cell_failed():
        q = ex.unmasked_question(number)
        return Feedback(number, False, 0, q.points,
                        _("The cell run just before this one stopped with an error, so {name} may still hold an "
                          "old answer: it was not checked. Fix your answer cell (or use the form) and run it, then "
                          "run this cell again.").format(name=f"answer_{number}"), answered=False)
    return ex.check(number, answer)


def _previous_cell_failed() -> bool:
    try:
        from IPython.core.getipython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "last_execution_succeeded", True) is False

