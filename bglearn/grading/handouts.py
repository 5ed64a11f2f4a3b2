"""``bglearn assign``: one personalised notebook per student, and the manifest the grader reads.

Folder layout written to ``out/``::

    out/assignment.json                  exercises with their seeds, modes and every student's questions
                                         (question descriptions), and the roster (private: the seed
                                         derives every student's variant; keep it from students)
    out/handouts/<student>/<exercise>.ipynb
    out/submissions/                     (empty) collect the returned notebooks here, as
                                         submissions/<student>/<exercise>.ipynb
                                         (or submissions/<student>.ipynb for a one-exercise assignment)

>>> from bglearn.grading.handouts import assignment_mode
>>> from bglearn.grading.roster import Assignment
>>> assignment_mode(Assignment(exercises={"bearing-off": {"seed": 1, "mode": "assessment"}}), "bearing-off")
'assessment'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import BglearnError
from ..i18n import _
from ..exercises import EXERCISES, MODES, load_exercise
from .distribute import BATCH_HANDOUTS, SMALL_HANDOUTS, choose_jobs, spread
from .progress import Progress
from .roster import MANIFEST, Assignment, Student, read_roster

__all__ = ["assign", "assignment_mode", "report"]


def assignment_mode(assignment: Assignment, exercise: str) -> str:
    """The mode ``exercise`` was handed out in (``practice`` for manifests written before modes)."""
    entry = assignment.exercises.get(exercise) or {}
    mode = entry.get("mode", "practice") if isinstance(entry, dict) else "practice"
    return mode if mode in MODES else "practice"


def _handout(job: tuple[str, int | str, str, str, str, str | None, bool]) -> tuple[bytes, list[Any], bytes | None]:
    """One student's handout, made on whichever worker runs it: the notebook's bytes, its questions'
    descriptions (for the manifest) and, when asked, the student's answer key (the same notebook with
    the engine's answers filled in). Plain data in and out; writes nothing."""
    from ..exercises.notebook import build_notebook, notebook_text
    from ..i18n import using_language

    exercise, seed, student, mode, language, assigned, with_key = job
    with using_language(language):
        ex = load_exercise(exercise, seed, student, mode)
        handout = notebook_text(build_notebook(ex, lang=assigned)).encode("utf-8")
        key = notebook_text(build_notebook(ex, lang=assigned, solutions=True)).encode("utf-8") if with_key else None
        return handout, ex.specs(), key


def assign(exercise: str, roster: str | Path | list[Student], seed: int | str, out: str | Path,
           mode: str = "practice", language: str | None = None, *, jobs: int | None = None,
           scheduler: str | None = None, progress: bool = False, key: bool = False) -> Assignment:
    """Write ``exercise`` for every student of ``roster`` with positions generated from ``seed`` and
    the student's id, in ``mode`` (``practice``: instant explained feedback; ``assessment``: the
    check cells only confirm the form); add it to ``out/assignment.json`` (other exercises already
    there are kept). The handouts carry their questions, not the seed. ``language`` ("es", "fi", "ro",
    "en") is the language of the handouts and of the grader's feedback, kept in the manifest.

    The handouts are made on ``jobs`` Dask workers of a local cluster (default: one per core, or this
    process for fewer than 100 students per core; ``jobs=1``: this process), or on the existing cluster
    at ``scheduler`` (``tcp://HOST:PORT``); this process writes every file, and the same seed gives the
    same bytes however they were made. ``progress``: show a progress bar on standard error.

    ``key``: also write each student's answer key, ``out/key/<student>/<exercise>.ipynb`` — their own
    handout with the engine's answers filled in, for the teacher only (never in ``handouts/``)."""
    from ..i18n import current_language, using_language

    if exercise not in EXERCISES:
        raise BglearnError(_("there is no exercise {name}; choose one of {names}.").format(
            name=repr(exercise), names=", ".join(EXERCISES)))
    if mode not in MODES:
        raise BglearnError(_("mode must be one of {modes}, not {mode}.").format(modes=", ".join(MODES), mode=repr(mode)))
    students = read_roster(roster) if not isinstance(roster, list) else roster
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = out / MANIFEST
    assignment = Assignment.load(manifest) if manifest.exists() else Assignment()
    old = assignment.exercises.get(exercise)
    if old is not None and (old["seed"] != seed or old.get("mode", "practice") != mode):
        raise BglearnError(_("{manifest} already assigns {name} with seed {seed} in {mode} mode; use another output "
                             "folder (the grader must regenerate exactly what each student received)").format(
            manifest=manifest, name=repr(exercise), seed=repr(old["seed"]), mode=old.get("mode", "practice")))
    assignment.exercises[exercise] = {"seed": seed, "mode": mode, "questions": dict((old or {}).get("questions") or {})}
    if language:
        from ..i18n import language_code

        try:
            language = language_code(language)  # refuse an unknown language before writing anything
        except ValueError as exc:
            raise BglearnError(str(exc)) from None
        if assignment.language and assignment.language != language:
            raise BglearnError(f"{manifest} is assigned in language {assignment.language!r}, not {language!r}; "
                               "use another output folder")
        assignment.language = language
    known = {s.id for s in assignment.students}
    assignment.students += [s for s in students if s.id not in known]
    with using_language(assignment.language or None):
        lang = current_language()
    specs: dict[int, list[Any]] = {}
    bar = Progress(len(students), _("handouts")) if progress and students else None

    def made(i: int, handout: tuple[bytes, list[Any], bytes | None]) -> None:
        folder = out / "handouts" / students[i].id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{exercise}.ipynb").write_bytes(handout[0])
        specs[i] = handout[1]
        if handout[2] is not None:
            keys = out / "key" / students[i].id
            keys.mkdir(parents=True, exist_ok=True)
            (keys / f"{exercise}.ipynb").write_bytes(handout[2])
        if bar is not None:
            bar.advance()

    spread(_handout, [(exercise, seed, s.id, mode, lang, assignment.language or None, key) for s in students],
           jobs=choose_jobs(jobs, scheduler, len(students), SMALL_HANDOUTS), scheduler=scheduler, on_result=made,
           batch=BATCH_HANDOUTS)
    if bar is not None:
        bar.close()
    for i, s in enumerate(students):   # in roster order, however the handouts were made
        # the questions as the handout carries them, so the grader rebuilds them in milliseconds
        # instead of regenerating them (private, like the seed: only the grader reads the manifest)
        assignment.exercises[exercise].setdefault("questions", {})[s.id] = specs[i]
    (out / "submissions").mkdir(exist_ok=True)
    assignment.save(manifest)
    return assignment


def report(exercise: str, roster: str | Path | list[Student], seed: int | str) -> str:
    """The per-student rule coverage and difficulty of ``exercise`` under ``seed`` (a text table)."""
    from ..exercises.report import class_report, format_report

    if exercise not in EXERCISES:
        raise BglearnError(_("there is no exercise {name}; choose one of {names}.").format(
            name=repr(exercise), names=", ".join(EXERCISES)))
    students = read_roster(roster) if not isinstance(roster, list) else roster
    return format_report(class_report(exercise, seed, [s.id for s in students]))
