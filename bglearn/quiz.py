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
>>> print(quiz.check("13/7"))  # doctest: +ELLIPSIS
✘ 6-1 can be played in full, for example ...: you must use both dice.
>>> quiz.check("13/7 8/7").correct
True

The correct answers are never stored: they are computed from the position and the roll by the engine
(:func:`bglearn.verdicts.explain`, :func:`bglearn.plays.legal_plays`,
:func:`bglearn.verdicts.legal_continuations`, :meth:`bglearn.position.Position.pip_count`,
:func:`bglearn.result.game_result`) or, for :class:`ChoiceQuiz` and :class:`NumberQuiz`, passed in by
the notebook as the value of an engine call. ``import bglearn.quiz`` does not import ipywidgets; the
widget is built the first time a quiz is displayed.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from .dice import Roll, RollLike, as_roll
from .errors import BglearnError, NotationError
from .verdicts import explain, legal_continuations
from .notation import format_point
from .exercises.feedback import Feedback
from .exercises.questions import MISSING, Judgement, Question
from .i18n import N_, _
from .plays import BAR, OFF, Move, Play, legal_plays
from .position import Player, Position
from .result import game_result

if TYPE_CHECKING:  # pragma: no cover
    from .exercises.form import QuestionForm

__all__ = ["Feedback", "Quiz", "PlayQuiz", "ChoiceQuiz", "PointQuiz", "NumberQuiz", "QuizError"]

BOARD_WIDTH = 540
"""The pixel width of a quiz's board picture (it fits the quiz box)."""


class QuizError(BglearnError):
    """A quiz that cannot be asked as written (for example, no choice is correct)."""


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
    """

    kind = "Quiz"
    answer_hint = N_("an answer")
    answer_example = '"..."'

    def __init__(self, prompt: str, *, position: Position | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        if not isinstance(prompt, str) or not prompt.strip():
            raise QuizError(_("a quiz needs a question (prompt) to ask."))
        if position is not None and not isinstance(position, Position):
            raise QuizError(_("position must be a Position, got {kind}.").format(kind=type(position).__name__))
        self.text = prompt.strip()
        self.position = position
        self.board = dict(board or {})
        self.attempts: list[Feedback] = []
        self._widget: QuestionForm | None = None

    def prompt(self) -> str:
        """The question, as the lesson wrote it."""
        return self.text

    # -- judging -------------------------------------------------------------------------------
    def check(self, answer: Any = MISSING, number: int = 0) -> Feedback:
        """Judge ``answer`` (:meth:`Question.check`); the :class:`Feedback` is also added to ``attempts``."""
        feedback = super().check(answer, number)
        self.attempts.append(feedback)
        return feedback

    @property
    def solved(self) -> bool:
        """True once a correct answer has been checked."""
        return any(f.correct for f in self.attempts)

    @property
    def wrong_attempts(self) -> int:
        return sum(1 for f in self.attempts if not f.correct)

    def reset(self) -> None:
        """Forget the attempts so far (and clear the form's feedback)."""
        self.attempts.clear()
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
    explanation of the rule it breaks. After a right answer the form shows the resulting position.
    """

    kind = "PlayQuiz"
    form = "play"
    position: Position
    placeholder = N_("e.g. 13/7 8/7, bar/22*, 6/off, none")
    answer_hint = N_("a play as text")
    answer_example = '"13/7 8/7"'

    def __init__(self, position: Position, roll: RollLike, prompt: str | None = None, *,
                 goal: Callable[[Play], bool] | None = None, goal_text: str | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        self.roll: Roll = as_roll(roll)
        if prompt is None:
            prompt = _("{player} to play {roll}. Type a legal play, e.g. 13/7 8/7.").format(
                player=position.turn, roll=self.roll)
        options = {"dice": tuple(self.roll)}
        options.update(board or {})
        super().__init__(prompt, position=position, board=options)
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

    def judge(self, answer: Any) -> Judgement:
        verdict = explain(self.position, self.roll, answer if isinstance(answer, str) else str(answer))
        if not verdict.legal:
            return False, verdict.advice  # a lesson shows the way: a legal play or a pointed hint
        play = verdict.play  # a legal, complete play: never None here
        if self.goal is not None and (play is None or not self.goal(play)):
            others = ", ".join(p.notation for p in self.answers[:3])
            return False, _("{play} is legal, but it does not {goal}. Try again (for example {others}).").format(
                play=play, goal=self.goal_text, others=others), play
        if not self.plays:
            message = _("Right: {roll} has no legal play here, so the turn is lost.").format(roll=self.roll)
        elif len(self.plays) == 1:
            message = _("{play} is right: it is the only legal play of {roll} here.").format(play=play, roll=self.roll)
        elif self.goal is not None:
            message = _("{play} is legal and does {goal}.").format(play=play, goal=self.goal_text)
        else:
            message = _("{play} is a legal play of {roll}.").format(play=play, roll=self.roll)
        return True, message, play

    def example_answer(self) -> str:
        return self.answers[0].notation if self.answers else "no play"

    def after_svg(self, feedback: Feedback) -> str:
        play = feedback.play
        if play is None:
            return ""
        options = {"width": BOARD_WIDTH}
        options.update({k: v for k, v in self.board.items() if k in ("perspective", "home", "numbers", "pips",
                                                                      "theme", "width")})
        caption = _("After {play}").format(play=play) if not play.is_empty else _("After no play")
        return _render(play.result, last_play=play, caption=caption, **options)


# -- a choice ------------------------------------------------------------------------------------

class ChoiceQuiz(Quiz):
    """Pick one of ``choices``; ``answer`` (a choice or a set of choices) is the right one, computed
    by the notebook from the engine (e.g. ``game_result(p).kind.word``). ``explanation`` is the
    engine's reason, shown with every answer; ``explanations`` may give a reason per choice.

    :meth:`ChoiceQuiz.plays` and :meth:`ChoiceQuiz.result` build the common cases with the answer
    computed here from the engine.
    """

    kind = "ChoiceQuiz"
    form = "choice"
    answer_hint = N_("one of the choices, as text")

    def __init__(self, prompt: str, choices: Sequence[Any], answer: Any, *, explanation: str = "",
                 explanations: Mapping[str, str] | None = None, position: Position | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        super().__init__(prompt, position=position, board=board)
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

    def judge(self, answer: Any) -> Judgement:
        choice = str(answer)
        if choice not in self.choices:
            return False, _("{choice} is not one of the choices: {choices}.").format(
                choice=repr(choice), choices=", ".join(self.choices))
        reason = self.explanations.get(choice) or self.explanation
        right = choice in self.answer
        message = (_("Right: {choice}.") if right else _("Not {choice}.")).format(choice=choice)
        return right, f"{message} {reason}".strip()

    def example_answer(self) -> str:
        return sorted(self.answer)[0]

    @classmethod
    def plays(cls, position: Position, roll: RollLike, candidates: Sequence[str], prompt: str | None = None,
              *, board: Mapping[str, Any] | None = None) -> "ChoiceQuiz":
        """Which of ``candidates`` (play notation) are legal for ``roll``? Each is judged by the engine;
        the legal ones are right, and a wrong pick gets the engine's explanation."""
        r = as_roll(roll)
        verdicts = {c: explain(position, r, c) for c in candidates}
        legal = [c for c, v in verdicts.items() if v.legal]
        if not legal:
            raise QuizError(_("none of {candidates} is a legal play of {roll}; a choice quiz needs one.").format(
                candidates=list(candidates), roll=r))
        # a right pick is already named by "Right: {choice}.": say only why it is right
        explanations = {c: _("It is a legal play of {roll}.").format(roll=r) if v.legal else v.advice
                        for c, v in verdicts.items()}
        if prompt is None:
            prompt = _("{player} to play {roll}. Which play is legal?").format(player=position.turn, roll=r)
        options = {"dice": tuple(r)}
        options.update(board or {})
        quiz = cls(prompt, candidates, legal, explanations=explanations, position=position, board=options)
        quiz.kind = "ChoiceQuiz.plays"  # type: ignore[misc]  # a factory names its quiz's kind
        return quiz

    @classmethod
    def result(cls, position: Position, prompt: str | None = None, *,
               board: Mapping[str, Any] | None = None) -> "ChoiceQuiz":
        """How was this finished game won — single, gammon or backgammon? (from :func:`game_result`)."""
        res = game_result(position)
        if res is None:
            raise QuizError(_("the game is not over in this position: nobody has borne off all 15 checkers."))
        if prompt is None:
            prompt = _("{winner} has borne off all 15 checkers. What kind of win is it?").format(winner=res.winner)
        reason = _("{winner} wins a {kind}: {reason}.").format(winner=res.winner, kind=res.kind.word, reason=res.reason)
        quiz = cls(prompt, ["single", "gammon", "backgammon"], res.kind.word, explanation=reason,
                   position=position, board=board)
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
    A wrong point gets the engine's reason (blocked, wrong die, bar first, ...).
    """

    kind = "PointQuiz"
    position: Position
    placeholder = N_("a point: 1-24, off, none")
    answer_hint = N_("a point number, \"off\" or \"none\"")
    answer_example = "20"

    def __init__(self, position: Position, roll: RollLike, source: int | str, prompt: str | None = None, *,
                 one_die: bool = True, board: Mapping[str, Any] | None = None) -> None:
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
        super().__init__(prompt, position=position, board=options)
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

    def judge(self, answer: Any) -> Judgement:
        try:
            point = _parse_point(answer)
        except NotationError as exc:
            return False, str(exc)
        src = "bar" if self.source == BAR else str(self.source)
        everywhere = _points_words(self.answers)
        if point is None:
            if not self.answers:
                return True, (_("Right: that checker cannot move with {roll}.").format(roll=self.roll) + " "
                              + self._why_none()).strip()
            return False, _("It can move: with {roll} it can reach {points}.").format(roll=self.roll, points=everywhere)
        move = f"{src}/{format_point(point)}"
        if point in self.answers:
            if len(self.answers) > 1:
                return True, _("Right: {move} is legal (it could reach {points}).").format(move=move, points=everywhere)
            return True, _("Right: {move} is legal.").format(move=move)
        verdict = explain(self.position, self.roll, move, complete=False)
        if verdict.legal:
            reason = _("{move} takes both dice; with one die that checker can reach {points}.").format(
                move=move, points=everywhere)
        else:
            reason = verdict.message
            if self.answers:
                reason += " " + _("With {roll} that checker can reach {points}.").format(roll=self.roll, points=everywhere)
        return False, reason

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
    whether it is too high or too low and gives ``hint``; after ``reveal_after`` wrong answers it gives
    the ``explanation`` (the engine's working) with the answer.
    """

    kind = "NumberQuiz"
    form = "number"
    placeholder = N_("a number")
    answer_hint = N_("a whole number")
    answer_example = "12"

    def __init__(self, prompt: str, answer: int, *, explanation: str, hint: str = "",
                 reveal_after: int = 2, position: Position | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        super().__init__(prompt, position=position, board=board)
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise QuizError(_("a NumberQuiz answer is a whole number, got {answer}.").format(answer=repr(answer)))
        self.answer = answer
        self.explanation = explanation
        self.hint = hint
        self.reveal_after = max(1, int(reveal_after))

    def judge(self, answer: Any) -> Judgement:
        text = str(answer).strip()
        try:
            value = int(text) if not isinstance(answer, int) or isinstance(answer, bool) else answer
        except ValueError:
            return False, _("{answer} is not a whole number: type digits, such as 12.").format(answer=repr(text))
        if value == self.answer:
            return True, f"{_('Right: {value}.').format(value=value)} {self.explanation}".strip()
        if self.wrong_attempts + 1 >= self.reveal_after:
            head = _("Not {value}: the answer is {answer}.").format(value=value, answer=self.answer)
            return False, f"{head} {self.explanation}".strip()
        head = (_("Not {value} — that is too high.") if value > self.answer
                else _("Not {value} — that is too low.")).format(value=value)
        return False, f"{head} {self.hint}".strip()

    def example_answer(self) -> int:
        return self.answer

    @classmethod
    def pip_count(cls, position: Position, player: Player, prompt: str | None = None, *,
                  board: Mapping[str, Any] | None = None) -> "NumberQuiz":
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
        quiz = cls(prompt, total, explanation=explanation, hint=hint, position=position, board=options)
        quiz.kind = "NumberQuiz.pip_count"  # type: ignore[misc]  # a factory names its quiz's kind
        return quiz
