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
from typing import Any, Sequence

from ..errors import BglearnError
from .feedback import Feedback
from .generators import EXERCISES, generate
from .questions import MISSING, Question, question_from_spec

__all__ = ["Exercise", "load_exercise", "open_handout", "Summary", "DEFAULT_SEED", "MODES", "current", "check",
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
        return sum(f.points for f in self.feedback)

    @property
    def max_points(self) -> float:
        return sum(f.max_points for f in self.feedback)

    @property
    def answered(self) -> int:
        return sum(1 for f in self.feedback if f.answered)

    def __str__(self) -> str:
        lines = [str(f) for f in self.feedback]
        if self.mode == "assessment":
            lines.append(f"Answered: {self.answered} of {len(self.feedback)}")
        else:
            lines.append(f"Total: {self.points:g} / {self.max_points:g}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.answered} answered" if self.mode == "assessment" else f"{self.points:g}"

    def _repr_markdown_(self) -> str:
        if self.mode == "assessment":
            rows = ["| Question | Your answer | |", "|---|---|---|"]
            for f in self.feedback:
                rows.append(f"| {f.number} | `{f.answer or '—'}` | {'📝 recorded' if f.answered else '✏️ not answered'} |")
            rows.append(f"| **Answered** | **{self.answered} of {len(self.feedback)}** | |")
            return "\n".join(rows)
        rows = ["| Question | Points | |", "|---|---|---|"]
        for f in self.feedback:
            mark = "✅" if f.correct else ("❌" if f.answered else "✏️")
            rows.append(f"| {f.number} | {f.points:g}/{f.max_points:g} | {mark} {f.status} |")
        rows.append(f"| **Total** | **{self.points:g}/{self.max_points:g}** | |")
        return "\n".join(rows)


_HIDDEN = frozenset({"example_answer", "expected", "truth", "witness", "explain_truth", "starter", "legal",
                     "verdicts"})


class QuestionView:
    """A question as a handout shows it: the task, the diagram, the rules and the checks, but not the
    engine's own answer (``example_answer`` and the like raise)."""

    def __init__(self, question: Question) -> None:
        object.__setattr__(self, "_q", question)

    def __getattr__(self, name: str) -> Any:
        if name in _HIDDEN:
            raise BglearnError(f"{name}() is not available in a handout: answer the question yourself.")
        return getattr(object.__getattribute__(self, "_q"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise BglearnError("a handout's questions cannot be changed.")

    def __repr__(self) -> str:
        q = object.__getattribute__(self, "_q")
        return f"<question: {q.kind}>"


class Exercise:
    """One student's variant of one exercise. Questions are generated on first use from
    ``(name, seed, student)``, so the same three always give the same questions — or, for a
    handout, given as question descriptions (:func:`open_handout`)."""

    def __init__(self, name: str, seed: int | str = DEFAULT_SEED, student: str = "", mode: str = "practice",
                 *, questions: Sequence[Question] | None = None) -> None:
        if name not in EXERCISES:
            raise BglearnError(f"there is no exercise {name!r}; choose one of {', '.join(EXERCISES)}.")
        if mode not in MODES:
            raise BglearnError(f"mode must be one of {', '.join(MODES)}, not {mode!r}.")
        self.name = name
        self.seed = seed
        self.student = student
        self.mode = mode
        self.handout = questions is not None
        self._questions: tuple[Question, ...] | None = tuple(questions) if questions is not None else None
        self.answers: dict[int, Any] = {}
        """The answers given with the forms, by question number (in this kernel)."""
        self.checked: dict[int, Any] = {}
        """The answers last passed to :meth:`check` (the ``answer_<n>`` values), by question number."""
        self._forms: dict[int, Any] = {}
        self._saved: dict[int, Any] | None = None

    @property
    def spec(self):
        return EXERCISES[self.name]

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def questions(self) -> tuple[Question, ...]:
        if self._questions is None:
            self._questions = tuple(generate(self.name, self.seed, self.student))
        if self.handout:
            return tuple(QuestionView(q) for q in self._questions)  # type: ignore[misc]
        return self._questions

    def _question(self, number: int) -> Question:
        qs = self._questions if self._questions is not None else self.questions
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(qs):
            raise BglearnError(f"there is no question {number!r}; this exercise has questions 1-{len(qs)}.")
        return qs[number - 1]

    def question(self, number: int) -> Question:
        """Question ``number`` (counted from 1)."""
        q = self._question(number)
        return QuestionView(q) if self.handout else q  # type: ignore[return-value]

    @property
    def max_points(self) -> int:
        return sum(q.points for q in self.questions)

    def show(self, number: int):
        """The diagram of question ``number`` (an SVG object that draws itself in a notebook)."""
        return self._question(number).diagram()

    # -- answers --------------------------------------------------------------------------------
    def _verdict(self, number: int, answer: Any) -> Feedback:
        q = self._question(number)
        return q.check(answer, number) if self.mode == "practice" else q.receipt(answer, number)

    def check(self, number: int, answer: Any = MISSING) -> Feedback:
        """Check the answer to question ``number``: ``answer`` (the value of ``answer_<n>``); when it
        is ``None`` (or not given), the answer given with the question's form. In practice mode the
        feedback judges and explains it; in assessment mode it only says whether it is well formed.
        Never raises for a student's answer."""
        q = self._question(number)
        if q.is_blank(answer):
            answer = self.form_answer(number)
        else:
            self.checked[number] = answer
        return self._verdict(number, answer)

    def record(self, number: int, answer: Any) -> Feedback:
        """Keep ``answer`` as the form answer to question ``number`` (if it is well formed) and return
        the feedback for it. A malformed answer is not kept: the previous one stays."""
        q = self._question(number)
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

    def ask(self, number: int):
        """The answer form of question ``number`` (a widget: type a play, pick an option, tick points,
        enter a number). Each answer is kept in the notebook, where the grader reads it."""
        from .form import AnswerForm

        self._question(number)
        form = AnswerForm(self, number)
        self._forms[number] = form
        return form

    def check_all(self, answers: dict[int, Any]) -> Summary:
        """Judge every question with ``answers`` {number: value} (missing: unanswered), whatever the mode."""
        out = tuple(self._question(n).check(answers.get(n, MISSING), n) for n in range(1, len(self.questions) + 1))
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

    def specs(self) -> list[dict]:
        """The description of every question (:meth:`Question.spec`), as a handout carries them."""
        return [self._question(n).spec() for n in range(1, len(self.questions) + 1)]

    def __repr__(self) -> str:
        if self.handout:
            return f"Exercise({self.name!r}, student={self.student!r}, mode={self.mode!r}, handout)"
        return f"Exercise({self.name!r}, seed={self.seed!r}, student={self.student!r}, mode={self.mode!r})"


def load_exercise(name: str, seed: int | str = DEFAULT_SEED, student: str = "", mode: str = "practice") -> Exercise:
    """The exercise ``name`` for ``student`` under the class ``seed`` (what the teacher and the
    grader use; students get :func:`open_handout`)."""
    return Exercise(name, seed, student, mode)


def open_handout(name: str, *, questions: Sequence[dict], mode: str = "practice", student: str = "") -> Exercise:
    """The exercise of a handout: its questions rebuilt from their descriptions (no seed). It becomes
    the :func:`current` exercise, the one the check cells' ``check`` judges."""
    global _CURRENT
    if not isinstance(questions, (list, tuple)) or not questions:
        raise BglearnError("a handout needs its list of question descriptions.")
    built = [question_from_spec(spec) for spec in questions]
    ex = Exercise(name, seed="", student=student, mode=mode, questions=built)
    _CURRENT = ex
    return ex


def current() -> Exercise:
    """The exercise opened by this notebook's setup cell."""
    if _CURRENT is None:
        raise BglearnError("run the notebook's first code cell (the setup cell) before checking answers.")
    return _CURRENT


def check(number: int, answer: Any = MISSING) -> Feedback:
    """Check cells call this: the answer to question ``number`` of the :func:`current` exercise (see
    :meth:`Exercise.check`). Imported afresh in every check cell, so rebinding ``check`` in a
    notebook changes nothing. When the cell run just before failed (a Python answer with a syntax
    error, say), ``answer`` may be a stale value: it is not checked, and the feedback says why."""
    ex = current()
    if _previous_cell_failed():
        q = ex._question(number)
        return Feedback(number, False, 0, q.points,
                        f"The cell run just before this one stopped with an error, so answer_{number} may still "
                        f"hold an old answer: it was not checked. Fix your answer cell (or use the form) and run "
                        f"it, then run this cell again.", answered=False)
    return ex.check(number, answer)


def _previous_cell_failed() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "last_execution_succeeded", True) is False

