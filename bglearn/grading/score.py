"""Step 4 of grading: judge the answers a run handed back, in the grader's own process.

Every value read from a run is decoded and bounded first (:func:`bglearn.grading.codec.decode`), then
judged by the grader's own copy of the student's questions (:mod:`bglearn.grading.manifest`); the run
never sees them. Where the run gave no answer (it stopped early, or its report was not believed),
answers written as plain values in the notebook text, then answers given with the answer widgets, count.

>>> from bglearn.grading.score import StudentResult
>>> StudentResult("ana", "bearing-off").status
'graded'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..exercises import Exercise
from ..exercises.questions import MISSING, Feedback
from ..i18n import _
from . import sandbox
from .codec import decode
from .execute import Run
from .submission import Plan

__all__ = ["StudentResult", "score", "zero", "run_notes"]


@dataclass
class StudentResult:
    """One student's graded submission of one exercise."""

    student: str
    exercise: str
    feedback: list[Feedback] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    status: str = "graded"   # graded | missing | unreadable
    seconds: float = 0.0
    path: str = ""

    @property
    def total(self) -> float:
        return sum(f.points or 0.0 for f in self.feedback)  # points is always set once a Feedback exists

    @property
    def max_total(self) -> float:
        return sum(f.max_points for f in self.feedback)


def _limit_notes(out: sandbox.Outcome | None, limits: sandbox.Limits) -> list[str]:
    """One note per limit of the whole run the submission reached."""
    if out is None:
        return []
    notes = []
    if out.stopped == "processes":
        notes.append(_("The notebook started more than {n} processes and threads together (the limit of one "
                       "submission), so the run was stopped.").format(n=limits.processes))
    elif out.stopped == "memory":
        notes.append(_("The notebook's processes together used more than {mb} MB of memory (the limit of one "
                       "submission), so the run was stopped.").format(mb=limits.memory_bytes >> 20))
    elif out.stopped == "files":
        notes.append(_("The notebook created more than {n} files in its temporary space (the limit of one "
                       "submission), so the run was stopped.").format(n=limits.tmp_files))
    if out.disk_full:
        notes.append(_("The notebook filled its {mb} MB of temporary space (the limit of one submission); writes "
                       "after that failed.").format(mb=limits.tmp_bytes >> 20))
    return notes


def _label(plan: Plan, i: int) -> str:
    text = plan.labels[i] if 0 <= i < len(plan.labels) else f"cell {i}"
    return text[:1].upper() + text[1:]


def run_notes(plan: Plan, run: Run, limits: sandbox.Limits, cell_timeout: float) -> list[str]:
    """What the student should know about how the run went: cells that failed, why it stopped, limits hit."""
    notes = _limit_notes(run.outcome, limits)
    if not run.believed:
        notes.append(_("Something in the notebook wrote lines to the grader's report channel, so the run's report was "
                       "not believed: only the answers written as plain values in the notebook text were scored."))
        return notes
    for i in sorted(run.cells):
        c = run.cells[i]
        if c["status"] == "timeout":
            notes.append(_("{cell} ran past its {seconds} s time limit and was interrupted.").format(
                cell=_label(plan, i), seconds=f"{cell_timeout:g}"))
        elif c["status"] == "error":
            notes.append(_("{cell} raised {error}.").format(cell=_label(plan, i), error=c["error"]))
        elif c["status"] == "skipped":
            notes.append(_("{cell} was not run: {error}.").format(cell=_label(plan, i), error=c["error"]))
    if run.finished:
        return notes
    out = run.outcome
    at = next((i for i in range(len(plan.cells)) if i not in run.cells), None)
    cell = f"{_label(plan, at)[:1].lower()}{_label(plan, at)[1:]}" if at is not None else ""
    names: dict[str, Any] = {"cell": cell, "seconds": f"{cell_timeout:g}", "total": f"{limits.total_seconds:g}",
                             "mb": limits.output_bytes >> 20}
    if out is not None and out.stopped == "idle" and not run.started:
        text = _("The run stopped: the run did not start in time; the cells after it did not run.")
    elif out is not None and out.stopped == "idle":
        text = (_("The run stopped: the run was stopped during {cell}: it ran past its {seconds} s time limit and "
                  "ignored the interrupt; the cells after it did not run.") if cell else
                _("The run stopped: the run was stopped: it ran past its {seconds} s time limit and ignored the "
                  "interrupt; the cells after it did not run."))
    elif out is not None and out.stopped == "time":
        text = (_("The run stopped: the run was stopped during {cell}: the notebook's {total} s time limit was "
                  "reached; the cells after it did not run.") if cell else
                _("The run stopped: the run was stopped: the notebook's {total} s time limit was reached; the "
                  "cells after it did not run."))
    elif out is not None and out.stopped in ("processes", "memory", "files"):
        text = (_("The run stopped: the run was stopped during {cell}: it went over a limit of the whole run (see "
                  "above); the cells after it did not run.") if cell else
                _("The run stopped: the run was stopped: it went over a limit of the whole run (see above); the cells "
                  "after it did not run."))
    elif out is not None and out.stopped == "output":
        text = (_("The run stopped: the run was stopped during {cell}: it wrote more than {mb} MB of output; the "
                  "cells after it did not run.") if cell else
                _("The run stopped: the run was stopped: it wrote more than {mb} MB of output; the cells after it "
                  "did not run."))
    elif not run.started:
        names["detail"] = (out.stderr.strip().splitlines() or [""])[-1][:200] if out is not None else ""
        text = (_("The run stopped: the notebook could not be started ({detail}); the cells after it did not run.")
                if names["detail"] else
                _("The run stopped: the notebook could not be started; the cells after it did not run."))
    else:
        names["code"] = out.returncode if out is not None else None
        text = (_("The run stopped: the notebook's Python process ended early during {cell} (exit status {code}); "
                  "the cells after it did not run.") if cell else
                _("The run stopped: the notebook's Python process ended early (exit status {code}); the cells "
                  "after it did not run."))
    notes.append(text.format(**names))
    return notes


def score(ex: Exercise, plan: Plan, run: Run | None, result: StudentResult, limits: sandbox.Limits,
          cell_timeout: float) -> None:
    """Judge the run's answers (or, where the run gave none, the notebook's plain-value and widget answers)
    with ``ex``'s questions, in this process; add one :class:`Feedback` per question and the notes."""
    notes = result.notes
    stopped_early = run is None or not run.finished
    if run is not None:
        notes += run_notes(plan, run, limits, cell_timeout)
    from_text: list[int] = []
    values: dict[int, Any] = {}
    for n in range(1, len(ex.questions) + 1):
        value: Any = MISSING
        encoded = run.answers.get(f"answer_{n}") if run is not None else None
        if encoded is not None:
            kind, decoded = decode(encoded)
            if kind == "ok":
                value = decoded
            elif kind == "too_large":
                notes.append(_("answer_{n} is far larger than any answer to this question, so it was not "
                               "scored.").format(n=n))
            elif kind == "unsupported":
                notes.append(_("answer_{n} is a {type} object, not a plain Python value (text, a number, "
                               "True/False, a list, a dict), so it could not be scored.").format(n=n, type=decoded))
        elif stopped_early and n in plan.static:
            value = plan.static[n]
            from_text.append(n)
        if (value is MISSING or value is None) and n in plan.saved:
            value = plan.saved[n]
        values[n] = value
    if from_text:
        notes.append(_("Answers the run did not reach were read from the notebook text (only answers written as "
                       "plain values, like answer_3 = \"24/18 13/11\", count): {answers}.").format(
            answers=", ".join(f"answer_{n}" for n in from_text)))
    for n, q in enumerate(ex.questions, start=1):
        try:
            fb = q.check(values[n], n)
        except Exception as exc:  # a bug in a question must not stop the class
            fb = Feedback(number=n, correct=False, points=0, max_points=q.points,
                          message=_("this answer could not be judged ({error}).").format(error=type(exc).__name__))
        result.feedback.append(fb)


def zero(ex: Exercise, result: StudentResult, why: str) -> None:
    """No points for any question of ``ex``, each with ``why``."""
    for n, q in enumerate(ex.questions, start=1):
        result.feedback.append(Feedback(number=n, correct=False, points=0, max_points=q.points, message=why,
                                        answered=False))
