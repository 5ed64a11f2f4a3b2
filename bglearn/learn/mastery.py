"""Mastery by rule: how often a learner answered on each rule, right and wrong, and where the rule stands
in the review schedule (:mod:`bglearn.learn.schedule`).

>>> from datetime import datetime, timedelta, timezone
>>> t = datetime(2026, 12, 1, tzinfo=timezone.utc)
>>> m = tally([("BAR_FIRST", t, True), ("BAR_FIRST", t, False), ("BLOCKED", t, True)])
>>> m["BAR_FIRST"].right, m["BAR_FIRST"].wrong, m["BAR_FIRST"].box
(1, 1, 1)
>>> weakest_first(m.values(), now=t), weakest_first(m.values(), now=t + timedelta(days=1))
(['BAR_FIRST'], ['BAR_FIRST', 'BLOCKED'])
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

from .schedule import BoxState, answer

__all__ = ["RuleMastery", "tally", "weakest_first"]


@dataclass(frozen=True)
class RuleMastery:
    """One rule's record: ``right`` and ``wrong`` answers, its Leitner ``box`` (1-5), when it is ``due``
    for review and when it was ``last_seen`` (answered last)."""

    rule: str
    right: int
    wrong: int
    box: int
    due: datetime
    last_seen: datetime

    @property
    def answers(self) -> int:
        """How many answers exercised the rule."""
        return self.right + self.wrong

    def is_due(self, now: datetime) -> bool:
        """Whether the rule is due for review at ``now``."""
        return self.due <= now


def tally(rows: Iterable[tuple[str, datetime, bool]]) -> dict[str, RuleMastery]:
    """Each rule's mastery from ``(rule, when, right?)`` rows in time order (sorted by rule code)."""
    counts: dict[str, list[int]] = {}
    states: dict[str, BoxState] = {}
    seen: dict[str, datetime] = {}
    for rule, at, correct in rows:
        count = counts.setdefault(rule, [0, 0])
        count[0 if correct else 1] += 1
        states[rule] = answer(states.get(rule), correct, at)
        seen[rule] = at
    return {rule: RuleMastery(rule, counts[rule][0], counts[rule][1], states[rule].box, states[rule].due, seen[rule])
            for rule in sorted(counts)}


def weakest_first(mastery: Iterable[RuleMastery], now: datetime) -> list[str]:
    """The rules due at ``now``, weakest first: the lowest box, then the larger share of wrong answers,
    then the one due longest, then by code."""
    due = [m for m in mastery if m.is_due(now)]
    due.sort(key=lambda m: (m.box, -m.wrong / max(1, m.answers), m.due, m.rule))
    return [m.rule for m in due]
