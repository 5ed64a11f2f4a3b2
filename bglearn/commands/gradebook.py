"""``bglearn gradebook``: the term's record of a course, from the gradebook ``bglearn grade`` keeps.

::

    bglearn gradebook grades/gradebook.sqlite                    the class: each assignment's points per student
    bglearn gradebook grades/gradebook.sqlite --student ana      one student: every assignment, attempt and rule
    bglearn gradebook ... --assignment week-1                    only that assignment (repeat for more)
    bglearn gradebook ... --csv class.csv                        the same as a CSV file
    bglearn gradebook ... --assignment week-1 --export canvas canvas.csv [--roster students.csv]

Points are those of each exercise's newest attempt. Everything a student could have chosen (ids,
and so every text from the file) is shown through :func:`bglearn.grading.untrusted.terminal` and
written through :func:`bglearn.grading.write.csv_row`.

>>> from bglearn.cli import build_parser
>>> args = build_parser().parse_args(["gradebook", "book.sqlite", "--student", "ana", "--csv", "ana.csv"])
>>> args.path, args.student, args.csv
('book.sqlite', 'ana', 'ana.csv')
"""

from __future__ import annotations

import argparse
import csv
import io
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..errors import BglearnError
from ..i18n import N_, _, ngettext

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..grading.gradebook import Entry, Gradebook

__all__ = ["register", "class_table", "student_table"]

EXPORTS = ("canvas", "moodle")


def _points(entries: Sequence[Entry]) -> tuple[float, float]:
    return sum(e.points for e in entries), sum(e.max_points for e in entries)


def _score(points: float, possible: float) -> str:
    return f"{points:g}/{possible:g}"


def class_table(book: Gradebook, assignments: Sequence[str]) -> tuple[list[str], list[list[object]]]:
    """The class as a table: a header (student, then per assignment its points and maximum, then the
    totals) and one row per student recorded in any of ``assignments`` (points of each exercise's newest
    attempt; an assignment without an entry for the student is an empty pair of cells)."""
    latest = {a: book.latest(a) for a in assignments}
    students = sorted({s for a in assignments for s, _x in latest[a]})
    header = ["student"] + [c for a in assignments for c in (a, f"{a} (max)")] + ["total", "max_total"]
    rows: list[list[object]] = []
    for s in students:
        row: list[object] = [s]
        total, possible = 0.0, 0.0
        for a in assignments:
            mine = [e for (who, _x), e in latest[a].items() if who == s]
            if mine:
                points, most = _points(mine)
                row += [f"{points:g}", f"{most:g}"]
                total, possible = total + points, possible + most
            else:
                row += ["", ""]
        rows.append(row + [f"{total:g}", f"{possible:g}"])
    return header, rows


def student_table(book: Gradebook, student: str, assignments: Sequence[str]) -> tuple[list[str], list[list[object]]]:
    """One student's record as a table: a row per attempt of each exercise of ``assignments`` (when
    it was graded is left out, so the same gradebook always gives the same file)."""
    header = ["student", "assignment", "exercise", "attempt", "points", "max_points", "status"]
    rows: list[list[object]] = []
    for newest in book.record_of(student):
        if newest.assignment in assignments:
            rows += [[student, e.assignment, e.exercise, e.attempt, f"{e.points:g}", f"{e.max_points:g}", e.status]
                     for e in book.attempts(newest.assignment, student, newest.exercise)]
    return header, rows


def _show_class(book: Gradebook, assignments: Sequence[str]) -> list[str]:
    from ..grading.untrusted import terminal

    header, rows = class_table(book, assignments)
    cells = [[_("student")] + [terminal(a) for a in assignments] + [_("total")]]
    for row in rows:
        pairs = [(row[i], row[i + 1]) for i in range(1, len(row) - 2, 2)]
        cells.append([terminal(row[0])] + [f"{p}/{m}" if p != "" else "—" for p, m in pairs]
                     + [f"{row[-2]}/{row[-1]}"])
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]


def _show_student(book: Gradebook, student: str, assignments: Sequence[str]) -> list[str]:
    from ..exercises.rules import RULES, rule_text
    from ..grading.untrusted import terminal

    newest = [e for e in book.record_of(student) if e.assignment in assignments]
    lines = [ngettext("{student}: {points} over {n} exercise", "{student}: {points} over {n} exercises",
                      len(newest)).format(student=terminal(student), n=len(newest), points=_score(*_points(newest)))]
    rules: dict[str, list[float]] = {}
    for e in newest:
        tries = book.attempts(e.assignment, student, e.exercise)
        lines.append(f"  {terminal(e.assignment)}  {terminal(e.exercise)}  {_score(e.points, e.max_points)}  "
                     f"{terminal(e.status)}")
        for t in tries:
            lines.append("    " + _("attempt {n}: {points}, {status} ({when})").format(
                n=t.attempt, points=_score(t.points, t.max_points), status=terminal(t.status),
                when=terminal(t.graded_at)))
        for code, earned, possible in e.rules:
            pair = rules.setdefault(code, [0.0, 0.0])
            pair[0] += earned
            pair[1] += possible
    if not newest:
        lines.append("  " + _("no entries"))
    if rules:
        lines.append(_("Rules (newest attempts):"))
        width = max(len(terminal(code)) for code in rules)
        for code, (earned, possible) in sorted(rules.items()):
            text = rule_text(code) if code in RULES else ""
            lines.append(f"  {terminal(code).ljust(width)}  {_score(earned, possible).ljust(9)}  {text}".rstrip())
    return lines


def _write_csv(path: Path, header: list[str], rows: list[list[object]]) -> None:
    from ..grading.write import csv_row, write_atomically

    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow(csv_row(header))
    writer.writerows(csv_row(r) for r in rows)
    write_atomically(path, buffer.getvalue())


def _export(book: Gradebook, kind: str, out: Path, assignments: Sequence[str], assignment_id: str,
            roster: str | None) -> int:
    from ..grading.lms import StudentGrade, write_export
    from ..grading.roster import read_roster

    if len(assignments) != 1:
        raise BglearnError(_("--export writes one assignment's grades: choose one with --assignment ({names})").format(
            names=", ".join(assignments)))
    listed = {s.id: s for s in read_roster(roster)} if roster else {}
    by_student: dict[str, list[Entry]] = {}
    for (student, _x), entry in sorted(book.latest(assignments[0]).items()):
        by_student.setdefault(student, []).append(entry)
    grades = []
    for student, entries in by_student.items():
        known = listed.get(student)
        grades.append(StudentGrade(student, *_points(entries), name=known.name if known else "",
                                   lms_ids=known.lms_ids if known else {}))
    write_export("canvas" if kind == "canvas" else "moodle", grades, out, assignments[0], assignment_id=assignment_id)
    return len(grades)


def _gradebook(args: argparse.Namespace) -> int:
    from ..grading.gradebook import Gradebook
    from ..grading.untrusted import terminal
    from . import check_input_file, check_output_file

    path = check_input_file(args.path, N_("gradebook file"))
    outputs = [Path(p) for p in (args.csv, args.export[1] if args.export else None) if p]
    for out in outputs:
        check_output_file(str(out))
        same_folder = out.resolve().parent == path.resolve().parent
        if out.resolve() == path.resolve() or (same_folder and out.name.startswith(path.name + "-")):
            raise BglearnError(_("{out} is the gradebook itself; write elsewhere").format(out=out))
    if args.export and args.export[0] not in EXPORTS:
        raise BglearnError(_("--export {kind}: choose one of {kinds}").format(kind=args.export[0],
                                                                             kinds=", ".join(EXPORTS)))
    if args.roster:
        check_input_file(args.roster, N_("roster file"))
    with Gradebook.open(path, create=False) as book:
        known = book.assignments()
        unknown = [a for a in args.assignment or () if a not in known]
        if unknown:
            raise BglearnError(_("the gradebook holds no assignment {name} (it holds: {names})").format(
                name=terminal(unknown[0]), names=", ".join(terminal(a) for a in known) or "—"))
        assignments = args.assignment or known
        if args.student is not None and args.student not in book.students():
            raise BglearnError(_("the gradebook holds no student {student}").format(student=terminal(args.student)))
        if args.export:
            n = _export(book, args.export[0], Path(args.export[1]), assignments, args.assignment_id, args.roster)
            print(ngettext("wrote {kind} grades of {n} student for {assignment} to {out}",
                           "wrote {kind} grades of {n} students for {assignment} to {out}", n).format(
                kind=args.export[0], n=n, assignment=terminal(assignments[0]), out=terminal(args.export[1])))
        if args.csv:
            header, rows = (student_table(book, args.student, assignments) if args.student is not None
                            else class_table(book, assignments))
            _write_csv(Path(args.csv), header, rows)
            print(ngettext("wrote {n} row to {out}", "wrote {n} rows to {out}", len(rows)).format(
                n=len(rows), out=terminal(args.csv)))
        if not args.export and not args.csv:
            lines = (_show_student(book, args.student, assignments) if args.student is not None
                     else _show_class(book, assignments))
            print("\n".join(lines))
    return 0


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    g = subparsers.add_parser("gradebook", help=_("show or export the term's grades kept by bglearn grade"),
                              description=_("Show the class's record (each assignment's points per student) or one "
                              "student's (every assignment, attempt and rule), from the gradebook bglearn grade "
                              "keeps, or write it as CSV or for Canvas or Moodle."))
    g.add_argument("path", help=_("the gradebook file (gradebook.sqlite beside the grade sheet)"))
    g.add_argument("--student", default=None, help=_("show one student's record"))
    g.add_argument("--assignment", action="append", default=None,
                   help=_("only this assignment (repeat for more; default: all)"))
    g.add_argument("--csv", default=None, metavar="OUT", help=_("write what would be shown as a CSV file"))
    g.add_argument("--export", nargs=2, default=None, metavar=("KIND", "OUT"),
                   help=_("write one assignment's grades for an LMS: canvas or moodle, to the file OUT"))
    g.add_argument("--assignment-id", default="", help=_("the LMS's id of the assignment (for --export canvas)"))
    g.add_argument("--roster", default=None, help=_("the roster CSV: names and LMS ids for --export"))
    g.set_defaults(func=_gradebook)
