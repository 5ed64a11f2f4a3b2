"""The class grader: every submission in a sandbox of its own, in parallel, scored by the engine.

Its steps, one module each:

1. :mod:`~bglearn.grading.manifest` — read the teacher's manifest (only from the assignment folder,
   never from among the submissions) and rebuild every student's questions before any student code runs.
2. :mod:`~bglearn.grading.collect` — find each roster student's notebook (regular files inside the
   student's own folder only, within depth, count and size limits) and read it;
   :mod:`~bglearn.grading.submission` analyses it (the read-only cells are replaced by the grader's own
   copies; answers written as plain values and answers given with widgets are read).
3. :mod:`~bglearn.grading.execute` — run it in its own sandbox (:mod:`~bglearn.grading.sandbox`:
   bubblewrap, no network, no view of anything else, limits per process and for the run as a whole),
   at most ``jobs`` at a time; the run hands back only its answer values
   (:mod:`~bglearn.grading.codec`), and a report that is not exactly the runner's is not believed.
4. :mod:`~bglearn.grading.score` — judge the answers in the grader's own (worker) process with the
   rebuilt questions. Steps 1-4 run one student at a time in ``jobs`` worker processes of the grader.
5. :mod:`~bglearn.grading.write` — when every run has ended, write one feedback file per student and
   the grade sheet (CSV), every student's text made safe for each format
   (:mod:`~bglearn.grading.untrusted`), never replacing earlier results without ``force``.

One student's submission can change only that student's row and feedback file: everything is produced
per student, a failure while grading one student is recorded for that student alone, and the grade
sheet has a row for every roster student and question or is not written at all.

>>> from bglearn.grading.grader import decode
>>> from bglearn.grading.runner import encode
>>> decode(encode((1, [2, "x"])))       # what a submission's answer was, read back without trusting it
('ok', (1, [2, 'x']))
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BglearnError
from ..exercises import Exercise
from ..i18n import _, using_language
from . import sandbox
from .codec import decode
from .collect import Collection, find_submissions, read_submission
from .execute import GRACE_SECONDS, SETUP_SECONDS, Run, execute
from .manifest import Task, load_manifest, questions_for, specs_for
from .score import StudentResult, score, zero
from .submission import Plan, analyse
from .write import (CSV_COLUMNS, IncompleteGradesError, check_outputs, failed_feedback, feedback_text,
                    student_rows, write_results)

__all__ = ["grade", "GradeReport", "StudentResult", "find_submissions", "CSV_COLUMNS", "decode", "NoSandboxError",
           "IncompleteGradesError", "Collection"]

_Task = Task                 # the names the grader's steps had when they lived in this module
_exercise = questions_for


class NoSandboxError(BglearnError):
    """No sandbox can be made here and the caller did not allow grading without one."""


@dataclass
class GradeReport:
    """What a grading run did: every result (one per roster student and exercise), where it wrote, the
    warnings for the teacher, and where earlier results were kept (``--force``)."""

    results: list[StudentResult]
    csv_path: Path
    feedback_dir: Path
    seconds: float
    warnings: list[str] = field(default_factory=list)
    sandboxed: bool = True
    kept: list[Path] = field(default_factory=list)

    def by_student(self) -> dict[tuple[str, str], StudentResult]:
        return {(r.student, r.exercise): r for r in self.results}


@dataclass
class _Graded:
    """One student's graded exercise, ready to write: the result, its rows and its feedback text."""

    result: StudentResult
    rows: list[list[str]]
    text: str
    questions: int


def _finish(r: StudentResult, ex: Exercise) -> _Graded:
    try:
        text = feedback_text(r, ex)
    except Exception as exc:  # a bug must not cost this student a feedback file, nor anyone else theirs
        text = failed_feedback(r, exc)
    return _Graded(r, student_rows(r), text, len(ex.questions))


def _grade_one(task: Task) -> _Graded:
    """Grade one student's submission of one exercise: rebuild the questions (before any student code
    runs), read and analyse the file, run it in its sandbox, score it. Writes nothing."""
    ex = questions_for(task)
    r = StudentResult(task.student, task.exercise, notes=list(task.notes))
    if task.path is None:
        r.status = "unreadable" if task.notes else "missing"
        r.notes.append(_("No submission was found."))
        zero(ex, r, _("no submission"))
        return _finish(r, ex)
    r.path = task.path
    raw = read_submission(Path(task.path), r.notes)
    plan = analyse(raw, ex) if raw is not None else Plan(False)
    del raw
    r.notes += plan.notes
    if not plan.readable:
        r.status = "unreadable"
        zero(ex, r, _("the submission could not be read"))
        return _finish(r, ex)
    assert task.limits is not None
    t = time.monotonic()
    try:
        run = execute(plan, len(ex.questions), task.limits, task.cell_timeout, task.sandboxed, Path(task.scratch))
    except OSError as exc:
        run = Run(outcome=sandbox.Outcome(stderr=f"the run could not be started: {exc}"))
    r.seconds = time.monotonic() - t
    score(ex, plan, run, r, task.limits, task.cell_timeout)
    return _finish(r, ex)


def _failed(task: Task, exc: BaseException) -> _Graded:
    r = StudentResult(task.student, task.exercise, status="unreadable", path=task.path or "")
    r.notes.append(_("The grader could not grade this submission ({error}: {message}); grade it by hand.").format(
        error=type(exc).__name__, message=exc))
    ex = questions_for(task)
    zero(ex, r, _("not graded"))
    return _finish(r, ex)


def _grade_all(tasks: list[Task], jobs: int) -> dict[tuple[str, str], _Graded]:
    """Every task graded, ``jobs`` at a time in worker processes (a task whose worker fails is retried
    once in a fresh pool, then recorded as not graded: everybody still gets a row)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    done: dict[tuple[str, str], _Graded] = {}
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            try:
                done[(task.student, task.exercise)] = _grade_one(task)
            except Exception as exc:  # a bug must not cost the class its grade sheet
                _record_failure(done, task, exc)
        return done
    todo = list(tasks)
    failed: list[tuple[Task, BaseException]] = []
    for attempt in (1, 2):
        failed = []
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo)),
                                 mp_context=multiprocessing.get_context("fork")) as pool:
            futures = [(task, pool.submit(_grade_one, task)) for task in todo]
            for task, future in futures:
                try:
                    done[(task.student, task.exercise)] = future.result()
                except Exception as exc:
                    failed.append((task, exc))
        todo = [task for task, _ in failed]
        if not todo:
            break
    for task, error in failed:
        _record_failure(done, task, error)
    return done


def _record_failure(done: dict[tuple[str, str], _Graded], task: Task, error: BaseException) -> None:
    """Record ``task`` as not graded (a row per question, "grade it by hand"); if even its questions
    cannot be built, it stays out of ``done`` and the grade sheet is refused as incomplete."""
    try:
        done[(task.student, task.exercise)] = _failed(task, error)
    except Exception:
        pass


def grade(
    submissions: str | Path,
    output: str | Path,
    *,
    assignment: str | Path | None = None,
    feedback_dir: str | Path | None = None,
    cell_timeout: float = 10.0,
    notebook_timeout: float = 60.0,
    jobs: int | None = None,
    sandboxed: bool = True,
    memory_mb: int = 1024,
    language: str | None = None,
    force: bool = False,
) -> GradeReport:
    """Grade every submission in ``submissions`` (``<student>/<exercise>.ipynb``) and write the grade
    sheet ``output`` (CSV: student, question, points, total, ...) and ``feedback_dir/<student>.md``
    (default: a ``feedback`` folder next to the CSV). The manifest is ``assignment``, else
    ``assignment.json`` beside ``submissions`` (never one inside it).

    Each submission runs in its own sandbox with ``memory_mb`` of memory for all its processes,
    ``cell_timeout`` seconds per cell and ``notebook_timeout`` per notebook. Raises
    :class:`NoSandboxError` when no sandbox can be made here, unless ``sandboxed=False`` (then
    submissions run as plain processes of this user: only for submissions you trust). Raises
    BglearnError, before anything runs, when ``submissions`` holds nothing of any roster student or
    earlier results are in the way and ``force`` is not given (with ``force`` they are kept under a
    dated name). Nothing is written until every run has ended; :class:`IncompleteGradesError` if the
    sheet could not be complete (then nothing is written).

    The feedback files are written in ``language`` ("en", "es", "fi", "ro"), else in the language the
    manifest was assigned in (``bglearn assign --lang``), else in the current language."""
    t0 = time.monotonic()
    submissions = Path(submissions)
    if not submissions.is_dir():
        raise BglearnError(f"{submissions} is not a folder of submissions")
    if cell_timeout <= 0 or notebook_timeout <= 0:
        raise BglearnError("time limits must be positive numbers of seconds")
    if memory_mb < 256:
        raise BglearnError(f"--memory-mb {memory_mb}: at least 256 MB are needed to run Python and the engine")
    output = Path(output)
    feedback = Path(feedback_dir) if feedback_dir is not None else output.parent / "feedback"
    for place in (output, feedback):
        if place.resolve().is_relative_to(submissions.resolve()):
            raise BglearnError(_("{output} is inside the folder of submissions; write the grade sheet elsewhere").format(
                output=place))
    check_outputs(output, feedback, force)
    manifest, warnings = load_manifest(submissions, assignment)
    found = find_submissions(submissions, manifest)
    if sandboxed:
        problem = sandbox.sandbox_problem()
        if problem is not None:
            raise NoSandboxError(f"cannot grade safely: {problem}. Submissions run student code; to grade "
                                 "anyway without a sandbox (only for submissions you trust) use --no-sandbox")
    with using_language(language or manifest.language or None):
        limits = sandbox.Limits(idle_seconds=cell_timeout + GRACE_SECONDS,
                                total_seconds=notebook_timeout + GRACE_SECONDS, memory_bytes=memory_mb << 20,
                                warmup_seconds=max(cell_timeout, min(SETUP_SECONDS, notebook_timeout)) + GRACE_SECONDS)
        tmp = Path(tempfile.mkdtemp(prefix="bglearn-grade-"))
        tasks = [Task(s, e, manifest.seed(e), manifest.exercises[e].get("mode", "practice"),
                      str(found.files[(s, e)]) if (s, e) in found.files else None, limits, cell_timeout, sandboxed,
                      str(tmp / f"run-{number}"), specs_for(manifest, e, s), tuple(found.notes.get(s, ())))
                 for number, (s, e) in enumerate((s, e) for s in manifest.student_ids() for e in manifest.exercises)]
        try:
            done = _grade_all(tasks, jobs or os.cpu_count() or 1)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        # 5. Write: every roster student's rows and feedback, or nothing.
        rows: dict[str, list[list[str]]] = {}
        texts: dict[str, list[str]] = {}
        expected: dict[str, int] = {}
        for s in manifest.student_ids():
            for e in manifest.exercises:
                g = done.get((s, e))
                expected[s] = expected.get(s, 0) + (g.questions if g is not None else 1)
                if g is not None:
                    rows.setdefault(s, []).extend(g.rows)
                    texts.setdefault(s, []).append(g.text)
        kept = write_results(output, feedback, rows, {s: "\n\n".join(t) + "\n" for s, t in texts.items()}, expected,
                             force)
    warnings += found.warnings
    if not sandboxed:
        warnings.append("graded WITHOUT a sandbox (--no-sandbox): submissions ran as plain processes of this user")
    results = [done[(s, e)].result for s in manifest.student_ids() for e in manifest.exercises if (s, e) in done]
    return GradeReport(results, output, feedback, time.monotonic() - t0, warnings, sandboxed, kept)
