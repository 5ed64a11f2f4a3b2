"""What the progress store keeps, as values: one answer (:class:`Answer`) and a stage's best result
(:class:`StageRecord`), with the checks every value passes before it is kept and the time format the file uses.

>>> a = Answer.new(["BAR_FIRST"], False, source="quiz", stage="03.2", at=parse_time("2026-12-01T09:00:00Z"))
>>> a.rules, a.correct, format_time(a.at)
(('BAR_FIRST',), False, '2026-12-01T09:00:00.000000Z')
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Iterable

from ..i18n import _
from .schema import ProgressError

__all__ = ["Answer", "StageRecord", "format_time", "parse_time", "utc_now", "check_rules", "check_stage",
           "check_source", "better", "RULE_CODE", "STAGE_ID"]

RULE_CODE = re.compile(r"[A-Z][A-Z0-9_]{0,63}")
"""The shape of a rule code (``BAR_FIRST``, ``OIN_MARS``)."""
STAGE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
"""The shape of a stage id (``03.2``; the course plan's ids are ``LL.N``)."""


def utc_now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(timezone.utc)


def format_time(at: datetime) -> str:
    """``at`` as the file and the export write it: ISO 8601 in UTC with microseconds (sorts as text)."""
    if at.tzinfo is None:
        raise ProgressError(_("a progress time must say its time zone (use datetime.now(timezone.utc))"))
    return at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_time(text: str) -> datetime:
    """A time written by :func:`format_time` (or any ISO 8601 time with a zone); ValueError otherwise."""
    if not isinstance(text, str):
        raise ValueError(text)
    value = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
    if value.tzinfo is None:
        raise ValueError(text)
    return value.astimezone(timezone.utc)


def check_rules(rules: Iterable[str] | str, *, known: bool = True) -> tuple[str, ...]:
    """``rules`` as a sorted tuple of distinct rule codes (one code given as text counts as one).
    ``known``: each must be a code of :data:`bglearn.exercises.rules.RULES`. ProgressError naming the bad one."""
    if isinstance(rules, str):
        rules = [rules]
    try:
        codes = list(rules)
    except TypeError:
        raise ProgressError(_("rules must be a list of rule codes such as [\"BAR_FIRST\"], not {value}").format(
            value=repr(rules))) from None
    for code in codes:
        if not isinstance(code, str) or not RULE_CODE.fullmatch(code):
            raise ProgressError(_("{code} is not a rule code: rule codes are names such as BAR_FIRST").format(
                code=repr(code)))
    if known:
        from ..exercises.rules import RULES

        unknown = [c for c in codes if c not in RULES]
        if unknown:
            raise ProgressError(_("{code} is not one of the kit's rule codes (bglearn.exercises.rules.RULES), such "
                                  "as BAR_FIRST or GAMMON").format(code=unknown[0]))
    return tuple(sorted(set(codes)))


def check_stage(stage: str | None) -> str | None:
    """``stage`` if it is None or a stage id; ProgressError otherwise."""
    if stage is not None and (not isinstance(stage, str) or not STAGE_ID.fullmatch(stage)):
        raise ProgressError(_("{stage} is not a stage id: stage ids are such as \"03.2\"").format(stage=repr(stage)))
    return stage


def check_source(source: str) -> str:
    """``source`` if it names where an answer came from (``"quiz"``, ``"stage"``, ...); ProgressError otherwise."""
    if not isinstance(source, str) or not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", source):
        raise ProgressError(_("{source} is not an answer's source: use a short lower-case word such as \"quiz\", "
                              "\"stage\", \"practice\" or \"review\"").format(source=repr(source)))
    return source


@dataclass(frozen=True)
class Answer:
    """One answer or attempt: its ``id`` (unique on every machine), when (``at``, UTC), where from
    (``source``), the ``stage`` it belongs to (or None), whether it was ``correct`` and the ``rules`` it
    exercised (sorted codes)."""

    id: str
    at: datetime
    source: str
    stage: str | None
    correct: bool
    rules: tuple[str, ...]

    @classmethod
    def new(cls, rules: Iterable[str] | str, correct: bool, *, source: str, stage: str | None = None,
            at: datetime | None = None, known: bool = True) -> Answer:
        """A new answer (a fresh id), every field checked."""
        if not isinstance(correct, bool):
            raise ProgressError(_("correct must be True or False, not {value}").format(value=repr(correct)))
        when = utc_now() if at is None else parse_time(format_time(at))
        return cls(uuid.uuid4().hex, when, check_source(source), check_stage(stage), correct,
                   check_rules(rules, known=known))


@dataclass(frozen=True)
class StageRecord:
    """A stage's best result: ``stars`` (1-3), the ``attempts`` it took and when it was ``finished``
    (the first time that result was reached)."""

    stage: str
    stars: int
    attempts: int
    finished: datetime


def better(new: StageRecord, old: StageRecord | None) -> bool:
    """Whether ``new`` is a better result than ``old``: more stars, or as many in fewer attempts."""
    if old is None:
        return True
    return (new.stars, -new.attempts) > (old.stars, -old.attempts)
