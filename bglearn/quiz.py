"""Check-yourself questions for the lessons: quiz widgets whose answers come from the engine.

Every quiz has a plain-Python :meth:`Quiz.check` that judges an answer and returns a :class:`Feedback`
(right or wrong, and a sentence that explains why — for plays, the engine's own explanation), so the
quiz logic works headless and in tests. Displayed in a notebook, a quiz is a small form that calls the
same ``check`` and shows the feedback at once: one click on Check (or one Enter) is one attempt.

One question model: every quiz is a :class:`bglearn.exercises.questions.Question`, the class the
graded exercises' questions are too — one ``judge``/``check`` returning the one :class:`Feedback`, one
answer form (:class:`bglearn.exercises.form.QuestionForm`, which also lets a play be clicked on a
board, :mod:`bglearn.widgets.answer`); answers are always passed explicitly. The form carries the
:class:`~bglearn.widgets.fallback.StaticFallback` static form (question, board, last feedback), so a
saved or untrusted notebook shows the quiz as it was.

>>> from bglearn import Position
>>> from bglearn.quiz import PlayQuiz
>>> quiz = PlayQuiz(Position(), "61", "Play 6-1 from the start.")
>>> print(quiz.check("13/7"))          # the first wrong try: the rule broken, not the answer
✘ That breaks a rule: You must use both dice if any legal way of playing them does so.
>>> print(quiz.check("13/7"))          # the second: the rule and one right play
✘ That breaks a rule: You must use both dice if any legal way of playing them does so. One right play: 13/7 8/7.
>>> quiz.check("13/7 8/7").correct
True

One feedback policy for every quiz kind (:meth:`Quiz.judge`): a right answer says why it is right;
the first wrong try explains the rule it breaks (the engine's reason) and never gives the answer;
from the second wrong try on the answer is shown too (one right play, the right points, the
number, the right choice). An answer that cannot be read says how to write one and is not a wrong
try. Each kind only says, through :meth:`Quiz.mark`, what an answer is (:class:`Marking`).

The correct answers are never stored: they are computed from the position and the roll by the engine
(:func:`bglearn.verdicts.explain`, :func:`bglearn.plays.legal_plays`,
:func:`bglearn.verdicts.legal_continuations`, :meth:`bglearn.position.Position.pip_count`,
:func:`bglearn.result.game_result`) or, for :class:`ChoiceQuiz` and :class:`NumberQuiz`, passed in by
the notebook as the value of an engine call. ``import bglearn.quiz`` does not import ipywidgets; the
widget is built the first time a quiz is displayed.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from .dice import Roll, RollLike, as_roll
from .errors import BglearnError, NotationError
from .verdicts import Reason, explain, legal_continuations
from .notation import format_point
from .exercises.feedback import Feedback
from .exercises.questions import MISSING, PLAY_RULES, Judgement, Question, no_spoiler
from .exercises.rules import RULES, rule_text
from .i18n import N_, _, ngettext
from .plays import BAR, OFF, Move, Play, legal_plays
from .position import Player, Position
from .result import game_result

if TYPE_CHECKING:  # pragma: no cover
    from .exercises.form import QuestionForm

__all__ = ["Feedback", "Marking", "Quiz", "PlayQuiz", "ChoiceQuiz", "PointQuiz", "NumberQuiz", "QuizError"]

BOARD_WIDTH = 540
"""The pixel width of a quiz's board picture (it fits the quiz box)."""


class QuizError(BglearnError):
    """A quiz that cannot be asked as written (for example, no choice is correct)."""


@dataclass(frozen=True)
class Marking:
    """One answer as a quiz kind reads it, before the one feedback policy (:meth:`Quiz.judge`) words it.

    - ``correct``; ``head``: always said — for a right answer why it is right, for a wrong one what
      is wrong with it (the engine's reason: the rule it breaks, never the right answer), for an
      answer that cannot be read how to write one;
    - ``rule``: more about the rule, said with a wrong answer until the answer is shown (a hint);
    - ``answer``: the right answer in a sentence (``One right play: 13/7 8/7.``), said from the
      second wrong try on; ``play``: the legal play the answer is, if it is one;
    - ``readable``: False for an answer that cannot be read (it is not a wrong try).
    """

    correct: bool
    head: str
    rule: str = ""
    answer: str = ""
    play: Play | None = None
    readable: bool = True


def _rule_codes(rules: str | Iterable[str] | None) -> tuple[str, ...]:
    """``rules=`` of a quiz as rule codes (:data:`bglearn.exercises.rules.RULES`); an unknown code is refused."""
    if rules is None:
        return ()
    codes = (rules,) if isinstance(rules, str) else tuple(rules)
    for code in codes:
        if not isinstance(code, str) or code not in RULES:
            raise QuizError(_("{code} is not a rule code; use codes of bglearn.exercises.rules.RULES, such as "
                              "{examples}.").format(code=repr(code), examples="BLOCKED, PIP_COUNT, GAMMON"))
    return tuple(dict.fromkeys(codes))


def _render(position: Position, **options: Any) -> str:
    """A board picture for a quiz: a plain, non-clickable diagram, so keyboard users tab straight to
    the answer box."""
    from .svg import render  # drawing is loaded only when a picture is needed

    return str(render(position, **options))


class Quiz(Question):
    """A lesson's check-yourself question: a :class:`~bglearn.exercises.questions.Question` with its
    ``prompt`` text, an optional position to show (``position`` with renderer ``board`` options),
    and the attempts made so far. Subclasses implement :meth:`judge`.

    :meth:`check` is the question's one check (it returns the one :class:`Feedback`); a quiz also
    keeps it in ``attempts`` (``solved`` is True once one was right). Displaying the quiz in a
    notebook shows the one answer form, :class:`bglearn.exercises.form.QuestionForm` (see
    :meth:`widget`); its plain-text form is a deterministic one-line ``repr``.

    Subclasses implement :meth:`mark`; :meth:`judge` words every kind's feedback by one policy (the
    module docstring): the answer is shown from wrong try :attr:`reveal_after` on.
    """

    kind = "Quiz"
    answer_hint = N_("an answer")
    answer_example = '"..."'
    reveal_after = 2
    """The wrong try from which the feedback also gives the answer (the second, for every kind)."""

    def __init__(self, prompt: str, *, position: Position | None = None,
                 board: Mapping[str, Any] | None = None, stage: str | None = None) -> None:
        if not isinstance(prompt, str) or not prompt.strip():
            raise QuizError(_("a quiz needs a question (prompt) to ask."))
        if position is not None and not isinstance(position, Position):
            raise QuizError(_("position must be a Position, got {kind}.").format(kind=type(position).__name__))
        self.text = prompt.strip()
        self.position = position
        self.board = dict(board or {})
        self.attempts: list[Feedback] = []
        self._misses = 0
        self._marked: Marking | None = None
        self.stage = stage
        """The course stage this quiz checks (an id of the course plan, e.g. ``"03.4"``), or None."""
        self._widget: QuestionForm | None = None

    def prompt(self) -> str:
        """The question, as the lesson wrote it."""
        return self.text

    # -- judging -------------------------------------------------------------------------------
    def check(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Judge ``answer`` (:meth:`Question.check`); the :class:`Feedback` is also added to ``attempts``."""
        self._marked = None
        feedback = super().check(answer, number)
        marked = self._marked
        if marked is not None and not marked.correct and marked.readable:
            self._misses += 1
        self.attempts.append(feedback)
        from .learn.hooks import quiz_checked  # the learner's progress (mastery by rule, stage stars)

        quiz_checked(self, feedback)
        return feedback

    @property
    def solved(self) -> bool:
        """True once a correct answer has been checked."""
        return any(f.correct for f in self.attempts)

    @property
    def wrong_attempts(self) -> int:
        """The attempts that were not right (unreadable ones included)."""
        return sum(1 for f in self.attempts if not f.correct)

    @property
    def misses(self) -> int:
        """The wrong tries so far: wrong answers that could be read (they bring the answer nearer)."""
        return self._misses

    def judge(self, answer: Any) -> Judgement:
        """The one feedback policy: a right answer says why it is right; a wrong one says what rule it
        breaks (:attr:`Marking.head`, then :attr:`Marking.rule`) until wrong try :attr:`reveal_after`,
        which also gives the answer (:attr:`Marking.answer`, in place of the rule); an unreadable
        answer says how to write one and does not count."""
        marked = self.mark(answer)
        self._marked = marked
        if marked.correct or not marked.readable:
            text = marked.head
        else:
            reveal = bool(marked.answer) and self._misses + 1 >= self.reveal_after
            text = " ".join(w for w in (marked.head, marked.answer if reveal else marked.rule) if w)
        return (marked.correct, text) if marked.play is None else (marked.correct, text, marked.play)

    def mark(self, answer: Any) -> Marking:
        """What ``answer`` is (right or wrong, why, and the right answer): each quiz kind's own reading."""
        raise NotImplementedError

    def reset(self) -> None:
        """Forget the attempts so far (and clear the form's feedback)."""
        self.attempts.clear()
        self._misses = 0
        if self._widget is not None:
            self._widget.clear()

    # -- pictures ------------------------------------------------------------------------------
    def diagram_options(self) -> dict[str, Any]:
        return {"width": BOARD_WIDTH, **self.board}

    def board_svg(self) -> str:
        """The SVG of the quiz's position ("" when it has none), 540 pixels wide unless the quiz's
        ``board`` options say otherwise."""
        if self.position is None:
            return ""
        return _render(self.position, **self.diagram_options())

    # -- display -------------------------------------------------------------------------------
    def widget(self) -> QuestionForm:
        """The quiz's answer form (built once): the question, the board, the answer control and a
        feedback line. One click on Check (or one Enter) is one attempt. It scales to the width
        available (down to 320 px) and shows its question, board and last feedback where no kernel
        runs. A quiz whose answer is a play can also be answered by clicking it on a board."""
        if self._widget is None:
            from .exercises.form import QuestionForm

            self._widget = QuestionForm(self, self.check, show_question=True)
        return self._widget

    def static_html(self) -> str:
        """What a page without a running kernel shows: the question, the board and the last feedback."""
        from .widgets.fallback import static_block, svg_image

        svg = self.board_svg()
        alt = _("the quiz position")
        board = f'<div class="bglearn-board-picture">{svg_image(svg, alt=alt)}</div>' if svg else ""
        run = _("Run this cell to answer.")
        last = self.attempts[-1].html() if self.attempts else f"<p><i>{html.escape(run)}</i></p>"
        head = _("Check yourself:")
        return static_block(f"<p><b>{html.escape(head)}</b> {html.escape(self.text)}</p>", board, last, kind="quiz")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_()

    def _ipython_display_(self) -> None:
        self.widget()._ipython_display_()

    def __repr__(self) -> str:
        return f"{self.kind}({self.text!r})"


# -- a play --------------------------------------------------------------------------------------

class PlayQuiz(Quiz):
    """Type a play for ``roll`` in ``position`` (or click it on the board); the engine judges it with
    :func:`bglearn.verdicts.explain`.

    By default any legal play is right. ``goal`` (a function ``Play -> bool``) with ``goal_text``
    (e.g. ``"hit a blot"``) asks for a legal play with a property, checked on the engine's
    :class:`Play`; the quiz refuses a goal that no legal play meets. A wrong answer gets the engine's
    explanation of the rule it breaks (without the legal play the engine would suggest); from the
    second wrong try on, one right play too. After a right answer the form shows the resulting position.
    """

    kind = "PlayQuiz"
    form = "play"
    position: Position
    placeholder = N_("e.g. 13/7 8/7, bar/22*, 6/off, none")
    answer_hint = N_("a play as text")
    answer_example = '"13/7 8/7"'

    def __init__(self, position: Position, roll: RollLike, prompt: str | None = None, *,
                 goal: Callable[[Play], bool] | None = None, goal_text: str | None = None,
                 board: Mapping[str, Any] | None = None, stage: str | None = None) -> None:
        self.roll: Roll = as_roll(roll)
        if prompt is None:
            prompt = _("{player} to play {roll}. Type a legal play, e.g. 13/7 8/7.").format(
                player=position.turn, roll=self.roll)
        options = {"dice": tuple(self.roll)}
        options.update(board or {})
        super().__init__(prompt, position=position, board=options, stage=stage)
        self.plays = legal_plays(position, self.roll)
        if goal is not None and not goal_text:
            raise QuizError(_("a PlayQuiz goal needs goal_text saying what the play must do."))
        self.goal = goal
        self.goal_text = goal_text
        if goal is not None and not self.answers:
            raise QuizError(_("no legal play of {roll} meets the goal: {goal}.").format(roll=self.roll, goal=goal_text))

    @property
    def answers(self) -> list[Play]:
        """The legal plays that are right answers (computed by the engine)."""
        if self.goal is None:
            return list(self.plays)
        return [p for p in self.plays if self.goal(p)]

    def mark(self, answer: Any) -> Marking:
        verdict = explain(self.position, self.roll, answer if isinstance(answer, str) else str(answer))
        if not verdict.legal:
            if verdict.reason is Reason.BAD_NOTATION:
                return Marking(False, verdict.message, readable=False)
            return Marking(False, no_spoiler(verdict), answer=self._one_right(verdict.suggestion))
        play = verdict.play  # a legal, complete play: never None here
        if self.goal is not None and (play is None or not self.goal(play)):
            return Marking(False, _("{play} is legal, but it does not {goal}.").format(play=play, goal=self.goal_text),
                           answer=self._one_right(None), play=play)
        if not self.plays:
            message = _("Right: {roll} has no legal play here, so the turn is lost.").format(roll=self.roll)
        elif len(self.plays) == 1:
            message = _("{play} is right: it is the only legal play of {roll} here.").format(play=play, roll=self.roll)
        elif self.goal is not None:
            message = _("{play} is legal and does {goal}.").format(play=play, goal=self.goal_text)
        else:
            message = _("{play} is a legal play of {roll}.").format(play=play, roll=self.roll) + " " + _(
                "Every move matches a die and stops where the rules allow, and it plays as much of the roll "
                "as can be played.")
        return Marking(True, message, play=play)

    def _one_right(self, suggestion: Play | None) -> str:
        """The answer in a sentence: one right play (the engine's suggestion when it is one), or that
        the turn is lost."""
        if not self.plays:
            return _("No legal play exists with {roll}: the turn is lost.").format(roll=self.roll)
        answers = self.answers
        pick = suggestion if suggestion is not None and suggestion in answers else answers[0]
        return _("One right play: {play}.").format(play=pick)

    def rules(self) -> tuple[str, ...]:
        """The rules of play this roll tests here, asked of the engine (as the exercises' play questions do)."""
        from .exercises.questions.plays import play_rules

        return play_rules(self.position, self.roll)

    def example_answer(self) -> str:
        return self.answers[0].notation if self.answers else "no play"

    def after_svg(self, feedback: Feedback, layout: str = "landscape") -> str:
        """The position after the right play ``feedback`` holds, the play marked (``layout``:
        ``"portrait"`` for a narrow screen, drawn at its natural width)."""
        play = feedback.play
        if play is None:
            return ""
        options: dict[str, Any] = {"width": BOARD_WIDTH} if layout == "landscape" else {"layout": layout}
        options.update({k: v for k, v in self.board.items() if k in ("perspective", "home", "numbers", "pips",
                                                                      "theme", "width") and
                        (layout == "landscape" or k != "width")})
        caption = _("After {play}").format(play=play) if not play.is_empty else _("After no play")
        return _render(play.result, last_play=play, caption=caption, **options)


# -- a choice ------------------------------------------------------------------------------------

class ChoiceQuiz(Quiz):
    """Pick one of ``choices``; ``answer`` (a choice or a set of choices) is the right one, computed
    by the notebook from the engine (e.g. ``game_result(p).kind.word``). ``explanation`` is the
    engine's reason (its working, which may name the answer): shown with a right answer, and with
    the answer from the second wrong try on. ``explanations`` may give a reason per choice (for a
    wrong choice: why it is wrong, without naming the right one), shown whenever it is chosen.
    ``hint`` is the rule a wrong try is pointed to (default: the sentences of ``rules``);
    ``rules`` the rule codes the quiz tests (:data:`bglearn.exercises.rules.RULES`).
    The form marks the option chosen (✔ or ✘).

    :meth:`ChoiceQuiz.plays` and :meth:`ChoiceQuiz.result` build the common cases with the answer
    computed here from the engine.
    """

    kind = "ChoiceQuiz"
    form = "choice"
    answer_hint = N_("one of the choices, as text")

    def __init__(self, prompt: str, choices: Sequence[Any], answer: Any, *, explanation: str = "",
                 explanations: Mapping[str, str] | None = None, hint: str = "",
                 rules: str | Iterable[str] | None = None, position: Position | None = None,
                 board: Mapping[str, Any] | None = None, stage: str | None = None) -> None:
        super().__init__(prompt, position=position, board=board, stage=stage)
        self._rules = _rule_codes(rules)
        self.hint = hint
        self.choices = [str(c) for c in choices]
        if len(set(self.choices)) != len(self.choices):
            raise QuizError(_("a ChoiceQuiz's choices must all be different."))
        if len(self.choices) < 2:
            raise QuizError(_("a ChoiceQuiz needs at least two choices."))
        if isinstance(answer, (set, frozenset, list, tuple)):
            right = {str(a) for a in answer}
        else:
            right = {str(answer)}
        missing = right - set(self.choices)
        if missing or not right:
            raise QuizError(_("the right answer {answer} is not among the choices {choices}.").format(
                answer=sorted(missing) or _("(none)"), choices=self.choices))
        self.answer = right
        self.explanation = explanation
        self.explanations = {str(k): v for k, v in (explanations or {}).items()}

    def answer_choices(self) -> list[tuple[str, Any]]:
        return [(c, c) for c in self.choices]

    def mark(self, answer: Any) -> Marking:
        choice = str(answer)
        if choice not in self.choices:
            return Marking(False, _("{choice} is not one of the choices: {choices}.").format(
                choice=repr(choice), choices=", ".join(self.choices)), readable=False)
        own = self.explanations.get(choice, "")
        if choice in self.answer:
            return Marking(True, f"{_('Right: {choice}.').format(choice=choice)} {own or self.explanation}".strip())
        head = f"{_('Not {choice}.').format(choice=choice)} {own}".strip()
        rule = ""
        if not own:  # a choice's own reason already names the rule it breaks
            rule = (self.hint or " ".join(rule_text(code) for code in self._rules)
                    or _("Think again about the rule the question is about, then try another choice."))
        right = [c for c in self.choices if c in self.answer]
        reveal = ngettext("The right choice: {choices}.", "The right choices: {choices}.", len(right)).format(
            choices=", ".join(right))
        return Marking(False, head, rule=rule, answer=f"{reveal} {self.explanation}".strip())

    def rules(self) -> tuple[str, ...]:
        """The rule codes given as ``rules=`` (or found by :meth:`plays` and :meth:`result`)."""
        return self._rules

    def example_answer(self) -> str:
        return sorted(self.answer)[0]

    @classmethod
    def plays(cls, position: Position, roll: RollLike, candidates: Sequence[str], prompt: str | None = None,
              *, board: Mapping[str, Any] | None = None, stage: str | None = None) -> "ChoiceQuiz":
        """Which of ``candidates`` (play notation) are legal for ``roll``? Each is judged by the engine;
        the legal ones are right, and a wrong pick gets the engine's explanation."""
        r = as_roll(roll)
        verdicts = {c: explain(position, r, c) for c in candidates}
        legal = [c for c, v in verdicts.items() if v.legal]
        if not legal:
            raise QuizError(_("none of {candidates} is a legal play of {roll}; a choice quiz needs one.").format(
                candidates=list(candidates), roll=r))
        # a right pick is already named by "Right: {choice}.": say only why it is right; a wrong pick
        # gets the rule it breaks, never a legal play (that could be the answer)
        explanations = {c: _("It is a legal play of {roll}.").format(roll=r) if v.legal else no_spoiler(v)
                        for c, v in verdicts.items()}
        from .exercises.questions.plays import play_rules

        broken = {v.reason.name for v in verdicts.values() if not v.legal and v.reason in PLAY_RULES}
        codes = sorted(broken | (set(play_rules(position, r)) & {"SMALLER_DIE_ONLY", "HEAD_EXCEPTION",
                                                                  "BEAR_OFF_DOUBLES", "HIT_DURING_BEAR_OFF"}))
        if prompt is None:
            prompt = _("{player} to play {roll}. Which play is legal?").format(player=position.turn, roll=r)
        options = {"dice": tuple(r)}
        options.update(board or {})
        quiz = cls(prompt, candidates, legal, explanations=explanations, rules=codes, position=position,
                   board=options, stage=stage)
        quiz.kind = "ChoiceQuiz.plays"  # type: ignore[misc]  # a factory names its quiz's kind
        return quiz

    @classmethod
    def result(cls, position: Position, prompt: str | None = None, *,
               board: Mapping[str, Any] | None = None, stage: str | None = None) -> "ChoiceQuiz":
        """How was this finished game won — single, gammon or backgammon? (from :func:`game_result`)."""
        res = game_result(position)
        if res is None:
            raise QuizError(_("the game is not over in this position: nobody has borne off all 15 checkers."))
        if prompt is None:
            prompt = _("{winner} has borne off all 15 checkers. What kind of win is it?").format(winner=res.winner)
        reason = _("{winner} wins a {kind}: {reason}.").format(winner=res.winner, kind=res.kind.word, reason=res.reason)
        kinds = ["single", "gammon", "backgammon"]
        codes = {"single": "SINGLE", "gammon": "GAMMON", "backgammon": "BACKGAMMON"}
        truth = kinds.index(res.kind.word)
        # a wrong pick is pointed to the rule that tells the two kinds apart: the graver one's
        explanations = {k: rule_text(codes[kinds[max(i, truth)]]) for i, k in enumerate(kinds) if i != truth}
        quiz = cls(prompt, kinds, res.kind.word, explanation=reason, explanations=explanations,
                   rules=[codes[k] for k in kinds], position=position, board=board, stage=stage)
        quiz.kind = "ChoiceQuiz.result"  # type: ignore[misc]  # a factory names its quiz's kind
        return quiz


# -- a point -------------------------------------------------------------------------------------

def _parse_point(answer: Any) -> int | None:
    """A point from an answer: 1-24, 'bar' (25), 'off' (0), or None for 'none'."""
    if isinstance(answer, bool):
        raise NotationError(_("{answer} is not a point.").format(answer=repr(answer)))
    if isinstance(answer, int):
        if 0 <= answer <= 25:
            return answer
        raise NotationError(_("there is no point {n}; points are 1-24 (or 'off').").format(n=answer))
    word = str(answer).strip().lower().rstrip(".")
    for prefix in ("the ", "my ", "your "):
        if word.startswith(prefix):
            word = word[len(prefix):]
    if word.endswith("-point") or word.endswith(" point"):
        word = word[:-6]
    if word in ("none", "nowhere", "no point", "-", "can't", "cannot"):
        return None
    if word in ("off", "bear off", "borne off"):
        return OFF
    if word == "bar":
        return BAR
    if word.isdigit() and 1 <= int(word) <= 24:
        return int(word)
    raise NotationError(_("{answer} is not a point: type a number 1-24, 'off', or 'none'.").format(answer=repr(answer)))


def _points_words(points: Iterable[int]) -> str:
    names = [format_point(p) if p == OFF else str(p) for p in sorted(points, reverse=True)]
    if not names:
        return _("nowhere")
    if len(names) == 1:
        return names[0]
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


class PointQuiz(Quiz):
    """Where may the checker on ``source`` (a point in the mover's numbering, ``BAR`` = 25 for the bar)
    go with ``roll``? The answers are the destinations the engine allows
    (:func:`bglearn.verdicts.legal_continuations`): with one die by default, or also with both dice
    when ``one_die=False``. Answer with a point number, ``"off"``, or ``"none"`` when it cannot move.
    A wrong point gets the engine's reason (blocked, wrong die, bar first, ...); the points it can
    reach are said from the second wrong try on.
    """

    kind = "PointQuiz"
    position: Position
    placeholder = N_("a point: 1-24, off, none")
    answer_hint = N_("a point number, \"off\" or \"none\"")
    answer_example = "20"

    def __init__(self, position: Position, roll: RollLike, source: int | str, prompt: str | None = None, *,
                 one_die: bool = True, board: Mapping[str, Any] | None = None, stage: str | None = None) -> None:
        self.roll = as_roll(roll)
        src = _parse_point(source)
        if src is None or src == OFF:
            raise QuizError(_("{source} is not a place a checker can move from: use 1-24 or 'bar'.").format(
                source=repr(source)))
        self.source = src
        self.one_die = one_die
        if prompt is None:
            where = _("the bar") if src == BAR else _("your {n}-point").format(n=src)
            prompt = (_("{player} rolled {roll}. Where can the checker on {where} go with one die? "
                        "(a point number, 'off', or 'none')") if one_die else
                      _("{player} rolled {roll}. Where can the checker on {where} go with this roll? "
                        "(a point number, 'off', or 'none')")).format(player=position.turn, roll=self.roll, where=where)
        options = {"dice": tuple(self.roll)}
        options.update(board or {})
        super().__init__(prompt, position=position, board=options, stage=stage)
        self.single = self._single_destinations()
        self.combined = self._combined_destinations() if not one_die else set()

    def _single_destinations(self) -> set[int]:
        return {m.destination for m in legal_continuations(self.position, self.roll) if m.source == self.source}

    def _combined_destinations(self) -> set[int]:
        """Points the same checker reaches by consecutive legal continuations."""
        out: set[int] = set()
        frontier: list[tuple[tuple[Move, ...], int]] = [((), self.source)]
        while frontier:
            moves, at = frontier.pop()
            for m in legal_continuations(self.position, self.roll, moves):
                if m.source == at and m.destination not in out:
                    out.add(m.destination)
                    if m.destination != OFF:
                        frontier.append((moves + (m,), m.destination))
        return out

    @property
    def answers(self) -> set[int]:
        """The right destinations (25 = bar is never one; 0 = off)."""
        return set(self.single) | set(self.combined)

    def mark(self, answer: Any) -> Marking:
        try:
            point = _parse_point(answer)
        except NotationError as exc:
            return Marking(False, str(exc), readable=False)
        src = "bar" if self.source == BAR else str(self.source)
        reach = (_("With {roll} that checker can reach {points}.").format(roll=self.roll, points=_points_words(self.answers))
                 if self.answers else _("With {roll} that checker cannot move at all.").format(roll=self.roll))
        if point is None:
            if not self.answers:
                return Marking(True, (_("Right: that checker cannot move with {roll}.").format(roll=self.roll) + " "
                                      + self._why_none()).strip())
            return Marking(False, _("That checker can move with {roll}: a die takes it to a point where it may "
                                    "stop.").format(roll=self.roll), answer=reach)
        move = f"{src}/{format_point(point)}"
        if point in self.answers:
            return Marking(True, self._why_right(move, point))
        verdict = explain(self.position, self.roll, move, complete=False)
        if verdict.legal:
            head = _("{move} takes both dice, but the question asks where one die takes it.").format(move=move)
        else:
            head = no_spoiler(verdict)
        return Marking(False, head, answer=reach)

    def _why_right(self, move: str, point: int) -> str:
        """Why the move to ``point`` (a right answer) is right: the die that takes it there (the
        engine's move), and the other places it could reach."""
        die = next((m.die for m in legal_continuations(self.position, self.roll)
                    if m.source == self.source and m.destination == point), None)
        if die is None:
            why = _("Right: {move} is legal: the checker gets there die by die, stopping only where it may "
                    "stop.").format(move=move)
        elif point == OFF:
            # Translators: {move} is a move such as 4/off, {die} the number on one die (6)
            why = _("Right: {move} is legal: the {die} bears the checker off.").format(move=move, die=die)
        else:
            why = _("Right: {move} is legal: the {die} takes the checker there, and it may stop there.").format(
                move=move, die=die)
        others = self.answers - {point}
        if others:
            why += " " + _("It could also reach {points}.").format(points=_points_words(others))
        return why

    def rules(self) -> tuple[str, ...]:
        """The rules this question tests, asked of the engine: entering (from the bar), bearing off,
        and the rule each die's move from the source breaks, if any."""
        codes: set[str] = set()
        if self.source == BAR:
            codes.add("ENTERING")
        if OFF in self.answers:
            codes.add("BEAR_OFF")
        if not self.answers:
            codes.add("NO_LEGAL_PLAY")
        src = "bar" if self.source == BAR else str(self.source)
        start = 25 if self.source == BAR else self.source
        for die in sorted(set(self.roll.dice), reverse=True):
            target = "off" if start - die <= 0 else str(start - die)
            verdict = explain(self.position, self.roll, f"{src}/{target}", complete=False)
            if not verdict.legal and verdict.reason.name in RULES:
                codes.add(verdict.reason.name)
        return tuple(sorted(codes))

    def example_answer(self) -> str:
        return format_point(max(self.answers)) if self.answers else "none"

    def _why_none(self) -> str:
        src = "bar" if self.source == BAR else str(self.source)
        reasons = []
        for die in sorted(set(self.roll.dice), reverse=True):
            dest = self.source - die
            target = "off" if dest <= 0 else str(dest)
            v = explain(self.position, self.roll, f"{src}/{target}", complete=False)
            if not v.legal and v.message not in reasons:
                reasons.append(v.message)
        return " ".join(reasons)


# -- a number ------------------------------------------------------------------------------------

class NumberQuiz(Quiz):
    """Type a whole number; ``answer`` is the right one, computed by the notebook from the engine
    (a pip count, the points a game scores, how many legal plays a roll has). A wrong answer says
    whether it is too high or too low and gives ``hint`` (the rule); from wrong try ``reveal_after``
    (the second, as for every quiz) it gives the answer with the ``explanation`` (the engine's
    working). ``rules``: the rule codes the quiz tests (:data:`bglearn.exercises.rules.RULES`).
    """

    kind = "NumberQuiz"
    form = "number"
    placeholder = N_("a number")
    answer_hint = N_("a whole number")
    answer_example = "12"

    def __init__(self, prompt: str, answer: int, *, explanation: str, hint: str = "",
                 reveal_after: int = 2, rules: str | Iterable[str] | None = None, position: Position | None = None,
                 board: Mapping[str, Any] | None = None, stage: str | None = None) -> None:
        super().__init__(prompt, position=position, board=board, stage=stage)
        self._rules = _rule_codes(rules)
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise QuizError(_("a NumberQuiz answer is a whole number, got {answer}.").format(answer=repr(answer)))
        self.answer = answer
        self.explanation = explanation
        self.hint = hint
        self.reveal_after = max(1, int(reveal_after))

    def mark(self, answer: Any) -> Marking:
        text = str(answer).strip()
        try:
            value = int(text) if not isinstance(answer, int) or isinstance(answer, bool) else answer
        except ValueError:
            return Marking(False, _("{answer} is not a whole number: type digits, such as 12.").format(answer=repr(text)),
                           readable=False)
        if value == self.answer:
            return Marking(True, f"{_('Right: {value}.').format(value=value)} {self.explanation}".strip())
        head = (_("Not {value} — that is too high.") if value > self.answer
                else _("Not {value} — that is too low.")).format(value=value)
        reveal = _("The answer is {answer}.").format(answer=self.answer)
        return Marking(False, head, rule=self.hint, answer=f"{reveal} {self.explanation}".strip())

    def rules(self) -> tuple[str, ...]:
        """The rule codes given as ``rules=`` (``PIP_COUNT`` for :meth:`pip_count`)."""
        return self._rules

    def example_answer(self) -> int:
        return self.answer

    @classmethod
    def pip_count(cls, position: Position, player: Player, prompt: str | None = None, *,
                  board: Mapping[str, Any] | None = None, stage: str | None = None) -> "NumberQuiz":
        """What is ``player``'s pip count? (the answer is :meth:`Position.pip_count`)."""
        side = position.checkers(player)
        terms = []
        if side[0]:
            terms.append(_("{n}×25 (bar)").format(n=side[0]))
        terms.extend(f"{side[i]}×{i}" for i in range(24, 0, -1) if side[i])
        total = position.pip_count(player)
        where = ", ".join(([_("bar ({n})").format(n=side[0])] if side[0] else []) +
                          [f"{i} ({side[i]})" for i in range(24, 0, -1) if side[i]])
        hint = _("For each point, multiply the checkers by the point number (in {player}'s numbering) and "
                 "add; a checker on the bar counts 25. {player} has checkers on: {where}.").format(
                     player=player, where=where)
        explanation = _("{player}'s pip count is {sum} = {total}.").format(
            player=player, sum=" + ".join(terms), total=total)
        if prompt is None:
            prompt = _("What is {player}'s pip count?").format(player=player)
        options = {"pips": False}  # the board must not print the answer
        options.update(board or {})
        quiz = cls(prompt, total, explanation=explanation, hint=hint, rules="PIP_COUNT", position=position,
                   board=options, stage=stage)
        quiz.kind = "NumberQuiz.pip_count"  # type: ignore[misc]  # a factory names its quiz's kind
        return quiz
