"""``bglearn assign``: one personalised notebook per student, and the manifest the grader reads.

Folder layout written to ``out/``::

    out/assignment.json                  exercises with their seeds, and the roster
    out/handouts/<student>/<exercise>.ipynb
    out/submissions/                     (empty) collect the returned notebooks here, as
                                         submissions/<student>/<exercise>.ipynb
                                         (or submissions/<student>.ipynb for a one-exercise assignment)
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BglearnError
from ..exercises import EXERCISES, load_exercise
from .roster import MANIFEST, Assignment, Student, read_roster

__all__ = ["assign"]


def assign(exercise: str, roster: str | Path | list[Student], seed: int | str, out: str | Path) -> Assignment:
    """Write ``exercise`` for every student of ``roster`` with positions generated from ``seed`` and
    the student's id; add it to ``out/assignment.json`` (other exercises already there are kept)."""
    from ..exercises.notebook import write_notebook

    if exercise not in EXERCISES:
        raise BglearnError(f"there is no exercise {exercise!r}; choose one of {', '.join(EXERCISES)}")
    students = read_roster(roster) if not isinstance(roster, list) else roster
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = out / MANIFEST
    assignment = Assignment.load(manifest) if manifest.exists() else Assignment()
    old = assignment.exercises.get(exercise)
    if old is not None and old["seed"] != seed:
        raise BglearnError(
            f"{manifest} already assigns {exercise!r} with seed {old['seed']!r}; use another output folder "
            f"(the grader must regenerate exactly what each student received)"
        )
    assignment.exercises[exercise] = {"seed": seed}
    known = {s.id for s in assignment.students}
    assignment.students += [s for s in students if s.id not in known]
    for s in students:
        folder = out / "handouts" / s.id
        folder.mkdir(parents=True, exist_ok=True)
        write_notebook(load_exercise(exercise, seed, s.id), folder / f"{exercise}.ipynb")
    (out / "submissions").mkdir(exist_ok=True)
    assignment.save(manifest)
    return assignment
