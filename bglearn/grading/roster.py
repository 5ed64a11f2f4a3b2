"""Reading a class roster (CSV) and the assignment manifest written by ``bglearn assign``.

>>> import tempfile, pathlib
>>> from bglearn.grading.roster import read_roster
>>> roster = pathlib.Path(tempfile.mkdtemp()) / "students.csv"
>>> _ = roster.write_text("id,name\\nada,Ada Lovelace\\n")
>>> read_roster(roster)
[Student(id='ada', name='Ada Lovelace')]

A roster may also carry the students' identifiers in a learning management system (:data:`LMS_COLUMNS`),
which the grader uses to map the files of a Canvas or Moodle download to students
(:mod:`bglearn.grading.lms`) and to write grade-import files:

>>> _ = roster.write_text("id,name,canvas_id,email\\nada,Ada Lovelace,4021,ada@example.org\\n")
>>> read_roster(roster)[0].lms_ids
{'canvas_id': '4021', 'email': 'ada@example.org'}
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BglearnError
from ..i18n import _

__all__ = ["Student", "read_roster", "Assignment", "MANIFEST", "ID_PATTERN", "LMS_COLUMNS"]

MANIFEST = "assignment.json"
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$")
_ID_COLUMNS = ("id", "student_id", "student", "username", "login", "user", "email")
_NAME_COLUMNS = ("name", "full_name", "fullname", "display_name")
LMS_COLUMNS = ("canvas_id", "sis_user_id", "sis_login_id", "section", "moodle_participant", "email", "id_number")
"""Optional roster columns naming a student in a learning management system: the Canvas user id (the
number in the file names of a Canvas "Download Submissions" zip), the SIS user and login ids and the
section (Canvas's gradebook columns), the participant id of a Moodle "Download all submissions" zip, the
e-mail address and the ID number (how a Moodle grade import finds a user)."""
MAX_LMS_ID_CHARS = 200


@dataclass(frozen=True)
class Student:
    id: str
    name: str = ""
    lms: tuple[tuple[str, str], ...] = field(default=(), repr=False)   # (LMS_COLUMNS name, value), non-empty

    @property
    def lms_ids(self) -> dict[str, str]:
        """The student's identifiers in a learning management system, by :data:`LMS_COLUMNS` name."""
        return dict(self.lms)


def read_roster(path: str | Path) -> list[Student]:
    """The students of a roster CSV: a header row with an ``id`` column (or ``student_id``,
    ``username``, ``email``, ...) and optionally ``name`` (or ``first_name``/``last_name``); without a
    recognised header the first column is the id. Ids must be usable as file names. The
    :data:`LMS_COLUMNS` present are kept in :attr:`Student.lms_ids` (``email`` only when another
    column is the id)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise BglearnError(_("roster {path}: no such file").format(path=path)) from None
    except UnicodeDecodeError:
        raise BglearnError(_("roster {path}: not a UTF-8 text (CSV) file").format(path=path)) from None
    rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    if not rows:
        raise BglearnError(_("roster {path}: it lists no students").format(path=path))
    header = [c.strip().lower() for c in rows[0]]
    id_col = next((header.index(c) for c in _ID_COLUMNS if c in header), None)
    name_col = next((header.index(c) for c in _NAME_COLUMNS if c in header), None)
    first = header.index("first_name") if "first_name" in header else None
    last_ = header.index("last_name") if "last_name" in header else None
    lms_cols = [(c, header.index(c)) for c in LMS_COLUMNS if c in header and header.index(c) != id_col]
    body = rows[1:] if id_col is not None else rows
    start_line = 2 if id_col is not None else 1
    id_col = 0 if id_col is None else id_col
    students, seen = [], set()
    for line, row in enumerate(body, start=start_line):
        sid = row[id_col].strip() if id_col < len(row) else ""
        if not ID_PATTERN.match(sid):
            raise BglearnError(
                f"roster {path}, line {line}: {sid!r} is not a usable student id (letters, digits and . _ @ + -, "
                f"starting with a letter or digit)"
            )
        if sid in seen:
            raise BglearnError(_("roster {path}, line {line}: student {id} is listed twice").format(
                path=path, line=line, id=repr(sid)))
        seen.add(sid)
        name = ""
        if name_col is not None and name_col < len(row):
            name = row[name_col].strip()
        elif first is not None or last_ is not None:
            name = " ".join(row[i].strip() for i in (first, last_) if i is not None and i < len(row)).strip()
        lms = tuple((c, row[i].strip()) for c, i in lms_cols if i < len(row) and row[i].strip())
        for c, value in lms:
            if len(value) > MAX_LMS_ID_CHARS or not value.isprintable():
                raise BglearnError(_("roster {path}, line {line}: the {column} column holds no usable identifier").format(
                    path=path, line=line, column=c))
        students.append(Student(sid, name, lms))
    return students


@dataclass
class Assignment:
    """What ``bglearn assign`` handed out: exercises (each with its seed) and the roster. Saved as
    ``assignment.json`` in the output folder; the grader regenerates every student's questions from it."""

    exercises: dict[str, dict[str, Any]] = field(default_factory=dict)
    students: list[Student] = field(default_factory=list)
    language: str = ""  # the language of the handouts and the feedback ("" = the grader's current one)

    def seed(self, exercise: str) -> int | str:
        seed: int | str = self.exercises[exercise]["seed"]
        return seed

    def student_ids(self) -> list[str]:
        return [s.id for s in self.students]

    def to_json(self) -> str:
        data: dict[str, Any] = {"format": 1, "exercises": self.exercises,
                                "students": [{"id": s.id, "name": s.name, **({"lms": s.lms_ids} if s.lms else {})}
                                             for s in self.students]}
        if self.language:
            data["language"] = self.language
        return json.dumps(data, indent=2) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> "Assignment":
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            exercises = {str(k): {"seed": v["seed"], "mode": str(v.get("mode", "practice")),
                                  # every student's question descriptions (bglearn assign; the grader's shortcut)
                                  **({"questions": v["questions"]} if isinstance(v.get("questions"), dict) else {})}
                         for k, v in data["exercises"].items()}
            students = [Student(str(s["id"]), str(s.get("name", "")),
                                tuple((str(k), str(v)) for k, v in dict(s.get("lms") or {}).items() if k in LMS_COLUMNS))
                        for s in data["students"]]
            language = str(data.get("language", ""))
            if language:
                from ..i18n import language_code

                language = language_code(language)  # an unknown language is a broken manifest
        except FileNotFoundError:
            raise BglearnError(_("no assignment manifest at {path}: run `bglearn assign` first or pass "
                                 "--assignment").format(path=path)) from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise BglearnError(_("{path} is not a bglearn assignment manifest ({error})").format(
                path=path, error=exc)) from None
        return cls(exercises, students, language)
