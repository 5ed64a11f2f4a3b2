"""Step 2 of grading: find each roster student's submission, and read it, without trusting the folder.

A class's submissions arrive as an extracted zip or tar: anything can be in it. Only these are read:

- ``submissions/<student>/...<exercise>.ipynb`` (searched at most :data:`MAX_DEPTH` folders deep, at
  most :data:`MAX_ENTRIES` entries per student, without recursion), or ``submissions/<student>.ipynb``
  for a one-exercise assignment;
- regular files only, inside the student's own folder: a symbolic link, a FIFO, a socket or a device
  is never opened (the file is opened with ``O_NOFOLLOW | O_NONBLOCK`` and checked with ``fstat``
  before a byte is read), a link to a folder is never followed;
- at most :data:`MAX_FILE_BYTES` (100 MB, nbgrader's exchange limit) per notebook.

Every refusal is a note in that student's feedback (a folder of another name is a warning for the
teacher). A folder that holds nothing of any roster student is an error: it is not a folder of
submissions.

>>> from bglearn.grading.collect import MAX_FILE_BYTES
>>> MAX_FILE_BYTES // 2**20
100
"""

from __future__ import annotations

import os
import stat
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BglearnError
from ..i18n import _
from .roster import MANIFEST, Assignment

__all__ = ["Collection", "find_submissions", "read_submission", "MAX_FILE_BYTES", "MAX_DEPTH", "MAX_ENTRIES"]

MAX_FILE_BYTES = 100 << 20
"""A submission larger than this is not read (nbgrader's limit; an exercise notebook is well under 1 MB)."""
MAX_DEPTH = 8
"""Folders deeper than this inside a student's folder are not searched."""
MAX_ENTRIES = 2000
"""At most this many entries of a student's folder (all levels together) are looked at."""
MAX_NOTES = 8
"""At most this many refusals are listed one by one for one student (then counted)."""


@dataclass
class Collection:
    """What was found: ``files[(student, exercise)]``, the notes for each student (refused files,
    second copies...), and warnings for the teacher (entries that belong to nobody on the roster)."""

    files: dict[tuple[str, str], Path] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)   # roster students with anything at all in the folder

    def note(self, student: str, text: str) -> None:
        notes = self.notes.setdefault(student, [])
        if len(notes) < MAX_NOTES:
            notes.append(text)
        elif len(notes) == MAX_NOTES:
            notes.append(_("Further entries of the folder were refused as well (not listed)."))


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in a few words."""
    if stat.S_ISLNK(mode):
        return _("a symbolic link")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("not a regular file")


def _exercise_of(name: str, exercises: list[str]) -> str | None:
    stem = name[: -len(".ipynb")]
    return stem if stem in exercises else (exercises[0] if len(exercises) == 1 else None)


def _walk(folder: Path, sid: str, exercises: list[str], found: Collection) -> None:
    """Search ``folder`` (the student's own) for notebooks, breadth first, within the limits. Of several
    notebooks for one exercise, ``<exercise>.ipynb`` wins over other names, then the shallowest, then
    the first by name (the same whatever order the file system lists them in)."""
    queue: deque[tuple[Path, int]] = deque([(folder, 0)])
    looked = 0
    candidates: dict[str, list[tuple[bool, int, str]]] = {}
    while queue:
        where, depth = queue.popleft()
        try:
            with os.scandir(where) as listing:
                entries = []
                for entry in listing:
                    looked += 1
                    if looked > MAX_ENTRIES:
                        found.note(sid, _("Your folder holds more than {n} entries; only the first {n} were looked "
                                          "at.").format(n=MAX_ENTRIES))
                        queue.clear()
                        break
                    entries.append(entry)
        except OSError as exc:
            found.note(sid, _("{path}: could not be searched ({error}).").format(
                path=where.relative_to(folder.parent), error=exc.strerror))
            continue
        for entry in sorted(entries, key=lambda e: e.name):
            rel = Path(entry.path).relative_to(folder.parent)
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                continue
            if entry.name.startswith(".") and stat.S_ISDIR(mode):
                continue   # .ipynb_checkpoints and other hidden folders: autosaves, not submissions
            if stat.S_ISDIR(mode):
                if depth + 1 >= MAX_DEPTH:
                    found.note(sid, _("{path}: folders nested deeper than {n} levels were not searched.").format(
                        path=rel, n=MAX_DEPTH))
                else:
                    queue.append((Path(entry.path), depth + 1))
            elif not stat.S_ISREG(mode):
                found.note(sid, _("{path} is {kind}, not a notebook file; it was not opened.").format(
                    path=rel, kind=_kind(mode)))
            elif entry.name.endswith(".ipynb"):   # other files (data, images...) are never read
                ex = _exercise_of(entry.name, exercises)
                if ex is None:
                    found.note(sid, _("{path}: the file name names no assigned exercise ({names}); not graded.").format(
                        path=rel, names=", ".join(exercises)))
                else:
                    candidates.setdefault(ex, []).append((entry.name != f"{ex}.ipynb", depth, entry.path))
    for ex, paths in candidates.items():
        best, *others = sorted(paths)
        found.files[(sid, ex)] = Path(best[2])
        for other in others:
            found.note(sid, _("{path}: a second submission of {exercise}; {graded} was graded instead.").format(
                path=Path(other[2]).relative_to(folder.parent), exercise=ex,
                graded=Path(best[2]).relative_to(folder.parent)))


def find_submissions(folder: Path, assignment: Assignment) -> Collection:
    """Every roster student's submission in ``folder`` (see the module documentation). Raises
    BglearnError when nothing in ``folder`` belongs to any roster student."""
    students = set(assignment.student_ids())
    exercises = list(assignment.exercises)
    found = Collection()
    with os.scandir(folder) as it:
        entries = sorted(it, key=lambda e: e.name)
    for entry in entries:
        name = entry.name
        if name.startswith(".") or name == MANIFEST:
            continue
        try:
            mode = entry.stat(follow_symlinks=False).st_mode
        except OSError:
            continue
        sid = name[: -len(".ipynb")] if name.endswith(".ipynb") and not stat.S_ISDIR(mode) else name
        if sid not in students:
            if stat.S_ISDIR(mode) or name.endswith(".ipynb"):
                found.warnings.append(_("{name}: not a student of the roster; not graded").format(name=name))
            continue
        found.seen.add(sid)
        if stat.S_ISDIR(mode):
            _walk(Path(entry.path), sid, exercises, found)
        elif not stat.S_ISREG(mode):
            found.note(sid, _("{path} is {kind}, not a notebook file; it was not opened.").format(
                path=name, kind=_kind(mode)))
        elif not name.endswith(".ipynb"):
            continue
        elif len(exercises) != 1:
            found.note(sid, _("{name}: with more than one exercise, hand in {student}/<exercise>.ipynb; not "
                              "graded.").format(name=name, student=sid))
        elif (sid, exercises[0]) not in found.files:
            found.files[(sid, exercises[0])] = Path(entry.path)
    if not found.seen:
        from .manifest import folder_hint

        hint = folder_hint(folder)
        raise BglearnError(_("{folder} holds nothing from any student of the roster ({n} in all), so it is not their "
                             "folder of submissions{hint}; nothing was graded or written").format(
            folder=folder, n=len(students), hint=hint))
    return found


def read_submission(path: Path, notes: list[str]) -> bytes | None:
    """The bytes of the notebook at ``path`` if it is a regular file of at most :data:`MAX_FILE_BYTES`,
    opened without following a link or waiting on a pipe; else ``None`` with a note saying why."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NOCTTY", 0)
    try:
        before = os.lstat(path)
        if not stat.S_ISREG(before.st_mode):
            notes.append(_("{path} is {kind}, not a notebook file; it was not opened.").format(
                path=path.name, kind=_kind(before.st_mode)))
            return None
        fd = os.open(path, flags)
    except OSError as exc:
        notes.append(_("The file could not be read ({error}).").format(error=exc.strerror or exc))
        return None
    with os.fdopen(fd, "rb") as fh:
        now = os.fstat(fd)
        if not stat.S_ISREG(now.st_mode) or (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino):
            notes.append(_("{name} changed while it was opened; it was not read.").format(name=path.name))
            return None
        if now.st_size > MAX_FILE_BYTES:
            notes.append(_("The file is larger than {mb} MB (nbgrader's limit too), far more than an exercise "
                           "notebook; it was not read.").format(mb=MAX_FILE_BYTES >> 20))
            return None
        raw = fh.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:   # it grew while read
        notes.append(_("{name} changed while it was opened; it was not read.").format(name=path.name))
        return None
    return raw
