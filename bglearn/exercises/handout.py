"""A student's handout: what the setup cell of an exercise notebook opens.

:func:`open_handout` reads the question descriptions the setup cell carries (positions as XGIDs,
kinds, parameters — plain data, no seed). In **practice** mode it builds the questions themselves
(:class:`~bglearn.exercises.session.Exercise`), so each check judges at once. In **assessment** mode it
builds a :class:`Handout` of :class:`~bglearn.exercises.faces.Face` objects only: positions, kinds and
answer forms. Nothing in an assessment kernel holds an answer or a way to compute one from the
question (no judge, no generator, no seed): the modules that judge (:mod:`bglearn.exercises.questions`)
or generate (:mod:`bglearn.exercises.generators`) are not even imported, and ``check`` only confirms
that an answer is well formed. The public engine is there, as in every notebook — see the README on
assessments in an open notebook.

>>> spec = {"kind": "pip-count", "xgid": "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
...         "points": 1, "rules": ["PIP_COUNT"], "params": {"player": "White"}}
>>> sheet = open_handout("setup", mode="assessment", questions=[spec])
>>> sheet.check(1, 167).status, sheet.check(1, "lots").status
('recorded', 'recorded')
>>> type(sheet).__name__, sheet.question(1).form
('Handout', 'number')
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import BglearnError
from ..i18n import _
from .faces import Face, read_spec
from .feedback import Feedback
from .sheet import MODES, AnswerSheet, set_current

__all__ = ["Handout", "open_handout"]


class Handout(AnswerSheet):
    """An assessment handout: its questions as :class:`Face` objects (what a question shows and how it
    is answered), and the answers given. ``check`` confirms the form and records the answer; the
    verdicts come with the grader's feedback file."""

    def __init__(self, name: str, faces: Sequence[Face], student: str = "") -> None:
        super().__init__(name, student, "assessment")
        self.questions: tuple[Face, ...] = tuple(faces)
        """The questions, as the student's side holds them."""

    def count(self) -> int:
        return len(self.questions)

    def _item(self, number: int) -> Face:
        return self.questions[number - 1]

    def question(self, number: int) -> Face:
        """Question ``number`` (counted from 1): its position, kind and answer form."""
        face: Face = self.item(number)
        return face

    def verdict(self, number: int, answer: Any) -> Feedback:
        return self._item(number).receipt(answer, number)

    def __repr__(self) -> str:
        return f"Handout({self.name!r}, student={self.student!r}, mode='assessment')"


def open_handout(name: str, *, questions: Sequence[dict[str, Any]], mode: str = "practice", student: str = "",
                 lang: str | None = None) -> AnswerSheet:
    """The exercise of a handout, rebuilt from its question descriptions (no seed): a
    :class:`Handout` in assessment mode, an :class:`~bglearn.exercises.session.Exercise` in practice
    mode. It becomes the :func:`~bglearn.exercises.sheet.current` exercise, the one the check cells'
    ``check`` answers. ``lang`` (a handout in Spanish, Finnish or Romanian) makes the messages speak
    that language."""
    if lang is not None:
        from ..i18n import set_language

        set_language(lang)
    if mode not in MODES:
        raise BglearnError(_("mode must be one of {modes}, not {mode}.").format(modes=", ".join(MODES), mode=repr(mode)))
    if not isinstance(questions, (list, tuple)) or not questions:
        raise BglearnError(_("a handout needs its list of question descriptions."))
    sheet: AnswerSheet
    if mode == "assessment":
        sheet = Handout(name, [read_spec(spec) for spec in questions], student)
    else:
        from .session import practice_handout

        sheet = practice_handout(name, questions, student)
    set_current(sheet)
    return sheet
