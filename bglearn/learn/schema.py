"""The progress file: its SQLite schema, every version of it, the steps from each version to the next,
and checking a database before anything is written to it (:func:`prepare`: create, migrate or refuse).

A progress file is marked as one by ``PRAGMA application_id`` (:data:`APPLICATION_ID`) and keeps its
schema version in its ``meta`` table (key ``schema``). :data:`SCHEMAS` holds the tables of every
version the kit ever wrote (a new file gets the newest); :data:`MIGRATIONS` ``[n]`` takes a file from
version ``n`` to ``n + 1``, in one transaction, after a copy of the file is kept beside it.

- **Version 1**: ``answers`` (one row per answer or attempt: when, where from, the stage, right or not;
  its ``id`` is unique across machines, so an import made twice adds nothing; answers given at the same
  time keep the order they were kept in), ``answer_rules`` (the rule
  codes each answer exercised), ``stages`` (each stage's best result) and ``meta``. The Leitner box of
  a rule is not stored: it follows from the rule's answers in time order (:mod:`bglearn.learn.schedule`),
  so a merged import can never disagree with it.

>>> SCHEMA_VERSION, sorted(SCHEMAS) == list(range(1, SCHEMA_VERSION + 1))
(1, True)
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Callable, Iterable

from ..errors import BglearnError
from ..i18n import _

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "SCHEMAS", "MIGRATIONS", "ProgressError", "prepare", "tables",
           "sqlite_error", "MAGIC"]

APPLICATION_ID = 0x42474C50
"""``PRAGMA application_id`` of a bglearn progress file ("BGLP"): how it is told from other SQLite files."""

MAGIC = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""

_V1 = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    """CREATE TABLE answers (
    id TEXT PRIMARY KEY,
    at TEXT NOT NULL,
    source TEXT NOT NULL,
    stage TEXT,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)))""",
    "CREATE INDEX answers_by_time ON answers (at)",
    """CREATE TABLE answer_rules (
    answer TEXT NOT NULL REFERENCES answers (id) ON DELETE CASCADE,
    rule TEXT NOT NULL,
    PRIMARY KEY (answer, rule)) WITHOUT ROWID""",
    "CREATE INDEX answer_rules_by_rule ON answer_rules (rule)",
    """CREATE TABLE stages (
    stage TEXT PRIMARY KEY,
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
    attempts INTEGER NOT NULL CHECK (attempts >= 1),
    finished TEXT NOT NULL) WITHOUT ROWID""",
)

SCHEMAS: dict[int, tuple[str, ...]] = {1: _V1}
"""The statements that make an empty progress file of each schema version."""

SCHEMA_VERSION = max(SCHEMAS)
"""The schema this kit writes; it reads every older one after migrating it, and refuses newer ones."""

MIGRATIONS: dict[int, tuple[str, ...]] = {}
"""``MIGRATIONS[n]``: the statements that take a version ``n`` file to version ``n + 1`` (run in one
transaction, after a copy of the file is made)."""


class ProgressError(BglearnError):
    """A progress file that cannot be used (not a progress file, damaged, from a newer kit, locked), or a
    progress record or export that cannot be kept; the message names the file and what to do. A file
    that is refused is left exactly as it was."""


def tables(version: int) -> list[str]:
    """The tables a progress file of schema ``version`` has."""
    return [m.group(1) for statement in SCHEMAS[version] for m in [re.match(r"CREATE TABLE (\w+)", statement)] if m]


def damaged(path: object, problem: str) -> ProgressError:
    """The error for a damaged progress file (which is never changed)."""
    return ProgressError(_("your progress file {path} is damaged ({problem}); it was not changed. Move it "
                           "aside (or restore a copy) and bglearn starts a new one; `bglearn progress import` "
                           "can bring back an export").format(path=path, problem=problem))


def sqlite_error(path: object, exc: sqlite3.Error) -> ProgressError:
    """SQLite's ``exc`` while using the progress file ``path``, as a ProgressError naming the file."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return ProgressError(_("your progress file {path} is busy (another notebook is saving to it); try "
                               "again in a moment").format(path=path))
    if isinstance(exc, sqlite3.DatabaseError) and ("malformed" in text or "not a database" in text
                                                   or "disk image" in text):
        return damaged(path, text)
    return ProgressError(_("cannot use your progress file {path}: {error}").format(path=path, error=text))


def check_header(path: Path) -> None:
    """Refuse a file that is not a SQLite database at all (an absent or empty file may become one)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(MAGIC))
    except FileNotFoundError:
        return
    except IsADirectoryError:
        raise ProgressError(_("{path} is a folder, not a progress file; set BGLEARN_PROGRESS to a file "
                              "name").format(path=path)) from None
    except OSError as exc:
        raise ProgressError(_("cannot read your progress file {path}: {error}").format(
            path=path, error=exc.strerror)) from None
    if head and head != MAGIC:
        raise ProgressError(_("{path} is not a bglearn progress file (it is not a SQLite database); it was not "
                              "changed. Move it aside, or set BGLEARN_PROGRESS to another file").format(path=path))


def _version(db: sqlite3.Connection, path: object) -> int:
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except sqlite3.OperationalError:
        raise damaged(path, _("its table {table} is gone").format(table="meta")) from None
    if row is None or not str(row[0]).isdigit():
        raise damaged(path, _("it has no schema version"))
    return int(row[0])


def prepare(db: sqlite3.Connection, path: object, backup: Callable[[int], object] | None = None) -> bool:
    """Check the open database ``db`` (the progress file ``path``), then make it a current progress file:
    create the tables when it is empty, migrate it when it is older (``backup(version)`` first keeps a
    copy and returns where), refuse it with :class:`ProgressError` (writing nothing) otherwise. Returns
    whether anything was written."""
    try:
        db.execute("PRAGMA query_only = 1")  # nothing is written until the file is known to be ours
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise damaged(path, "; ".join(str(p) for p in problems[:3]))
        (app,) = db.execute("PRAGMA application_id").fetchone()
        names = [name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if app != APPLICATION_ID and names:
            raise ProgressError(_("{path} is not a bglearn progress file: it is another program's SQLite database "
                                  "(tables: {tables}); it was not changed. Set BGLEARN_PROGRESS to another "
                                  "file").format(path=path, tables=", ".join(names[:5])))
        version = _version(db, path) if app == APPLICATION_ID else 0
        if version > SCHEMA_VERSION:
            raise ProgressError(_("your progress file {path} was made by a newer bglearn (schema {version}; this one "
                                  "reads up to {known}); it was not changed: upgrade bglearn (pip install -U "
                                  "bglearn-kit) to use it").format(path=path, version=version, known=SCHEMA_VERSION))
        if app == APPLICATION_ID:
            missing = [t for t in tables(version) if t not in names]
            if missing:
                raise damaged(path, _("its table {table} is gone").format(table=missing[0]))
        db.execute("PRAGMA query_only = 0")
        db.execute("PRAGMA foreign_keys = ON")
        if app != APPLICATION_ID:
            return _transaction(db, 0, SCHEMAS[SCHEMA_VERSION])
        if version < SCHEMA_VERSION:
            copy = backup(version) if backup is not None else None
            try:
                migrated = _transaction(db, version, [s for n in range(version, SCHEMA_VERSION) for s in MIGRATIONS[n]])
            except sqlite3.Error as exc:
                raise ProgressError(_("your progress file {path} could not be brought from schema {old} to {new} "
                                      "({error}); it was not changed, and a copy is at {copy}").format(
                    path=path, old=version, new=SCHEMA_VERSION, error=exc, copy=copy)) from None
            if not migrated and isinstance(copy, Path):  # another process migrated it meanwhile, keeping its own copy
                copy.unlink(missing_ok=True)
            return migrated
        return False
    except sqlite3.Error as exc:
        raise sqlite_error(path, exc) from None


def _transaction(db: sqlite3.Connection, version: int, statements: Iterable[str]) -> bool:
    """Run ``statements`` in one transaction if the file is still at schema ``version`` once it is locked
    (0: still empty), then mark it current; False when another process had done so meanwhile."""
    db.execute("BEGIN EXCLUSIVE")
    try:
        (app,) = db.execute("PRAGMA application_id").fetchone()
        still = (app != APPLICATION_ID) if version == 0 else _version(db, "") == version
        if still:
            for statement in statements:
                db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return still
