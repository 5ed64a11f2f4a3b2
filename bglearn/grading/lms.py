"""A learning management system's download of a class's submissions, graded as it comes.

``bglearn grade SUBMISSIONS.zip`` accepts the zip a teacher downloads from Canvas ("Download
Submissions") or Moodle ("Download all submissions"); the platform is recognised from the file names
(``--lms canvas|moodle`` to say it). The names are the platforms' own, as their source code makes them:

- **Canvas** (``lib/content_zipper.rb``, ``ContentZipper#get_filename`` and ``#add_upload_submission``):
  one flat folder, each file named ``<name>[_LATE]_<user id>_<file id>_<file name>``, where ``<name>`` is
  the student's sortable name ("Lovelace, Ada") in lower case with everything but letters, digits and
  ``_`` removed (``lovelaceada``), ``LATE`` marks a late submission, ``<user id>`` is the Canvas user id,
  ``<file id>`` the id of the uploaded file (a later upload has a larger one) and ``<file name>`` the
  name the student uploaded (Canvas renames a second upload of the same name ``name-1.ipynb``). Under
  anonymous grading the name is left out and the user id is ``anon_<anonymous id>``, which maps to nobody.
- **Moodle** (``mod/assign/locallib.php``, ``assign::download_submissions``): since Moodle 3.1 one folder
  per student and plugin, ``<full name>_<participant id>_assignsubmission_file_/<file name>`` (underscores
  in the full name become spaces); with the "download as folders" preference off, the same prefix
  before each file name: ``<full name>_<participant id>_assignsubmission_file_<file name>``. The
  participant id is Moodle's per-assignment id of the student (the "Participant 123" of the grading
  worksheet); under blind marking the full name is "Participant".

Files map to roster students by the platform's id when the roster has the column for it
(:data:`bglearn.grading.roster.LMS_COLUMNS`: ``canvas_id``; ``moodle_participant``), else by name when
exactly one roster student has that name and no file of the archive matched that student by id (a
Moodle participant id is per assignment: a roster kept from another assignment still finds everybody
by name). A file that maps to nobody is reported to the teacher and
not graded; of two notebooks of one student for one exercise the newest is graded (Canvas: the larger
file id; Moodle: the later time in the zip) and the student is told. Only the chosen notebooks are
extracted, into a fresh private temporary folder laid out the way :mod:`bglearn.grading.collect`
reads (``<student>/<exercise>.ipynb``), after the whole archive passed :mod:`bglearn.grading.safezip`.

Grade-import files for both platforms are written by :mod:`bglearn.grading.lms_export`
(:func:`write_export`, re-exported here).

>>> canvas_name("lovelaceada_LATE_4021_99187_bearing-off.ipynb")
Upload(platform='canvas', user='4021', name='lovelaceada', file='bearing-off.ipynb', order=(99187,), late=True)
>>> moodle_name("Ada Lovelace_771_assignsubmission_file_/bearing-off.ipynb").user
'771'
"""

from __future__ import annotations

import re
import tempfile
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Sequence

from ..errors import BglearnError
from ..i18n import _
from .collect import Collection
from .lms_export import StudentGrade, write_export
from .roster import ID_PATTERN, MANIFEST, Assignment, Student, read_roster
from .safezip import check_total, extract, open_archive, problem
from .untrusted import visible

__all__ = ["PLATFORMS", "Upload", "Unpacked", "canvas_name", "moodle_name", "detect", "unpack", "open_submissions",
           "with_roster_ids", "StudentGrade", "write_export"]

Platform = Literal["canvas", "moodle"]
PLATFORMS: tuple[Platform, ...] = ("canvas", "moodle")

_CANVAS = re.compile(r"^(?:(?P<name>\w*?)_(?:(?P<late>LATE)_)?(?P<user>\d+)|(?:(?P<anon_late>LATE)_)?"
                     r"(?P<anon>anon_[A-Za-z0-9]+))_(?P<file_id>\d+)_(?P<file>[^/]+)$")
_MOODLE = re.compile(r"^(?P<name>[^/_]*)_(?P<user>\d+)_assignsubmission_(?P<plugin>[a-z0-9]+)_"
                     r"(?:/(?:[^/]+/)*(?P<nested>[^/]+)|(?P<flat>[^/]+))$")
_RENAMED = re.compile(r"-\d+$")   # Canvas's name for a second upload of the same file name


@dataclass(frozen=True)
class Upload:
    """One file of a platform's download, as its name describes it: the platform's id of the student
    (``user``), the name the platform wrote, the file's own name, and what orders a student's uploads."""

    platform: Platform
    user: str
    name: str
    file: str
    order: tuple[int, ...]
    late: bool = False


def canvas_name(entry: str, when: tuple[int, ...] = ()) -> Upload | None:
    """The :class:`Upload` a Canvas file name describes, or ``None`` when Canvas would not name a file so."""
    m = _CANVAS.match(entry)
    if m is None:
        return None
    return Upload("canvas", m["user"] or m["anon"], m["name"] or "", m["file"], (int(m["file_id"]),),
                  bool(m["late"] or m["anon_late"]))


def moodle_name(entry: str, when: tuple[int, ...] = ()) -> Upload | None:
    """The :class:`Upload` a Moodle entry name (folder or flat) describes, or ``None``. ``when``: the
    entry's time in the zip, which orders a student's files."""
    m = _MOODLE.match(entry)
    if m is None or m["plugin"] != "file":
        return None
    return Upload("moodle", m["user"], m["name"], m["nested"] or m["flat"], when)


_PARSERS = {"canvas": canvas_name, "moodle": moodle_name}


def detect(names: Sequence[str]) -> Platform:
    """Which platform named these zip entries: the one whose naming most file entries follow. Raises
    BglearnError when neither names most of them."""
    files = [n for n in names if not n.endswith("/")]
    counts = {p: sum(1 for n in files if _PARSERS[p](n) is not None) for p in PLATFORMS}
    best = max(PLATFORMS, key=lambda p: counts[p])
    if files and counts[best] * 2 > len(files):
        return best
    raise BglearnError(_("the archive's file names follow neither Canvas's naming (name_userid_fileid_file) nor "
                         "Moodle's (Full name_participantid_assignsubmission_file_/file); say which platform made it "
                         "with --lms canvas or --lms moodle"))


def _letters(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFC", text).casefold() if ch.isalnum())


def _name_keys(student: Student) -> set[str]:
    """The names a platform could write for ``student``, squeezed to lower-case letters and digits:
    Canvas writes the sortable name ("Last, First") squeezed so; Moodle the full name, first name first
    or last (a site's setting), with its own characters cleaned out."""
    words = student.name.split()
    if not words:
        return set()
    return {_letters("".join(words)), _letters("".join(words[-1:] + words[:-1]))}


class _Roster:
    """Who an upload belongs to: by the platform's id from the roster, else by a name only one has."""

    def __init__(self, students: Sequence[Student], platform: Platform) -> None:
        column = "canvas_id" if platform == "canvas" else "moodle_participant"
        self.platform = platform
        self.by_id = {s.lms_ids[column]: s.id for s in students if column in s.lms_ids}
        names: dict[str, set[str]] = {}
        for s in students:
            for key in _name_keys(s):
                names.setdefault(key, set()).add(s.id)
        self.by_name = {k: next(iter(v)) for k, v in names.items() if len(v) == 1 and k}

    def by_platform_id(self, up: Upload) -> str | None:
        return self.by_id.get(up.user)

    def by_platform_name(self, up: Upload, taken: set[str]) -> str | None:
        """The one roster student with the name ``up`` carries, unless a file matched them by id."""
        if up.user.startswith("anon_"):
            return None
        sid = self.by_name.get(_letters(up.name))
        return sid if sid not in taken else None


def _exercise_of(file: str, exercises: list[str]) -> str | None:
    if not file.casefold().endswith(".ipynb"):
        return None
    stem = file[: -len(".ipynb")]
    if len(exercises) == 1:
        return exercises[0]
    for name in (stem, _RENAMED.sub("", stem)):
        if name in exercises:
            return name
    return None


@dataclass
class Unpacked:
    """A platform's zip, unpacked for grading: ``folder`` holds ``<student>/<exercise>.ipynb`` (the
    chosen notebooks only), ``manifest`` is the assignment's; ``notes`` are for the students,
    ``warnings`` for the teacher. The folder is removed by :meth:`close`, or when this object is
    garbage-collected."""

    platform: Platform
    folder: Path
    manifest: Path
    notes: dict[str, list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    _tmp: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    def annotate(self, found: Collection) -> None:
        """Add what unpacking found to what collecting the folder found (notes first)."""
        for sid, notes in self.notes.items():
            later = found.notes.pop(sid, [])
            for note in notes + later:
                found.note(sid, note)
        found.warnings[:0] = self.warnings

    def close(self) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()


def _when(info: zipfile.ZipInfo) -> tuple[int, ...]:
    return tuple(info.date_time)


def _sort_out(infos: list[zipfile.ZipInfo], roster: _Roster, exercises: list[str],
              out: Unpacked) -> dict[tuple[str, str], list[tuple[Upload, zipfile.ZipInfo]]]:
    """Each roster student's notebooks for each exercise; what belongs to nobody goes to ``out.warnings``,
    a student's file that is not a notebook of an exercise to ``out.notes``."""
    platform = roster.platform
    picks: dict[tuple[str, str], list[tuple[Upload, zipfile.ZipInfo]]] = {}
    strangers: dict[str, list[str]] = {}
    parsed = [(info, _PARSERS[platform](info.filename, _when(info))) for info in infos]
    by_id = {info.filename: roster.by_platform_id(up) for info, up in parsed if up is not None}
    taken = {sid for sid in by_id.values() if sid is not None}
    for info, up in parsed:
        sid = (by_id[info.filename] or roster.by_platform_name(up, taken)) if up is not None else None
        if up is None or sid is None:
            who = (_("{platform} user {user} ({name})").format(platform=platform.capitalize(), user=up.user,
                                                              name=up.name or "?") if up is not None else
                   _("a file not named the way {platform} names them").format(platform=platform.capitalize()))
            strangers.setdefault(who, []).append(info.filename)
            continue
        ex = _exercise_of(up.file, exercises)
        if ex is None:
            what = (_("{path}: the file name names no assigned exercise ({names}); not graded.") if
                    up.file.casefold().endswith(".ipynb") else _("{path} is not a notebook (.ipynb); not graded."))
            out.notes.setdefault(sid, []).append(what.format(path=visible(up.file, 200), names=", ".join(exercises)))
            continue
        picks.setdefault((sid, ex), []).append((up, info))
    for who, entries in strangers.items():
        out.warnings.append(_("{who}: {n} of the archive's files, such as {entry}, belong to no student of the roster "
                              "(the roster's canvas_id or moodle_participant column maps them); not graded").format(
            who=visible(who, 200), n=len(entries), entry=visible(entries[0], 200)))
    return picks


def with_roster_ids(manifest: Assignment, roster: str | Path | None) -> Assignment:
    """``manifest`` with each student's platform ids taken from the roster CSV ``roster`` where it gives
    any (ids added to the roster after the handouts were made); ``manifest`` itself when ``roster`` is None."""
    if roster is None:
        return manifest
    fresh = {s.id: s.lms for s in read_roster(roster) if s.lms}
    students = [Student(s.id, s.name, fresh.get(s.id, s.lms)) for s in manifest.students]
    return Assignment(manifest.exercises, students, manifest.language)


def unpack(archive_path: str | Path, assignment: str | Path | None = None, platform: str | None = None,
           roster: str | Path | None = None) -> Unpacked:
    """Unpack a Canvas or Moodle download of the submissions (see the module documentation) for the roster
    of ``assignment`` (default: ``assignment.json`` beside the zip), with the platform ids of the roster
    CSV ``roster`` when given (:func:`with_roster_ids`). ``platform``: ``"canvas"`` or ``"moodle"``, else
    recognised from the names. Raises BglearnError for an unsafe or damaged archive
    (:mod:`bglearn.grading.safezip`, nothing extracted), or one holding nothing of any roster student."""
    archive_path = Path(archive_path)
    if platform is not None and platform not in PLATFORMS:
        raise BglearnError(_("--lms {name}: give canvas or moodle").format(name=platform))
    manifest_file = Path(assignment) if assignment is not None else archive_path.parent / MANIFEST
    if not manifest_file.is_file():
        raise BglearnError(_("no assignment manifest at {path}: put the zip in the folder `bglearn assign` wrote, or "
                             "pass --assignment").format(path=manifest_file))
    manifest = with_roster_ids(Assignment.load(manifest_file), roster)
    exercises = list(manifest.exercises)
    with open_archive(archive_path) as archive:
        infos = [i for i in archive.infolist() if not i.is_dir()]
        chosen_platform: Platform = platform if platform in PLATFORMS else detect([i.filename for i in infos])
        who = _Roster(manifest.students, chosen_platform)
        out = Unpacked(chosen_platform, Path(), manifest_file)
        picks = _sort_out(infos, who, exercises, out)
        if not picks and not out.notes:
            raise BglearnError(_("{archive} holds nothing from any student of the roster ({n} in all); nothing was graded "
                                 "or written").format(archive=archive_path, n=len(manifest.students)) +
                               "".join(f"; {w}" for w in out.warnings[:3]))
        chosen = {key: _newest(key, ups, out.notes) for key, ups in picks.items()}
        for (sid, ex), info in sorted(chosen.items()):
            why = problem(info)
            if why is not None:   # the student's own file: too large, or a zip bomb
                out.notes.setdefault(sid, []).append(why)
                del chosen[(sid, ex)]
            elif not (ID_PATTERN.match(sid) and ID_PATTERN.match(ex)):
                raise BglearnError(_("the manifest's student {student} or exercise {exercise} cannot name a file").format(
                    student=repr(sid), exercise=repr(ex)))
        check_total(list(chosen.values()))
        out._tmp = tempfile.TemporaryDirectory(prefix="bglearn-lms-")
        out.folder = Path(out._tmp.name) / "submissions"
        try:
            out.folder.mkdir(mode=0o700)
            for sid in sorted({sid for sid, _ex in chosen} | set(out.notes)):   # a student told why, too
                (out.folder / sid).mkdir(mode=0o700)
            for (sid, ex), info in sorted(chosen.items()):
                extract(archive, info, out.folder / sid / f"{ex}.ipynb")
        except BaseException:
            out.close()
            raise
    return out


def _newest(key: tuple[str, str], ups: list[tuple[Upload, zipfile.ZipInfo]], notes: dict[str, list[str]]) -> zipfile.ZipInfo:
    """The newest of one student's files for one exercise; a note for the student when there were several."""
    ups = sorted(ups, key=lambda u: (u[0].order, u[1].filename))
    best = ups[-1][0]
    if len(ups) > 1:
        notes.setdefault(key[0], []).append(_("{n} files were handed in for {exercise}; the newest, {file}, was graded.").format(
            n=len(ups), exercise=key[1], file=visible(best.file, 200)))
    return ups[-1][1]


def open_submissions(submissions: Path, assignment: str | Path | None, platform: str | None = None,
                     roster: str | Path | None = None) -> Unpacked | None:
    """``None`` when ``submissions`` is a folder (graded as it is); for a file, the platform's zip it is,
    unpacked (:func:`unpack`)."""
    if submissions.is_dir() or not submissions.exists():
        if platform is not None:
            raise BglearnError(_("--lms {name} is for a zip downloaded from the platform; {path} is not a file").format(
                name=platform, path=submissions))
        return None
    return unpack(submissions, assignment, platform, roster)
