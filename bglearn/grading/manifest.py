"""Step 1 of grading: the teacher's manifest, and every student's questions, from the teacher's side only.

The manifest (``assignment.json``, written by ``bglearn assign``) and everything answers are judged
against come from the teacher's assignment folder — the folder that holds the submissions folder, or
the file named with ``--assignment`` — never from anything under the submissions folder, where a
student's file could be named like it. Each student's questions are rebuilt in the grader's own
process before any student code runs.

>>> from pathlib import Path
>>> from bglearn.grading.manifest import manifest_path
>>> manifest_path(Path("out/submissions"), None)
PosixPath('out/assignment.json')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import BglearnError
from ..exercises import Exercise, load_exercise
from ..exercises.session import from_specs
from ..i18n import _
from . import sandbox
from .roster import MANIFEST, Assignment

__all__ = ["Task", "manifest_path", "load_manifest", "questions_for", "specs_for", "folder_hint"]


def folder_hint(submissions: Path) -> str:
    """``"; did you mean out/submissions?"`` when ``submissions`` is the assignment folder itself."""
    if (submissions / "submissions").is_dir() and (submissions / MANIFEST).is_file():
        return _("; did you mean {folder}?").format(folder=submissions / "submissions")
    return ""


def manifest_path(submissions: Path, assignment: str | Path | None) -> Path:
    """Where the manifest is read: ``assignment`` if given, else ``assignment.json`` beside the
    submissions folder (in the assignment folder ``bglearn assign`` wrote). Raises BglearnError when
    that place is inside the submissions folder."""
    path = Path(assignment) if assignment is not None else submissions.parent / MANIFEST
    if path.resolve().is_relative_to(submissions.resolve()):
        raise BglearnError(_("{path} is inside the folder of submissions, where any student could have put it; "
                             "the manifest is read only from the assignment folder (--assignment)").format(path=path)
                           + folder_hint(submissions))
    return path


def load_manifest(submissions: Path, assignment: str | Path | None) -> tuple[Assignment, list[str]]:
    """The teacher's manifest (see :func:`manifest_path`) and warnings for the teacher: a file named like
    the manifest inside the submissions folder is never read, and is reported."""
    path = manifest_path(submissions, assignment)
    warnings = []
    planted = submissions / MANIFEST
    if planted.exists() or planted.is_symlink():
        warnings.append(_("{path} was not read: the manifest comes only from the assignment folder ({used}); a file "
                          "of that name among the submissions may be a student's").format(path=planted, used=path))
    if not path.exists() and assignment is None:
        raise BglearnError(_("no assignment manifest at {path}: grade the submissions folder that `bglearn assign` "
                             "made (out/submissions) or pass --assignment").format(path=path) + folder_hint(submissions))
    return Assignment.load(path), warnings


@dataclass(frozen=True)
class Task:
    """Everything the grader needs to grade one student's submission of one exercise."""

    student: str
    exercise: str
    seed: Any
    mode: str
    path: str | None
    limits: sandbox.Limits | None
    cell_timeout: float
    sandboxed: bool
    scratch: str
    specs: tuple[Any, ...] = ()   # the student's questions as the manifest keeps them (empty: regenerate from the seed)
    notes: tuple[str, ...] = ()   # what collecting the submission found (refused files...), for the student


def specs_for(manifest: Assignment, exercise: str, student: str) -> tuple[Any, ...]:
    """The question descriptions ``bglearn assign`` kept for ``student`` (``()`` for an older manifest)."""
    kept = (manifest.exercises[exercise].get("questions") or {}).get(student)
    return tuple(kept) if isinstance(kept, list) and kept else ()


def questions_for(task: Task) -> Exercise:
    """The student's questions: rebuilt from the manifest's descriptions when it has them (milliseconds),
    else regenerated from the seed (about a second); either way before any student code runs."""
    if task.specs:
        try:
            return from_specs(task.exercise, list(task.specs), task.seed, task.student, task.mode)
        except BglearnError:  # a damaged manifest entry: the seed still gives the questions
            pass
    ex = load_exercise(task.exercise, task.seed, task.student, task.mode)
    ex.questions  # generate now
    return ex
