"""Graded exercises: questions that state a position and a task, with answers judged by the engine.

>>> from bglearn.exercises import load_exercise
>>> ex = load_exercise("forced-moves", seed=2026, student="alice")
>>> q = ex.question(1)
>>> ex.check(1, q.example_answer()).correct     # the engine's own answer is right
True
>>> set(ex.spec.rules) <= {rule for q in ex.questions for rule in q.rules()}   # every declared rule is tested
True

- :mod:`~bglearn.exercises.questions` — the question types (list every legal play, pick the legal
  play, write a legal play, where may the checker enter, may this checker bear off, how many points,
  single/gammon/backgammon, may this player double, set up the start, who holds this point, pip count,
  who starts), one submodule per family.
- :mod:`~bglearn.exercises.faces` — what a student's side holds of a question: position, kind, answer
  form and the reading of an answer, never its answer.
- :mod:`~bglearn.exercises.feedback` — :class:`Feedback`, the one verdict class of quizzes and exercises.
- :mod:`~bglearn.exercises.rules` — the rule codes exercises declare; what makes a position realistic.
- :mod:`~bglearn.exercises.generators` — the five exercises: their slots (one question per kind and
  rule, the same for every student) and seeded variant generators.
- :mod:`~bglearn.exercises.report` — per-student rule coverage, difficulty and fairness (``bglearn
  assign --report``).
- :mod:`~bglearn.exercises.sheet` — the answer sheet the notebook's ``show``/``ask``/``check`` cells
  call; :func:`check`, what every check cell imports.
- :mod:`~bglearn.exercises.handout` — :func:`open_handout`, the setup cell's call: an assessment
  handout holds faces only.
- :mod:`~bglearn.exercises.session` — :class:`Exercise`, one student's variant with its questions
  (the teacher's and the grader's), practice and assessment modes.
- :mod:`~bglearn.exercises.form` — the answer forms (widgets) and their saved answers.
- :mod:`~bglearn.exercises.answers` — reading answers; :func:`saved_answers` reads a saved notebook.
- :mod:`~bglearn.exercises.notebook` — the notebook writer (nbgrader cell metadata, schema 3).

Importing this package loads only the answer sheet (what a check cell needs); every other name loads
its module on first use, so an assessment handout's kernel never imports the modules that judge or
generate questions.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .sheet import check, current

if TYPE_CHECKING:  # what the lazy names below are, for type checkers (nothing is imported at run time)
    from nbformat import NotebookNode

    from .answers import ANSWER_MIME as ANSWER_MIME
    from .answers import MISSING as MISSING
    from .answers import AnswerFormatError as AnswerFormatError
    from .answers import saved_answers as saved_answers
    from .feedback import Feedback as Feedback
    from .generators import EXERCISES as EXERCISES
    from .generators import GenerationError as GenerationError
    from .generators import generate as generate
    from .generators import variant_rng as variant_rng
    from .handout import Handout as Handout
    from .handout import open_handout as open_handout
    from .questions import QUESTION_KINDS as QUESTION_KINDS
    from .questions import Question as Question
    from .questions import question_from_spec as question_from_spec
    from .rules import RULES as RULES
    from .session import DEFAULT_SEED as DEFAULT_SEED
    from .session import Exercise as Exercise
    from .session import from_specs as from_specs
    from .session import load_exercise as load_exercise
    from .sheet import MODES as MODES
    from .sheet import Summary as Summary

_LAZY = {
    "ANSWER_MIME": "answers", "MISSING": "answers", "AnswerFormatError": "answers", "saved_answers": "answers",
    "Feedback": "feedback", "EXERCISES": "generators", "GenerationError": "generators", "generate": "generators",
    "variant_rng": "generators", "Handout": "handout", "open_handout": "handout", "QUESTION_KINDS": "questions",
    "Question": "questions", "question_from_spec": "questions", "RULES": "rules", "DEFAULT_SEED": "session",
    "Exercise": "session", "from_specs": "session", "load_exercise": "session", "MODES": "sheet",
    "Summary": "sheet",
}

__all__ = sorted(_LAZY) + ["check", "current", "build_notebook", "write_notebook"]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is not None:
        value = getattr(import_module(f"{__name__}.{module}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


def build_notebook(*args: Any, **kwargs: Any) -> NotebookNode:
    """See :func:`bglearn.exercises.notebook.build_notebook` (imports nbformat on first use)."""
    from .notebook import build_notebook as build

    return build(*args, **kwargs)


def write_notebook(*args: Any, **kwargs: Any) -> None:
    """See :func:`bglearn.exercises.notebook.write_notebook`."""
    from .notebook import write_notebook as write

    return write(*args, **kwargs)
