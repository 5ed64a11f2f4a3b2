"""The gradebook for the term (issue #29): entries kept and read back exactly, attempts numbered, an older
file migrated with a copy kept, a damaged or foreign file refused and left untouched, hostile student ids
kept as typed and shown safely, and the ``bglearn gradebook`` command's views and exports."""

from __future__ import annotations

import csv
import os
import sqlite3
import tempfile
import threading
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bglearn.cli import main as cli
from bglearn.errors import BglearnError
from bglearn.exercises import load_exercise
from bglearn.grading.gradebook import SCHEMA_VERSION, Entry, Gradebook, GradebookError, rule_results
from bglearn.grading.gradebook_schema import APPLICATION_ID, SCHEMAS
from bglearn.grading.score import StudentResult, zero

HOSTILE = "bob'); DROP TABLE entries;--\x1b[31m\u202e\n\x00%_"


def entry(student: str = "ana", exercise: str = "bearing-off", assignment: str = "week-1", points: float = 5,
          **more: object) -> Entry:
    fields: dict[str, object] = dict(digest="a" * 64, manifest_digest="b" * 64, status="graded", max_points=10,
                                     rows=((student, "1", f"{points:g}"),), feedback=f"# {student}\n", questions=8)
    fields.update(more)
    return Entry(assignment, student, exercise, points=points, **fields)  # type: ignore[arg-type]


@pytest.fixture
def book(tmp_path):
    with Gradebook.open(tmp_path / "gradebook.sqlite") as b:
        yield b


def without_attempt(e: Entry) -> tuple[object, ...]:
    return (e.assignment, e.student, e.exercise, e.digest, e.manifest_digest, e.status, e.points, e.max_points,
            e.rows, e.feedback, e.questions, e.rules)


# -- round trips ------------------------------------------------------------------------------

texts = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30)
numbers = st.floats(allow_nan=False, allow_infinity=False, width=64)
entries = st.builds(
    Entry, assignment=texts, student=texts, exercise=texts, digest=texts, manifest_digest=texts,
    status=st.sampled_from(["graded", "missing", "unreadable"]), points=numbers, max_points=numbers,
    rows=st.lists(st.lists(st.text(st.characters(blacklist_categories=("Cs",))), max_size=4).map(tuple),
                  max_size=4).map(tuple),
    feedback=st.text(st.characters(blacklist_categories=("Cs",))), questions=st.integers(0, 2**31),
    rules=st.dictionaries(texts, st.tuples(numbers, numbers), max_size=4).map(
        lambda d: tuple((k, *v) for k, v in sorted(d.items()))))


@settings(max_examples=40, deadline=None)
@given(st.lists(entries, min_size=1, max_size=6))
def test_every_entry_reads_back_exactly_as_recorded(recorded):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "gradebook.sqlite"
        with Gradebook.open(path) as b:
            kept = [b.record(e) for e in recorded]
        with Gradebook.open(path) as b:   # read back from the file, by a fresh connection
            for e in kept:
                tries = b.attempts(e.assignment, e.student, e.exercise)
                assert tries[e.attempt - 1] == e
                assert b.latest(e.assignment)[(e.student, e.exercise)] == tries[-1]
                assert tries[-1] in b.record_of(e.student)
            assert set(b.students()) == {e.student for e in recorded}
            assert b.assignments() == list(dict.fromkeys(e.assignment for e in recorded))


def test_each_recording_is_a_new_attempt_and_the_newest_is_latest(book):
    for points in (2, 4, 7):
        book.record(entry("ana", points=points))
    book.record(entry("bob", points=9))
    book.record(entry("ana", "cube", points=1))
    assert [(e.attempt, e.points) for e in book.attempts("week-1", "ana", "bearing-off")] == [(1, 2), (2, 4), (3, 7)]
    latest = book.latest("week-1")
    assert {k: (e.attempt, e.points) for k, e in latest.items()} == {
        ("ana", "bearing-off"): (3, 7), ("bob", "bearing-off"): (1, 9), ("ana", "cube"): (1, 1)}
    assert book.latest("week-2") == {}


def test_a_students_record_holds_every_assignment_newest_first_recorded_order(book):
    book.record(entry("ana", assignment="week-2", points=1))
    book.record(entry("ana", assignment="week-1", points=2))
    book.record(entry("ana", assignment="week-2", points=3))
    book.record(entry("bob", assignment="week-3"))
    assert [(e.assignment, e.points, e.attempt) for e in book.record_of("ana")] == [("week-2", 3, 2),
                                                                                    ("week-1", 2, 1)]
    assert book.assignments() == ["week-2", "week-1", "week-3"]
    assert book.students() == ["ana", "bob"]


def test_graded_at_is_filled_in_utc_unless_given(book):
    e = book.record(entry())
    assert e.graded_at.endswith("Z") and e.graded_at[:4].isdigit() and "T" in e.graded_at
    given_time = book.record(entry(graded_at="2026-01-02T03:04:05Z"))
    assert book.attempts("week-1", "ana", "bearing-off")[1].graded_at == given_time.graded_at == "2026-01-02T03:04:05Z"


@pytest.mark.parametrize("change, problem", [
    (dict(status="passed"), "status"), (dict(student=""), "student"), (dict(points=float("nan")), "finite"),
    (dict(questions=-1), "questions"), (dict(rules=(("B", 1, 1), ("A", 1, 1))), "sorted"),
    (dict(feedback="\ud800"), "surrogate")])
def test_an_entry_that_cannot_be_kept_is_refused_naming_the_problem(change, problem):
    with pytest.raises(BglearnError, match=problem):
        entry(**change)


def test_hostile_student_ids_are_kept_as_typed(book):
    book.record(entry(HOSTILE, assignment=HOSTILE))
    book.record(entry("ana"))
    assert book.students() == sorted(["ana", HOSTILE])
    assert book.latest(HOSTILE)[(HOSTILE, "bearing-off")].student == HOSTILE
    assert [e.student for e in book.latest("week-1").values()] == ["ana"]   # the quote matched nothing else


def test_a_reader_sees_every_finished_entry_while_a_writer_is_mid_transaction(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    with Gradebook.open(path) as writer:
        writer.record(entry("ana"))
        writer._db.execute("BEGIN IMMEDIATE")   # a grading run in the middle of writing an entry
        writer._db.execute("DELETE FROM rule_results")
        with Gradebook.open(path, timeout=0.5) as reader:
            assert list(reader.latest("week-1")) == [("ana", "bearing-off")]
        writer._db.execute("ROLLBACK")


def test_a_locked_gradebook_is_a_clear_error(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    Gradebook.open(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(GradebookError, match="locked by another program"):
            with Gradebook.open(path, timeout=0.2) as b:
                b.record(entry())
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# -- the rules a student's questions test --------------------------------------------------------

@pytest.fixture(scope="module")
def exercise():
    return load_exercise("bearing-off", seed=2026, student="ana")


def answered(exercise, wrong: set[int] = frozenset()) -> StudentResult:
    r = StudentResult("ana", "bearing-off")
    for n, q in enumerate(exercise.questions, start=1):
        r.feedback.append(q.check(None if n in wrong else q.example_answer(), n))
    return r


def test_rule_results_cover_every_rule_the_questions_test(exercise):
    asked = {code for q in exercise.questions for code in q.rules()}
    right = rule_results(answered(exercise), exercise)
    assert [code for code, *_ in right] == sorted(asked) and asked
    assert all(earned == possible > 0 for _c, earned, possible in right)
    r = StudentResult("ana", "bearing-off")
    zero(exercise, r, "no submission")
    nothing = rule_results(r, exercise)
    assert [(c, 0, p) for c, _e, p in right] == list(nothing)


def test_a_wrong_answer_costs_exactly_the_rules_its_question_tests(exercise):
    missed = set(exercise.question(1).rules())
    results = {code: (earned, possible) for code, earned, possible in rule_results(answered(exercise, {1}), exercise)}
    assert missed
    for code, (earned, possible) in results.items():
        assert (earned < possible) == (code in missed), code


def test_rule_results_round_trip_through_the_gradebook(book, exercise):
    rules = rule_results(answered(exercise, {2}), exercise)
    book.record(entry(rules=rules))
    assert book.latest("week-1")[("ana", "bearing-off")].rules == rules


# -- migration --------------------------------------------------------------------------------

def make_v1(path: Path, rows: list[tuple[object, ...]]) -> None:
    db = sqlite3.connect(path)
    for statement in SCHEMAS[1]:
        db.execute(statement)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.executemany("INSERT INTO grades VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def v1_row(student: str, points: float, status: str = "graded", assignment: str = "week-1") -> tuple[object, ...]:
    return (assignment, student, "bearing-off", "d" * 64, "m" * 64, status, points, 10.0, '[["x", "1"]]',
            f"feedback {points}", 8, f"2026-09-0{int(points)}T10:00:00Z")


def schema(path: Path) -> tuple[object, ...]:
    db = sqlite3.connect(path)
    try:
        return (sorted(db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()),
                db.execute("PRAGMA user_version").fetchone(), db.execute("PRAGMA application_id").fetchone())
    finally:
        db.close()


def test_a_version_1_gradebook_is_copied_then_migrated_keeping_every_grade(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    make_v1(path, [v1_row("ana", 2), v1_row(HOSTILE, 3), v1_row("ana", 5), v1_row("ana", 1, assignment="week-2")])
    before = path.read_bytes()
    with Gradebook.open(path) as b:
        tries = b.attempts("week-1", "ana", "bearing-off")
        assert [(e.attempt, e.points, e.feedback, e.graded_at, e.rows, e.rules) for e in tries] == [
            (1, 2, "feedback 2", "2026-09-02T10:00:00Z", (("x", "1"),), ()),
            (2, 5, "feedback 5", "2026-09-05T10:00:00Z", (("x", "1"),), ())]
        assert b.latest("week-1")[(HOSTILE, "bearing-off")].attempt == 1
        assert b.assignments() == ["week-1", "week-2"]
        assert b.record(entry("ana")).attempt == 3   # numbering goes on after the migrated attempts
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("gradebook.v1-")]
    assert len(copies) == 1 and copies[0].suffix == ".sqlite"
    assert schema(copies[0]) == schema(_fresh_v1(tmp_path))
    with closing(sqlite3.connect(copies[0])) as db:
        assert db.execute("SELECT COUNT(*) FROM grades").fetchone() == (4,)
    assert len(before) and path.read_bytes() != before
    fresh = tmp_path / "fresh.sqlite"
    Gradebook.open(fresh).close()
    assert schema(path) == schema(fresh)   # a migrated file is exactly a new one's schema
    assert schema(path)[1] == (SCHEMA_VERSION,)


def _fresh_v1(folder: Path) -> Path:
    path = folder / "empty-v1.sqlite"
    make_v1(path, [])
    return path


def test_graders_opening_one_old_gradebook_at_once_migrate_it_once(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    make_v1(path, [v1_row("ana", 2), v1_row("ana", 5)])
    start = threading.Barrier(4)
    opened: list[object] = []

    def grader() -> None:   # each its own connection, as separate processes would have
        start.wait()
        try:
            with Gradebook.open(path) as b:
                opened.append([e.attempt for e in b.attempts("week-1", "ana", "bearing-off")])
        except Exception as exc:  # noqa: BLE001 - reported below
            opened.append(exc)

    threads = [threading.Thread(target=grader) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert opened == [[1, 2]] * 4
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("gradebook.v1-")]
    assert len(copies) == 1 and schema(copies[0])[1] == (1,)


def test_a_migration_that_fails_leaves_the_file_as_it_was(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    make_v1(path, [v1_row("ana", 2), v1_row("bob", 3, status="lost")])   # v1 did not check the status
    before = path.read_bytes()
    with pytest.raises(GradebookError, match="could not be brought from schema 1 to 2.*it was not changed"):
        Gradebook.open(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("gradebook.v1-")]


# -- damaged and foreign files ------------------------------------------------------------------

def _random(path: Path) -> None:
    path.write_bytes(os.urandom(8192))


def _truncated(path: Path) -> None:
    with Gradebook.open(path) as b:
        for i in range(200):
            b.record(entry(f"s{i}", feedback="x" * 500))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _header_only(path: Path) -> None:
    Gradebook.open(path).close()
    path.write_bytes(path.read_bytes()[:60])


def _foreign(path: Path) -> None:
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE moz_places (url TEXT)")
        db.commit()


def _newer(path: Path) -> None:
    Gradebook.open(path).close()
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")


def _table_dropped(path: Path) -> None:
    Gradebook.open(path).close()
    with closing(sqlite3.connect(path)) as db:
        db.execute("DROP TABLE rule_results")
        db.commit()


def _text(path: Path) -> None:
    path.write_text("student,points\nana,3\n")


@pytest.mark.parametrize("damage, message", [
    (_random, "is not a gradebook: it is not a SQLite database"),
    (_text, "is not a gradebook: it is not a SQLite database"),
    (_truncated, "is damaged"),
    (_header_only, "is damaged"),
    (_table_dropped, "is damaged \\(its table rule_results is gone\\)"),
    (_foreign, "another program's SQLite database \\(tables: moz_places\\)"),
    (_newer, f"newer bglearn \\(schema {SCHEMA_VERSION + 1}; this one reads up to {SCHEMA_VERSION}\\)"),
])
def test_a_file_that_is_not_a_usable_gradebook_is_refused_and_never_changed(tmp_path, damage, message):
    path = tmp_path / "gradebook.sqlite"
    damage(path)
    before = sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir())
    with pytest.raises(GradebookError, match=message) as caught:
        Gradebook.open(path)
    assert str(path) in str(caught.value) and "was not changed" in str(caught.value)
    assert sorted((p.name, p.read_bytes()) for p in tmp_path.iterdir()) == before
    assert cli(["gradebook", str(path)]) == 2


def test_a_gradebook_left_by_a_killed_run_opens_with_every_finished_entry(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    b = Gradebook.open(path)
    for i in range(3):
        b.record(entry(f"s{i}"))
    # the process dies here: the write-ahead log is not folded back; a copy of both files is what is left
    left = tmp_path / "left"
    left.mkdir()
    for p in tmp_path.glob("gradebook.sqlite*"):
        (left / p.name).write_bytes(p.read_bytes())
    b.close()
    assert (left / "gradebook.sqlite-wal").exists()
    with Gradebook.open(left / "gradebook.sqlite") as again:
        assert len(again.latest("week-1")) == 3


# -- the command --------------------------------------------------------------------------------

@pytest.fixture
def term(tmp_path):
    path = tmp_path / "gradebook.sqlite"
    with Gradebook.open(path) as b:
        b.record(entry("ana", points=4))
        b.record(entry("ana", points=8, rules=(("BEAR_OFF", 3, 4), ("SINGLE", 1, 2))))
        b.record(entry("ana", "cube", points=1, max_points=2))
        b.record(entry(HOSTILE, points=6))
        b.record(entry("=cmd|' /C calc'!A0", points=2))
        b.record(entry("ana", assignment="week-2", points=3, max_points=5))
        b.record(entry("bob", assignment="week-2", points=5, max_points=5))
    return path


def test_the_class_view_shows_each_assignments_newest_points_per_student(term, capsys):
    assert cli(["gradebook", str(term)]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    by_student = {line[0]: line[1:] for line in lines[1:]}
    assert lines[0] == ["student", "week-1", "week-2", "total"]
    assert by_student["ana"] == ["9/12", "3/5", "12/17"]
    assert by_student["bob"] == ["—", "5/5", "5/5"]


def test_hostile_student_ids_are_shown_as_visible_text(term, capsys):
    assert cli(["gradebook", str(term)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x00" not in out
    assert "bob'); DROP TABLE entries;--\\x1b[31m\\u202e\\n\\x00%_" in out
    assert len(out.splitlines()) == 5   # a newline in an id cannot start a row of its own


def test_a_students_record_shows_attempts_and_rules(term, capsys):
    assert cli(["gradebook", str(term), "--student", "ana"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "ana: 12/17 over 3 exercises"
    assert "attempt 1: 4/10, graded" in out and "attempt 2: 8/10, graded" in out
    assert [line.split()[:2] for line in out.splitlines() if line.strip().startswith(("BEAR_OFF", "SINGLE"))] == [
        ["BEAR_OFF", "3/4"], ["SINGLE", "1/2"]]
    assert cli(["gradebook", str(term), "--student", "ana", "--assignment", "week-2"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "ana: 3/5 over 1 exercise"


def test_the_csv_export_is_the_class_view_with_every_cell_safe(term, tmp_path):
    out = tmp_path / "class.csv"
    assert cli(["gradebook", str(term), "--csv", str(out)]) == 0
    rows = list(csv.reader(out.open(newline="", encoding="utf-8")))
    assert rows[0] == ["student", "week-1", "week-1 (max)", "week-2", "week-2 (max)", "total", "max_total"]
    by_student = {r[0]: r[1:] for r in rows[1:]}
    assert by_student["ana"] == ["9", "12", "3", "5", "12", "17"]
    assert by_student["'=cmd|' /C calc'!A0"] == ["2", "10", "", "", "2", "10"]   # never a formula
    assert "bob'); DROP TABLE entries;--\\x1b[31m\\u202e\\n\\x00%_" in by_student


def test_the_csv_of_one_student_has_a_row_per_attempt(term, tmp_path):
    out = tmp_path / "ana.csv"
    assert cli(["gradebook", str(term), "--student", "ana", "--assignment", "week-1", "--csv", str(out)]) == 0
    rows = list(csv.reader(out.open(newline="", encoding="utf-8")))
    assert rows == [["student", "assignment", "exercise", "attempt", "points", "max_points", "status"],
                    ["ana", "week-1", "bearing-off", "1", "4", "10", "graded"],
                    ["ana", "week-1", "bearing-off", "2", "8", "10", "graded"],
                    ["ana", "week-1", "cube", "1", "1", "2", "graded"]]


@pytest.mark.parametrize("args, message", [
    (["--assignment", "week-9"], "holds no assignment week-9"),
    (["--student", "zoe"], "holds no student zoe"),
    (["--csv", "{book}"], "is the gradebook itself"),
    (["--csv", "{book}-wal"], "is the gradebook itself"),
    (["--export", "blackboard", "out.csv"], "choose one of canvas, moodle"),
])
def test_command_errors_are_one_line_and_change_nothing(term, capsys, args, message):
    before = term.read_bytes()
    assert cli(["gradebook", str(term)] + [a.format(book=term) for a in args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1
    assert term.read_bytes() == before


def test_a_missing_gradebook_is_not_created_by_the_command(tmp_path, capsys):
    assert cli(["gradebook", str(tmp_path / "none.sqlite")]) == 2
    assert "no such gradebook file" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_an_assignment_exports_for_canvas_with_the_rosters_ids(term, tmp_path, capsys):
    roster = tmp_path / "students.csv"
    roster.write_text("id,name,canvas_id,sis_login_id\nana,Ana Díaz,4021,adiaz\nbob,Bob Roe,4022,broe\n")
    out = tmp_path / "canvas.csv"
    assert cli(["gradebook", str(term), "--assignment", "week-1", "--export", "canvas", str(out),
                "--assignment-id", "77", "--roster", str(roster)]) == 0
    assert "wrote canvas grades of 3 students for week-1" in capsys.readouterr().out
    rows = list(csv.reader(out.open(newline="", encoding="utf-8")))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "week-1 (77)"]
    assert rows[1][0].strip() == "Points Possible"
    assert ["Ana Díaz", "4021", "", "adiaz", "", "9"] in rows
    assert ["'=cmd|' /C calc'!A0", "", "", "", "", "2"] in rows   # not on the roster: its id, never a formula


def test_an_assignment_exports_for_moodle(term, tmp_path):
    out = tmp_path / "moodle.csv"
    assert cli(["gradebook", str(term), "--assignment", "week-2", "--export", "moodle", str(out)]) == 0
    rows = list(csv.reader(out.open(newline="", encoding="utf-8")))
    assert rows == [["Student id", "ID number", "Email address", "Full name", "week-2"],
                    ["ana", "", "", "", "3"], ["bob", "", "", "", "5"]]


def test_an_export_needs_one_assignment(term, tmp_path, capsys):
    assert cli(["gradebook", str(term), "--export", "moodle", str(tmp_path / "m.csv")]) == 2
    assert "choose one with --assignment (week-1, week-2)" in capsys.readouterr().err
    assert not (tmp_path / "m.csv").exists()
