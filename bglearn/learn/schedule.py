"""The review schedule: Leitner boxes, one per rule a learner has answered on.

A rule a learner has met sits in one of five boxes. Box 1 is due at once; a rule in box ``b`` is due
:data:`INTERVALS` ``[b]`` days after the answer that put it there. A **wrong** answer sends the rule to
box 1 (due again at once); a **right** answer given when the rule is due moves it up one box (at most
box 5), and is then due after that box's interval. A right answer before the rule is due (the same quiz
answered again a minute later, say) counts as right but moves nothing: only spaced answers move a rule up.
A rule's first answer starts it in box 1 before it is applied, so a right first answer puts it in box 2.

The box is never stored: :func:`replay` works it out from the rule's answers in time order, so two
machines' answers merged by an import give the box both would have given.

>>> from datetime import datetime, timezone
>>> t = datetime(2026, 12, 1, 9, tzinfo=timezone.utc)
>>> state = replay([(t, True)])
>>> state.box, state.due.day          # right at once: box 2, due the next day
(2, 2)
>>> replay([(t, True), (t, False)]).box   # then wrong: back to box 1
1
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable

__all__ = ["BOXES", "INTERVALS", "BoxState", "answer", "replay"]

BOXES = 5
"""The number of Leitner boxes (1 = not known yet, 5 = known well)."""

INTERVALS: dict[int, timedelta] = {1: timedelta(0), 2: timedelta(days=1), 3: timedelta(days=3),
                                   4: timedelta(days=7), 5: timedelta(days=14)}
"""How long after the answer that put a rule in a box it is due again, per box."""


@dataclass(frozen=True)
class BoxState:
    """Where a rule stands: its ``box`` (1-5) and when it is ``due`` for review."""

    box: int
    due: datetime


def answer(state: BoxState | None, correct: bool, at: datetime) -> BoxState:
    """The rule's box after an answer ``correct`` given at ``at`` (``state`` None: its first answer)."""
    if state is None:
        state = BoxState(1, at)
    if not correct:
        return BoxState(1, at + INTERVALS[1])
    if at < state.due:  # answered again before it was due: right, but not a spaced review
        return state
    box = min(BOXES, state.box + 1)
    return BoxState(box, at + INTERVALS[box])


def replay(answers: Iterable[tuple[datetime, bool]]) -> BoxState | None:
    """The box after ``answers`` (``(when, right?)`` in time order); None when there are none."""
    state: BoxState | None = None
    for at, correct in answers:
        state = answer(state, correct, at)
    return state
