"""Grades written the way Canvas and Moodle import them.

- **Canvas** gradebook import (Canvas Instructor Guide, "How do I import grades in the Gradebook?", and the
  layout of Canvas's own gradebook export, which the import reads back): a CSV whose header is
  ``Student, ID, SIS User ID, SIS Login ID, Section`` followed by one column per assignment named
  ``<assignment name> (<assignment id>)`` — without an id, Canvas offers to create a new assignment of that
  name — and a second row ``Points Possible`` holding each assignment's maximum. Canvas finds a student by
  ``ID`` (the Canvas user id), else ``SIS User ID``, else ``SIS Login ID``, else the name; the roster's
  ``canvas_id``, ``sis_user_id``, ``sis_login_id`` and ``section`` columns fill them.
- **Moodle** grade import from CSV (MoodleDocs, "Grade import"): any CSV with a header row; at import
  the teacher maps one column to the user ("Map from" → "Map to": ``Email address`` → useremail, ``ID
  number`` → useridnumber, or the username) and the grade column to the grade item. The file holds
  ``Student id`` (the roster's id), ``ID number``, ``Email address``, ``Full name`` and the grade column
  named after the assignment.

Every cell goes through :func:`bglearn.grading.write.csv_row` (no formula a spreadsheet would run, no
invisible character): names and ids come from a roster and a platform, and are not trusted.

>>> from bglearn.grading.lms_export import StudentGrade, export_rows
>>> rows = export_rows("canvas", [StudentGrade("ada", 8, 10, "Ada Lovelace", {"canvas_id": "4021"})], "Bearing off", "77")
>>> rows[0][-1], rows[1], rows[2]
('Bearing off (77)', ['    Points Possible', '', '', '', '', '10'], ['Ada Lovelace', '4021', '', '', '', '8'])
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Literal, Mapping, Sequence

from ..errors import BglearnError
from ..i18n import _
from .write import csv_row, write_atomically

if TYPE_CHECKING:
    from .roster import Assignment
    from .score import StudentResult

__all__ = ["StudentGrade", "ExportRequest", "export_rows", "write_export", "CANVAS_COLUMNS", "MOODLE_COLUMNS", "export_path"]

CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
MOODLE_COLUMNS = ("Student id", "ID number", "Email address", "Full name")
_POINTS_POSSIBLE = "    Points Possible"   # as Canvas's own export writes it (the import skips this row)


@dataclass(frozen=True)
class StudentGrade:
    """One student's grade on one assignment, with the student's ids in the platform (the roster's
    :data:`~bglearn.grading.roster.LMS_COLUMNS`)."""

    student: str          # the roster id
    points: float
    max_points: float
    name: str = ""
    lms_ids: Mapping[str, str] = field(default_factory=dict)


def _number(x: float) -> str:
    return f"{x:g}"


def _check(kind: str, grades: Sequence[StudentGrade], assignment: str) -> None:
    if kind not in ("canvas", "moodle"):
        raise BglearnError(_("--export {kind}: give canvas or moodle").format(kind=kind))
    if not assignment.strip():
        raise BglearnError(_("the exported grade column needs the assignment's name"))
    for g in grades:
        if not (math.isfinite(g.points) and math.isfinite(g.max_points) and 0 <= g.points <= g.max_points):
            raise BglearnError(_("student {student}: a score of {points} out of a maximum of {max} is not a "
                                 "grade").format(
                student=repr(g.student), points=g.points, max=g.max_points))


def export_rows(kind: Literal["canvas", "moodle"], grades: Sequence[StudentGrade], assignment: str,
                assignment_id: str = "") -> list[list[str]]:
    """The rows of the ``kind`` grade-import file (header first), every cell made safe."""
    _check(kind, grades, assignment)
    if kind == "canvas":
        column = f"{assignment} ({assignment_id})" if assignment_id else assignment
        possible = max((g.max_points for g in grades), default=0.0)
        rows = [csv_row([*CANVAS_COLUMNS, column]), csv_row([_POINTS_POSSIBLE, "", "", "", "", _number(possible)])]
        for g in grades:
            ids = g.lms_ids
            rows.append(csv_row([g.name or g.student, ids.get("canvas_id", ""), ids.get("sis_user_id", ""),
                                 ids.get("sis_login_id", ""), ids.get("section", ""), _number(g.points)]))
        return rows
    rows = [csv_row([*MOODLE_COLUMNS, assignment])]
    for g in grades:
        ids = g.lms_ids
        rows.append(csv_row([g.student, ids.get("id_number", ""), ids.get("email", ""), g.name, _number(g.points)]))
    return rows


def export_path(grade_sheet: str | Path, kind: str) -> Path:
    """Where ``bglearn grade --export kind`` writes: beside the grade sheet, ``grades.canvas.csv``."""
    sheet = Path(grade_sheet)
    return sheet.with_name(f"{sheet.stem}.{kind}.csv")


def write_export(kind: Literal["canvas", "moodle"], grades: Sequence[StudentGrade], path: str | Path,
                 assignment: str, *, assignment_id: str = "") -> Path:
    """Write ``grades`` to ``path`` as a ``kind`` ("canvas" or "moodle") grade-import CSV (see the module
    documentation) through a temporary file; return ``path``. Raises BglearnError for an unknown
    ``kind``, an empty assignment name or a grade outside 0..max."""
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(export_rows(kind, grades, assignment, assignment_id))
    path = Path(path)
    write_atomically(path, buffer.getvalue())
    return path


@dataclass(frozen=True)
class ExportRequest:
    """``bglearn grade --export``: which platform's file to write beside the grade sheet, and the
    assignment's name and (Canvas) id for its grade column (default name: the exercises graded)."""

    kind: Literal["canvas", "moodle"]
    assignment: str = ""
    assignment_id: str = ""

    def path(self, grade_sheet: str | Path) -> Path:
        return export_path(grade_sheet, self.kind)

    def check(self, grade_sheet: str | Path, force: bool) -> None:
        """Raise BglearnError, before anything is graded, when the file would replace an earlier one
        without ``force``, or the request is not one :func:`write_export` can write."""
        _check(self.kind, [], self.assignment or "-")
        if self.path(grade_sheet).exists() and not force:
            raise BglearnError(_("{path} already holds an earlier export, which grading never replaces: write the grade "
                                 "sheet elsewhere (-o), or add --force").format(path=self.path(grade_sheet)))

    def write(self, manifest: "Assignment", results: Iterable["StudentResult"], grade_sheet: str | Path) -> Path:
        """Each roster student's points over every exercise graded, written beside ``grade_sheet``."""
        totals: dict[str, list[float]] = {s.id: [0.0, 0.0] for s in manifest.students}
        for r in results:
            if r.student in totals:
                totals[r.student][0] += r.total
                totals[r.student][1] += r.max_total
        grades = [StudentGrade(s.id, totals[s.id][0], totals[s.id][1], s.name, s.lms_ids) for s in manifest.students]
        return write_export(self.kind, grades, self.path(grade_sheet), self.assignment or ", ".join(manifest.exercises),
                            assignment_id=self.assignment_id)
