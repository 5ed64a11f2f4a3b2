"""The class grader on a synthetic class of 32 students: right, wrong, blank, crashing, looping,
hanging, invalid JSON, deleted or edited cells, tampering, forged output, no submission."""

from __future__ import annotations

import csv
import json

import pytest

from bglearn.cli import main as cli
from bglearn.errors import BglearnError
from bglearn.grading import CSV_COLUMNS, assign, grade, read_roster
from bglearn.grading.submission import static_answers
from bglearn.grading.synthetic import KINDS, make_class

EXERCISE = "bearing-off"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    out = tmp_path_factory.mktemp("class")
    students, expected = make_class(out, EXERCISE, seed=2026, size=32)
    report = grade(out / "submissions", out / "grades.csv", cell_timeout=3, notebook_timeout=15)
    return out, students, expected, report


def test_the_class_covers_every_kind(graded):
    _, students, expected, _ = graded
    assert len(students) >= 30
    assert {e.kind for e in expected.values()} == set(KINDS) | {"missing"}


def test_grade_sheet_is_exactly_what_each_answer_earned(graded):
    out, _, expected, _ = graded
    with open(out / "grades.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == CSV_COLUMNS
    got: dict[str, dict[int, float]] = {}
    totals: dict[str, float] = {}
    for row in rows:
        assert row["exercise"] == EXERCISE
        got.setdefault(row["student"], {})[int(row["question"])] = float(row["points"])
        totals[row["student"]] = float(row["total"])
    assert set(got) == set(expected)
    for sid, e in expected.items():
        assert got[sid] == e.points, (sid, e.kind)
        assert totals[sid] == e.total, (sid, e.kind)


def test_each_broken_submission_gets_a_clear_note(graded):
    _, _, expected, report = graded
    results = report.by_student()
    for sid, e in expected.items():
        notes = " ".join(results[(sid, EXERCISE)].notes)
        for word in e.note_words:
            assert word in notes, (sid, e.kind, notes)
    perfect = [sid for sid, e in expected.items() if e.kind == "perfect"]
    assert all(not results[(sid, EXERCISE)].notes for sid in perfect)


def test_no_submission_holds_up_the_others(graded):
    _, _, expected, report = graded
    results = report.by_student()
    for sid, e in expected.items():
        r = results[(sid, EXERCISE)]
        assert r.seconds < 15 + 20, (sid, e.kind, r.seconds)  # never much past the notebook limit


def test_feedback_explains_wrong_answers(graded):
    out, _, expected, _ = graded
    half = next(sid for sid, e in expected.items() if e.kind == "half")
    text = (out / "feedback" / f"{half}.md").read_text()
    assert "Question 2" in text and "Your answer" in text
    assert text.count("✘") == sum(1 for p in expected[half].points.values() if p == 0)
    for sid in expected:
        assert (out / "feedback" / f"{sid}.md").exists()


def test_static_answers_read_only_plain_literals():
    src = "%matplotlib inline\nanswer_1 = '24/18 13/11'\nanswer_2: int = 4\nanswer_3 = foo()\nanswer_4 = [1, 2]"
    assert static_answers(src) == {1: "24/18 13/11", 2: 4, 4: [1, 2]}
    assert static_answers("answer_1 = (") == {}


def test_cli_assign_and_grade(tmp_path, capsys):
    roster = tmp_path / "students.csv"
    roster.write_text("id,name\nana,Ana\nben,Ben\n")
    out = tmp_path / "out"
    assert cli(["assign", "--exercise", "setup", "--roster", str(roster), "--seed", "5", "-o", str(out)]) == 0
    handout = out / "handouts" / "ana" / "setup.ipynb"
    nb = json.loads(handout.read_text())
    assert nb["metadata"]["bglearn"]["exercise"] == "setup" and nb["metadata"]["bglearn"]["student"] == "ana"
    # Ana hands in her notebook with the metadata rewritten to look like Ben's: it is ignored.
    nb["metadata"]["bglearn"]["student"] = "ben"
    (out / "submissions" / "ana").mkdir(parents=True)
    (out / "submissions" / "ana" / "setup.ipynb").write_text(json.dumps(nb))
    assert cli(["grade", str(out / "submissions"), "-o", str(tmp_path / "g.csv"), "--cell-timeout", "5"]) == 0
    printed = capsys.readouterr().out
    assert "graded 1 submission" in printed
    rows = list(csv.DictReader(open(tmp_path / "g.csv")))
    assert {r["student"] for r in rows} == {"ana", "ben"}
    assert all(r["status"] == "unanswered" for r in rows if r["student"] == "ana")
    assert all(r["status"] == "missing" for r in rows if r["student"] == "ben")


def test_bad_input_is_a_clear_error(tmp_path, capsys):
    roster = tmp_path / "r.csv"
    roster.write_text("id\nok\nbad id!\n")
    with pytest.raises(BglearnError, match="line 3"):
        read_roster(roster)
    roster.write_text("id\nx\nx\n")
    with pytest.raises(BglearnError, match="twice"):
        read_roster(roster)
    good = tmp_path / "g.csv"
    good.write_text("student_id,first_name,last_name\nq1,Q,One\n")
    assert read_roster(good)[0].name == "Q One"
    assign("setup", good, 1, tmp_path / "o")
    with pytest.raises(BglearnError, match="seed"):
        assign("setup", good, 2, tmp_path / "o")
    assert cli(["assign", "--exercise", "nope", "--roster", str(good), "--seed", "1", "-o", str(tmp_path)]) == 2
    assert "no exercise 'nope'" in capsys.readouterr().err
    assert cli(["grade", str(tmp_path / "missing"), "-o", str(tmp_path / "x.csv")]) == 2


def test_symbolic_links_are_not_followed(tmp_path):
    """A 'submission' that is a link (to the manifest, or to a classmate's file) is not read."""
    from bglearn.grading import find_submissions
    from bglearn.grading.roster import Assignment, Student

    subs = tmp_path / "submissions"
    (subs / "ana").mkdir(parents=True)
    (subs / "ben").mkdir()
    (subs / "ana" / "setup.ipynb").write_text("{}")
    (subs / "ben" / "setup.ipynb").symlink_to(subs / "ana" / "setup.ipynb")
    (subs / "cy").symlink_to(subs / "ana")
    manifest = Assignment({"setup": {"seed": 1}}, [Student("ana"), Student("ben"), Student("cy")])
    found = find_submissions(subs, manifest)
    assert found.files == {("ana", "setup"): subs / "ana" / "setup.ipynb"}
    assert set(found.notes) == {"ben", "cy"} and all("symbolic link" in found.notes[s][0] for s in ("ben", "cy"))
