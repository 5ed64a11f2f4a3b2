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
   a fresh process for every submission; the run hands back only its answer values
   (:mod:`~bglearn.grading.codec`), and a report that is not exactly the runner's is not believed.
4. :mod:`~bglearn.grading.score` — judge the answers in the grader's own (worker) process with the
   rebuilt questions. Steps 2-4 run one student at a time on Dask workers
   (:mod:`~bglearn.grading.distribute`: a local cluster of ``jobs`` processes, or an existing cluster):
   the grader's process reads each submission (within the collector's limits) and sends its bytes;
   only the bounded result, rows and feedback text come back, and the grader's process alone writes:
   each grade in the journal (:mod:`~bglearn.grading.gradebook`) as it comes, so ``--resume`` after an
   interruption grades nobody twice whose submission is unchanged.
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

import contextlib
import hashlib
import json
import shutil
import signal
import socket
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterator

from ..errors import BglearnError
from ..exercises import Exercise
from ..exercises.feedback import Feedback
from ..i18n import _, using_language
from . import sandbox
from .codec import decode
from .class_report import class_mastery, write_class_report
from .collect import Collection, find_submissions, read_submission
from .distribute import BATCH, choose_jobs, spread
from .execute import GRACE_SECONDS, SETUP_SECONDS, Run, execute
from .gradebook import Entry, Gradebook, rule_results
from .lms import open_submissions, with_roster_ids
from .lms_export import ExportRequest
from .manifest import Task, load_manifest, manifest_path, questions_for, specs_for
from .progress import Progress
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
    written: list[Path] = field(default_factory=list)   # the class report (class_report.py), an LMS export

    def by_student(self) -> dict[tuple[str, str], StudentResult]:
        return {(r.student, r.exercise): r for r in self.results}


@dataclass
class _Graded:
    """One student's graded exercise, ready to write: the result, its rows and its feedback text, and
    the points per rule code (for the gradebook)."""

    result: StudentResult
    rows: list[list[str]]
    text: str
    questions: int
    rules: tuple[tuple[str, float, float], ...] = ()
    failed: bool = False   # the grader failed on it ("grade it by hand"): not journalled, so --resume tries again


def _finish(r: StudentResult, ex: Exercise) -> _Graded:
    try:
        text = feedback_text(r, ex)
    except Exception as exc:  # a bug must not cost this student a feedback file, nor anyone else theirs
        text = failed_feedback(r, exc)
    try:
        rules = rule_results(r, ex)
    except Exception:  # the per-rule summary is a report's; a bug in it must not cost the grade
        rules = ()
    return _Graded(r, student_rows(r), text, len(ex.questions), rules)


def _grade_one(task: Task, raw: bytes | None = None, read_notes: tuple[str, ...] = ()) -> _Graded:
    """Grade one student's submission of one exercise: rebuild the questions (before any student code
    runs), analyse the file's bytes ``raw`` (``None``: it could not be read, ``read_notes`` say why), run
    it in its sandbox, score it. Writes nothing."""
    ex = questions_for(task)
    r = StudentResult(task.student, task.exercise, notes=list(task.notes))
    if task.path is None:
        r.status = "unreadable" if task.notes else "missing"
        r.notes.append(_("No submission was found."))
        zero(ex, r, _("no submission"))
        return _finish(r, ex)
    r.path = task.path
    r.notes += read_notes
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
    return replace(_finish(r, ex), failed=True)


@dataclass(frozen=True)
class _Job:
    """What a worker is sent for one task: the task, the submission's bytes as the grader read them
    (``None`` when there are none; ``read_notes`` then say why) and the language of the feedback."""

    task: Task
    raw: bytes | None
    read_notes: tuple[str, ...]
    language: str


def _work(job: _Job) -> _Graded | None:
    """Steps 1-4 for one task, on whichever worker runs it: only plain, bounded data comes back (the
    result, its rows and feedback text). Its sandbox's scratch folder is the worker's own, removed
    afterwards, so running it again elsewhere (a lost worker) gives the same result. ``None`` when
    even the student's questions cannot be built (the grade sheet is then refused as incomplete)."""
    task = job.task
    if task.sandboxed and task.path is not None:
        problem = sandbox.sandbox_problem()
        if problem is not None:  # a worker without bubblewrap grades nobody
            raise NoSandboxError(f"cannot grade safely on the Dask worker {socket.gethostname()}: {problem}")
    scratch = tempfile.mkdtemp(prefix="bglearn-run-")
    try:
        with using_language(job.language):
            try:
                return _grade_one(replace(task, scratch=scratch), job.raw, job.read_notes)
            except Exception as exc:  # a bug must not cost the class its grade sheet
                try:
                    return _failed(task, exc)
                except Exception:
                    return None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _job(task: Task, language: str) -> tuple[_Job, str]:
    """The job of ``task`` with the submission's bytes read (here, in the grader's process, within the
    collector's limits), and the digest the journal knows the submission by."""
    if task.path is None:
        return _Job(task, None, (), language), "missing"
    notes: list[str] = []
    raw = read_submission(Path(task.path), notes)
    if raw is None:
        digest = "unreadable-" + hashlib.sha256("\n".join(notes).encode("utf-8", "replace")).hexdigest()
    else:
        digest = hashlib.sha256(raw).hexdigest()
    return _Job(task, raw, tuple(notes), language), digest


def _inputs_digest(task: Task, language: str) -> str:
    """The digest of everything besides the submission that a task's grade depends on: the kit's
    version, the student's questions (seed, mode, kept descriptions), the limits, the language and what
    collecting found. A journalled grade is reused (``--resume``) only when this and the submission's
    digest are both unchanged."""
    from .. import __version__

    inputs = {"kit": __version__, "exercise": task.exercise, "seed": task.seed, "mode": task.mode,
              "specs": task.specs, "path": Path(task.path).name if task.path else None,
              "limits": asdict(task.limits) if task.limits else None, "cell": task.cell_timeout,
              "sandboxed": task.sandboxed, "notes": task.notes, "language": language}
    return hashlib.sha256(json.dumps(inputs, sort_keys=True, default=repr).encode()).hexdigest()


def _entry(assignment: str, digest: str, inputs: str, g: _Graded) -> Entry:
    r = g.result
    return Entry(assignment, r.student, r.exercise, digest, inputs, r.status, r.total, r.max_total,
                 tuple(tuple(row) for row in g.rows), g.text, g.questions, g.rules)


def _from_entry(entry: Entry, task: Task) -> _Graded:
    """A journalled grade as the grader had it: its rows and feedback text exactly as written, and a
    result rebuilt from the rows (points and status per question, the notes). Raises ValueError when
    the rows are not the grader's own."""
    feedback: list[Feedback] = []
    for row in entry.rows:
        if len(row) != len(CSV_COLUMNS):
            raise ValueError("a journalled row is not a grade-sheet row")
        number, points, max_points, status = int(row[1]), float(row[2]), float(row[5]), row[7]
        feedback.append(Feedback(number=number, correct=status == "correct", points=points, max_points=max_points,
                                 answered=status != "unanswered", recorded=status == "recorded"))
    note = entry.rows[0][8] if entry.rows else ""
    r = StudentResult(entry.student, entry.exercise, feedback, [note] if note else [], entry.status,
                      path=task.path or "")
    return _Graded(r, [list(row) for row in entry.rows], entry.feedback, entry.questions, entry.rules)


def _grade_all(tasks: list[Task], jobs: int | None, *, scheduler: str | None = None, language: str,
               journal: Gradebook | None = None, assignment: str = "", resume: bool = False,
               progress: bool = False, warnings: list[str] | None = None) -> dict[tuple[str, str], _Graded]:
    """Every task graded (:mod:`~bglearn.grading.distribute`: in this process with ``jobs`` 1, else on
    Dask workers), each recorded in ``journal`` as it finishes; with ``resume``, a task whose journalled
    grade has the same submission and inputs is not graded again. A task whose workers were all lost
    is recorded as not graded: everybody still gets a row."""
    done: dict[tuple[str, str], _Graded] = {}
    kept = journal.latest(assignment) if journal is not None and resume else {}
    todo: list[tuple[Task, str]] = []   # each task to grade, and the digest of its inputs
    for task in tasks:
        inputs = _inputs_digest(task, language)
        old = kept.get((task.student, task.exercise))
        if old is not None and old.manifest_digest == inputs and old.digest == _job(task, language)[1]:
            try:
                done[(task.student, task.exercise)] = _from_entry(old, task)
                continue
            except ValueError:
                pass
        todo.append((task, inputs))
    bar = Progress(len(todo), _("grading")) if progress and todo else None
    digests: dict[int, str] = {}

    def jobs_to_send() -> Iterator[_Job]:
        for i, (task, _inputs) in enumerate(todo):
            job, digests[i] = _job(task, language)
            yield job

    def finished(i: int, g: _Graded | None) -> None:
        task, inputs = todo[i]
        key = (task.student, task.exercise)
        if key in done:  # pragma: no cover - a task delivered twice is written once
            return
        if g is None:
            _record_failure(done, task, RuntimeError("its questions could not be built"))
        else:
            done[key] = g
            if journal is not None and not g.failed:
                try:
                    journal.record(_entry(assignment, digests.pop(i, "missing"), inputs, g))
                except BglearnError as exc:
                    if warnings is not None:
                        warnings.append(_("{student} was graded but not journalled: {error}").format(
                            student=task.student, error=exc))
        if bar is not None:
            bar.advance()

    def lost(i: int, error: BaseException) -> None:
        if isinstance(error, BglearnError):   # e.g. a worker without a sandbox: stop, grade nobody there
            raise error
        _record_failure(done, todo[i][0], error)
        if bar is not None:
            bar.advance()

    with _ctrl_c_kept() as interrupted:
        def finished_then_stop(i: int, g: _Graded | None) -> None:
            finished(i, g)
            if interrupted():   # a Ctrl+C that landed where Python could not raise it: stop here
                raise KeyboardInterrupt

        spread(_work, jobs_to_send(), jobs=choose_jobs(jobs, scheduler, len(todo)), scheduler=scheduler,
               on_result=finished_then_stop, on_error=lost, batch=BATCH)
    if bar is not None:
        bar.close()
    return done


@contextlib.contextmanager
def _ctrl_c_kept() -> Iterator[Callable[[], bool]]:
    """While grading: a Ctrl+C (SIGINT) is remembered as well as raised, so that one arriving where
    Python drops the KeyboardInterrupt (e.g. inside the fork of a sandboxed run) still stops the run at
    the next finished submission. Yields a function saying whether one came."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    came: list[bool] = []

    def on_sigint(signum: int, frame: Any) -> None:
        came.append(True)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield lambda: bool(came)
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.default_int_handler)


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
    scheduler: str | None = None,
    gradebook: str | Path | None = None,
    journal: bool = True,
    resume: bool = False,
    assignment_name: str | None = None,
    progress: bool = False,
    lms: str | None = None,
    export: ExportRequest | None = None,
    roster: str | Path | None = None,
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
    manifest was assigned in (``bglearn assign --lang``), else in the current language.

    The submissions are graded on ``jobs`` Dask workers of a local cluster (default: one per core, and
    a class of fewer than 32 submissions per core in this process; ``jobs=1``: in this process), or on
    the existing Dask cluster at ``scheduler``
    (``tcp://HOST:PORT``). Unless ``journal`` is False, each finished grade is recorded as it comes in
    the gradebook ``gradebook`` (default: ``gradebook.sqlite`` beside the grade sheet) under
    ``assignment_name`` (default: the assignment folder's name); with ``resume``, a student whose
    journalled grade was made from the same submission and the same inputs is not graded again (its
    journalled rows and feedback are used, so the output is the same). ``progress``: show a progress
    bar on standard error.

    ``submissions`` may also be a Canvas or Moodle download of the submissions (a zip; ``lms``: "canvas" or
    "moodle", else recognised; :mod:`bglearn.grading.lms`). Beside the grade sheet, the class report
    (:mod:`bglearn.grading.class_report`) is written, and with ``export`` a Canvas or Moodle grade-import
    file (:mod:`bglearn.grading.lms_export`); :attr:`GradeReport.written` lists them. ``roster``: a roster CSV
    whose platform ids (``canvas_id``, ``email``, ...) replace the manifest's."""
    t0 = time.monotonic()
    submissions = Path(submissions)
    if not submissions.is_dir() and not submissions.is_file():   # a file: a Canvas or Moodle zip (lms.py)
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
    if export is not None:
        export.check(output, force)
    if resume and not journal:
        raise BglearnError(_("--resume needs the gradebook: it is the journal of what was graded"))
    unpacked = open_submissions(submissions, assignment, lms, roster)   # a zip: its notebooks, in a fresh folder
    if unpacked is not None:
        submissions, assignment = unpacked.folder, unpacked.manifest
    manifest, warnings = load_manifest(submissions, assignment)
    manifest = with_roster_ids(manifest, roster)
    found = find_submissions(submissions, manifest)
    if unpacked is not None:
        unpacked.annotate(found)
    if sandboxed:
        problem = sandbox.sandbox_problem()
        if problem is not None:
            raise NoSandboxError(f"cannot grade safely: {problem}. Submissions run student code; to grade "
                                 "anyway without a sandbox (only for submissions you trust) use --no-sandbox")
    with using_language(language or manifest.language or None) as used_language:
        limits = sandbox.Limits(idle_seconds=cell_timeout + GRACE_SECONDS,
                                total_seconds=notebook_timeout + GRACE_SECONDS, memory_bytes=memory_mb << 20,
                                warmup_seconds=max(cell_timeout, min(SETUP_SECONDS, notebook_timeout)) + GRACE_SECONDS)
        tasks = [Task(s, e, manifest.seed(e), manifest.exercises[e].get("mode", "practice"),
                      str(found.files[(s, e)]) if (s, e) in found.files else None, limits, cell_timeout, sandboxed,
                      "", specs_for(manifest, e, s), tuple(found.notes.get(s, ())))
                 for s in manifest.student_ids() for e in manifest.exercises]
        name = assignment_name or manifest_path(submissions, assignment).resolve().parent.name or "assignment"
        with contextlib.ExitStack() as stack:
            book = None
            if journal:
                book_path = Path(gradebook) if gradebook is not None else output.parent / "gradebook.sqlite"
                book_path.parent.mkdir(parents=True, exist_ok=True)
                book = stack.enter_context(Gradebook.open(book_path))
            done = _grade_all(tasks, jobs, scheduler=scheduler, language=used_language, journal=book,
                              assignment=name, resume=resume, progress=progress, warnings=warnings)
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
        per_rule = {s: [x for e in manifest.exercises if (s, e) in done for x in done[(s, e)].rules]
                    for s in manifest.student_ids()}
        written = write_class_report(class_mastery(per_rule), output)
    if unpacked is not None:
        unpacked.close()
    warnings += found.warnings
    if not sandboxed:
        warnings.append("graded WITHOUT a sandbox (--no-sandbox): submissions ran as plain processes of this user")
    results = [done[(s, e)].result for s in manifest.student_ids() for e in manifest.exercises if (s, e) in done]
    if export is not None:
        written.append(export.write(manifest, results, output))
    return GradeReport(results, output, feedback, time.monotonic() - t0, warnings, sandboxed, kept, written)
