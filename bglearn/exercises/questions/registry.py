"""Every question kind by name, and a question rebuilt from its description.

>>> from bglearn import Position, WHITE
>>> from bglearn.exercises.questions import PipCount
>>> q = question_from_spec(PipCount(Position(), WHITE).spec())   # rebuilt from its description
>>> type(q).__name__, q.check(167).correct
('PipCount', True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...i18n import _
from ..answers import SpecError
from ..faces import XGID_FIELDS, read_spec
from .base import PositionQuestion
from .plays import EntryPoints, ListPlays, MakePlay, MayBearOff, PickPlay, PlayHits
from .scoring import DropPoints, MayDouble, PointsWon, ResultKindQuestion
from .setup import OpeningStarter, PipCount, PointOwner, SetUpStart
from .story import GamePoints

__all__ = ["QUESTION_KINDS", "question_from_spec"]

QUESTION_KINDS: dict[str, type[PositionQuestion]] = {cls.kind: cls for cls in (
    ListPlays, PickPlay, MakePlay, EntryPoints, MayBearOff, PointsWon, DropPoints, ResultKindQuestion,
    MayDouble, SetUpStart, PointOwner, PipCount, OpeningStarter, GamePoints, PlayHits)}
"""Every question type, by its ``kind``."""


def question_from_spec(spec: Any) -> PositionQuestion:
    """The question described by ``spec`` (from :meth:`PositionQuestion.spec`); :class:`SpecError`
    naming the problem otherwise."""
    face = read_spec(spec)
    cls = QUESTION_KINDS[face.kind]
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {"position": face.position, "points": face.points}
    for key, value in face.fields.items():
        if key in names:
            kwargs[key] = value
        elif key not in XGID_FIELDS and key != "roll":
            raise SpecError(_("a {kind} question has no parameter {key}.").format(kind=cls.kind, key=repr(key)))
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SpecError(_("the {kind} question can't be built: {error}").format(kind=cls.kind, error=exc)) from None
