"""The gradebook's file: its SQLite schema, every version of it, the steps from each version to the next,
and opening a file safely (:func:`connect`: check, then create, migrate or refuse).

A gradebook file is marked as one by ``PRAGMA application_id`` (:data:`APPLICATION_ID`) and carries its
schema version in ``PRAGMA user_version``. :data:`SCHEMAS` keeps the tables of every version the kit
ever wrote (a new file gets the newest); :data:`MIGRATIONS` ``[n]`` takes a file from version ``n`` to
``n + 1``. A migrated file has exactly the tables a new one has (tests/test_gradebook.py checks it).

- **Version 1**: one ``grades`` row per grading of a student's exercise, in the order written.
- **Version 2**: ``entries`` numbers each (assignment, student, exercise)'s gradings as attempts 1, 2,
  ...; ``rule_results`` keeps, per entry, the points earned and possible on each rule the questions test.
  Entries migrated from version 1 are numbered in the order they were written and have no rule results
  (version 1 did not keep them).

>>> SCHEMA_VERSION, sorted(SCHEMAS) == list(range(1, SCHEMA_VERSION + 1))
(2, True)
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import time
from pathlib import Path
from types import TracebackType
from typing import Iterable

from ..errors import BglearnError
from ..i18n import _

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "SCHEMAS", "MIGRATIONS", "GradebookError", "SqliteErrors", "connect"]

APPLICATION_ID = 0x42474C42
"""``PRAGMA application_id`` of a bglearn gradebook ("BGLB"): how a gradebook is told from other SQLite files."""

_V1 = (
    """CREATE TABLE grades (
    assignment TEXT NOT NULL,
    student TEXT NOT NULL,
    exercise TEXT NOT NULL,
    digest TEXT NOT NULL,
    manifest_digest TEXT NOT NULL,
    status TEXT NOT NULL,
    points REAL NOT NULL,
    max_points REAL NOT NULL,
    rows TEXT NOT NULL,
    feedback TEXT NOT NULL,
    questions INTEGER NOT NULL,
    graded_at TEXT NOT NULL)""",
    "CREATE INDEX grades_by_key ON grades (assignment, student, exercise)",
)

_ENTRIES = """CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    assignment TEXT NOT NULL,
    student TEXT NOT NULL,
    exercise TEXT NOT NULL,
    attempt INTEGER NOT NULL CHECK (attempt >= 1),
    digest TEXT NOT NULL,
    manifest_digest TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('graded', 'missing', 'unreadable')),
    points REAL NOT NULL,
    max_points REAL NOT NULL,
    rows TEXT NOT NULL,
    feedback TEXT NOT NULL,
    questions INTEGER NOT NULL,
    graded_at TEXT NOT NULL,
    UNIQUE (assignment, student, exercise, attempt))"""

_RULE_RESULTS = """CREATE TABLE rule_results (
    entry INTEGER NOT NULL REFERENCES entries (id),
    rule TEXT NOT NULL,
    earned REAL NOT NULL,
    possible REAL NOT NULL,
    PRIMARY KEY (entry, rule)) WITHOUT ROWID"""

_V2 = (_ENTRIES, "CREATE INDEX entries_by_student ON entries (student)", _RULE_RESULTS)

SCHEMAS: dict[int, tuple[str, ...]] = {1: _V1, 2: _V2}
"""The statements that make an empty gradebook of each schema version."""

SCHEMA_VERSION = max(SCHEMAS)
"""The schema this kit writes; it reads every older one after migrating it, and refuses newer ones."""

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (_ENTRIES,
        """INSERT INTO entries (assignment, student, exercise, attempt, digest, manifest_digest, status, points,
                                max_points, rows, feedback, questions, graded_at)
           SELECT assignment, student, exercise,
                  ROW_NUMBER() OVER (PARTITION BY assignment, student, exercise ORDER BY rowid),
                  digest, manifest_digest, status, points, max_points, rows, feedback, questions, graded_at
           FROM grades ORDER BY rowid""",
        "DROP TABLE grades",
        "CREATE INDEX entries_by_student ON entries (student)",
        _RULE_RESULTS),
}
"""``MIGRATIONS[n]``: the statements that take a version ``n`` gradebook to version ``n + 1`` (run in one
transaction, after a copy of the file is made)."""

_MAGIC = b"SQLite format 3\x00"


class GradebookError(BglearnError):
    """A gradebook file that cannot be used (not a gradebook, damaged, from a newer kit, locked); the
    message names the file and the problem. The file is left exactly as it was."""


class SqliteErrors:
    """Turns SQLite's errors while using ``path`` into GradebookErrors naming the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if isinstance(value, sqlite3.Error):
            raise _error(self.path, value) from None


def connect(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection to the gradebook file ``path`` made ready for use: created (current schema) when
    empty or absent, migrated when older (after a copy is made beside it); :class:`GradebookError`, and the file
    untouched, when it is not a usable gradebook."""
    _check_header(path)
    try:
        db = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise GradebookError(_("cannot open the gradebook {path}: {error}").format(path=path, error=exc)) from None
    try:
        _prepare(path, db)
    except BaseException:
        db.close()
        raise
    return db


def _error(path: Path, exc: sqlite3.Error) -> GradebookError:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return GradebookError(_("the gradebook {path} is locked by another program (another bglearn grade?); try "
                                "again when it has finished").format(path=path))
    if isinstance(exc, sqlite3.DatabaseError) and ("malformed" in text or "not a database" in text
                                                   or "disk image" in text):
        return _damaged(path, text)
    return GradebookError(_("cannot use the gradebook {path}: {error}").format(path=path, error=text))


def _damaged(path: Path, problem: str) -> GradebookError:
    return GradebookError(_("the gradebook {path} is damaged ({problem}); it was not changed: restore it from a "
                            "copy, or use another file").format(path=path, problem=problem))


def _check_header(path: Path) -> None:
    """Refuse a file that is not a SQLite database at all (an empty file may become a gradebook)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(_MAGIC))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise GradebookError(_("cannot read the gradebook {path}: {error}").format(path=path,
                                                                                  error=exc.strerror)) from None
    if head and head != _MAGIC:
        raise GradebookError(_("{path} is not a gradebook: it is not a SQLite database; it was not changed").format(
            path=path))


def _prepare(path: Path, db: sqlite3.Connection) -> None:
    """Check the open file, then make it a current gradebook: create, migrate or refuse."""
    with SqliteErrors(path):
        db.execute("PRAGMA query_only = 1")   # nothing is written until the file is known to be ours
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise _damaged(path, "; ".join(str(p) for p in problems[:3]))
        (app,) = db.execute("PRAGMA application_id").fetchone()
        (version,) = db.execute("PRAGMA user_version").fetchone()
        tables = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if app != APPLICATION_ID and (tables or version):
            raise GradebookError(_("{path} is not a gradebook: it is another program's SQLite database (tables: "
                                   "{tables}); it was not changed").format(path=path, tables=", ".join(tables[:5])))
        if version > SCHEMA_VERSION:
            raise GradebookError(_("the gradebook {path} was written by a newer bglearn (schema {version}; this one "
                                   "reads up to {known}); it was not changed: upgrade bglearn to use it").format(
                path=path, version=version, known=SCHEMA_VERSION))
        if app == APPLICATION_ID and version < 1:
            raise _damaged(path, _("it has no schema version"))
        missing = [t for t in _tables(version) if t not in tables] if app == APPLICATION_ID else []
        if missing:
            raise _damaged(path, _("its table {table} is gone").format(table=missing[0]))
        db.execute("PRAGMA query_only = 0")
        db.execute("PRAGMA foreign_keys = ON")
        if app != APPLICATION_ID:
            _create(db)
        elif version < SCHEMA_VERSION:
            _migrate(path, db, version)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")


def _tables(version: int) -> list[str]:
    """The tables a gradebook of schema ``version`` has."""
    return [m.group(1) for statement in SCHEMAS[version] for m in [re.match(r"CREATE TABLE (\w+)", statement)] if m]


def _transaction(db: sqlite3.Connection, version: int, statements: Iterable[str]) -> bool:
    """Run ``statements`` in one transaction if the file is still at schema ``version`` once it is
    locked, then mark it current; False when another process had already done so meanwhile."""
    db.execute("BEGIN EXCLUSIVE")
    try:
        still = int(db.execute("PRAGMA user_version").fetchone()[0]) == version
        if still:
            for statement in statements:
                db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return still


def _create(db: sqlite3.Connection) -> None:
    _transaction(db, 0, SCHEMAS[SCHEMA_VERSION])


def _migrate(path: Path, db: sqlite3.Connection, version: int) -> None:
    """Copy the file beside itself, then take it to the current schema in one transaction."""
    copy = _backup(path, db, version)
    try:
        if not _transaction(db, version, [s for n in range(version, SCHEMA_VERSION) for s in MIGRATIONS[n]]):
            copy.unlink()   # another process migrated it meanwhile, after keeping its own copy
    except sqlite3.Error as exc:
        raise GradebookError(_("the gradebook {path} could not be brought from schema {old} to {new} ({error}); it "
                               "was not changed, and a copy is at {copy}").format(
            path=path, old=version, new=SCHEMA_VERSION, error=exc, copy=copy)) from None


def _backup(path: Path, db: sqlite3.Connection, version: int) -> Path:
    """A consistent copy of the open gradebook beside it, under a name no file has yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    for n in range(1, 1000):
        copy = path.with_name(f"{path.stem}.v{version}-{stamp}{'' if n == 1 else f'-{n}'}{path.suffix}")
        try:
            os.close(os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))   # the name is ours alone
            break
        except FileExistsError:
            continue
    else:
        raise GradebookError(_("cannot find a free name to copy {path} to").format(path=path))
    try:
        target = sqlite3.connect(copy)
        try:
            db.backup(target)
        finally:
            target.close()
        shutil.copymode(path, copy)
    except BaseException:
        copy.unlink(missing_ok=True)
        raise
    return copy
