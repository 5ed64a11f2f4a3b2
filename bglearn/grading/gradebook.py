"""The gradebook for the term: every grading of every assignment, kept in one SQLite file per course.

``bglearn grade`` records each student's graded exercise here as it finishes (its journal for
``--resume``); ``bglearn gradebook`` shows and exports what it holds. Each recording is a new attempt
(numbered 1, 2, ... per assignment, student and exercise), so nothing recorded is ever replaced.

The file is safe to read while a grading run writes it (write-ahead log, a busy timeout); only the
grader's own process writes, one transaction per entry, so a run stopped at any moment leaves every
finished entry and no half of one. Opening a file checks it first and never writes to one it refuses:

- a file that is not a SQLite database, is damaged (``PRAGMA quick_check``), is another program's
  database, or was written by a newer kit (schema in :mod:`bglearn.grading.gradebook_schema`) raises
  :class:`GradebookError` naming the file and the problem;
- an older gradebook is copied beside itself (``gradebook.v1-20261203-210500.sqlite``), then migrated
  in one transaction.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "gradebook.sqlite"
>>> with Gradebook.open(path) as book:
...     _ = book.record(Entry("week-1", "ana", "bearing-off", "missing", "0" * 64, "missing", 0, 10, (), "", 8))
...     [(e.student, e.attempt, e.points) for e in book.latest("week-1").values()]
[('ana', 1, 0.0)]
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import threading
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from ..errors import BglearnError
from ..i18n import _
from .gradebook_schema import SCHEMA_VERSION, GradebookError, SqliteErrors, connect

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..exercises import Exercise
    from .score import StudentResult

__all__ = ["SCHEMA_VERSION", "GradebookError", "Entry", "Gradebook", "rule_results", "STATUSES"]

STATUSES = ("graded", "missing", "unreadable")
_COLUMNS = ("id, assignment, student, exercise, attempt, digest, manifest_digest, status, points, max_points, rows, "
            "feedback, questions, graded_at")


@dataclass(frozen=True)
class Entry:
    """One grading of one student's submission of one exercise of an assignment.

    ``digest`` is the sha256 (hex) of the submission's bytes, or ``"missing"``; ``manifest_digest``
    the sha256 of the manifest it was graded with. ``rows`` are the grade-sheet rows and ``feedback``
    the student's feedback text exactly as written; ``rules`` (rule code, points earned, points
    possible), sorted by code (:func:`rule_results`). ``graded_at`` (ISO 8601, UTC) is filled by
    :meth:`Gradebook.record` when empty; ``attempt`` is the number the gradebook gave it (0 before it
    is recorded). Raises BglearnError naming the field when a value cannot be kept."""

    assignment: str
    student: str
    exercise: str
    digest: str
    manifest_digest: str
    status: str
    points: float
    max_points: float
    rows: tuple[tuple[str, ...], ...]
    feedback: str
    questions: int
    rules: tuple[tuple[str, float, float], ...] = ()
    graded_at: str = ""
    attempt: int = 0

    def __post_init__(self) -> None:
        for name in ("assignment", "student", "exercise", "digest", "manifest_digest"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name):
                raise BglearnError(_("a gradebook entry needs a {field} (a non-empty text)").format(field=name))
        if self.status not in STATUSES:
            raise BglearnError(_("a gradebook entry's status is one of {statuses}, not {status}").format(
                statuses=", ".join(STATUSES), status=repr(self.status)))
        numbers = [self.points, self.max_points] + [n for _code, *pair in self.rules for n in pair]
        if not all(isinstance(n, (int, float)) and math.isfinite(n) for n in numbers):
            raise BglearnError(_("a gradebook entry's points must be finite numbers"))
        if isinstance(self.questions, bool) or not isinstance(self.questions, int) or self.questions < 0:
            raise BglearnError(_("a gradebook entry's number of questions must be a whole number, at least 0"))
        texts = [self.assignment, self.student, self.exercise, self.feedback] + [c for r in self.rows for c in r]
        try:
            "".join(texts + [code for code, *_pair in self.rules]).encode("utf-8")
        except (TypeError, UnicodeEncodeError):
            raise BglearnError(_("a gradebook entry's texts must be text that UTF-8 can encode (rows of texts, no "
                                 "lone surrogates)")) from None
        codes = [code for code, *_pair in self.rules]
        if codes != sorted(set(codes)):
            raise BglearnError(_("a gradebook entry's rule results must be sorted by rule code, each code once"))


def rule_results(result: StudentResult, exercise: Exercise) -> tuple[tuple[str, float, float], ...]:
    """Per rule code the student's questions test (the engine's answer to each question's
    ``rules()``: rule codes and the scoring and cube topics), the points earned and the points
    possible over those questions; sorted by code. A question testing several rules counts for each."""
    totals: dict[str, list[float]] = {}
    for fb in result.feedback:
        for code in set(exercise.unmasked_question(fb.number).rules()):
            earned_possible = totals.setdefault(code, [0.0, 0.0])
            earned_possible[0] += fb.points or 0.0
            earned_possible[1] += fb.max_points
    return tuple((code, earned, possible) for code, (earned, possible) in sorted(totals.items()))


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Gradebook:
    """An open gradebook file (:meth:`open`). Use it as a context manager, or :meth:`close` it."""

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = connection
        self._lock = threading.Lock()

    # -- opening -------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, create: bool = True, timeout: float = 10.0) -> Gradebook:
        """The gradebook at ``path``: created (current schema) when there is no file and ``create``,
        migrated (after a copy is made beside it) when older. Raises :class:`GradebookError`, leaving the
        file untouched, when it is not a gradebook, is damaged, is newer than this kit reads, or stays
        locked by another program for ``timeout`` seconds."""
        p = Path(path)
        if p.is_dir():
            raise GradebookError(_("{path} is a folder, not a gradebook file").format(path=p))
        if not p.exists() and not create:
            raise GradebookError(_("no such gradebook: {path}").format(path=p))
        db = connect(p, timeout)
        return cls(p, db)

    def close(self) -> None:
        """Close the file (its write-ahead log is folded back into it)."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> Gradebook:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------
    def record(self, entry: Entry) -> Entry:
        """Add ``entry`` as the next attempt of its (assignment, student, exercise), in one transaction;
        returns it as recorded (``attempt`` and ``graded_at`` filled in)."""
        entry = replace(entry, graded_at=entry.graded_at or _now())
        values = (entry.assignment, entry.student, entry.exercise, entry.digest, entry.manifest_digest, entry.status,
                  float(entry.points), float(entry.max_points), json.dumps([list(r) for r in entry.rows]),
                  entry.feedback, entry.questions, entry.graded_at)
        with self._lock, self._guard():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                (attempt,) = self._db.execute(
                    "SELECT COALESCE(MAX(attempt), 0) + 1 FROM entries WHERE assignment = ? AND student = ? "
                    "AND exercise = ?", values[:3]).fetchone()
                cursor = self._db.execute(
                    "INSERT INTO entries (assignment, student, exercise, digest, manifest_digest, status, points, "
                    "max_points, rows, feedback, questions, graded_at, attempt) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values + (attempt,))
                self._db.executemany("INSERT INTO rule_results (entry, rule, earned, possible) VALUES (?, ?, ?, ?)",
                                     [(cursor.lastrowid, code, float(e), float(p)) for code, e, p in entry.rules])
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        return replace(entry, attempt=attempt)

    # -- reading -------------------------------------------------------------------------------
    def latest(self, assignment: str) -> dict[tuple[str, str], Entry]:
        """``(student, exercise)`` -> the newest attempt, for every student recorded in ``assignment``."""
        return {(e.student, e.exercise): e for e in self._entries(
            "assignment = ? AND attempt = (SELECT MAX(attempt) FROM entries AS n WHERE n.assignment = "
            "entries.assignment AND n.student = entries.student AND n.exercise = entries.exercise)", (assignment,))}

    def attempts(self, assignment: str, student: str, exercise: str) -> list[Entry]:
        """Every attempt of ``student`` at ``exercise`` in ``assignment``, the first first."""
        return self._entries("assignment = ? AND student = ? AND exercise = ?", (assignment, student, exercise))

    def assignments(self) -> list[str]:
        """The assignments recorded, in the order each was first recorded."""
        with self._lock, self._guard():
            return [a for (a,) in self._db.execute("SELECT assignment FROM entries GROUP BY assignment ORDER BY MIN(id)")]

    def students(self) -> list[str]:
        """Every student recorded in any assignment, sorted."""
        with self._lock, self._guard():
            return [s for (s,) in self._db.execute("SELECT DISTINCT student FROM entries ORDER BY student")]

    def record_of(self, student: str) -> list[Entry]:
        """The newest attempt of each exercise of each assignment ``student`` has entries in
        (assignments in the order first recorded, then exercises by name)."""
        newest = self._entries(
            "student = ? AND attempt = (SELECT MAX(attempt) FROM entries AS n WHERE n.assignment = "
            "entries.assignment AND n.student = entries.student AND n.exercise = entries.exercise)", (student,))
        order = {a: i for i, a in enumerate(self.assignments())}
        return sorted(newest, key=lambda e: (order[e.assignment], e.exercise))

    def _entries(self, where: str, params: tuple[str, ...]) -> list[Entry]:
        with self._lock, self._guard():
            rows = self._db.execute(f"SELECT {_COLUMNS} FROM entries WHERE {where} ORDER BY attempt, id",
                                    params).fetchall()
            rules: dict[int, list[tuple[str, float, float]]] = {}
            for entry, code, earned, possible in self._db.execute(
                    f"SELECT entry, rule, earned, possible FROM rule_results WHERE entry IN "
                    f"(SELECT id FROM entries WHERE {where}) ORDER BY entry, rule", params):
                rules.setdefault(entry, []).append((code, earned, possible))
        entries = [Entry(assignment=a, student=s, exercise=x, attempt=n, digest=d, manifest_digest=md, status=st,
                         points=pt, max_points=mx, rows=tuple(tuple(r) for r in json.loads(rw)), feedback=fb,
                         questions=q, graded_at=at, rules=tuple(rules.get(i, ())))
                   for i, a, s, x, n, d, md, st, pt, mx, rw, fb, q, at in rows]
        entries.sort(key=lambda e: (e.assignment, e.student, e.exercise, e.attempt))
        return entries

    def _guard(self) -> SqliteErrors:
        return SqliteErrors(self.path)
