"""The parts every exercise is made of: its slots, its answer bands, and the test a generated
question must pass before a student sees it.

An :class:`ExerciseSpec` names the rules an exercise tests and the :class:`Slot` list every
student's variant has (one question of a given kind per rule); :func:`accepts` is the gate each
proposed question goes through (it tests its rule, its position and cube could occur in a game, its
answer count is in :data:`ANSWER_BANDS`).

>>> from bglearn.exercises.slots import ANSWER_BANDS, in_band
>>> ANSWER_BANDS["pick-play"]
(1, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from .candidates import notation_round_trips
from .questions import EntryPoints, ListPlays, MakePlay, MayBearOff, PickPlay, Question
from .rules import cube_problem, position_problem

if TYPE_CHECKING:  # pragma: no cover
    from .prose import ExerciseProse

__all__ = ["ANSWER_BANDS", "in_band", "Slot", "accepts", "ExerciseSpec"]


ANSWER_BANDS: dict[str, tuple[int, int]] = {
    "make-play": (1, 8),        # how many different legal plays a "write a legal play" question accepts
    "list-plays": (1, 8),       # how many plays the complete list holds (what the student must write)
    "pick-play": (1, 1),        # exactly one of the four options is legal
    "entry-points": (0, 2),     # the points a checker on the bar may enter on
    "may-bear-off": (1, 1), "points-won": (1, 1), "drop-points": (1, 1), "result-kind": (1, 1),
    "may-double": (1, 1), "set-up": (1, 1), "point-owner": (1, 1), "pip-count": (1, 1), "opening-starter": (1, 1),
    "game-points": (1, 1), "play-hits": (1, 1),
}
"""The band of right-answer counts (:meth:`Question.answer_count`) of every question kind, the same for
every student: every generated question lies in its kind's band (:func:`in_band`)."""


def in_band(q: Question) -> bool:
    """The question's number of right answers lies in its kind's band (:data:`ANSWER_BANDS`)."""
    lo, hi = ANSWER_BANDS[q.kind]
    return lo <= q.answer_count() <= hi


@dataclass(frozen=True)
class Slot:
    """One question of every student's variant: its ``kind``, the rule it must test (``target``,
    checked with :meth:`Question.rules`), whether its dice are a double (``doubles``: ``True``,
    ``False`` or ``None`` for no dice) and its builder, which proposes a question or ``None``."""

    kind: str
    target: str
    build: Callable[[random.Random], Question | None]
    doubles: bool | None = None


def accepts(q: Question | None, target: str) -> bool:
    """The question tests ``target``, its position and cube could occur in a game, its answer count
    is in band, and (for plays) the engine's notation of every legal play reads back as that play."""
    if q is None or q.position is None or position_problem(q.position) is not None:
        return False
    if isinstance(q, (ListPlays, MakePlay, PickPlay, EntryPoints, MayBearOff)):
        if not notation_round_trips(q.position, q.roll):
            return False
    cube = getattr(q, "cube", None)
    if cube is not None and cube_problem(cube, getattr(q, "cube_owner", None), match_length=getattr(q, "match_length", 0),
                                         score=getattr(q, "score", (0, 0)),
                                         crawford=getattr(q, "crawford", False)):
        return False
    return in_band(q) and target in q.rules()


@dataclass(frozen=True)
class ExerciseSpec:
    """One graded exercise: its ``name`` (used on the command line), the rule codes it tests
    (:data:`bglearn.exercises.rules.RULES`) and its slots — the questions every student's variant
    has, each with the rule it must test. Its title and introduction are Markdown a teacher edits,
    ``exercises/src/<name>.md`` (:mod:`bglearn.exercises.prose`)."""

    name: str
    rules: tuple[str, ...]
    slots: Callable[[], list[Slot]] = field(repr=False)

    def slot_list(self) -> list[Slot]:
        return self.slots()

    def prose(self, lang: str | None = None) -> ExerciseProse:
        """The exercise's title, introduction and instructions in ``lang`` (default: the language
        messages are shown in, or English when the exercise has no text in it yet)."""
        from ..i18n import current_language
        from .prose import ProseError, exercise_prose

        if lang is not None:
            return exercise_prose(self.name, lang)
        try:
            return exercise_prose(self.name, current_language())
        except ProseError:
            return exercise_prose(self.name, "en")

    @property
    def title(self) -> str:
        """The title (from ``exercises/src/<name>.md``)."""
        return self.prose().title

    @property
    def intro(self) -> str:
        """The introduction (Markdown, from ``exercises/src/<name>.md``)."""
        return self.prose().intro
