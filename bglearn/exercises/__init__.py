"""Graded exercises: questions that state a position and a task, with answers judged by the engine.

>>> from bglearn.exercises import load_exercise
>>> ex = load_exercise("forced-moves", seed=2026, student="alice")
>>> q = ex.question(1)
>>> ex.check(1, answer=q.example_answer()).correct     # the engine's own answer is right
True

- :mod:`~bglearn.exercises.questions` — the question types (list every legal play, pick the legal
  play, write a legal play, where may the checker enter, may this checker bear off, how many points,
  single/gammon/backgammon, may this player double, set up the start, who holds this point, pip count,
  who starts).
- :mod:`~bglearn.exercises.generators` — the five exercises and their seeded variant generators.
- :mod:`~bglearn.exercises.session` — :class:`Exercise`, the object a notebook's ``show``/``check``
  cells call.
- :mod:`~bglearn.exercises.notebook` — the notebook writer (nbgrader cell metadata, schema 3).
"""

from __future__ import annotations

from .answers import AnswerFormatError
from .generators import EXERCISES, GenerationError, generate, variant_rng
from .questions import QUESTION_KINDS, Feedback, Question
from .session import DEFAULT_SEED, Exercise, Summary, load_exercise

__all__ = ["AnswerFormatError", "EXERCISES", "GenerationError", "generate", "variant_rng", "QUESTION_KINDS",
           "Feedback", "Question", "DEFAULT_SEED", "Exercise", "Summary", "load_exercise", "build_notebook",
           "write_notebook"]


def build_notebook(*args, **kwargs):
    """See :func:`bglearn.exercises.notebook.build_notebook` (imports nbformat on first use)."""
    from .notebook import build_notebook as build

    return build(*args, **kwargs)


def write_notebook(*args, **kwargs):
    """See :func:`bglearn.exercises.notebook.write_notebook`."""
    from .notebook import write_notebook as write

    return write(*args, **kwargs)
