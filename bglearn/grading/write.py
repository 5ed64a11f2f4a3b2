"""Step 5 of grading: the grade sheet and the feedback files, written so that nothing is lost.

- Every string that came from a submission goes through :mod:`bglearn.grading.untrusted` for the place
  it is written: CSV cells (no formulas, no invisible characters), Markdown feedback (a student's text
  shows as the characters typed: never a heading, a bold line, a link or HTML).
- Each student's rows and feedback file are made on their own (a student whose feedback cannot be
  made gets a feedback file saying so; nobody else is affected), and every file is written to a
  temporary name and renamed into place, so a reader never sees half a file.
- The grade sheet has one row per roster student and question, or nothing is written at all
  (:class:`IncompleteGradesError`) and the previous sheet stays as it was.
- Earlier results are never replaced: a grade sheet or feedback folder that already exists is refused
  (:func:`check_outputs`) unless ``force`` is given, and then it is kept under a dated name beside the new
  one (``grades-20261203-1740.csv``, ``feedback-20261203-1740/``).

>>> from bglearn.grading.write import csv_row
>>> csv_row(["ana", 1, "=cmd|' /C calc'!A0"])
['ana', '1', "'=cmd|' /C calc'!A0"]
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Iterable

from ..errors import BglearnError
from ..exercises import Exercise
from ..i18n import _
from .score import StudentResult
from .untrusted import csv_cell, markdown

__all__ = ["CSV_COLUMNS", "IncompleteGradesError", "csv_row", "student_rows", "feedback_text", "failed_feedback",
           "check_outputs", "write_results", "write_atomically"]

CSV_COLUMNS = ["student", "question", "points", "total", "exercise", "max_points", "max_total", "status", "note"]
MAX_MESSAGE_CHARS = 2000
"""A note or feedback message longer than this is cut (a huge wrong answer must not make a huge file)."""
MAX_ANSWER_CHARS = 300


class IncompleteGradesError(BglearnError):
    """The grade sheet would lack a row of some roster student and question: nothing was written."""


def csv_row(cells: Iterable[object]) -> list[str]:
    """One grade-sheet row, every cell safe for a spreadsheet (:func:`bglearn.grading.untrusted.csv_cell`)."""
    return [csv_cell(c) for c in cells]


def student_rows(r: StudentResult) -> list[list[str]]:
    """The grade-sheet rows of one student's result: one per question."""
    note = " ".join(r.notes)
    rows = []
    for f in r.feedback:
        status = f.status if r.status == "graded" else r.status
        rows.append(csv_row([r.student, f.number, f"{f.points:g}", f"{r.total:g}", r.exercise, f"{f.max_points:g}",
                             f"{r.max_total:g}", status, note[:MAX_MESSAGE_CHARS]]))
    return rows


def feedback_text(r: StudentResult, ex: Exercise) -> str:
    """One student's feedback on one exercise, as Markdown; what came from the submission is escaped."""
    lines = ["# " + _("{title} — feedback for {student}").format(title=ex.title, student=markdown(r.student)), "",
             _("Score: **{total} / {max}**").format(total=f"{r.total:g}", max=f"{r.max_total:g}"), ""]
    if r.notes:
        lines += ["## " + _("Notes on your submission"), ""]
        lines += [f"- {markdown(n, MAX_MESSAGE_CHARS)}" for n in r.notes] + [""]
    lines += ["## " + _("Question by question"), ""]
    for f in r.feedback:
        mark = {"correct": "✔", "wrong": "✘"}.get(f.status, "…")
        lines.append("### " + _("Question {number} — {points}/{max} {mark}").format(
            number=f.number, points=f"{f.points:g}", max=f"{f.max_points:g}", mark=mark))
        lines.append("")
        lines.append(ex.question(f.number).prompt())
        lines.append("")
        if f.answer:
            lines.append(_("Your answer, as written: {answer}").format(
                answer="“" + markdown(f.answer, MAX_ANSWER_CHARS) + "”"))
            lines.append("")
        message = markdown(f.message, MAX_MESSAGE_CHARS)
        lines.append(message if f.status != "correct" else _("Correct. {message}").format(message=message))
        lines.append("")
    return "\n".join(lines)


def failed_feedback(r: StudentResult, error: BaseException) -> str:
    """The feedback file of a student whose feedback could not be made (a bug, not the student's doing)."""
    return "\n".join(["# " + markdown(r.student), "", _("Score: **{total} / {max}**").format(
        total=f"{r.total:g}", max=f"{r.max_total:g}"), "",
        markdown(_("The feedback on this submission could not be written ({error}); ask your teacher.").format(
            error=type(error).__name__)), ""])


def _holds_results(folder: Path) -> bool:
    return folder.is_dir() and any(p.suffix == ".md" for p in folder.iterdir())


def check_outputs(output: Path, feedback_dir: Path, force: bool) -> None:
    """Raise BglearnError when ``output`` or ``feedback_dir`` holds the results of an earlier run and
    ``force`` is not given (results are never replaced silently)."""
    if force:
        return
    earlier = [str(output)] if output.exists() else []
    if _holds_results(feedback_dir):
        earlier.append(str(feedback_dir))
    if earlier:
        raise BglearnError(_("{paths} already holds the results of an earlier run, which grading never replaces: "
                             "write elsewhere (-o, --feedback), or add --force to keep them under a dated name and "
                             "write new ones").format(paths=" and ".join(earlier)))


def _dated(path: Path) -> Path:
    """A free name beside ``path`` carrying the date of its last change: ``grades-20261203-1740.csv``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
    for n in range(1, 1000):
        name = f"{path.stem}-{stamp}{'' if n == 1 else f'-{n}'}{path.suffix}"
        if not (path.parent / name).exists():
            return path.parent / name
    raise BglearnError(_("cannot find a free name to keep {path} under").format(path=path))


def write_atomically(path: Path, text: str) -> None:
    """Write ``path`` through a temporary file next to it, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_results(output: Path, feedback_dir: Path, rows: dict[str, list[list[str]]], texts: dict[str, str],
                  expected_rows: dict[str, int], force: bool) -> list[Path]:
    """Write the grade sheet (``rows`` of each student, in roster order) and one feedback file per
    student. ``expected_rows``: how many rows each roster student must have; if any differs nothing is
    written (:class:`IncompleteGradesError`). Returns where earlier results were kept (with ``force``)."""
    wrong = [sid for sid, n in expected_rows.items() if len(rows.get(sid, ())) != n or sid not in texts]
    if wrong:
        raise IncompleteGradesError(_("the grades of {students} could not be made complete, so nothing was written "
                                      "and the earlier grade sheet, if any, is untouched").format(
            students=", ".join(wrong[:5]) + (" …" if len(wrong) > 5 else "")))
    check_outputs(output, feedback_dir, force)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for sid in expected_rows:
        writer.writerows(rows[sid])
    kept = []
    for old in (output, feedback_dir):
        if old.exists() and (old == output or _holds_results(old)):
            kept.append(_dated(old))
            os.replace(old, kept[-1])
    fresh = not feedback_dir.exists()
    target = Path(tempfile.mkdtemp(prefix=f".{feedback_dir.name}-", dir=_made(feedback_dir.parent))) if fresh \
        else feedback_dir
    try:
        for sid in expected_rows:
            write_atomically(target / f"{sid}.md", texts[sid])
        if fresh:
            mask = os.umask(0o022)
            os.umask(mask)
            target.chmod(0o777 & ~mask)   # as a folder made by mkdir would be
            os.rename(target, feedback_dir)
    except BaseException:
        if fresh:
            shutil.rmtree(target, ignore_errors=True)
        raise
    write_atomically(output, buffer.getvalue())
    return kept


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder
