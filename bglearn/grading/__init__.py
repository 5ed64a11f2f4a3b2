"""Grading a whole class: personalised handouts (``assign``) and the grader (``grade``).

>>> from bglearn.grading import assign, grade, read_roster
>>> assign("bearing-off", "students.csv", seed=2026, out="out")   # doctest: +SKIP
>>> report = grade("out/submissions", "grades.csv")               # doctest: +SKIP

See :mod:`bglearn.grading.grader` for how a submission is run and why it cannot forge its score.
Names load on first use, so the per-submission runner process (:mod:`bglearn.grading.runner`)
starts without importing the rest.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["assign", "grade", "GradeReport", "StudentResult", "find_submissions", "CSV_COLUMNS", "Assignment",
           "Student", "read_roster"]

_WHERE = {"assign": "handouts", "grade": "grader", "GradeReport": "grader", "StudentResult": "grader",
          "find_submissions": "grader", "CSV_COLUMNS": "grader", "Assignment": "roster", "Student": "roster",
          "read_roster": "roster"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
