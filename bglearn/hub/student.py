"""The student's side of the exchange: fetch my handouts, submit my answers, read my feedback.

Run in a JupyterHub terminal or a notebook cell (``!bglearn hub fetch --course backgammon-101``). The
student is the hub user (``$JUPYTERHUB_USER``), else the login name; the course folder in the home
(``~/backgammon-101``) holds the handouts, and is where ``submit`` takes them from.

>>> from bglearn.hub.exchange import Course
>>> from bglearn.hub.student import course_home, student_id
>>> student_id("ada"), course_home(Course("/srv/bglearn/exchange", "bg101"), "/home/ada/bg101")
('ada', PosixPath('/home/ada/bg101'))
"""

from __future__ import annotations

import getpass
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BglearnError
from ..grading.collect import MAX_FILE_BYTES, read_submission
from ..i18n import _
from .exchange import Course, listing, write_file

__all__ = ["student_id", "course_home", "fetch", "submit", "feedback", "Fetched"]


def student_id(given: str | None = None) -> str:
    """Who is asking: ``given``, else the JupyterHub user, else the login name."""
    return given or os.environ.get("JUPYTERHUB_USER") or getpass.getuser()


def course_home(course: Course, given: str | Path | None = None) -> Path:
    """The student's folder for ``course``: ``given``, else ``~/<course>``."""
    return Path(given) if given else Path.home() / course.name


def _nothing(course: Course, kind: str, student: str) -> BglearnError:
    """The error for a box of mine that is missing or empty."""
    if kind == "outbound":
        text = _("course {course} has no handout for {student} (yet); ask your teacher")
    elif kind == "inbound":
        text = _("course {course} has no submission folder for {student}; ask your teacher to release the handouts")
    else:
        text = _("course {course} has no feedback for {student} (yet); ask your teacher")
    return BglearnError(text.format(course=course.name, student=student))


def _mine(course: Course, kind: str, student: str) -> list[str]:
    """The files of my ``kind`` box; a box I cannot enter (none made for me) is an error saying so."""
    box = course.box(kind, student)
    try:
        return listing(box, ".md" if kind == "feedback" else ".ipynb")
    except (FileNotFoundError, PermissionError, NotADirectoryError):
        raise _nothing(course, kind, student) from None


def _read(path: Path) -> bytes:
    notes: list[str] = []
    data = read_submission(path, notes)
    if data is None:
        raise BglearnError(f"{path}: " + " ".join(notes))
    return data


@dataclass
class Fetched:
    """Handouts copied into the student's folder, and those kept as they were (the student's own work)."""

    new: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)


def fetch(course: Course, student: str, into: Path) -> Fetched:
    """Copy my handouts into ``into``. A notebook already there is never replaced (it may hold my
    answers): it is reported as kept."""
    names = _mine(course, "outbound", student)
    if not names:
        raise _nothing(course, "outbound", student)
    into.mkdir(parents=True, exist_ok=True)
    done = Fetched()
    for name in names:
        data = _read(course.box("outbound", student) / name)
        try:
            fd = os.open(into / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        except FileExistsError:
            done.kept.append(into / name)
            continue
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        done.new.append(into / name)
    return done


def submit(course: Course, student: str, source: Path) -> list[Path]:
    """Hand in my notebooks: each handout of mine found in ``source`` goes to my submission folder
    (replacing an earlier submission). Raises BglearnError when none is there."""
    names = _mine(course, "outbound", student)
    ready = [source / name for name in names if (source / name).is_file()]
    if not ready:
        raise BglearnError(_("none of your handouts ({names}) is in {folder}: fetch them first, or give --dir").format(
            names=", ".join(names) or "-", folder=source))
    inbound = course.box("inbound", student)
    for path in ready:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise BglearnError(_("{path} is larger than {mb} MB; it was not submitted").format(
                path=path, mb=MAX_FILE_BYTES >> 20))
        try:
            write_file(inbound, path.name, _read(path), 0o644)
        except (FileNotFoundError, PermissionError):
            raise _nothing(course, "inbound", student) from None
    return ready


def feedback(course: Course, student: str, into: Path) -> list[Path]:
    """Copy my feedback files into ``into/feedback/`` (a newer one replaces an older copy)."""
    names = _mine(course, "feedback", student)
    if not names:
        raise _nothing(course, "feedback", student)
    target = into / "feedback"
    target.mkdir(parents=True, exist_ok=True)
    return [write_file(target, name, _read(course.box("feedback", student) / name), 0o644) for name in names]
