"""The progress export: a learner's progress as JSON, to move to another machine or hand to a teacher.

The format (``"format": "bglearn-progress"``, ``"version": 1``)::

    {
     "answers": [
      {"at": "2026-12-01T09:00:00.000000Z", "correct": false, "id": "5f0c...", "rules": ["BAR_FIRST"],
       "source": "quiz", "stage": "03.2"},
      ...
     ],
     "format": "bglearn-progress",
     "stages": {"03.2": {"attempts": 2, "finished": "2026-12-01T09:01:10.000000Z", "stars": 2}},
     "version": 1
    }

``answers`` are in time order (an import keeps the order of answers given at the same time), each with an ``id`` unique on every machine (an import made twice adds
nothing); ``stages`` hold each stage's best result. The text is deterministic: exporting what an
import read gives the same text again.

>>> text = dumps([], {})
>>> loads(text)
([], {})
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from ..i18n import _
from .records import Answer, StageRecord, check_rules, check_source, check_stage, format_time, parse_time
from .schema import ProgressError

__all__ = ["FORMAT", "FORMAT_VERSION", "dumps", "loads"]

FORMAT = "bglearn-progress"
"""The ``format`` field of every progress export."""
FORMAT_VERSION = 1
"""The export format this kit writes (it reads this one and older ones)."""


def dumps(answers: Iterable[Answer], stages: Mapping[str, StageRecord]) -> str:
    """The export of ``answers`` (written in time order; answers given at the same time in the order given)
    and ``stages``, as JSON text."""
    data = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "answers": [{"id": a.id, "at": format_time(a.at), "source": a.source, "stage": a.stage, "correct": a.correct,
                     "rules": list(a.rules)} for a in sorted(answers, key=lambda a: a.at)],
        "stages": {s: {"stars": r.stars, "attempts": r.attempts, "finished": format_time(r.finished)}
                   for s, r in sorted(stages.items())},
    }
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


class _Bad(Exception):
    """A field of the export that cannot be read: ``where`` (``answers[3].correct``) and what is wrong."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(where, problem)
        self.where, self.problem = where, problem


def loads(text: str | bytes, name: str = "") -> tuple[list[Answer], dict[str, StageRecord]]:
    """The answers and stages of an export; :class:`ProgressError` naming ``name`` (the file), the line
    or the field and what is wrong when it cannot be read. Nothing is half-read: all of it or an error."""
    what = name or _("the progress export")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProgressError(_("{name} is not a progress export: it is not UTF-8 text (byte {at})").format(
                name=what, at=exc.start)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProgressError(_("{name} is not a progress export: line {line}, column {column}: {error}").format(
            name=what, line=exc.lineno, column=exc.colno, error=exc.msg)) from None
    try:
        return _read(data)
    except _Bad as bad:
        raise ProgressError(_("{name}: {field}: {problem}").format(name=what, field=bad.where,
                                                                 problem=bad.problem)) from None


def _read(data: Any) -> tuple[list[Answer], dict[str, StageRecord]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Bad("format", _("this is not a bglearn progress export (its format is not \"{format}\")").format(
            format=FORMAT))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _Bad("version", _("must be a whole number, at least 1"))
    if version > FORMAT_VERSION:
        raise _Bad("version", _("is {version}: the export was made by a newer bglearn (this one reads up to {known}); "
                                "upgrade bglearn (pip install -U bglearn-kit) to import it").format(
            version=version, known=FORMAT_VERSION))
    answers = data.get("answers", [])
    if not isinstance(answers, list):
        raise _Bad("answers", _("must be a list"))
    stages = data.get("stages", {})
    if not isinstance(stages, dict):
        raise _Bad("stages", _("must be an object (stage id: result)"))
    return [_answer(a, f"answers[{i}]") for i, a in enumerate(answers)], {
        s: _stage(s, r, f"stages[{json.dumps(s)}]") for s, r in stages.items()}


def _field(item: dict[str, Any], key: str, where: str) -> Any:
    if key not in item:
        raise _Bad(f"{where}.{key}", _("is missing"))
    return item[key]


def _time(value: Any, where: str) -> Any:
    try:
        return parse_time(value)
    except (ValueError, TypeError):
        raise _Bad(where, _("must be a time such as \"2026-12-01T09:00:00Z\", not {value}").format(
            value=json.dumps(value))) from None


def _answer(item: Any, where: str) -> Answer:
    if not isinstance(item, dict):
        raise _Bad(where, _("must be an object"))
    ident = _field(item, "id", where)
    if not isinstance(ident, str) or not 8 <= len(ident) <= 64 or not ident.isalnum():
        raise _Bad(f"{where}.id", _("must be a text of 8-64 letters and digits"))
    correct = _field(item, "correct", where)
    if not isinstance(correct, bool):
        raise _Bad(f"{where}.correct", _("must be true or false, not {value}").format(value=json.dumps(correct)))
    at = _time(_field(item, "at", where), f"{where}.at")
    try:
        source = check_source(_field(item, "source", where))
    except ProgressError as exc:
        raise _Bad(f"{where}.source", str(exc)) from None
    try:
        stage = check_stage(item.get("stage"))
    except ProgressError as exc:
        raise _Bad(f"{where}.stage", str(exc)) from None
    rules = _field(item, "rules", where)
    if not isinstance(rules, list):
        raise _Bad(f"{where}.rules", _("must be a list of rule codes"))
    try:
        codes = check_rules(rules, known=False)  # a newer kit's rule codes are kept, not refused
    except ProgressError as exc:
        raise _Bad(f"{where}.rules", str(exc)) from None
    return Answer(ident, at, source, stage, correct, codes)


def _stage(stage: str, item: Any, where: str) -> StageRecord:
    try:
        check_stage(stage)
    except ProgressError as exc:
        raise _Bad(where, str(exc)) from None
    if not isinstance(item, dict):
        raise _Bad(where, _("must be an object"))
    stars = _field(item, "stars", where)
    if isinstance(stars, bool) or stars not in (1, 2, 3):
        raise _Bad(f"{where}.stars", _("must be 1, 2 or 3, not {value}").format(value=json.dumps(stars)))
    attempts = _field(item, "attempts", where)
    if isinstance(attempts, bool) or not isinstance(attempts, int) or attempts < 1:
        raise _Bad(f"{where}.attempts", _("must be a whole number, at least 1"))
    return StageRecord(stage, stars, attempts, _time(_field(item, "finished", where), f"{where}.finished"))
