"""A learner's saved progress: every answer against the rules it exercised, each stage's best result,
mastery by rule and the review schedule — one API on a Jupyter server and in the zero-install website.

:func:`progress` opens the learner's store once per process. It is a SQLite file:

- ``BGLEARN_PROGRESS`` (a file path) when set; ``BGLEARN_PROGRESS=off`` keeps nothing (answers are
  still judged; the grader's sandbox runs every submission so, and a shared demo machine may);
- in the zero-install website (``sys.platform == "emscripten"``), ``/drive/.bglearn/progress.sqlite`` in
  the site's own drive, which the browser keeps (IndexedDB) across reloads; the file is read into memory
  and written back whole after each change (SQLite's own locking does not work on that drive);
- otherwise ``progress.sqlite`` in the user's data folder (``platformdirs.user_data_dir("bglearn")`` —
  ``~/.local/share/bglearn`` on Linux — or the same place without platformdirs), outside the kit, so it
  survives restarts and upgrades of the kit.

Two notebooks writing at once are safe (write-ahead log, a busy timeout, one transaction per change).
A file the store cannot use — not a SQLite database, another program's, damaged, or made by a newer
bglearn — raises :class:`ProgressError` naming the file and what to do, and is never changed.

>>> import tempfile, pathlib
>>> p = Progress.open(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite")
>>> p.record(["BAR_FIRST"], False, source="quiz")
>>> p.finish_stage("03.2", 2, attempts=2)
>>> p.mastery()["BAR_FIRST"].wrong, p.stage("03.2").stars, p.due()
(1, 2, ['BAR_FIRST'])
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import time
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..i18n import _
from . import exchange
from .mastery import RuleMastery, tally, weakest_first
from .records import Answer, StageRecord, better, check_stage, format_time, parse_time, utc_now
from .schema import MAGIC, ProgressError, check_header, damaged, prepare, sqlite_error

__all__ = ["ENV_VAR", "Progress", "ProgressError", "StageRecord", "RuleMastery", "ImportSummary", "progress",
           "default_path", "data_dir"]

ENV_VAR = "BGLEARN_PROGRESS"
"""The environment variable naming the progress file (tests and the lesson build point it elsewhere)."""
SITE_PATH = Path("/drive/.bglearn/progress.sqlite")
"""Where the zero-install website keeps the progress: its drive, which the browser stores."""
FILE_NAME = "progress.sqlite"


def data_dir() -> Path:
    """The user's data folder for bglearn: ``platformdirs.user_data_dir("bglearn")`` when platformdirs is
    installed (it comes with the ``lessons`` extra), else the same place found without it
    (``$XDG_DATA_HOME/bglearn`` or ``~/.local/share/bglearn``; ``~/Library/Application Support/bglearn`` on
    macOS; ``%LOCALAPPDATA%\\bglearn\\bglearn`` on Windows)."""
    try:
        import platformdirs
    except ImportError:
        home = Path.home()
        if sys.platform == "win32":
            return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "bglearn" / "bglearn"
        if sys.platform == "darwin":
            return home / "Library" / "Application Support" / "bglearn"
        return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "bglearn"
    return Path(platformdirs.user_data_dir("bglearn"))


def _set_off() -> bool:
    return os.environ.get(ENV_VAR, "").strip().lower() == "off"


def recording_off() -> bool:
    """True when answers are not to be kept: ``BGLEARN_PROGRESS=off``, or a notebook run by nbgrader's
    autograde or validate (``NBGRADER_EXECUTION``), whose answers are a student's, not those of the
    learner on this machine."""
    return _set_off() or bool(os.environ.get("NBGRADER_EXECUTION"))


def default_path() -> Path:
    """Where :func:`progress` keeps the learner's progress (see the module's text). ProgressError when
    ``BGLEARN_PROGRESS=off``."""
    if _set_off():
        raise ProgressError(_("progress is not kept here: BGLEARN_PROGRESS is set to off."))
    named = os.environ.get(ENV_VAR, "").strip()
    if named:
        return Path(named).expanduser()
    if sys.platform == "emscripten":
        return SITE_PATH
    return data_dir() / FILE_NAME


@dataclass(frozen=True)
class ImportSummary:
    """What an import added: new ``answers`` and ``stages`` whose best result it improved (or added)."""

    answers: int
    stages: int


# -- the two ways of keeping the file ---------------------------------------------------------------

class _Database:
    """An open progress file: ``reading()`` and ``writing()`` give its connection."""

    path: Path

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        raise NotImplementedError
        yield  # pragma: no cover

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        raise NotImplementedError
        yield  # pragma: no cover

    def close(self) -> None:
        raise NotImplementedError


def _make_folder(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ProgressError(_("cannot make the folder for your progress file {path}: {error}").format(
            path=path, error=exc.strerror or exc)) from None


def _free_name(path: Path, label: str, suffix: str | None = None) -> Path:
    """A name beside ``path`` no file has yet, reserved by creating it empty."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    for n in range(1, 1000):
        name = f"{path.stem}.{label}-{stamp}{'' if n == 1 else f'-{n}'}{suffix or path.suffix}"
        candidate = path.with_name(name)
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return candidate
        except FileExistsError:
            continue
    raise ProgressError(_("cannot find a free name to copy {path} to").format(path=path))


class _SqliteFile(_Database):
    """The file used in place by SQLite (a Jupyter server): write-ahead log, busy timeout."""

    def __init__(self, path: Path, timeout: float) -> None:
        self.path = path
        check_header(path)
        _make_folder(path)
        try:
            db = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise ProgressError(_("cannot open your progress file {path}: {error}").format(path=path,
                                                                                         error=exc)) from None
        self._db = db
        try:
            prepare(db, path, self._backup)
            with self._errors():
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            db.close()
            raise

    def _backup(self, version: int) -> Path:
        copy = _free_name(self.path, f"v{version}")
        target = sqlite3.connect(copy)
        try:
            self._db.backup(target)
        finally:
            target.close()
        return copy

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise sqlite_error(self.path, exc) from None

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        with self._errors():
            yield self._db

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        self._db.close()


class _WholeFile(_Database):
    """The file read into memory and written back whole after each change (the website's drive, where
    SQLite cannot lock files). Before each use the file is read again if another tab changed it."""

    def __init__(self, path: Path) -> None:
        if not hasattr(sqlite3.Connection, "deserialize"):
            raise ProgressError(_("keeping progress in {path} as a whole file needs Python 3.11 or newer").format(
                path=path))
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._stamp: tuple[int, int] | None = None
        self._load()

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise ProgressError(_("cannot read your progress file {path}: {error}").format(
                path=self.path, error=exc.strerror)) from None
        return st.st_mtime_ns, st.st_size

    def _load(self) -> None:
        stamp = self._file_stamp()
        if self._db is not None and stamp == self._stamp:
            return
        check_header(self.path)
        try:
            data = self.path.read_bytes() if stamp is not None else b""
        except OSError as exc:
            raise ProgressError(_("cannot read your progress file {path}: {error}").format(
                path=self.path, error=exc.strerror)) from None
        if data and not data.startswith(MAGIC):
            raise damaged(self.path, _("it is not a SQLite database"))
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            if data:
                image = data
                if image[18:20] == b"\x02\x02":  # written in write-ahead-log mode (by a server): read as a plain file
                    image = image[:18] + b"\x01\x01" + image[20:]
                try:
                    getattr(db, "deserialize")(image)  # Python 3.11+ (checked when opened)
                except sqlite3.Error as exc:
                    raise damaged(self.path, str(exc)) from None
            wrote = prepare(db, self.path, lambda version: self._keep_copy(data, version))
        except BaseException:
            db.close()
            raise
        if self._db is not None:
            self._db.close()
        self._db, self._stamp = db, stamp
        if wrote:
            self._save()

    def _keep_copy(self, data: bytes, version: int) -> Path:
        copy = _free_name(self.path, f"v{version}")
        copy.write_bytes(data)
        return copy

    def _save(self) -> None:
        assert self._db is not None
        data: bytes = getattr(self._db, "serialize")()  # Python 3.11+ (checked when opened)
        _make_folder(self.path)
        temporary = self.path.with_name(self.path.name + ".saving")
        try:
            temporary.write_bytes(data)
            try:
                os.replace(temporary, self.path)
            except OSError:  # a drive without rename: write in place
                self.path.write_bytes(data)
                temporary.unlink(missing_ok=True)
        except OSError as exc:
            raise ProgressError(_("cannot save your progress to {path}: {error}").format(
                path=self.path, error=exc.strerror or exc)) from None
        self._stamp = self._file_stamp()

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        self._load()
        assert self._db is not None
        try:
            yield self._db
        except sqlite3.Error as exc:
            raise sqlite_error(self.path, exc) from None

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        self._load()
        db = self._db
        assert db is not None
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise sqlite_error(self.path, exc) from None
        self._save()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


# -- the store --------------------------------------------------------------------------------------

class Progress:
    """A learner's progress store (open one with :meth:`open`, or the learner's own with :func:`progress`).

    Every method that writes is one transaction and then calls the :meth:`on_change` callbacks."""

    def __init__(self, database: _Database) -> None:
        self._database = database
        self.path: Path = database.path
        self._lock = threading.RLock()
        self._callbacks: list[Callable[[], Any]] = []

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, whole_file: bool | None = None, timeout: float = 10.0) -> Progress:
        """The progress file at ``path`` (created when absent). ``whole_file``: read it into memory and write
        it back whole after each change (the default in the website; see the module's text). Raises
        :class:`ProgressError`, leaving the file as it was, when it cannot be used."""
        p = Path(path).expanduser()
        if p.is_dir():
            raise ProgressError(_("{path} is a folder, not a progress file; set BGLEARN_PROGRESS to a file "
                                  "name").format(path=p))
        if whole_file is None:
            whole_file = sys.platform == "emscripten"
        return cls(_WholeFile(p) if whole_file else _SqliteFile(p, timeout))

    def close(self) -> None:
        """Close the file (the store cannot be used afterwards)."""
        self._database.close()

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r})"

    # -- writing ------------------------------------------------------------------------------------
    def on_change(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` after each change (an answer, a stage, an import, a reset). A callback that
        fails is reported as a warning; the change stays."""
        self._callbacks.append(callback)

    def _changed(self) -> None:
        for callback in list(self._callbacks):
            try:
                callback()
            except Exception as exc:  # a broken listener must not lose the learner's answer
                warnings.warn(_("a progress listener failed: {error}").format(error=exc), RuntimeWarning, stacklevel=3)

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._database.writing() as db:
            yield db

    def record(self, rules: Iterable[str] | str, correct: bool, *, source: str, stage: str | None = None,
               now: datetime | None = None) -> None:
        """Record one answer or attempt, right (``correct``) or not, against the rule codes it exercised
        (:data:`bglearn.exercises.rules.RULES`); ``source`` says where it was given (``"quiz"``,
        ``"stage"``, ``"practice"``, ``"review"``), ``stage`` the course stage (or None); ``now`` its time
        (default: now). ProgressError naming a bad value."""
        self._add([Answer.new(rules, correct, source=source, stage=stage, at=now)])
        self._changed()

    def _add(self, answers: Iterable[Answer]) -> int:
        added = 0
        with self._writing() as db:
            for a in answers:
                cursor = db.execute("INSERT OR IGNORE INTO answers (id, at, source, stage, correct) VALUES (?, ?, ?, ?, ?)",
                                    (a.id, format_time(a.at), a.source, a.stage, int(a.correct)))
                if cursor.rowcount:
                    added += 1
                    db.executemany("INSERT OR IGNORE INTO answer_rules (answer, rule) VALUES (?, ?)",
                                   [(a.id, rule) for rule in a.rules])
        return added

    def finish_stage(self, stage: str, stars: int, *, attempts: int, now: datetime | None = None) -> None:
        """Record that ``stage`` was finished with ``stars`` (1-3) after ``attempts`` attempts (at least 1).
        The best result is kept (more stars; as many in fewer attempts), with the time it was first reached."""
        check_stage(stage)
        if stage is None:
            raise ProgressError(_("finish_stage needs a stage id such as \"03.2\""))
        if isinstance(stars, bool) or stars not in (1, 2, 3):
            raise ProgressError(_("a stage earns 1, 2 or 3 stars, not {value}").format(value=repr(stars)))
        if isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 1:
            raise ProgressError(_("attempts is a whole number, at least 1, not {value}").format(value=repr(attempts)))
        when = utc_now() if now is None else parse_time(format_time(now))
        self._keep_best([StageRecord(stage, stars, attempts, when)])
        self._changed()

    def _keep_best(self, records: Iterable[StageRecord]) -> int:
        improved = 0
        with self._writing() as db:
            for record in records:
                row = db.execute("SELECT stars, attempts, finished FROM stages WHERE stage = ?",
                                 (record.stage,)).fetchone()
                old = None if row is None else StageRecord(record.stage, row[0], row[1], parse_time(row[2]))
                if better(record, old):
                    db.execute("INSERT OR REPLACE INTO stages (stage, stars, attempts, finished) VALUES (?, ?, ?, ?)",
                               (record.stage, record.stars, record.attempts, format_time(record.finished)))
                    improved += 1
        return improved

    # -- reading ------------------------------------------------------------------------------------
    def stage(self, stage: str) -> StageRecord | None:
        """The best result of ``stage``, or None when it was never finished."""
        return self.stages().get(stage)

    def stages(self) -> dict[str, StageRecord]:
        """Every finished stage's best result, by stage id (sorted)."""
        with self._lock, self._database.reading() as db:
            rows = db.execute("SELECT stage, stars, attempts, finished FROM stages ORDER BY stage").fetchall()
        return {s: StageRecord(s, stars, attempts, parse_time(f)) for s, stars, attempts, f in rows}

    def answers(self) -> list[Answer]:
        """Every answer recorded, in time order."""
        with self._lock, self._database.reading() as db:
            rows = db.execute("SELECT id, at, source, stage, correct FROM answers ORDER BY at, rowid").fetchall()
            rules: dict[str, list[str]] = {}
            for answer, rule in db.execute("SELECT answer, rule FROM answer_rules ORDER BY answer, rule"):
                rules.setdefault(answer, []).append(rule)
        return [Answer(i, parse_time(at), source, stage, bool(correct), tuple(rules.get(i, ())))
                for i, at, source, stage, correct in rows]

    def mastery(self) -> dict[str, RuleMastery]:
        """Each rule answered on: right and wrong answers, Leitner box, when due, when last seen (by code)."""
        with self._lock, self._database.reading() as db:
            rows = db.execute("SELECT r.rule, a.at, a.correct FROM answer_rules r JOIN answers a ON a.id = r.answer "
                              "ORDER BY a.at, a.rowid").fetchall()
        return tally((rule, parse_time(at), bool(correct)) for rule, at, correct in rows)

    def due(self, now: datetime | None = None) -> list[str]:
        """The rule codes due for review at ``now`` (default: now), weakest first."""
        return weakest_first(self.mastery().values(), utc_now() if now is None else parse_time(format_time(now)))

    # -- moving and resetting ----------------------------------------------------------------------
    def export_json(self) -> str:
        """The whole progress as JSON (:mod:`bglearn.learn.exchange` describes the format)."""
        return exchange.dumps(self.answers(), self.stages())

    def import_json(self, text: str | bytes, *, name: str = "") -> ImportSummary:
        """Merge an export (``name``: its file, for messages) into this store: answers it does not hold yet
        are added (an import made twice adds nothing) and each stage keeps its best result. The whole
        export is checked first: a ProgressError naming the line or field, and nothing changed, otherwise."""
        answers, stages = exchange.loads(text, name)
        summary = ImportSummary(self._add(answers), self._keep_best(stages.values()))
        self._changed()
        return summary

    def reset(self) -> Path | None:
        """Forget every answer and stage. What was there is first written, as an export, to a file beside
        the store (``progress.before-reset-<time>.json``), whose path is returned (None when there was
        nothing to forget)."""
        kept = None
        with self._lock:
            text = self.export_json()
            if self.answers() or self.stages():
                kept = _free_name(self.path, "before-reset", ".json")
                kept.write_text(text, encoding="utf-8")
            with self._writing() as db:
                db.execute("DELETE FROM answer_rules")
                db.execute("DELETE FROM answers")
                db.execute("DELETE FROM stages")
        self._changed()
        return kept


_opened: dict[Path, Progress] = {}
_opening = threading.Lock()


def progress() -> Progress:
    """The learner's progress store (:func:`default_path`), opened once per process (again when
    ``BGLEARN_PROGRESS`` names another file). ProgressError when the file cannot be used."""
    path = default_path()
    with _opening:
        store = _opened.get(path)
        if store is None:
            store = _opened[path] = Progress.open(path)
        return store
