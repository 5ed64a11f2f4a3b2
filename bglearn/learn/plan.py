"""The course plan: every lesson, its stages in order, and the graded exercises after the lessons they need.

The plan is extracted from the lesson sources by ``notebooks/build.py`` (every ``GoalBoard("03.2", ...)``
and every quiz with ``stage="03.4"``, with the section heading it sits under) and shipped as
``bglearn/learn/plans/<lang>.json``; ``notebooks/src/course.toml`` gives the lesson order and where each
graded exercise goes. :func:`course_plan` reads it (a language without a plan of its own gets the
English one).

>>> plan = course_plan("en")
>>> plan.lessons[0].notebook
'00-welcome.ipynb'
>>> [e.name for lesson in plan.lessons for e in lesson.exercises][:2]
['setup', 'bar-entry']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import BglearnError
from ..i18n import LANGUAGES, current_language

__all__ = ["PLANS", "StagePlan", "ExercisePlan", "LessonPlan", "CoursePlan", "course_plan", "PlanError"]

PLANS = Path(__file__).resolve().parent / "plans"
"""Where the generated plans are: ``plans/<lang>.json``."""


class PlanError(BglearnError):
    """A plan file that cannot be read, with the file and the problem named."""


@dataclass(frozen=True)
class StagePlan:
    """One stage: ``id`` (``"03.2"``), ``title`` (in the plan's language), ``section`` (the heading it sits
    under) and ``kind``: ``"board"`` (a goal board) or ``"check"`` (a quiz: a section's check)."""

    id: str
    title: str
    section: str
    kind: str


@dataclass(frozen=True)
class ExercisePlan:
    """A graded exercise placed after a lesson: its ``name``, ``title`` and ``href`` (relative to the
    lessons' folder)."""

    name: str
    title: str
    href: str


@dataclass(frozen=True)
class LessonPlan:
    """One lesson: ``id`` (``"03"``), ``title``, ``notebook`` (its file name, a relative link from the
    lessons' folder), its ``stages`` in order and the ``exercises`` that come after it."""

    id: str
    title: str
    notebook: str
    stages: tuple[StagePlan, ...]
    exercises: tuple[ExercisePlan, ...]


@dataclass(frozen=True)
class CoursePlan:
    """The whole course in one language."""

    language: str
    lessons: tuple[LessonPlan, ...]

    def stage(self, stage: str) -> StagePlan | None:
        """The stage with id ``stage``, or None when the plan has none."""
        return next((s for lesson in self.lessons for s in lesson.stages if s.id == stage), None)

    def lesson_of(self, stage: str) -> LessonPlan | None:
        """The lesson a stage belongs to, or None."""
        return next((lesson for lesson in self.lessons if any(s.id == stage for s in lesson.stages)), None)

    def previous(self, stage: str) -> str | None:
        """The id of the stage that comes before ``stage`` in its lesson (None for a lesson's first
        stage, or a stage the plan does not know)."""
        lesson = self.lesson_of(stage)
        if lesson is None:
            return None
        ids = [s.id for s in lesson.stages]
        i = ids.index(stage)
        return ids[i - 1] if i else None

    def stage_ids(self) -> list[str]:
        """Every stage id, in course order."""
        return [s.id for lesson in self.lessons for s in lesson.stages]


def _parse(data: object, where: Path) -> CoursePlan:
    try:
        assert isinstance(data, dict)
        lessons = []
        for lesson in data["lessons"]:
            stages = tuple(StagePlan(str(s["id"]), str(s["title"]), str(s["section"]), str(s["kind"]))
                           for s in lesson["stages"])
            exercises = tuple(ExercisePlan(str(e["name"]), str(e["title"]), str(e["href"]))
                              for e in lesson["exercises"])
            lessons.append(LessonPlan(str(lesson["id"]), str(lesson["title"]), str(lesson["notebook"]), stages,
                                      exercises))
        return CoursePlan(str(data["language"]), tuple(lessons))
    except (AssertionError, KeyError, TypeError) as error:
        raise PlanError(f"{where}: not a course plan (rebuild it: python notebooks/build.py): "
                        f"missing or malformed {error}") from error


@lru_cache(maxsize=None)
def _load(path: Path) -> CoursePlan:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PlanError(f"{path}: cannot read the course plan: {error}") from error
    return _parse(data, path)


def course_plan(lang: str | None = None) -> CoursePlan:
    """The course plan in ``lang`` (default: the current language); English when that language has
    no plan file. Raises :class:`PlanError` for a missing or malformed English plan."""
    code = lang or current_language()
    if code not in LANGUAGES:
        raise PlanError(f"no course in the language {code!r}; the course speaks {', '.join(LANGUAGES)}.")
    path = PLANS / f"{code}.json"
    if not path.is_file():
        path = PLANS / "en.json"
    return _load(path)
