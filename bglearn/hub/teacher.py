"""The teacher's side of the exchange: release the handouts, collect the submissions, return the feedback.

Each step works on the folder ``bglearn assign`` wrote (``assignment.json``, ``handouts/``), so the
loop is::

    bglearn assign --exercise forced-moves --roster class.csv --seed 2026 -o fm/
    bglearn hub release fm/ --course backgammon-101     # every student's own handout, to them only
    bglearn hub collect fm/ --course backgammon-101     # fm/submissions/<student>/forced-moves.ipynb
    bglearn grade fm/submissions -o fm/grades.csv       # fm/feedback/<student>.md
    bglearn hub return fm/ --course backgammon-101      # every student's own feedback, to them only

A roster id is a hub user name; ``user_format`` maps it to the account on the machine
(``"jupyter-{id}"`` on The Littlest JupyterHub, ``"{id}"`` by default).

>>> from bglearn.grading.roster import Assignment
>>> from bglearn.hub.teacher import feedback_name
>>> feedback_name(Assignment(exercises={"forced-moves": {"seed": 1}, "bar-entry": {"seed": 1}}))  # in feedback/<student>/
'forced-moves+bar-entry.md'
"""

from __future__ import annotations

import os
import pwd
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BglearnError
from ..grading.collect import read_submission
from ..grading.roster import MANIFEST, Assignment
from ..i18n import _
from .acl import R, W, X
from .exchange import BOXES, Course, make_folder, write_file

__all__ = ["release", "collect", "return_feedback", "Collected", "feedback_name", "accounts"]


def accounts(assignment: Assignment, user_format: str = "{id}") -> dict[str, int]:
    """The uid of every roster student's account (``user_format`` with their id); raises BglearnError
    naming the students with no account, before anything is written."""
    uids, missing = {}, []
    for sid in assignment.student_ids():
        try:
            uids[sid] = pwd.getpwnam(user_format.format(id=sid)).pw_uid
        except (KeyError, IndexError, ValueError):
            missing.append(user_format.format(id=sid))
    if missing:
        raise BglearnError(_("no account on this machine for {users}: check the roster ids and --user-format").format(
            users=", ".join(missing[:5]) + (" …" if len(missing) > 5 else "")))
    return uids


def _open_course(course: Course) -> None:
    """Make the course's folders (the course folder itself was made by the admin, for this teacher)."""
    try:
        make_folder(course.folder, 0o711)
        for box in BOXES:
            make_folder(course.folder / box, 0o711)
    except PermissionError:
        raise BglearnError(_("you may not write in {path}: the hub's admin makes the course folder once, for its "
                             "teacher: sudo install -d -m 0711 -o {user} {path}").format(
            path=course.folder, user=pwd.getpwuid(os.geteuid()).pw_name)) from None


def feedback_name(assignment: Assignment) -> str:
    """The name of a student's feedback file in the exchange: the assignment's exercises, ``.md``."""
    return "+".join(assignment.exercises) + ".md"


def release(folder: str | Path, course: Course, user_format: str = "{id}") -> dict[str, list[str]]:
    """Give every roster student of ``folder`` (a ``bglearn assign`` output) their own handouts in the
    exchange, readable by them alone, and a submission folder only they may write in. A handout
    released again is replaced. Returns the handouts released to each student."""
    folder = Path(folder)
    assignment = Assignment.load(folder / MANIFEST)
    uids = accounts(assignment, user_format)
    handouts = {sid: [folder / "handouts" / sid / f"{exercise}.ipynb" for exercise in assignment.exercises]
                for sid in uids}
    for path in (p for paths in handouts.values() for p in paths):   # all there, before anything is released
        if not path.is_file():
            raise BglearnError(_("{path} is missing: run bglearn assign again for this folder").format(path=path))
    _open_course(course)
    released: dict[str, list[str]] = {}
    for sid, uid in uids.items():
        outbound = course.box("outbound", sid)
        make_folder(outbound, 0o700, {uid: R | X})
        make_folder(course.box("inbound", sid), 0o700, {uid: R | W | X})
        make_folder(course.box("feedback", sid), 0o700, {uid: R | X})
        for handout in handouts[sid]:
            write_file(outbound, handout.name, handout.read_bytes(), 0o600, {uid: R})
            released.setdefault(sid, []).append(handout.name)
    return released


@dataclass
class Collected:
    """What ``collect`` found: the notebooks copied, per student, and why others were not."""

    files: dict[str, list[str]] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)


def collect(folder: str | Path, course: Course, user_format: str = "{id}") -> Collected:
    """Copy each student's submissions from the exchange into ``folder/submissions/<student>/``, where
    ``bglearn grade`` reads them. Only ``<exercise>.ipynb`` files are read, and only a regular file
    the student's own account made (never a link, a pipe or another's file; at most the grader's size
    limit): anything else is a note. An earlier collected copy is replaced by the newer submission."""
    folder = Path(folder)
    assignment = Assignment.load(folder / MANIFEST)
    uids = accounts(assignment, user_format)
    found = Collected()
    for sid, uid in uids.items():
        notes = found.notes.setdefault(sid, [])
        inbound = course.box("inbound", sid)
        for exercise in assignment.exercises:
            path = inbound / f"{exercise}.ipynb"
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                found.missing.append(f"{sid}/{exercise}")
                continue
            if stat.S_ISREG(info.st_mode) and info.st_uid != uid:
                notes.append(_("{path} was not made by {student}; it was not collected").format(
                    path=path.name, student=sid))
                continue
            data = read_submission(path, notes)
            if data is None:
                continue
            target = folder / "submissions" / sid
            target.mkdir(parents=True, exist_ok=True)
            write_file(target, path.name, data, 0o600)
            found.files.setdefault(sid, []).append(path.name)
    found.notes = {sid: notes for sid, notes in found.notes.items() if notes}
    return found


def return_feedback(folder: str | Path, course: Course, feedback: str | Path | None = None,
                    user_format: str = "{id}") -> list[str]:
    """Give each roster student their own feedback file (``bglearn grade``'s ``feedback/<student>.md``,
    from ``feedback`` or ``folder/feedback``) in the exchange, readable by them alone. Returns the
    students whose feedback was returned; raises BglearnError when there is none at all."""
    folder = Path(folder)
    assignment = Assignment.load(folder / MANIFEST)
    uids = accounts(assignment, user_format)
    source = Path(feedback) if feedback else folder / "feedback"
    returned = []
    for sid, uid in uids.items():
        text = source / f"{sid}.md"
        if not text.is_file():
            continue
        box = course.box("feedback", sid)
        make_folder(box, 0o700, {uid: R | X})
        write_file(box, feedback_name(assignment), text.read_bytes(), 0o600, {uid: R})
        returned.append(sid)
    if not returned:
        raise BglearnError(_("{path} holds no student's feedback: run bglearn grade first").format(path=source))
    return returned

