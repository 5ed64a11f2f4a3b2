"""The class grader: every submission in a sandbox of its own, in parallel, scored by the engine.

1. Load the manifest and regenerate every student's questions (before any student code runs).
2. Read every submission file (at most :data:`MAX_FILE_BYTES`) into memory and analyse it
   (:mod:`bglearn.grading.submission`): nbformat 3 is converted; the read-only cells are replaced by the
   grader's own copies; answers written as plain values and answers given with widgets are read.
3. Run each readable submission in its own sandbox (:mod:`bglearn.grading.sandbox`: bubblewrap, a private
   ``/tmp``, no network, no view of anything else, its own PID namespace, memory and output limits), at
   most ``jobs`` at a time, with a time limit per cell and per notebook. The program in the sandbox
   (:mod:`bglearn.grading.runner`) reports the ``answer_<n>`` values after each cell as plain data.
4. Score the answers in the grader's own (worker) process with the regenerated questions; every value
   read from a run is decoded and bounded first. Steps 1-4 run one student at a time in ``jobs`` worker
   processes of the grader.
5. When every run has ended, write the grade sheet (CSV) and one feedback file per student, from the
   main process.

>>> from bglearn.grading.grader import decode
>>> from bglearn.grading.runner import encode
>>> decode(encode((1, [2, "x"])))       # what a submission's answer was, read back without trusting it
('ok', (1, [2, 'x']))
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, TextIO

from ..errors import BglearnError
from ..i18n import _, ngettext, using_language
from ..exercises import Exercise, load_exercise
from ..exercises.session import from_specs
from ..exercises.questions import MISSING, Feedback
from . import sandbox
from .roster import MANIFEST, Assignment
from .submission import MAX_FILE_BYTES, Plan, analyse

__all__ = ["grade", "GradeReport", "StudentResult", "find_submissions", "CSV_COLUMNS", "decode", "NoSandboxError"]

CSV_COLUMNS = ["student", "question", "points", "total", "exercise", "max_points", "max_total", "status", "note"]
MAX_MESSAGE_CHARS = 2000
"""A feedback message longer than this is cut (a huge wrong answer must not make a huge file)."""
GRACE_SECONDS = 3.0
"""Added to the cell time limit before a cell that ignores its interrupt is stopped from outside."""
SETUP_SECONDS = 30.0
"""The time limit of the grader's own setup cell (it imports the engine; slow on a busy machine)."""


class NoSandboxError(BglearnError):
    """No sandbox can be made here and the caller did not allow grading without one."""


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


@dataclass
class GradeReport:
    results: list[StudentResult]
    csv_path: Path
    feedback_dir: Path
    seconds: float
    warnings: list[str] = field(default_factory=list)
    sandboxed: bool = True

    def by_student(self) -> dict[tuple[str, str], StudentResult]:
        return {(r.student, r.exercise): r for r in self.results}


def find_submissions(folder: Path, assignment: Assignment) -> tuple[dict[tuple[str, str], Path], list[str]]:
    """``{(student, exercise): file}`` from ``folder/<student>/<exercise>.ipynb`` (or
    ``folder/<student>.ipynb`` when the assignment has one exercise), and warnings about files that
    match no student or exercise. Symbolic links are never followed (a link could point at another
    student's file or the manifest)."""
    students = set(assignment.student_ids())
    exercises = list(assignment.exercises)
    found: dict[tuple[str, str], Path] = {}
    warnings: list[str] = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.name == MANIFEST:
            continue
        if entry.is_symlink():
            warnings.append(f"{entry.name}: a symbolic link; not graded (hand in the notebook file itself)")
            continue
        if entry.is_dir():
            sid = entry.name
            files = sorted(p for p in entry.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            if sid not in students:
                if files:
                    warnings.append(f"{entry.name}/: not a student of the roster; not graded")
                continue
            for f in files:
                ex = f.stem if f.stem in exercises else (exercises[0] if len(exercises) == 1 else None)
                if f.is_symlink() or not f.is_file():
                    warnings.append(f"{f.relative_to(folder)}: not a plain file (a link?); not graded")
                elif ex is None:
                    warnings.append(f"{f.relative_to(folder)}: the file name names no assigned exercise "
                                    f"({', '.join(exercises)}); not graded")
                elif (sid, ex) in found:
                    warnings.append(f"{f.relative_to(folder)}: a second submission of {ex} by {sid}; "
                                    f"graded {found[(sid, ex)].relative_to(folder)} instead")
                else:
                    found[(sid, ex)] = f
        elif entry.suffix == ".ipynb":
            if entry.stem in students and len(exercises) == 1:
                found.setdefault((entry.stem, exercises[0]), entry)
            else:
                warnings.append(f"{entry.name}: expected submissions/<student>/<exercise>.ipynb; not graded")
    return found, warnings


def _read(path: Path) -> bytes | str:
    """The file's bytes, or a sentence saying why they are not read."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return _("The file could not be read ({error}).").format(error=exc.strerror or exc)
    if len(raw) > MAX_FILE_BYTES:
        return _("The file is larger than {mb} MB, far more than an exercise notebook; it was not read.").format(
            mb=MAX_FILE_BYTES // (1 << 20))
    return raw


# -- running ---------------------------------------------------------------------------------

@dataclass
class Run:
    """What the grader learnt from one run, every line decoded and checked."""

    cells: dict[int, dict[str, Any]] = field(default_factory=dict)   # index -> {"status", "error"}
    answers: dict[str, Any] = field(default_factory=dict)  # "answer_<n>" -> encoded value
    started: bool = False
    finished: bool = False
    outcome: sandbox.Outcome | None = None


def _execute(plan: Plan, count: int, limits: sandbox.Limits, cell_timeout: float, use_sandbox: bool,
             scratch: Path) -> Run:
    job = json.dumps({"cells": plan.cells, "answers": count, "cell_seconds": cell_timeout,
                      "setup_seconds": limits.warmup_seconds - GRACE_SECONDS}).encode()
    outcome = sandbox.run(["-m", "bglearn.grading.runner"], job, limits, sandbox=use_sandbox, scratch=scratch,
                          until=lambda line: line.startswith(b'{"done"'))
    run = Run(outcome=outcome)
    for line in outcome.lines:
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if not isinstance(record, dict):
            continue
        if record.get("ready") is True:
            run.started = True
        elif record.get("done") is True:
            run.finished = True
        elif isinstance(record.get("cell"), int) and not isinstance(record.get("cell"), bool):
            i = record["cell"]
            if not 0 <= i < len(plan.cells) or i in run.cells:
                continue
            status = record.get("status") if record.get("status") in ("ok", "error", "timeout", "skipped") else "error"
            error = record.get("error") if isinstance(record.get("error"), str) else None
            run.cells[i] = {"status": status, "error": (error or "")[:300]}
            changed = record.get("set")
            for name, value in (changed.items() if isinstance(changed, dict) else ()):
                if name in _names(count):
                    run.answers[name] = value
            removed = record.get("del")
            for name in (removed if isinstance(removed, list) else ()):
                if isinstance(name, str):
                    run.answers.pop(name, None)
    return run


def _names(count: int) -> set[str]:
    return {f"answer_{n}" for n in range(1, count + 1)}


# -- decoding and scoring --------------------------------------------------------------------

class _Invalid(Exception):
    pass


class _TooLarge(Exception):
    pass


def decode(data: Any) -> tuple[str, Any]:
    """An answer as the runner encoded it (:func:`bglearn.grading.runner.encode`) back into its Python
    value: ``("ok", value)``, ``("too_large", None)``, ``("unsupported", type name)`` or
    ``("invalid", None)`` for anything not made by the encoder."""
    from ..position import Player
    from .runner import MAX_CHARS, MAX_NODES

    budget = {"nodes": MAX_NODES, "chars": MAX_CHARS}

    def spend(nodes: int, chars: int = 0) -> None:  # the run's own bounds are not trusted: checked again
        budget["nodes"] -= nodes
        budget["chars"] -= chars
        if budget["nodes"] < 0 or budget["chars"] < 0:
            raise _TooLarge

    def dec(v: Any, depth: int) -> Any:
        if depth > 12:
            raise _TooLarge
        spend(1)
        if v is None or isinstance(v, bool):
            return v
        if isinstance(v, str):
            spend(len(v) // 64, len(v))
            return v
        if isinstance(v, (int, float)):
            return v
        if isinstance(v, dict) and len(v) == 1:
            (tag, body), = v.items()
            if isinstance(body, list):
                spend(len(body))
            if tag in ("list", "tuple", "set") and isinstance(body, list):
                items = [dec(x, depth + 1) for x in body]
                return items if tag == "list" else (tuple(items) if tag == "tuple" else set(items))
            if tag == "dict" and isinstance(body, list):
                out = {}
                for pair in body:
                    if not (isinstance(pair, list) and len(pair) == 2):
                        raise _Invalid
                    out[dec(pair[0], depth + 1)] = dec(pair[1], depth + 1)
                return out
            if tag == "player" and body in (0, 1) and not isinstance(body, bool):
                return Player(body)
            if tag == "int" and isinstance(body, str) and len(body) <= 400:
                return int(body)
            if tag == "float" and body in ("nan", "inf", "-inf"):
                return float(body)
        raise _Invalid

    if not isinstance(data, dict) or len(data) != 1:
        return "invalid", None
    (key, body), = data.items()
    if key == "too_large" and body is True:
        return "too_large", None
    if key == "unsupported" and isinstance(body, str):
        return "unsupported", body[:80]
    if key == "v":
        try:
            return "ok", dec(body, 0)
        except _TooLarge:
            return "too_large", None
        except (_Invalid, TypeError, ValueError, RecursionError):
            return "invalid", None
    return "invalid", None


def _label(plan: Plan, i: int) -> str:
    text = plan.labels[i] if 0 <= i < len(plan.labels) else f"cell {i}"
    return text[:1].upper() + text[1:]


def _run_notes(plan: Plan, run: Run, limits: sandbox.Limits, cell_timeout: float) -> list[str]:
    notes = []
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


def _clip(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _score(ex: Exercise, plan: Plan, run: Run | None, result: StudentResult, limits: sandbox.Limits,
           cell_timeout: float) -> None:
    notes = result.notes
    stopped_early = run is None or not run.finished
    if run is not None:
        notes += _run_notes(plan, run, limits, cell_timeout)
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


def _zero(ex: Exercise, result: StudentResult, why: str) -> None:
    for n, q in enumerate(ex.questions, start=1):
        result.feedback.append(Feedback(number=n, correct=False, points=0, max_points=q.points, message=why,
                                        answered=False))


# -- one student ----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Task:
    student: str
    exercise: str
    seed: Any
    mode: str
    path: str | None
    limits: sandbox.Limits
    cell_timeout: float
    sandboxed: bool
    scratch: str
    specs: tuple[Any, ...] = ()   # the student's questions as the manifest keeps them (empty: regenerate from the seed)


def _exercise(task: _Task) -> Exercise:
    """The student's questions: rebuilt from the manifest's descriptions when it has them (milliseconds),
    else regenerated from the seed (about a second); either way before any student code runs."""
    if task.specs:
        try:
            return from_specs(task.exercise, list(task.specs), task.seed, task.student, task.mode)
        except BglearnError:  # a damaged manifest entry: the seed still gives the questions
            pass
    ex = load_exercise(task.exercise, task.seed, task.student, task.mode)
    ex.questions  # generate now
    return ex


def _grade_one(task: _Task) -> tuple[StudentResult, str]:
    """Grade one student's submission of one exercise: regenerate the questions (before any student code
    runs), read and analyse the file, run it in its sandbox, score it. Returns the result and the text of
    the feedback; writes nothing."""
    ex = _exercise(task)
    r = StudentResult(task.student, task.exercise)
    if task.path is None:
        r.status = "missing"
        r.notes.append(_("No submission was found."))
        _zero(ex, r, _("no submission"))
        return r, _feedback_text(r, ex)
    r.path = task.path
    raw = _read(Path(task.path))
    plan = analyse(raw, ex) if isinstance(raw, bytes) else Plan(False, [raw])
    r.notes += plan.notes
    if not plan.readable:
        r.status = "unreadable"
        _zero(ex, r, _("the submission could not be read"))
        return r, _feedback_text(r, ex)
    t = time.monotonic()
    try:
        run = _execute(plan, len(ex.questions), task.limits, task.cell_timeout, task.sandboxed, Path(task.scratch))
    except OSError as exc:
        run = Run(outcome=sandbox.Outcome(stderr=f"the run could not be started: {exc}"))
    r.seconds = time.monotonic() - t
    _score(ex, plan, run, r, task.limits, task.cell_timeout)
    return r, _feedback_text(r, ex)


def _failed(task: _Task, exc: BaseException) -> tuple[StudentResult, str]:
    r = StudentResult(task.student, task.exercise, status="unreadable", path=task.path or "")
    r.notes.append(_("The grader could not grade this submission ({error}: {message}); grade it by hand.").format(
        error=type(exc).__name__, message=exc))
    ex = _exercise(task)
    _zero(ex, r, _("not graded"))
    return r, _feedback_text(r, ex)


def _grade_all(tasks: list[_Task], jobs: int) -> dict[tuple[str, str], tuple[StudentResult, str]]:
    """Every task graded, ``jobs`` at a time in worker processes (a task whose worker fails is retried
    once in a fresh pool, then recorded as not graded: everybody still gets a row)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    done: dict[tuple[str, str], tuple[StudentResult, str]] = {}
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            try:
                done[(task.student, task.exercise)] = _grade_one(task)
            except Exception as exc:  # a bug must not cost the class its grade sheet
                done[(task.student, task.exercise)] = _failed(task, exc)
        return done
    todo = list(tasks)
    for attempt in (1, 2):
        failed: list[tuple[_Task, BaseException]] = []
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
        done[(task.student, task.exercise)] = _failed(task, error)
    return done


# -- writing ---------------------------------------------------------------------------------

def _write_text(text: str, fh: TextIO) -> None:
    fh.write(text)


def _replace(path: Path, write: Callable[[TextIO], object]) -> None:
    """Write ``path`` through a temporary file next to it, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _write_csv(path: Path, results: list[StudentResult]) -> None:
    def write(fh: TextIO) -> None:
        w = csv.writer(fh)
        w.writerow(CSV_COLUMNS)
        for r in results:
            note = _clip(" ".join(r.notes)) if r.notes else ""
            for f in r.feedback:
                status = f.status if r.status == "graded" else r.status
                w.writerow([r.student, f.number, f"{f.points:g}", f"{r.total:g}", r.exercise, f"{f.max_points:g}",
                            f"{r.max_total:g}", status, note])
    _replace(path, write)


def _feedback_text(r: StudentResult, ex: Exercise) -> str:
    lines = ["# " + _("{title} — feedback for {student}").format(title=ex.title, student=r.student), "",
             _("Score: **{total} / {max}**").format(total=f"{r.total:g}", max=f"{r.max_total:g}"), ""]
    if r.notes:
        lines += ["## " + _("Notes on your submission"), ""] + [f"- {_clip(n)}" for n in r.notes] + [""]
    lines += ["## " + _("Question by question"), ""]
    for f in r.feedback:
        mark = {"correct": "✔", "wrong": "✘"}.get(f.status, "…")
        lines.append("### " + _("Question {number} — {points}/{max} {mark}").format(
            number=f.number, points=f"{f.points:g}", max=f"{f.max_points:g}", mark=mark))
        lines.append("")
        q = ex.question(f.number)
        lines.append(q.prompt())
        lines.append("")
        if f.answer:
            lines.append(_("Your answer: `{answer}`").format(answer=_clip(str(f.answer), 300)))
            lines.append("")
        message = _clip(str(f.message))
        lines.append(message if f.status != "correct" else _("Correct. {message}").format(message=message))
        lines.append("")
    return "\n".join(lines)


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
) -> GradeReport:
    """Grade every submission in ``submissions`` (``<student>/<exercise>.ipynb``) and write the grade
    sheet ``output`` (CSV: student, question, points, total, ...) and ``feedback_dir/<student>.md``
    (default: a ``feedback`` folder next to the CSV). The manifest is ``assignment`` or
    ``assignment.json`` in ``submissions`` or its parent.

    Each submission runs in its own sandbox with ``memory_mb`` of memory, ``cell_timeout`` seconds per
    cell and ``notebook_timeout`` per notebook. Raises :class:`NoSandboxError` when no sandbox can be
    made here, unless ``sandboxed=False`` (then submissions run as plain processes of this user: only
    for submissions you trust). Nothing is written until every run has ended.

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
    if sandboxed:
        problem = sandbox.sandbox_problem()
        if problem is not None:
            raise NoSandboxError(f"cannot grade safely: {problem}. Submissions run student code; to grade "
                                 "anyway without a sandbox (only for submissions you trust) use --no-sandbox")
    if assignment is None:
        candidates = [submissions / MANIFEST, submissions.parent / MANIFEST]
        assignment = next((c for c in candidates if c.exists()), candidates[-1])
    manifest = Assignment.load(assignment)
    with using_language(language or manifest.language or None):
        return _grade(submissions, output, manifest, feedback_dir, cell_timeout, notebook_timeout, jobs, sandboxed,
                      memory_mb, t0)


def _specs(manifest: Assignment, exercise: str, student: str) -> tuple[Any, ...]:
    """The question descriptions ``bglearn assign`` kept for ``student`` (``()`` for an older manifest)."""
    kept = (manifest.exercises[exercise].get("questions") or {}).get(student)
    return tuple(kept) if isinstance(kept, list) and kept else ()


def _grade(submissions: Path, output: str | Path, manifest: Assignment, feedback_dir: str | Path | None,
           cell_timeout: float, notebook_timeout: float, jobs: int | None, sandboxed: bool, memory_mb: int,
           t0: float) -> GradeReport:
    """:func:`grade` once the manifest is read and the language chosen."""
    output = Path(output)
    feedback_dir = Path(feedback_dir) if feedback_dir is not None else output.parent / "feedback"
    jobs = jobs or os.cpu_count() or 1
    limits = sandbox.Limits(idle_seconds=cell_timeout + GRACE_SECONDS, total_seconds=notebook_timeout + GRACE_SECONDS,
                            memory_bytes=memory_mb << 20,
                            warmup_seconds=max(cell_timeout, min(SETUP_SECONDS, notebook_timeout)) + GRACE_SECONDS)

    # 1-4, one student at a time in `jobs` worker processes of the grader (generating questions and
    # scoring are CPU work too): regenerate, read, run in the sandbox, score. Nothing is written here.
    files, warnings = find_submissions(submissions, manifest)
    tmp = Path(tempfile.mkdtemp(prefix="bglearn-grade-"))
    tasks = [_Task(s, e, manifest.seed(e), manifest.exercises[e].get("mode", "practice"),
                   str(files[(s, e)]) if (s, e) in files else None, limits, cell_timeout, sandboxed,
                   str(tmp / f"run-{number}"), _specs(manifest, e, s))
             for number, (s, e) in enumerate((s, e) for s in manifest.student_ids() for e in manifest.exercises)]
    done: dict[tuple[str, str], tuple[StudentResult, str]] = {}
    try:
        done = _grade_all(tasks, jobs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    results = {key: r for key, (r, _) in done.items()}

    # 5. Write.
    ordered = [results[k] for k in sorted(results)]
    _write_csv(output, ordered)
    feedback_dir.mkdir(parents=True, exist_ok=True)
    by_student: dict[str, list[StudentResult]] = {}
    for r in ordered:
        by_student.setdefault(r.student, []).append(r)
    for sid, rs in by_student.items():
        text = "\n\n".join(done[(r.student, r.exercise)][1] for r in rs)
        _replace(feedback_dir / f"{sid}.md", partial(_write_text, text + "\n"))
    if not sandboxed:
        warnings.append("graded WITHOUT a sandbox (--no-sandbox): submissions ran as plain processes of this user")
    return GradeReport(ordered, output, feedback_dir, time.monotonic() - t0, warnings, sandboxed)
