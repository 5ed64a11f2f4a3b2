"""The class grader: every submission in its own fresh kernel, in parallel, scored by the engine.

1. Load the manifest and regenerate every student's questions (before any student code runs).
2. Read every submission file into memory and analyse it (:mod:`bglearn.grading.submission`).
3. Run each readable submission in its own process and fresh kernel
   (:mod:`bglearn.grading.runner`), at most ``jobs`` at a time (default: the number of cores), with a
   time limit per cell (interrupt) and per notebook (the process and its kernel are killed).
4. Score the collected answers here, in the grader's own process, with the regenerated questions.
5. Write the grade sheet (CSV) and one feedback file per student.
"""

from __future__ import annotations

import ast
import csv
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BglearnError
from ..exercises import Exercise, load_exercise
from ..exercises.questions import MISSING, Feedback
from .roster import MANIFEST, Assignment
from .submission import Plan, analyse

__all__ = ["grade", "GradeReport", "StudentResult", "find_submissions", "CSV_COLUMNS"]

CSV_COLUMNS = ["student", "question", "points", "total", "exercise", "max_points", "max_total", "status", "note"]
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


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
        return sum(f.points for f in self.feedback)

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

    def by_student(self) -> dict[tuple[str, str], StudentResult]:
        return {(r.student, r.exercise): r for r in self.results}


def find_submissions(folder: Path, assignment: Assignment) -> tuple[dict[tuple[str, str], Path], list[str]]:
    """``{(student, exercise): file}`` from ``folder/<student>/<exercise>.ipynb`` (or
    ``folder/<student>.ipynb`` when the assignment has one exercise), and warnings about files that
    match no student or exercise."""
    students = set(assignment.student_ids())
    exercises = list(assignment.exercises)
    found: dict[tuple[str, str], Path] = {}
    warnings: list[str] = []
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(".") or entry.name == MANIFEST:
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
                if ex is None:
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


# -- running ---------------------------------------------------------------------------------

def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _is_kernel(pid: int) -> bool:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return sys.platform != "linux"
    return b"ipykernel" in cmd or b"kernel" in cmd


def _execute(plan: Plan, cell_timeout: float, notebook_timeout: float, workdir: Path) -> dict:
    """Run ``plan`` in a separate process and a fresh kernel; never takes much longer than
    ``notebook_timeout`` (plus kernel start-up)."""
    workdir.mkdir(parents=True, exist_ok=True)
    run_dir = workdir / "cwd"
    run_dir.mkdir(exist_ok=True)
    nonce = "BGLEARN-" + secrets.token_hex(16) + ":"
    job = {"cells": plan.cells, "cell_timeout": cell_timeout, "notebook_timeout": notebook_timeout,
           "nonce": nonce, "pidfile": str(workdir / "kernel.pid"), "cwd": str(run_dir), "kernel": "python3"}
    job_path, result_path = workdir / "job.json", workdir / "result.json"
    job_path.write_text(json.dumps(job))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([_PACKAGE_ROOT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["JUPYTER_RUNTIME_DIR"] = str(workdir / "runtime")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    with open(workdir / "runner.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "bglearn.grading.runner", str(job_path), str(result_path)],
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                                start_new_session=True, cwd=str(run_dir))
        killed = False
        try:
            proc.wait(timeout=notebook_timeout + 15)
        except subprocess.TimeoutExpired:
            killed = True
            _kill_group(proc.pid)
            proc.wait()
        finally:
            pidfile = workdir / "kernel.pid"
            if pidfile.exists():
                try:
                    kpid = int(pidfile.read_text().strip())
                except ValueError:
                    kpid = 0
                if kpid > 1 and _is_kernel(kpid):
                    _kill_group(kpid)
    try:
        result = json.loads(result_path.read_text())
    except (OSError, ValueError):
        result = {"cells": [], "collected": None,
                  "fatal": "the notebook ran past its time limit and was stopped" if killed
                  else f"the grading process failed (exit status {proc.returncode})"}
    result["killed"] = killed
    return result


# -- scoring ---------------------------------------------------------------------------------

def _literal(text: Any) -> tuple[bool, Any]:
    if not isinstance(text, str) or len(text) > 200000:
        return False, None
    try:
        return True, ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None


def _score(ex: Exercise, plan: Plan, run: dict | None, result: StudentResult) -> None:
    notes = result.notes
    collected = None
    if run is not None:
        ok, value = _literal(run.get("collected"))
        if ok and isinstance(value, dict):
            collected = value
        for c in run.get("cells", []):
            i = c.get("index", 0)
            label = plan.labels[i] if i < len(plan.labels) else "the answer collection"
            if c.get("status") == "timeout":
                notes.append(f"{label[0].upper()}{label[1:]} {c.get('error')}.")
            elif c.get("status") == "error" and i < len(plan.labels):
                notes.append(f"{label[0].upper()}{label[1:]} raised {c.get('error')}.")
            elif c.get("status") == "skipped" and i < len(plan.labels):
                notes.append(f"{label[0].upper()}{label[1:]} was not run: the notebook's time limit was reached.")
        if run.get("fatal"):
            notes.append(f"The run stopped: {run['fatal']}.")
        if collected is None:
            notes.append("The answers could not be collected from the kernel, so they were read from the notebook "
                         "text (only answers written as plain values, like answer_3 = \"24/18 13/11\", count).")
    values: dict[int, Any] = {}
    for n in range(1, len(ex.questions) + 1):
        value = MISSING
        if collected is not None:
            key = f"answer_{n}"
            if key in collected:
                ok, v = _literal(collected[key])
                if ok:
                    value = v
                elif n in plan.static:
                    value = plan.static[n]
                else:
                    notes.append(f"answer_{n} is not a plain Python value (text, a number, True/False, a list, "
                                 f"a dict), so it could not be scored.")
        elif n in plan.static:
            value = plan.static[n]
        values[n] = value
    for n, q in enumerate(ex.questions, start=1):
        try:
            fb = q.check(values[n], n)
        except Exception as exc:  # a bug in a question must not stop the class
            fb = Feedback(n, False, 0, q.points, f"this answer could not be judged ({type(exc).__name__}).")
        result.feedback.append(fb)


def _zero(ex: Exercise, result: StudentResult, why: str) -> None:
    for n, q in enumerate(ex.questions, start=1):
        result.feedback.append(Feedback(n, False, 0, q.points, why, answered=False))


# -- writing ---------------------------------------------------------------------------------

def _write_csv(path: Path, results: list[StudentResult]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_COLUMNS)
        for r in results:
            note = " ".join(r.notes) if r.notes else ""
            for f in r.feedback:
                status = f.status if r.status == "graded" else r.status
                w.writerow([r.student, f.number, f"{f.points:g}", f"{r.total:g}", r.exercise, f"{f.max_points:g}",
                            f"{r.max_total:g}", status, note])


def _feedback_text(r: StudentResult, ex: Exercise) -> str:
    lines = [f"# {ex.title} — feedback for {r.student}", "",
             f"Score: **{r.total:g} / {r.max_total:g}**", ""]
    if r.notes:
        lines += ["## Notes on your submission", ""] + [f"- {n}" for n in r.notes] + [""]
    lines += ["## Question by question", ""]
    for f in r.feedback:
        mark = {"correct": "✔", "wrong": "✘"}.get(f.status, "…")
        lines.append(f"### Question {f.number} — {f.points:g}/{f.max_points:g} {mark}")
        lines.append("")
        q = ex.question(f.number)
        lines.append(q.prompt())
        lines.append("")
        if f.answer:
            lines.append(f"Your answer: `{f.answer}`")
            lines.append("")
        lines.append(f.message if f.status != "correct" else f"Correct. {f.message}")
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
) -> GradeReport:
    """Grade every submission in ``submissions`` (``<student>/<exercise>.ipynb``) and write the grade
    sheet ``output`` (CSV: student, question, points, total, ...) and ``feedback_dir/<student>.md``
    (default: a ``feedback`` folder next to the CSV). The manifest is ``assignment`` or
    ``assignment.json`` in ``submissions`` or its parent."""
    t0 = time.monotonic()
    submissions = Path(submissions)
    if not submissions.is_dir():
        raise BglearnError(f"{submissions} is not a folder of submissions")
    if assignment is None:
        candidates = [submissions / MANIFEST, submissions.parent / MANIFEST]
        assignment = next((c for c in candidates if c.exists()), candidates[-1])
    manifest = Assignment.load(assignment)
    if cell_timeout <= 0 or notebook_timeout <= 0:
        raise BglearnError("time limits must be positive numbers of seconds")
    output = Path(output)
    feedback_dir = Path(feedback_dir) if feedback_dir is not None else output.parent / "feedback"
    jobs = jobs or os.cpu_count() or 1

    # 1-2. Everything that must not depend on student code happens before any of it runs.
    exercises = {(s, e): load_exercise(e, manifest.seed(e), s)
                 for s in manifest.student_ids() for e in manifest.exercises}
    for ex in exercises.values():
        ex.questions  # generate now
    files, warnings = find_submissions(submissions, manifest)
    results: dict[tuple[str, str], StudentResult] = {}
    plans: dict[tuple[str, str], Plan] = {}
    for key, ex in exercises.items():
        r = StudentResult(key[0], key[1])
        results[key] = r
        path = files.get(key)
        if path is None:
            r.status = "missing"
            r.notes.append("No submission was found.")
            _zero(ex, r, "no submission")
            continue
        r.path = str(path)
        plan = analyse(path.read_bytes(), ex)
        r.notes += plan.notes
        if not plan.readable:
            r.status = "unreadable"
            _zero(ex, r, "the submission could not be read")
            continue
        plans[key] = plan

    # 3. Run in parallel, each in its own process and kernel.
    tmp = Path(tempfile.mkdtemp(prefix="bglearn-grade-"))
    runs: dict[tuple[str, str], dict] = {}
    try:
        def work(key):
            t = time.monotonic()
            out = _execute(plans[key], cell_timeout, notebook_timeout, tmp / f"{key[0]}--{key[1]}")
            out["wall"] = time.monotonic() - t
            return key, out

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for key, out in pool.map(work, list(plans)):
                runs[key] = out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    # 4. Score in this process.
    for key, plan in plans.items():
        r = results[key]
        run = runs.get(key)
        r.seconds = float(run.get("wall", 0.0)) if run else 0.0
        _score(exercises[key], plan, run, r)

    # 5. Write.
    ordered = [results[k] for k in sorted(results)]
    _write_csv(output, ordered)
    feedback_dir.mkdir(parents=True, exist_ok=True)
    by_student: dict[str, list[StudentResult]] = {}
    for r in ordered:
        by_student.setdefault(r.student, []).append(r)
    for sid, rs in by_student.items():
        text = "\n\n".join(_feedback_text(r, exercises[(r.student, r.exercise)]) for r in rs)
        (feedback_dir / f"{sid}.md").write_text(text + "\n", encoding="utf-8")
    return GradeReport(ordered, output, feedback_dir, time.monotonic() - t0, warnings)
