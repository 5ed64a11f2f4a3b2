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
  who starts).
- :mod:`~bglearn.exercises.feedback` — :class:`Feedback`, the one verdict class of quizzes and exercises.
- :mod:`~bglearn.exercises.rules` — the rule codes exercises declare; what makes a position realistic.
- :mod:`~bglearn.exercises.generators` — the five exercises: their slots (one question per kind and
  rule, the same for every student) and seeded variant generators.
- :mod:`~bglearn.exercises.report` — per-student rule coverage, difficulty and fairness (``bglearn
  assign --report``).
- :mod:`~bglearn.exercises.session` — :class:`Exercise`, the object a notebook's ``show``/``ask``/
  ``check`` cells call; practice and assessment modes; handouts without seeds.
- :mod:`~bglearn.exercises.form` — the answer forms (widgets) and their saved answers.
- :mod:`~bglearn.exercises.answers` — reading answers; :func:`saved_answers` reads a saved notebook.
- :mod:`~bglearn.exercises.notebook` — the notebook writer (nbgrader cell metadata, schema 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .answers import ANSWER_MIME, AnswerFormatError, saved_answers
from .feedback import Feedback
from .generators import EXERCISES, GenerationError, generate, variant_rng
from .questions import QUESTION_KINDS, Question, question_from_spec
from .rules import RULES
from .session import DEFAULT_SEED, MODES, Exercise, Summary, check, current, load_exercise, open_handout

if TYPE_CHECKING:  # pragma: no cover
    from nbformat import NotebookNode

__all__ = ["AnswerFormatError", "ANSWER_MIME", "saved_answers", "EXERCISES", "GenerationError", "generate",
           "variant_rng", "QUESTION_KINDS", "Feedback", "Question", "question_from_spec", "RULES", "DEFAULT_SEED",
           "MODES", "Exercise", "Summary", "check", "current", "load_exercise", "open_handout", "build_notebook",
           "write_notebook"]


def build_notebook(*args: Any, **kwargs: Any) -> NotebookNode:
    """See :func:`bglearn.exercises.notebook.build_notebook` (imports nbformat on first use)."""
    from .notebook import build_notebook as build

    return build(*args, **kwargs)


def write_notebook(*args: Any, **kwargs: Any) -> None:
    """See :func:`bglearn.exercises.notebook.write_notebook`."""
    from .notebook import write_notebook as write

    return write(*args, **kwargs)
