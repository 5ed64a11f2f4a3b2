"""Review: fresh questions on the rules a learner is weakest at and that are due (the Leitner schedule of
:mod:`bglearn.learn.schedule`), made by the graded exercises' own generators, answered as lesson quizzes are.

:func:`review_items` picks the rules and makes one question for each: a new position every day (the random
source is seeded with the date and the rule, so a re-run on the same day shows the same questions and the
next day new ones), of a kind the exercises use to test that rule, checked by the engine before it is
shown. :func:`review` shows them, each answer form in practice mode (the verdict at once) and each answer
recorded (``source="review"``). A due rule no exercise generates questions for is listed with its
sentence, to read again. Long Nardy's rules are reviewed on Long Nardy positions.

>>> from datetime import datetime, timezone
>>> question = questions_for("BAR_FIRST", datetime(2026, 12, 1, tzinfo=timezone.utc))
>>> "BAR_FIRST" in question.rules()
True
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from ..errors import BglearnError, InvalidPositionError
from ..i18n import _, ngettext, using_language
from .records import utc_now
from .rule_names import short_name
from .schedule import BOXES

if TYPE_CHECKING:  # pragma: no cover
    from ..exercises.feedback import Feedback
    from ..exercises.questions import Question
    from ..exercises.slots import Slot
    from .mastery import RuleMastery
    from .store import Progress

__all__ = ["ReviewItem", "review_items", "questions_for", "review", "reviewable", "MAX_QUESTIONS"]

MAX_QUESTIONS = 20
"""The most questions one review shows."""
_TRIES = 3000


def _slots() -> dict[str, list[Slot]]:
    """Every exercise slot, by the rule it tests (the generators' own list)."""
    from ..exercises.generators import EXERCISES

    out: dict[str, list[Slot]] = {}
    for spec in EXERCISES.values():
        for slot in spec.slot_list():
            out.setdefault(slot.target, []).append(slot)
    return out


def reviewable() -> frozenset[str]:
    """The rule codes review can ask a question on (those some exercise's generator tests)."""
    return frozenset(_slots())


def _rng(rule: str, day: date) -> random.Random:
    return random.Random(f"bglearn-review:{day.isoformat()}:{rule}")


def questions_for(rule: str, now: datetime) -> Question:
    """A question testing ``rule``, new on the day of ``now`` (the same all that day): a position from the
    generator of an exercise slot testing it, accepted by the same checks as an exercise's questions.
    BglearnError when no exercise tests the rule."""
    from ..exercises.slots import accepts

    slots = _slots().get(rule)
    if not slots:
        raise BglearnError(_("no exercise asks questions on the rule {rule}").format(rule=rule))
    rng = _rng(rule, now.date())
    slot = rng.choice(slots)
    for _attempt in range(_TRIES):
        try:
            question = slot.build(rng)
        except InvalidPositionError:
            continue
        if question is not None and accepts(question, rule):
            return question
    raise BglearnError(_("could not make a review question on the rule {rule}").format(rule=rule))


@dataclass(frozen=True)
class ReviewItem:
    """One rule to review: its ``mastery`` and the ``question`` on it (None when no exercise asks one)."""

    rule: str
    mastery: RuleMastery
    question: Question | None


def review_items(n: int = 5, *, store: Progress | None = None, now: datetime | None = None) -> list[ReviewItem]:
    """The ``n`` weakest rules due at ``now`` (default: now), each with a fresh question (see the module's
    text); rules no exercise asks questions on come after those it does, without a question."""
    from .store import progress

    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_QUESTIONS:
        raise BglearnError(_("the number of questions in a review is 1 to {most}, not {n}").format(
            most=MAX_QUESTIONS, n=repr(n)))
    when = utc_now() if now is None else now
    store = store or progress()
    mastery = store.mastery()
    due = store.due(when)
    askable = reviewable()
    chosen = [r for r in due if r in askable][:n]
    items = [ReviewItem(r, mastery[r], questions_for(r, when)) for r in chosen]
    return items + [ReviewItem(r, mastery[r], None) for r in due if r not in askable][: n - len(items)]


# -- showing a review ------------------------------------------------------------------------------

def _rule_line(item: ReviewItem) -> str:
    m = item.mastery
    # Translators: above a review question: the rule it is about and how the learner has done on it.
    return _("{name} — so far {right} right, {wrong} wrong (box {box} of {boxes})").format(
        name=short_name(item.rule), right=m.right, wrong=m.wrong, box=m.box, boxes=BOXES)


def _heading(items: list[ReviewItem], store: Progress, now: datetime) -> tuple[str, str]:
    """The review's heading and a sentence under it."""
    if items:
        asked = sum(1 for i in items if i.question is not None)
        return (ngettext("Review: {n} question on the rules you are due to practise",
                         "Review: {n} questions on the rules you are due to practise", asked).format(n=asked),
                _("Answer each one; your answers go into your progress, and the rules you get right come back "
                  "later and later."))
    mastery = store.mastery()
    if not mastery:
        return (_("Nothing to review yet"),
                _("Answer the lessons' questions first: the rules you miss come back here for review."))
    nxt = min(m.due for m in mastery.values())
    return (_("Nothing is due for review now"),
            _("Well done. Your next review is on {date}.").format(date=nxt.strftime("%Y-%m-%d")))


class _Recorder:
    """Checks a review question's answer and records it in the store (``source="review"``)."""

    def __init__(self, item: ReviewItem, store: Progress, lang: str | None) -> None:
        self.item, self.store, self.lang = item, store, lang

    def __call__(self, value: Any) -> Feedback:
        from ..exercises.rules import RULES

        question = self.item.question
        assert question is not None
        with using_language(self.lang):
            feedback = question.check(value)
        if feedback.answered:
            rules = {self.item.rule}
            if feedback.correct:  # a right answer got every rule the question tests right
                rules |= {r for r in question.rules() if r in RULES}
            try:
                self.store.record(sorted(rules), feedback.correct, source="review")
            except BglearnError as exc:
                import warnings

                warnings.warn(_("Your answer was checked but not saved to your progress: {error}").format(error=exc),
                              RuntimeWarning, stacklevel=2)
        return feedback


def _markdown(text: str) -> str:
    """The little Markdown a question's task uses (paragraphs, ``- `` lists, ``**bold**``, ```code```) as HTML."""
    import re

    def inline(line: str) -> str:
        out = html.escape(line)
        out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
        return re.sub(r"`(.+?)`", r"<code>\1</code>", out)

    blocks: list[str] = []
    items: list[str] = []
    for line in text.splitlines() + [""]:
        stripped = line.strip()
        if stripped.startswith("- "):
            items.append(f"<li>{inline(stripped[2:])}</li>")
            continue
        if items:
            blocks.append("<ul>" + "".join(items) + "</ul>")
            items = []
        if stripped:
            blocks.append(f"<p>{inline(stripped)}</p>")
    return "".join(blocks)


def _picture(question: Question) -> str:
    """The question's board as a picture that fits the width available ("" without one)."""
    from ..diagram import svg_image

    diagram = question.diagram()
    return f'<div style="max-width:540px">{svg_image(str(diagram))}</div>' if diagram is not None else ""


def _static_page(heading: str, text: str, items: list[ReviewItem], lang: str | None) -> str:
    """The review as HTML for where no kernel runs: the heading, and each rule with its question and board."""
    parts = [f"<h3>{html.escape(heading)}</h3>", f"<p>{html.escape(text)}</p>"]
    with using_language(lang):
        for k, item in enumerate(items, 1):
            parts.append(f"<p><b>{k}. {html.escape(_rule_line(item))}</b></p>")
            if item.question is None:
                parts.append(f"<p>{html.escape(_rule_text(item.rule))}</p>")
                continue
            parts.append(_markdown(item.question.prompt()) + _picture(item.question))
    return "".join(parts)


def _rule_text(rule: str) -> str:
    from ..exercises.rules import RULES, rule_text

    sentence = rule_text(rule) if rule in RULES else rule
    return _("Read the rule again: {rule}").format(rule=sentence)


def _make_widget(heading: str, text: str, items: list[ReviewItem], store: Progress, lang: str | None) -> Any:
    import ipywidgets as w

    from ..exercises.form import QuestionForm
    from ..widgets.fallback import StaticFallback

    class Review(StaticFallback, w.VBox):  # type: ignore[misc]  # ipywidgets ships no type information
        """A review: its heading, then per rule a line saying how the learner has done and an answer form."""

        def _static_html(self) -> str:
            return _static_page(heading, text, items, lang)

        def __repr__(self) -> str:
            return f"Review({[i.rule for i in items]!r})"

    parts: list[Any] = [w.HTML(f"<h3>{html.escape(heading)}</h3><p>{html.escape(text)}</p>")]
    forms = []
    with using_language(lang):
        for k, item in enumerate(items, 1):
            parts.append(w.HTML(f"<p><b>{k}. {html.escape(_rule_line(item))}</b></p>"))
            if item.question is None:
                parts.append(w.HTML(f"<p>{html.escape(_rule_text(item.rule))}</p>"))
                continue
            parts.append(w.HTML(_markdown(item.question.prompt()) + _picture(item.question)))
            form = QuestionForm(item.question, _Recorder(item, store, lang), number=k)
            forms.append(form)
            parts.append(form)
    widget = Review(parts)
    widget.add_class("bglearn-review")
    widget.forms = forms
    widget.items = items
    return widget


def review(n: int = 5, lang: str | None = None, *, store: Progress | None = None,
           now: datetime | None = None) -> Any:
    """Fresh questions on the ``n`` weakest rules due for review (:func:`review_items`), as a widget a
    notebook shows: each question with its board and an answer form that gives the verdict at once and
    records the answer in the learner's progress. ``lang``: the language (default: the current one)."""
    from .store import progress

    store = store or progress()
    when = utc_now() if now is None else now
    with using_language(lang):
        items = review_items(n, store=store, now=when)
        heading, text = _heading(items, store, when)
    return _make_widget(heading, text, items, store, lang)

