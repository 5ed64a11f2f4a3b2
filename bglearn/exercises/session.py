"""The teacher's (and the grader's) side of an exercise: :class:`Exercise`, one student's variant with
its questions themselves — answers included — and a practice handout's exercise.

The notebook cells call ``show(n)`` (draw question n), ``ask(n)`` (its answer form), ``check(n,
answer)`` and ``summary()`` (:class:`~bglearn.exercises.sheet.AnswerSheet`). Answers are always passed
explicitly: the check cell of question 3 runs ``check(3, answer_3)``; when ``answer_3`` is ``None`` the
answer given with the form of question 3 is checked instead.

Two modes (:data:`MODES`):

- ``"practice"``: ``check`` judges the answer at once and explains it with the engine's reasons
  (never quoting the right answer);
- ``"assessment"``: ``check`` only says whether the answer is well formed and records it; the verdicts
  arrive with the grader's feedback file. A student's assessment handout holds no question at all,
  only their faces (:mod:`bglearn.exercises.handout`).

A practice handout (:func:`~bglearn.exercises.handout.open_handout`) carries its questions themselves
(positions as XGIDs, see :meth:`PositionQuestion.spec`), not the seed they were generated from, so
nothing in it derives a classmate's variant; there ``question(n).example_answer()`` is not available.

>>> ex = load_exercise("bearing-off", seed=2026, student="alice")
>>> len(ex.questions) >= 8
True
>>> ex.check(1, None).status
'unanswered'
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from ..errors import BglearnError
from ..i18n import _
from .answers import MISSING
from .feedback import Feedback
from .generators import EXERCISES, ExerciseSpec, generate
from .questions import Question, question_from_spec
from .sheet import MODES, AnswerSheet, Summary, check, current

__all__ = ["Exercise", "load_exercise", "from_specs", "practice_handout", "Summary", "DEFAULT_SEED",
           "MODES", "current", "check", "QuestionView"]

DEFAULT_SEED = 1
"""The seed of the exercise notebooks shipped in ``exercises/`` (no student id)."""

_HIDDEN = frozenset({"example_answer", "expected", "truth", "witness", "explain_truth", "starter", "legal",
                     "verdicts", "judge", "answer_count", "difficulty", "play_topics", "after_svg", "answers",
                     "points_scored", "match_score", "read"})


class QuestionView:
    """A question as a practice handout shows it: the task, the diagram, the rules it names and the
    checks, but not the engine's own answer (``example_answer``, ``judge`` and the like raise);
    ``rules()`` is the handout's list (:meth:`~bglearn.exercises.questions.PositionQuestion.public_rules`,
    which never tells an answer). A practice handout judges at once, so its questions are there;
    an assessment handout has none (:class:`~bglearn.exercises.handout.Handout`)."""

    def __init__(self, question: Question) -> None:
        object.__setattr__(self, "_q", question)

    def __getattr__(self, name: str) -> Any:
        if name in _HIDDEN:
            raise BglearnError(_("{name}() is not available in a handout: answer the question yourself.").format(
                name=name))
        q = object.__getattribute__(self, "_q")
        if name == "rules":
            return getattr(q, "public_rules", q.rules)
        return getattr(q, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise BglearnError(_("a handout's questions cannot be changed."))

    def __repr__(self) -> str:
        q = object.__getattribute__(self, "_q")
        return f"<question: {q.kind}>"


class Exercise(AnswerSheet):
    """One student's variant of one exercise. Questions are generated on first use from
    ``(name, seed, student)``, so the same three always give the same questions — or given as
    question descriptions (:func:`from_specs`, a practice handout)."""

    def __init__(self, name: str, seed: int | str = DEFAULT_SEED, student: str = "", mode: str = "practice",
                 *, questions: Sequence[Question] | None = None, handout: bool | None = None,
                 descriptions: Sequence[dict[str, Any]] | None = None) -> None:
        if name not in EXERCISES:
            raise BglearnError(_("there is no exercise {name}; choose one of {names}.").format(
                name=repr(name), names=", ".join(EXERCISES)))
        super().__init__(name, student, mode)
        self._kept: dict[int, str] = {}  # the last practice answer kept in progress, by question number
        self.seed = seed
        self.handout = questions is not None if handout is None else handout
        """True for a student's practice handout: ``question(n)`` hides the engine's answers."""
        self._questions: tuple[Question, ...] | None = tuple(questions) if questions is not None else None
        self._descriptions = json.dumps(list(descriptions)) if descriptions is not None else None
        """The descriptions the questions were rebuilt from (:func:`from_specs`), as given."""

    @property
    def spec(self) -> ExerciseSpec:
        return EXERCISES[self.name]

    @property
    def title(self) -> str:
        return self.spec.title

    def _generated(self) -> tuple[Question, ...]:
        if self._questions is None:
            self._questions = tuple(generate(self.name, self.seed, self.student))
        return self._questions

    @property
    def questions(self) -> tuple[Question, ...]:
        if self.handout:
            return tuple(QuestionView(q) for q in self._generated())  # type: ignore[misc]
        return self._generated()

    def count(self) -> int:
        return len(self._generated())

    def _item(self, number: int) -> Question:
        return self._generated()[number - 1]

    def unmasked_question(self, number: int) -> Question:
        """Question ``number`` itself, answers included, even in a practice handout (whose
        :meth:`question` shows a student only the task): what the notebook writer and the grader
        work from."""
        q: Question = self.item(number)
        return q

    def question(self, number: int) -> Question:
        """Question ``number`` (counted from 1)."""
        q = self.unmasked_question(number)
        return QuestionView(q) if self.handout else q  # type: ignore[return-value]

    def verdict(self, number: int, answer: Any) -> Feedback:
        """Practice mode: the judged feedback, also kept in the learner's progress against the rules the
        answer exercised (:func:`bglearn.learn.hooks.answer_checked`; the same answer checked again in
        this kernel, as a notebook run again checks it, is kept once). Assessment mode: a receipt."""
        q = self._item(number)
        if self.mode != "practice":
            return q.receipt(answer, number)
        feedback = q.check(answer, number)
        if self._kept.get(number) != repr(answer):
            self._kept[number] = repr(answer)
            from ..learn.hooks import answer_checked

            answer_checked(q, feedback, source="practice")
        return feedback

    def check_all(self, answers: dict[int, Any]) -> Summary:
        """Judge every question with ``answers`` {number: value} (missing: unanswered), whatever the mode."""
        out = tuple(self._item(n).check(answers.get(n, MISSING), n) for n in range(1, self.count() + 1))
        return Summary(self.name, out)

    def specs(self) -> list[dict[str, Any]]:
        """Every question's description (:meth:`PositionQuestion.spec`), in order: what a handout's
        setup cell and the teacher's manifest carry. An exercise rebuilt from the manifest's descriptions
        (:func:`from_specs`) gives those, as the handout carried them, without judging every question's
        rules again (the grader's copy of a handout's setup cell costs milliseconds, not tens of them)."""
        if self._descriptions is not None:
            kept: list[dict[str, Any]] = json.loads(self._descriptions)
            return kept
        return [self.unmasked_question(n).spec() for n in range(1, self.count() + 1)]

    def __repr__(self) -> str:
        if self.handout:
            return f"Exercise({self.name!r}, student={self.student!r}, mode={self.mode!r}, handout)"
        return f"Exercise({self.name!r}, seed={self.seed!r}, student={self.student!r}, mode={self.mode!r})"


def load_exercise(name: str, seed: int | str = DEFAULT_SEED, student: str = "", mode: str = "practice") -> Exercise:
    """The exercise ``name`` for ``student`` under the class ``seed`` (what the teacher and the
    grader use; students get :func:`~bglearn.exercises.handout.open_handout`)."""
    return Exercise(name, seed, student, mode)


def practice_handout(name: str, specs: Sequence[dict[str, Any]], student: str = "") -> Exercise:
    """A practice handout's exercise: its questions rebuilt from their descriptions (no seed); its
    questions hide the engine's answers from the student (:class:`QuestionView`), its checks judge."""
    built = [question_from_spec(spec) for spec in specs]
    return Exercise(name, seed="", student=student, mode="practice", questions=built)


def from_specs(name: str, specs: Sequence[dict[str, Any]], seed: int | str = "", student: str = "",
               mode: str = "practice") -> Exercise:
    """The teacher's (or grader's) view of ``student``'s variant, rebuilt from the question
    descriptions ``bglearn assign`` kept in the private manifest — the same questions
    :func:`load_exercise` would generate from the seed, in a few milliseconds instead of a second."""
    built = [question_from_spec(spec) for spec in specs]
    try:
        kept = list(specs) if json.loads(json.dumps(list(specs))) == list(specs) else None
    except (TypeError, ValueError):   # not plain JSON data: describe the questions afresh
        kept = None
    return Exercise(name, seed, student, mode, questions=built, handout=False, descriptions=kept)
