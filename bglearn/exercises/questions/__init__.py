"""Question types: a position, a task, and an answer judged by the engine — the public home of every
question name (the families live in submodules).

- :mod:`~bglearn.exercises.questions.base` — :class:`Question` (every quiz and exercise question) and
  :class:`PositionQuestion` (an exercise question, described by its :meth:`~PositionQuestion.spec`);
- :mod:`~bglearn.exercises.questions.plays` — list every legal play, pick the legal play, write a legal
  play, where may the checker enter, may this checker bear off, how many checkers a play hits;
- :mod:`~bglearn.exercises.questions.scoring` — points won (or the match score), a dropped double,
  single/gammon/backgammon, may this player double;
- :mod:`~bglearn.exercises.questions.story` — how many points a money game told as a story scores
  (automatic doubles, beavers, drops, resignations);
- :mod:`~bglearn.exercises.questions.setup` — set up the start, who holds this point, pip count, who
  starts;
- :mod:`~bglearn.exercises.questions.registry` — :data:`QUESTION_KINDS` and :func:`question_from_spec`.

Every question states its task (:meth:`Question.prompt`), draws its position
(:meth:`Question.diagram`) and judges an answer written in plain Python (:meth:`Question.check`),
returning a :class:`Feedback`. No answer key is stored anywhere: the right answer is asked of the
engine every time — :func:`~bglearn.plays.legal_plays`, :func:`~bglearn.verdicts.explain`,
:func:`~bglearn.verdicts.legal_continuations`, :func:`~bglearn.result.game_result`,
:func:`~bglearn.result.points_won`, :class:`~bglearn.cube.Cube`, :meth:`Position.owner`, ...
So equivalent notations (``"8/5 6/5"`` and ``"6/5 8/5"``, ``"8/5(2)"`` and ``"8/5 8/5"``, ``"13/7/5"``
and ``"13/5"``) are the same answer, because they are the same play.

>>> from bglearn import Position
>>> q = MakePlay(Position(), "31")
>>> q.check("6/5 8/5").correct
True
>>> print(q.check("13/10").message)   # the rule broken, not a legal play (that would be the answer)
That breaks a rule: You must use both dice if any legal way of playing them does so.

A wrong answer's feedback never contains the right answer; :meth:`Question.receipt` (assessment
mode) says only whether an answer is well formed.
"""

from __future__ import annotations

from ..answers import MISSING, SpecError
from ..faces import LETTERS, NEITHER
from ..feedback import Feedback
from .base import LEVELS, PLAY_RULES, Judgement, Level, PositionQuestion, Question, no_spoiler
from .plays import FORCED_TOPICS, EntryPoints, ListPlays, MakePlay, MayBearOff, PickPlay, PlayHits
from .registry import QUESTION_KINDS, question_from_spec
from .scoring import TOPIC_HINT, DropPoints, MayDouble, PointsWon, ResultKindQuestion
from .setup import OpeningStarter, PipCount, PointOwner, SetUpStart
from .story import GamePoints

_no_spoiler = no_spoiler  # the name tests and older code import

__all__ = [
    "Feedback", "Question", "PositionQuestion", "ListPlays", "PickPlay", "MakePlay", "EntryPoints", "MayBearOff",
    "PointsWon", "DropPoints", "ResultKindQuestion", "MayDouble", "SetUpStart", "PointOwner",
    "PipCount", "OpeningStarter", "QUESTION_KINDS", "MISSING", "question_from_spec", "SpecError", "Judgement",
    "LETTERS", "NEITHER", "PLAY_RULES", "FORCED_TOPICS", "TOPIC_HINT", "no_spoiler", "GamePoints", "PlayHits",
    "Level", "LEVELS",
]
