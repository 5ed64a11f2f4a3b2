"""``bglearn assign``: one personalised notebook per student, and the manifest the grader reads.

Folder layout written to ``out/``::

    out/assignment.json                  exercises with their seeds and modes, and the roster (private:
                                         the seed derives every student's variant; keep it from students)
    out/handouts/<student>/<exercise>.ipynb
    out/submissions/                     (empty) collect the returned notebooks here, as
                                         submissions/<student>/<exercise>.ipynb
                                         (or submissions/<student>.ipynb for a one-exercise assignment)
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BglearnError
from ..exercises import EXERCISES, MODES, load_exercise
from .roster import MANIFEST, Assignment, Student, read_roster

__all__ = ["assign", "assignment_mode", "report"]


def assignment_mode(assignment: Assignment, exercise: str) -> str:
    """The mode ``exercise`` was handed out in (``practice`` for manifests written before modes)."""
    entry = assignment.exercises.get(exercise) or {}
    mode = entry.get("mode", "practice") if isinstance(entry, dict) else "practice"
    return mode if mode in MODES else "practice"


def assign(exercise: str, roster: str | Path | list[Student], seed: int | str, out: str | Path,
           mode: str = "practice") -> Assignment:
    """Write ``exercise`` for every student of ``roster`` with positions generated from ``seed`` and
    the student's id, in ``mode`` (``practice``: instant explained feedback; ``assessment``: the
    check cells only confirm the form); add it to ``out/assignment.json`` (other exercises already
    there are kept). The handouts carry their questions, not the seed."""
    from ..exercises.notebook import write_notebook

    if exercise not in EXERCISES:
        raise BglearnError(f"there is no exercise {exercise!r}; choose one of {', '.join(EXERCISES)}")
    if mode not in MODES:
        raise BglearnError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    students = read_roster(roster) if not isinstance(roster, list) else roster
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = out / MANIFEST
    assignment = Assignment.load(manifest) if manifest.exists() else Assignment()
    old = assignment.exercises.get(exercise)
    if old is not None and (old["seed"] != seed or old.get("mode", "practice") != mode):
        raise BglearnError(
            f"{manifest} already assigns {exercise!r} with seed {old['seed']!r} in {old.get('mode', 'practice')} "
            f"mode; use another output folder (the grader must regenerate exactly what each student received)"
        )
    assignment.exercises[exercise] = {"seed": seed, "mode": mode}
    known = {s.id for s in assignment.students}
    assignment.students += [s for s in students if s.id not in known]
    for s in students:
        folder = out / "handouts" / s.id
        folder.mkdir(parents=True, exist_ok=True)
        write_notebook(load_exercise(exercise, seed, s.id, mode), folder / f"{exercise}.ipynb")
    (out / "submissions").mkdir(exist_ok=True)
    assignment.save(manifest)
    return assignment


def report(exercise: str, roster: str | Path | list[Student], seed: int | str) -> str:
    """The per-student rule coverage and difficulty of ``exercise`` under ``seed`` (a text table)."""
    from ..exercises.report import class_report, format_report

    if exercise not in EXERCISES:
        raise BglearnError(f"there is no exercise {exercise!r}; choose one of {', '.join(EXERCISES)}")
    students = read_roster(roster) if not isinstance(roster, list) else roster
    return format_report(class_report(exercise, seed, [s.id for s in students]))
