"""Check-yourself questions for the lessons: quiz widgets whose answers come from the engine.

Every quiz has a plain-Python :meth:`Quiz.check` that judges an answer and returns a :class:`Feedback`
(right or wrong, and a sentence that explains why — for plays, the engine's own explanation), so the
quiz logic works headless and in tests. Displayed in a notebook, a quiz is a small form that calls the
same ``check`` and shows the feedback at once: one click on Check (or one Enter) is one attempt.

One question model: :class:`Feedback` is the class the graded exercises use too
(:mod:`bglearn.exercises.feedback`), and the answer controls are theirs
(:func:`bglearn.exercises.form.answer_controls`); answers are always passed explicitly. The form
carries the :class:`~bglearn.widgets.fallback.StaticFallback` static form (question, board, last
feedback), so a saved or untrusted notebook shows the quiz as it was.

>>> from bglearn import Position
>>> from bglearn.quiz import PlayQuiz
>>> quiz = PlayQuiz(Position(), "61", "Play 6-1 from the start.")
>>> print(quiz.check("13/7"))  # doctest: +ELLIPSIS
✘ 6-1 can be played in full, for example ...: you must use both dice.
>>> quiz.check("13/7 8/7").correct
True

The correct answers are never stored: they are computed from the position and the roll by the engine
(:func:`bglearn.explain.explain`, :func:`bglearn.plays.legal_plays`,
:func:`bglearn.explain.legal_continuations`, :meth:`bglearn.position.Position.pip_count`,
:func:`bglearn.result.game_result`) or, for :class:`ChoiceQuiz` and :class:`NumberQuiz`, passed in by
the notebook as the value of an engine call. ``import bglearn.quiz`` does not import ipywidgets; the
widget is built the first time a quiz is displayed.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Iterable, Mapping, Sequence

from .dice import Roll, RollLike, as_roll
from .errors import BglearnError, NotationError
from .explain import explain, legal_continuations
from .notation import format_point
from .exercises.feedback import RIGHT, WRONG, Feedback
from .plays import BAR, OFF, Play, legal_plays
from .position import Player, Position
from .result import game_result

__all__ = ["Feedback", "Quiz", "PlayQuiz", "ChoiceQuiz", "PointQuiz", "NumberQuiz", "QuizError"]

BOARD_WIDTH = 540
"""The pixel width of a quiz's board picture (it fits the quiz box)."""



class QuizError(BglearnError):
    """A quiz that cannot be asked as written (for example, no choice is correct)."""


def _fb(correct: bool, message: str, answer: str = "", play: Play | None = None) -> Feedback:
    return Feedback(correct=correct, message=message, answer=answer, play=play)


def _render(position: Position, **options: Any) -> str:
    """A board picture for a quiz: a plain, non-clickable diagram, so keyboard users tab straight to
    the answer box."""
    from .svg import render  # drawing is loaded only when a picture is needed

    return str(render(position, **options))


class Quiz:
    """Base class: a ``prompt``, an optional position to show (``position`` with renderer ``board``
    options), and :meth:`check`. Subclasses implement :meth:`_judge`.

    ``attempts`` lists the :class:`Feedback` of every answer checked so far; ``solved`` is True once one
    was right. Displaying the quiz in a notebook shows an ipywidgets form (see :meth:`widget`); its
    plain-text form is a deterministic one-line ``repr``.
    """

    kind = "Quiz"

    def __init__(self, prompt: str, *, position: Position | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        if not isinstance(prompt, str) or not prompt.strip():
            raise QuizError("a quiz needs a question (prompt) to ask.")
        if position is not None and not isinstance(position, Position):
            raise QuizError(f"position must be a Position, got {type(position).__name__}.")
        self.prompt = prompt.strip()
        self.position = position
        self.board = dict(board or {})
        self.attempts: list[Feedback] = []
        self._widget = None
        self._feedback_html = None
        self._after_html = None

    # -- judging -------------------------------------------------------------------------------
    def check(self, answer: Any) -> Feedback:
        """Judge ``answer`` and return the :class:`Feedback`; it is also added to ``attempts``."""
        feedback = self._judge(answer)
        self.attempts.append(feedback)
        return feedback

    def _judge(self, answer: Any) -> Feedback:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def solved(self) -> bool:
        """True once a correct answer has been checked."""
        return any(f.correct for f in self.attempts)

    @property
    def wrong_attempts(self) -> int:
        return sum(1 for f in self.attempts if not f.correct)

    def reset(self) -> None:
        """Forget the attempts so far (and clear the widget's feedback)."""
        self.attempts.clear()
        if self._feedback_html is not None:
            self._feedback_html.value = ""
        if self._after_html is not None:
            self._after_html.value = ""

    # -- pictures ------------------------------------------------------------------------------
    def board_svg(self) -> str:
        """The SVG of the quiz's position ("" when it has none), 540 pixels wide unless the quiz's
        ``board`` options say otherwise."""
        if self.position is None:
            return ""
        return _render(self.position, **{"width": BOARD_WIDTH, **self.board})

    def after_svg(self, feedback: Feedback) -> str:
        """A picture to show after a right answer ("" for none); play quizzes show the result."""
        return ""

    # -- display -------------------------------------------------------------------------------
    answer_form: str = "text"
    """The answer control (see :func:`bglearn.exercises.form.answer_controls`)."""
    placeholder: str = "your answer"

    def _choices(self) -> list[tuple[str, Any]]:
        return []

    def widget(self):
        """The quiz form (built once): the question, the board, the answer control and a feedback
        line. One click on Check (or one Enter) is one attempt. It scales to the width available
        (down to 320 px) and shows its question, board and last feedback where no kernel runs."""
        if self._widget is None:
            self._widget = _quiz_widget_class()(self)
        return self._widget

    def respond(self, answer: Any) -> Feedback | None:
        """Answer from the widget: check it (one attempt) and show the feedback; a blank answer is
        not an attempt."""
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            if self._feedback_html is not None:
                self._feedback_html.value = _fb(False, "Type or pick an answer first.").html()
            return None
        feedback = self.check(answer)
        if self._feedback_html is not None:
            self._feedback_html.value = feedback.html()
            self._after_html.value = _responsive(self.after_svg(feedback)) if feedback.correct else ""
        if self._widget is not None:
            self._widget.refresh_static()
        return feedback

    def static_html(self) -> str:
        """What a page without a running kernel shows: the question, the board and the last feedback."""
        from .widgets.fallback import static_block, svg_image

        svg = self.board_svg()
        board = f'<div class="bglearn-board-picture">{svg_image(svg, alt="the quiz position")}</div>' if svg else ""
        last = self.attempts[-1].html() if self.attempts else "<p><i>Run this cell to answer.</i></p>"
        return static_block(f"<p><b>Check yourself:</b> {html.escape(self.prompt)}</p>", board, last, kind="quiz")

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return self.widget()._repr_mimebundle_()

    def _ipython_display_(self) -> None:
        self.widget()._ipython_display_()

    def __repr__(self) -> str:
        return f"{self.kind}({self.prompt!r})"


def _responsive(svg: str) -> str:
    """``svg`` scaled to the width of its container (never wider than drawn), in a wrapper div."""
    if not svg:
        return ""
    svg = svg.replace("<svg ", '<svg style="max-width:100%;height:auto;display:block" ', 1)
    return f'<div class="bglearn-board-picture" style="width:100%;max-width:{BOARD_WIDTH}px">{svg}</div>'


_QUIZ_WIDGET = None


def _quiz_widget_class():
    """The widget class of the quizzes (ipywidgets is imported only when a quiz is displayed)."""
    global _QUIZ_WIDGET
    if _QUIZ_WIDGET is None:
        import ipywidgets as w

        from .exercises.form import answer_controls
        from .widgets.fallback import StaticFallback

        class QuizWidget(StaticFallback, w.VBox):
            """A quiz's form; displayed with its static form (question, board, last feedback)."""

            def __init__(self, quiz: "Quiz") -> None:
                self.quiz = quiz
                quiz._feedback_html = w.HTML("")
                quiz._after_html = w.HTML("")
                parts = [w.HTML(f'<div style="font-weight:600;margin:6px 0">{html.escape(quiz.prompt)}</div>')]
                svg = quiz.board_svg()
                if svg:
                    parts.append(w.HTML(_responsive(svg)))
                self.control = answer_controls(quiz.answer_form, quiz.respond, choices=quiz._choices(),
                                               placeholder=quiz.placeholder, button="Check",
                                               label=f"Your answer: {quiz.prompt}")
                parts += [self.control, quiz._feedback_html, quiz._after_html]
                super().__init__(parts, layout=w.Layout(border="1px solid var(--jp-border-color1, #8c959f)",
                                                        padding="8px", margin="8px 0", width="100%",
                                                        max_width="600px"))
                self.add_class("bglearn-quiz")

            def _static_html(self) -> str:
                return self.quiz.static_html()

            def static_bundle(self) -> dict[str, str]:
                return {"text/html": self.quiz.static_html(), "text/plain": repr(self.quiz)}

            def __repr__(self) -> str:
                return repr(self.quiz)

        _QUIZ_WIDGET = QuizWidget
    return _QUIZ_WIDGET


# -- a play --------------------------------------------------------------------------------------

class PlayQuiz(Quiz):
    """Type a play for ``roll`` in ``position``; the engine judges it with :func:`bglearn.explain.explain`.

    By default any legal play is right. ``goal`` (a function ``Play -> bool``) with ``goal_text``
    (e.g. ``"hit a blot"``) asks for a legal play with a property, checked on the engine's
    :class:`Play`; the quiz refuses a goal that no legal play meets. A wrong answer gets the engine's
    explanation of the rule it breaks. After a right answer the widget shows the resulting position.
    """

    kind = "PlayQuiz"

    def __init__(self, position: Position, roll: RollLike, prompt: str | None = None, *,
                 goal: Callable[[Play], bool] | None = None, goal_text: str | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        self.roll: Roll = as_roll(roll)
        if prompt is None:
            prompt = f"{position.turn} to play {self.roll}. Type a legal play, e.g. 13/7 8/7."
        options = {"dice": tuple(self.roll)}
        options.update(board or {})
        super().__init__(prompt, position=position, board=options)
        self.plays = legal_plays(position, self.roll)
        if goal is not None and not goal_text:
            raise QuizError("a PlayQuiz goal needs goal_text saying what the play must do.")
        self.goal = goal
        self.goal_text = goal_text
        if goal is not None and not self.answers:
            raise QuizError(f"no legal play of {self.roll} meets the goal: {goal_text}.")

    @property
    def answers(self) -> list[Play]:
        """The legal plays that are right answers (computed by the engine)."""
        if self.goal is None:
            return list(self.plays)
        return [p for p in self.plays if self.goal(p)]

    def _judge(self, answer: Any) -> Feedback:
        text = answer if isinstance(answer, str) else str(answer)
        verdict = explain(self.position, self.roll, answer)
        if not verdict.legal:
            return _fb(False, verdict.message, text)
        play = verdict.play
        if self.goal is not None and not self.goal(play):
            others = ", ".join(p.notation for p in self.answers[:3])
            return _fb(False, f"{play} is legal, but it does not {self.goal_text}. Try again "
                                   f"(for example {others}).", text, play)
        if not self.plays:
            message = f"Right: {self.roll} has no legal play here, so the turn is lost."
        elif len(self.plays) == 1:
            message = f"{play} is right: it is the only legal play of {self.roll} here."
        elif self.goal is not None:
            message = f"{play} is legal and does {self.goal_text}."
        else:
            message = f"{play} is a legal play of {self.roll}."
        return _fb(True, message, text, play)

    def after_svg(self, feedback: Feedback) -> str:
        play = feedback.play
        if play is None:
            return ""
        options = {"width": BOARD_WIDTH}
        options.update({k: v for k, v in self.board.items() if k in ("perspective", "home", "numbers", "pips",
                                                                      "theme", "width")})
        return _render(play.result, last_play=play, caption=f"After {play or 'no play'}", **options)

    answer_form = "play"
    placeholder = "e.g. 13/7 8/7, bar/22*, 6/off, none"


# -- a choice ------------------------------------------------------------------------------------

class ChoiceQuiz(Quiz):
    """Pick one of ``choices``; ``answer`` (a choice or a set of choices) is the right one, computed
    by the notebook from the engine (e.g. ``game_result(p).kind.word``). ``explanation`` is the
    engine's reason, shown with every answer; ``explanations`` may give a reason per choice.

    :meth:`ChoiceQuiz.plays` and :meth:`ChoiceQuiz.result` build the common cases with the answer
    computed here from the engine.
    """

    kind = "ChoiceQuiz"

    def __init__(self, prompt: str, choices: Sequence[Any], answer: Any, *, explanation: str = "",
                 explanations: Mapping[str, str] | None = None, position: Position | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        super().__init__(prompt, position=position, board=board)
        self.choices = [str(c) for c in choices]
        if len(set(self.choices)) != len(self.choices):
            raise QuizError("a ChoiceQuiz's choices must all be different.")
        if len(self.choices) < 2:
            raise QuizError("a ChoiceQuiz needs at least two choices.")
        if isinstance(answer, (set, frozenset, list, tuple)):
            right = {str(a) for a in answer}
        else:
            right = {str(answer)}
        missing = right - set(self.choices)
        if missing or not right:
            raise QuizError(f"the right answer {sorted(missing) or '(none)'} is not among the choices "
                            f"{self.choices}.")
        self.answer = right
        self.explanation = explanation
        self.explanations = {str(k): v for k, v in (explanations or {}).items()}

    def _judge(self, answer: Any) -> Feedback:
        choice = str(answer)
        if choice not in self.choices:
            return _fb(False, f"{choice!r} is not one of the choices: {', '.join(self.choices)}.", choice)
        reason = self.explanations.get(choice) or self.explanation
        right = choice in self.answer
        if right:
            message = f"Right: {choice}." + (f" {reason}" if reason else "")
        else:
            message = f"Not {choice}." + (f" {reason}" if reason else "")
        return _fb(right, message.strip(), choice)

    @classmethod
    def plays(cls, position: Position, roll: RollLike, candidates: Sequence[str], prompt: str | None = None,
              *, board: Mapping[str, Any] | None = None) -> "ChoiceQuiz":
        """Which of ``candidates`` (play notation) are legal for ``roll``? Each is judged by the engine;
        the legal ones are right, and a wrong pick gets the engine's explanation."""
        r = as_roll(roll)
        verdicts = {c: explain(position, r, c) for c in candidates}
        legal = [c for c, v in verdicts.items() if v.legal]
        if not legal:
            raise QuizError(f"none of {list(candidates)} is a legal play of {r}; a choice quiz needs one.")
        explanations = {c: v.message for c, v in verdicts.items()}
        if prompt is None:
            prompt = f"{position.turn} to play {r}. Which play is legal?"
        options = {"dice": tuple(r)}
        options.update(board or {})
        quiz = cls(prompt, candidates, legal, explanations=explanations, position=position, board=options)
        quiz.kind = "ChoiceQuiz.plays"
        return quiz

    @classmethod
    def result(cls, position: Position, prompt: str | None = None, *,
               board: Mapping[str, Any] | None = None) -> "ChoiceQuiz":
        """How was this finished game won — single, gammon or backgammon? (from :func:`game_result`)."""
        res = game_result(position)
        if res is None:
            raise QuizError("the game is not over in this position: nobody has borne off all 15 checkers.")
        if prompt is None:
            prompt = f"{res.winner} has borne off all 15 checkers. What kind of win is it?"
        reason = f"{res.winner} wins a {res.kind.word}: {res.reason}."
        quiz = cls(prompt, ["single", "gammon", "backgammon"], res.kind.word, explanation=reason,
                   position=position, board=board)
        quiz.kind = "ChoiceQuiz.result"
        return quiz

    answer_form = "choice"

    def _choices(self) -> list[tuple[str, Any]]:
        return [(c, c) for c in self.choices]


# -- a point -------------------------------------------------------------------------------------

def _parse_point(answer: Any) -> int | None:
    """A point from an answer: 1-24, 'bar' (25), 'off' (0), or None for 'none'."""
    if isinstance(answer, bool):
        raise NotationError(f"{answer!r} is not a point.")
    if isinstance(answer, int):
        if 0 <= answer <= 25:
            return answer
        raise NotationError(f"there is no point {answer}; points are 1-24 (or 'off').")
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
    raise NotationError(f"{answer!r} is not a point: type a number 1-24, 'off', or 'none'.")


def _points_words(points: Iterable[int]) -> str:
    names = [format_point(p) if p == OFF else str(p) for p in sorted(points, reverse=True)]
    if not names:
        return "nowhere"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]


class PointQuiz(Quiz):
    """Where may the checker on ``source`` (a point in the mover's numbering, ``BAR`` = 25 for the bar)
    go with ``roll``? The answers are the destinations the engine allows
    (:func:`bglearn.explain.legal_continuations`): with one die by default, or also with both dice
    when ``one_die=False``. Answer with a point number, ``"off"``, or ``"none"`` when it cannot move.
    A wrong point gets the engine's reason (blocked, wrong die, bar first, ...).
    """

    kind = "PointQuiz"

    def __init__(self, position: Position, roll: RollLike, source: int | str, prompt: str | None = None, *,
                 one_die: bool = True, board: Mapping[str, Any] | None = None) -> None:
        self.roll = as_roll(roll)
        src = _parse_point(source)
        if src is None or src == OFF:
            raise QuizError(f"{source!r} is not a place a checker can move from: use 1-24 or 'bar'.")
        self.source = src
        self.one_die = one_die
        where = "the bar" if src == BAR else f"your {src}-point"
        if prompt is None:
            prompt = (f"{position.turn} rolled {self.roll}. Where can the checker on {where} go with "
                      f"{'one die' if one_die else 'this roll'}? (a point number, 'off', or 'none')")
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
        frontier = [((), self.source)]
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

    def _judge(self, answer: Any) -> Feedback:
        text = str(answer)
        try:
            point = _parse_point(answer)
        except NotationError as exc:
            return _fb(False, str(exc), text)
        src = "bar" if self.source == BAR else str(self.source)
        everywhere = _points_words(self.answers)
        if point is None:
            if not self.answers:
                return _fb(True, f"Right: that checker cannot move with {self.roll}. "
                                      f"{self._why_none()}", text)
            return _fb(False, f"It can move: with {self.roll} it can reach {everywhere}.", text)
        if point in self.answers:
            also = f" (it could reach {everywhere})" if len(self.answers) > 1 else ""
            return _fb(True, f"Right: {src}/{format_point(point)} is legal{also}.", text)
        verdict = explain(self.position, self.roll, f"{src}/{format_point(point)}", complete=False)
        if verdict.legal:
            reason = (f"{src}/{format_point(point)} takes both dice; with one die that checker can reach "
                      f"{everywhere}.")
        else:
            reason = verdict.message
            if self.answers:
                reason += f" With {self.roll} that checker can reach {everywhere}."
        return _fb(False, reason, text)

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

    placeholder = "a point: 1-24, off, none"


# -- a number ------------------------------------------------------------------------------------

class NumberQuiz(Quiz):
    """Type a whole number; ``answer`` is the right one, computed by the notebook from the engine
    (a pip count, the points a game scores, how many legal plays a roll has). A wrong answer says
    whether it is too high or too low and gives ``hint``; after ``reveal_after`` wrong answers it gives
    the ``explanation`` (the engine's working) with the answer.
    """

    kind = "NumberQuiz"

    def __init__(self, prompt: str, answer: int, *, explanation: str, hint: str = "",
                 reveal_after: int = 2, position: Position | None = None,
                 board: Mapping[str, Any] | None = None) -> None:
        super().__init__(prompt, position=position, board=board)
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise QuizError(f"a NumberQuiz answer is a whole number, got {answer!r}.")
        self.answer = answer
        self.explanation = explanation
        self.hint = hint
        self.reveal_after = max(1, int(reveal_after))

    def _judge(self, answer: Any) -> Feedback:
        text = str(answer).strip()
        try:
            value = int(text) if not isinstance(answer, int) or isinstance(answer, bool) else answer
        except ValueError:
            return _fb(False, f"{text!r} is not a whole number: type digits, such as 12.", text)
        if value == self.answer:
            return _fb(True, f"Right: {value}. {self.explanation}".strip(), text)
        wrong_so_far = self.wrong_attempts + 1
        direction = "too high" if value > self.answer else "too low"
        if wrong_so_far >= self.reveal_after:
            return _fb(False, f"Not {value}: the answer is {self.answer}. {self.explanation}".strip(), text)
        return _fb(False, f"Not {value} — that is {direction}. {self.hint}".strip(), text)

    @classmethod
    def pip_count(cls, position: Position, player: Player, prompt: str | None = None, *,
                  board: Mapping[str, Any] | None = None) -> "NumberQuiz":
        """What is ``player``'s pip count? (the answer is :meth:`Position.pip_count`)."""
        side = position.checkers(player)
        terms = []
        if side[0]:
            terms.append(f"{side[0]}×25 (bar)")
        terms.extend(f"{side[i]}×{i}" for i in range(24, 0, -1) if side[i])
        total = position.pip_count(player)
        where = ", ".join(([f"bar ({side[0]})"] if side[0] else []) +
                          [f"{i} ({side[i]})" for i in range(24, 0, -1) if side[i]])
        hint = (f"For each point, multiply the checkers by the point number (in {player}'s numbering) and "
                f"add; a checker on the bar counts 25. {player} has checkers on: {where}.")
        explanation = f"{player}'s pip count is {' + '.join(terms)} = {total}."
        if prompt is None:
            prompt = f"What is {player}'s pip count?"
        options = {"pips": False}  # the board must not print the answer
        options.update(board or {})
        quiz = cls(prompt, total, explanation=explanation, hint=hint, position=position, board=options)
        quiz.kind = "NumberQuiz.pip_count"
        return quiz

    answer_form = "number"
    placeholder = "a number"
