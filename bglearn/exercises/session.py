"""The object an exercise notebook talks to: ``show(n)`` draws question n, ``check(n)`` judges the
student's ``answer_n`` with the engine and explains it, ``summary()`` adds everything up.

>>> ex = load_exercise("bearing-off", seed=2026, student="alice")
>>> len(ex.questions) >= 8
True
>>> ex.check(1, answer=None).status
'unanswered'
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..errors import BglearnError
from .generators import EXERCISES, generate
from .questions import MISSING, Feedback, Question

__all__ = ["Exercise", "load_exercise", "Summary", "DEFAULT_SEED"]

DEFAULT_SEED = 1
"""The seed of the exercise notebooks shipped in ``exercises/`` (no student id)."""


@dataclass(frozen=True)
class Summary:
    """Every answer's feedback and the total."""

    exercise: str
    feedback: tuple[Feedback, ...]

    @property
    def points(self) -> float:
        return sum(f.points for f in self.feedback)

    @property
    def max_points(self) -> float:
        return sum(f.max_points for f in self.feedback)

    def __str__(self) -> str:
        lines = [str(f) for f in self.feedback]
        lines.append(f"Total: {self.points:g} / {self.max_points:g}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{self.points:g}"

    def _repr_markdown_(self) -> str:
        rows = ["| Question | Points | |", "|---|---|---|"]
        for f in self.feedback:
            mark = "✅" if f.correct else ("❌" if f.answered else "✏️")
            rows.append(f"| {f.number} | {f.points:g}/{f.max_points:g} | {mark} {f.status} |")
        rows.append(f"| **Total** | **{self.points:g}/{self.max_points:g}** | |")
        return "\n".join(rows)


class Exercise:
    """One student's variant of one exercise. Questions are generated on first use from
    ``(name, seed, student)``, so the same three always give the same questions."""

    def __init__(self, name: str, seed: int | str = DEFAULT_SEED, student: str = "") -> None:
        if name not in EXERCISES:
            raise BglearnError(f"there is no exercise {name!r}; choose one of {', '.join(EXERCISES)}.")
        self.name = name
        self.seed = seed
        self.student = student

    @property
    def spec(self):
        return EXERCISES[self.name]

    @property
    def title(self) -> str:
        return self.spec.title

    @cached_property
    def questions(self) -> tuple[Question, ...]:
        return tuple(generate(self.name, self.seed, self.student))

    def question(self, number: int) -> Question:
        """Question ``number`` (counted from 1)."""
        if not isinstance(number, int) or not 1 <= number <= len(self.questions):
            raise BglearnError(f"there is no question {number!r}; this exercise has questions 1-{len(self.questions)}.")
        return self.questions[number - 1]

    @property
    def max_points(self) -> int:
        return sum(q.points for q in self.questions)

    def show(self, number: int):
        """The diagram of question ``number`` (an SVG object that draws itself in a notebook)."""
        return self.question(number).diagram()

    def check(self, number: int, answer: Any = MISSING) -> Feedback:
        """Judge the answer to question ``number``: ``answer`` if given, else the variable
        ``answer_<number>`` of the notebook (the caller's globals). Never raises for a student's answer."""
        if answer is MISSING:
            answer = _caller_value(f"answer_{number}")
        return self.question(number).check(answer, number)

    def check_all(self, answers: dict[int, Any] | None = None, *, _depth: int = 3) -> Summary:
        """Judge every question: ``answers`` {number: value}, else the notebook's ``answer_<n>`` variables."""
        out = []
        for n in range(1, len(self.questions) + 1):
            if answers is not None:
                value = answers.get(n, MISSING)
            else:
                value = _caller_value(f"answer_{n}", depth=_depth)
            out.append(self.question(n).check(value, n))
        return Summary(self.name, tuple(out))

    def summary(self) -> Summary:
        """Every answer in the notebook judged, with the total (what you would score)."""
        return self.check_all(_depth=4)

    def __repr__(self) -> str:
        return f"Exercise({self.name!r}, seed={self.seed!r}, student={self.student!r})"


def _caller_value(name: str, depth: int = 2) -> Any:
    frame = sys._getframe(depth)
    try:
        for scope in (frame.f_locals, frame.f_globals):
            if name in scope:
                return scope[name]
    finally:
        del frame
    main = sys.modules.get("__main__")
    return getattr(main, name, MISSING)


def load_exercise(name: str, seed: int | str = DEFAULT_SEED, student: str = "") -> Exercise:
    """The exercise ``name`` for ``student`` under the class ``seed``."""
    return Exercise(name, seed, student)
