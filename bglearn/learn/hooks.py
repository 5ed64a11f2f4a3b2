"""Where the rest of the kit tells the learning path what a learner did.

:func:`quiz_checked` is called by :meth:`bglearn.quiz.Quiz.check` after every checked answer
(:func:`answer_checked` is the same for any question, e.g. a graded exercise's in practice mode). It records
the answer against the rules the quiz exercises (:meth:`Question.rules`, and the rule the engine says a
wrong play or move broke), and, when the quiz belongs to a course stage (``quiz.stage``) and the answer
is right, the stage's result: 3 stars when right at the first try, 2 at the second, 1 later. It never
raises: a progress file that cannot be used is reported once, as a warning, and the quiz works on.

>>> from bglearn import Position
>>> from bglearn.quiz import PlayQuiz
>>> quiz = PlayQuiz(Position(), "61")
>>> sorted(rules_of(quiz, quiz.check("13/7")))   # a wrong play: the rule it breaks
['DICE_NOT_FULLY_USED']
"""

from __future__ import annotations

import ast
import warnings
from typing import Any

from ..i18n import _

__all__ = ["quiz_checked", "answer_checked", "rules_of", "stars_for"]

_warned: set[str] = set()


def stars_for(tries: int) -> int:
    """The stars of a stage met at try number ``tries`` (1: 3 stars, 2: 2 stars, later: 1)."""
    return max(1, 4 - max(1, tries))


def _answer_text(feedback: Any) -> str | None:
    """The answer the feedback judged, as the learner gave it (its text), or None."""
    shown = getattr(feedback, "answer", "")
    try:
        value = ast.literal_eval(shown) if isinstance(shown, str) and shown else None
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) else None


def _broken_rule(quiz: Any, feedback: Any) -> str | None:
    """The rule the engine says a wrong play (or move, for a where-can-it-go quiz) breaks, or None."""
    from ..verdicts import Reason, explain

    position, roll = getattr(quiz, "position", None), getattr(quiz, "roll", None)
    text = _answer_text(feedback)
    if position is None or roll is None or text is None:
        return None
    source = getattr(quiz, "source", None)
    if source is not None:  # a where-can-this-checker-go quiz: the answer is a point
        from ..notation import format_point
        from ..plays import BAR

        target = text.strip().lower()
        if not target or target == "none":
            return None
        text, complete = f"{'bar' if source == BAR else format_point(source)}/{target}", False
    else:
        complete = True
    verdict = explain(position, roll, text, complete=complete)
    if verdict.legal or verdict.reason in (Reason.LEGAL, Reason.BAD_NOTATION):
        return None
    return verdict.reason.name


def rules_of(quiz: Any, feedback: Any) -> set[str]:
    """The rule codes a checked answer exercised. A right answer: the quiz's own :meth:`rules` and the rules
    this quiz's earlier wrong answers broke (now answered right). A wrong answer: the rule the engine says
    the wrong play (or move) broke — only that one, the others were not tried — or, when the answer is no
    play or move, the quiz's own rules."""
    from ..exercises.rules import RULES

    own = set(quiz.rules()) if hasattr(quiz, "rules") else set()
    seen: set[str] = quiz.__dict__.setdefault("_progress_broken", set())
    if feedback.correct:
        codes = own | seen
    else:
        broken = _broken_rule(quiz, feedback)
        if broken is not None:
            seen.add(broken)
        codes = {broken} if broken is not None else own
    return {c for c in codes if c in RULES}


def _warn_once(key: str, message: str) -> None:
    if key not in _warned:
        _warned.add(key)
        warnings.warn(message, RuntimeWarning, stacklevel=3)


def answer_checked(question: Any, feedback: Any, *, source: str, stage: str | None = None) -> None:
    """Record one checked answer to ``question`` (a lesson quiz, or a graded exercise's question in practice
    mode: ``source="practice"``) against the rules it exercised (:func:`rules_of`), and, when it belongs to
    ``stage`` and is right, the stage's stars. Blank answers and assessment-mode receipts are not recorded,
    nor anything under ``BGLEARN_PROGRESS=off``. Never raises."""
    if not getattr(feedback, "answered", True) or getattr(feedback, "recorded", False):
        return  # a blank answer is no attempt; an assessment-mode receipt has no verdict to record
    from .store import recording_off

    if recording_off():
        return  # BGLEARN_PROGRESS=off (the grader's sandbox): judged, not kept
    try:
        from .store import progress

        store = progress()
        store.record(sorted(rules_of(question, feedback)), bool(feedback.correct), source=source, stage=stage)
        if stage is not None and feedback.correct:
            answered = [f for f in getattr(question, "attempts", ()) if getattr(f, "answered", True)] or [feedback]
            first_right = next((n for n, f in enumerate(answered, 1) if f.correct), len(answered))
            store.finish_stage(stage, stars_for(first_right), attempts=first_right)
    except Exception as exc:  # the question must work even when the progress file cannot be used
        _warn_once(type(exc).__name__ + str(exc),
                   _("Your answer was checked but not saved to your progress: {error}").format(error=exc))


def quiz_checked(quiz: Any, feedback: Any) -> None:
    """Record one checked quiz answer against the rules it exercises (and its stage's stars when the
    quiz belongs to a stage and the answer is right). Never raises."""
    answer_checked(quiz, feedback, source="quiz", stage=getattr(quiz, "stage", None))
