"""A learner's saved progress (issue 25): answers and stages kept across restarts, in the SQLite file and in
the website's whole-file form alike; export and import round trips; bad, foreign, damaged or newer files
refused with a message naming the file and left exactly as they were; two writers at once; the quiz hook;
and the ``bglearn progress`` command."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import sys
from contextlib import closing
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from bglearn import Position
from bglearn.cli import main as cli
from bglearn.learn import schema, store as store_module
from bglearn.learn.exchange import loads
from bglearn.learn.hooks import quiz_checked, stars_for
from bglearn.learn.store import Progress, ProgressError, default_path, progress
from bglearn.quiz import ChoiceQuiz, PlayQuiz

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


@pytest.fixture(params=["sqlite-file", "whole-file"])
def whole_file(request) -> bool:
    if request.param == "whole-file" and not hasattr(sqlite3.Connection, "serialize"):
        pytest.skip("the website's whole-file store needs Python 3.11's sqlite3 serialize()")
    return request.param == "whole-file"


@pytest.fixture
def store(tmp_path, whole_file):
    p = Progress.open(tmp_path / "progress.sqlite", whole_file=whole_file)
    yield p
    p.close()


@pytest.fixture
def own_store(tmp_path, monkeypatch):
    """The learner's store (progress()) pointed at a fresh file."""
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "mine" / "progress.sqlite"))
    return progress()


# -- keeping answers and stages --------------------------------------------------------------------

def test_answers_count_right_and_wrong_per_rule(store):
    store.record(["BAR_FIRST", "BLOCKED"], False, source="quiz", now=T0)
    store.record(["BAR_FIRST"], True, source="stage", stage="03.1", now=T0 + timedelta(minutes=1))
    store.record("GAMMON", True, source="review", now=T0 + timedelta(minutes=2))  # one code as text
    m = store.mastery()
    assert {code: (r.right, r.wrong) for code, r in m.items()} == {"BAR_FIRST": (1, 1), "BLOCKED": (0, 1),
                                                                   "GAMMON": (1, 0)}
    assert m["BAR_FIRST"].last_seen == T0 + timedelta(minutes=1)
    assert [a.stage for a in store.answers()] == [None, "03.1", None]


def test_a_stage_keeps_its_best_result(store):
    assert store.stage("03.2") is None
    store.finish_stage("03.2", 1, attempts=4, now=T0)
    store.finish_stage("03.2", 3, attempts=1, now=T0 + timedelta(days=1))
    store.finish_stage("03.2", 2, attempts=1, now=T0 + timedelta(days=2))   # worse: not kept
    best = store.stage("03.2")
    assert (best.stars, best.attempts, best.finished) == (3, 1, T0 + timedelta(days=1))
    store.finish_stage("03.3", 2, attempts=3, now=T0)
    store.finish_stage("03.3", 2, attempts=2, now=T0 + timedelta(hours=1))  # as many stars, fewer attempts
    assert store.stage("03.3").attempts == 2
    assert list(store.stages()) == ["03.2", "03.3"]


def test_progress_survives_a_restart(tmp_path, whole_file):
    path = tmp_path / "progress.sqlite"
    first = Progress.open(path, whole_file=whole_file)
    first.record(["ENTERING"], True, source="quiz", now=T0)
    first.finish_stage("03.1", 3, attempts=1, now=T0)
    first.close()
    again = Progress.open(path, whole_file=whole_file)
    assert again.mastery()["ENTERING"].right == 1 and again.stage("03.1").stars == 3
    again.close()


def test_both_forms_read_the_same_file(tmp_path):
    """The website's whole-file form and SQLite's own read and write one and the same file format."""
    if not hasattr(sqlite3.Connection, "serialize"):
        pytest.skip("needs Python 3.11")
    path = tmp_path / "progress.sqlite"
    a = Progress.open(path, whole_file=True)
    a.record(["BEAR_OFF"], False, source="quiz", now=T0)
    a.close()
    b = Progress.open(path, whole_file=False)
    b.record(["BEAR_OFF"], True, source="quiz", now=T0 + timedelta(minutes=1))
    b.close()
    c = Progress.open(path, whole_file=True)
    assert (c.mastery()["BEAR_OFF"].right, c.mastery()["BEAR_OFF"].wrong) == (1, 1)


@pytest.mark.parametrize("call, words", [
    (lambda s: s.record(["NOT_A_RULE"], True, source="quiz"), "NOT_A_RULE is not one of the kit's rule codes"),
    (lambda s: s.record(["bar first"], True, source="quiz"), "'bar first' is not a rule code"),
    (lambda s: s.record(["BAR_FIRST"], "yes", source="quiz"), "correct must be True or False"),
    (lambda s: s.record(["BAR_FIRST"], True, source=""), "is not an answer's source"),
    (lambda s: s.record(["BAR_FIRST"], True, source="quiz", stage="03 2"), "is not a stage id"),
    (lambda s: s.finish_stage("03.2", 4, attempts=1), "1, 2 or 3 stars, not 4"),
    (lambda s: s.finish_stage("03.2", 2, attempts=0), "attempts is a whole number, at least 1"),
    (lambda s: s.record(["BAR_FIRST"], True, source="quiz", now=datetime(2026, 1, 1)), "time zone"),
])
def test_bad_records_are_refused_with_a_clear_message(store, call, words):
    with pytest.raises(ProgressError, match=words.replace("(", r"\(").replace(")", r"\)")):
        call(store)
    assert store.answers() == [] and store.stages() == {}


def test_listeners_hear_every_change_and_a_broken_one_loses_nothing(store):
    heard = []
    store.on_change(lambda: heard.append(len(store.answers())))
    store.on_change(lambda: 1 / 0)
    with pytest.warns(RuntimeWarning, match="a progress listener failed"):
        store.record(["BLOCKED"], True, source="quiz")
    with pytest.warns(RuntimeWarning):
        store.finish_stage("01.1", 3, attempts=1)
    assert heard == [1, 1] and len(store.answers()) == 1


# -- export, import, reset ---------------------------------------------------------------------------

def _filled(store: Progress) -> Progress:
    store.record(["BAR_FIRST"], False, source="quiz", stage="03.1", now=T0)
    store.record(["BAR_FIRST", "ENTERING"], True, source="stage", stage="03.1", now=T0 + timedelta(seconds=30))
    store.record(["OIN_MARS"], True, source="review", now=T0 + timedelta(days=1))
    store.finish_stage("03.1", 2, attempts=2, now=T0 + timedelta(seconds=30))
    return store


def test_export_and_import_round_trip_exactly(store, tmp_path, whole_file):
    text = _filled(store).export_json()
    data = json.loads(text)
    assert data["format"] == "bglearn-progress" and data["version"] == 1
    assert [a["rules"] for a in data["answers"]] == [["BAR_FIRST"], ["BAR_FIRST", "ENTERING"], ["OIN_MARS"]]
    assert data["stages"] == {"03.1": {"stars": 2, "attempts": 2, "finished": "2026-12-01T09:00:30.000000Z"}}
    other = Progress.open(tmp_path / "other.sqlite", whole_file=whole_file)
    summary = other.import_json(text)
    assert (summary.answers, summary.stages) == (3, 1)
    assert other.export_json() == text
    assert other.mastery() == store.mastery()


def test_an_import_made_twice_adds_nothing_and_keeps_the_best_stars(store, tmp_path):
    text = _filled(store).export_json()
    other = Progress.open(tmp_path / "other.sqlite")
    other.finish_stage("03.1", 3, attempts=1, now=T0)
    other.record(["GAMMON"], True, source="quiz", now=T0)
    first = other.import_json(text)
    second = other.import_json(text)
    assert (first.answers, first.stages, second.answers, second.stages) == (3, 0, 0, 0)
    assert other.stage("03.1").stars == 3            # its own better result stays
    assert len(other.answers()) == 4
    store.import_json(other.export_json())           # and the other way: the better result arrives
    assert store.stage("03.1").stars == 3 and len(store.answers()) == 4


@pytest.mark.parametrize("text, words", [
    ('{"format": "bglearn-progress",\n "version": 1,\n "answers": [}', "line 3, column 14"),
    ('[1, 2]', 'format: this is not a bglearn progress export'),
    ('{"format": "bglearn-progress", "version": 2}', "version: is 2: the export was made by a newer bglearn"),
    ('{"format": "bglearn-progress", "version": 1, "answers": [{"id": "abcdef0123", "at": "2026-12-01T09:00:00Z", '
     '"source": "quiz", "stage": null, "correct": "yes", "rules": []}]}', 'answers[0].correct: must be true or false'),
    ('{"format": "bglearn-progress", "version": 1, "answers": [{"id": "abcdef0123", "at": "last week", '
     '"source": "quiz", "correct": true, "rules": []}]}', "answers[0].at: must be a time"),
    ('{"format": "bglearn-progress", "version": 1, "answers": [{"id": "abcdef0123", "at": "2026-12-01T09:00:00Z", '
     '"source": "quiz", "correct": true}]}', "answers[0].rules: is missing"),
    ('{"format": "bglearn-progress", "version": 1, "stages": {"03.1": {"stars": 5, "attempts": 1, '
     '"finished": "2026-12-01T09:00:00Z"}}}', 'stages["03.1"].stars: must be 1, 2 or 3, not 5'),
])
def test_a_bad_export_is_refused_naming_the_line_or_field_and_nothing_changes(store, text, words):
    store.record(["BLOCKED"], True, source="quiz")
    before = store.export_json()
    with pytest.raises(ProgressError) as info:
        store.import_json(text, name="friend.json")
    assert str(info.value).startswith("friend.json") and words in str(info.value)
    assert store.export_json() == before


def test_an_export_keeps_a_newer_kits_rule_codes():
    text = ('{"format": "bglearn-progress", "version": 1, "answers": [{"id": "abcdef0123", "at": '
            '"2026-12-01T09:00:00Z", "source": "quiz", "stage": null, "correct": true, "rules": ["FUTURE_RULE"]}]}')
    answers, _stages = loads(text)
    assert answers[0].rules == ("FUTURE_RULE",)


def test_reset_forgets_everything_but_keeps_an_export_beside_the_file(store):
    text = _filled(store).export_json()
    kept = store.reset()
    assert store.answers() == [] and store.stages() == {} and store.mastery() == {}
    assert kept.parent == store.path.parent and kept.read_text(encoding="utf-8") == text
    assert store.reset() is None                      # nothing left to keep


# -- files the store must not use ---------------------------------------------------------------------

def _unchanged(path: Path, before: bytes) -> None:
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_a_file_from_a_newer_bglearn_is_refused_and_left_alone(tmp_path, whole_file):
    path = tmp_path / "progress.sqlite"
    Progress.open(path).close()
    with closing(sqlite3.connect(path)) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
        db.commit()
    before = path.read_bytes()
    with pytest.raises(ProgressError, match=r"made by a newer bglearn \(schema 99.*upgrade bglearn") as info:
        Progress.open(path, whole_file=whole_file)
    assert str(path) in str(info.value)
    _unchanged(path, before)


@pytest.mark.parametrize("content, words", [
    (b"my notes about backgammon\n", "is not a bglearn progress file (it is not a SQLite database)"),
])
def test_a_file_that_is_not_a_database_is_refused_and_left_alone(tmp_path, whole_file, content, words):
    path = tmp_path / "progress.sqlite"
    path.write_bytes(content)
    with pytest.raises(ProgressError, match=words.replace("(", r"\(").replace(")", r"\)")) as info:
        Progress.open(path, whole_file=whole_file)
    assert str(path) in str(info.value)
    _unchanged(path, content)


def test_another_programs_database_is_refused_and_left_alone(tmp_path, whole_file):
    path = tmp_path / "progress.sqlite"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
        db.commit()
    before = path.read_bytes()
    with pytest.raises(ProgressError, match="another program's SQLite database .tables: contacts"):
        Progress.open(path, whole_file=whole_file)
    _unchanged(path, before)


def test_a_damaged_file_is_refused_and_left_alone(tmp_path, whole_file):
    path = tmp_path / "progress.sqlite"
    p = Progress.open(path)
    for k in range(300):
        p.record(["BAR_FIRST"], k % 2 == 0, source="quiz")
    p.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])          # a copy cut off half-way
    with pytest.raises(ProgressError, match="is damaged") as info:
        Progress.open(path, whole_file=whole_file)
    assert str(path) in str(info.value) and "it was not changed" in str(info.value)
    _unchanged(path, data[: len(data) // 2])


def test_a_folder_named_as_the_file_is_refused(tmp_path):
    with pytest.raises(ProgressError, match="is a folder, not a progress file"):
        Progress.open(tmp_path)


def test_an_older_file_is_migrated_after_a_copy_is_kept(tmp_path, whole_file, monkeypatch):
    """The migration steps run in one transaction on a file of an older schema, after a copy of it is kept
    beside it (shown with a version 2 that adds a table)."""
    path = tmp_path / "progress.sqlite"
    old = Progress.open(path)
    old.record(["BLOCKED"], True, source="quiz", now=T0)
    old.close()
    monkeypatch.setitem(schema.SCHEMAS, 2, schema.SCHEMAS[1] + ("CREATE TABLE notes (text TEXT)",))
    monkeypatch.setitem(schema.MIGRATIONS, 1, ("CREATE TABLE notes (text TEXT)",))
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    migrated = Progress.open(path, whole_file=whole_file)
    assert migrated.mastery()["BLOCKED"].right == 1
    migrated.close()
    copies = [p for p in tmp_path.iterdir() if p.name.startswith("progress.v1-")]
    assert len(copies) == 1
    with closing(sqlite3.connect(copies[0])) as db:   # the copy is the file as it was
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("1",)
        assert db.execute("SELECT count(*) FROM answers").fetchone() == (1,)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'notes'").fetchone() is None
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("2",)
        assert db.execute("SELECT count(*) FROM notes").fetchone() == (0,)


def _writer(path: str, who: str, n: int) -> None:
    p = Progress.open(path)
    for k in range(n):
        p.record(["BAR_FIRST"], k % 2 == 0, source="quiz", stage=f"0{who}.1")
        p.finish_stage(f"0{who}.{k % 5 + 1}", 1 + k % 3, attempts=1 + k % 4)
    p.close()


def test_two_notebooks_writing_at_once_keep_every_answer(tmp_path):
    path = tmp_path / "progress.sqlite"
    Progress.open(path).close()
    ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
    workers = [ctx.Process(target=_writer, args=(str(path), who, 60)) for who in ("1", "2")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    p = Progress.open(path)
    assert len(p.answers()) == 120 and p.mastery()["BAR_FIRST"].answers == 120
    assert {s: r.stars for s, r in p.stages().items()} == {f"0{w}.{k}": 3 for w in "12" for k in range(1, 6)}
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


# -- where the progress is kept -----------------------------------------------------------------------

def test_the_learners_store_is_where_bglearn_progress_says_and_opened_once(tmp_path, monkeypatch):
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "a.sqlite"))
    assert progress() is progress() and progress().path == tmp_path / "a.sqlite"
    monkeypatch.setenv("BGLEARN_PROGRESS", str(tmp_path / "b.sqlite"))
    assert progress().path == tmp_path / "b.sqlite"


def test_without_bglearn_progress_it_is_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("BGLEARN_PROGRESS", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setitem(sys.modules, "platformdirs", None)      # the core install: no platformdirs
    assert default_path() == tmp_path / "data" / "bglearn" / "progress.sqlite"
    monkeypatch.delitem(sys.modules, "platformdirs")
    import platformdirs

    assert default_path() == Path(platformdirs.user_data_dir("bglearn")) / "progress.sqlite"


def test_in_the_website_it_is_in_the_sites_drive_as_a_whole_file(monkeypatch):
    monkeypatch.delenv("BGLEARN_PROGRESS", raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert default_path() == Path("/drive/.bglearn/progress.sqlite")
    monkeypatch.setattr(store_module, "_WholeFile", lambda path: ("whole", path))
    monkeypatch.setattr(store_module, "_SqliteFile", lambda path, timeout: ("sqlite", path))
    monkeypatch.setattr(Progress, "__init__", lambda self, database: setattr(self, "kind", database))
    assert Progress.open("/drive/.bglearn/progress.sqlite").kind[0] == "whole"


# -- the quiz hook ----------------------------------------------------------------------------------

def test_a_quiz_records_the_rule_a_wrong_play_breaks_and_its_stages_stars(own_store):
    quiz = PlayQuiz(Position(), "61", stage="01.3")
    quiz.check("13/7")          # uses one die of two: the engine names the rule
    quiz.check(None)            # blank: not an attempt
    quiz.check("13/7 8/7")
    m = own_store.mastery()
    assert m["DICE_NOT_FULLY_USED"].wrong == 1 and m["DICE_NOT_FULLY_USED"].right == 1
    assert [a.correct for a in own_store.answers()] == [False, True]
    assert {a.stage for a in own_store.answers()} == {"01.3"}
    record = own_store.stage("01.3")
    assert (record.stars, record.attempts) == (2, 2)


def test_stars_by_the_try_the_stage_was_met_at():
    assert [stars_for(n) for n in (1, 2, 3, 7)] == [3, 2, 1, 1]


def test_a_choice_quiz_records_its_own_rules(own_store):
    quiz = ChoiceQuiz("Who moves first?", ["White", "Red"], "White", rules=["OPENING_THROW"])
    assert quiz.check("Red").correct is False
    assert own_store.mastery()["OPENING_THROW"].wrong == 1


def test_a_quiz_still_works_when_the_progress_file_cannot_be_used(tmp_path, monkeypatch):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database")
    monkeypatch.setenv("BGLEARN_PROGRESS", str(bad))
    quiz = PlayQuiz(Position(), "61")
    with pytest.warns(RuntimeWarning, match="not saved to your progress: .*notes.txt is not a bglearn progress file"):
        assert quiz.check("13/7 8/7").correct
    assert bad.read_text() == "not a database"
    quiz_checked(quiz, quiz.attempts[-1])     # warned once only: no second warning, and no error


# -- the command line ------------------------------------------------------------------------------

def test_progress_show_export_import_and_reset_on_the_command_line(own_store, tmp_path, capsys):
    _filled(own_store)
    assert cli(["progress", "show"]) == 0
    out = capsys.readouterr().out
    assert str(own_store.path) in out and "03.1  \u2605\u2605\u2606  attempts: 2" in out
    assert "Enter from the bar first (BAR_FIRST): 1 right, 1 wrong" in out
    target = tmp_path / "export.json"
    assert cli(["progress", "export", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == own_store.export_json()
    assert cli(["progress", "export", str(target)]) == 2
    assert "already there" in capsys.readouterr().err
    assert cli(["progress", "reset"]) == 2                     # not a terminal: --yes is needed
    assert "add --yes" in capsys.readouterr().err and len(own_store.answers()) == 3
    assert cli(["progress", "reset", "--yes"]) == 0 and own_store.answers() == []
    assert cli(["progress", "import", str(target)]) == 0
    assert "new answers: 3; stages improved: 1" in capsys.readouterr().out
    assert own_store.export_json() == target.read_text(encoding="utf-8")
    assert cli(["progress", "import", str(tmp_path / "missing.json")]) == 2
    assert "no such progress export" in capsys.readouterr().err


def test_a_graded_exercises_practice_answer_can_be_recorded_too(own_store):
    from bglearn.exercises import load_exercise
    from bglearn.learn.hooks import answer_checked

    ex = load_exercise("bar-entry", seed=3, student="ana")
    question = ex.question(1)
    feedback = question.check(question.example_answer())
    answer_checked(question, feedback, source="practice")
    [answer] = own_store.answers()
    assert answer.source == "practice" and answer.correct and set(answer.rules) == set(question.rules())
