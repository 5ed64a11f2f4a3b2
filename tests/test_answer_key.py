"""The answer key (``bglearn assign --key``): each student's own handout with the engine's answers filled
in, written for the teacher beside the handouts, never among them. Submitted as it is, a key earns every
point of its student's exercise — and the handout itself still holds no answer."""

from __future__ import annotations

import shutil

import nbformat
import pytest

from bglearn.cli import main
from bglearn.grading import grade
from bglearn.grading.sandbox import sandbox_problem

SANDBOXED = sandbox_problem() is None
STUDENTS = ("ana", "bo")


@pytest.mark.slow   # two submissions graded in the sandbox
def test_each_key_earns_its_students_full_marks_and_is_not_a_handout(tmp_path, capsys):
    roster = tmp_path / "students.csv"
    roster.write_text("id,name\n" + "".join(f"{s},{s.title()}\n" for s in STUDENTS))
    out = tmp_path / "class"
    assert main(["assign", "--exercise", "forced-moves", "--roster", str(roster), "--seed", "2026",
                 "-o", str(out), "--key", "--jobs", "1"]) == 0
    assert "key/<student>/forced-moves.ipynb" in capsys.readouterr().out
    for s in STUDENTS:
        key, handout = out / "key" / s / "forced-moves.ipynb", out / "handouts" / s / "forced-moves.ipynb"
        assert key.read_bytes() != handout.read_bytes()
        answers = [c.source for c in nbformat.read(handout, as_version=4).cells
                   if c.metadata.get("nbgrader", {}).get("solution")]
        assert answers and all("= None" in a for a in answers), s   # the handout gives nothing away
        (out / "submissions" / s).mkdir(parents=True)
        shutil.copy(key, out / "submissions" / s / "forced-moves.ipynb")
    assert not list((out / "handouts").rglob("key*"))
    report = grade(out / "submissions", tmp_path / "grades" / "grades.csv", jobs=1, journal=False,
                   sandboxed=SANDBOXED)
    assert {r.student for r in report.results} == set(STUDENTS)
    for r in report.results:
        assert r.max_total > 0 and r.total == r.max_total, (r.student, [(f.number, f.points) for f in r.feedback])


def test_without_key_no_key_is_written(tmp_path):
    roster = tmp_path / "students.csv"
    roster.write_text("id\nana\n")
    assert main(["assign", "--exercise", "setup", "--roster", str(roster), "--seed", "1", "-o",
                 str(tmp_path / "class"), "--jobs", "1"]) == 0
    assert not (tmp_path / "class" / "key").exists()
