"""The shared exercise notebooks work with nbgrader as they are: generate_assignment, then autograde
submissions, and the gradebook holds the points the engine awards (check cells give partial credit
through their value). A student who rebinds ``check`` (``def check(n): pass``, which nbgrader would
count as a passing test) earns nothing: every check cell imports the checker afresh.

Personalised handouts (``bglearn assign``) are graded with ``bglearn grade``, not nbgrader: nbgrader
restores every read-only cell, the setup cell with its questions included, from its one source
notebook, so it would check each student's answers against the source's questions. The README says so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from bglearn.exercises import load_exercise
from bglearn.grading.synthetic import right_answer, wrong_answer

pytest.importorskip("nbgrader", reason="nbgrader (>= 0.9.6) needs Python >= 3.11; the test extra installs it there only")
ROOT = Path(__file__).resolve().parent.parent
EXERCISE = "bearing-off"


def _nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")  # nbgrader needs `alembic` on PATH
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        env[var] = str(course / ".jupyter" / var.lower())
    proc = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def test_generate_assignment_and_autograde(tmp_path):
    course = tmp_path / "course"
    (course / "source" / "ps1").mkdir(parents=True)
    shutil.copy(ROOT / "exercises" / f"{EXERCISE}.ipynb", course / "source" / "ps1" / f"{EXERCISE}.ipynb")
    (course / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        "c.CourseDirectory.course_id = 'bglearn'\n"
        f"c.CourseDirectory.root = {str(course)!r}\n"
        "c.Execute.timeout = 120\n"
    )
    _nbgrader(course, "db", "student", "add", "s1")
    _nbgrader(course, "db", "student", "add", "s2")
    _nbgrader(course, "generate_assignment", "ps1", "--force")
    released = course / "release" / "ps1" / f"{EXERCISE}.ipynb"
    nb = nbformat.read(released, as_version=4)
    answers = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]
    assert answers and all("NotImplementedError" in c.source or "answer_" in c.source for c in answers)

    ex = load_exercise(EXERCISE)
    expected = 0
    for c in answers:
        n = int(c.metadata["nbgrader"]["grade_id"][7:])
        q = ex.question(n)
        value = right_answer(q, 1) if n % 2 else wrong_answer(q)
        expected += q.points if n % 2 else 0
        c.source = f"answer_{n} = {value!r}"
    submitted = course / "submitted" / "s1" / "ps1"
    submitted.mkdir(parents=True)
    nbformat.write(nb, submitted / f"{EXERCISE}.ipynb")
    # s2 answers everything wrong and rebinds check (and ask), so that a check cell calling the
    # notebook's own `check` would raise nothing and print no points: full marks for nbgrader.
    for c in answers:
        n = int(c.metadata["nbgrader"]["grade_id"][7:])
        c.source = f"def check(n, answer=None):\n    pass\nask = check\nanswer_{n} = {wrong_answer(ex.question(n))!r}"
    (course / "submitted" / "s2" / "ps1").mkdir(parents=True)
    nbformat.write(nb, course / "submitted" / "s2" / "ps1" / f"{EXERCISE}.ipynb")
    _nbgrader(course, "autograde", "ps1", "--force")

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        sub = gb.find_submission("ps1", "s1")
        assert sub.max_score == ex.max_points
        assert sub.score == expected
        nbsub = gb.find_submission_notebook(EXERCISE, "ps1", "s1")
        by_cell = {g.name: g.auto_score for g in nbsub.grades}
        rebinder = gb.find_submission("ps1", "s2")
        assert rebinder.score == 0, {g.name: g.auto_score for g in
                                     gb.find_submission_notebook(EXERCISE, "ps1", "s2").grades}
    for n, q in enumerate(ex.questions, 1):
        assert by_cell[f"check_{n}"] == (q.points if n % 2 else 0), n
