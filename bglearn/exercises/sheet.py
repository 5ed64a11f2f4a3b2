"""The answer sheet of an exercise notebook: what its ``show``/``ask``/``check`` cells and its summary
call, shared by the teacher's :class:`~bglearn.exercises.session.Exercise` and the student's
assessment :class:`~bglearn.exercises.handout.Handout`.

An :class:`AnswerSheet` keeps the answers given with the forms and the ``answer_<n>`` values passed
to :meth:`~AnswerSheet.check`; how an answer is answered back (judged, or only confirmed as well formed)
is the subclass's :meth:`~AnswerSheet.verdict`. :func:`check` — what every check cell imports afresh —
checks against the sheet the notebook's setup cell opened (:func:`current`). Nothing here judges.

>>> from bglearn.exercises.sheet import MODES
>>> MODES
('practice', 'assessment')
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BglearnError
from ..i18n import _
from .answers import MISSING
from .feedback import Feedback

if TYPE_CHECKING:  # pragma: no cover
    from ..svg import Diagram
    from .form import QuestionForm

__all__ = ["MODES", "Summary", "AnswerSheet", "current", "check", "set_current"]

MODES = ("practice", "assessment")
"""``practice``: instant explained feedback; ``assessment``: ``check`` only confirms the form."""

_MAX_SAVED_FILE = 5_000_000
_CURRENT: "AnswerSheet | None" = None


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


class AnswerSheet:
    """The answers to one exercise in one kernel. Subclasses say what the questions are
    (:meth:`item`, :meth:`count`) and how an answer is answered back (:meth:`verdict`)."""

    name: str
    student: str
    mode: str

    def __init__(self, name: str, student: str = "", mode: str = "practice") -> None:
        if mode not in MODES:
            raise BglearnError(_("mode must be one of {modes}, not {mode}.").format(modes=", ".join(MODES), mode=repr(mode)))
        self.name = name
        self.student = student
        self.mode = mode
        self.answers: dict[int, Any] = {}
        """The answers given with the forms, by question number (in this kernel)."""
        self.checked: dict[int, Any] = {}
        """The answers last passed to :meth:`check` (the ``answer_<n>`` values), by question number."""
        self._forms: dict[int, Any] = {}
        self._saved: dict[int, Any] | None = None

    # -- to override --------------------------------------------------------------------------
    def count(self) -> int:
        """How many questions there are."""
        raise NotImplementedError

    def _item(self, number: int) -> Any:
        """Question ``number`` (already checked to exist), as this sheet holds it."""
        raise NotImplementedError

    def verdict(self, number: int, answer: Any) -> Feedback:
        """The feedback for a non-blank ``answer`` to question ``number``."""
        raise NotImplementedError

    # -- shared -------------------------------------------------------------------------------
    def item(self, number: int) -> Any:
        """Question ``number`` (counted from 1); a clear error for a number out of range."""
        last = self.count()
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= last:
            raise BglearnError(_("there is no question {number}; this exercise has questions 1-{last}.").format(
                number=repr(number), last=last))
        return self._item(number)

    @property
    def max_points(self) -> int:
        return sum(self.item(n).points for n in range(1, self.count() + 1))

    def show(self, number: int) -> Diagram | None:
        """The diagram of question ``number`` (an SVG object that draws itself in a notebook)."""
        diagram: Diagram | None = self.item(number).diagram()
        return diagram

    def check(self, number: int, answer: Any = MISSING) -> Feedback:
        """Check the answer to question ``number``: ``answer`` (the value of ``answer_<n>``); when it
        is ``None`` (or not given), the answer given with the question's form. In practice mode the
        feedback judges and explains it; in assessment mode it only says whether it is well formed.
        Never raises for a student's answer."""
        q = self.item(number)
        if q.is_blank(answer):
            answer = self.form_answer(number)
        else:
            self.checked[number] = answer
        if q.is_blank(answer):
            fb: Feedback = q.receipt(answer, number)  # "not answered yet", in either mode
            return fb
        return self.verdict(number, answer)

    def record(self, number: int, answer: Any) -> Feedback:
        """Keep ``answer`` as the form answer to question ``number`` (if it is well formed) and return
        the feedback for it. A malformed answer is not kept: the previous one stays."""
        q = self.item(number)
        if q.problem(answer) is None:
            self.answers[number] = answer
        if q.is_blank(answer):
            fb: Feedback = q.receipt(answer, number)
            return fb
        return self.verdict(number, answer)

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

        q = self.item(number)
        button = _("Check") if self.mode == "practice" else _("Save answer")
        form = QuestionForm(q, lambda value: self.record(number, value), number=number, keep=True, button=button,
                            answer=self.form_answer(number))
        self._forms[number] = form
        return form

    def summary(self, answers: dict[int, Any] | None = None) -> Summary:
        """Every answer checked — ``answers`` {number: value}, else the answers last passed to
        :meth:`check`, else those given with the forms: the total in practice mode, what was
        recorded in assessment mode."""
        given = dict(answers) if answers is not None else dict(self.checked)
        out = []
        for n in range(1, self.count() + 1):
            value = given.get(n)
            out.append(self.check(n, MISSING if value is None else value))
        return Summary(self.name, tuple(out), self.mode)


def set_current(sheet: AnswerSheet) -> None:
    """Make ``sheet`` the one the check cells' :func:`check` answers to (a handout's setup cell does)."""
    global _CURRENT
    _CURRENT = sheet


def current() -> AnswerSheet:
    """The exercise opened by this notebook's setup cell."""
    if _CURRENT is None:
        raise BglearnError(_("run the notebook's first code cell (the setup cell) before checking answers."))
    return _CURRENT


def check(number: int, answer: Any = MISSING) -> Feedback:
    """Check cells call this: the answer to question ``number`` of the :func:`current` exercise (see
    :meth:`AnswerSheet.check`). Imported afresh in every check cell, so rebinding ``check`` in a
    notebook changes nothing. When the cell run just before failed (a Python answer with a syntax
    error, say), ``answer`` may be a stale value: it is not checked, and the feedback says why."""
    ex = current()
    if _previous_cell_failed():
        q = ex.item(number)
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

