"""What each student's variant tests: rule coverage, difficulty and the fairness figures, as
``bglearn assign --report`` prints them. Every figure is asked of the engine through the questions
(:meth:`Question.rules`, :meth:`Question.answer_count`, :meth:`Question.difficulty`).

>>> from bglearn.exercises.report import variant_report
>>> report = variant_report("bearing-off", 1, "ada")
>>> report.questions, sum(report.kinds.values())
(9, 9)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..i18n import _, ngettext
from .generators import EXERCISES
from .session import load_exercise

__all__ = ["VariantReport", "variant_report", "class_report", "format_report"]


@dataclass(frozen=True)
class VariantReport:
    """One student's variant of one exercise."""

    student: str
    exercise: str
    questions: int
    kinds: Counter[str] = field(compare=False)
    rules: Counter[str] = field(compare=False)        # declared rule -> questions testing it
    difficulty: int = 0
    doubles: int = 0
    answer_counts: dict[str, Any] = field(default_factory=dict, compare=False)  # kind -> sorted answer counts

    @property
    def missing(self) -> list[str]:
        """Declared rules no question of this variant tests (empty for a fair variant)."""
        return [r for r in EXERCISES[self.exercise].rules if not self.rules.get(r)]


def variant_report(exercise: str, seed: int | str, student: str) -> VariantReport:
    """Coverage, difficulty, doubles and answer counts of ``student``'s variant."""
    ex = load_exercise(exercise, seed, student)
    declared = EXERCISES[exercise].rules
    rules: Counter[str] = Counter({r: 0 for r in declared})
    kinds: Counter[str] = Counter()
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
        return _("no students")
    exercise = reports[0].exercise
    declared = EXERCISES[exercise].rules
    names = [_("student"), _("questions"), _("difficulty"), _("doubles")]
    width = max([len(names[0])] + [len(r.student) for r in reports])
    w1, w2, w3 = (len(n) for n in names[1:])
    lines = [_("{exercise}: rules tested per student (questions testing each rule)").format(exercise=exercise)]
    for i, rule in enumerate(declared, 1):
        lines.append(f"  R{i} = {rule}")
    head = (f"{names[0]:<{width}}  {names[1]}  {names[2]}  {names[3]}  "
            + " ".join(f"R{i:<2}" for i in range(1, len(declared) + 1)))
    lines.append(head.rstrip())
    for r in reports:
        cells = " ".join(f"{r.rules[rule]:<3}" for rule in declared)
        flag = "" if not r.missing else "  " + _("MISSING: {rules}").format(rules=", ".join(r.missing))
        lines.append(f"{r.student:<{width}}  {r.questions:>{w1}}  {r.difficulty:>{w2}}  {r.doubles:>{w3}}  "
                     f"{cells}".rstrip() + flag)
    diffs = [r.difficulty for r in reports]
    complete = sum(1 for r in reports if not r.missing)
    lines.append(ngettext("{complete} of {total} student is tested on every rule; difficulty {low}–{high}; "
                          "doubles {fewest}–{most}.",
                          "{complete} of {total} students are tested on every rule; difficulty {low}–{high}; "
                          "doubles {fewest}–{most}.", len(reports)).format(
        complete=complete, total=len(reports), low=min(diffs), high=max(diffs),
        fewest=min(r.doubles for r in reports), most=max(r.doubles for r in reports)))
    return "\n".join(lines)
