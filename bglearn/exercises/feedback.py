"""The verdict on one answer — the single :class:`Feedback` class shared by the lesson quizzes
(:mod:`bglearn.quiz`) and the graded exercises (:mod:`bglearn.exercises.questions`).

>>> f = Feedback(correct=True, message="Right: 13/7 8/7 is legal.", number=3, max_points=2)
>>> f.points, str(f)
(2, '✔ Question 3 (2/2): Right: 13/7 8/7 is legal.')
>>> repr(f)          # nbgrader reads the points a check cell earns from its plain-text output
'2'
"""

from __future__ import annotations

import html as _html
from dataclasses import dataclass
from typing import Any

from ..i18n import _, ngettext

__all__ = ["Feedback", "RIGHT", "WRONG"]

RIGHT = "\u2714"  # ✔
WRONG = "\u2718"  # ✘
_PENDING = "\u2026"  # …


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    - ``correct``: right or not; ``message``: one or two sentences saying why (for a play, the
      engine's explanation of the rule it breaks). A wrong answer's message never gives the right
      answer in a graded exercise; a lesson quiz gives it from the second wrong try on (its one
      feedback policy, :meth:`bglearn.quiz.Quiz.judge`);
    - ``points`` of ``max_points`` (``points`` defaults to ``max_points`` when right, else 0);
    - ``number``: the question number (0 for a lesson quiz); ``answered``: False when nothing was
      given yet; ``answer``: the answer as judged, as short text; ``play``: the legal play a play
      answer is;
    - ``recorded``: set in assessment mode, where the verdict is withheld: ``correct`` is then
      always False and ``message`` only says whether the answer is well formed.

    Its plain-text ``repr`` is the points earned — what nbgrader reads as the partial credit of a
    check cell. ``str()`` is a one-line verdict; in a notebook it shows as Markdown, and
    :meth:`html` gives the block the quiz widgets show.
    """

    number: int = 0
    correct: bool = False
    points: float | None = None
    max_points: float = 1
    message: str = ""
    answered: bool = True
    answer: str = ""
    play: Any = None
    recorded: bool = False

    def __post_init__(self) -> None:
        if self.points is None:
            object.__setattr__(self, "points", self.max_points if self.correct else 0)

    def __bool__(self) -> bool:
        return self.correct

    @property
    def status(self) -> str:
        """``"correct"``, ``"wrong"``, ``"recorded"`` (assessment mode) or ``"unanswered"``."""
        if not self.answered:
            return "unanswered"
        if self.recorded:
            return "recorded"
        return "correct" if self.correct else "wrong"

    @property
    def mark(self) -> str:
        return {"correct": RIGHT, "wrong": WRONG, "recorded": "\u270e"}.get(self.status, _PENDING)

    def __str__(self) -> str:
        if self.number:
            if self.recorded:
                head = _("Question {n}").format(n=self.number)
            else:
                head = _("Question {n} ({points}/{max_points})").format(
                    n=self.number, points=f"{self.points:g}", max_points=f"{self.max_points:g}")
            return f"{self.mark} {head}: {self.message}"
        return f"{self.mark} {self.message}"

    def __repr__(self) -> str:
        return "recorded" if self.recorded else f"{self.points:g}"

    def _repr_markdown_(self) -> str:
        mark = {"correct": "✅", "wrong": "❌", "recorded": "📝"}.get(self.status, "✏️")
        if not self.number:
            return f"{mark} {self.message}"
        head = _("Question {n}").format(n=self.number)
        if self.recorded:
            return f"{mark} **{head}**: {self.message}"
        whole = int(self.max_points) if float(self.max_points).is_integer() else 2
        score = ngettext("{points}/{max_points} point", "{points}/{max_points} points", whole).format(
            points=f"{self.points:g}", max_points=f"{self.max_points:g}")
        return f"{mark} **{head}** ({score}): {self.message}"

    def html(self) -> str:
        """The feedback as a small HTML block. The text uses the notebook theme's own body-text
        colour (JupyterLab's ``--jp-content-font-color1``), so it keeps the theme's contrast in the
        light and the dark theme alike; right and wrong are told apart by the mark and the words,
        with a coloured bar beside the text (``--jp-success-color1`` / ``--jp-error-color1``) as a
        second cue, never by colour alone."""
        bar = {"correct": "var(--jp-success-color1, #1a7f37)", "wrong": "var(--jp-error-color1, #b42318)"}.get(
            self.status, "var(--jp-border-color1, #8c959f)")
        return (f'<div class="bglearn-feedback bglearn-feedback-{self.status}" role="status" '
                f'style="color:var(--jp-content-font-color1, #1f2328);'
                f'border-left:4px solid {bar};padding:2px 8px;margin:4px 0;font-weight:600">'
                f"{self.mark} {_html.escape(self.message)}</div>")
