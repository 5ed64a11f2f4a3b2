"""The learning path: stages with goals, saved progress, mastery by rule and review (issue 25).

- :func:`progress` — the learner's progress store (:mod:`bglearn.learn.store`);
- :func:`review` — fresh questions on the rules the learner is weakest at and that are due
  (:mod:`bglearn.learn.reviews`); :func:`mastery_picture` — mastery per rule as a picture;
- :class:`GoalBoard`, :class:`CourseMap` and :mod:`goals <bglearn.learn.goals>` — practice boards with
  goals and the course map.

``import bglearn.learn`` is light: every name is imported on first use.

>>> import bglearn.learn as learn
>>> callable(learn.progress)
True
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the lazy names are, for type checkers (nothing is imported at run time)
    from . import goals as goals
    from .course_map import CourseMap as CourseMap
    from .goal_board import GoalBoard as GoalBoard
    from .picture import mastery_picture as mastery_picture
    from .reviews import review as review
    from .schema import ProgressError as ProgressError
    from .store import Progress as Progress
    from .store import progress as progress

__all__ = ["progress", "Progress", "ProgressError", "review", "mastery_picture", "GoalBoard", "CourseMap", "goals"]

_LAZY = {
    "progress": ("store", "progress"),
    "Progress": ("store", "Progress"),
    "ProgressError": ("schema", "ProgressError"),
    "review": ("reviews", "review"),
    "mastery_picture": ("picture", "mastery_picture"),
    "GoalBoard": ("goal_board", "GoalBoard"),
    "CourseMap": ("course_map", "CourseMap"),
    "goals": ("goals", None),
}


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module_name, attr = _LAZY[name]
    module = import_module(f"{__name__}.{module_name}")
    value = module if attr is None else getattr(module, attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
