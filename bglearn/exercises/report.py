"""What each student's variant tests: rule coverage, difficulty and the fairness figures, as
``bglearn assign --report`` prints them. Every figure is asked of the engine through the questions
(:meth:`Question.rules`, :meth:`Question.answer_count`, :meth:`Question.difficulty`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from .generators import EXERCISES
from .session import load_exercise

__all__ = ["VariantReport", "variant_report", "class_report", "format_report"]


@dataclass(frozen=True)
class VariantReport:
    """One student's variant of one exercise."""

    student: str
    exercise: str
    questions: int
    kinds: Counter = field(compare=False)
    rules: Counter = field(compare=False)        # declared rule -> questions testing it
    difficulty: int = 0
    doubles: int = 0
    answer_counts: dict = field(default_factory=dict, compare=False)  # kind -> sorted answer counts

    @property
    def missing(self) -> list[str]:
        """Declared rules no question of this variant tests (empty for a fair variant)."""
        return [r for r in EXERCISES[self.exercise].rules if not self.rules.get(r)]


def variant_report(exercise: str, seed: int | str, student: str) -> VariantReport:
    """Coverage, difficulty, doubles and answer counts of ``student``'s variant."""
    ex = load_exercise(exercise, seed, student)
    declared = EXERCISES[exercise].rules
    rules: Counter = Counter({r: 0 for r in declared})
    kinds: Counter = Counter()
    answers: dict[str, list[int]] = {}
    doubles = difficulty = 0
    for q in ex.questions:
        kinds[q.kind] += 1
        for r in q.rules():
            if r in rules:
                rules[r] += 1
        roll = getattr(q, "roll", None)
        doubles += int(bool(roll is not None and roll.is_double))
        difficulty += q.difficulty()
        answers.setdefault(q.kind, []).append(q.answer_count())
    return VariantReport(student, exercise, len(ex.questions), kinds, rules, difficulty, doubles,
                         {k: sorted(v) for k, v in answers.items()})


def class_report(exercise: str, seed: int | str, students: Iterable[str]) -> list[VariantReport]:
    return [variant_report(exercise, seed, s) for s in students]


def format_report(reports: list[VariantReport]) -> str:
    """A plain-text table: one line per student, then the spread across the class."""
    if not reports:
        return "no students"
    exercise = reports[0].exercise
    declared = EXERCISES[exercise].rules
    width = max(len(r.student) for r in reports)
    lines = [f"{exercise}: rules tested per student (questions testing each rule)"]
    for i, rule in enumerate(declared, 1):
        lines.append(f"  R{i} = {rule}")
    head = f"{'student':<{width}}  questions  difficulty  doubles  " + " ".join(f"R{i:<2}" for i in range(1, len(declared) + 1))
    lines.append(head)
    for r in reports:
        cells = " ".join(f"{r.rules[rule]:<3}" for rule in declared)
        flag = "" if not r.missing else "  MISSING: " + ", ".join(r.missing)
        lines.append(f"{r.student:<{width}}  {r.questions:^9}  {r.difficulty:^10}  {r.doubles:^7}  {cells}{flag}")
    diffs = [r.difficulty for r in reports]
    complete = sum(1 for r in reports if not r.missing)
    lines.append(f"{complete} of {len(reports)} students are tested on every rule; difficulty {min(diffs)}–{max(diffs)}; "
                 f"doubles {min(r.doubles for r in reports)}–{max(r.doubles for r in reports)}.")
    return "\n".join(lines)
